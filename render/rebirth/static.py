"""The view-independent layers of a Rebirth image, built once and cached: the board (terrain,
its words, PNG palette) once per map and covered set, and the panel's static part (title,
legend) once per map, covered or not, and language.

Why cached: building the board takes about half a second; a render then starts from a copy of
it. Why the panel apart: its words are in the game's language, and the board has none that
change with it (coordinates and place names stay as they are), so a second language costs one
panel (a few dozen ms), not a second board.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from engine.hexgrid import parse_coord
from engine.rebirth.mapfile import MapFile, parse_map
from i18n import has, t
from render.common import RGB, ContentHandle, Point, Sprite, cache_key, clean_text, fit_text, font
from render.hexgrid import hex_corners
from render.rebirth.geometry import Layout, layout_for, legend_kinds, legend_row_h, legend_rows
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
from render.rebirth.labels import Label, text_label
from render.rebirth.lettering import Lettering, draw_lettering, place_lettering
from render.rebirth.palette import build_palette
from render.rebirth.sprites import tile_sprite
from render.rebirth.style import (
    BG,
    ICON_ENERGY,
    ICON_FOOD,
    ICON_HOUSE,
    LAND,
    LAND_LINE,
    PANEL_BG,
    PANEL_MUTED,
    PANEL_TEXT,
    SEA,
    SEA_MARK,
    SEA_MARK_EDGE,
    SS,
    TERRAIN,
)
from render.rebirth.terrain import draw_terrain

LEGEND_FONT = 17
LEGEND_END = 12  # px: where the legend's words must end, from the panel's right edge
OVERVIEW_H = 124  # px: the whole map in the channel image's corner, the window marked on it


class MapRef(ContentHandle):
    """A hashable handle on map data so the static layer can sit in an lru_cache.

    Equality is by map id plus a digest of the content, so two loads of the same file share a
    cache entry while a test fixture and the real map with the same id do not.
    """

    __slots__ = ()

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data, (str(data.get("id", "")), cache_key(data)))


@dataclass
class StaticLayer:
    """Everything view-independent but the panel's words: base image, its words, geometry, PNG
    palette (`StaticPanel` holds the panel, per language)."""

    ref: MapRef
    info: MapFile
    layout: Layout
    base: Image.Image  # RGB, final size: the whole board with its words; the panel blank
    bare: Image.Image  # the same board without its words, for windows on it (`focus.py`)
    lettering: Lettering  # every word on the board, where `base` draws it
    palette: Image.Image  # "P" image whose palette the output is reduced to
    overview: Image.Image  # the board alone, small: the channel image's inset (`focus.py`)
    covered: bool  # neutral tiles lie on the yellow spaces (2 or 3 players): the legend says so

    def panel(self, locale: str) -> StaticPanel:
        """The panel's title and legend in `locale` (a catalog name: `i18n.catalog_name`)."""
        return static_panel(self.ref, self.covered, locale)


@dataclass(frozen=True)
class StaticPanel:
    """The panel's view-independent part in one language: its image (pasted at the panel's
    top-left corner) and its words (labels in whole-image pixels)."""

    image: Image.Image
    labels: tuple[Label, ...]


@lru_cache(maxsize=8)
def static_layer(ref: MapRef, covered: frozenset[str]) -> StaticLayer:
    """Draw the board that does not depend on the game state (once per map and covered set)."""
    info = parse_map(ref.data)
    lay = layout_for(info)
    img = Image.new("RGB", (lay.width * SS, lay.height * SS), BG)
    d = ImageDraw.Draw(img)
    covered_cells = set()
    for name in covered:
        try:
            covered_cells.add(parse_coord(name))
        except ValueError:
            continue
    draw_terrain(d, info, lay, covered_cells)
    d.rectangle(tuple(v * SS for v in lay.panel_box), fill=PANEL_BG)
    bare = img.resize((lay.width, lay.height), Image.Resampling.LANCZOS)
    # covered yellow spaces get the grey face-down tile baked in
    for col, row in sorted(covered_cells):
        if info.kind(col, row) in LAND:
            tile_sprite(None, "N", lay.size).paste_at(bare, *lay.center(col, row))
    lettering = place_lettering(info, lay, frozenset(covered_cells))
    base = bare.copy()
    draw_lettering(base, lettering.labels)
    framed = base.copy()  # the palette covers the panel's icons; its words' colours are sampled
    framed.paste(panel_image(info, lay, bool(covered_cells), None)[0], lay.panel_box[:2])
    palette = build_palette(framed, lay, info.advanced)
    board_w = lay.panel_box[0]
    scale = OVERVIEW_H / lay.height
    small = bare.crop((0, 0, board_w, lay.height))
    overview = small.resize((max(1, round(board_w * scale)), OVERVIEW_H), Image.Resampling.LANCZOS)
    return StaticLayer(ref, info, lay, base, bare, lettering, palette, overview, bool(covered_cells))


class CacheInfo(NamedTuple):
    """`functools` cache statistics under a public type (functools' own is private)."""

    hits: int
    misses: int
    maxsize: int | None
    currsize: int


def static_cache_info() -> CacheInfo:
    """Hit/miss counts of the static layer cache (tests check that a map is drawn once)."""
    return CacheInfo(*static_layer.cache_info())


@lru_cache(maxsize=16)
def static_panel(ref: MapRef, covered: bool, locale: str) -> StaticPanel:
    """The panel's background, title and legend in `locale`, drawn at SS scale and reduced."""
    info = parse_map(ref.data)
    return StaticPanel(*panel_image(info, layout_for(info), covered, locale))


def panel_image(
    info: MapFile, lay: Layout, covered: bool, locale: str | None
) -> tuple[Image.Image, tuple[Label, ...]]:
    """The static panel at 1x and its labels; `locale` None: its icons without a word."""
    x0, y0, x1, y1 = lay.panel_box
    img = Image.new("RGB", ((x1 - x0) * SS, (y1 - y0) * SS), PANEL_BG)
    labels = draw_static_panel(img, info, lay, covered, locale)
    return img.resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS), labels


def map_name(info: MapFile, locale: str | None) -> str:
    """The map's name in `locale`, as the table's title says it (`map.scotland`: "Escócia"); a
    map the catalog does not name (a test's) by its file's name."""
    key = f"map.{info.map_id}"
    return t(key, locale) if has(key) else info.name


def draw_static_panel(
    img: Image.Image, info: MapFile, lay: Layout, covered: bool, locale: str | None
) -> tuple[Label, ...]:
    """Title and legend drawn at SS scale on `img`, the panel alone (its top-left corner is
    the panel box's); returns their labels in whole-image pixels (1x). `locale` None draws the
    legend's icons and line only (what the palette needs)."""
    d = ImageDraw.Draw(img)
    shift = lay.panel_box[0]  # where the panel starts on the whole image
    x0, y0, x1, y1 = (0, 0, (lay.panel_box[2] - shift) * SS, lay.panel_box[3] * SS)
    px = x0 + 18 * SS
    words = locale is not None
    labels = []
    if words:
        name = clean_text(map_name(info, locale), 24)
        labels += [
            _panel_text(d, (px, y0 + 16 * SS), t("rebirth.img.title", locale), 15, PANEL_MUTED, "la", shift),
            _panel_text(d, (px, y0 + 34 * SS), name, 32, PANEL_TEXT, "la", shift),
        ]
    # legend at the bottom of the panel: only what this board shows, in the game's words
    ly = y1 - lay.legend_h * SS
    d.line([(px, ly), (x1 - 18 * SS, ly)], fill=(70, 84, 100), width=SS)
    if words:
        rows = legend_rows(info, covered, locale)
    else:
        rows = [(kind[:1] if kind == "s4" else kind, "") for kind in legend_kinds(info, covered)]
    step = legend_row_h(len(rows)) * SS
    y = ly + 12 * SS
    for kind, text in rows:
        cx, cy = px + 14 * SS, y + 12 * SS
        if kind in ("neutral", "pips"):
            sample = tile_sprite(None, "N", 13.0) if kind == "neutral" else tile_sprite(0, "S3", 13.0)
            _paste_ss(img, sample, cx, cy)
        else:
            _legend_icon(d, kind, cx, cy, 11 * SS)
        room = x1 - LEGEND_END * SS - (px + 36 * SS)  # a translation too long is cut, not spilled
        text = fit_text(text, font(LEGEND_FONT * SS), room)
        if words:
            labels.append(_panel_text(d, (px + 36 * SS, cy), text, LEGEND_FONT, PANEL_MUTED, "lm", shift))
        y += step
    return tuple(labels)


def _panel_text(
    d: ImageDraw.ImageDraw, xy: Point, text: str, size: int, fill: RGB, anchor: str, shift: int
) -> Label:
    """Draw a panel text at SS scale; its label in final pixels, `shift` right of the panel's
    (its box as drawn: the font at SS scale is a little wider than at 1x)."""
    d.text(xy, text, font=font(size * SS), fill=fill, anchor=anchor)
    label = text_label(text, (xy[0] / SS + shift, xy[1] / SS), size, "panel", anchor)
    x0, y0, x1, y1 = (v / SS for v in font(size * SS).getbbox(text, anchor=anchor))
    at = label.at
    return replace(label, box=(at[0] + x0, at[1] + y0, at[0] + x1, at[1] + y1))


def _legend_icon(d: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, r: float) -> None:
    """The legend's sample of a feature: its terrain hex and its icon, at panel scale."""
    if kind in TERRAIN:
        d.polygon(hex_corners(cx, cy, r * 1.15), fill=TERRAIN[kind], outline=LAND_LINE, width=SS)
    if kind == "e":
        draw_bolt(d, cx, cy, r * 0.7, ICON_ENERGY)
    elif kind == "f":
        draw_sheaf(d, cx, cy, r * 0.7, ICON_FOOD)
    elif kind == "s":
        draw_house(d, cx, cy, r * 0.65, ICON_HOUSE)
    elif kind == "port":
        d.polygon(hex_corners(cx, cy, r * 1.15), fill=SEA)
        draw_anchor(d, cx, cy, r * 0.75, SEA_MARK, SEA_MARK_EDGE)
    elif kind == "yellow":
        d.polygon(hex_corners(cx, cy, r * 1.15), fill=TERRAIN["."], outline=LAND_LINE, width=SS)
        draw_yellow_hex(d, cx, cy, r * 0.6, SS)
    elif kind == "C":
        draw_castle(d, cx, cy, r * 0.7, (70, 66, 62), TERRAIN["C"])
    elif kind == "K":
        draw_cathedral(d, cx, cy, r * 0.65, (84, 70, 104), TERRAIN["K"])
    elif kind == "offshore":
        d.polygon(hex_corners(cx, cy, r * 1.15), fill=SEA)
        draw_fish(d, cx, cy - r * 0.1, r * 0.8, SEA_MARK, SEA_MARK_EDGE)
    elif kind == "blank":
        d.polygon(hex_corners(cx, cy, r * 1.15), fill=TERRAIN["."], outline=LAND_LINE, width=SS)
    elif kind == "R":
        draw_round_tower(d, cx, cy, r * 0.85)
    elif kind == "T":
        draw_tara(d, cx, cy - r * 0.1, r * 0.8)


def _paste_ss(canvas: Image.Image, sprite: Sprite, cx: float, cy: float) -> None:
    """Paste a 1x sprite onto the SS-scale canvas, scaled up."""
    img = sprite.image.resize((sprite.image.width * SS, sprite.image.height * SS), Image.Resampling.LANCZOS)
    canvas.paste(img, (int(cx + sprite.dx * SS), int(cy + sprite.dy * SS)), img)
