"""Rebirth's legal moves and its notation: where the tile to place may go, and what a typed move
says (`F7`, `f 7`, `F7 x2`, `discard`). Pure questions about a state; applying a move is
`apply.py`'s, and what each legal move would give, `previews.py`'s."""

from __future__ import annotations

import re
from itertools import filterfalse

from engine import hexgrid
from engine.rebirth.board import PLACEMENT_KINDS
from engine.rebirth.state import RebirthState
from engine.rebirth.tables import RebirthTables

DISCARD = "discard"
DOUBLE = "x2"
# A typed placement, lowercased: a space (letter and digits, spaces between allowed), then
# maybe the Doubling Marker (`x2`, also `x 2` or glued on: `f7x2`).
_TYPED = re.compile(r"^\s*([a-z]\s*\d{1,2})\s*(x\s*2)?\s*$")
# Spaces a tile may go on, and where a farm may go when its own spaces and blank land are full.
_ALLOWED = {"E": ".e", "F": ".f"}
_FALLBACK = {"E": "f", "F": "e"}


def tile_to_place(state: RebirthState, seat: int) -> str | None:
    """The tile `seat` places next: a tower's extra tile first, else the tile in hand."""
    if state.pending and state.current == seat:
        extra: str = state.pending[0]["tile"]
        return extra
    return state.hands[seat]


def can_double(state: RebirthState, seat: int) -> bool:
    return bool(state.doubling) and state.doubling[seat]


def legal_moves(tables: RebirthTables, state: RebirthState, seat: int) -> list[str]:
    """Every move `seat` may make now (empty when it is not their turn)."""
    if state.finished or seat != state.current:
        return []
    spaces = legal_spaces(tables, state, tile_to_place(state, seat))
    if not spaces:
        return [DISCARD]
    if can_double(state, seat):
        return spaces + [f"{space} {DOUBLE}" for space in spaces]
    return spaces


def legal_spaces(tables: RebirthTables, state: RebirthState, tile: str | None) -> list[str]:
    if tile is None:
        return []
    board = tables.board(state)
    taken = state.board.__contains__  # filtered in C: listing moves is much of a playout's time
    if tile.startswith("S"):
        return list(filterfalse(taken, board.spaces_of("s")))
    spaces = list(filterfalse(taken, board.spaces_of(_ALLOWED[tile])))
    return spaces or list(filterfalse(taken, board.spaces_of(_FALLBACK[tile])))


def is_legal_space(tables: RebirthTables, state: RebirthState, tile: str, space: str) -> bool:
    """Whether `tile` may go on `space` now: `space in legal_spaces(...)` without listing them
    (a farm goes on the other farm's spaces only while its own and blank land are full)."""
    if space in state.board:
        return False
    board = tables.board(state)
    kind = board.kind.get(space)
    if kind is None or kind not in PLACEMENT_KINDS:
        return False
    if tile.startswith("S"):
        return kind == "s"
    if kind in _ALLOWED[tile]:
        return True
    taken = state.board
    return kind == _FALLBACK[tile] and all(s in taken for s in board.spaces_of(_ALLOWED[tile]))


def typed_placement(text: str) -> tuple[str | None, bool]:
    """The space a lowercased typed placement names (None when it names none) and whether it
    plays the Doubling Marker: any case and spacing, `f 7`, `F7X2`, `f7 x 2`, `f7×2`."""
    typed = _TYPED.match(text.replace("×", "x"))
    doubled = bool(typed and typed.group(2))
    coords = hexgrid.parse(typed.group(1)) if typed else None
    return (hexgrid.name(*coords) if coords else None), doubled


def space_order(notation: str) -> tuple[int, int]:
    """Where a move's space is in reading order (row, then column); a move without one last."""
    coords = hexgrid.parse(notation)
    return (coords[1], coords[0]) if coords else (999, 999)


def distance(place: str, other: str) -> int | None:
    """Steps between two spaces (`F7`, any case; None when either names no space): a typed
    space off the board or already taken still has its neighbours."""
    first, second = hexgrid.parse(place), hexgrid.parse(other)
    return hexgrid.distance(first, second) if first and second else None
