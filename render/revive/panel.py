"""The main board's side panel: the turn, a card per seat (score, tribe, hibernation,
artifacts), the crater, the citizen, machine and module displays, and the piles.

Everything here is public (counts of the face-down piles, never their order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.revive.views import ReviveView, SeatView
from i18n import t
from i18n.revive_words import tribe_name
from render.common import SEAT_STYLES, badge_sprite, clean_text, font
from render.revive.chips import card_row_sprite, gem, token_sprite
from render.revive.geometry import BoardGeometry
from render.revive.ref import ContentRef
from render.revive.seats import end_tile_holder
from render.revive.style import (
    CARD_BG,
    CARD_CURRENT_BG,
    CARD_ROW_H,
    DARK_TEXT,
    GOLD,
    HEAD_H,
    MACHINE_COLOURS,
    MUTED,
    SEAT_GAP,
    SEAT_H,
    TEXT,
    TITLE_H,
    TOKEN_H,
)
from render.revive.text import draw_text
from render.revive.words import colour_word, seat_name


@dataclass(frozen=True)
class _Panel:
    """What every part of the panel draws with: the image, its pen, the column and the view."""

    img: Image.Image
    d: ImageDraw.ImageDraw
    ref: ContentRef
    view: ReviveView
    names: Sequence[str]
    px: float  # left of the column
    right: float  # right of the column
    end_holder: int | None
    locale: str  # the language of its words

    @property
    def width(self) -> float:
        return self.right - self.px

    def heading(self, y: float, text: str, count: str | None = None) -> float:
        """A section heading (with a count at the right); returns the y below it."""
        draw_text(self.d, (self.px, y + 10), text, 16, MUTED, bold=True)
        if count is not None:
            draw_text(self.d, (self.right, y + 10), count, 16, MUTED, "rm")
        return y + HEAD_H


def draw_board_panel(
    img: Image.Image,
    view: ReviveView,
    ref: ContentRef,
    geo: BoardGeometry,
    names: Sequence[str],
    styles: list[int],
    locale: str,
) -> None:
    """Turn, seats (score, hibernation, artifacts), the crater, the displays and the piles, in
    `locale`."""
    x0, y0, x1, _ = geo.panel_box
    holder = end_tile_holder(view["final"])
    p = _Panel(img, ImageDraw.Draw(img), ref, view, names, x0 + 16, x1 - 16, holder, locale)
    finished = view["finished"]
    draw_text(p.d, (p.px, y0 + 34), t("revive.img.title", p.locale), 30, TEXT, bold=True)
    status = (
        t("revive.img.final", p.locale) if finished else t("revive.img.turn", p.locale, turn=view["turn"] + 1)
    )
    draw_text(p.d, (p.right, y0 + 34), status, 24, GOLD if finished else MUTED, "rm")
    y: float = y0 + TITLE_H
    for i, seat in enumerate(view["seats"]):
        _draw_seat(p, seat, styles[i], y)
        y += SEAT_H + SEAT_GAP
    y = _draw_crater(p, y + 6)
    y = _draw_citizens(p, y)
    y = _draw_machines(p, y)
    y = _draw_modules(p, y)
    _draw_piles(p, y)


def _draw_seat(p: _Panel, seat: SeatView, style: int, y: float) -> None:
    """One seat's card: badge, name, score, tribe and hibernation, whose turn, artifacts."""
    d, px, right = p.d, p.px, p.right
    seat_no = seat["seat"]
    st = SEAT_STYLES[style]
    is_current = not p.view["finished"] and p.view["current"] == seat_no
    card = (px, y, right, y + SEAT_H)
    d.rounded_rectangle(
        card,
        radius=10,
        fill=CARD_CURRENT_BG if is_current else CARD_BG,
        outline=GOLD if is_current else None,
        width=4,
    )
    d.rectangle((card[0], card[1] + 8, card[0] + 6, card[3] - 8), fill=st.fill)
    badge_sprite(style, 22.0).paste_at(p.img, px + 40, y + 36)
    score = str(seat["score"])
    score_w = font(42).getlength(score)
    draw_text(d, (right - 14, y + 36), score, 42, TEXT, "rm", bold=True)
    name_x = px + 74
    name = seat_name(p.names, seat_no, p.locale)
    draw_text(d, (name_x, y + 24), name, 26, TEXT, max_w=right - 26 - score_w - name_x, bold=True)
    final = p.view["final"]
    tag = ""
    if p.view["finished"] and final and seat_no in final["winners"]:
        tag = t("revive.img.winner", p.locale)
    elif is_current:
        tag = t("revive.img.to_move", p.locale)
    if seat["resigned"]:
        tag = t("revive.img.resigned", p.locale)
    entry = p.ref.tribes.get(seat["tribe"])
    tribe = tribe_name(entry, p.locale) if entry else seat["tribe"]
    line = t(
        "revive.img.seat_line",
        p.locale,
        tribe=clean_text(tribe, 20),
        space=seat["hibernation"],
        last=p.ref.last_hibernation,
    )
    draw_text(d, (name_x, y + 52), line, 17, MUTED, max_w=right - name_x - 14)
    bottom = y + SEAT_H - 19
    if tag:
        draw_text(d, (right - 14, bottom), tag, 17, GOLD, "rm", bold=True)
    _draw_seat_artifacts(p, seat, name_x, bottom)
    if is_current:
        d.polygon([(px - 13, y + 26), (px - 1, y + 36), (px - 13, y + 46)], fill=GOLD)


def _draw_seat_artifacts(p: _Panel, seat: SeatView, gx: float, y: float) -> None:
    """Artifacts held: a gem per major, then the minors and the end-game tile."""
    d = p.d
    for major in seat["majors"][:8]:
        gem(d, p.ref.major_colour(major), gx + 9, y, 9, p.locale)
        gx += 22
    if seat["minors"]:
        gx += draw_text(d, (gx, y), t("revive.img.minors", p.locale, count=seat["minors"]), 15, MUTED) + 8
    if p.end_holder is not None and p.end_holder == seat["seat"]:
        label = t("revive.img.end_tile", p.locale)
        tw = font(14).getlength(label) + 12
        d.rounded_rectangle((gx, y - 10, gx + tw, y + 10), radius=5, fill=GOLD)
        draw_text(d, (gx + tw / 2, y), label, 14, DARK_TEXT, "mm", bold=True)


def _draw_crater(p: _Panel, y: float) -> float:
    crater = p.view["crater"]
    head = (
        t("revive.img.crater", p.locale, count=len(crater))
        if crater
        else t("revive.img.crater_empty", p.locale)
    )
    y = p.heading(y, head)
    gx = p.px + 16
    for major in crater:
        gem(p.d, p.ref.major_colour(major), gx, y + 16, 14, p.locale)
        gx += 40
    return y + 46


def _draw_citizens(p: _Panel, y: float) -> float:
    deck = t("revive.img.deck", p.locale, count=p.view["decks"]["citizens"])
    y = p.heading(y, t("revive.img.citizens", p.locale), deck)
    for card_id in p.view["displays"]["citizens"][:6]:
        sprite = card_row_sprite(p.ref, card_id, int(p.width), locale=p.locale)
        p.img.paste(sprite.image, (int(p.px), int(y)), sprite.image)
        y += CARD_ROW_H + 5
    return y + 8


def _draw_machines(p: _Panel, y: float) -> float:
    """The machine display: one row per colour, its pile count, then its face-up tokens."""
    d, px = p.d, p.px
    y = p.heading(y, t("revive.img.machines", p.locale))
    machines = p.view["displays"]["machines"]
    piles = p.view["decks"]["machines"]
    chip_w = int((p.width - 62 - 8) / 2)
    for colour, (fill, _) in MACHINE_COLOURS.items():
        d.rounded_rectangle((px, y, px + 56, y + TOKEN_H - 1), radius=8, outline=fill, width=2)
        draw_text(d, (px + 28, y + 13), colour_word(colour, p.locale), 13, TEXT, "mm")
        pile = t("revive.img.pile", p.locale, count=piles.get(colour, 0))
        draw_text(d, (px + 28, y + 29), pile, 12, MUTED, "mm")
        for j, token in enumerate(machines.get(colour, [])[:2]):
            sprite = token_sprite(p.ref, "machine", token, chip_w, locale=p.locale)
            p.img.paste(sprite.image, (int(px + 62 + j * (chip_w + 8)), int(y)), sprite.image)
        y += TOKEN_H + 5
    return y + 8


def _draw_modules(p: _Panel, y: float) -> float:
    pile = t("revive.img.pile", p.locale, count=p.view["decks"]["modules"])
    y = p.heading(y, t("revive.img.modules", p.locale), pile)
    modules = p.view["displays"]["modules"]
    chip_w = int((p.width - 8) / 2)
    for j, module in enumerate(modules[:6]):
        sprite = token_sprite(p.ref, "module", module, chip_w, locale=p.locale)
        xy = (int(p.px + (j % 2) * (chip_w + 8)), int(y + (j // 2) * (TOKEN_H + 5)))
        p.img.paste(sprite.image, xy, sprite.image)
    return y + ((min(len(modules), 6) + 1) // 2) * (TOKEN_H + 5) + 8


def _draw_piles(p: _Panel, y: float) -> None:
    """The crate and minor artifact piles, then who holds the end-game tile (or that the
    crater is empty, which ends the game)."""
    decks = p.view["decks"]
    piles = t("revive.img.piles", p.locale, crates=decks["crates"], minors=decks["minors"])
    draw_text(p.d, (p.px, y + 10), piles, 16, MUTED)
    y += HEAD_H
    points = p.ref.data["artifacts"]["end_game_tile_points"]
    if p.end_holder is not None and p.end_holder >= 0:
        text = t(
            "revive.img.end_tile_holder",
            p.locale,
            name=seat_name(p.names, p.end_holder, p.locale),
            points=points,
        )
        draw_text(p.d, (p.px, y + 10), text, 16, GOLD, bold=True, max_w=p.width)
    elif not p.view["crater"]:
        draw_text(p.d, (p.px, y + 10), t("revive.img.crater_empty", p.locale), 16, GOLD, max_w=p.width)
