"""The channel image and a seat's options image (where its moves would go): a window on the
board, drawn as large as the whole board draws it, under a score strip; FOCUS_W px wide, so that
Discord's 550-px inline preview shrinks it by 0.86 only and every word keeps a 9-px cap height.

Why a window and not the whole board: a channel message carries one image, and the whole board
shown 550 px wide halves every word. The window shows the spaces the message tells (the last
placement and `marked`) and the free spaces around them; `/board` draws the whole board.
The options image is the same drawing with the seat's legal spaces numbered by what they
would score (the "+3" of their autocomplete labels), in the window that holds the best of them.

Both reuse the cached static layer: its `bare` board (no words) gets the pieces, is cut to the
window, and only the words wholly inside the window are drawn on it, so no word is ever cut.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from engine.rebirth.views import RebirthView
from i18n import catalog_name, t
from render.common import SEAT_STYLES, badge_sprite, clean_text, fit_text, font, png_bytes
from render.rebirth.board import Drawing, draw_pieces, land_cells, layer_for, seat_styles, told_spaces
from render.rebirth.labels import Label, RecordingDraw, inline_cap, overlaps, size_for_cap, text_label
from render.rebirth.lettering import draw_lettering
from render.rebirth.panel import ranks_of, seat_word, tile_word, turn_word
from render.rebirth.static import StaticLayer
from render.rebirth.style import (
    BG,
    CARD_BG,
    CARD_CURRENT_BG,
    FOCUS_BOARD_H,
    FOCUS_W,
    GOLD,
    HIGHLIGHT,
    PANEL_BG,
    PANEL_MUTED,
    PANEL_TEXT,
    STRIP_H,
    TOKEN_BG,
)

POINTS = re.compile(r"\+(\d+)")


def base_size() -> int:
    """The smallest font of the channel image: a 9-px cap height at 550 px."""
    return size_for_cap(inline_cap(FOCUS_W))


def draw_focus(
    view: RebirthView,
    map_data: dict[str, Any],
    names: list[str],
    marked: tuple[str, ...] = (),
    window: tuple[int, int] | None = None,
    marks: dict[str, str] | None = None,
    *,
    locale: str | None = None,
) -> Drawing:
    """The channel image: the score strip over the window that shows the told spaces.

    `window`: its top-left corner in board pixels (default: chosen from the told spaces);
    `marks`: text to number spaces with (the options image); `locale`: the language of its
    words (None: English; the board itself has none that change with it).
    """
    layer = layer_for(view, map_data)
    lay, info = layer.layout, layer.info
    if window is None:
        last = view["last"]
        first = [last["space"]] if last and last["space"] else []
        ordered = list(dict.fromkeys([*first, *marked]))  # the last placement first: it counts double
        window = choose_window(layer, [info.space_cell(s) for s in ordered])
    x0, y0 = window
    w, h = _window_size(layer)
    img = Image.new("RGB", (FOCUS_W, STRIP_H + FOCUS_BOARD_H), BG)
    px, py = (FOCUS_W - w) // 2, STRIP_H + (FOCUS_BOARD_H - h) // 2
    part = layer.bare.crop((x0, y0, x0 + w, y0 + h))  # a copy: the cached layer stays clean
    draw_pieces(part, view, layer, marked, (-x0, -y0))
    img.paste(part, (px, py))
    dx, dy = px - x0, py - y0
    occupied = {sp for sp, t in view["board"].items() if t["seat"] is not None}
    # the inset avoids the told spaces only, so an options image is its window's public drawing
    # plus the marks (an option under the inset goes unmarked there)
    keep = [lay.center(*c) for c in (info.space_cell(s) for s in told_spaces(view, marked)) if c]
    inset = _inset_box(layer, (x0, y0, w, h), keep)
    inside = [
        lb
        for lb in layer.lettering.labels
        if _within(lb, x0, y0, w, h)
        and not (lb.kind == "coord" and lb.text in occupied)
        and not (inset and overlaps(lb.box, inset, 3))
    ]
    marks_drawn: dict[str, str] = {}
    mark_labels: list[Label] = []
    for space, text in sorted((marks or {}).items()):
        cell = info.space_cell(space)
        if cell is None:
            continue
        cx, cy = lay.center(*cell)
        label = text_label(text, (cx, cy - lay.size * 0.3), base_size() + 1, "mark")
        if _within(label, x0, y0, w, h) and not (inset and overlaps(label.box, inset, 3)):
            marks_drawn[space] = text
            mark_labels.append(label)
    board_labels = tuple(lb.moved(dx, dy) for lb in (*inside, *mark_labels))
    draw_lettering(img, tuple(lb.moved(dx, dy) for lb in inside))
    _draw_marks(img, [lb.moved(dx, dy) for lb in mark_labels])
    if inset is not None:
        _draw_inset(img, layer, (x0, y0, w, h), (inset[0] + dx, inset[1] + dy))
    away = sorted(
        sp
        for sp in told_spaces(view, marked)
        if (c := info.space_cell(sp)) is not None and not _shows(lay.center(*c), x0, y0, w, h)
    )
    strip = draw_strip(img, view, names, away, catalog_name(locale))
    cells = tuple(
        (n, x + dx, y + dy)
        for n, x, y in land_cells(layer)
        if x0 - lay.size <= x <= x0 + w + lay.size and y0 - lay.size <= y <= y0 + h + lay.size
    )
    return Drawing(
        png_bytes(img, layer.palette),
        img.size,
        (*board_labels, *strip),
        cells,
        lay.size,
        window,
        marks_drawn,
        layer.lettering.dropped,
    )


def draw_options(
    view: RebirthView,
    map_data: dict[str, Any],
    names: list[str],
    choices: Sequence[Any],
    *,
    locale: str | None = None,
) -> Drawing | None:
    """The seat's legal placements numbered "+N" as their labels read, in the window holding
    the best of them; None when no choice places a tile."""
    points: dict[str, str] = {}
    order: list[str] = []
    for choice in choices:
        space, _, rest = choice.notation.partition(" ")
        found = POINTS.search(choice.label)
        if rest or found is None or space in points:  # the Doubling Marker's line: same space
            continue
        points[space] = found.group(0)
        order.append(space)
    if not points:
        return None
    layer = layer_for(view, map_data)
    cells = [layer.info.space_cell(space) for space in order]
    window = choose_window(layer, cells, weights=[int(points[s][1:]) + 1 for s in order])
    return draw_focus(view, map_data, names, (), window, points, locale=locale)


def _window_size(layer: StaticLayer) -> tuple[int, int]:
    lay = layer.layout
    board_w = lay.panel_box[0]
    return min(FOCUS_W, board_w), min(FOCUS_BOARD_H, lay.height)


def choose_window(
    layer: StaticLayer, cells: Sequence[tuple[int, int] | None], weights: Sequence[int] | None = None
) -> tuple[int, int]:
    """The window (top-left, board pixels) that holds the most weight of `cells`, centred on
    one of them (the first counts double: the last placement, or the best option)."""
    lay = layer.layout
    w, h = _window_size(layer)
    max_x, max_y = lay.panel_box[0] - w, lay.height - h
    pts = [lay.center(*c) for c in cells if c is not None]
    if not pts:  # nothing told yet: the middle of the board
        return max(0, max_x // 2), max(0, max_y // 2)
    wts = list(weights) if weights is not None else [1] * len(pts)
    wts[0] *= 2
    margin = lay.size * 1.3
    best: tuple[float, tuple[int, int]] | None = None
    for cx, cy in [*pts[:12], (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))]:
        x0 = int(min(max(0, cx - w / 2), max(0, max_x)))
        y0 = int(min(max(0, cy - h / 2), max(0, max_y)))
        score = sum(
            wt
            for (x, y), wt in zip(pts, wts, strict=False)
            if x0 + margin <= x <= x0 + w - margin and y0 + margin <= y <= y0 + h - margin
        )
        if best is None or score > best[0]:
            best = (score, (x0, y0))
    assert best is not None
    return best[1]


def _inset_box(
    layer: StaticLayer, window: tuple[int, int, int, int], keep: list[tuple[float, float]]
) -> tuple[float, float, float, float] | None:
    """Where the overview goes (board pixels): the first corner of the window, right then left,
    top then bottom, that covers none of the spaces the image is about; None if all do."""
    x0, y0, w, h = window
    ow, oh = layer.overview.size
    if ow + 8 > w / 2 or oh + 8 > h / 2:
        return None
    reach = layer.layout.size * 1.2
    for bx, by in (
        (x0 + w - ow - 6, y0 + 6),
        (x0 + 6, y0 + 6),
        (x0 + w - ow - 6, y0 + h - oh - 6),
        (x0 + 6, y0 + h - oh - 6),
    ):
        box = (bx - 3, by - 3, bx + ow + 3, by + oh + 3)
        if not any(
            box[0] - reach < x < box[2] + reach and box[1] - reach < y < box[3] + reach for x, y in keep
        ):
            return box
    return None


def _draw_inset(
    img: Image.Image, layer: StaticLayer, window: tuple[int, int, int, int], at: tuple[float, float]
) -> None:
    """The whole map, small and framed, with the window drawn on it (no words in it)."""
    ox, oy = int(at[0]) + 3, int(at[1]) + 3
    ov = layer.overview
    k = ov.height / layer.layout.height
    d = ImageDraw.Draw(img)
    d.rectangle((ox - 3, oy - 3, ox + ov.width + 2, oy + ov.height + 2), fill=PANEL_BG, outline=PANEL_MUTED)
    img.paste(ov, (ox, oy))
    x0, y0, w, h = window
    d.rectangle((ox + x0 * k, oy + y0 * k, ox + (x0 + w) * k, oy + (y0 + h) * k), outline=HIGHLIGHT, width=2)


def _shows(pt: tuple[float, float], x0: float, y0: float, w: float, h: float) -> bool:
    return x0 <= pt[0] <= x0 + w and y0 <= pt[1] <= y0 + h


def _within(lb: Label, x0: float, y0: float, w: float, h: float) -> bool:
    bx0, by0, bx1, by1 = lb.box
    return bx0 >= x0 + 2 and by0 >= y0 + 2 and bx1 <= x0 + w - 2 and by1 <= y0 + h - 2


def _draw_marks(img: Image.Image, labels: list[Label]) -> None:
    """Each option's number on a gold plate in the upper half of its space."""
    d = ImageDraw.Draw(img)
    for lb in labels:
        x0, y0, x1, y1 = lb.box
        d.rounded_rectangle((x0 - 4, y0 - 3, x1 + 4, y1 + 3), radius=5, fill=GOLD, outline=TOKEN_BG, width=2)
        d.text(lb.at, lb.text, font=font(lb.size), fill=TOKEN_BG, anchor="mm")


def draw_strip(
    img: Image.Image, view: RebirthView, names: list[str], away: list[str], locale: str
) -> list[Label]:
    """One cell per seat (badge, name, score; gold edge: to move), then the turn, the last move
    and the told spaces the window does not show (`away`)."""
    d = RecordingDraw(img, "seat")
    d.rectangle((0, 0, FOCUS_W, STRIP_H), fill=PANEL_BG)
    seats = view["seats"]
    styles = seat_styles(view)
    n = max(1, len(seats))
    cw = FOCUS_W / n
    small, name_size, score_size = base_size(), base_size() + 2, base_size() + 8
    finished = view["finished"]
    ranks = ranks_of(view, seats) if finished else []
    for i, seat in enumerate(seats):
        x0, x1 = i * cw + 3, (i + 1) * cw - 3
        current = not finished and view["current"] == seat["seat"]
        winner = finished and i < len(ranks) and ranks[i] == 1
        d.rounded_rectangle(
            (x0, 3, x1, 40),
            radius=7,
            fill=CARD_CURRENT_BG if current else CARD_BG,
            outline=GOLD if current or winner else None,
            width=2,
        )
        badge_sprite(styles[i], 10.0).paste_at(img, x0 + 15, 21.5)
        score = str(seat["score"])
        score_f = font(score_size)
        d.text((x1 - 6, 21.5), score, font=score_f, fill=GOLD if winner else PANEL_TEXT, anchor="rm")
        name = seat_word(names, seat["seat"], locale)
        room = x1 - 6 - score_f.getlength(score) - 6 - (x0 + 30)
        colour = PANEL_MUTED if seat["resigned"] else PANEL_TEXT
        name_f = font(name_size)
        d.text((x0 + 30, 21.5), fit_text(name, name_f, room), font=name_f, fill=colour, anchor="lm")
    line = _strip_line(view, styles, locale)
    if away:
        line = t("rebirth.img.also", locale, line=line, spaces=", ".join(away))
    small_f = font(small)
    d.text((8, 53), fit_text(line, small_f, FOCUS_W - 16), font=small_f, fill=PANEL_MUTED, anchor="lm")
    return d.labels


def _strip_line(view: RebirthView, styles: list[int], locale: str) -> str:
    """'Turn 31 · last: O Food Farm at O2', or 'Final'."""
    head = turn_word(view, locale)
    last = view["last"]
    if not last or not last["space"]:
        return head
    seat_no = last["seat"]
    who = SEAT_STYLES[styles[seat_no]].letter + " " if 0 <= seat_no < len(styles) else ""
    tile = tile_word(last["tile"], locale)
    return clean_text(t("rebirth.img.last", locale, head=head, who=who, tile=tile, space=last["space"]), 80)
