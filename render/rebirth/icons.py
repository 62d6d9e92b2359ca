"""Map icons drawn straight onto a canvas at any scale: farm and settlement marks, castles,
cathedrals, ports, offshore farms, Round Towers, the Hill of Tara and yellow spaces.

Why plain functions of (draw, centre, radius): the static layer draws them at supersampled
board scale and the legend at panel scale, from one definition.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.common import RGB, box, tx
from render.rebirth.style import (
    GOLD,
    TARA_HILL,
    TARA_RING,
    TOWER_CAP,
    TOWER_DARK,
    TOWER_STONE,
    YELLOW,
    YELLOW_LINE,
)


def draw_bolt(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = [(0.18, -1.0), (-0.5, 0.12), (-0.04, 0.12), (-0.2, 1.0), (0.5, -0.16), (0.04, -0.16)]
    d.polygon(tx(pts, cx, cy, r), fill=fill)


def draw_sheaf(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """An ear of wheat: a stem with three pairs of grains leaning outwards and one on top."""
    d.line([(cx, cy + r), (cx, cy - r * 0.55)], fill=fill, width=max(1, int(r * 0.16)))
    for i in range(3):
        y = cy - r * 0.42 + i * r * 0.42
        for side in (-1, 1):
            x0, y0 = cx + side * r * 0.04, y + r * 0.16
            x1, y1 = cx + side * r * 0.5, y - r * 0.2
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            length = math.hypot(x1 - x0, y1 - y0)
            nx, ny = -(y1 - y0) / length * r * 0.14, (x1 - x0) / length * r * 0.14
            d.polygon([(x0, y0), (mx + nx, my + ny), (x1, y1), (mx - nx, my - ny)], fill=fill)
    d.ellipse((cx - r * 0.15, cy - r * 1.0, cx + r * 0.15, cy - r * 0.5), fill=fill)


def draw_house(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = [
        (0.0, -0.95),
        (0.85, -0.15),
        (0.62, -0.15),
        (0.62, 0.85),
        (-0.62, 0.85),
        (-0.62, -0.15),
        (-0.85, -0.15),
    ]
    d.polygon(tx(pts, cx, cy, r), fill=fill)


def draw_castle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, hole: RGB) -> None:
    body = [(-0.8, -0.35), (0.8, -0.35), (0.8, 0.9), (-0.8, 0.9)]
    d.polygon(tx(body, cx, cy, r), fill=fill)
    for x0 in (-0.8, -0.16, 0.48):  # crenellations
        d.rectangle((cx + x0 * r, cy - 0.7 * r, cx + (x0 + 0.32) * r, cy - 0.3 * r), fill=fill)
    # central tower
    d.rectangle((cx - 0.26 * r, cy - 1.0 * r, cx + 0.26 * r, cy - 0.3 * r), fill=fill)
    d.pieslice((cx - 0.28 * r, cy + 0.3 * r, cx + 0.28 * r, cy + 0.86 * r), 180, 360, fill=hole)
    d.rectangle((cx - 0.28 * r, cy + 0.58 * r, cx + 0.28 * r, cy + 0.9 * r), fill=hole)


def draw_cathedral(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, hole: RGB) -> None:
    nave = [(-0.85, -0.05), (-0.2, -0.05), (-0.2, 0.9), (-0.85, 0.9)]
    d.polygon(tx(nave, cx, cy, r), fill=fill)
    d.polygon(tx([(-0.95, -0.05), (-0.52, -0.45), (-0.1, -0.05)], cx, cy, r), fill=fill)
    tower = [(-0.25, -0.35), (0.45, -0.35), (0.45, 0.9), (-0.25, 0.9)]
    d.polygon(tx(tower, cx, cy, r), fill=fill)
    d.polygon(tx([(-0.3, -0.33), (0.1, -1.0), (0.5, -0.33)], cx, cy, r), fill=fill)
    w = max(1, int(r * 0.1))
    d.line([(cx + 0.1 * r, cy - 1.0 * r), (cx + 0.1 * r, cy - 1.25 * r)], fill=fill, width=w)
    d.line([(cx - 0.02 * r, cy - 1.15 * r), (cx + 0.22 * r, cy - 1.15 * r)], fill=fill, width=w)
    d.pieslice((cx - 0.07 * r, cy + 0.1 * r, cx + 0.27 * r, cy + 0.5 * r), 180, 360, fill=hole)
    d.rectangle((cx - 0.07 * r, cy + 0.3 * r, cx + 0.27 * r, cy + 0.9 * r), fill=hole)
    d.ellipse((cx - 0.64 * r, cy + 0.18 * r, cx - 0.42 * r, cy + 0.4 * r), fill=hole)


def draw_anchor(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, line: RGB) -> None:
    """A small anchor: ring, shank, stock and curved arms, with a dark halo for contrast."""
    for colour, extra in ((line, 0.14), (fill, 0.0)):
        w = max(1, int(r * (0.16 + extra)))
        ring_r = r * 0.2 + (extra * r * 0.5)
        d.ellipse(
            (cx - ring_r, cy - r * 0.95 - ring_r * 0.0, cx + ring_r, cy - r * 0.95 + 2 * ring_r),
            outline=colour,
            width=w,
        )
        d.line([(cx, cy - r * 0.5), (cx, cy + r * 0.9)], fill=colour, width=w)
        d.line([(cx - r * 0.42, cy - r * 0.32), (cx + r * 0.42, cy - r * 0.32)], fill=colour, width=w)
        d.arc((cx - r * 0.75, cy - r * 0.2, cx + r * 0.75, cy + r * 0.95), 20, 160, fill=colour, width=w)


def draw_fish(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, line: RGB) -> None:
    """An Offshore Farm mark: a fish over a wave line, with a dark halo for contrast on the sea."""
    for colour, grow in ((line, r * 0.14), (fill, 0.0)):
        body = (cx - r * 0.78 - grow, cy - r * 0.42 - grow, cx + r * 0.42 + grow, cy + r * 0.3 + grow)
        d.ellipse(body, fill=colour)
        tail = [
            (cx + r * 0.3, cy - r * 0.06),
            (cx + r * 0.86 + grow, cy - r * 0.46 - grow),
            (cx + r * 0.86 + grow, cy + r * 0.34 + grow),
        ]
        d.polygon(tail, fill=colour)
        w = max(1, int(r * 0.16 + grow))
        for i in range(2):  # a wave under the fish
            x0 = cx - r * 0.9 + i * r * 0.9
            d.arc((x0, cy + r * 0.42, x0 + r * 0.9, cy + r * 0.9), 200, 340, fill=colour, width=w)
    d.ellipse((cx - r * 0.56, cy - r * 0.2, cx - r * 0.4, cy - r * 0.04), fill=line)  # eye


def draw_round_tower(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """An Irish round tower: a tall, slightly tapering stone shaft with a conical cap, its door
    raised well above the ground and a window under the cap. Spans cy-r to cy+r."""
    shaft = [(-0.2, -0.5), (0.2, -0.5), (0.27, 0.9), (-0.27, 0.9)]
    cap = [(0.0, -1.0), (0.27, -0.46), (-0.27, -0.46)]
    dark = max(1, int(r * 0.06))
    d.ellipse(box(cx, cy + 0.92 * r, 0.5 * r, 0.1 * r), fill=(150, 160, 120))  # ground
    d.polygon(tx(shaft, cx, cy, r), fill=TOWER_STONE, outline=TOWER_DARK, width=dark)
    d.polygon(tx([(0.06, -0.5), (0.2, -0.5), (0.27, 0.9), (0.1, 0.9)], cx, cy, r), fill=(92, 86, 78))
    d.polygon(tx(cap, cx, cy, r), fill=TOWER_CAP, outline=TOWER_DARK, width=dark)
    for y in (0.0, 0.45):  # stone courses
        d.line(tx([(-0.22, y), (0.23, y)], cx, cy, r), fill=TOWER_DARK, width=max(1, int(r * 0.03)))
    d.rectangle((cx - 0.07 * r, cy + 0.12 * r, cx + 0.07 * r, cy + 0.36 * r), fill=TOWER_DARK)  # door
    d.rectangle((cx - 0.05 * r, cy - 0.4 * r, cx + 0.05 * r, cy - 0.28 * r), fill=TOWER_DARK)


def draw_tara(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The Hill of Tara: a green mound ringed by earthworks, the Lia Fail stone on top and a
    small gold crown (the seat of the High Kings). Spans about cy-r to cy+0.8r."""
    d.chord(
        box(cx, cy + 0.8 * r, 1.0 * r, 0.95 * r),
        180,
        360,
        fill=TARA_HILL,
        outline=TARA_RING,
        width=max(1, int(r * 0.06)),
    )
    w = max(1, int(r * 0.07))
    d.arc(box(cx, cy + 0.62 * r, 0.72 * r, 0.36 * r), 185, 355, fill=TARA_RING, width=w)
    d.arc(box(cx, cy + 0.56 * r, 0.44 * r, 0.2 * r), 0, 360, fill=TARA_RING, width=w)
    d.rounded_rectangle(
        box(cx, cy + 0.26 * r, 0.08 * r, 0.26 * r),
        radius=0.07 * r,
        fill=(150, 146, 136),
        outline=(80, 78, 74),
        width=max(1, int(r * 0.04)),
    )
    crown = [
        (-0.34, -0.42),
        (-0.34, -0.78),
        (-0.17, -0.6),
        (0.0, -0.9),
        (0.17, -0.6),
        (0.34, -0.78),
        (0.34, -0.42),
    ]
    d.polygon(tx(crown, cx, cy - 0.12 * r, r), fill=GOLD, outline=(120, 90, 0), width=max(1, int(r * 0.04)))


def draw_yellow_hex(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, width: int) -> None:
    pts = [
        (cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)
    ]
    d.polygon(pts, fill=YELLOW, outline=YELLOW_LINE, width=width)
