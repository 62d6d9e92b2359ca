"""Geometry and naming for pointy-top hexes in the odd-r layout.

Everything here is a pure function so the renderer, the engine and the tests can share one
definition of where a space is and what it is called. The layout is the one in docs/formats.md:
rows run north to south, columns are lettered from A (west), and odd 0-based rows (board rows
2, 4, ...) are shifted half a hex east.
"""

from __future__ import annotations

import math
import re

SQRT3 = math.sqrt(3.0)

# Neighbour offsets across each edge of a pointy-top hex, indexed by edge number.
# Edge i joins corner i and corner i+1 (see hex_corners): 0 east, 1 south-east, 2 south-west,
# 3 west, 4 north-west, 5 north-east. Odd-r needs two tables, one per row parity.
_EDGE_OFFSETS_EVEN = ((1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1))
_EDGE_OFFSETS_ODD = ((1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1))

_COORD_RE = re.compile(r"^\s*([A-Za-z]+)\s*(\d+)\s*$")


def col_letter(col: int) -> str:
    """Letter(s) of a 0-based column: 0 -> "A", 25 -> "Z", 26 -> "AA" (spreadsheet style).

    Real maps fit in 26 columns, but wider ones should still get unique names, not a crash.
    """
    if col < 0:
        raise ValueError(f"column must be >= 0, got {col}")
    out = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def coord_name(col: int, row: int) -> str:
    """Name a space the way players type it: column letter then 1-based row, e.g. (5, 6) -> "F7"."""
    if row < 0:
        raise ValueError(f"row must be >= 0, got {row}")
    return f"{col_letter(col)}{row + 1}"


def parse_coord(name: str) -> tuple[int, int]:
    """Inverse of coord_name: "F7" -> (5, 6), case-insensitive. Raises ValueError on junk."""
    m = _COORD_RE.match(name)
    if not m:
        raise ValueError(f"not a coordinate: {name!r}")
    letters, digits = m.group(1).upper(), m.group(2)
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("A") + 1)
    row = int(digits)
    if row < 1:
        raise ValueError(f"rows start at 1: {name!r}")
    return col - 1, row - 1


def hex_width(size: float) -> float:
    """Flat-to-flat width of a pointy-top hex whose centre-to-corner radius is `size`."""
    return SQRT3 * size


def hex_center(
    col: int, row: int, size: float, origin: tuple[float, float] = (0.0, 0.0)
) -> tuple[float, float]:
    """Pixel centre of a space; `origin` is the centre of A1.

    Odd 0-based rows are pushed half a hex east (odd-r); rows are 1.5 * size apart.
    """
    x = origin[0] + SQRT3 * size * (col + 0.5 * (row & 1))
    y = origin[1] + 1.5 * size * row
    return x, y


def hex_corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex, clockwise (y down) from the upper-right one.

    Corner i is at angle 60*i - 30 degrees, so corner 2 is the bottom point and corner 5 the top;
    edge i (corner i to corner i+1) faces the neighbour given by edge_neighbour(..., i).
    """
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append((cx + size * math.cos(a), cy + size * math.sin(a)))
    return pts


def edge_neighbour(col: int, row: int, edge: int) -> tuple[int, int]:
    """The space across edge `edge` (0..5, see hex_corners) of (col, row); may be off the grid."""
    dc, dr = (_EDGE_OFFSETS_ODD if row & 1 else _EDGE_OFFSETS_EVEN)[edge % 6]
    return col + dc, row + dr


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """All six neighbours of a space (some may be off the grid), in edge order."""
    return [edge_neighbour(col, row, e) for e in range(6)]


def board_pixel_size(cols: int, rows: int, size: float) -> tuple[float, float]:
    """Width and height in pixels of the tight box around a cols x rows odd-r grid.

    The width includes the half-hex shift of odd rows (when there are at least two rows).
    """
    shift = 0.5 if rows > 1 else 0.0
    w = SQRT3 * size * (cols + shift)
    h = size * (1.5 * (rows - 1) + 2.0) if rows > 0 else 0.0
    return w, h
