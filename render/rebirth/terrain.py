"""The map itself, drawn once per static layer at SS scale: sea and land cells, coast and region
borders, settlement outlines, place names, space icons and coordinates, yellow spaces, ports and
offshore farms.

Why drawn in passes, in this order: each pass paints over the one before (water under land,
borders over cells, lettering under icons), so the order is part of the picture.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from PIL import ImageDraw

from engine.hexgrid import edge_neighbour
from engine.rebirth.mapfile import RULES_YELLOW, MapFile
from render.common import RGB, Point
from render.hexgrid import hex_corners
from render.rebirth.geometry import Layout
from render.rebirth.icons import (
    draw_anchor,
    draw_bolt,
    draw_castle,
    draw_cathedral,
    draw_fish,
    draw_house,
    draw_round_tower,
    draw_sheaf,
    draw_tara,
    draw_yellow_hex,
)
from render.rebirth.style import (
    COAST,
    ICON_ENERGY,
    ICON_FOOD,
    ICON_HOUSE,
    LAND,
    LAND_LINE,
    LOCH,
    PLACEABLE,
    SEA,
    SEA_LINE,
    SEA_MARK,
    SEA_MARK_EDGE,
    SETTLEMENT_LINE,
    SS,
    TERRAIN,
    TOWER_ICON,
)

Cell = tuple[int, int]
# Coordinates and names are not drawn here but placed by `lettering.py`, which keeps each clear
# of every other label and of the hexes' edges.


def draw_terrain(d: ImageDraw.ImageDraw, info: MapFile, lay: Layout, covered: set[Cell]) -> None:
    """Every pass of the map, at SS scale; `covered` yellow spaces get no icon or coordinate
    (the face-down tile is pasted over them later)."""
    _draw_cells(d, info, lay)
    _draw_borders(d, info, lay)
    _draw_settlements(d, info, lay)
    _draw_contents(d, info, lay, covered)
    _draw_yellow(d, info, lay, covered)
    _draw_sea_marks(d, info, lay)


def _ss(lay: Layout, col: int, row: int) -> Point:
    """Centre of a space in supersampled pixels."""
    x, y = lay.center(col, row)
    return x * SS, y * SS


def _cells(info: MapFile, lay: Layout) -> Iterator[tuple[int, int, str, float, float]]:
    """Every cell on the map (off-map `-` cells left out), row by row: column, row, its code and
    its supersampled centre. Each pass below draws one kind of thing over these."""
    for row in range(info.grid.height):
        for col in range(info.grid.width):
            k = info.grid.cells[row][col]
            if k != "-":
                cx, cy = _ss(lay, col, row)
                yield col, row, k, cx, cy


def _draw_cells(d: ImageDraw.ImageDraw, info: MapFile, lay: Layout) -> None:
    """Water seamless (slightly oversized hexes), land with a thin grid line."""
    s = lay.size * SS
    line_w = max(1, int(SS * 1.0))
    for _col, _row, k, cx, cy in _cells(info, lay):
        if k == "~":
            d.polygon(hex_corners(cx, cy, s + SS * 0.6), fill=SEA)
        elif k == "w":
            d.polygon(hex_corners(cx, cy, s + SS * 0.6), fill=LOCH)
    for _col, _row, k, cx, cy in _cells(info, lay):
        if k == "~":
            d.polygon(hex_corners(cx, cy, s * 0.97), outline=SEA_LINE, width=line_w)
        elif k in TERRAIN:
            d.polygon(hex_corners(cx, cy, s), fill=TERRAIN[k], outline=LAND_LINE, width=line_w)


def _draw_borders(d: ImageDraw.ImageDraw, info: MapFile, lay: Layout) -> None:
    """Coastline and region borders: thicker lines on land edges facing water, off-board or
    another region."""
    s = lay.size * SS
    for col, row, k, cx, cy in _cells(info, lay):
        if k not in LAND:
            continue
        corners = hex_corners(cx, cy, s)
        for e in range(6):
            nc, nr = edge_neighbour(col, row, e)
            nk = info.kind(nc, nr)
            p, q = corners[e], corners[(e + 1) % 6]
            if nk not in LAND:
                d.line([p, q], fill=COAST, width=int(SS * 2.2))
            elif info.regions_grid and info.region_letter(col, row) != info.region_letter(nc, nr):
                _dashed(d, p, q, (96, 96, 80), int(SS * 1.6), s * 0.16)


def _dashed(d: ImageDraw.ImageDraw, p: Point, q: Point, fill: RGB, width: int, dash: float) -> None:
    length = math.dist(p, q)
    n = max(1, int(length / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        d.line(
            [
                (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0),
                (p[0] + (q[0] - p[0]) * t1, p[1] + (q[1] - p[1]) * t1),
            ],
            fill=fill,
            width=width,
        )


def _draw_settlements(d: ImageDraw.ImageDraw, info: MapFile, lay: Layout) -> None:
    """One outline around all spaces of a settlement, with rounded joints."""
    s = lay.size * SS
    for settlement in info.settlements:
        spaces = [info.cell(space) for space in settlement.spaces]
        group = set(spaces)
        for col, row in spaces:
            cx, cy = _ss(lay, col, row)
            corners = hex_corners(cx, cy, s * 0.985)
            for e in range(6):
                if edge_neighbour(col, row, e) not in group:
                    d.line([corners[e], corners[(e + 1) % 6]], fill=SETTLEMENT_LINE, width=int(SS * 2.6))
        for col, row in spaces:  # round the joints
            cx, cy = _ss(lay, col, row)
            rr = SS * 1.3
            for x, y in hex_corners(cx, cy, s * 0.985):
                d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=SETTLEMENT_LINE)


def _draw_contents(d: ImageDraw.ImageDraw, info: MapFile, lay: Layout, covered: set[Cell]) -> None:
    """Icons and coordinates of placeable spaces; castles, cathedrals, towers and Tara."""
    s = lay.size * SS
    icon_r = s * 0.27
    for col, row, k, cx, cy in _cells(info, lay):
        if k in PLACEABLE and (col, row) not in covered:
            iy = cy - s * 0.3
            if k == "e":
                draw_bolt(d, cx, iy, icon_r, ICON_ENERGY)
            elif k == "f":
                draw_sheaf(d, cx, iy, icon_r, ICON_FOOD)
            elif k == "s":
                draw_house(d, cx, iy, icon_r * 0.95, ICON_HOUSE)
        elif k == "C":
            draw_castle(d, cx, cy - s * 0.08, s * 0.48, (70, 66, 62), TERRAIN["C"])
        elif k == "K":
            draw_cathedral(d, cx + s * 0.05, cy + s * 0.04, s * 0.4, (84, 70, 104), TERRAIN["K"])
        elif k == "R":  # left half: the tower; right half: its bonus tile (per view)
            ix, iy = TOWER_ICON
            draw_round_tower(d, cx + ix * s, cy + iy * s, s * 0.56)
        elif k == "T":
            draw_tara(d, cx, cy - s * 0.24, s * 0.52)  # its name under it: `lettering.py`


def _draw_yellow(d: ImageDraw.ImageDraw, info: MapFile, lay: Layout, covered: set[Cell]) -> None:
    """The rules' yellow spaces: a small yellow hex while open (a covered one gets the face-down
    tile). Spaces of a lower value are ours, covered only in the dense 2-player variant: open, they
    are ordinary spaces, and an icon there would say they are something else."""
    s = lay.size * SS
    for space, value in info.yellow.items():
        if value < RULES_YELLOW:
            continue
        col, row = info.cell(space)
        if info.kind(col, row) == "-":
            continue
        cx, cy = _ss(lay, col, row)
        if (col, row) in covered:
            continue
        draw_yellow_hex(d, cx - s * 0.52, cy - s * 0.04, s * 0.24, max(1, int(SS * 1.1)))


def sea_mark_at(info: MapFile, lay: Layout, space: str) -> Point:
    """Where a port's anchor or an offshore farm's fish is drawn (1x): in the sea next to the
    space, on the first water edge east, west, then the others; else beside the space."""
    col, row = info.cell(space)
    cx, cy = lay.center(col, row)
    s = lay.size
    for e in (0, 3, 1, 2, 4, 5):
        if info.kind(*edge_neighbour(col, row, e)) == "~":
            a = math.radians(60 * e)  # from the centre to the middle of edge e
            return cx + math.cos(a) * s * 1.22, cy + math.sin(a) * s * 1.22
    return cx + s * 0.55, cy


def _draw_sea_marks(d: ImageDraw.ImageDraw, info: MapFile, lay: Layout) -> None:
    """Ports: an anchor in the sea next to the port space; offshore farms: a fish."""
    s = lay.size * SS
    marks = [(space, "port") for space in info.ports] + [(space, "offshore") for space in info.offshore]
    for space, mark in marks:
        ax, ay = (v * SS for v in sea_mark_at(info, lay, space))
        if mark == "port":
            draw_anchor(d, ax, ay, s * 0.32, SEA_MARK, SEA_MARK_EDGE)
        else:
            draw_fish(d, ax, ay, s * 0.34, SEA_MARK, SEA_MARK_EDGE)
