"""Revive's content, looked up by id: the tables every part of the rules reads.

The rules engine is one class, `Revive` (engine/revive/game.py), built from small mixins, one
job each (effects, actions, costs, move listing, scoring); they share these tables through
this base class, so a rule calls another through `self` and the modules never import each
other in a circle.
"""

from __future__ import annotations

from typing import Any

from engine.base import SEAT_COLOURS
from engine.revive.board import ReviveBoard, build_board

COLOURS = SEAT_COLOURS
"""Seat colours by seat number."""

RULES_VERSION = 3
"""Revive's current rules version (the `rules` option, docs/architecture.md "Rules versions").
1: the rules as played before issue 11. 2: issue 11 items 5-8 (docs/revive.md "Rules
versions"): free actions after hibernating, a machine reward's capacity checked when it
resolves, the tie-break on unscored resources, and the tribe ability chosen instead of a module
moves a progress marker. 3: the rebalanced content of issue 11 item 9 (the rules of 2; the
changes are content/data/revive/editions.json). The state keeps its game's version (`ReviveState.rules`)."""
RULES_VERSIONS = (1, 2, 3)


class ReviveTables:
    """The Revive rules over one set of content (content/revive `load_revive()`), indexed."""

    id = "revive"

    def __init__(self, content: dict[str, Any]) -> None:
        self.content = content
        self.rules = content["rules"]
        self.basic = tuple(self.rules["resources"]["basic"])
        self.limits = self.rules["resources"]["limits"]
        self.slots = tuple(slot["id"] for slot in self.rules["player_board"]["card_slots"])
        self.half = {slot["id"]: slot["half"] for slot in self.rules["player_board"]["card_slots"]}
        self.cards = {
            card["id"]: card for group in ("starting", "market") for card in content["citizens"][group]
        }
        self.tribes = {tribe["id"]: tribe for tribe in content["tribes"]}
        self.machines = {machine["id"]: machine for machine in content["machines"]}
        self.modules = {module["id"]: module for module in content["modules"]}
        self.crates = {crate["id"]: crate for crate in content["crates"]}
        self.tracks = {track["colour"]: track for track in content["machine_tracks"]["tracks"]}
        self.hibernation = content["hibernation"]["spaces"]
        self.technologies = {
            tribe["id"]: {tech["id"]: tech for tech in tribe["sun"]["technologies"]}
            for tribe in content["tribes"]
        }
        self.area_tiles = {tile["id"]: tile for tile in content["tiles"]}
        self.board: ReviveBoard = build_board(content["board"])
        self.large_sides = {
            location["id"]: {side["side"]: side for side in location["sides"]}
            for location in content["large_locations"]
        }

    def _techs(self, me: dict[str, Any]) -> list[dict[str, Any]]:
        """The player's unlocked technologies."""
        techs = self.technologies[me["tribe"]]
        return [techs[tech] for tech in me["unlocked"]]
