"""Names that must stay readable when tiles cover the spaces around them: settlements, castles,
cathedrals and Round Towers, drawn once per map as small haloed patches pasted over the tiles.

Why patches and not a full-size layer: pasting a few dozen small crops on every render is much
cheaper than compositing a whole transparent image.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.rebirth.mapfile import MapFile
from render.common import RGB, Point, clean_text, font
from render.rebirth.geometry import Layout, cell_at
from render.rebirth.style import SS

Patch = tuple[Image.Image, tuple[int, int]]
Box = tuple[float, float, float, float]


def build_overlay(info: MapFile, lay: Layout) -> list[Patch]:
    """Draw every name on a transparent SS-scale canvas, then cut one patch per name."""
    img = Image.new("RGBA", (lay.width * SS, lay.height * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    boxes: list[Box] = []
    _settlement_names(d, boxes, info, lay)
    _place_names(d, boxes, info, lay)
    small = img.resize((lay.width, lay.height), Image.Resampling.LANCZOS)
    patches = []
    for x0, y0, x1, y1 in boxes:
        bx = (
            max(0, int(x0 / SS) - 2),
            max(0, int(y0 / SS) - 2),
            min(lay.width, int(math.ceil(x1 / SS)) + 2),
            min(lay.height, int(math.ceil(y1 / SS)) + 2),
        )
        if bx[2] > bx[0] and bx[3] > bx[1]:
            patches.append((small.crop(bx), (bx[0], bx[1])))
    return patches


def _overlay_text(
    d: ImageDraw.ImageDraw, boxes: list[Box], xy: Point, text: str, size: float, fill: RGB, stroke: RGB
) -> None:
    """Draw haloed text on the overlay canvas and remember its box (supersampled coords)."""
    f = font(size)
    sw = max(2, int(size * 0.16))
    d.text(xy, text, font=f, fill=fill, anchor="mm", stroke_width=sw, stroke_fill=stroke)
    x0, y0, x1, y1 = d.textbbox(xy, text, font=f, anchor="mm", stroke_width=sw)
    boxes.append((x0, y0, x1, y1))


def _settlement_names(d: ImageDraw.ImageDraw, boxes: list[Box], info: MapFile, lay: Layout) -> None:
    """Each settlement's name under its lowest spaces (above them when it would hide a Round
    Tower's bonus tile or the Hill of Tara)."""
    name_size = max(10.0, lay.size * 0.42) * SS
    for settlement in info.settlements:
        name, spaces = settlement.name, settlement.spaces
        if not spaces or not name:
            continue
        pts = [lay.center(*info.cell(space)) for space in spaces]
        bottom = max(y for _, y in pts)
        xs = [x for x, y in pts if abs(y - bottom) < 1]
        x = sum(xs) / len(xs)
        label_y = bottom + lay.size * 0.86
        if info.advanced and cell_at(info, lay, x, label_y) in ("R", "T"):
            top = min(y for _, y in pts)
            xs_top = [px for px, py in pts if abs(py - top) < 1]
            x_top, y_top = sum(xs_top) / len(xs_top), top - lay.size * 0.86
            if cell_at(info, lay, x_top, y_top) not in ("R", "T"):
                x, label_y = x_top, y_top
        text = clean_text(name, 24)
        _overlay_text(d, boxes, (x * SS, label_y * SS), text, name_size, (70, 36, 14), (250, 240, 222))


def short_name(name: str, word: str) -> str:
    """'Edinburgh Castle' -> 'Edinburgh' next to a castle icon; keeps names that are only the word.

    A name with a place after a comma ("St Patrick's Cathedral, Armagh") keeps the part before
    it: the board already shows where the place is.
    """
    name = name.split(",")[0].strip() or name
    parts = [p for p in name.split() if p.lower() != word.lower()]
    return " ".join(parts) if parts else name


def _place_names(d: ImageDraw.ImageDraw, boxes: list[Box], info: MapFile, lay: Layout) -> None:
    """Castle and cathedral names by their space; Round Towers' smaller names under theirs."""
    s = lay.size * SS
    name_size = max(10.0, lay.size * 0.42) * SS
    town_names = {s.name.lower() for s in info.settlements}
    for cells, word in ((info.castles, "castle"), (info.cathedrals, "cathedral")):
        for space, name in cells.items():
            x, y = lay.center(*info.cell(space))
            short = short_name(name, word)
            # a castle named like a nearby town ("Edinburgh") gets its name above the space, so
            # the town's name below its own spaces and the castle's do not run into each other
            dy = -0.8 if short.lower() in town_names else 0.8
            xy = (x * SS, y * SS + s * dy)
            _overlay_text(d, boxes, xy, clean_text(short, 24), name_size, (30, 30, 36), (236, 236, 240))
    # the tower's own space is full with its bonus tile and the seats that used it
    small_size = max(9.0, lay.size * 0.34) * SS
    for space, name in info.towers.items():
        x, y = lay.center(*info.cell(space))
        text = clean_text(" ".join(name.replace("Round Tower", " ").split()) or name, 24)
        _overlay_text(d, boxes, (x * SS, y * SS + s * 0.93), text, small_size, (30, 40, 24), (236, 240, 226))
