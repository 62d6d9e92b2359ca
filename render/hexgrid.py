"""Pixel geometry of pointy-top hexes in the odd-r layout: where a space is drawn.

Naming spaces and finding neighbours is `engine/hexgrid.py`, the one definition the engines,
the validator and the renderers share; this module only turns cells into pixels. The layout is
the one in docs/formats.md: rows run north to south, columns are lettered from A (west), and odd
0-based rows (board rows 2, 4, ...) are shifted half a hex east.
"""

from __future__ import annotations

import math

SQRT3 = math.sqrt(3.0)


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
    edge i (corner i to corner i+1) faces the neighbour `engine.hexgrid.edge_neighbour(..., i)`.
    """
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append((cx + size * math.cos(a), cy + size * math.sin(a)))
    return pts


def board_pixel_size(cols: int, rows: int, size: float) -> tuple[float, float]:
    """Width and height in pixels of the tight box around a cols x rows odd-r grid.

    The width includes the half-hex shift of odd rows (when there are at least two rows).
    """
    shift = 0.5 if rows > 1 else 0.0
    w = SQRT3 * size * (cols + shift)
    h = size * (1.5 * (rows - 1) + 2.0) if rows > 0 else 0.0
    return w, h
