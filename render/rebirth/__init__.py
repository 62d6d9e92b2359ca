"""Images of Rebirth: the channel image `draw_focus` (a window on the board under a score strip),
a seat's options `draw_options` (where its moves would go) and the whole board `render_board` /
`draw_board` (for `/board`). Each `draw_*` returns a `Drawing`: the PNG and every label it
carries (text, box, font size, cap height), so tests measure what the layout computed.

Why it is built the way it is:

* Discord shows an inline preview about 550 px wide and a message carries one image, so the
  channel image is 640 px wide and shows the part of the board the message is about, at the
  whole board's hex size, with every word at a 9-px cap height once shown 550 wide; the whole
  board (1278 px, board and score panel) is for opening full size.
* Every word is in the image's language (`locale`: a table plays in its own; docs/images.md): the
  board's own words (coordinates, place names) are the same in every language, the panel's
  legend is drawn once per language (`static.py` `static_panel`), the rest per render.
* Rendering happens on every move in a busy bot, so everything that does not depend on the
  view is drawn once: the static layer (per map and set of covered yellow spaces, `static.py`)
  is cached with functools.lru_cache, with its words placed once (`lettering.py`), and sprites
  (`sprites.py`) are pre-rendered once per seat and kind and pasted. A render (`board.py`,
  `focus.py`) is then a copy or a crop, a few dozen pastes, the panel or strip and a palette
  conversion, which keeps it fast and the PNG small.
* Colour alone must never carry meaning (colour-blind players): every seat also has a shape and
  a letter, drawn on its tiles, its castle flags, its cathedral markers and in the score panel.
* Player names are user-typed: they are only ever drawn as text, cleaned and truncated.
* Words never cross a hex edge or another word: coordinates sit inside their hex, names on open
  water where nothing else is (`lettering.py`); a name with no free spot is left out.
* Ireland (advanced mode) adds Round Towers (with their face-up bonus tile and the seats that
  took it), the Hill of Tara, offshore farms, the public mission row in the panel and each
  seat's Doubling Marker. A map without those features draws none of them.

The modules, by what they draw: `style` (colours, sizes), `geometry` (layout of board, panel
and legend), `icons` (map icons), `sprites` (tiles, rings, tokens, chips), `terrain` (the map),
`lettering` (where its words go), `labels` (label boxes and cap heights), `palette`, `static`
(the cached layer), `panel`, `board` (the whole board), `focus` (the channel and options images).
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
