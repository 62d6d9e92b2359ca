"""A tiny, self-contained odd-r hex helper for content validation (the engine has its own).

Spaces are named column letter + 1-based row (`F7`); see docs/formats.md. Rows with an even
number on the board (0-based odd rows) sit half a hex to the east.
"""

from __future__ import annotations

import re

_NAME = re.compile(r"^([A-Z])(\d{1,2})$")
_EVEN_ROW = ((-1, -1), (0, -1), (-1, 0), (1, 0), (-1, 1), (0, 1))
_ODD_ROW = ((0, -1), (1, -1), (-1, 0), (1, 0), (0, 1), (1, 1))


def name(col: int, row: int) -> str:
    """0-based `(col, row)` -> `"F7"`."""
    return f"{chr(ord('A') + col)}{row + 1}"


def parse(text: str) -> tuple[int, int] | None:
    """`"F7"` -> 0-based `(5, 6)`; None unless it is an upper-case space name."""
    match = _NAME.match(text) if isinstance(text, str) else None
    if not match:
        return None
    return ord(match.group(1)) - ord("A"), int(match.group(2)) - 1


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbouring cells (some may be off the grid)."""
    deltas = _ODD_ROW if row % 2 else _EVEN_ROW
    return [(col + dc, row + dr) for dc, dr in deltas]


def neighbour_names(space: str, width: int, height: int) -> list[str]:
    """Names of the on-grid neighbours of `space`."""
    col, row = parse(space)  # type: ignore[misc]
    return [name(c, r) for c, r in neighbours(col, row) if 0 <= c < width and 0 <= r < height]
