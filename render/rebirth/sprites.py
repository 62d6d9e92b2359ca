"""Pre-rendered pieces, drawn once (lru_cache) and pasted on every render: placed tiles, castle
rings, the last-move highlight, Round Tower bonus tiles, mission markers, Doubling Marker chips
and public-mission rows.

Why sprites: a render is then a copy and a few dozen pastes, the way chess GIF renderers paste
pre-rendered pieces; each is supersampled (SPRITE_SS) for antialiased edges.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    RGB,
    SEAT_STYLES,
    SPRITE_SS,
    Sprite,
    box,
    clean_text,
    draw_seat_mark,
    draw_shape,
    finish,
    fit_text,
    font,
    shape_text_y,
    square_canvas,
    tx,
)
from render.hexgrid import SQRT3, hex_corners
from render.rebirth.style import (
    CARD_BG,
    CHIP_OFF,
    COVER,
    COVER_DARK,
    COVER_LIGHT,
    GOLD,
    HIGHLIGHT,
    HIGHLIGHT_EDGE,
    HIGHLIGHT_HALO,
    MISSION_MARK_STEP,
    MISSION_ROW_H,
    PANEL_MUTED,
    PANEL_TEXT,
    TOKEN_BG,
    TOKEN_RIM,
)


def _canvas(size: float, scale: float = 1.0) -> tuple[Image.Image, int, int]:
    """A supersampled transparent canvas big enough for a hex of radius size*scale plus margin."""
    w = int(math.ceil(SQRT3 * size * scale)) + 6
    h = int(math.ceil(2 * size * scale)) + 6
    w += w % 2
    h += h % 2
    return Image.new("RGBA", (w * SPRITE_SS, h * SPRITE_SS), (0, 0, 0, 0)), w, h


def _tile_hex(
    d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, dark: RGB, light: RGB
) -> None:
    """A physical-looking tile: dark rim, bevel highlight, flat face."""
    d.polygon(hex_corners(cx, cy, r), fill=dark)
    d.polygon(hex_corners(cx, cy - r * 0.03, r * 0.9), fill=light)
    d.polygon(hex_corners(cx, cy + r * 0.02, r * 0.86), fill=fill)


@lru_cache(maxsize=128)
def tile_sprite(seat: int | None, tile: str, size: float) -> Sprite:
    """The picture of one placed tile for a seat (None: the grey face-down neutral tile).

    The face carries colour + seat letter (top) + a white seat-shape emblem holding the tile type
    ("E", "F", or 1-3 settlement pips), so shape and letter tell seats apart without colour.
    """
    img, w, h = _canvas(size, 0.92)
    d = ImageDraw.Draw(img)
    k = SPRITE_SS
    cx, cy, r = w * k / 2, h * k / 2, size * 0.9 * k
    if seat is None:
        _tile_hex(d, cx, cy, r, COVER, COVER_DARK, COVER_LIGHT)
        # a face-down back: a faint diagonal weave
        inner = hex_corners(cx, cy, r * 0.62)
        d.polygon(inner, outline=COVER_DARK, width=max(1, int(r * 0.05)))
        d.polygon(hex_corners(cx, cy, r * 0.3), fill=COVER_DARK)
        return finish(img, w, h)
    st = SEAT_STYLES[seat % len(SEAT_STYLES)]
    _tile_hex(d, cx, cy, r, st.fill, st.dark, st.light)
    # seat letter, top
    lf = font(r * 0.42)
    d.text(
        (cx, cy - r * 0.56),
        st.letter,
        font=lf,
        fill=(255, 255, 255),
        anchor="mm",
        stroke_width=max(1, int(r * 0.05)),
        stroke_fill=st.dark,
    )
    # emblem: seat shape, white, with the tile type inside
    ey, er = cy + r * 0.2, r * 0.47
    if st.shape == "triangle":
        er *= 1.08
        ey -= r * 0.04
    draw_shape(d, st.shape, cx, ey, er, (255, 255, 255), st.dark, max(1, int(r * 0.06)))
    ty = shape_text_y(st.shape, ey, er)
    if tile in ("E", "F"):
        tf = font(er * (1.05 if st.shape != "triangle" else 0.9))
        d.text(
            (cx, ty),
            tile,
            font=tf,
            fill=(20, 20, 20),
            anchor="mm",
            stroke_width=max(1, int(r * 0.02)),
            stroke_fill=(20, 20, 20),
        )
    else:
        n = int(tile[1:]) if tile[1:].isdigit() else 1
        pr = er * (0.2 if st.shape != "triangle" else 0.17)
        if n == 1:
            pips = [(0.0, 0.0)]
        elif n == 2:
            pips = [(-0.3, 0.0), (0.3, 0.0)]
        else:
            pips = [(0.0, -0.27), (-0.3, 0.22), (0.3, 0.22)]
        if st.shape == "triangle":
            pips = [(x * 0.85, y * 0.85) for x, y in pips]
        for px, py in pips:
            x, y = cx + px * er, ty + py * er
            d.ellipse((x - pr, y - pr, x + pr, y + pr), fill=(20, 20, 20))
    return finish(img, w, h)


@lru_cache(maxsize=64)
def first_badge_sprite(seat: int, radius: float) -> Sprite:
    """A seat badge on a gold disc: the first player to complete a public mission."""
    st = SEAT_STYLES[seat % len(SEAT_STYLES)]
    img, side, c, r = square_canvas(radius, 3.0)
    d = ImageDraw.Draw(img)
    d.ellipse(box(c, c, r * 1.42, r * 1.42), fill=GOLD, outline=(120, 90, 0), width=max(1, int(r * 0.1)))
    d.ellipse(box(c, c, r * 1.16, r * 1.16), fill=TOKEN_BG)  # keeps orange apart from the gold
    draw_seat_mark(d, st, c, r, 0.98, 0.82, 0.95)
    return finish(img, side, side)


@lru_cache(maxsize=64)
def tower_token_sprite(bonus: str, value: int | None, size: float) -> Sprite:
    """A Round Tower's face-up bonus tile: a dark disc with a gold rim and a white glyph.

    points "+3", mission a card with "M", extra_tile "+" and a tile, recall a return arrow,
    doubling "x2"; an unknown bonus shows "?".
    """
    radius = size * 0.36
    img, side, c, r = square_canvas(radius, 2.3)
    d = ImageDraw.Draw(img)
    d.ellipse(box(c, c, r * 1.08, r * 1.08), fill=(250, 246, 230))
    d.ellipse(box(c, c, r, r), fill=TOKEN_BG, outline=TOKEN_RIM, width=max(1, int(r * 0.12)))
    white = (255, 255, 255)

    def label(text: str, scale: float, y: float = 0.0) -> None:
        f = font(r * scale)
        d.text(
            (c, c + y * r),
            text,
            font=f,
            fill=white,
            anchor="mm",
            stroke_width=max(1, int(r * 0.05)),
            stroke_fill=white,
        )

    if bonus == "points":
        label(f"+{int(value or 0)}", 1.05 if int(value or 0) < 10 else 0.85)
    elif bonus == "doubling":
        label("x2", 1.05)
    elif bonus == "mission":  # a card, tilted, with an M
        card = [(-0.36, -0.56), (0.36, -0.56), (0.36, 0.56), (-0.36, 0.56)]
        a = math.radians(-12)
        pts = [(x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)) for x, y in card]
        d.polygon(tx(pts, c, c, r), fill=white)
        f = font(r * 0.62)
        d.text((c, c), "M", font=f, fill=TOKEN_BG, anchor="mm")
    elif bonus == "extra_tile":  # a white hexagonal tile marked "+1"
        d.polygon(hex_corners(c, c, r * 0.78), fill=white)
        f = font(r * 0.78)
        d.text(
            (c, c),
            "+1",
            font=f,
            fill=TOKEN_BG,
            anchor="mm",
            stroke_width=max(1, int(r * 0.03)),
            stroke_fill=TOKEN_BG,
        )
    elif bonus == "recall":  # a return arrow: three quarters of a circle and an arrowhead
        w = max(1, int(r * 0.17))
        ar = r * 0.5
        d.arc(box(c, c + r * 0.05, ar, ar), 200, 500, fill=white, width=w)
        # the arc starts at 200 degrees (left, a little up); the head points back up-left... up
        hx, hy = c + ar * math.cos(math.radians(200)), c + r * 0.05 + ar * math.sin(math.radians(200))
        d.polygon(
            [(hx - r * 0.3, hy + r * 0.02), (hx + r * 0.22, hy + r * 0.02), (hx - r * 0.04, hy + r * 0.36)],
            fill=white,
        )
    else:
        label("?", 1.05)
    return finish(img, side, side)


@lru_cache(maxsize=4)
def doubling_chip_sprite(available: bool) -> Sprite:
    """The Doubling Marker in the score panel: a gold "x2" chip, or a dim crossed-out one."""
    w, h = 46, 24
    k = SPRITE_SS
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    edge = (k, k, (w - 1) * k, (h - 1) * k)
    f = font(17 * k)
    if available:
        d.rounded_rectangle(edge, radius=10 * k, fill=GOLD, outline=(120, 90, 0), width=2 * k)
        d.text(
            (w * k / 2, h * k / 2),
            "x2",
            font=f,
            fill=TOKEN_BG,
            anchor="mm",
            stroke_width=k // 2 + 1,
            stroke_fill=TOKEN_BG,
        )
    else:
        d.rounded_rectangle(edge, radius=10 * k, fill=None, outline=CHIP_OFF, width=2 * k)
        d.text((w * k / 2, h * k / 2), "x2", font=f, fill=CHIP_OFF, anchor="mm")
        d.line([(6 * k, (h - 6) * k), ((w - 6) * k, 6 * k)], fill=CHIP_OFF, width=2 * k)
    return finish(img, w, h)


@lru_cache(maxsize=256)
def mission_row_sprite(name: str, high: int, low: int, done: int, width: int) -> Sprite:
    """One card of the public row: its values (high in gold while still to be won, dimmed once
    someone took it) and its name, cut to leave room for the `done` seats that completed it,
    whose markers are pasted on the right."""
    taken = done > 0
    h = MISSION_ROW_H
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=7, fill=CARD_BG)
    vf = font(18)
    hb = (6, 4, 36, h - 5)
    if taken:
        d.rounded_rectangle(hb, radius=6, outline=CHIP_OFF, width=2)
        d.text(((hb[0] + hb[2]) / 2, h / 2), str(high), font=vf, fill=PANEL_MUTED, anchor="mm")
    else:
        d.rounded_rectangle(hb, radius=6, fill=GOLD)
        d.text(
            ((hb[0] + hb[2]) / 2, h / 2),
            str(high),
            font=vf,
            fill=TOKEN_BG,
            anchor="mm",
        )
    lb = (40, 4, 68, h - 5)
    d.rounded_rectangle(lb, radius=6, outline=PANEL_MUTED, width=2)
    d.text(((lb[0] + lb[2]) / 2, h / 2), str(low), font=vf, fill=PANEL_TEXT, anchor="mm")
    nf = font(18)
    text = fit_text(clean_text(name, 40), nf, width - 84 - min(done, 4) * MISSION_MARK_STEP)
    d.text((78, h / 2), text, font=nf, fill=PANEL_TEXT, anchor="lm")
    return Sprite(img, 0, 0)


@lru_cache(maxsize=16)
def ring_sprite(colour: RGB, size: float, width_frac: float, halo: RGB | None) -> Sprite:
    """A hex outline ring (castle control), antialiased; `halo` adds a thin outer edge."""
    layers: list[tuple[RGB | None, float, float]] = [(halo, 1.03, 0.05 + width_frac)] if halo else []
    layers.append((colour, 1.0, width_frac))
    return _rings(size, layers)


@lru_cache(maxsize=4)
def highlight_sprite(size: float) -> Sprite:
    """The last-placement marker: a thick red ring between white and black edges, reaching a
    little outside the space so it frames the tile without hiding it."""
    return _rings(size, ((HIGHLIGHT_HALO, 1.18, 0.38), (HIGHLIGHT_EDGE, 1.14, 0.34), (HIGHLIGHT, 1.1, 0.26)))


def _rings(size: float, layers: Sequence[tuple[RGB | None, float, float]]) -> Sprite:
    """Concentric hex rings, outermost first: (colour, outer radius and width, both in hexes)."""
    img, w, h = _canvas(size, 1.22)
    d = ImageDraw.Draw(img)
    k = SPRITE_SS
    cx, cy = w * k / 2, h * k / 2
    for colour, outer, width in layers:
        if colour is None:
            continue
        # Pillow grows polygon outlines inwards, so the outer radius is the polygon's radius
        d.polygon(hex_corners(cx, cy, size * outer * k), outline=colour, width=max(1, int(size * width * k)))
    return finish(img, w, h)


# ---------------------------------------------------------------------------------------------
# Static layer: terrain, icons, coordinates, names, legend; cached per (map, covered spaces)
