"""Rebirth's mission cards in words: a card's name in the reader's language and its text, worded
from its condition (vocabulary in docs/formats.md).

The engine evaluates a condition (`engine/rebirth/missions.py`); this words the same condition,
so the text a player reads and the rule that scores it cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import content, t

SETTLEMENT_CONDITIONS = frozenset({"settlements_won", "settlements_present", "sole_settlement"})
"""Conditions whose `size` is a settlement's size (elsewhere a size is a tile count)."""


def condition_text(condition: Mapping[str, Any], locale: str | None = None) -> str:
    """The card's text, made from its condition."""
    params = {key: value for key, value in condition.items() if key != "type"}
    kind = condition["type"]
    if kind == "region":
        params.setdefault("tile", "any")
    if "farm" in params:
        params["farm"] = t(f"farm.{params['farm']}", locale)
    if "tile" in params:
        params["tile"] = t(f"tilekind.{params['tile']}", locale)
    if "feature" in params:
        params["feature"] = t(f"feature.{params['feature']}", locale)
    if "size" in params and kind in SETTLEMENT_CONDITIONS:
        params["size"] = t(f"settlement.size.{params['size']}", locale)
    key = f"mission.{kind}"
    if kind == "cluster" and condition.get("count", 1) > 1:
        key = "mission.clusters"
    return " ".join(t(key, locale, **params).split())


def mission_name(card: Mapping[str, Any], locale: str | None = None) -> str:
    """A card's name in `locale`, from its id and the English name its data file (and so the
    engine's view) holds: the data file is the source (i18n/content.py)."""
    return content.text("rebirth", "mission", card["id"], "name", card["name"], locale)


def worded_cards(view: Mapping[str, Any]) -> dict[str, Any]:
    """`view` with each mission card's condition replaced by its English text: what the
    fallback player's tie-breaks hash (`RebirthPresenter.seen_text`)."""

    def card(held: Mapping[str, Any]) -> dict[str, Any]:
        worded = {key: value for key, value in held.items() if key != "condition"}
        return {**worded, "text": condition_text(held["condition"], None)}

    worded = dict(view)
    worded["public_missions"] = [card(held) for held in view["public_missions"]]
    private = view.get("private")
    if private:
        worded["private"] = {**private, "missions": [card(held) for held in private["missions"]]}
    final = view.get("final")
    if final:
        missions = [[card(held) for held in cards] for cards in final["missions"]]
        worded["final"] = {**final, "missions": missions}
    return worded
