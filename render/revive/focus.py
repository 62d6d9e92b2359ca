"""The channel image (`render_focus`): one image, legible at Discord's inline width of 550 px
(docs/revive-discord.md), and the same image with a seat's options marked, so a player sees
where each of their moves would go.

Why it is built this way: a channel message carries one image, and a phone shows it about
550 px wide. The whole board (`render_board`, 1566 px, behind `/board`) has 12-px space ids
there at a cap height of 3 px. This image is natively OUT_W px wide and shows:

* a score strip: each seat's mark, name and score, and who is to move;
* a window of the board around the places that matter (what the last turn changed, or the
  options being shown; the middle of the board when there are none), scaled to OUT_W;
* labels only where they matter: the id of each of those places and of each face-down tile
  in the window (the tiles one can explore), drawn after scaling at a size whose cap height
  is at least 9 px at 550 px (`legible_size`, from the font's own metrics);
* a legend of the symbols the window shows;
* under it, what the told turns changed on the movers' own boards (strip.py), so a turn of
  card plays changes the image too.

It reuses the whole board's cached layers (the bare frame, word-free tile sprites, piece
sprites): a render is a copy, pastes, one crop and resize, and a few labels. Every label it
draws is recorded (`FocusImage.labels`), so a test measures what was drawn.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from engine.revive.views import OwnBoard, ReviveView
from i18n import catalog_name
from render.common import SEAT_STYLES, badge_sprite, fit_text, font, png_bytes
from render.hexgrid import SQRT3
from render.revive.board import (
    LEGEND_ICON_W,
    board_layer,
    board_palette,
    board_symbols,
    draw_pieces,
    legend_flow,
    legend_strip,
    tiles_key,
)
from render.revive.geometry import BoardGeometry, board_geometry
from render.revive.ref import LOCK, ContentRef, content_ref
from render.revive.seats import style_index
from render.revive.sheet import moved
from render.revive.sprites import highlight_sprite, option_sprite
from render.revive.strip import turn_strip
from render.revive.style import BG, CARD_BG, CARD_CURRENT_BG, DARK_TEXT, GOLD, MUTED, TEXT
from render.revive.text import INLINE_W, Label, cap_height, legible_size, put_label
from render.revive.words import seat_name

OUT_W = 640  # the channel image's width: at 550 px it is shown at 0.86
WIN_MIN, WIN_MAX = 700, 800  # the board window's width in whole-board px (scale 0.91 to 0.8)
ASPECT = 0.66  # the window's height over its width
STRIP_ROW = 44  # a row of two seats in the score strip
LABEL_PILL = (24, 28, 34)

Box = tuple[float, float, float, float]


@dataclass
class FocusImage:
    """The drawn channel image and what a test needs to measure it."""

    image: Image.Image
    window: Box  # the board window, in whole-board px
    scale: float  # output px per whole-board px
    board_top: int  # where the window starts in the image
    labels: list[Label] = field(default_factory=list)
    marks: dict[str, Box] = field(default_factory=dict)  # place -> its box in the image
    strip_top: int = 0  # where the turn's strip starts (the image's height when it has none)

    def to_image(self, x: float, y: float) -> tuple[float, float]:
        """A whole-board point in this image's px."""
        return (x - self.window[0]) * self.scale, self.board_top + (y - self.window[1]) * self.scale


def focus_window(geo: BoardGeometry, places: Iterable[str]) -> Box:
    """The part of the board to show: the places' boxes with a margin, WIN_MIN to WIN_MAX wide
    at ASPECT, kept on the board (the middle of the board when no place is known)."""
    area = (0.0, 0.0, float(geo.panel_box[0]), float(geo.legend_box[1] - 4))
    regions = [r for r in (geo.region(p) for p in places) if r is not None]
    if not regions:
        xs = [x for x, _ in geo.centres.values()]
        ys = [y for _, y in geo.centres.values()]
        regions = [(min(xs), min(ys), max(xs), max(ys))]
    pad = geo.size * 0.6
    x0, y0 = min(r[0] for r in regions) - pad, min(r[1] for r in regions) - pad
    x1, y1 = max(r[2] for r in regions) + pad, max(r[3] for r in regions) + pad
    w = min(max(x1 - x0, WIN_MIN, (y1 - y0) / ASPECT), WIN_MAX)
    h = w * ASPECT
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    left = min(max(cx - w / 2, area[0]), area[2] - w)
    top = min(max(cy - h / 2, area[1]), area[3] - h)
    left, top = round(left), round(top)
    return (left, top, left + round(w), top + round(h))


def render_focus(
    view: ReviveView,
    content: dict[str, Any],
    names: Sequence[str],
    changed: Iterable[str] | None = (),
    marks: Iterable[str] = (),
    focus: Iterable[str] = (),
    *,
    locale: str | None = None,
    own: Sequence[tuple[int, OwnBoard]] = (),
) -> bytes:
    """The channel image as PNG bytes (see `focus_image`), its words in `locale`."""
    ref = content_ref(content)
    drawn = focus_image(view, ref, names, changed, marks, focus, locale=locale, own=own)
    with LOCK:
        palette = board_palette(ref)
    return png_bytes(drawn.image, palette)


def focus_image(
    view: ReviveView,
    ref: ContentRef,
    names: Sequence[str],
    changed: Iterable[str] | None = (),
    marks: Iterable[str] = (),
    focus: Iterable[str] = (),
    *,
    locale: str | None = None,
    own: Sequence[tuple[int, OwnBoard]] = (),
) -> FocusImage:
    """Draw the public parts of `view`: score strip, the board window around `changed` (red
    rings), `marks` (a seat's options: gold rings and gold ids) and `focus` (places to show
    and name without a mark), the window's legend, and what the turn changed on the boards
    of the seats in `own` (seat, its changes), its words in `locale` (None: English).
    Never reads `view["private"]`."""
    lang = catalog_name(locale)
    changed_l = list(dict.fromkeys(str(p) for p in changed or ()))
    marks_l = list(dict.fromkeys(str(p) for p in marks))
    focus_l = list(dict.fromkeys(str(p) for p in focus))
    size = legible_size(OUT_W, 0.3)
    with LOCK:
        geo = board_geometry(ref)
        layer = board_layer(ref, tiles_key(view), labels=False)
    window = focus_window(geo, changed_l + marks_l + focus_l)
    styles = [style_index(seat, i) for i, seat in enumerate(view["seats"])]
    draw_pieces(layer, geo, view, styles, lift=0.3)
    for place in changed_l:
        if place in geo.slot_spaces:
            highlight_sprite(geo.size, True).paste_at(layer, *geo.slot_centres[place])
        elif place in geo.centres:
            highlight_sprite(geo.size).paste_at(layer, *geo.centres[place])
    scale = OUT_W / (window[2] - window[0])
    win_h = round((window[3] - window[1]) * scale)
    crop = layer.crop(window).resize((OUT_W, win_h), Image.Resampling.LANCZOS)
    strip_h = STRIP_ROW * math.ceil(len(view["seats"]) / 2) + 8
    with LOCK:
        items = board_symbols(ref, geo, view, changed_l, marks_l, window)
    legend_h = _legend_height(items, size, lang)
    with LOCK:
        turn = turn_strip(view, ref, names, own, lang)
    turn_h = turn.image.height if turn else 0
    img = Image.new("RGB", (OUT_W, strip_h + win_h + legend_h + turn_h), BG)
    img.paste(crop, (0, strip_h))
    out = FocusImage(img, window, scale, strip_h, strip_top=strip_h + win_h + legend_h)
    _draw_marks(out, geo, marks_l)
    d = ImageDraw.Draw(img)
    draw_strip(d, out, view, names, styles, size, lang)
    _draw_place_labels(d, out, geo, view, changed_l + focus_l, marks_l, size)
    _draw_legend(out, items, size, strip_h + win_h, lang)
    if turn is not None:
        img.paste(turn.image, (0, out.strip_top), turn.image)
        out.labels.extend(moved(label, 0, out.strip_top) for label in turn.labels)
    return out


def _legend_height(items: tuple[str, ...], size: int, locale: str) -> int:
    """A legend strip just tall enough for its rows of symbols (in `locale`'s words)."""
    flow = legend_flow(items, OUT_W - 16, 400, size, locale)
    rows = len({round(y) for _, _, (_, y) in flow}) if flow else 0
    return 0 if not rows else int(rows * max(30, cap_height(size) * 2.4) + 20)


def _draw_legend(out: FocusImage, items: tuple[str, ...], size: int, top: int, locale: str) -> None:
    """The window's symbols, named, in a strip under it (recorded as labels)."""
    h = out.strip_top - top - 8
    if h <= 0:
        return
    out.image.paste(legend_strip(items, OUT_W - 16, h, size, locale), (8, top + 4))
    f = font(size)
    for _, text, (x, y) in legend_flow(items, OUT_W - 16, h, size, locale):
        text = fit_text(text, f, OUT_W - 16 - x - LEGEND_ICON_W - 8)  # as legend_strip draws it
        x0, y0, x1, y1 = f.getbbox(text, anchor="lm")
        tx, ty = 8 + x + LEGEND_ICON_W, top + 4 + y
        out.labels.append(Label(text, (tx + x0, ty + y0, tx + x1, ty + y1), size))


def draw_strip(
    d: ImageDraw.ImageDraw,
    out: FocusImage,
    view: ReviveView,
    names: Sequence[str],
    styles: list[int],
    size: int,
    locale: str,
) -> None:
    """Two seats a row: the seat's mark, name and score; the seat to move framed in gold, and
    once the game is over the winners (the public view's `final`, after the tie-breaks) framed
    with their scores in gold, as Rebirth's strip marks them: the channel image at the end and
    a replay's last frame say who won."""
    col_w = OUT_W / 2
    final = view["final"] if view["finished"] else None
    winners = set(final["winners"]) if final else set()
    for i, seat in enumerate(view["seats"]):
        x0, y0 = (i % 2) * col_w + 6, (i // 2) * STRIP_ROW + 6
        box = (x0, y0, x0 + col_w - 12, y0 + STRIP_ROW - 6)
        current = not view["finished"] and view["current"] == seat["seat"]
        won = seat["seat"] in winners
        d.rounded_rectangle(
            box,
            radius=8,
            fill=CARD_CURRENT_BG if current or won else CARD_BG,
            outline=GOLD if current or won else None,
            width=3,
        )
        st = SEAT_STYLES[styles[i] % len(SEAT_STYLES)]
        d.rectangle((box[0], box[1] + 6, box[0] + 4, box[3] - 6), fill=st.fill)
        cy = (box[1] + box[3]) / 2
        badge_sprite(styles[i], 12.0).paste_at(out.image, box[0] + 24, cy)
        colour = GOLD if won else TEXT
        score = put_label(
            d, out.labels, (box[2] - 10, cy), str(seat["score"]), size + 6, colour, "rm", bold=True
        )
        name = seat_name(names, seat["seat"], locale)
        name = fit_text(name, font(size + 2), score.box[0] - 12 - (box[0] + 44))
        put_label(
            d, out.labels, (box[0] + 44, cy), name, size + 2, TEXT if not seat["resigned"] else MUTED, "lm"
        )


def _draw_marks(out: FocusImage, geo: BoardGeometry, marks: list[str]) -> None:
    """A gold ring on each place a seat's move can use, at the image's scale."""
    r = geo.size * out.scale
    for place in marks:
        if place in geo.slot_spaces:
            x, y = out.to_image(*geo.slot_centres[place])
            option_sprite(round(r, 1), True).paste_at(out.image, x, y)
            reach = r * 3.2
        elif place in geo.centres:
            x, y = out.to_image(*geo.centres[place])
            option_sprite(round(r, 1)).paste_at(out.image, x, y)
            reach = r * 1.3
        else:
            continue
        out.marks[place] = (x - reach, y - reach, x + reach, y + reach)


def _draw_place_labels(
    d: ImageDraw.ImageDraw,
    out: FocusImage,
    geo: BoardGeometry,
    view: ReviveView,
    named: list[str],
    marks: list[str],
    size: int,
) -> None:
    """The id of each place that matters, inside its hex (a slot's: inside its middle hex):
    gold for a seat's options, light on dark for the rest; then each face-down tile's and
    large location's id (the places one explores or populates by name)."""
    r = geo.size * out.scale
    done: set[str] = set()
    backs = [slot for slot, placed in sorted(view["board"].items()) if not placed["face_up"]]
    others = backs + list(geo.corners)
    wanted = [(p, True) for p in marks] + [(p, False) for p in named] + [(p, False) for p in others]
    for place, gold in wanted:
        centre = geo.slot_centres.get(place) or geo.centres.get(place)
        if centre is None:
            continue
        hex_id = geo.slot_spaces[place][0] if place in geo.slot_spaces else place
        if hex_id in done:
            continue
        x, y = out.to_image(*centre)
        inner = r * 0.93
        half_w = SQRT3 / 2 * inner
        if not (
            half_w <= x <= OUT_W - half_w
            and out.board_top + inner <= y <= out.board_top + _win_h(out) - inner
        ):
            continue  # outside the window (or cut by its edge): the whole board has it
        done.add(hex_id)
        fill, pill = (DARK_TEXT, GOLD) if gold else (TEXT, LABEL_PILL)
        put_label(d, out.labels, (x, y + r * 0.2), place, size, fill, "mm", pill=pill, hex_=(x, y, inner))


def _win_h(out: FocusImage) -> float:
    return (out.window[3] - out.window[1]) * out.scale


def inline_cap(label: Label, image_width: int) -> float:
    """A label's cap height once its image is shown INLINE_W px wide."""
    return cap_height(label.size) * INLINE_W / image_width
