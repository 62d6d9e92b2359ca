"""`render_board(view, map_data, names) -> PNG bytes`: the whole board, for `/board`. The
per-render work over the cached static layer, in paint order: tiles, castle rings and flags,
cathedral and Round Tower markers, the last-move highlight, the score panel, then the palette
and PNG. `draw_board` returns the same with the labels the image carries (`Drawing`).

Why no names over the tiles: every name sits on open water (`lettering.py`), where no tile or
marker goes, so the paint order need not keep them readable.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field, replace
from typing import Any

from PIL import Image

from engine.hexgrid import name as coord_name
from engine.hexgrid import parse_coord
from engine.rebirth.mapfile import MapFile, parse_map
from engine.rebirth.views import RebirthView, SeatSummary
from i18n import catalog_name
from render.common import SEAT_STYLES, badge_sprite, png_bytes
from render.rebirth.geometry import Layout, layout_for
from render.rebirth.labels import Label
from render.rebirth.panel import draw_panel
from render.rebirth.sprites import highlight_sprite, ring_sprite, tile_sprite, tower_token_sprite
from render.rebirth.static import MapRef, StaticLayer, static_layer
from render.rebirth.style import CATHEDRAL_SPOTS, LAND, TILES, TOWER_SLOTS, TOWER_TOKEN

_STATIC_LOCK = threading.RLock()


@dataclass(frozen=True)
class Drawing:
    """A drawn image and what the layout put on it, for tests and callers to measure.

    `labels`: every text, in image pixels. `marks`: the options image's numbers by space.
    `cells`: the centre of every land space drawn, in image pixels, and `hex_size` their radius.
    `window`: the part of the whole board shown (x0, y0 in board pixels; the whole board: 0, 0).
    `dropped`: names the board had no free spot for.
    """

    png: bytes
    size: tuple[int, int]
    labels: tuple[Label, ...]
    cells: tuple[tuple[str, float, float], ...]
    hex_size: float
    window: tuple[int, int] = (0, 0)
    marks: dict[str, str] = field(default_factory=dict)
    dropped: tuple[str, ...] = ()


def render_board(
    view: RebirthView,
    map_data: dict[str, Any],
    names: list[str],
    marked: tuple[str, ...] = (),
    *,
    locale: str | None = None,
) -> bytes:
    """Draw the public view of a Rebirth game on its whole map and return PNG bytes.

    `names` are display names by seat; they are cleaned and truncated, never interpreted.
    `marked`: the spaces placed on since the message before (a person's move and the fallback
    player's after it), ringed like the last placement, so every move the message tells shows.
    `locale`: the language of the image's words (None: English).
    """
    return draw_board(view, map_data, names, marked, locale=locale).png


def draw_board(
    view: RebirthView,
    map_data: dict[str, Any],
    names: list[str],
    marked: tuple[str, ...] = (),
    *,
    locale: str | None = None,
) -> Drawing:
    """`render_board` with the labels it drew."""
    lang = catalog_name(locale)
    layer = layer_for(view, map_data)
    with _STATIC_LOCK:
        legend = layer.panel(lang)
    img = layer.base.copy()
    img.paste(legend.image, layer.layout.panel_box[:2])
    draw_pieces(img, view, layer, marked)
    panel = draw_panel(img, view, names, layer.layout, seat_styles(view), lang)
    labels = (*layer.lettering.labels, *legend.labels, *panel)
    return Drawing(
        png_bytes(img, layer.palette),
        img.size,
        labels,
        land_cells(layer),
        layer.layout.size,
        dropped=layer.lettering.dropped,
    )


def layer_for(view: RebirthView, map_data: dict[str, Any]) -> StaticLayer:
    """The cached static layer of this view's map and covered spaces."""
    with _STATIC_LOCK:  # the bot renders in worker threads: build each layer only once
        return static_layer(MapRef(map_data), covered_of(view))


def covered_of(view: RebirthView) -> frozenset[str]:
    return frozenset(sp for sp, t in view["board"].items() if t["tile"] == "N" and t["seat"] is None)


def seat_styles(view: RebirthView) -> list[int]:
    return [seat_style_index(s, i) for i, s in enumerate(view["seats"])]


def land_cells(layer: StaticLayer) -> tuple[tuple[str, float, float], ...]:
    info, lay = layer.info, layer.layout
    out = []
    for row in range(info.grid.height):
        for col in range(info.grid.width):
            if info.grid.cells[row][col] in LAND:
                out.append((coord_name(col, row), *lay.center(col, row)))
    return tuple(out)


def draw_pieces(
    img: Image.Image,
    view: RebirthView,
    layer: StaticLayer,
    marked: tuple[str, ...],
    shift: tuple[float, float] = (0.0, 0.0),
) -> None:
    """Tiles, castles, cathedral and tower markers, and the rings of the moves told; `shift`:
    where the board's origin is on `img` (a window on the board is drawn without the rest)."""
    info, lay = layer.info, layer.layout
    if shift != (0.0, 0.0):
        lay = replace(lay, origin=(lay.origin[0] + shift[0], lay.origin[1] + shift[1]))
    styles = seat_styles(view)
    _draw_tiles(img, view, info, lay, covered_of(view), styles)
    _draw_castles(img, view, info, lay, styles)
    _draw_cathedrals(img, view, info, lay, styles)
    _draw_towers(img, view, info, lay, styles)
    for space in sorted(told_spaces(view, marked)):
        cell = info.space_cell(space)
        if cell is not None:
            highlight_sprite(lay.size).paste_at(img, *lay.center(*cell))


def told_spaces(view: RebirthView, marked: tuple[str, ...]) -> set[str]:
    """The spaces the message tells: `marked` and the last placement."""
    last = view["last"]
    return {*marked, last["space"]} if last and last["space"] else set(marked)


def seat_style_index(seat: SeatSummary, index: int) -> int:
    """Style index for a seat: by its colour name when known, else by seat number."""
    colour = seat["colour"]
    for i, st in enumerate(SEAT_STYLES):
        if st.colour_name == colour:
            return i
    return index % len(SEAT_STYLES)


def _style_of(styles: list[int], seat_no: int) -> int:
    return styles[seat_no] if 0 <= seat_no < len(styles) else seat_no % len(SEAT_STYLES)


def _draw_tiles(
    img: Image.Image,
    view: RebirthView,
    info: MapFile,
    lay: Layout,
    covered: frozenset[str],
    styles: list[int],
) -> None:
    """Placed tiles; covered yellow spaces already show their face-down tile in the static layer."""
    for space, t in view["board"].items():
        seat_no, tile = t["seat"], t["tile"]
        cell = info.space_cell(space)
        if cell is None or (seat_no is None and space in covered):
            continue
        if seat_no is None:
            sprite = tile_sprite(None, "N", lay.size)
        else:
            sprite = tile_sprite(_style_of(styles, seat_no), tile if tile in TILES else "E", lay.size)
        sprite.paste_at(img, *lay.center(*cell))


def _draw_castles(img: Image.Image, view: RebirthView, info: MapFile, lay: Layout, styles: list[int]) -> None:
    """A ring in the holder's colour plus a flag badge with shape and letter."""
    for space, seat_no in view["castles"].items():
        cell = info.space_cell(space)
        if cell is None or seat_no is None:
            continue
        cx, cy = lay.center(*cell)
        si = _style_of(styles, seat_no)
        ring_sprite(SEAT_STYLES[si].fill, lay.size, 0.14, (20, 20, 20)).paste_at(img, cx, cy)
        badge_sprite(si, 13.0).paste_at(img, cx + lay.size * 0.68, cy + lay.size * 0.05)


def _draw_cathedrals(
    img: Image.Image, view: RebirthView, info: MapFile, lay: Layout, styles: list[int]
) -> None:
    """One small seat shape per seat that marked the cathedral, each in its own corner."""
    br = max(6.0, lay.size * 0.24)
    for space, seat_list in view["cathedrals"].items():
        cell = info.space_cell(space)
        if cell is None:
            continue
        cx, cy = lay.center(*cell)
        for seat_no in dict.fromkeys(seat_list):
            si = _style_of(styles, seat_no)
            dx, dy = CATHEDRAL_SPOTS[si % len(CATHEDRAL_SPOTS)]
            badge_sprite(si, br, False).paste_at(img, cx + dx * lay.size, cy + dy * lay.size)


def _draw_towers(img: Image.Image, view: RebirthView, info: MapFile, lay: Layout, styles: list[int]) -> None:
    """Round Towers: the face-up bonus tile, and a marker for each seat that took the bonus,
    each seat always in its own slot along the bottom of the space."""
    mr = max(5.0, lay.size * 0.19)
    for space, tw in (view.get("towers") or {}).items():
        cell = info.space_cell(space)
        if cell is None:
            continue
        cx, cy = lay.center(*cell)
        tok = tower_token_sprite(tw["bonus"], tw["value"], lay.size)
        tok.paste_at(img, cx + TOWER_TOKEN[0] * lay.size, cy + TOWER_TOKEN[1] * lay.size)
        for seat_no in dict.fromkeys(tw["used_by"]):
            si = _style_of(styles, seat_no)
            dx, dy = TOWER_SLOTS[si % len(TOWER_SLOTS)]
            badge_sprite(si, mr, False).paste_at(img, cx + dx * lay.size, cy + dy * lay.size)


def board_geometry(map_data: dict[str, Any]) -> Layout:
    """Image size, hex size and positions for a map, without drawing anything.

    Callers (tests, a future click-map or crop feature) use it to find where a space is drawn.
    """
    return layout_for(parse_map(map_data))


def space_center(map_data: dict[str, Any], space: str) -> tuple[float, float]:
    """Pixel centre of a named space (e.g. "F7") in the rendered image."""
    col, row = parse_coord(space)
    return board_geometry(map_data).center(col, row)
