"""The per-render part of the score panel: the turn or "Final", one card per seat (badge, name,
score, state tag, Doubling Marker, supply/missions/castles), the last move and, in Ireland, the
public mission row with who completed each card.

Why names are only cleaned and fitted here: they are user-typed, so they are drawn as text the
bundled font can show and cut to the card, never interpreted.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.rebirth.views import RebirthView, SeatSummary
from i18n import content, t
from render.common import RGB, SEAT_STYLES, badge_sprite, clean_text, fit_text, font
from render.rebirth.geometry import Layout
from render.rebirth.labels import Label, RecordingDraw
from render.rebirth.sprites import (
    doubling_chip_sprite,
    first_badge_sprite,
    highlight_sprite,
    mission_row_sprite,
)
from render.rebirth.style import (
    CARD_BG,
    CARD_CURRENT_BG,
    CARD_GAP,
    CARD_H,
    GOLD,
    MISSION_CARDS,
    MISSION_GAP,
    MISSION_HEAD_H,
    MISSION_MARK_R,
    MISSION_MARK_STEP,
    MISSION_ROW_H,
    PANEL_MUTED,
    PANEL_TEXT,
    PANEL_TITLE_H,
    TILES,
)

RESIGNED_TEXT: RGB = (240, 120, 110)
STATS_TEXT: RGB = (208, 214, 222)


def draw_panel(
    img: Image.Image,
    view: RebirthView,
    names: Sequence[str],
    lay: Layout,
    style_idx: list[int],
    locale: str | None = None,
) -> list[Label]:
    """Everything of the panel that depends on the view, over the static panel, in `locale`;
    its labels."""
    d = RecordingDraw(img)
    x0, y0, x1, _ = lay.panel_box
    seats = view["seats"]
    finished = view["finished"]
    status = turn_word(view, locale)
    d.text((x1 - 18, y0 + 52), status, font=font(22), fill=GOLD if finished else PANEL_MUTED, anchor="rm")
    ranks = ranks_of(view, seats) if finished else []
    y = y0 + PANEL_TITLE_H
    for i, seat in enumerate(seats):
        tag = _seat_tag(view, seat, ranks[i] if i < len(ranks) else None, locale)
        card = (x0 + 14, y, x1 - 14, y + CARD_H)
        _draw_seat_card(img, d, view, seat, names, card, style_idx[i], tag, locale)
        y += CARD_H + CARD_GAP
    _draw_last(img, d, view, x0 + 14, x1, y, style_idx, locale)
    if lay.missions:
        _draw_public_missions(img, d, view, lay, len(seats), style_idx, locale)
    return d.labels


def turn_word(view: RebirthView, locale: str | None) -> str:
    """`Turn 31`, or `Final` once the game is over."""
    if view["finished"]:
        return t("rebirth.img.final", locale)
    return t("rebirth.img.turn", locale, turn=view["turn"] + 1)


def tile_word(tile: str, locale: str | None) -> str:
    """A placed tile's name, as the last-move lines say it (`Food Farm`)."""
    return t(f"rebirth.img.tile.{tile}", locale) if tile in TILES else tile


def seat_word(names: Sequence[str], seat_no: int, locale: str | None) -> str:
    """A seat's display name, cleaned for drawing, or `Seat 2` when it has none."""
    raw = names[seat_no] if 0 <= seat_no < len(names) else ""
    return clean_text(raw) or t("rebirth.img.seat", locale, number=seat_no + 1)


def ordinal(n: int, locale: str | None = None) -> str:
    """A final place: `1st` (`1º`)."""
    return t(f"rebirth.img.place.{n}", locale) if 1 <= n <= 4 else str(n)


def ranks_of(view: RebirthView, seats: Sequence[SeatSummary]) -> list[int]:
    """Final places, 1 = winner; tied places share a number (1, 1, 3, ...).

    The engine decides ties on castles (Edinburgh, then Stirling) and reports the result in
    `view["final"]["winners"]`; those seats come first, resigned seats last, the rest by score.
    """
    final = view.get("final")
    winners = set(final["winners"]) if final else set()

    def key(i: int) -> tuple[int, int, int]:
        seat = seats[i]
        return (
            int(seat["resigned"]),
            0 if (not winners or seat["seat"] in winners) else 1,
            -seat["score"],
        )

    keys = [key(i) for i in range(len(seats))]
    return [1 + sum(1 for o in keys if o < k) for k in keys]


def _seat_tag(view: RebirthView, seat: SeatSummary, rank: int | None, locale: str | None) -> tuple[str, RGB]:
    """The card's second line: place, "to move", an extra placement, resigned."""
    seat_no = seat["seat"]
    finished = view["finished"]
    pending = view.get("pending")
    tag, tag_col = "", PANEL_MUTED
    if finished and rank is not None:
        place = ordinal(rank, locale)
        tag, tag_col = (t("rebirth.img.tag.winner", locale, place=place) if rank == 1 else place), GOLD
    elif not finished and view["current"] == seat_no:
        tag, tag_col = t("rebirth.img.tag.to_move", locale), GOLD
    if pending and pending["seat"] == seat_no and not finished:
        tag, tag_col = t("rebirth.img.tag.extra", locale), GOLD
    if seat["resigned"]:
        if tag:
            tag = t("rebirth.img.tag.also_resigned", locale, tag=tag)
        else:
            tag = t("rebirth.img.tag.resigned", locale)
        tag_col = RESIGNED_TEXT
    return tag, tag_col


def _draw_seat_card(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: RebirthView,
    seat: SeatSummary,
    names: Sequence[str],
    card: tuple[int, int, int, int],
    style: int,
    tag: tuple[str, RGB],
    locale: str | None,
) -> None:
    """One seat's card: colour strip, badge, name, score, tag, Doubling Marker and stats."""
    seat_no = seat["seat"]
    st = SEAT_STYLES[style]
    is_current = (not view["finished"]) and view["current"] == seat_no
    resigned = seat["resigned"]
    fill = CARD_CURRENT_BG if is_current else CARD_BG
    d.rounded_rectangle(card, radius=10, fill=fill, outline=GOLD if is_current else None, width=3)
    d.rectangle((card[0], card[1] + 8, card[0] + 5, card[3] - 8), fill=st.fill)  # colour strip
    bcx, bcy = card[0] + 40, card[1] + 44
    badge_sprite(style, 22.0).paste_at(img, bcx, bcy)
    name = seat_word(names, seat_no, locale)
    name_f, score_f = font(26), font(40)
    score = str(seat["score"])
    name_x = card[0] + 76
    name = fit_text(name, name_f, card[2] - 16 - score_f.getlength(score) - 12 - name_x)
    text_col = PANEL_MUTED if resigned else PANEL_TEXT
    d.text((name_x, card[1] + 32), name, font=name_f, fill=text_col, anchor="lm")
    d.text(
        (card[2] - 14, card[1] + 36),
        score,
        font=score_f,
        fill=text_col,
        anchor="rm",
        stroke_width=1,
        stroke_fill=text_col,
    )
    doubling = bool(view.get("towers"))  # the Doubling Marker only exists in Ireland
    if doubling and "doubling" in seat:
        chip = doubling_chip_sprite(bool(seat["doubling"]))
        chip.paste_at(img, card[2] - 14 - chip.image.width / 2, card[1] + 72)
    text, tag_col = tag
    if text:
        tag_w = card[2] - name_x - (70 if doubling else 14)
        tag_f = font(17)
        d.text((name_x, card[1] + 63), fit_text(text, tag_f, tag_w), font=tag_f, fill=tag_col, anchor="lm")
    if is_current:  # arrow in the left margin
        ax, ay = card[0] - 2, bcy
        d.polygon([(ax - 10, ay - 9), (ax + 1, ay), (ax - 10, ay + 9)], fill=GOLD)
    n_castles = seat.get("castles")
    if not isinstance(n_castles, int):  # a view from before seats counted their castles
        n_castles = sum(1 for v in view["castles"].values() if v == seat_no)
    counts = {"supply": seat["supply"], "missions": seat["missions"], "castles": n_castles}
    stats = t("rebirth.img.stats", locale, **counts)
    small_f = font(19)
    stats = fit_text(stats, small_f, card[2] - card[0] - 24)
    d.text(
        (card[0] + 16, card[3] - 20),
        stats,
        font=small_f,
        fill=PANEL_MUTED if resigned else STATS_TEXT,
        anchor="lm",
    )


def _draw_last(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: RebirthView,
    px: int,
    x1: int,
    y: int,
    style_idx: list[int],
    locale: str | None,
) -> None:
    """The last move, under the cards: highlight ring, seat letter, tile and space."""
    last = view["last"]
    if not last or not last["space"]:
        return
    seat_no = last["seat"]
    who = SEAT_STYLES[style_idx[seat_no]].letter + " " if 0 <= seat_no < len(view["seats"]) else ""
    tile = tile_word(last["tile"], locale)
    text = clean_text(t("rebirth.img.panel_last", locale, who=who, tile=tile, space=last["space"]), 40)
    highlight_sprite(12.0).paste_at(img, px + 12, y + 18)
    d.text(
        (px + 28, y + 18), fit_text(text, font(18), x1 - px - 40), font=font(18), fill=PANEL_TEXT, anchor="lm"
    )


def _draw_public_missions(
    img: Image.Image,
    d: ImageDraw.ImageDraw,
    view: RebirthView,
    lay: Layout,
    n_seats: int,
    style_idx: list[int],
    locale: str | None,
) -> None:
    """The public row: one line per card with its values, name and who completed it, in order
    (the first, who scored the high value, on a gold disc)."""
    cards = (view.get("public_missions") or [])[:MISSION_CARDS]
    if not cards:
        return
    x0, _, x1, _ = lay.panel_box
    px, right = x0 + 14, x1 - 14
    y = lay.missions_top(n_seats)
    later = t("rebirth.img.first_later", locale)
    d.text((right - 4, y + 13), later, font=font(15), fill=PANEL_MUTED, anchor="rm")
    room = right - px - 16 - font(15).getlength(later)
    heading = fit_text(t("rebirth.img.public_missions", locale), font(15), room)
    d.text((px + 4, y + 13), heading, font=font(15), fill=PANEL_MUTED, anchor="lm")
    y += MISSION_HEAD_H
    for card in cards:
        done = list(dict.fromkeys(card["completed_by"]))
        name = content.text("rebirth", "mission", card["id"], "name", card["name"], locale)
        row = mission_row_sprite(name, card["high"], card["low"], len(done), right - px)
        img.paste(row.image, (px, y), row.image)
        cy = y + MISSION_ROW_H / 2
        n = min(len(done), 4)
        for j, seat_no in enumerate(done[:4]):
            si = style_idx[seat_no] if 0 <= seat_no < len(style_idx) else seat_no % len(SEAT_STYLES)
            mx = right - 17 - (n - 1 - j) * MISSION_MARK_STEP
            sprite = first_badge_sprite if j == 0 else badge_sprite
            sprite(si, MISSION_MARK_R).paste_at(img, mx, cy)
        y += MISSION_ROW_H + MISSION_GAP
