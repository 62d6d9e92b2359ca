"""One seat's board for a phone (`render_summary`): 640 px wide, every word legible at Discord's
inline width of 550 px, from the PUBLIC view.

Why: the whole player board (player.py, 1400 px) shows everything at once, and a phone shows it
550 px wide, where its 16-px words are 6 px tall. This summary keeps what a player reads while
deciding (points, resources and energy, where each machine-track marker is, what lies in each
card slot, the machines, and one line each for the rest) at `SIZE` px or more, and the whole
board stays one button away (service/looking.py). Secrets are never drawn: resting cards and
closed crates only as the counts the public view carries.

The top (header band, the track rows with their numbered cells, the card-slot frames with their
names) depends only on the content and the language and is drawn once (`summary_frame`); a
render copies it and draws the seat's markers, amounts and chips. Every label is recorded
(`SummaryImage.labels`), so a test measures what was drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.revive.views import ReviveView, SeatView
from i18n import catalog_name, t
from i18n.revive_words import tribe_name
from render.common import SEAT_STYLES, badge_sprite, clean_text, fit_text, font, png_bytes
from render.revive.player import player_palette
from render.revive.ref import LOCK, ContentRef, content_ref
from render.revive.seats import style_index
from render.revive.sheet import (
    GAP,
    HEAD,
    LINE,
    OUT_W,
    PAD,
    ROW_H,
    SIZE,
    TOKEN_ROW,
    TRACK_H,
    Part,
    Sheet,
    card_part,
    draw_track,
    resource_chips,
    token_part,
    track_part,
)
from render.revive.style import BG, GOLD, MUTED, PANEL_BG, TEXT
from render.revive.text import Label, wrap
from render.revive.words import colour_word, effect_label, joined, seat_name

HEADER_H = 78
RES_Y = HEADER_H + 8
TRACKS_Y = RES_Y + 2 * LINE + 10 + 10
BLOCK_W = (OUT_W - 2 * PAD - 8) // 2  # a card slot: two a row, as on the board
BLOCK_H = HEAD + ROW_H + 4 + 2 * (TOKEN_ROW + 4) + 6
CHIP_W = BLOCK_W - 16


@dataclass(frozen=True)
class Layout:
    """Where the fixed parts of the summary are, for a content."""

    tracks: tuple[str, ...]  # machine colours, in the content's order
    slots: tuple[tuple[str, str], ...]  # card slot id and the half it uses
    module_spaces: int
    slots_y: int
    top_h: int  # the fixed part's height

    def track_y(self, row: int) -> float:
        return TRACKS_Y + HEAD + row * (TRACK_H + 4)

    def block(self, i: int) -> tuple[int, int]:
        return PAD + (i % 2) * (BLOCK_W + 8), self.slots_y + HEAD + (i // 2) * (BLOCK_H + 8)


@lru_cache(maxsize=4)
def summary_layout(ref: ContentRef) -> Layout:
    tracks = tuple(str(tr["colour"]) for tr in ref.data["machine_tracks"]["tracks"])
    board = ref.rules["player_board"]
    slots = tuple((str(s["id"]), str(s["half"])) for s in board["card_slots"][:4])
    slots_y = int(TRACKS_Y + HEAD + len(tracks) * (TRACK_H + 4) + 8)
    top_h = slots_y + HEAD + math.ceil(len(slots) / 2) * (BLOCK_H + 8)
    return Layout(tracks, slots, min(2, int(board["module_spaces_per_slot"])), slots_y, top_h)


@dataclass
class SummaryImage:
    """The drawn summary and its labels (what a legibility test measures)."""

    image: Image.Image
    labels: list[Label]


@lru_cache(maxsize=8)
def summary_frame(ref: ContentRef, locale: str) -> Part:
    """The summary's fixed top in `locale`: header band, headings, track rows, slot frames."""
    lay = summary_layout(ref)
    sheet = Sheet(Image.new("RGBA", (OUT_W, lay.top_h), BG + (255,)), locale)
    sheet.d.rectangle((0, 0, OUT_W, HEADER_H - 4), fill=PANEL_BG)
    sheet.heading(TRACKS_Y, t("revive.img.player.tracks", locale))
    for row, colour in enumerate(lay.tracks):
        sheet.paste(track_part(ref, colour, OUT_W - 2 * PAD, locale=locale), PAD, lay.track_y(row))
    sheet.heading(lay.slots_y, t("revive.img.player.slots", locale))
    for i, (slot, _) in enumerate(lay.slots):
        x0, y0 = lay.block(i)
        sheet.d.rounded_rectangle((x0, y0, x0 + BLOCK_W, y0 + BLOCK_H), radius=10, fill=PANEL_BG)
        sheet.text((x0 + 8, y0 + HEAD / 2), t(f"revive.img.player.slot.{slot}", locale), TEXT, bold=True)
    return Part(sheet.img, tuple(sheet.labels))


def render_summary(
    view: ReviveView, content: dict[str, Any], seat: int, names: Sequence[str], *, locale: str | None = None
) -> bytes:
    """One seat's board for a phone as PNG bytes (see `summary_image`)."""
    ref = content_ref(content)
    drawn = summary_image(view, ref, seat, names, locale=locale)
    with LOCK:
        palette = player_palette(ref)  # the same chips and colours as the whole player board
    return png_bytes(drawn.image, palette)


def summary_image(
    view: ReviveView, ref: ContentRef, seat: int, names: Sequence[str], *, locale: str | None = None
) -> SummaryImage:
    """Draw `seat`'s board from the PUBLIC view, its words in `locale` (None: English); never
    reads `view["private"]`."""
    lang = catalog_name(locale)
    seats = view["seats"]
    if not 0 <= seat < len(seats):
        raise ValueError(f"no seat {seat} in this view")
    me = seats[seat]
    style = style_index(me, seat)
    with LOCK:
        lay = summary_layout(ref)
        frame = summary_frame(ref, lang)
    facts = _facts(view, ref, me, lang)
    lower = _lower_height(me, facts, lang)
    sheet = Sheet(Image.new("RGB", (OUT_W, lay.top_h + lower), BG), lang)
    sheet.paste(frame, 0, 0)
    to_move = not view["finished"] and view["current"] == seat
    _draw_header(sheet, ref, me, style, seat_name(names, seat, lang), to_move)
    resource_chips(
        sheet, RES_Y, {**me["resources"], "energy": me["energy"]}, ref.rules["resources"]["limits"]
    )
    for row, colour in enumerate(lay.tracks):
        at = me["tracks"].get(colour, 0)
        draw_track(sheet, ref, colour, at, style, PAD, lay.track_y(row), OUT_W - 2 * PAD, row=False)
    for i, (slot, half) in enumerate(lay.slots):
        _draw_slot(sheet, ref, lay, i, me["slots"].get(slot, []), me["modules"].get(slot, []), half)
    _draw_lower(sheet, ref, me, facts, lay.top_h + 8)
    return SummaryImage(sheet.img, sheet.labels)


def _draw_header(sheet: Sheet, ref: ContentRef, me: SeatView, style: int, name: str, to_move: bool) -> None:
    """The seat's colour, badge and name, its points; its tribe and hibernation, whose turn."""
    st = SEAT_STYLES[style % len(SEAT_STYLES)]
    sheet.d.rectangle((0, 0, 6, HEADER_H - 4), fill=st.fill)
    badge_sprite(style, 15.0).paste_at(sheet.img, 32, 26)
    points = t("revive.img.player.points", sheet.locale, points=me["score"], count=me["score"])
    right = sheet.text((OUT_W - PAD, 26), points, TEXT, "rm", size=SIZE + 8, bold=True)
    name = fit_text(name, font(SIZE + 6), right.box[0] - 16 - 58)
    sheet.text((58, 26), name, TEXT, size=SIZE + 6, bold=True)
    entry = ref.tribes.get(me["tribe"])
    tribe = clean_text(tribe_name(entry, sheet.locale) if entry else me["tribe"], 24)
    line = t(
        "revive.img.seat_line", sheet.locale, tribe=tribe, space=me["hibernation"], last=ref.last_hibernation
    )
    sheet.text((PAD, 58), line, MUTED)
    if to_move:
        sheet.text((OUT_W - PAD, 58), t("revive.img.to_move", sheet.locale), GOLD, "rm", bold=True)


def _draw_slot(
    sheet: Sheet, ref: ContentRef, lay: Layout, i: int, cards: list[str], modules: list[str], half: str
) -> None:
    """A card slot: how many cards it holds, the newest one (the half the slot uses), its modules."""
    x0, y0 = lay.block(i)
    lang = sheet.locale
    if len(cards) > 1:
        more = t("revive.img.phone.cards", lang, count=len(cards))
        sheet.text((x0 + BLOCK_W - 8, y0 + HEAD / 2), more, MUTED, "rm")
    y = y0 + HEAD
    if cards:
        sheet.paste(card_part(ref, cards[-1], CHIP_W, half, locale=lang), x0 + 8, y)
    else:
        sheet.text((x0 + BLOCK_W / 2, y + ROW_H / 2), t("revive.img.empty", lang), MUTED, "mm")
    y += ROW_H + 4
    for j in range(lay.module_spaces):
        if j < len(modules):
            sheet.paste(token_part(ref, "module", modules[j], CHIP_W, locale=lang), x0 + 8, y)
        else:
            sheet.d.rounded_rectangle(
                (x0 + 8, y, x0 + 8 + CHIP_W, y + TOKEN_ROW - 1), radius=8, outline=MUTED, width=1
            )
            sheet.text(
                (x0 + 8 + CHIP_W / 2, y + TOKEN_ROW / 2),
                t("revive.img.player.module_space", lang),
                MUTED,
                "mm",
            )
        y += TOKEN_ROW + 4


def _machine_rows(me: SeatView) -> int:
    return max(1, math.ceil(len(me["machines"]) / 2))


def _facts(view: ReviveView, ref: ContentRef, me: SeatView, locale: str) -> list[str]:
    """The rest of the seat's board, a line each: technologies, progress and buildings, cards
    in hand and at rest, crates and artifacts, the switch and card bonuses, this turn's
    discounts, the final scoring."""
    none = t("revive.img.player.none", locale)
    track = ref.sun(me["tribe"]).get("progress_track", [])
    value = track[max(0, min(me["progress"], len(track) - 1))] if track else 0
    lines = [
        t("revive.img.phone.techs", locale, ids=joined(me["unlocked"], locale) or none),
        t("revive.img.phone.progress", locale, value=value, **me["buildings"]),
        t(
            "revive.img.phone.cards_held",
            locale,
            active=joined(me["active"], locale) or none,
            resting=me["resting"],
        ),
        t(
            "revive.img.phone.crates",
            locale,
            closed=me["crates"],
            opened=len(me["opened"]),
            majors=len(me["majors"]),
            minors=me["minors"],
        ),
    ]
    switch = t(
        "revive.img.player.switch_used" if me["switch_used"] else "revive.img.player.switch_unused", locale
    )
    bonuses = me.get("card_bonuses", [])
    colours = joined((colour_word(c, locale) for c in bonuses), locale) if bonuses else none
    lines.append(f"{switch}  ·  {t('revive.img.player.card_bonus', locale, colours=colours)}")
    discounts = me.get("discounts", [])
    if discounts:
        text = joined((effect_label({"kind": "discount", **dd}, locale) for dd in discounts), locale)
        lines.append(t("revive.img.player.discounts", locale, discounts=text))
    final = me["breakdown"] if view["final"] else {}
    if final:
        parts = [
            t("revive.img.player.final_part", locale, points=pts, part=t(f"revive.img.final.{part}", locale))
            for part, pts in final.items()
            if pts
        ]
        lines.append(t("revive.img.player.final", locale, parts=joined(parts, locale)))
    return lines


def _lower_height(me: SeatView, facts: list[str], locale: str) -> int:
    """The height of the part under the slots: machines, then the facts' lines, wrapped."""
    lines = sum(len(wrap(line, SIZE, OUT_W - 2 * PAD, 9, locale)) for line in facts)
    return 8 + HEAD + _machine_rows(me) * (TOKEN_ROW + 4) + 8 + lines * LINE + PAD


def _draw_lower(sheet: Sheet, ref: ContentRef, me: SeatView, facts: list[str], y: float) -> None:
    """Machines (two a row, used ones marked), then the facts' lines."""
    lang = sheet.locale
    spaces = ref.rules["player_board"]["machine_spaces"]
    head = t("revive.img.phone.machines", lang, count=len(me["machines"]), spaces=spaces)
    y = sheet.heading(y, head, t("revive.img.phone.used", lang) if me["powered"] else "")
    width = (OUT_W - 2 * PAD - GAP) // 2
    powered = set(me["powered"])
    for j, machine in enumerate(me["machines"]):
        x = PAD + (j % 2) * (width + GAP)
        part = token_part(ref, "machine", machine, width, machine in powered, locale=lang)
        sheet.paste(part, x, y + (j // 2) * (TOKEN_ROW + 4))
    if not me["machines"]:
        sheet.text((PAD, y + TOKEN_ROW / 2), t("revive.img.player.none", lang), MUTED)
    y += _machine_rows(me) * (TOKEN_ROW + 4) + 8
    for line in facts:
        y = sheet.paragraph(y, line)
