"""The main board image (`render_board`): terrain, tiles, pieces, large locations, the last
turn's rings and, at the right, the side panel (render/revive/panel.py).

A render runs on every move, so whatever does not depend on the game state is drawn once and
cached by content: the frame (background, chasm, corners, legend, panel background), a sprite
per area tile in its slot and rotation, the piece sprites per seat. A render is then a copy,
some pastes, a little text and a conversion to a fixed palette (a small PNG).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.revive.views import Corner, HiddenTile, PlacedTile, ReviveView
from i18n import catalog_name, t
from i18n.revive_words import large_location_name
from render.common import SEAT_STYLES, Point, Sprite, badge_sprite, clean_text, font, png_bytes
from render.hexgrid import hex_corners
from render.revive.chips import card_row_sprite, token_sprite
from render.revive.geometry import BoardGeometry, board_geometry
from render.revive.palette import palette_over
from render.revive.panel import draw_board_panel
from render.revive.ref import LOCK, ContentRef, content_ref
from render.revive.seats import style_index
from render.revive.sprites import (
    back_sprite,
    glyph,
    highlight_sprite,
    option_sprite,
    piece_sprite,
    tile_kinds,
    tile_sprite,
)
from render.revive.style import (
    BACK,
    BG,
    CHASM,
    GOLD,
    HEX,
    LARGE,
    PANEL_BG,
    SS,
    TERRAIN,
    TERRAIN_ORDER,
    TEXT,
    TILE_EDGE,
    WHITE,
)
from render.revive.text import cap_height, draw_text
from render.revive.words import resources_label

TileKey = tuple[str, Any, int, bool, Any]
"""What a slot shows: (slot, tile, rotation, face up, back: (cost pairs, points) or None)."""

_POP_SPOTS = ((-0.4, -0.2), (0.4, -0.2), (-0.4, 0.25), (0.4, 0.25))  # one spot per seat style


@lru_cache(maxsize=4)
def bare_frame(ref: ContentRef) -> Image.Image:
    """The frame's shapes alone (background, bridges, chasm, corners): no word, no legend, no
    panel; the channel image (focus.py) crops it and draws its own labels at a legible size."""
    geo = board_geometry(ref)
    img = Image.new("RGB", (geo.width, geo.height), BG)
    big = Image.new("RGBA", (geo.panel_box[0] * SS, geo.height * SS), (0, 0, 0, 0))
    _draw_frame_shapes(ImageDraw.Draw(big), geo)
    frame = big.resize((geo.panel_box[0], geo.height), Image.Resampling.LANCZOS)
    img.paste(frame, (0, 0), frame)
    return img


@lru_cache(maxsize=8)
def board_frame(ref: ContentRef, locale: str) -> Image.Image:
    """Everything on the board image that no game state changes, drawn once per content and
    language (the legend is not: it lists only what this board shows)."""
    geo = board_geometry(ref)
    s = geo.size
    img = bare_frame(ref).copy()
    d = ImageDraw.Draw(img)
    cx, cy = geo.centres[geo.chasm[0]]
    d.text((cx, cy), t("revive.img.chasm", locale), font=font(16), fill=(150, 160, 172), anchor="mm")
    for corner in geo.corners:
        x, y = geo.centres[corner]
        d.text((x, y - s * 0.62), corner, font=font(14), fill=LARGE[1], anchor="mm")
    d.rectangle(geo.panel_box, fill=PANEL_BG)
    return img


def _draw_frame_shapes(d: ImageDraw.ImageDraw, geo: BoardGeometry) -> None:
    """The supersampled shapes of the frame: corner bridges, the chasm, the corner spaces."""
    s = geo.size
    # bridges from each corner to the spaces it touches (range and populating go this way)
    for corner, links in geo.corner_links.items():
        cx, cy = geo.centres[corner]
        for link in links:
            lx, ly = geo.centres[link]
            d.line([(cx * SS, cy * SS), (lx * SS, ly * SS)], fill=LARGE[0], width=int(s * 0.34 * SS))
    # the chasm
    fill, ink = CHASM
    for sp in geo.chasm:
        x, y = geo.centres[sp]
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 1.02), fill=TILE_EDGE)
    for sp in geo.chasm:
        x, y = geo.centres[sp]
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 0.93), fill=fill)
        for a, b in (((-0.5, -0.3), (0.1, 0.1)), ((0.1, 0.1), (-0.1, 0.6)), ((0.1, 0.1), (0.55, -0.2))):
            d.line(
                [
                    (x * SS + a[0] * s * SS, y * SS + a[1] * s * SS),
                    (x * SS + b[0] * s * SS, y * SS + b[1] * s * SS),
                ],
                fill=ink,
                width=int(SS * 2),
            )
    # corners: the large-location spaces
    for corner in geo.corners:
        x, y = geo.centres[corner]
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 1.08), fill=WHITE)
        d.polygon(hex_corners(x * SS, y * SS, s * SS * 1.0), fill=LARGE[0])


LEGEND_ITEMS: tuple[tuple[str, str], ...] = (
    *((kind, f"revive.img.terrain.{kind}") for kind in TERRAIN_ORDER),
    ("corner", "revive.img.legend.corner"),
    ("small", "revive.img.legend.small"),
    ("large", "revive.img.legend.large"),
    ("population", "revive.img.legend.population"),
    ("back", "revive.img.legend.back"),
    ("changed", "revive.img.legend.changed"),
    ("option", "revive.img.legend.option"),
)


def board_symbols(
    ref: ContentRef,
    geo: BoardGeometry,
    view: ReviveView,
    changed: Iterable[str] = (),
    options: Iterable[str] = (),
    window: tuple[float, float, float, float] | None = None,
) -> tuple[str, ...]:
    """The legend's symbols that occur on this board (inside `window`, when given), in the
    legend's order (a legend shows only what the image shows, so every entry can be found)."""

    def seen(place: str) -> bool:
        centre = geo.centres.get(place) or geo.slot_centres.get(place)
        if centre is None:
            return False
        return window is None or (window[0] <= centre[0] <= window[2] and window[1] <= centre[1] <= window[3])

    found: set[str] = set()
    for slot, placed in view["board"].items():
        if slot not in geo.slot_spaces:
            continue
        if not placed["face_up"]:
            found.update(["back"] if seen(slot) else [])
        elif placed["tile"] in ref.tiles:
            kinds = tile_kinds(ref, str(placed["tile"]), placed["rotation"] % 6)
            found.update(
                kind["type"] for kind, sp in zip(kinds, geo.slot_spaces[slot], strict=True) if seen(sp)
            )
    for space, held in view["pieces"].items():
        if seen(space):
            found.update(
                "small" if kind == "small" else "large" if kind == "large" else "population"
                for _, kind in held
            )
    for corner, info in view["corners"].items():
        if seen(corner):
            found.add("corner")
            found.update(["population"] if info["population"] else [])
    found.update(["changed"] if any(seen(p) for p in changed) else [])
    found.update(["option"] if any(seen(p) for p in options) else [])
    return tuple(kind for kind, _ in LEGEND_ITEMS if kind in found)


@lru_cache(maxsize=64)
def legend_strip(items: tuple[str, ...], width: int, height: int, size: int, locale: str) -> Image.Image:
    """The legend for `items` (board_symbols) in a strip: each symbol drawn as on the board and
    named as the game names it in `locale`, flowing left to right in rows as wide as their
    words."""
    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=10, fill=PANEL_BG)
    for kind, text, (x, y) in legend_flow(items, width, height, size, locale):
        legend_icon(img, kind, x, y)
        draw_text(d, (x + LEGEND_ICON_W, y), text, size, TEXT, max_w=width - x - LEGEND_ICON_W - 8)
    return img


LEGEND_ICON_W = 40  # a legend symbol and the gap before its name


def legend_flow(
    items: tuple[str, ...], width: int, height: int, size: int, locale: str
) -> list[tuple[str, str, Point]]:
    """Where each legend entry goes: (kind, name in `locale`, left-middle of its symbol), row
    after row."""
    keys = dict(LEGEND_ITEMS)
    f = font(size)
    row_h = max(30, cap_height(size) * 2.4)
    rows = max(1, int((height - 8) // row_h))
    out: list[tuple[str, str, Point]] = []
    x, row = 12.0, 0
    for kind in items:
        text = t(keys[kind], locale)
        w = LEGEND_ICON_W + f.getlength(text) + 22
        if x + w > width - 8 and x > 12 and row + 1 < rows:
            x, row = 12.0, row + 1
        out.append((kind, text, (x, 4 + (height - 8) / rows * (row + 0.5))))
        x += w
    return out


def legend_icon(img: Image.Image, kind: str, x: float, y: float) -> None:
    """A legend symbol, its centre 12 px right of `x`."""
    if kind in TERRAIN or kind in ("back", "corner"):
        _paste_legend_hex(img, kind, x, y)
    elif kind == "changed":
        highlight_sprite(10.0).paste_at(img, x + 12, y)
    elif kind == "option":
        option_sprite(10.0).paste_at(img, x + 12, y)
    else:
        piece_sprite(0, kind, 26.0 if kind != "population" else HEX).paste_at(img, x + 12, y)


def _draw_legend(img: Image.Image, geo: BoardGeometry, items: tuple[str, ...], locale: str) -> None:
    """The symbols this board shows, in a strip under the board."""
    x0, y0, x1, y1 = geo.legend_box
    img.paste(legend_strip(items, x1 - x0, y1 - y0, 16, locale), (x0, y0))


def _paste_legend_hex(img: Image.Image, kind: str, x: float, y: float) -> None:
    """A small terrain hex with its glyph (or a face-down tile's slate hex)."""
    r = 12.0
    fill, ink = TERRAIN.get(kind, LARGE if kind == "corner" else BACK)
    k = 4
    side = int(r * 2.4)
    icon = Image.new("RGBA", (side * k, side * k), (0, 0, 0, 0))
    di = ImageDraw.Draw(icon)
    c = side * k / 2
    di.polygon(hex_corners(c, c, r * k * 1.05), fill=fill, outline=TILE_EDGE, width=k)
    if kind not in ("back", "corner"):
        glyph(di, kind, c, c, r * k * 0.55, ink)
    icon = icon.resize((side, side), Image.Resampling.LANCZOS)
    img.paste(icon, (int(x + 12 - side / 2), int(y - side / 2)), icon)


def board_layer(
    ref: ContentRef, tiles: tuple[TileKey, ...], labels: bool = True, locale: str = "en"
) -> Image.Image:
    """A copy of the frame with every area tile pasted on it (about 2 ms from cached sprites, so
    the full layer is not cached: a busy bot would keep megabytes per game for little gain),
    its words in `locale`. `labels` False: the bare frame and tiles without words, for the
    channel image."""
    geo = board_geometry(ref)
    img = (board_frame(ref, locale) if labels else bare_frame(ref)).copy()
    words = locale if labels else ""  # a sprite without words is the same in every language
    for slot, tile, rotation, face_up, back in tiles:
        if slot not in geo.slot_centres:
            continue
        if face_up and tile in ref.tiles:
            sprite = tile_sprite(ref, slot, str(tile), rotation % 6, geo.size, labels, locale=words)
        else:
            cost, points = back or ((), 0)
            sprite = back_sprite(slot, cost, points, geo.size, labels, locale=words)
        sprite.paste_at(img, *geo.slot_centres[slot])
    return img


def _tile_key(slot: str, placed: PlacedTile | HiddenTile) -> TileKey:
    if placed["face_up"]:
        return (slot, placed["tile"], placed["rotation"], True, None)
    back = placed["back"]
    return (slot, None, 0, False, (tuple(sorted(back["cost"].items())), back["points"]))


def tiles_key(view: ReviveView) -> tuple[TileKey, ...]:
    """What every slot shows, as a hashable key of the tiles layer."""
    return tuple(_tile_key(slot, placed) for slot, placed in sorted(view["board"].items()))


def render_board(
    view: ReviveView,
    content: dict[str, Any],
    names: list[str],
    changed: Iterable[str] | None = (),
    *,
    locale: str | None = None,
) -> bytes:
    """Draw the public view of a Revive game and return PNG bytes.

    `names` are display names by seat (cleaned, never interpreted); `changed` lists the spaces
    (`S3.2`), slots (`F07`) and corners (`NW`) the last turn changed, which get a red ring.
    `locale`: the language of its words (None: English).
    """
    lang = catalog_name(locale)
    ref = content_ref(content)
    with LOCK:
        geo = board_geometry(ref)
        img = board_layer(ref, tiles_key(view), locale=lang)
    styles = [style_index(seat, i) for i, seat in enumerate(view["seats"])]
    draw_pieces(img, geo, view, styles)
    with LOCK:
        _draw_legend(img, geo, board_symbols(ref, geo, view, [str(p) for p in changed or ()]), lang)
    d = ImageDraw.Draw(img)
    for corner, info in view["corners"].items():
        _draw_plaque(d, ref, geo, corner, info, lang)
    # what the last turn changed
    for place in dict.fromkeys(str(p) for p in changed or ()):
        if place in geo.slot_spaces:
            highlight_sprite(geo.size, True).paste_at(img, *geo.slot_centres[place])
        elif place in geo.centres:
            highlight_sprite(geo.size).paste_at(img, *geo.centres[place])
    draw_board_panel(img, view, ref, geo, names, styles, lang)
    with LOCK:
        palette = board_palette(ref)
    return png_bytes(img, palette)


def draw_pieces(
    img: Image.Image, geo: BoardGeometry, view: ReviveView, styles: list[int], lift: float = 0.08
) -> None:
    """Buildings on their spaces (`lift` hexes above the centre: the channel image lifts them to
    make room for a space's id), and one figure per seat that populated a space or corner."""
    s = geo.size
    pieces = dict(view["pieces"])
    for corner, info in view["corners"].items():  # a large location's figures are listed there too
        held = pieces.get(corner, [])
        known = {piece[0] for piece in held}
        extra = [[who, "population"] for who in info["population"] if who not in known]
        if extra:
            pieces[corner] = held + extra
    for space, held in pieces.items():
        centre = geo.centres.get(space)
        if centre is None:
            continue
        x, y = centre
        figures = []
        for seat, kind in held:
            if kind in ("small", "large"):
                piece_sprite(styles[seat], kind, s).paste_at(img, x, y - s * lift)
            else:
                figures.append(styles[seat])
        for st in dict.fromkeys(figures):
            dx, dy = _POP_SPOTS[st % len(_POP_SPOTS)]
            if space in geo.corners:
                dy -= 0.02
            piece_sprite(st, "population", s).paste_at(img, x + dx * s, y + dy * s)


def _draw_plaque(
    d: ImageDraw.ImageDraw, ref: ContentRef, geo: BoardGeometry, corner: str, info: Corner, locale: str
) -> None:
    """A large location's label next to its corner: name, side, end-game points, extra cost."""
    plaque = geo.plaques.get(corner)
    if plaque is None:
        return
    side = ref.large[info["location"]][info["side"]]
    x0, y0, x1, y1 = plaque
    d.rounded_rectangle(plaque, radius=10, fill=LARGE[0], outline=WHITE, width=2)
    name = clean_text(large_location_name(info["location"], side, locale), 28)
    draw_text(d, ((x0 + x1) / 2, y0 + 16), name, 18, WHITE, "mm", max_w=x1 - x0 - 12, bold=True)
    pts = t("revive.img.large_points", locale, points=side["points"], count=side["points"])
    side_text = t("revive.img.large_side", locale, side=clean_text(info["side"], 2))
    draw_text(d, (x0 + 10, y0 + 40), side_text, 15, LARGE[1])
    draw_text(d, (x1 - 10, y0 + 40), pts, 18, GOLD, "rm", bold=True)
    if side["cost"]:
        cost = t("revive.img.large_cost", locale, cost=resources_label(side["cost"], "", locale))
        draw_text(d, (x0 + 10, y0 + 58), cost, 14, LARGE[1])


@lru_cache(maxsize=4)
def board_palette(ref: ContentRef) -> Image.Image:
    """The board image's palette, from the frame, every tile face up and the piece sprites, as
    English draws them (text in any language takes the same few colours)."""
    geo = board_geometry(ref)
    sprites: list[Sprite] = []
    slots = list(geo.slot_spaces)
    for i, tile in enumerate(ref.tiles):
        sprites.append(tile_sprite(ref, slots[i % len(slots)], tile, 0, geo.size, locale="en"))
    sprites.append(back_sprite("F01", (("food", 1), ("gear", 1)), 2, geo.size, locale="en"))
    for style in range(len(SEAT_STYLES)):
        for kind in ("small", "large", "population"):
            sprites.append(piece_sprite(style, kind, geo.size))
        sprites.append(badge_sprite(style, 22.0))
    sprites.append(highlight_sprite(geo.size))
    for card in list(ref.cards)[:: max(1, len(ref.cards) // 12)]:
        sprites.append(card_row_sprite(ref, card, 440, locale="en"))
    for token in list(ref.machines)[::4]:
        sprites.append(token_sprite(ref, "machine", token, 200, locale="en"))
    for token in list(ref.modules)[::4]:
        sprites.append(token_sprite(ref, "module", token, 200, locale="en"))
    return palette_over(board_frame(ref, "en"), sprites, (BG, PANEL_BG, TERRAIN["sand"][0]))
