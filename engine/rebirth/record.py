"""What a Rebirth game record carries so an independent referee can check it (docs/records.md):
the board with its neutral tiles, the tile mix, the towers and mission cards dealt, the tiles
each seat set aside and the private mission cards each move drew."""

from __future__ import annotations

from typing import Any

from engine.base import Applied
from engine.rebirth.state import NEUTRAL, RebirthState
from engine.rebirth.tables import RebirthTables
from engine.rebirth.views import RebirthEvent


def describe_content(tables: RebirthTables, state: RebirthState) -> dict[str, Any]:
    """The board of a game as records store it: every space with its kind, features and
    neighbours, and the spaces neutral tiles cover in this game (its setup put them there)."""
    board = tables.board(state)
    return {
        "map": {
            "id": board.map_id,
            "name": board.name,
            "spaces": [
                {
                    "space": space,
                    "kind": board.kind[space],
                    "region": board.region.get(space),
                    "features": board.features(space),
                    "neighbours": list(board.neighbours[space]),
                }
                for space in board.kind
            ],
        },
        "neutral": sorted(space for space, (owner, _) in state.board.items() if owner == NEUTRAL),
        "tiles": dict(tables.tiles["colour_tiles"]),
        "set_aside": tables.tiles["set_aside"][state.map_id],
        "towers": {space: dict(tables.tower_tiles[tile_id]) for space, tile_id in state.towers.items()},
        "public_missions": [
            {key: tables.missions[card][key] for key in ("id", "name", "high", "low", "condition")}
            for card in state.public_missions
        ],
        "mission_cards": [dict(tables.missions[card]) for card in tables.mission_decks.get(state.map_id, [])],
    }


def record_seat(state: RebirthState, seat: int) -> dict[str, Any]:
    """The tiles `seat` set aside at setup, in the order a `recall` tower takes them back."""
    return {"set_aside": list(state.set_aside[seat])}


def record_move(applied: Applied[RebirthState, RebirthEvent]) -> dict[str, Any]:
    """The private mission cards the move drew (cathedrals, `mission` towers), by seat."""
    drawn = {
        str(seat): list(notes["missions_drawn"])
        for seat, notes in applied.private.items()
        if notes.get("missions_drawn")
    }
    return {"missions_drawn": drawn} if drawn else {}
