"""Board image for Rebirth: `render_board(view, map_data, names) -> PNG bytes`.

Why it is built the way it is:

* Discord shows an inline preview about 550 px wide, so the image is about 1100-1300 px wide
  (board on the left, score panel on the right) and its text is sized to survive a halving.
* Rendering happens on every move in a busy bot, so everything that does not depend on the
  view is drawn once: the static layer (per map and set of covered yellow spaces, `static.py`)
  is cached with functools.lru_cache, and sprites (`sprites.py`) are pre-rendered once per seat
  and kind and pasted, the way chess GIF renderers paste pre-rendered pieces. A render
  (`board.py`) is then a copy, a few dozen pastes, the score panel (`panel.py`) and a palette
  conversion, which keeps it fast and the PNG small.
* Colour alone must never carry meaning (colour-blind players): every seat also has a shape and
  a letter, drawn on its tiles, its castle flags, its cathedral markers and in the score panel.
* Player names are user-typed: they are only ever drawn as text, cleaned to what the bundled
  font can show (the default Pillow font covers ASCII), and truncated.
* Fonts come from `ImageFont.load_default(size=...)`, bundled with Pillow, so rendering works
  in Docker and CI without system fonts. No file is read at render time.
* Ireland (advanced mode) adds Round Towers (with their face-up bonus tile and the seats that
  took it), the Hill of Tara, offshore farms, the public mission row in the panel and each
  seat's Doubling Marker. A map without those features draws exactly as before.

The modules, by what they draw: `style` (colours, sizes), `geometry` (layout of board and
panel), `icons` (map icons), `sprites` (tiles, rings, tokens, chips), `terrain` and `overlay`
(the map and its names), `palette`, `static` (the cached layer), `panel`, `board`.
"""

from __future__ import annotations

from render.common import NAME_CHARS, clean_text
from render.rebirth.board import Drawing, board_geometry, draw_board, render_board, space_center
from render.rebirth.focus import draw_focus, draw_options
from render.rebirth.geometry import Layout, legend_rows
from render.rebirth.labels import INLINE_W, MIN_CAP, Label
from render.rebirth.static import MapRef, StaticLayer, static_cache_info, static_layer
from render.rebirth.style import (
    CARD_GAP,
    CARD_H,
    HIGHLIGHT,
    MISSION_GAP,
    MISSION_HEAD_H,
    MISSION_ROW_H,
    MISSIONS_H,
    PANEL_TITLE_H,
)

__all__ = [
    "INLINE_W",
    "MIN_CAP",
    "Drawing",
    "Label",
    "draw_board",
    "draw_focus",
    "draw_options",
    "CARD_GAP",
    "CARD_H",
    "HIGHLIGHT",
    "MISSIONS_H",
    "MISSION_GAP",
    "MISSION_HEAD_H",
    "MISSION_ROW_H",
    "NAME_CHARS",
    "PANEL_TITLE_H",
    "Layout",
    "MapRef",
    "StaticLayer",
    "board_geometry",
    "clean_text",
    "legend_rows",
    "render_board",
    "space_center",
    "static_cache_info",
    "static_layer",
]
