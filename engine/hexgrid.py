"""Pointy-top odd-r hex coordinates: the one place that names spaces and finds neighbours.

Spaces are named like `F7` (column letter(s), 1-based row; docs/formats.md). Odd-r: rows with an
even number on the board (2, 4, ...), odd 0-based rows, sit half a hex east, which is what lets a
grid of text rows read as a map. Pure functions, shared by the engines, the content validator and
the renderers; pixel geometry (centres, corners) stays in `render/hexgrid.py`.

Two orders of the six neighbours, both fixed:
- direction order (`neighbours`, `step`): NW, NE, W, E, SW, SE; direction d's opposite is 5 - d,
  which is what straight lines walk (`line_directions`, `opposite`). The engine's boards use it.
- edge order (`edge_neighbour`): 0 east, 1 south-east, 2 south-west, 3 west,
  4 north-west, 5 north-east, clockwise (y down): edge i of a drawn hex joins its corners i and
  i + 1 (`render/hexgrid.py` `hex_corners`). The renderers use it.
"""

from __future__ import annotations

import re

_NAME = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")
_COORD = re.compile(r"^\s*([A-Za-z]+)\s*(\d+)\s*$")

# Neighbour offsets (dcol, drow) across each edge, in edge order, one table per row parity.
_EDGE_EVEN = ((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))
_EDGE_ODD = ((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1))
# Direction d (NW, NE, W, E, SW, SE) is across edge _DIRECTION_EDGE[d].
_DIRECTION_EDGE = (4, 5, 3, 0, 2, 1)
_DIR_EVEN = tuple(_EDGE_EVEN[edge] for edge in _DIRECTION_EDGE)
_DIR_ODD = tuple(_EDGE_ODD[edge] for edge in _DIRECTION_EDGE)
_DIRECTIONS = 6


def col_letter(col: int) -> str:
    """Letter(s) of a 0-based column: 0 -> "A", 25 -> "Z", 26 -> "AA" (spreadsheet style).

    Real maps fit in 26 columns, but wider ones still get unique names, not a crash."""
    if col < 0:
        raise ValueError(f"column must be >= 0, got {col}")
    out = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def name(col: int, row: int) -> str:
    """`(2, 6)` (0-based) -> `"C7"`, `(26, 9)` -> `"AA10"`. Any row, so a typed `A0` names a
    cell (off the board)."""
    if col < 26:
        return f"{chr(ord('A') + col)}{row + 1}"
    return f"{col_letter(col)}{row + 1}"


def parse(text: str) -> tuple[int, int] | None:
    """What a player typed as a space: `"c7"` -> `(2, 6)`; None when the text is not one letter
    and up to two digits. Lenient on purpose (`A0` parses, to be refused as off the board with a
    reason); map files are read by the strict `parse_coord`."""
    match = _NAME.match(text)
    if not match:
        return None
    return ord(match.group(1).upper()) - ord("A"), int(match.group(2)) - 1


def parse_coord(text: str) -> tuple[int, int]:
    """A coordinate in a map file, the inverse of `name`: "F7" -> (5, 6), "AA10" -> (26, 9),
    case-insensitive; ValueError on anything else (rows start at 1)."""
    match = _COORD.match(text)
    if not match:
        raise ValueError(f"not a coordinate: {text!r}")
    letters, digits = match.group(1).upper(), match.group(2)
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("A") + 1)
    row = int(digits)
    if row < 1:
        raise ValueError(f"rows start at 1: {text!r}")
    return col - 1, row - 1


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six neighbouring cells in direction order (may be off the grid)."""
    deltas = _DIR_ODD if row % 2 else _DIR_EVEN
    return [(col + dc, row + dr) for dc, dr in deltas]


def step(col: int, row: int, direction: int) -> tuple[int, int]:
    """The neighbour in `direction` (0-5, as ordered by `neighbours`)."""
    dc, dr = (_DIR_ODD if row % 2 else _DIR_EVEN)[direction]
    return col + dc, row + dr


def edge_neighbour(col: int, row: int, edge: int) -> tuple[int, int]:
    """The cell across edge `edge` (0..5, edge order, taken mod 6) of (col, row); may be off the grid."""
    dc, dr = (_EDGE_ODD if row & 1 else _EDGE_EVEN)[edge % 6]
    return col + dc, row + dr


def line_directions() -> tuple[int, int, int]:
    """Three directions that, with their opposites, cover every straight line.

    In `neighbours` order, direction d's opposite is 5 - d, so the three lines are the
    axes (0,5), (1,4), (2,3).
    """
    return 0, 1, 2


def opposite(direction: int) -> int:
    return _DIRECTIONS - 1 - direction


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """How many steps apart two cells are (each step to a neighbour): the board's own nearness,
    so `J17` is next to `J18` and `J10` is eight rows away, however alike they are spelled."""
    (ac, ar), (bc, br) = a, b
    aq, bq = ac - (ar - (ar & 1)) // 2, bc - (br - (br & 1)) // 2  # odd-r to axial
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
