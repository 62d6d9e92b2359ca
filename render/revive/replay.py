"""The frames of a Revive replay (`/game replay`): the whole board, scaled to the channel
image's width, under the channel image's score strip and a line naming the turn and who played
it, the places the turn changed ringed in red (docs/replays.md).

Why the whole board and not the channel image's window: a replay shows the board filling up,
and a window that follows each turn would move every frame (the GIF would hold a whole new
picture each time). The board is drawn without its words, as the channel image's window is
(words scaled by 0.6 would not read); what a frame is about reads in the strip, drawn at the
channel image's sizes.

Drawn from pre-rendered layers: the board's frame with its tiles is drawn and scaled once per
set of tiles (a tile changes only when it is explored), the geometry scaled with it, and a frame
is a copy of that layer with the pieces pasted from sprites cached at that size, then the strip.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from PIL import Image, ImageDraw

from engine.revive.views import ReviveView
from i18n import catalog_name, t
from render.animation import Animation, animate
from render.common import fit_text, font
from render.revive.board import TileKey, board_layer, draw_pieces, tiles_key
from render.revive.focus import OUT_W, STRIP_ROW, FocusImage, draw_strip
from render.revive.geometry import BoardGeometry, board_geometry
from render.revive.ref import LOCK, ContentRef, content_ref
from render.revive.seats import style_index
from render.revive.sprites import highlight_sprite
from render.revive.style import BG, MUTED, key_colours
from render.revive.text import legible_size
from render.revive.words import seat_name

LINE_H = 28  # the line under the strip: the turn and who played it
TURN_MS = 1200  # a whole turn: several places ringed, several scores moved


@dataclass
class ReplayBoard:
    """One replay's drawing state: the content, the scaled geometry (under the strip), and the
    scaled tiles layer of the last set of tiles drawn (kept while no tile changes)."""

    ref: ContentRef
    geo: BoardGeometry  # the whole board's, scaled by `scale` and moved down by `top`
    scale: float
    top: int
    height: int  # of the board part
    board_w: int
    _tiles: tuple[TileKey, ...] | None = None
    _layer: Image.Image | None = field(default=None, repr=False)

    def tiles_image(self, tiles: tuple[TileKey, ...]) -> Image.Image:
        """The board's frame and tiles, scaled: drawn again only when a tile changed."""
        if self._layer is None or tiles != self._tiles:
            with LOCK:
                full = board_layer(self.ref, tiles, labels=False)
            board = full.crop((0, 0, self.board_w, self.geo_height_full()))
            self._layer = board.resize((OUT_W, self.height), Image.Resampling.LANCZOS)
            self._tiles = tiles
        return self._layer

    def geo_height_full(self) -> int:
        return round(self.height / self.scale)


def replay_board(content: dict[str, Any], players: int) -> ReplayBoard:
    """The scaled board of `content` for a table of `players` (the strip's rows), drawn once per
    replay."""
    ref = content_ref(content)
    with LOCK:
        geo = board_geometry(ref)
    board_w, board_h = geo.panel_box[0], geo.legend_box[1]  # the board without panel and legend
    k = OUT_W / board_w
    top = STRIP_ROW * math.ceil(players / 2) + 8 + LINE_H
    scaled = replace(
        geo,
        size=geo.size * k,
        centres={place: (x * k, y * k + top) for place, (x, y) in geo.centres.items()},
        slot_centres={slot: (x * k, y * k + top) for slot, (x, y) in geo.slot_centres.items()},
    )
    return ReplayBoard(ref, scaled, k, top, round(board_h * k), board_w)


def replay_frame(
    board: ReplayBoard,
    view: ReviveView,
    names: Sequence[str],
    changed: Iterable[str],
    line: str,
    locale: str | None,
) -> Image.Image:
    """One position: the pieces on the scaled board, the places in `changed` ringed, the strip
    with every seat's score (the seat to move framed), and `line` under it; RGB, `OUT_W` wide."""
    lang = catalog_name(locale)
    img = Image.new("RGB", (OUT_W, board.top + board.height), BG)
    img.paste(board.tiles_image(tiles_key(view)), (0, board.top))
    geo = board.geo
    styles = [style_index(seat, i) for i, seat in enumerate(view["seats"])]
    draw_pieces(img, geo, view, styles)
    for place in dict.fromkeys(str(p) for p in changed):
        if place in geo.slot_spaces:
            highlight_sprite(geo.size, True).paste_at(img, *geo.slot_centres[place])
        elif place in geo.centres:
            highlight_sprite(geo.size).paste_at(img, *geo.centres[place])
    size = legible_size(OUT_W, 0.3)
    out = FocusImage(img, (0, 0, board.board_w, board.geo_height_full()), board.scale, board.top)
    d = ImageDraw.Draw(img)
    draw_strip(d, out, view, names, styles, size, lang)
    f = font(size)
    d.text((10, board.top - LINE_H / 2 - 2), fit_text(line, f, OUT_W - 20), font=f, fill=MUTED, anchor="lm")
    return img


def turn_line(view: ReviveView, names: Sequence[str], seat: int | None, turn: int, locale: str | None) -> str:
    """`Turn 12 · Hamish`: the frame's turn and who played it; `Final scores · won by Hamish`
    at the end (the strip frames the winners in gold too); `Start` before the first move."""
    final = view["final"]
    if view["finished"] and final and final["winners"]:
        winners = ", ".join(seat_name(names, winner, locale) for winner in final["winners"])
        return t("revive.img.replay.won", locale, names=winners)
    if view["finished"]:
        return t("revive.img.replay.final", locale)
    if seat is None:
        return t("revive.img.replay.start", locale)
    return t("revive.img.replay.turn", locale, turn=turn, name=seat_name(names, seat, locale))


def animate_replay(
    frames: Sequence[tuple[ReviveView, tuple[str, ...], int | None]],
    content: dict[str, Any],
    names: Sequence[str],
    locale: str | None,
    limit: int,
) -> Animation | None:
    """The GIF of `frames` (the public view after each turn, the places the turn changed and the
    seat that played it; the opening first, with no seat), within `limit` bytes
    (`render.animation.animate`); None if no plan fits."""
    board = replay_board(content, len(frames[0][0]["seats"]))

    def frame(index: int) -> Image.Image:
        view, changed, seat = frames[index]
        line = turn_line(view, names, seat, index, locale)
        return replay_frame(board, view, names, changed, line, locale)

    return animate(len(frames), frame, key_colours(), TURN_MS, limit)
