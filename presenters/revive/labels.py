"""Labels for Revive's legal moves: what a person reads in `/move` autocomplete and on buttons,
worded from the engine's `MoveFacts` (engine/revive/moves.py `facts_of`); and the one-line
prompt of an open decision. `presenters/moves.py` `MoveWords` makes the lists, the previews and
the buttons from `label`.

A label says what the move is in words and, where it is not obvious, what it would change for
the mover now (`explore S7 (−2 food, −1 gear, +3 pts)`). That preview is the engine's
(`Game.previews`, which plays the move on a copy), so it is exactly what the move will do; it
only shows the mover's own resources, tracks and points, never a card the move would reveal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.base import MoveFacts
from engine.revive.views import Frame
from i18n import t
from i18n.revive_words import CHANNEL, effects_text, steps_text

LABEL_LIMIT = 100  # Discord's limit on an autocomplete choice name


def label(facts: MoveFacts, locale: str | None) -> str:
    """A move's words and, when its facts carry a preview (`change`), what it changes
    (`explore S7 (−2 food, +3 pts)`), within Discord's 100 characters (`presenters/moves.py`
    `MoveWords` makes the lists, previews and buttons from it)."""
    head = _action_head(facts, locale)
    if head is None:
        head = _answer_head(facts, locale)
    change = facts.facts.get("change")
    delta = change_text(change, locale) if change is not None else ""
    return fit(f"{head} ({delta})" if delta else head)


def change_text(change: Mapping[str, Any], locale: str | None) -> str:
    """What one seat gained and paid by a move (`change`: the engine's preview, engine/revive/
    moves.py `change_of`): `−2 food, +3 pts`, `+2 books`; "" when nothing changed."""
    parts = [
        _signed(amount, CHANNEL.noun(name, abs(amount), locale))
        for name, amount in change["resources"].items()
    ]
    if change["energy"]:
        parts.append(_signed(change["energy"], CHANNEL.noun("energy", abs(change["energy"]), locale)))
    parts += [steps_text(steps, colour, locale) for colour, steps in change["tracks"].items()]
    if change["points"]:
        parts.append(_signed(change["points"], CHANNEL.noun("points", abs(change["points"]), locale)))
    return CHANNEL.separator(locale).join(parts)


def _signed(amount: int, name: str) -> str:
    """`+3 pts`, `−2 food`: a true minus sign, which Discord shows and the image font lacks."""
    return f"{'+' if amount > 0 else '−'}{abs(amount)} {name}"


def fit(label: str) -> str:
    """`label` within Discord's 100 characters, cut with `…`."""
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"


def _colour(name: str, locale: str | None) -> str:
    return t(f"revive.colour.{name}", locale)


def _resource(name: str, locale: str | None) -> str:
    return t(f"revive.res.{name}", locale)


def _action_head(move: MoveFacts, locale: str | None) -> str | None:
    """An action (or a resource answer: take, trade) in words; None for another kind of move."""
    verb, facts = move.kind, move.facts
    if verb == "play":
        return t(
            "revive.label.play",
            locale,
            card=facts["card"],
            colour=_colour(facts["colour"], locale),
            slot=t(f"revive.slot.{facts['slot']}", locale),
            effects=effects_text(facts["effects"], locale),
        )
    if verb in ("switch", "crystal", "take"):
        return t(f"revive.label.{verb}", locale, resource=_resource(facts["resource"], locale))
    if verb == "trade":
        return t(
            "revive.label.trade",
            locale,
            give=_resource(facts["give"], locale),
            get=_resource(facts["get"], locale),
        )
    if verb == "explore":
        if "off" in facts:
            off = _resource(facts["off"], locale)
            return t("revive.label.explore_off", locale, slot=facts["slot"], resource=off)
        return t("revive.label.explore", locale, slot=facts["slot"])
    if verb == "build":
        size = t(f"revive.building.{facts['size']}", locale)
        return t("revive.label.build", locale, size=size, space=facts["space"])
    if verb == "populate":
        points = facts["tech_points"]
        return t(
            "revive.label.populate",
            locale,
            space=facts["space"],
            tech=facts["tech"],
            points=points,
            count=points,
        )
    if verb == "use":
        return t(
            "revive.label.use",
            locale,
            machine=facts["machine"],
            effects=effects_text(facts["effects"], locale),
        )
    if verb == "open":
        return t(
            "revive.label.open", locale, crate=facts["crate"], effects=effects_text(facts["effects"], locale)
        )
    return None


def _answer_head(move: MoveFacts, locale: str | None) -> str:
    """An answer to the open decision in words (or a word of its own: end, hibernate, skip...)."""
    verb, facts = move.kind, move.facts
    if verb in ("option", "reward"):
        return t(
            f"revive.label.{verb}",
            locale,
            number=facts["number"],
            effects=effects_text(facts["effects"], locale),
        )
    if verb == "track":
        return t("revive.label.track", locale, colour=_colour(facts["colour"], locale))
    if verb == "recruit":
        if facts.get("from_deck"):
            return t("revive.label.recruit_deck", locale)
        return t(
            "revive.label.recruit",
            locale,
            card=facts["card"],
            colour=_colour(facts["colour"], locale),
            top=effects_text(facts["top"], locale),
            bottom=effects_text(facts["bottom"], locale),
        )
    if verb == "machine":
        return t(
            "revive.label.machine",
            locale,
            machine=facts["machine"],
            colour=_colour(facts["colour"], locale),
            effects=effects_text(facts["effects"], locale),
        )
    if verb == "module":
        return _module_head(facts, locale)
    if verb in ("artifact", "remove"):
        if facts.get("minor"):
            return t("revive.label.artifact_minor", locale)
        return t(
            f"revive.label.{verb}",
            locale,
            artifact=facts["artifact"],
            colour=_colour(facts["colour"], locale),
        )
    if verb == "rotate":
        return t("revive.label.rotate", locale, slot=facts["slot"], turns=facts["rotation"])
    if verb == "hibernate" and facts.get("then_free"):
        return t("revive.label.hibernate_then_free", locale)
    return t(f"revive.label.{verb}", locale)


def _module_head(facts: Mapping[str, Any], locale: str | None) -> str:
    """Taking a module into a card slot, and the one it replaces when the slot is full."""
    text = t(
        "revive.label.module",
        locale,
        module=facts["module"],
        colour=_colour(facts["colour"], locale),
        effects=effects_text(facts["effects"], locale),
        slot=t(f"revive.slot.{facts['slot']}", locale),
    )
    if "replaces" in facts:
        text += " " + t("revive.label.module_replaces", locale, old=facts["replaces"])
    return text


def decision_prompt(frame: Frame | None, locale: str | None) -> str:
    """What the open decision (`frame`, the top of the stack) asks, in one line (`Choose a
    basic resource (2 left)`); "" with none open."""
    if frame is None:
        return ""
    kind = frame["kind"]
    params: dict[str, Any] = {"left": frame.get("left", 1), "count": frame.get("left", 1)}
    if kind == "machine_token" and frame.get("colour") == "any":
        kind = "machine_token_any"
    if kind == "rotate":
        params["slot"] = frame["slot"]
    if kind == "action":
        params["action"] = t(f"revive.action.{frame['action']}", locale)
    if kind in ("machine_token",):
        params["colour"] = _colour(frame["colour"], locale)
    return t(f"revive.ask.{kind}", locale, **params)


__all__ = ["decision_prompt", "label"]
