"""Board image for Rebirth: `render_board(view, map_data, names) -> PNG bytes`.

Why it is built the way it is:

* Discord shows an inline preview about 550 px wide, so the image is about 1100-1300 px wide
  (board on the left, score panel on the right) and its text is sized to survive a halving.
* Rendering happens on every move in a busy bot, so everything that does not depend on the
  view is drawn once: the terrain layer (per map and set of covered yellow spaces) is cached
  with functools.lru_cache, and tile sprites are pre-rendered once per seat and tile kind and
  pasted, the way chess GIF renderers paste pre-rendered pieces. A render is then a copy, a
  few dozen pastes, the score panel, and a palette conversion, which keeps it fast and the PNG
  small.
* Colour alone must never carry meaning (colour-blind players): every seat also has a shape and
  a letter, drawn on its tiles, its castle flags, its cathedral markers and in the score panel.
* Player names are user-typed: they are only ever drawn as text, cleaned to what the bundled
  font can show (the default Pillow font covers ASCII), and truncated.
* Fonts come from `ImageFont.load_default(size=...)`, bundled with Pillow, so rendering works
  in Docker and CI without system fonts. No file is read at render time.
* Ireland (advanced mode) adds Round Towers (with their face-up bonus tile and the seats that
  took it), the Hill of Tara, offshore farms, the public mission row in the panel and each
  seat's Doubling Marker. The bonus tiles, markers, chips and mission rows are cached sprites
  too, and a map without those features draws exactly as before.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import NAME_CHARS as NAME_CHARS  # re-exported: callers read rebirth.NAME_CHARS
from render.common import (
    RGB,
    SEAT_STYLES,
    SPRITE_SS,
    Point,
    SeatStyle,
    Sprite,
    badge_sprite,
    clean_text,
)
from render.common import STYLE_BY_COLOUR as _STYLE_BY_COLOUR
from render.common import box as _box
from render.common import draw_seat_mark as _draw_seat_mark
from render.common import draw_shape as _draw_shape
from render.common import finish as _finish
from render.common import fit_text as _fit_text
from render.common import font as _font
from render.common import shape_text_y as _shape_text_y
from render.common import square_canvas as _square_canvas
from render.common import tx as _tx
from render.hexgrid import (
    SQRT3,
    board_pixel_size,
    coord_name,
    edge_neighbour,
    hex_center,
    hex_corners,
    parse_coord,
)

# ---------------------------------------------------------------------------------------------
# Look and feel
# ---------------------------------------------------------------------------------------------


BG: RGB = (27, 35, 44)
PANEL_BG: RGB = (38, 48, 60)
CARD_BG: RGB = (48, 60, 74)
CARD_CURRENT_BG: RGB = (66, 82, 100)
PANEL_TEXT: RGB = (236, 238, 240)
PANEL_MUTED: RGB = (160, 172, 186)
GOLD: RGB = (255, 214, 60)

SEA: RGB = (62, 112, 160)
SEA_LINE: RGB = (74, 124, 172)
LOCH: RGB = (132, 188, 226)
LOCH_LINE: RGB = (104, 160, 204)
LAND_LINE: RGB = (118, 128, 92)
COAST: RGB = (44, 60, 52)
TERRAIN: dict[str, RGB] = {
    ".": (218, 228, 176),  # blank land: meadow
    "e": (226, 232, 196),  # energy farm space: paler, with a bolt
    "f": (236, 224, 168),  # food farm space: straw, with a sheaf
    "s": (238, 216, 180),  # settlement space: sandstone
    "C": (176, 172, 164),  # castle: stone
    "K": (196, 186, 208),  # cathedral: lavender stone
    "R": (204, 210, 184),  # Round Tower (Ireland): grey-green upland
    "T": (184, 212, 140),  # Hill of Tara (Ireland): green mound
}
ICON_ENERGY: RGB = (170, 140, 30)
ICON_FOOD: RGB = (168, 120, 48)
ICON_HOUSE: RGB = (150, 100, 70)
SETTLEMENT_LINE: RGB = (112, 66, 36)
COORD_TEXT: RGB = (58, 62, 46)
YELLOW: RGB = (250, 204, 20)
YELLOW_LINE: RGB = (120, 90, 0)
COVER: RGB = (128, 130, 134)
COVER_DARK: RGB = (78, 80, 84)
COVER_LIGHT: RGB = (160, 162, 166)
# last placement: red ring edged white then black, loud on land, sea and every seat colour
HIGHLIGHT: RGB = (235, 20, 45)
HIGHLIGHT_EDGE: RGB = (255, 255, 255)
HIGHLIGHT_HALO: RGB = (0, 0, 0)

# Ireland pieces
TOWER_STONE: RGB = (112, 104, 94)
TOWER_DARK: RGB = (60, 54, 50)
TOWER_CAP: RGB = (72, 64, 58)
TARA_HILL: RGB = (120, 160, 80)
TARA_RING: RGB = (64, 104, 44)
TOKEN_BG: RGB = (34, 44, 58)  # Round Tower bonus tiles and the Doubling Marker
TOKEN_RIM: RGB = (214, 174, 40)
CHIP_OFF: RGB = (112, 124, 138)

PLACEABLE = frozenset(".efs")
LAND = frozenset(".efsCKRT")

TILE_NAMES = {
    "E": "Energy Farm",
    "F": "Food Farm",
    "S1": "Settlement 1",
    "S2": "Settlement 2",
    "S3": "Settlement 3",
    "N": "neutral tile",
}

SS = 2  # supersampling of the static layer (antialiased edges and text)

MARGIN = 14
PANEL_W = 350
MAX_BOARD_W = 900
MAX_BOARD_H = 1420
MIN_HEX = 16.0
MAX_HEX = 44.0


# ---------------------------------------------------------------------------------------------
# Fonts and text cleaning
# ---------------------------------------------------------------------------------------------


# ---------------------------------------------------------------------------------------------
# Map parsing and layout
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where things go in the final image (all in final pixels)."""

    size: float  # hex centre-to-corner radius
    origin: tuple[float, float]  # centre of A1
    board_box: tuple[int, int, int, int]
    panel_box: tuple[int, int, int, int]
    width: int
    height: int
    missions: bool = False  # a public-mission row in the panel (Ireland)
    legend_h: int = 250

    def missions_top(self, n_seats: int) -> int:
        """Top of the public-mission area, under the seat cards and the last-move line."""
        n = max(1, min(4, n_seats))
        return self.panel_box[1] + _PANEL_TITLE_H + n * (_CARD_H + _CARD_GAP) + _LAST_H

    def center(self, col: int, row: int) -> Point:
        return hex_center(col, row, self.size, self.origin)


@dataclass
class MapInfo:
    """The parts of a map file the renderer needs, parsed once per static layer."""

    map_id: str
    name: str
    grid: list[list[str]]
    cols: int
    rows: int
    settlements: list[tuple[str, list[tuple[int, int]]]]
    ports: list[tuple[int, int]]
    castles: dict[tuple[int, int], str]
    cathedrals: dict[tuple[int, int], str]
    yellow: dict[tuple[int, int], int]
    labels: list[tuple[str, tuple[int, int]]]
    regions_grid: list[list[str]] = field(default_factory=list)
    offshore: list[tuple[int, int]] = field(default_factory=list)
    towers: dict[tuple[int, int], str] = field(default_factory=dict)
    tara: tuple[int, int] | None = None

    @property
    def advanced(self) -> bool:
        """Ireland (advanced mode): towers, Tara or offshore farms, public missions."""
        return bool(self.towers or self.tara or self.offshore)

    def kind(self, col: int, row: int) -> str:
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return self.grid[row][col]
        return "-"


def _cell(name: str) -> tuple[int, int]:
    return parse_coord(name)


def _parse_map(m: dict) -> MapInfo:
    grid = [row.split() for row in m["grid"]]
    rows = len(grid)
    cols = max((len(r) for r in grid), default=0)
    grid = [r + ["-"] * (cols - len(r)) for r in grid]
    regions_grid = [r.split() for r in m.get("regions_grid", [])]
    return MapInfo(
        map_id=str(m.get("id", "map")),
        name=str(m.get("name", m.get("id", ""))),
        grid=grid,
        cols=cols,
        rows=rows,
        settlements=[
            (str(s.get("name", "")), [_cell(x) for x in s.get("spaces", [])])
            for s in m.get("settlements", [])
        ],
        ports=[_cell(x) for x in m.get("ports", [])],
        castles={_cell(k): str(v) for k, v in m.get("castles", {}).items()},
        cathedrals={_cell(k): str(v) for k, v in m.get("cathedrals", {}).items()},
        yellow={_cell(k): int(v) for k, v in m.get("yellow", {}).items()},
        labels=[(str(lb.get("text", "")), _cell(lb["at"])) for lb in m.get("labels", []) if "at" in lb],
        regions_grid=regions_grid,
        offshore=[_cell(x) for x in m.get("offshore", [])],
        towers={_cell(k): str(v) for k, v in (m.get("towers") or {}).items()},
        tara=_cell(m["tara"]) if m.get("tara") else None,
    )


def _layout(cols: int, rows: int, missions: bool = False, legend_rows: int = 7) -> Layout:
    """Pick the hex size that fits the board in the width/height budget; panel on the right.

    The panel is as tall as its parts need: title, four seat cards, the last move, the public
    missions (Ireland), and the legend (one row per feature the map has).
    """
    unit_w, unit_h = board_pixel_size(cols, rows, 1.0)
    size = min(MAX_BOARD_W / max(unit_w, 1e-9), MAX_BOARD_H / max(unit_h, 1e-9))
    size = max(MIN_HEX, min(MAX_HEX, size))
    bw, bh = board_pixel_size(cols, rows, size)
    bw_i, bh_i = int(math.ceil(bw)), int(math.ceil(bh))
    board_box = (MARGIN, MARGIN, MARGIN + bw_i, MARGIN + bh_i)
    panel_x0 = board_box[2] + MARGIN
    legend_h = _legend_height(legend_rows)
    panel_min = _PANEL_MIN_H - _LEGEND_H + legend_h + (_MISSIONS_H if missions else 0)
    height = max(bh_i + 2 * MARGIN, panel_min)
    panel_box = (panel_x0, 0, panel_x0 + PANEL_W, height)
    origin = (MARGIN + SQRT3 * size / 2, MARGIN + size)
    return Layout(size, origin, board_box, panel_box, panel_box[2], height, missions, legend_h)


def _layout_for(info: MapInfo) -> Layout:
    return _layout(info.cols, info.rows, info.advanced, len(_legend_rows(info)))


# Heights of the panel parts, shared by the static and the dynamic panel drawing.
_PANEL_TITLE_H = 92
_CARD_H = 128
_CARD_GAP = 10
_LEGEND_H = 250
_LAST_H = 56
_PANEL_MIN_H = _PANEL_TITLE_H + 4 * (_CARD_H + _CARD_GAP) + _LAST_H + _LEGEND_H + 20
# public missions (Ireland): a header and one row per card of the public row
_MISSION_HEAD_H = 28
_MISSION_ROW_H = 32
_MISSION_GAP = 3
_MISSION_CARDS = 8
_MISSION_MARK_R = 10.0  # seat markers of who completed a card, the first on a gold disc
_MISSION_MARK_STEP = 27
_MISSIONS_H = _MISSION_HEAD_H + _MISSION_CARDS * (_MISSION_ROW_H + _MISSION_GAP)


def _legend_row_h(n_rows: int) -> int:
    return 32 if n_rows <= 7 else 28


def _legend_height(n_rows: int) -> int:
    """Scotland's seven rows keep their 250 px; longer legends get tighter rows."""
    return _LEGEND_H if n_rows <= 7 else 22 + n_rows * _legend_row_h(n_rows)


# ---------------------------------------------------------------------------------------------
# Shape and icon primitives (coordinates in whatever scale the caller draws at)
# ---------------------------------------------------------------------------------------------


def _draw_bolt(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = [(0.18, -1.0), (-0.5, 0.12), (-0.04, 0.12), (-0.2, 1.0), (0.5, -0.16), (0.04, -0.16)]
    d.polygon(_tx(pts, cx, cy, r), fill=fill)


def _draw_sheaf(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
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


def _draw_house(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = [
        (0.0, -0.95),
        (0.85, -0.15),
        (0.62, -0.15),
        (0.62, 0.85),
        (-0.62, 0.85),
        (-0.62, -0.15),
        (-0.85, -0.15),
    ]
    d.polygon(_tx(pts, cx, cy, r), fill=fill)


def _draw_castle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, hole: RGB) -> None:
    body = [(-0.8, -0.35), (0.8, -0.35), (0.8, 0.9), (-0.8, 0.9)]
    d.polygon(_tx(body, cx, cy, r), fill=fill)
    for x0 in (-0.8, -0.16, 0.48):  # crenellations
        d.rectangle((cx + x0 * r, cy - 0.7 * r, cx + (x0 + 0.32) * r, cy - 0.3 * r), fill=fill)
    # central tower
    d.rectangle((cx - 0.26 * r, cy - 1.0 * r, cx + 0.26 * r, cy - 0.3 * r), fill=fill)
    d.pieslice((cx - 0.28 * r, cy + 0.3 * r, cx + 0.28 * r, cy + 0.86 * r), 180, 360, fill=hole)
    d.rectangle((cx - 0.28 * r, cy + 0.58 * r, cx + 0.28 * r, cy + 0.9 * r), fill=hole)


def _draw_cathedral(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, hole: RGB) -> None:
    nave = [(-0.85, -0.05), (-0.2, -0.05), (-0.2, 0.9), (-0.85, 0.9)]
    d.polygon(_tx(nave, cx, cy, r), fill=fill)
    d.polygon(_tx([(-0.95, -0.05), (-0.52, -0.45), (-0.1, -0.05)], cx, cy, r), fill=fill)
    tower = [(-0.25, -0.35), (0.45, -0.35), (0.45, 0.9), (-0.25, 0.9)]
    d.polygon(_tx(tower, cx, cy, r), fill=fill)
    d.polygon(_tx([(-0.3, -0.33), (0.1, -1.0), (0.5, -0.33)], cx, cy, r), fill=fill)
    w = max(1, int(r * 0.1))
    d.line([(cx + 0.1 * r, cy - 1.0 * r), (cx + 0.1 * r, cy - 1.25 * r)], fill=fill, width=w)
    d.line([(cx - 0.02 * r, cy - 1.15 * r), (cx + 0.22 * r, cy - 1.15 * r)], fill=fill, width=w)
    d.pieslice((cx - 0.07 * r, cy + 0.1 * r, cx + 0.27 * r, cy + 0.5 * r), 180, 360, fill=hole)
    d.rectangle((cx - 0.07 * r, cy + 0.3 * r, cx + 0.27 * r, cy + 0.9 * r), fill=hole)
    d.ellipse((cx - 0.64 * r, cy + 0.18 * r, cx - 0.42 * r, cy + 0.4 * r), fill=hole)


def _draw_anchor(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, line: RGB) -> None:
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


def _draw_fish(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, line: RGB) -> None:
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


def _draw_round_tower(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """An Irish round tower: a tall, slightly tapering stone shaft with a conical cap, its door
    raised well above the ground and a window under the cap. Spans cy-r to cy+r."""
    shaft = [(-0.2, -0.5), (0.2, -0.5), (0.27, 0.9), (-0.27, 0.9)]
    cap = [(0.0, -1.0), (0.27, -0.46), (-0.27, -0.46)]
    dark = max(1, int(r * 0.06))
    d.ellipse(_box(cx, cy + 0.92 * r, 0.5 * r, 0.1 * r), fill=(150, 160, 120))  # ground
    d.polygon(_tx(shaft, cx, cy, r), fill=TOWER_STONE, outline=TOWER_DARK, width=dark)
    d.polygon(_tx([(0.06, -0.5), (0.2, -0.5), (0.27, 0.9), (0.1, 0.9)], cx, cy, r), fill=(92, 86, 78))
    d.polygon(_tx(cap, cx, cy, r), fill=TOWER_CAP, outline=TOWER_DARK, width=dark)
    for y in (0.0, 0.45):  # stone courses
        d.line(_tx([(-0.22, y), (0.23, y)], cx, cy, r), fill=TOWER_DARK, width=max(1, int(r * 0.03)))
    d.rectangle((cx - 0.07 * r, cy + 0.12 * r, cx + 0.07 * r, cy + 0.36 * r), fill=TOWER_DARK)  # door
    d.rectangle((cx - 0.05 * r, cy - 0.4 * r, cx + 0.05 * r, cy - 0.28 * r), fill=TOWER_DARK)


def _draw_tara(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The Hill of Tara: a green mound ringed by earthworks, the Lia Fail stone on top and a
    small gold crown (the seat of the High Kings). Spans about cy-r to cy+0.8r."""
    d.chord(
        _box(cx, cy + 0.8 * r, 1.0 * r, 0.95 * r),
        180,
        360,
        fill=TARA_HILL,
        outline=TARA_RING,
        width=max(1, int(r * 0.06)),
    )
    w = max(1, int(r * 0.07))
    d.arc(_box(cx, cy + 0.62 * r, 0.72 * r, 0.36 * r), 185, 355, fill=TARA_RING, width=w)
    d.arc(_box(cx, cy + 0.56 * r, 0.44 * r, 0.2 * r), 0, 360, fill=TARA_RING, width=w)
    d.rounded_rectangle(
        _box(cx, cy + 0.26 * r, 0.08 * r, 0.26 * r),
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
    d.polygon(_tx(crown, cx, cy - 0.12 * r, r), fill=GOLD, outline=(120, 90, 0), width=max(1, int(r * 0.04)))


def _draw_yellow_hex(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, width: int) -> None:
    pts = [
        (cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)
    ]
    d.polygon(pts, fill=YELLOW, outline=YELLOW_LINE, width=width)


# ---------------------------------------------------------------------------------------------
# Sprites: pre-rendered once, pasted on every render
# ---------------------------------------------------------------------------------------------


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
        return _finish(img, w, h)
    st = SEAT_STYLES[seat % len(SEAT_STYLES)]
    _tile_hex(d, cx, cy, r, st.fill, st.dark, st.light)
    # seat letter, top
    lf = _font(r * 0.42)
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
    _draw_shape(d, st.shape, cx, ey, er, (255, 255, 255), st.dark, max(1, int(r * 0.06)))
    ty = _shape_text_y(st.shape, ey, er)
    if tile in ("E", "F"):
        tf = _font(er * (1.05 if st.shape != "triangle" else 0.9))
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
    return _finish(img, w, h)


@lru_cache(maxsize=64)
def first_badge_sprite(seat: int, radius: float) -> Sprite:
    """A seat badge on a gold disc: the first player to complete a public mission."""
    st = SEAT_STYLES[seat % len(SEAT_STYLES)]
    img, side, c, r = _square_canvas(radius, 3.0)
    d = ImageDraw.Draw(img)
    d.ellipse(_box(c, c, r * 1.42, r * 1.42), fill=GOLD, outline=(120, 90, 0), width=max(1, int(r * 0.1)))
    d.ellipse(_box(c, c, r * 1.16, r * 1.16), fill=TOKEN_BG)  # keeps orange apart from the gold
    _draw_seat_mark(d, st, c, r, 0.98, 0.82, 0.95)
    return _finish(img, side, side)


TOWER_BONUSES = ("points", "mission", "extra_tile", "recall", "doubling")


@lru_cache(maxsize=64)
def tower_token_sprite(bonus: str, value: int | None, size: float) -> Sprite:
    """A Round Tower's face-up bonus tile: a dark disc with a gold rim and a white glyph.

    points "+3", mission a card with "M", extra_tile "+" and a tile, recall a return arrow,
    doubling "x2"; an unknown bonus shows "?".
    """
    radius = size * 0.36
    img, side, c, r = _square_canvas(radius, 2.3)
    d = ImageDraw.Draw(img)
    d.ellipse(_box(c, c, r * 1.08, r * 1.08), fill=(250, 246, 230))
    d.ellipse(_box(c, c, r, r), fill=TOKEN_BG, outline=TOKEN_RIM, width=max(1, int(r * 0.12)))
    white = (255, 255, 255)

    def label(text: str, scale: float, y: float = 0.0) -> None:
        f = _font(r * scale)
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
        d.polygon(_tx(pts, c, c, r), fill=white)
        f = _font(r * 0.62)
        d.text((c, c), "M", font=f, fill=TOKEN_BG, anchor="mm")
    elif bonus == "extra_tile":  # a white hexagonal tile marked "+1"
        d.polygon(hex_corners(c, c, r * 0.78), fill=white)
        f = _font(r * 0.78)
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
        d.arc(_box(c, c + r * 0.05, ar, ar), 200, 500, fill=white, width=w)
        # the arc starts at 200 degrees (left, a little up); the head points back up-left... up
        hx, hy = c + ar * math.cos(math.radians(200)), c + r * 0.05 + ar * math.sin(math.radians(200))
        d.polygon(
            [(hx - r * 0.3, hy + r * 0.02), (hx + r * 0.22, hy + r * 0.02), (hx - r * 0.04, hy + r * 0.36)],
            fill=white,
        )
    else:
        label("?", 1.05)
    return _finish(img, side, side)


@lru_cache(maxsize=4)
def doubling_chip_sprite(available: bool) -> Sprite:
    """The Doubling Marker in the score panel: a gold "x2" chip, or a dim crossed-out one."""
    w, h = 46, 24
    k = SPRITE_SS
    img = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    box = (k, k, (w - 1) * k, (h - 1) * k)
    f = _font(17 * k)
    if available:
        d.rounded_rectangle(box, radius=10 * k, fill=GOLD, outline=(120, 90, 0), width=2 * k)
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
        d.rounded_rectangle(box, radius=10 * k, fill=None, outline=CHIP_OFF, width=2 * k)
        d.text((w * k / 2, h * k / 2), "x2", font=f, fill=CHIP_OFF, anchor="mm")
        d.line([(6 * k, (h - 6) * k), ((w - 6) * k, 6 * k)], fill=CHIP_OFF, width=2 * k)
    return _finish(img, w, h)


@lru_cache(maxsize=256)
def mission_row_sprite(name: str, high: int, low: int, done: int, width: int) -> Sprite:
    """One card of the public row: its values (high in gold while still to be won, dimmed once
    someone took it) and its name, cut to leave room for the `done` seats that completed it,
    whose markers are pasted on the right."""
    taken = done > 0
    h = _MISSION_ROW_H
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=7, fill=CARD_BG)
    vf = _font(18)
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
    nf = _font(18)
    text = _fit_text(clean_text(name, 40), nf, width - 84 - min(done, 4) * _MISSION_MARK_STEP)
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
    return _finish(img, w, h)


# ---------------------------------------------------------------------------------------------
# Static layer: terrain, icons, coordinates, names, legend; cached per (map, covered spaces)
# ---------------------------------------------------------------------------------------------


class MapRef:
    """A hashable handle on map data so the static layer can sit in an lru_cache.

    Equality is by map id plus a digest of the content, so two loads of the same file share a
    cache entry while a test fixture and the real map with the same id do not.
    """

    __slots__ = ("data", "key")

    def __init__(self, data: dict) -> None:
        self.data = data
        digest = hashlib.blake2b(json.dumps(data, sort_keys=True, default=str).encode(), digest_size=12)
        self.key = (str(data.get("id", "")), digest.hexdigest())

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MapRef) and other.key == self.key


@dataclass
class StaticLayer:
    """Everything view-independent: base image, overlay patches, geometry, PNG palette."""

    info: MapInfo
    layout: Layout
    base: Image.Image  # RGB, final size
    overlay: list[tuple[Image.Image, tuple[int, int]]]  # RGBA patches pasted over the tiles
    palette: Image.Image  # "P" image whose palette the output is reduced to


def _overlay_text(
    d: ImageDraw.ImageDraw,
    boxes: list[tuple[float, float, float, float]],
    xy: Point,
    text: str,
    size: float,
    fill: RGB,
    stroke: RGB,
) -> None:
    """Draw haloed text on the overlay canvas and remember its box (supersampled coords)."""
    f = _font(size)
    sw = max(2, int(size * 0.16))
    d.text(xy, text, font=f, fill=fill, anchor="mm", stroke_width=sw, stroke_fill=stroke)
    x0, y0, x1, y1 = d.textbbox(xy, text, font=f, anchor="mm", stroke_width=sw)
    boxes.append((x0, y0, x1, y1))


def _short_name(name: str, word: str) -> str:
    """'Edinburgh Castle' -> 'Edinburgh' next to a castle icon; keeps names that are only the word.

    A name with a place after a comma ("St Patrick's Cathedral, Armagh") keeps the part before
    it: the board already shows where the place is.
    """
    name = name.split(",")[0].strip() or name
    parts = [p for p in name.split() if p.lower() != word.lower()]
    return " ".join(parts) if parts else name


@lru_cache(maxsize=8)
def static_layer(ref: MapRef, covered: frozenset[str]) -> StaticLayer:
    """Draw the board that does not depend on the game state (once per map and covered set)."""
    info = _parse_map(ref.data)
    lay = _layout_for(info)
    W, H = lay.width * SS, lay.height * SS
    img = Image.new("RGB", (W, H), BG)
    d = ImageDraw.Draw(img)
    s = lay.size * SS

    def c_ss(col: int, row: int) -> Point:
        x, y = lay.center(col, row)
        return x * SS, y * SS

    settlement_of: dict[tuple[int, int], int] = {}
    for i, (_, spaces) in enumerate(info.settlements):
        for sp in spaces:
            settlement_of[sp] = i
    covered_cells = set()
    for name in covered:
        try:
            covered_cells.add(parse_coord(name))
        except ValueError:
            continue

    # 1. cells: water seamless, land with a thin grid line
    line_w = max(1, int(SS * 1.0))
    for row in range(info.rows):
        for col in range(info.cols):
            k = info.grid[row][col]
            if k == "-":
                continue
            cx, cy = c_ss(col, row)
            if k == "~":
                d.polygon(hex_corners(cx, cy, s + SS * 0.6), fill=SEA)
            elif k == "w":
                d.polygon(hex_corners(cx, cy, s + SS * 0.6), fill=LOCH)
    for row in range(info.rows):
        for col in range(info.cols):
            k = info.grid[row][col]
            if k == "~":
                cx, cy = c_ss(col, row)
                d.polygon(hex_corners(cx, cy, s * 0.97), outline=SEA_LINE, width=line_w)
            elif k in TERRAIN:
                cx, cy = c_ss(col, row)
                d.polygon(hex_corners(cx, cy, s), fill=TERRAIN[k], outline=LAND_LINE, width=line_w)
    # 2. coastline and region borders: thicker lines on land edges facing water/off-board/other region
    for row in range(info.rows):
        for col in range(info.cols):
            k = info.grid[row][col]
            if k not in LAND:
                continue
            cx, cy = c_ss(col, row)
            corners = hex_corners(cx, cy, s)
            for e in range(6):
                nc, nr = edge_neighbour(col, row, e)
                nk = info.kind(nc, nr)
                p, q = corners[e], corners[(e + 1) % 6]
                if nk not in LAND:
                    d.line([p, q], fill=COAST, width=int(SS * 2.2))
                elif info.regions_grid and _region(info, col, row) != _region(info, nc, nr):
                    _dashed(d, p, q, (96, 96, 80), int(SS * 1.6), s * 0.16)
    # 3. settlement groups: one outline around all spaces of a settlement
    for _, spaces in info.settlements:
        group = set(spaces)
        for col, row in spaces:
            cx, cy = c_ss(col, row)
            corners = hex_corners(cx, cy, s * 0.985)
            for e in range(6):
                if edge_neighbour(col, row, e) not in group:
                    d.line([corners[e], corners[(e + 1) % 6]], fill=SETTLEMENT_LINE, width=int(SS * 2.6))
        for col, row in spaces:  # round the joints
            cx, cy = c_ss(col, row)
            rr = SS * 1.3
            for x, y in hex_corners(cx, cy, s * 0.985):
                if True:
                    d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=SETTLEMENT_LINE)
    # 4. place names, printed on the board like a map's lettering: under the coordinates and
    #    icons (which players need) and under the tiles; land names faint, water names pale
    label_font = _font(max(15.0, lay.size * 0.6) * SS)
    for text, (col, row) in info.labels:
        x, y = c_ss(col, row)
        if info.kind(col, row) in ("~", "w", "-"):
            d.text(
                (x, y),
                clean_text(text, 32),
                font=label_font,
                fill=(214, 230, 246),
                anchor="mm",
                stroke_width=SS,
                stroke_fill=(40, 78, 120),
            )
        else:
            d.text((x, y), clean_text(text, 32), font=label_font, fill=(142, 150, 104), anchor="mm")
    # 5. cell contents: icons and coordinates of placeable spaces; castles; cathedrals
    coord_font = _font(max(11.0, lay.size * 0.46) * SS)
    icon_r = s * 0.27
    for row in range(info.rows):
        for col in range(info.cols):
            k = info.grid[row][col]
            if k == "-":
                continue
            cx, cy = c_ss(col, row)
            if k in PLACEABLE and (col, row) not in covered_cells:
                iy = cy - s * 0.3
                if k == "e":
                    _draw_bolt(d, cx, iy, icon_r, ICON_ENERGY)
                elif k == "f":
                    _draw_sheaf(d, cx, iy, icon_r, ICON_FOOD)
                elif k == "s":
                    _draw_house(d, cx, iy, icon_r * 0.95, ICON_HOUSE)
                d.text(
                    (cx, cy + s * 0.36), coord_name(col, row), font=coord_font, fill=COORD_TEXT, anchor="mm"
                )
            elif k == "C":
                _draw_castle(d, cx, cy - s * 0.08, s * 0.48, (70, 66, 62), TERRAIN["C"])
            elif k == "K":
                _draw_cathedral(d, cx + s * 0.05, cy + s * 0.04, s * 0.4, (84, 70, 104), TERRAIN["K"])
            elif k == "R":  # left half: the tower; right half: its bonus tile (per view)
                tx, ty = TOWER_ICON
                _draw_round_tower(d, cx + tx * s, cy + ty * s, s * 0.56)
            elif k == "T":
                _draw_tara(d, cx, cy - s * 0.1, s * 0.66)
                d.text(
                    (cx, cy + s * 0.58),
                    "Tara",
                    font=_font(max(10.0, lay.size * 0.36) * SS),
                    fill=(40, 70, 30),
                    anchor="mm",
                )
    # 6. yellow spaces: icon while open, face-down neutral tile when covered
    for (col, row), _value in info.yellow.items():
        if info.kind(col, row) == "-":
            continue
        cx, cy = c_ss(col, row)
        if (col, row) in covered_cells:
            continue
        _draw_yellow_hex(d, cx - s * 0.52, cy - s * 0.04, s * 0.24, max(1, int(SS * 1.1)))
    # 7. ports: an anchor in the sea next to the port space; offshore farms: a fish
    marks = [(cell, "port") for cell in info.ports] + [(cell, "offshore") for cell in info.offshore]
    for (col, row), mark in marks:
        cx, cy = c_ss(col, row)
        best = None
        for e in (0, 3, 1, 2, 4, 5):
            nc, nr = edge_neighbour(col, row, e)
            if info.kind(nc, nr) == "~":
                best = e
                break
        if best is None:
            ax, ay = cx + s * 0.55, cy
        else:
            # direction from the cell centre to the middle of edge `best` (angle 60*e)
            a = math.radians(60 * best)
            ax, ay = cx + math.cos(a) * s * 1.22, cy + math.sin(a) * s * 1.22
        if mark == "port":
            _draw_anchor(d, ax, ay, s * 0.32, (250, 250, 250), (30, 50, 80))
        else:
            _draw_fish(d, ax, ay, s * 0.34, (250, 250, 250), (30, 50, 80))

    # static panel: background, title, legend
    _draw_static_panel(d, info, lay)

    base = img.resize((lay.width, lay.height), Image.Resampling.LANCZOS)
    # covered yellow spaces get the grey face-down tile baked in
    for col, row in sorted(covered_cells):
        if info.kind(col, row) in LAND:
            tile_sprite(None, "N", lay.size).paste_at(base, *lay.center(col, row))

    overlay = _build_overlay(info, lay)
    palette = _build_palette(base, overlay, lay, info.advanced)
    return StaticLayer(info, lay, base, overlay, palette)


def _region(info: MapInfo, col: int, row: int) -> str:
    if 0 <= row < len(info.regions_grid) and 0 <= col < len(info.regions_grid[row]):
        return info.regions_grid[row][col]
    return "-"


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


# where things sit inside a Round Tower space, in hex radii from its centre
TOWER_ICON = (-0.32, -0.2)
TOWER_TOKEN = (0.3, -0.22)
TOWER_SLOTS = ((-0.54, 0.5), (-0.18, 0.5), (0.18, 0.5), (0.54, 0.5))  # one per seat style


def _cell_at(info: MapInfo, lay: Layout, x: float, y: float) -> str:
    """Kind of the cell whose centre is nearest to the pixel (x, y)."""
    row = int(round((y - lay.origin[1]) / (1.5 * lay.size)))
    best, best_d = "-", float("inf")
    for r in (row - 1, row, row + 1):
        if r < 0:
            continue
        shift = 0.5 if r % 2 else 0.0
        c0 = int(round((x - lay.origin[0]) / (SQRT3 * lay.size) - shift))
        for c in (c0 - 1, c0, c0 + 1):
            if c < 0:
                continue
            cx, cy = lay.center(c, r)
            dist = math.hypot(cx - x, cy - y)
            if dist < best_d:
                best, best_d = info.kind(c, r), dist
    return best


def _build_overlay(info: MapInfo, lay: Layout) -> list[tuple[Image.Image, tuple[int, int]]]:
    """Names that must stay readable when tiles cover the spaces around them."""
    W, H = lay.width * SS, lay.height * SS
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    s = lay.size * SS
    boxes: list[tuple[float, float, float, float]] = []
    name_size = max(10.0, lay.size * 0.42) * SS
    for name, spaces in info.settlements:
        if not spaces or not name:
            continue
        pts = [lay.center(c, r) for c, r in spaces]
        bottom = max(y for _, y in pts)
        xs = [x for x, y in pts if abs(y - bottom) < 1]
        x = sum(xs) / len(xs)
        label_y = bottom + lay.size * 0.86
        if info.advanced and _cell_at(info, lay, x, label_y) in ("R", "T"):
            # the name would hide a Round Tower's bonus tile or the Hill of Tara: go above
            top = min(y for _, y in pts)
            xs_top = [px for px, py in pts if abs(py - top) < 1]
            x_top, y_top = sum(xs_top) / len(xs_top), top - lay.size * 0.86
            if _cell_at(info, lay, x_top, y_top) not in ("R", "T"):
                x, label_y = x_top, y_top
        _overlay_text(
            d,
            boxes,
            (x * SS, label_y * SS),
            clean_text(name, 24),
            name_size,
            (70, 36, 14),
            (250, 240, 222),
        )
    town_names = {n.lower() for n, _ in info.settlements}
    for cells, word in ((info.castles, "castle"), (info.cathedrals, "cathedral")):
        for (col, row), name in cells.items():
            x, y = lay.center(col, row)
            short = _short_name(name, word)
            # a castle named like a nearby town ("Edinburgh") gets its name above the space, so
            # the town's name below its own spaces and the castle's do not run into each other
            dy = -0.8 if short.lower() in town_names else 0.8
            _overlay_text(
                d,
                boxes,
                (x * SS, y * SS + s * dy),
                clean_text(short, 24),
                name_size,
                (30, 30, 36),
                (236, 236, 240),
            )
    # Round Towers and the Hill of Tara: smaller names under the space (the tower's own space is
    # full with its bonus tile and the seats that used it)
    small_size = max(9.0, lay.size * 0.34) * SS
    for (col, row), name in info.towers.items():
        x, y = lay.center(col, row)
        _overlay_text(
            d,
            boxes,
            (x * SS, y * SS + s * 0.93),
            clean_text(" ".join(name.replace("Round Tower", " ").split()) or name, 24),
            small_size,
            (30, 40, 24),
            (236, 240, 226),
        )
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


def _draw_static_panel(d: ImageDraw.ImageDraw, info: MapInfo, lay: Layout) -> None:
    """Panel background, title and legend, drawn at SS scale."""
    x0, y0, x1, y1 = (v * SS for v in lay.panel_box)
    d.rectangle((x0, y0, x1, y1), fill=PANEL_BG)
    px = x0 + 18 * SS
    d.text((px, y0 + 16 * SS), "REBIRTH", font=_font(15 * SS), fill=PANEL_MUTED)
    d.text((px, y0 + 34 * SS), clean_text(info.name, 24), font=_font(32 * SS), fill=PANEL_TEXT)
    # legend at the bottom of the panel
    ly = y1 - lay.legend_h * SS
    d.line([(px, ly), (x1 - 18 * SS, ly)], fill=(70, 84, 100), width=SS)
    f = _font(16 * SS)
    r = 11 * SS
    rows = _legend_rows(info)
    step = _legend_row_h(len(rows)) * SS
    y = ly + (14 if len(rows) <= 7 else 8) * SS
    for kind, text in rows:
        cx, cy = px + 14 * SS, y + 12 * SS
        if kind in TERRAIN:
            d.polygon(hex_corners(cx, cy, r * 1.15), fill=TERRAIN[kind], outline=LAND_LINE, width=SS)
        if kind == "e":
            _draw_bolt(d, cx, cy, r * 0.7, ICON_ENERGY)
        elif kind == "f":
            _draw_sheaf(d, cx, cy, r * 0.7, ICON_FOOD)
        elif kind == "s":
            _draw_house(d, cx, cy, r * 0.65, ICON_HOUSE)
        elif kind == "port":
            d.polygon(hex_corners(cx, cy, r * 1.15), fill=SEA)
            _draw_anchor(d, cx, cy, r * 0.75, (250, 250, 250), (30, 50, 80))
        elif kind == "yellow":
            d.polygon(hex_corners(cx, cy, r * 1.15), fill=TERRAIN["."], outline=LAND_LINE, width=SS)
            _draw_yellow_hex(d, cx, cy, r * 0.6, SS)
        elif kind == "C":
            _draw_castle(d, cx, cy, r * 0.7, (70, 66, 62), TERRAIN["C"])
        elif kind == "K":
            _draw_cathedral(d, cx, cy, r * 0.65, (84, 70, 104), TERRAIN["K"])
        elif kind == "offshore":
            d.polygon(hex_corners(cx, cy, r * 1.15), fill=SEA)
            _draw_fish(d, cx, cy - r * 0.1, r * 0.8, (250, 250, 250), (30, 50, 80))
        elif kind == "R":
            _draw_round_tower(d, cx, cy, r * 0.85)
        elif kind == "T":
            _draw_tara(d, cx, cy - r * 0.1, r * 0.8)
        d.text((px + 36 * SS, cy), text, font=f, fill=PANEL_MUTED, anchor="lm")
        y += step


def _legend_rows(info: MapInfo) -> list[tuple[str, str]]:
    """Legend entries for the features this map has (no port row on a map without ports)."""
    rows: list[tuple[str, str]] = [
        ("e", "Energy Farm space (E)"),
        ("f", "Food Farm space (F)"),
        ("s", "Settlement space (1-3 pips)"),
    ]
    if info.ports:
        rows.append(("port", "Port: +1 for a Settlement"))
    if info.offshore:
        rows.append(("offshore", "Offshore Farm: +1 for a Settlement"))
    if info.yellow:
        rows.append(("yellow", "Yellow space"))
    if info.castles:
        rows.append(("C", "Castle: 5 pts to controller"))
    if info.cathedrals:
        rows.append(("K", "Cathedral: marker + mission"))
    if info.towers:
        rows.append(("R", "Round Tower: bonus when next to it"))
    if info.tara is not None:
        rows.append(("T", "Hill of Tara: breaks ties"))
    return rows


def _build_palette(
    base: Image.Image, overlay: list[tuple[Image.Image, tuple[int, int]]], lay: Layout, advanced: bool = False
) -> Image.Image:
    """A 256-colour palette covering the board, every sprite and the panel colours.

    Converting each render to this fixed palette costs a few ms and makes the PNG 3-4x
    smaller than RGB; building it once (median cut over a sample sheet) costs ~100 ms.
    """
    sheet_w = base.width
    sprites: list[Sprite] = []
    for seat in range(len(SEAT_STYLES)):
        for tile in ("E", "F", "S1", "S2", "S3"):
            sprites.append(tile_sprite(seat, tile, lay.size))
        sprites.append(badge_sprite(seat, 13.0))
        sprites.append(badge_sprite(seat, 22.0))
        sprites.append(badge_sprite(seat, max(6.0, lay.size * 0.24), False))
        sprites.append(ring_sprite(SEAT_STYLES[seat].fill, lay.size, 0.14, (20, 20, 20)))
    sprites.append(highlight_sprite(lay.size))
    sprites.append(highlight_sprite(12.0))
    if advanced:  # Ireland: tower bonus tiles, tower and mission markers, Doubling Markers
        for bonus in TOWER_BONUSES:
            sprites.append(tower_token_sprite(bonus, 3 if bonus == "points" else None, lay.size))
        for seat in range(len(SEAT_STYLES)):
            sprites.append(badge_sprite(seat, max(5.0, lay.size * 0.19), False))
            sprites.append(badge_sprite(seat, _MISSION_MARK_R))
            sprites.append(first_badge_sprite(seat, _MISSION_MARK_R))
        sprites += [doubling_chip_sprite(True), doubling_chip_sprite(False)]
    row_h = max(sp.image.height for sp in sprites) + 4
    per_row = max(1, sheet_w // (max(sp.image.width for sp in sprites) + 4))
    n_rows = (len(sprites) + per_row - 1) // per_row
    sheet = Image.new("RGB", (sheet_w, row_h * n_rows + 200), TERRAIN["."])
    x = y = 0
    for i, sp in enumerate(sprites):
        if i and i % per_row == 0:
            x, y = 0, y + row_h
        bg = TERRAIN["."] if i % 2 else TERRAIN["f"]
        sheet.paste(Image.new("RGB", sp.image.size, bg), (x, y))
        sheet.paste(sp.image, (x, y), sp.image)
        x += sp.image.width + 4
    # panel colours and text
    d = ImageDraw.Draw(sheet)
    py = row_h * n_rows
    d.rectangle((0, py, sheet_w, py + 200), fill=PANEL_BG)
    d.rectangle((10, py + 10, sheet_w // 2, py + 190), fill=CARD_BG)
    d.rectangle((sheet_w // 2, py + 10, sheet_w, py + 190), fill=CARD_CURRENT_BG)
    for j, colour in enumerate((PANEL_TEXT, PANEL_MUTED, GOLD, *[s.fill for s in SEAT_STYLES])):
        for k, bg_x in enumerate((20, sheet_w // 2 + 10)):
            d.text((bg_x, py + 14 + j * 24), "Agh 0123 resigned", font=_font(22), fill=colour)
            del k
    full = Image.new("RGB", (base.width, base.height + sheet.height))
    full.paste(base, (0, 0))
    for patch, (px, py2) in overlay:
        full.paste(patch, (px, py2), patch)
    full.paste(sheet, (0, base.height))
    # Median cut gives small, loud features (the highlight, seat colours) too few entries, so
    # the exact key colours are reserved and median cut fills the rest.
    keys: list[RGB] = [
        HIGHLIGHT,
        HIGHLIGHT_EDGE,
        HIGHLIGHT_HALO,
        GOLD,
        PANEL_TEXT,
        PANEL_MUTED,
        PANEL_BG,
        CARD_BG,
        CARD_CURRENT_BG,
        BG,
        SEA,
        LOCH,
        YELLOW,
        COORD_TEXT,
        *(v for k, v in TERRAIN.items() if advanced or k not in "RT"),
    ]
    for st in SEAT_STYLES:
        keys += [st.fill, st.dark, st.light]
    if advanced:
        keys += [TOKEN_BG, TOKEN_RIM, CHIP_OFF, TOWER_STONE, TARA_HILL]
    keys = list(dict.fromkeys(keys))
    auto = full.quantize(colors=256 - len(keys), method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat = list(auto.getpalette() or [])[: 3 * (256 - len(keys))]
    flat += [v for colour in keys for v in colour]
    flat += [0] * (768 - len(flat))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


# ---------------------------------------------------------------------------------------------
# Per-render drawing
# ---------------------------------------------------------------------------------------------


def _seat_style(seat_info: dict, index: int) -> SeatStyle:
    colour = str(seat_info.get("colour", ""))
    return _STYLE_BY_COLOUR.get(colour, SEAT_STYLES[index % len(SEAT_STYLES)])


def _seat_index(seat_info: dict, index: int) -> int:
    """Style index for a seat: by its colour name when known, else by seat number."""
    colour = str(seat_info.get("colour", ""))
    for i, st in enumerate(SEAT_STYLES):
        if st.colour_name == colour:
            return i
    return index % len(SEAT_STYLES)


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _ranks(view: dict, seats: Sequence[dict]) -> list[int]:
    """Final places, 1 = winner; tied places share a number (1, 1, 3, ...).

    The engine decides ties on castles (Edinburgh, then Stirling) and reports the result in
    `view["final"]["winners"]`; those seats come first, resigned seats last, the rest by score.
    """
    final = view.get("final") if isinstance(view.get("final"), dict) else {}
    winners = {w for w in (final or {}).get("winners", []) if isinstance(w, int)}

    def key(i: int) -> tuple[int, int, int]:
        seat = seats[i]
        seat_no = int(seat.get("seat", i))
        return (
            int(bool(seat.get("resigned"))),
            0 if (not winners or seat_no in winners) else 1,
            -int(seat.get("score", 0) or 0),
        )

    keys = [key(i) for i in range(len(seats))]
    return [1 + sum(1 for o in keys if o < k) for k in keys]


def _draw_panel(
    img: Image.Image, view: dict, names: Sequence[str], lay: Layout, style_idx: list[int]
) -> None:
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = lay.panel_box
    px = x0 + 14
    seats = list(view.get("seats") or [])
    finished = bool(view.get("finished"))
    current = view.get("current")
    turn = view.get("turn")
    status = "Final" if finished else (f"Turn {int(turn) + 1}" if isinstance(turn, int) else "")
    if status:
        f = _font(22)
        d.text((x1 - 18, y0 + 52), status, font=f, fill=GOLD if finished else PANEL_MUTED, anchor="rm")

    castles = view.get("castles") or {}
    ranks = _ranks(view, seats) if finished else []
    pending = view.get("pending")
    pending_seat = pending.get("seat") if isinstance(pending, dict) else None
    # the Doubling Marker only exists in Ireland (a view with Round Towers)
    doubling = isinstance(view.get("towers"), dict) and bool(view.get("towers"))
    name_f, score_f, small_f, tag_f = _font(26), _font(40), _font(19), _font(17)
    y = y0 + _PANEL_TITLE_H
    for i, seat in enumerate(seats):
        seat_no = int(seat.get("seat", i))
        st = SEAT_STYLES[style_idx[i]]
        is_current = (not finished) and current == seat_no
        resigned = bool(seat.get("resigned"))
        box = (px, y, x1 - 14, y + _CARD_H)
        d.rounded_rectangle(
            box,
            radius=10,
            fill=CARD_CURRENT_BG if is_current else CARD_BG,
            outline=GOLD if is_current else None,
            width=3,
        )
        d.rectangle((box[0], box[1] + 8, box[0] + 5, box[3] - 8), fill=st.fill)  # colour strip
        bcx, bcy = box[0] + 40, box[1] + 44
        badge_sprite(style_idx[i], 22.0).paste_at(img, bcx, bcy)
        raw = names[seat_no] if 0 <= seat_no < len(names) else f"Seat {seat_no + 1}"
        name = clean_text(raw) or f"Seat {seat_no + 1}"
        score = str(int(seat.get("score", 0) or 0))
        score_w = score_f.getlength(score)
        name_x = box[0] + 76
        name = _fit_text(name, name_f, box[2] - 16 - score_w - 12 - name_x)
        text_col = PANEL_MUTED if resigned else PANEL_TEXT
        d.text((name_x, box[1] + 32), name, font=name_f, fill=text_col, anchor="lm")
        d.text(
            (box[2] - 14, box[1] + 36),
            score,
            font=score_f,
            fill=text_col,
            anchor="rm",
            stroke_width=1,
            stroke_fill=text_col,
        )
        # second line: state tag
        tag = ""
        tag_col = PANEL_MUTED
        if finished and i < len(ranks):
            tag, tag_col = _ordinal(ranks[i]) + (" - winner" if ranks[i] == 1 else ""), GOLD
        elif is_current:
            tag, tag_col = "to move", GOLD
        if pending_seat == seat_no and not finished:
            tag, tag_col = "placing an extra tile", GOLD
        if resigned:
            tag, tag_col = ("resigned" if not tag else tag + " - resigned"), (240, 120, 110)
        if doubling and "doubling" in seat:
            chip = doubling_chip_sprite(bool(seat.get("doubling")))
            chip.paste_at(img, box[2] - 14 - chip.image.width / 2, box[1] + 72)
        if tag:
            tag_w = box[2] - name_x - (70 if doubling else 14)
            d.text((name_x, box[1] + 63), _fit_text(tag, tag_f, tag_w), font=tag_f, fill=tag_col, anchor="lm")
        if is_current:  # arrow in the left margin
            ax, ay = box[0] - 2, bcy
            d.polygon([(ax - 10, ay - 9), (ax + 1, ay), (ax - 10, ay + 9)], fill=GOLD)
        n_castles = seat.get("castles")
        if not isinstance(n_castles, int):
            n_castles = sum(1 for v in castles.values() if v == seat_no)
        stats = (
            f"Supply {int(seat.get('supply', 0) or 0)}   Missions {int(seat.get('missions', 0) or 0)}"
            f"   Castles {n_castles}"
        )
        stats = _fit_text(stats, small_f, box[2] - box[0] - 24)
        d.text(
            (box[0] + 16, box[3] - 20),
            stats,
            font=small_f,
            fill=PANEL_MUTED if resigned else (208, 214, 222),
            anchor="lm",
        )
        y += _CARD_H + _CARD_GAP

    last = view.get("last")
    if isinstance(last, dict) and last.get("space"):
        seat_no = last.get("seat")
        who = ""
        if isinstance(seat_no, int) and 0 <= seat_no < len(seats):
            who = SEAT_STYLES[style_idx[seat_no]].letter + " "
        tile = TILE_NAMES.get(str(last.get("tile")), str(last.get("tile", "")))
        text = clean_text(f"Last: {who}{tile} at {last.get('space')}", 40)
        highlight_sprite(12.0).paste_at(img, px + 12, y + 18)
        d.text(
            (px + 28, y + 18),
            _fit_text(text, _font(18), x1 - px - 40),
            font=_font(18),
            fill=PANEL_TEXT,
            anchor="lm",
        )
    if lay.missions:
        _draw_public_missions(img, d, view, lay, len(seats), style_idx)


def _draw_public_missions(
    img: Image.Image, d: ImageDraw.ImageDraw, view: dict, lay: Layout, n_seats: int, style_idx: list[int]
) -> None:
    """The public row: one line per card with its values, name and who completed it, in order
    (the first, who scored the high value, on a gold disc)."""
    cards = [c for c in (view.get("public_missions") or []) if isinstance(c, dict)][:_MISSION_CARDS]
    if not cards:
        return
    x0, _, x1, _ = lay.panel_box
    px, right = x0 + 14, x1 - 14
    y = lay.missions_top(n_seats)
    d.text((px + 4, y + 13), "PUBLIC MISSIONS", font=_font(15), fill=PANEL_MUTED, anchor="lm")
    d.text((right - 4, y + 13), "first / later", font=_font(15), fill=PANEL_MUTED, anchor="rm")
    y += _MISSION_HEAD_H
    width = right - px
    for card in cards:
        done = [s for s in (card.get("completed_by") or []) if isinstance(s, int)]
        done = list(dict.fromkeys(done))
        try:
            high, low = int(card.get("high", 0) or 0), int(card.get("low", 0) or 0)
        except (TypeError, ValueError):
            high = low = 0
        row = mission_row_sprite(str(card.get("name", card.get("id", ""))), high, low, len(done), width)
        img.paste(row.image, (px, y), row.image)
        cy = y + _MISSION_ROW_H / 2
        n = min(len(done), 4)
        for j, seat_no in enumerate(done[:4]):
            si = style_idx[seat_no] if 0 <= seat_no < len(style_idx) else seat_no % len(SEAT_STYLES)
            mx = right - 17 - (n - 1 - j) * _MISSION_MARK_STEP
            if j == 0:
                first_badge_sprite(si, _MISSION_MARK_R).paste_at(img, mx, cy)
            else:
                badge_sprite(si, _MISSION_MARK_R).paste_at(img, mx, cy)
        y += _MISSION_ROW_H + _MISSION_GAP


def _space_cell(info: MapInfo, space: object) -> tuple[int, int] | None:
    try:
        col, row = parse_coord(str(space))
    except ValueError:
        return None
    if info.kind(col, row) == "-":
        return None
    return col, row


_STATIC_LOCK = threading.Lock()


def render_board(view: dict, map_data: dict, names: list[str]) -> bytes:
    """Draw the public view of a Rebirth game on its map and return PNG bytes.

    `names` are display names by seat; they are cleaned and truncated, never interpreted.
    """
    board = view.get("board") or {}
    covered = frozenset(
        str(sp)
        for sp, t in board.items()
        if isinstance(t, dict) and t.get("tile") == "N" and t.get("seat") is None
    )
    with _STATIC_LOCK:  # the bot renders in worker threads: build each layer only once
        layer = static_layer(MapRef(map_data), covered)
    info, lay = layer.info, layer.layout
    img = layer.base.copy()
    seats = list(view.get("seats") or [])
    style_idx = [_seat_index(s, i) for i, s in enumerate(seats)]

    def style_for(seat_no: int) -> int:
        return style_idx[seat_no] if 0 <= seat_no < len(style_idx) else seat_no % len(SEAT_STYLES)

    # tiles
    for space, t in board.items():
        if not isinstance(t, dict):
            continue
        seat_no, tile = t.get("seat"), str(t.get("tile", ""))
        cell = _space_cell(info, space)
        if cell is None or (seat_no is None and str(space) in covered):
            continue
        if seat_no is None:
            sprite = tile_sprite(None, "N", lay.size)
        else:
            sprite = tile_sprite(style_for(int(seat_no)), tile if tile in TILE_NAMES else "E", lay.size)
        sprite.paste_at(img, *lay.center(*cell))
    # castles: ring in the controller's colour plus a flag badge with shape and letter
    for space, seat_no in (view.get("castles") or {}).items():
        cell = _space_cell(info, space)
        if cell is None or not isinstance(seat_no, int):
            continue
        cx, cy = lay.center(*cell)
        si = style_for(seat_no)
        ring_sprite(SEAT_STYLES[si].fill, lay.size, 0.14, (20, 20, 20)).paste_at(img, cx, cy)
        badge_sprite(si, 13.0).paste_at(img, cx + lay.size * 0.68, cy + lay.size * 0.05)
    # names over the tiles
    for patch, xy in layer.overlay:
        img.paste(patch, xy, patch)
    # cathedral markers: one small seat shape per seat, each seat always in the same corner of
    # the cathedral space (orange upper left, blue upper right, ...), so they never pile up
    br = max(6.0, lay.size * 0.24)
    spots = ((-0.5, -0.36), (0.5, -0.36), (-0.5, 0.4), (0.5, 0.4))
    for space, seat_list in (view.get("cathedrals") or {}).items():
        cell = _space_cell(info, space)
        if cell is None or not isinstance(seat_list, list):
            continue
        cx, cy = lay.center(*cell)
        for seat_no in dict.fromkeys(s for s in seat_list if isinstance(s, int)):
            si = style_for(seat_no)
            dx, dy = spots[si % len(spots)]
            badge_sprite(si, br, False).paste_at(img, cx + dx * lay.size, cy + dy * lay.size)
    # Round Towers: the face-up bonus tile, and a marker for each seat that took the bonus,
    # each seat always in its own slot along the bottom of the space
    towers = view.get("towers")
    if isinstance(towers, dict):
        mr = max(5.0, lay.size * 0.19)
        for space, tw in towers.items():
            cell = _space_cell(info, space)
            if cell is None or not isinstance(tw, dict):
                continue
            cx, cy = lay.center(*cell)
            value = tw.get("value")
            value = value if isinstance(value, int) else None
            tok = tower_token_sprite(str(tw.get("bonus", "")), value, lay.size)
            tok.paste_at(img, cx + TOWER_TOKEN[0] * lay.size, cy + TOWER_TOKEN[1] * lay.size)
            for seat_no in dict.fromkeys(s for s in (tw.get("used_by") or []) if isinstance(s, int)):
                si = style_for(seat_no)
                dx, dy = TOWER_SLOTS[si % len(TOWER_SLOTS)]
                badge_sprite(si, mr, False).paste_at(img, cx + dx * lay.size, cy + dy * lay.size)
    # last placement
    last = view.get("last")
    if isinstance(last, dict):
        cell = _space_cell(info, last.get("space"))
        if cell is not None:
            highlight_sprite(lay.size).paste_at(img, *lay.center(*cell))
    _draw_panel(img, view, names, lay, style_idx)

    out = img.quantize(palette=layer.palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    out.save(buf, format="PNG", optimize=False, compress_level=3)  # 6 is 2x slower for -10%
    return buf.getvalue()


def static_cache_info():  # noqa: ANN201 - functools' CacheInfo type is private
    """Hit/miss counts of the static layer cache (for tests and the /stats command)."""
    return static_layer.cache_info()


def board_geometry(map_data: dict) -> Layout:
    """Image size, hex size and positions for a map, without drawing anything.

    Callers (tests, a future click-map or crop feature) use it to find where a space is drawn.
    """
    return _layout_for(_parse_map(map_data))


def space_center(map_data: dict, space: str) -> tuple[float, float]:
    """Pixel centre of a named space (e.g. "F7") in the rendered image."""
    col, row = parse_coord(space)
    return board_geometry(map_data).center(col, row)
