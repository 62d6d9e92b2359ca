"""Rebirth's content, indexed once: the boards of its maps, the tile mix, the mission cards and
the Round Tower bonus tiles. Every rules module reads content through `RebirthTables`."""

from __future__ import annotations

from typing import Any

from engine.rebirth.board import Board, build_board
from engine.rebirth.missions import Position, places
from engine.rebirth.state import RebirthState

Card = dict[str, Any]
"""A mission card as its data file has it: `id`, `name`, `condition`, and `points` (Scotland)
or `high` and `low` (Ireland)."""
TowerTile = dict[str, Any]
"""A Round Tower bonus tile as its data file has it: `id`, `bonus` and maybe `value`."""


class RebirthTables:
    """The content one engine plays with (content/rebirth loads and validates it)."""

    def __init__(
        self,
        maps: dict[str, dict[str, Any]],
        tiles: dict[str, Any],
        missions: dict[str, list[Card]],
        towers: dict[str, list[TowerTile]] | None = None,
    ) -> None:
        self.boards: dict[str, Board] = {map_id: build_board(data) for map_id, data in maps.items()}
        self.tiles = tiles  # `colour_tiles` (each colour's mix) and `set_aside` (per map)
        self.missions: dict[str, Card] = {card["id"]: card for cards in missions.values() for card in cards}
        self.mission_decks = {map_id: [card["id"] for card in cards] for map_id, cards in missions.items()}
        self.tower_tiles: dict[str, TowerTile] = {
            tile["id"]: tile for tiles_ in (towers or {}).values() for tile in tiles_
        }
        self.tower_sets = {
            map_id: [tile["id"] for tile in tiles_] for map_id, tiles_ in (towers or {}).items()
        }

        # Per map, the mission cards of its deck whose condition each space counts towards by
        # where it stands (`missions.places`): typing a card's name finds the spaces it is about.
        self.missions_near: dict[str, dict[str, tuple[str, ...]]] = {}
        for map_id, deck in self.mission_decks.items():
            near: dict[str, list[str]] = {}
            if map_id in self.boards:
                for card in deck:
                    for space in places(self.boards[map_id], self.missions[card]["condition"]):
                        near.setdefault(space, []).append(card)
            self.missions_near[map_id] = {space: tuple(cards) for space, cards in near.items()}
        self._mission_places: dict[str, tuple[Any, frozenset[str] | None]] = {}

    def mission_places(self, board: Board, card_id: str) -> frozenset[str] | None:
        """The spaces a placement must be on to change a holder's progress on `card_id`, or
        None when any space may (shapes and totals): a public mission the mover did not meet
        before a placement elsewhere is not met after it either (`apply._public_missions`).
        Kept per card, and found again if the card's condition is another object (a test's)."""
        condition = self.missions[card_id]["condition"]
        known = self._mission_places.get(card_id)
        if known is None or known[0] is not condition:
            known = self._mission_places[card_id] = (condition, places(board, condition) or None)
        return known[1]

    def board(self, state: RebirthState) -> Board:
        """The board of the map `state` is played on."""
        return self.boards[state.map_id]

    def position(self, state: RebirthState) -> Position:
        """What a mission's condition may look at in `state` (`engine/rebirth/missions.py`)."""
        return Position(self.board(state), state.board, state.castles, state.cathedral_markers)
