"""The frames of a Rebirth replay (`/game replay`): the whole board, scaled to the channel
image's width, under the channel image's score strip (docs/replays.md).

Why the whole board and not the channel image's window: a replay shows the board filling up, and
a window that follows each placement would move every frame (and the GIF would hold a whole new
picture each time). The board's own words are smaller at this scale; what a frame is about reads
at 550 px in the strip, drawn at the channel image's sizes: every seat's score, the turn and the
last placement in words ("Turn 31 · last: O Food Farm at O2"), which the board rings in red.

Drawn from pre-rendered layers: the static layer's board (with its words) is scaled once per
replay, the layout scaled with it, and a frame is a copy of it with the pieces pasted from
sprites cached at that size, then the strip; every frame is reduced to the map's fixed palette.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image

from engine.rebirth.views import RebirthView
from i18n import catalog_name
from render.animation import Animation, animate
from render.rebirth.board import draw_pieces, layer_for
from render.rebirth.focus import draw_strip
from render.rebirth.static import StaticLayer
from render.rebirth.style import BG, FOCUS_W, STRIP_H, palette_keys

MOVE_MS = 600  # a placement: a glance at the ringed tile and the strip


@dataclass(frozen=True)
class ReplayLayer:
    """What every frame starts from: the board scaled to `FOCUS_W` under a blank strip, and the
    static layer with its layout scaled the same way (so pieces land where the scaled board
    has their spaces)."""

    layer: StaticLayer
    image: Image.Image


def replay_layer(view: RebirthView, map_data: dict[str, Any]) -> ReplayLayer:
    """The scaled board of `view`'s map and covered spaces (the same for every position of a
    game), drawn once per replay."""
    layer = layer_for(view, map_data)
    lay = layer.layout
    board_w = lay.panel_box[0]
    board_h = lay.board_box[3] + lay.board_box[1]  # the map and its margin; the panel may be taller
    k = FOCUS_W / board_w
    board = layer.base.crop((0, 0, board_w, board_h))
    board = board.resize((FOCUS_W, round(board_h * k)), Image.Resampling.LANCZOS)
    image = Image.new("RGB", (FOCUS_W, STRIP_H + board.height), BG)
    image.paste(board, (0, STRIP_H))
    origin = (lay.origin[0] * k, lay.origin[1] * k + STRIP_H)
    scaled = replace(layer, layout=replace(lay, size=lay.size * k, origin=origin))
    return ReplayLayer(scaled, image)


def replay_frame(
    views: ReplayLayer, view: RebirthView, names: Sequence[str], locale: str | None
) -> Image.Image:
    """One position: the pieces on the scaled board, the last placement ringed, the strip with
    the scores, the turn and the last placement; an RGB image `FOCUS_W` wide."""
    img = views.image.copy()
    draw_pieces(img, view, views.layer, ())
    draw_strip(img, view, list(names), [], catalog_name(locale))
    return img


def animate_replay(
    views: Sequence[RebirthView],
    map_data: dict[str, Any],
    names: Sequence[str],
    locale: str | None,
    limit: int,
) -> Animation | None:
    """The GIF of `views` (public views: the opening, then the position after each placement),
    within `limit` bytes (`render.animation.animate`); None if no plan fits."""
    start = replay_layer(views[0], map_data)

    def frame(index: int) -> Image.Image:
        return replay_frame(start, views[index], names, locale)

    keys = palette_keys(bool(views[0]["towers"]))
    return animate(len(views), frame, keys, MOVE_MS, limit)
