"""Pointy-top odd-r hex coordinates, named like `F7` (column letter, 1-based row).

See docs/formats.md. Odd-r: rows with an even number on the board (2, 4, ...) sit half a hex
east, which is what lets a grid of text rows read as a map.
"""

from __future__ import annotations

import re

_NAME = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")

_EVEN_ROW = ((-1, -1), (0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1))
_ODD_ROW = ((0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1))
# Pairs of opposite directions, index-aligned: used to walk straight lines.
_DIRECTIONS = 6


def name(col: int, row: int) -> str:
    """`(2, 6)` (0-based) -> `"C7"`."""
    return f"{chr(ord('A') + col)}{row + 1}"


def parse(text: str) -> tuple[int, int] | None:
    """`"c7"` -> `(2, 6)`; None when the text is not a coordinate."""
    match = _NAME.match(text)
    if not match:
        return None
    return ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbouring cells, in a fixed direction order (may be off the grid)."""
    deltas = _ODD_ROW if row % 2 else _EVEN_ROW
    return [(col + dc, row + dr) for dc, dr in deltas]


def step(col: int, row: int, direction: int) -> tuple[int, int]:
    """The neighbour in `direction` (0-5, as ordered by `neighbours`)."""
    deltas = _ODD_ROW if row % 2 else _EVEN_ROW
    dc, dr = deltas[direction]
    return col + dc, row + dr


def line_directions() -> tuple[int, int, int]:
    """Three directions that, with their opposites, cover every straight line.

    In `neighbours` order, direction d's opposite is 5 - d, so the three lines are the
    axes (0,5), (1,4), (2,3).
    """
    return 0, 1, 2


def opposite(direction: int) -> int:
    return _DIRECTIONS - 1 - direction
