"""What a turn changed on the movers' own boards, as a strip under the channel image
(`turn_strip`, pasted by focus.py).

Why: many Revive turns change nothing on the map (cards played, a machine used, a module taken),
and the channel image showed the same map twice. The strip shows, for each seat whose board the
told turns changed, the cards played (with the half their slot uses), the modules, machines and
technologies taken or used, the machine tracks that moved (with the marker where it is now) and
the resources gained and paid. Only what the public view shows: the changes come from the
events' `own` facts (engine/revive/views.py `OwnBoard`), which hold no card in hand or at rest.
It is made of the phone summary's pieces (sheet.py), so every word is as legible.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image

from engine.revive.views import OwnBoard, ReviveView
from i18n import t
from render.common import badge_sprite, fit_text, font
from render.revive.ref import ContentRef
from render.revive.seats import style_index
from render.revive.sheet import (
    GAP,
    LINE,
    OUT_W,
    PAD,
    ROW_H,
    SIZE,
    TRACK_H,
    Part,
    Sheet,
    card_part,
    draw_track,
    tech_part,
    token_part,
)
from render.revive.style import BG, PANEL_BG, TEXT
from render.revive.text import wrap
from render.revive.words import resources_label, seat_name

TITLE_H = 32
CHIPS_AT_MOST = 6  # chips a seat's part shows (three rows); the rest are counted
CHIP_W = (OUT_W - 2 * PAD - GAP) // 2
NOTE_W = 56  # a track's steps, at the right of its row

Chip = tuple[str, str, str]
"""(kind, id, slot or "") of one chip: a card played, a module, a machine taken or used, a
technology unlocked."""


def chips_of(own: OwnBoard) -> list[Chip]:
    """The chips of one seat's changes, in the board's order: cards, modules, machines,
    technologies (a machine taken and used in the same turn once, as used)."""
    chips: list[Chip] = [("card", card, slot) for slot, card in own.get("cards", [])]
    chips += [("module", module, slot) for slot, module in own.get("modules", [])]
    used = own.get("powered", [])
    chips += [("machine", m, "") for m in own.get("machines", []) if m not in used]
    chips += [("used", m, "") for m in used]
    chips += [("tech", tech, "") for tech in own.get("unlocked", [])]
    return chips


def turn_strip(
    view: ReviveView,
    ref: ContentRef,
    names: Sequence[str],
    moved: Sequence[tuple[int, OwnBoard]],
    locale: str,
) -> Part | None:
    """The strip for `moved` (seat, what its board gained this turn), or None when no seat's
    board changed."""
    moved = [(seat, own) for seat, own in moved if own and 0 <= seat < len(view["seats"])]
    if not moved:
        return None
    height = sum(_seat_height(own, locale) for _, own in moved) + 4
    sheet = Sheet(Image.new("RGBA", (OUT_W, height), BG + (255,)), locale)
    y = 4.0
    for seat, own in moved:
        y = _draw_seat(sheet, view, ref, names, seat, own, y)
    return Part(sheet.img, tuple(sheet.labels))


def _resources_line(own: OwnBoard, locale: str) -> str:
    """`Resources: +2 food, −1 gear` (gains then payments), or "" when none changed."""
    changes = own.get("resources", {})
    gained = {name: n for name, n in changes.items() if n > 0}
    paid = {name: -n for name, n in changes.items() if n < 0}
    parts = [resources_label(gained, "+", locale)] if gained else []
    parts += [resources_label(paid, "−", locale)] if paid else []
    return t("revive.img.strip.resources", locale, changes=", ".join(parts)) if parts else ""


def _seat_height(own: OwnBoard, locale: str) -> int:
    chips = chips_of(own)
    rows = math.ceil(min(len(chips), CHIPS_AT_MOST) / 2)
    h = TITLE_H + rows * (ROW_H + 4) + len(own.get("tracks", {})) * (TRACK_H + 4)
    line = _resources_line(own, locale)
    lines = len(wrap(line, SIZE, OUT_W - 4 * PAD, 4, locale)) if line else 0
    lines += 1 if len(chips) > CHIPS_AT_MOST else 0
    return h + lines * LINE + 12


def _draw_seat(
    sheet: Sheet, view: ReviveView, ref: ContentRef, names: Sequence[str], seat: int, own: OwnBoard, y: float
) -> float:
    """One seat's part: its mark and name, its chips two a row, its tracks, its resources."""
    lang = sheet.locale
    top = y
    bottom = y + _seat_height(own, lang) - 6
    sheet.d.rounded_rectangle((PAD / 2, top, OUT_W - PAD / 2, bottom), radius=10, fill=PANEL_BG)
    me = view["seats"][seat]
    style = style_index(me, seat)
    badge_sprite(style, 11.0).paste_at(sheet.img, PAD + 14, y + TITLE_H / 2)
    title = t("revive.img.strip.title", lang, name=seat_name(names, seat, lang))
    sheet.text(
        (PAD + 34, y + TITLE_H / 2), fit_text(title, font(SIZE), OUT_W - 3 * PAD - 34), TEXT, bold=True
    )
    y += TITLE_H
    chips = chips_of(own)
    slots = {s["id"]: s["half"] for s in ref.rules["player_board"]["card_slots"]}
    for j, (kind, item, slot) in enumerate(chips[:CHIPS_AT_MOST]):
        x = PAD + (j % 2) * (CHIP_W + GAP)
        cy = y + (j // 2) * (ROW_H + 4)
        where = t(f"revive.slot.{slot}", lang) if slot else ""
        if kind == "card":
            part = card_part(ref, item, CHIP_W, slots.get(slot, "top"), where, locale=lang)
        elif kind == "tech":
            part = tech_part(ref, me["tribe"], item, CHIP_W, locale=lang)
        else:
            token = "module" if kind == "module" else "machine"
            part = token_part(ref, token, item, CHIP_W, kind == "used", where, locale=lang)
        sheet.paste(part, x, cy + (ROW_H - part.image.height) / 2)
    y += math.ceil(min(len(chips), CHIPS_AT_MOST) / 2) * (ROW_H + 4)
    for colour, steps in own.get("tracks", {}).items():
        width = OUT_W - 2 * PAD - NOTE_W
        draw_track(sheet, ref, colour, me["tracks"].get(colour, 0), style, PAD, y, width)
        sign = "+" if steps > 0 else "−"
        sheet.text((OUT_W - PAD - 4, y + (TRACK_H - 3) / 2), f"{sign}{abs(steps)}", TEXT, "rm", bold=True)
        y += TRACK_H + 4
    if len(chips) > CHIPS_AT_MOST:
        more = t("revive.img.strip.more", lang, count=len(chips) - CHIPS_AT_MOST)
        sheet.text((PAD + 4, y + LINE / 2), more, TEXT)
        y += LINE
    line = _resources_line(own, lang)
    for text in wrap(line, SIZE, OUT_W - 4 * PAD, 4, lang) if line else []:
        sheet.text((PAD + 4, y + LINE / 2), text, TEXT)
        y += LINE
    return bottom + 6
