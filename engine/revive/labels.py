"""Labels for Revive's legal moves: what a person reads in `/move` autocomplete and on buttons.

A label says what the move is in words and, where it is not obvious, what it would change for
the mover now (`explore S7 (−2 food, −1 gear, +3 pts)`). That preview comes from applying the
move to a copy of the state, so it is exactly what the engine will do; it only shows the
mover's own resources, tracks and points, never a card that the move would reveal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.base import Applied, MoveChoice
from engine.revive.actions import ReviveActions
from engine.revive.describe import delta_text, effect_text, effects_text
from engine.revive.state import ReviveState
from engine.revive.views import Frame
from i18n import t

Apply = Callable[[ReviveState, int, str], Applied]
"""`Revive.apply`: a preview plays the move on a copy to say what it changes."""

LABEL_LIMIT = 100  # Discord's limit on an autocomplete choice name
# Most useful first: answering the open decision, ending the turn, then the actions.
RANK = {
    "end": 90,
    "hibernate": 90,
    "play": 80,
    "explore": 70,
    "populate": 65,
    "build": 60,
    "switch": 50,
    "crystal": 40,
    "use": 40,
    "open": 40,
}


NO_PREVIEW = ("play", "end", "hibernate", "pass", "skip", "stop", "crystal", "take", "trade", "switch")


def move_choices(
    game: ReviveActions, state: ReviveState, seat: int, moves: list[str], locale: str | None
) -> list[MoveChoice]:
    """`moves` (the legal moves of `seat`) with their labels in words, most useful first (no
    previews: a front end adds them with `with_previews` to the few it shows)."""
    choices = []
    for move in moves:
        words = move.split()
        rank = RANK.get(words[0], 100)  # a frame's answers come first
        choices.append(MoveChoice(move, _fit(_head(game, state, seat, words, locale)), rank))
    return sorted(choices, key=lambda choice: -choice.rank)


def with_previews(
    game: ReviveActions,
    state: ReviveState,
    seat: int,
    choices: list[MoveChoice],
    locale: str | None,
    apply: Apply,
) -> list[MoveChoice]:
    """The same choices, each label followed by what the move would change for the mover now.
    Each preview applies the move to a copy, so it is kept to the choices actually shown."""
    return [
        MoveChoice(
            choice.notation, _fit(move_label(game, state, seat, choice.notation, locale, apply)), choice.rank
        )
        for choice in choices
    ]


def move_label(
    game: ReviveActions, state: ReviveState, seat: int, move: str, locale: str | None, apply: Apply
) -> str:
    """A move's words and its preview (`explore S7 (−2 food, +3 pts)`)."""
    words = move.split()
    head = _head(game, state, seat, words, locale)
    if words[0] in NO_PREVIEW:
        return head
    before = state.seats[seat]
    after = apply(state, seat, move).state.seats[seat]
    delta = delta_text(before, after, locale)
    return f"{head} ({delta})" if delta else head


def _fit(label: str) -> str:
    return label if len(label) <= LABEL_LIMIT else label[: LABEL_LIMIT - 1] + "…"


def _colour(name: str, locale: str | None) -> str:
    return t(f"revive.colour.{name}", locale)


def _head(game: ReviveActions, state: ReviveState, seat: int, words: list[str], locale: str | None) -> str:
    """The move in words, before any preview of what it changes."""
    verb, args = words[0], words[1:]
    if verb in ACTION_VERBS:
        return _action_head(game, state, seat, verb, args, locale)
    return _answer_head(game, state, verb, args, locale)


ACTION_VERBS = frozenset(
    {"play", "switch", "crystal", "take", "trade", "explore", "build", "populate", "use", "open"}
)


def _action_head(
    game: ReviveActions, state: ReviveState, seat: int, verb: str, args: list[str], locale: str | None
) -> str:
    """An action (or a resource answer: take, trade) in words."""
    me = state.seats[seat]
    if verb == "play":
        card = game.cards[args[0]]
        return t(
            "revive.label.play",
            locale,
            card=args[0],
            colour=_colour(card["colour"], locale),
            slot=t(f"revive.slot.{args[1]}", locale),
            effects=effects_text(game.play_effects(me, args[0], args[1]), locale),
        )
    if verb in ("switch", "crystal", "take"):
        return t(f"revive.label.{verb}", locale, resource=t(f"revive.res.{args[0]}", locale))
    if verb == "trade":
        return t(
            "revive.label.trade",
            locale,
            give=t(f"revive.res.{args[0]}", locale),
            get=t(f"revive.res.{args[1]}", locale),
        )
    if verb == "explore":
        if len(args) == 3:
            off = t(f"revive.res.{args[2]}", locale)
            return t("revive.label.explore_off", locale, slot=args[0], resource=off)
        return t("revive.label.explore", locale, slot=args[0])
    if verb == "build":
        return t("revive.label.build", locale, size=t(f"revive.building.{args[0]}", locale), space=args[1])
    if verb == "populate":
        tech = game.technologies[me["tribe"]][args[1]]
        points = tech["points"]
        return t("revive.label.populate", locale, space=args[0], tech=args[1], points=points, count=points)
    if verb == "use":
        machine = game.machines[args[0]]
        return t(
            "revive.label.use", locale, machine=args[0], effects=effects_text(machine["effects"], locale)
        )
    if verb == "open":
        crate = game.crates[args[0]]
        return t("revive.label.open", locale, crate=args[0], effects=effects_text(crate["effects"], locale))
    raise AssertionError(f"not an action: {verb}")


def _answer_head(
    game: ReviveActions, state: ReviveState, verb: str, args: list[str], locale: str | None
) -> str:
    """An answer to the open decision in words (or a word of its own: end, hibernate, skip...)."""
    if verb == "option":
        frame = state.stack[-1]
        option = frame["options"][int(args[0]) - 1]
        return t("revive.label.option", locale, number=args[0], effects=effects_text(option, locale))
    if verb == "track":
        return t("revive.label.track", locale, colour=_colour(args[0], locale))
    if verb == "reward":
        effects = game.hibernation[int(args[0])]["effects"]
        return t("revive.label.reward", locale, number=args[0], effects=effects_text(effects, locale))
    if verb == "recruit":
        if args[0] == "deck":
            return t("revive.label.recruit_deck", locale)
        card = game.cards[args[0]]
        return t(
            "revive.label.recruit",
            locale,
            card=args[0],
            colour=_colour(card["colour"], locale),
            top=effects_text(card["top"], locale),
            bottom=effects_text(card["bottom"], locale),
        )
    if verb == "machine":
        machine = game.machines[args[0]]
        return t(
            "revive.label.machine",
            locale,
            machine=args[0],
            colour=_colour(machine["colour"], locale),
            effects=effects_text(machine["effects"], locale),
        )
    if verb == "module":
        module = game.modules[args[0]]
        text = t(
            "revive.label.module",
            locale,
            module=args[0],
            colour=_colour(module["colour"], locale),
            effects=effects_text(module["effects"], locale),
            slot=t(f"revive.slot.{args[1]}", locale),
        )
        if len(args) == 3:
            text += " " + t("revive.label.module_replaces", locale, old=args[2])
        return text
    if verb in ("artifact", "remove"):
        if args[0] == "minor":
            return t("revive.label.artifact_minor", locale)
        colour = next(m["colour"] for m in game.content["artifacts"]["majors"] if m["id"] == args[0])
        return t(f"revive.label.{verb}", locale, artifact=args[0], colour=_colour(colour, locale))
    if verb == "rotate":
        return t("revive.label.rotate", locale, slot=state.stack[-1]["slot"], turns=args[0])
    if verb == "hibernate" and state.rules >= 2:  # rules version 2: free actions may follow
        return t("revive.label.hibernate_then_free", locale)
    return t(f"revive.label.{verb}", locale)


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


__all__ = ["decision_prompt", "effect_text", "move_choices", "move_label", "with_previews"]
