"""Rebirth's moves in words: a placement's label says its space, its tile and what it scores now,
then its region (typing a region's name finds its spaces), the castles it takes, the mission
cards its cathedrals draw and the tower bonuses it takes, all from the engine's `MoveFacts`.
Unshown, its names: the castles, cathedrals, towers and settlements it touches and the missions
it counts for, so typing `Urq` finds the spaces around Urquhart Castle."""

from __future__ import annotations

from engine.base import MoveFacts
from i18n import t
from presenters.rebirth.missions import mission_name

LABEL_LIMIT = 100  # Discord's limit on an autocomplete choice's name


def move_label(move: MoveFacts, locale: str | None) -> str:
    """What a player reads for `move` in `locale`."""
    if move.kind != "place":
        return t("move.rebirth.discard_label", locale)
    facts = move.facts
    region = facts["region"]
    extras = [t("move.rebirth.in_region", locale, region=region)] if region else []
    extras += [t("move.rebirth.takes_castle", locale, castle=name) for name in facts["castles"]]
    extras += [t("move.rebirth.cathedral_card", locale)] * facts["cathedrals"]
    extras += [t(f"move.rebirth.tower.{bonus['bonus']}", locale, **bonus) for bonus in facts["towers"]]
    suffix = f" · {', '.join(extras)}" if extras else ""
    key = "move.rebirth.label_doubled" if facts.get("doubled") else "move.rebirth.label"
    label = t(key, locale, space=move.notation, tile=t(f"tile.{facts['tile']}", locale), points=move.points)
    return (label + suffix)[:LABEL_LIMIT]


def move_names(move: MoveFacts, locale: str | None) -> tuple[str, ...]:
    """The names that find `move` when typed: the places its space touches (place names are
    never translated) and the missions it counts for, in `locale`."""
    if move.kind != "place":
        return ()
    facts = move.facts
    return (*facts.get("near", ()), *(mission_name(card, locale) for card in facts.get("missions", ())))
