"""Sprites of the main board: terrain glyphs, area tiles face up and face down, pieces, and
the ring that marks what the last turn changed.

Each is drawn supersampled once (functools.lru_cache) and pasted on every render: a tile
changes only when it is explored, and a piece only by seat and kind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.revive.board import unrotate
from i18n import t
from render.common import (
    RGB,
    SEAT_STYLES,
    Sprite,
    badge_sprite,
    box,
    draw_shape,
    finish,
    font,
    shape_text_y,
    tx,
)
from render.hexgrid import SQRT3, hex_corners
from render.revive.geometry import flower_offsets
from render.revive.ref import ContentRef
from render.revive.style import (
    BACK,
    BLACK,
    DARK_TEXT,
    GOLD,
    HIGHLIGHT,
    SS,
    TERRAIN,
    TILE_EDGE,
    UNKNOWN,
    WHITE,
)
from render.revive.text import draw_lines, fit_lines
from render.revive.words import effects_label, resources_label


def glyph(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float, ink: RGB) -> None:
    """The terrain's own mark, so terrain never depends on colour alone."""
    lw = max(1, int(r * 0.16))
    if kind == "sand":  # a scatter of grains
        for gx, gy in ((-0.55, 0.25), (0.0, -0.35), (0.55, 0.25), (-0.25, -0.95), (0.3, 0.85), (-0.7, -0.5)):
            d.ellipse(box(cx + gx * r, cy + gy * r * 0.7, r * 0.13, r * 0.13), fill=ink)
    elif kind == "forest":  # two fir trees
        for fx, scale in ((-0.42, 0.85), (0.38, 1.0)):
            x = cx + fx * r
            d.polygon(tx([(0, -1.0), (0.55, 0.45), (-0.55, 0.45)], x, cy, r * scale), fill=ink)
            d.rectangle((x - r * 0.08, cy + 0.4 * r * scale, x + r * 0.08, cy + 0.85 * r * scale), fill=ink)
    elif kind == "mountain":  # two peaks with snow
        d.polygon(tx([(-1.0, 0.7), (-0.35, -0.55), (0.25, 0.7)], cx, cy, r), fill=ink)
        d.polygon(tx([(-0.25, 0.7), (0.35, -0.95), (1.0, 0.7)], cx, cy, r), fill=ink)
        d.polygon(tx([(0.35, -0.95), (0.52, -0.5), (0.18, -0.5)], cx, cy, r), fill=WHITE)
    elif kind == "field":  # furrows under a sun
        for i in range(3):
            y = cy + (0.05 + i * 0.32) * r
            d.line([(cx - 0.9 * r, y + 0.12 * r), (cx + 0.9 * r, y - 0.12 * r)], fill=ink, width=lw)
        d.ellipse(box(cx, cy - 0.55 * r, 0.3 * r, 0.3 * r), fill=ink)
    elif kind == "water":  # two waves
        for i in range(2):
            y = cy + (i * 0.55 - 0.3) * r
            for j in range(2):
                x0 = cx - r + j * r
                d.arc((x0, y - 0.3 * r, x0 + r, y + 0.3 * r), 200, 340, fill=ink, width=lw)
    elif kind == "crystal":  # a cut gem
        pts = [(0, -1.0), (0.7, -0.3), (0.0, 1.0), (-0.7, -0.3)]
        d.polygon(tx(pts, cx, cy, r), fill=WHITE, outline=ink, width=lw)
        d.line(tx([(-0.7, -0.3), (0.7, -0.3)], cx, cy, r), fill=ink, width=lw)
        d.line(tx([(0, -1.0), (0.0, 1.0)], cx, cy, r), fill=ink, width=max(1, lw // 2))
    elif kind == "location":  # a flag on a ruin
        d.rectangle((cx - 0.8 * r, cy + 0.55 * r, cx + 0.8 * r, cy + 0.9 * r), fill=(110, 100, 90))
        d.line([(cx - 0.3 * r, cy + 0.6 * r), (cx - 0.3 * r, cy - 1.0 * r)], fill=DARK_TEXT, width=lw)
        d.polygon(tx([(-0.3, -1.0), (0.75, -0.7), (-0.3, -0.35)], cx, cy, r), fill=ink)


def _flower_canvas(size: float, k: int) -> tuple[Image.Image, int, int]:
    """A transparent canvas for a 7-space flower of hex radius `size`, supersampled `k` times."""
    w = int(math.ceil(SQRT3 * size * 3.0)) + 8
    h = int(math.ceil(size * 5.0)) + 8
    w += w % 2
    h += h % 2
    return Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0)), w, h


def tile_kinds(ref: ContentRef, tile: str, rotation: int) -> list[dict[str, Any]]:
    """The tile's space at each board position 0-6 of its slot (the same rule as
    engine/revive/costs.py `space_type`); `{"type": "?"}` where the content has none."""
    spaces = ref.tiles[tile]["spaces"]
    kinds = []
    for position in range(7):
        index = unrotate(position, rotation % 6)
        kinds.append(spaces[index] if 0 <= index < len(spaces) else {"type": "?"})
    return kinds


@lru_cache(maxsize=256)
def tile_sprite(
    ref: ContentRef,
    slot: str,
    tile: str,
    rotation: int,
    size: float,
    labels: bool = True,
    *,
    locale: str = "",
) -> Sprite:
    """A face-up area tile in its slot: seven spaces, each with its terrain colour and glyph,
    its water reward in words (in `locale`) and its space id (`S3.2`) so players can name it in
    a move (`labels` False: no words, for the channel image, which labels only what matters;
    then `locale` is "", so the bare sprite is drawn once for every language)."""
    k = SS
    img, w, h = _flower_canvas(size, k)
    d = ImageDraw.Draw(img)
    cx, cy = w * k / 2, h * k / 2
    offsets = flower_offsets(size)
    kinds = tile_kinds(ref, tile, rotation)
    for ox, oy in offsets:  # the tile's dark rim
        d.polygon(hex_corners(cx + ox * k, cy + oy * k, size * k * 1.02), fill=TILE_EDGE)
    for (ox, oy), kind in zip(offsets, kinds, strict=True):
        fill, ink = TERRAIN.get(kind["type"], UNKNOWN)
        x, y = cx + ox * k, cy + oy * k
        d.polygon(hex_corners(x, y, size * k * 0.93), fill=fill)
        gy, gr = y - size * k * 0.3, size * k * 0.3
        if kind["type"] in ("water", "location"):  # room below for the reward / the figures
            gy, gr = y - size * k * 0.6, size * k * 0.2
        glyph(d, kind["type"], x, gy, gr, ink)
    small = img.resize((w, h), Image.Resampling.LANCZOS)
    if not labels:
        return Sprite(small, -w // 2, -h // 2)
    d = ImageDraw.Draw(small)
    for p, ((ox, oy), kind) in enumerate(zip(offsets, kinds, strict=True)):
        _, ink = TERRAIN.get(kind["type"], UNKNOWN)
        x, y = w / 2 + ox, h / 2 + oy
        if kind["type"] == "water":
            reward = effects_label(kind["reward"], locale)
            # the hex's whole width at its middle (a long word: "+1 engrenagem"), down to 10 px
            lines, fs = fit_lines(reward, size * 1.6, size * 0.9, (13, 12, 11, 10), locale)
            draw_lines(d, x, y + size * 0.0, lines, fs, DARK_TEXT)
        d.text((x, y + size * 0.66), f"{slot}.{p}", font=font(12), fill=ink, anchor="mm")
    return Sprite(small, -w // 2, -h // 2)


@lru_cache(maxsize=128)
def back_sprite(
    slot: str,
    cost: tuple[tuple[str, int], ...],
    points: int,
    size: float,
    labels: bool = True,
    *,
    locale: str = "",
) -> Sprite:
    """A face-down tile: one slate flower with its slot id, the explore cost and its points, in
    `locale` (`labels` False: the bare flower, with `locale` "")."""
    k = SS
    img, w, h = _flower_canvas(size, k)
    d = ImageDraw.Draw(img)
    cx, cy = w * k / 2, h * k / 2
    fill, ink = BACK
    for ox, oy in flower_offsets(size):
        d.polygon(hex_corners(cx + ox * k, cy + oy * k, size * k * 1.02), fill=TILE_EDGE)
    for ox, oy in flower_offsets(size):
        d.polygon(hex_corners(cx + ox * k, cy + oy * k, size * k * 0.995), fill=fill)
    small = img.resize((w, h), Image.Resampling.LANCZOS)
    if not labels:
        return Sprite(small, -w // 2, -h // 2)
    d = ImageDraw.Draw(small)
    x, y = w / 2, h / 2
    d.text(
        (x, y - size * 1.25), slot, font=font(24), fill=WHITE, anchor="mm", stroke_width=1, stroke_fill=WHITE
    )
    cost_text = resources_label(dict(cost), "", locale)
    lines, fs = fit_lines(cost_text, SQRT3 * size * 2.3, size * 1.1, (20, 18, 16), locale)
    draw_lines(d, x, y + size * 0.05, lines, fs, ink)
    d.text(
        (x, y + size * 1.25),
        t("revive.img.back_points", locale, points=points, count=points),
        font=font(20),
        fill=GOLD,
        anchor="mm",
    )
    return Sprite(small, -w // 2, -h // 2)


_SMALL_HOUSE = [(-0.85, -0.1), (0.0, -0.95), (0.85, -0.1), (0.85, 0.85), (-0.85, 0.85)]
_LARGE_HOUSE = [
    (-1.0, -0.05),
    (-0.5, -0.75),
    (0.0, -0.05),
    (0.5, -0.75),
    (1.0, -0.05),
    (1.0, 0.85),
    (-1.0, 0.85),
]


@lru_cache(maxsize=64)
def piece_sprite(style: int, kind: str, size: float) -> Sprite:
    """A seat's piece. Buildings are houses in the seat colour carrying the seat's white shape
    and letter (a large one is bigger and has two roofs); population is the seat badge."""
    st = SEAT_STYLES[style % len(SEAT_STYLES)]
    if kind == "population":
        return badge_sprite(style, size * 0.27)
    k = 4
    large = kind == "large"
    r = size * (0.62 if large else 0.46)
    side = int(math.ceil(r * 2.5)) + 4
    side += side % 2
    img = Image.new("RGBA", (side * k, side * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = side * k / 2
    rk = r * k
    house = _LARGE_HOUSE if large else _SMALL_HOUSE
    outer = [(x * 1.12, y * 1.1 + 0.01) for x, y in house]
    d.polygon(tx(outer, c, c, rk), fill=WHITE)
    d.polygon(tx(house, c, c, rk), fill=st.fill, outline=BLACK, width=max(1, int(rk * 0.08)))
    er = rk * (0.42 if large else 0.44)
    ey = c + rk * 0.38
    draw_shape(d, st.shape, c, ey, er, WHITE, st.dark, max(1, int(rk * 0.05)))
    d.text(
        (c, shape_text_y(st.shape, ey, er)),
        st.letter,
        font=font(er * (1.2 if st.shape != "triangle" else 0.95)),
        fill=DARK_TEXT,
        anchor="mm",
    )
    return finish(img, side, side)


def _flower_outline(
    d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, k: int, outer: float, colour: RGB, lw: int
) -> None:
    """The outline of a 7-hex flower: the 18 outer edges of its ring."""
    for ox, oy in flower_offsets(size)[1:]:
        corners = hex_corners(cx + ox * k * outer, cy + oy * k * outer, size * outer * k)
        centre_dist = math.hypot(ox, oy)
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
            if math.hypot(mx, my) > centre_dist * k * outer * 1.05:
                d.line([a, b], fill=colour, width=lw)
                d.ellipse(box(a[0], a[1], lw / 2, lw / 2), fill=colour)
                d.ellipse(box(b[0], b[1], lw / 2, lw / 2), fill=colour)


def _rings(size: float, layers: Sequence[tuple[RGB, float, float]], flower: bool = False) -> Sprite:
    """Concentric hex rings (or flower outlines), outermost first: (colour, radius, width) in hexes."""
    k = 4
    if flower:
        img, w, h = _flower_canvas(size * 1.08, k)
    else:
        w = h = int(math.ceil(size * 2.5)) + 6
        w += w % 2
        h = w
        img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    cx, cy = w * k / 2, h * k / 2
    for colour, outer, width in layers:
        lw = max(1, int(size * width * k))
        if flower:
            _flower_outline(d, cx, cy, size, k, outer, colour, lw)
        else:
            d.polygon(hex_corners(cx, cy, size * outer * k), outline=colour, width=lw)
    return finish(img, w, h)


@lru_cache(maxsize=8)
def highlight_sprite(size: float, flower: bool = False) -> Sprite:
    """What the last turn changed: a thick red ring between white and black edges, a little
    outside the space (or the whole tile) so it frames what is there without hiding it."""
    layers = ((BLACK, 1.16, 0.36), (WHITE, 1.12, 0.32), (HIGHLIGHT, 1.08, 0.24))
    if flower:
        layers = ((BLACK, 1.06, 0.3), (WHITE, 1.04, 0.25), (HIGHLIGHT, 1.02, 0.17))
    return _rings(size, layers, flower)


@lru_cache(maxsize=8)
def option_sprite(size: float, flower: bool = False) -> Sprite:
    """A place one of your moves can use (the options image): a gold ring edged black, the same
    shape as the last-turn ring so the two never read as one."""
    layers = ((BLACK, 1.1, 0.28), (GOLD, 1.06, 0.18))
    if flower:
        layers = ((BLACK, 1.05, 0.26), (GOLD, 1.03, 0.16))
    return _rings(size, layers, flower)
