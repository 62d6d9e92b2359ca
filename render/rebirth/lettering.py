"""Where the board's words go: every free space's coordinate inside its hex, and the names of
the sea, the islands, settlements, castles, cathedrals and Round Towers on open water, each
where it collides with nothing, so every word stays legible (labels.py). Placed once per map and
covered set.

Why names go on the water: a name is wider than a hex, so on land it crosses the edges of the
spaces it lies on and hides their icons, coordinates or tiles. Each name is tried at spots
around its place, nearest first, and takes the first whose box meets no land hex, no other
label and no port or offshore mark and stays inside the board; a name with no such spot is left
out (the event texts name places anyway). Region names printed on land are left out for the same
reason: the dashed borders show the regions. Coordinates are sized so that they keep a cap height
of 9 px when the channel image (`focus.FOCUS_W` wide) is shown 550 px wide.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.hexgrid import name as coord_name
from engine.rebirth.mapfile import MapFile
from render.common import RGB, Point, clean_text, font
from render.rebirth.geometry import Layout
from render.rebirth.labels import (
    Box,
    Label,
    box_meets_hex,
    cap_height,
    inline_cap,
    near,
    overlaps,
    size_for_cap,
    text_label,
)
from render.rebirth.style import COORD_TEXT, FOCUS_W, LAND, PLACEABLE
from render.rebirth.terrain import sea_mark_at

WATER = frozenset("~w")
STYLE: dict[str, tuple[RGB, RGB | None]] = {  # kind -> (fill, halo)
    "coord": (COORD_TEXT, None),
    "water": ((226, 238, 250), (34, 68, 108)),
    "place": ((255, 244, 226), (70, 36, 14)),
    "tara": ((40, 70, 30), None),
}
HALO = 2


@dataclass(frozen=True)
class Lettering:
    labels: tuple[Label, ...]
    dropped: tuple[str, ...]  # names that found no free spot


def coord_size() -> int:
    return size_for_cap(inline_cap(FOCUS_W))


def coord_label(lay: Layout, col: int, row: int) -> Label:
    cx, cy = lay.center(col, row)
    return text_label(coord_name(col, row), (cx, cy + lay.size * 0.4), coord_size(), "coord")


def place_lettering(info: MapFile, lay: Layout, covered: frozenset[tuple[int, int]]) -> Lettering:
    """Coordinates of the open placeable spaces, then names, biggest first."""
    labels: list[Label] = []
    land: list[Point] = []
    for row in range(info.grid.height):
        for col in range(info.grid.width):
            k = info.grid.cells[row][col]
            if k in LAND:
                land.append(lay.center(col, row))
            if k in PLACEABLE and (col, row) not in covered:
                labels.append(coord_label(lay, col, row))
    if info.tara is not None:  # inside its own space, under the mound
        cx, cy = lay.center(*info.cell(info.tara))
        labels.append(text_label("Tara", (cx, cy + lay.size * 0.42), coord_size(), "tara"))
    blocked = _sea_marks(info, lay)
    names = [(lb.text, info.cell(lb.at), "water") for lb in info.labels if _on(info, lb.at) in WATER]
    names += [(lb.text, info.cell(lb.at), "water") for lb in info.labels if _on(info, lb.at) == "-"]
    names += _place_names(info)
    dropped = []
    size = coord_size()
    for text, cell, kind in names:
        found = None
        for lines in _line_breaks(clean_text(text, 28), kind):
            found = _find_spot(lines, lay.center(*cell), size, kind, lay, land, labels, blocked)
            if found:
                break
        if found is None:
            dropped.append(text)
        else:
            labels += found
    return Lettering(tuple(labels), tuple(dropped))


def _line_breaks(text: str, kind: str) -> list[list[str]]:
    """A name on one line, then (a sea's or an island's of several words) on two."""
    words = text.split()
    out = [[text]]
    if kind == "water" and len(words) > 1:
        cut = min(
            range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:])))
        )
        out.append([" ".join(words[:cut]), " ".join(words[cut:])])
    return out


def _on(info: MapFile, space: str) -> str:
    return info.kind(*info.cell(space))


def _place_names(info: MapFile) -> list[tuple[str, tuple[int, int], str]]:
    out = []
    for settlement in info.settlements:
        if settlement.spaces and settlement.name:
            cells = [info.cell(space) for space in settlement.spaces]
            out.append((settlement.name, max(cells, key=lambda c: (c[1], c[0])), "place"))
    for named, word in ((info.castles, "castle"), (info.cathedrals, "cathedral")):
        for space, name in named.items():
            out.append((short_name(name, word), info.cell(space), "place"))
    for space, name in info.towers.items():
        out.append((" ".join(name.replace("Round Tower", " ").split()) or name, info.cell(space), "place"))
    return out


def short_name(name: str, word: str) -> str:
    """'Edinburgh Castle' -> 'Edinburgh' next to a castle icon; keeps names that are only the word.

    A name with a place after a comma ("St Patrick's Cathedral, Armagh") keeps the part before
    it: the board already shows where the place is.
    """
    name = name.split(",")[0].strip() or name
    parts = [p for p in name.split() if p.lower() != word.lower()]
    return " ".join(parts) if parts else name


def _sea_marks(info: MapFile, lay: Layout) -> list[Box]:
    """Boxes around the port and offshore-farm marks drawn on the sea next to their spaces."""
    out = []
    r = lay.size * 0.42
    for space in [*info.ports, *info.offshore]:
        x, y = sea_mark_at(info, lay, space)
        out.append((x - r, y - r, x + r, y + r))
    return out


def _find_spot(
    lines: list[str],
    anchor: Point,
    size: int,
    kind: str,
    lay: Layout,
    land: list[Point],
    labels: list[Label],
    blocked: list[Box],
) -> list[Label] | None:
    """The nearest spot around `anchor` where the name (its `lines`, stacked) meets no land,
    label or mark: a place's within a hex and a half of its space, so it reads as that place's;
    a sea's further."""
    reach = (
        (0.0, 0.6, 1.1, 1.6, 2.1, 2.7, 3.3, 3.9, 4.5) if kind == "water" else (0.0, 0.5, 0.8, 1.1, 1.4, 1.7)
    )
    for dist in reach:
        for step in range(1 if dist == 0 else 16):
            a = math.radians(90 + step * 22.5)
            xy = (anchor[0] + math.cos(a) * dist * lay.size * 1.5, anchor[1] + math.sin(a) * dist * lay.size)
            step_y = cap_height(size) * 1.55
            stack = [
                text_label(line, (xy[0], xy[1] + (i - (len(lines) - 1) / 2) * step_y), size, kind)
                for i, line in enumerate(lines)
            ]
            if all(_free(lb, lay, land, labels, blocked) for lb in stack):
                return stack
    return None


def _free(label: Label, lay: Layout, land: list[Point], labels: list[Label], blocked: list[Box]) -> bool:
    """Inside the board, clear of every land hex (by the halo and a pixel of coast line), of
    every placed label and of the ports' and offshore farms' marks."""
    bx0, by0, bx1, by1 = lay.board_box
    x0, y0, x1, y1 = label.box
    if x0 - HALO < bx0 or y0 - HALO < by0 or x1 + HALO > bx1 or y1 + HALO > by1:
        return False
    pad = HALO + 1.0
    grown = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    if any(box_meets_hex(grown, c, lay.size) for c in near(grown, land, lay.size)):
        return False
    return not any(overlaps(label.box, o.box, HALO + 3) for o in labels) and not any(
        overlaps(label.box, b) for b in blocked
    )


def draw_lettering(img: Image.Image, labels: tuple[Label, ...], offset: Point = (0.0, 0.0)) -> None:
    """Draw the labels at 1x onto `img` (whose origin is `offset` in board pixels)."""
    d = ImageDraw.Draw(img)
    for lb in labels:
        fill, halo = STYLE.get(lb.kind, (COORD_TEXT, None))
        f = font(lb.size)
        x, y = lb.at[0] - offset[0], lb.at[1] - offset[1]
        if halo is None:
            d.text((x, y), lb.text, font=f, fill=fill, anchor="mm")
        else:
            d.text((x, y), lb.text, font=f, fill=fill, anchor="mm", stroke_width=HALO, stroke_fill=halo)
