"""Revive's content, looked up by id: the tables every part of the rules reads.

The rules are modules of plain functions over (these tables, a state): effects.py, costs.py,
actions.py, moves.py, apply.py, scoring.py, views.py. Each takes the tables as its first
argument, so the content an edition plays with is an argument and never a base class, and a
search can call any of them directly.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.base import SEAT_COLOURS
from engine.revive.board import ReviveBoard, build_board

GAME_ID = "revive"
"""The game's id in the registry (games/revive.py) and in its views."""
COLOURS = SEAT_COLOURS
"""Seat colours by seat number."""

RULES_VERSION = 3
"""Revive's current rules version (the `rules` option, docs/architecture.md "Rules versions").
1: the first reading of the rules, kept for the games stored under it. 2: four rule changes
(docs/revive.md "Rules versions"): free actions after hibernating, a machine reward's capacity checked when it
resolves, the tie-break on unscored resources, and the tribe ability chosen instead of a module
moves a progress marker. 3: the rebalanced content (the rules of 2; the changes are
content/data/revive/editions.json). The state keeps its game's version (`ReviveState.rules`)."""
RULES_VERSIONS = (1, 2, 3)


class ReviveTables:
    """One set of Revive content (content/revive `load_revive()`), indexed by id."""

    def __init__(self, content: dict[str, Any]) -> None:
        self.content = content
        self.rules: dict[str, Any] = content["rules"]
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
        self.tech_links = {tribe["id"]: _links(tribe["sun"]["technologies"]) for tribe in content["tribes"]}
        """Tribe -> technology -> the technologies connected to it, either way (costs.py
        `populate_candidates`)."""
        self.area_tiles = {tile["id"]: tile for tile in content["tiles"]}
        self.board: ReviveBoard = build_board(content["board"])
        self.rims = {
            slot: tuple(sorted({near for space in spaces for near in self.board.neighbours[space]}))
            for slot, spaces in self.board.slot_spaces.items()
        }  # slot -> the spaces next to its own (range to explore it)
        self.rim_bits = {slot: self.board.mask(spaces) for slot, spaces in self.rims.items()}  # as bits
        self.always_passable = self.board.chasm | self.board.corners  # face-up tiles' spaces aside
        self.derived: dict[Hashable, Any] = {}
        """What states with the same board, pieces or discounts share, kept for the next one
        (costs.py `layout`, `reach`; moves.py `Prices`): derived from the content and a few
        facts of a state, never changed once kept (`costs.KEPT` says how many)."""
        artifacts = content["artifacts"]
        self.major_colours: dict[str, str] = {major["id"]: major["colour"] for major in artifacts["majors"]}
        self.artifact_cards: dict[str, dict[str, Any]] = {card["id"]: card for card in artifacts["cards"]}
        self.large_sides = {
            location["id"]: {side["side"]: side for side in location["sides"]}
            for location in content["large_locations"]
        }

    def unlocked(self, me: dict[str, Any]) -> list[dict[str, Any]]:
        """The technologies a seat (`me`, its record) has unlocked."""
        techs = self.technologies[me["tribe"]]
        return [techs[tech] for tech in me["unlocked"]]


def _links(technologies: list[dict[str, Any]]) -> dict[str, frozenset[str]]:
    """Each technology's connections, those it lists and those that list it."""
    links: dict[str, set[str]] = {tech["id"]: set() for tech in technologies}
    for tech in technologies:
        for other in tech["connections"]:
            links[tech["id"]].add(other)
            links.setdefault(other, set()).add(tech["id"])
    return {tech: frozenset(linked) for tech, linked in links.items()}
