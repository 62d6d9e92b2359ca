"""One seat's image (`render_player`): its player board and tribe board, from the PUBLIC view.

Resting cards and closed crates are secret: only their counts (which the public view carries)
are drawn; the artifact card is not in the public view and is never drawn. What depends only
on the content and the tribe (headings, track cells, the locked technology tree, the machine
tracks) is the frame (render/revive/player_frame.py), drawn once; a render adds the seat's
markers, cards and tokens.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.revive.views import Breakdown, ReviveView, SeatView
from i18n import catalog_name, t
from i18n.revive_words import tribe_name
from render.common import SEAT_STYLES, Sprite, badge_sprite, box, clean_text, font, png_bytes
from render.revive.chips import card_row_sprite, gem, tech_sprite, token_sprite
from render.revive.geometry import PlayerLayout, machine_grid, player_layout, resource_cell
from render.revive.palette import palette_over
from render.revive.player_frame import player_frame
from render.revive.ref import LOCK, ContentRef, content_ref
from render.revive.seats import style_index
from render.revive.style import (
    ACTIVE_COLS,
    BG,
    CARD_ROW_H,
    DARK_TEXT,
    GOLD,
    HEAD_H,
    MUTED,
    P_HEADER_H,
    P_LEFT_W,
    P_PAD,
    P_RIGHT_W,
    P_RIGHT_X,
    PANEL_BG,
    RES_LABEL_W,
    RES_ROW_H,
    RESOURCE_COLOURS,
    SLOT_CARDS,
    SLOT_H,
    SLOT_W,
    TEXT,
    TOKEN_H,
    TRACK_LABEL_W,
    TRACK_ROW,
    WHITE,
)
from render.revive.text import draw_text
from render.revive.words import colour_word, effect_label, joined, seat_name


@dataclass(frozen=True)
class _Board:
    """What every part of the player image draws with."""

    img: Image.Image
    d: ImageDraw.ImageDraw
    ref: ContentRef
    lay: PlayerLayout
    me: SeatView
    style: int
    tribe: str
    locale: str  # the language of its words

    @property
    def rules(self) -> dict[str, Any]:
        return self.ref.rules


def render_player(
    view: ReviveView, content: dict[str, Any], seat: int, names: list[str], *, locale: str | None = None
) -> bytes:
    """Draw one seat's boards from the PUBLIC view and return PNG bytes, its words in `locale`
    (None: English)."""
    lang = catalog_name(locale)
    ref = content_ref(content)
    seats = view["seats"]
    if not 0 <= seat < len(seats):
        raise ValueError(f"no seat {seat} in this view")
    me = seats[seat]
    tribe_id = me["tribe"]
    with LOCK:
        lay = player_layout(ref, tribe_id)
        img = player_frame(ref, tribe_id, lang).copy()
    b = _Board(img, ImageDraw.Draw(img), ref, lay, me, style_index(me, seat), tribe_id, lang)
    _draw_header(b, seat_name(names, seat, lang), not view["finished"] and view["current"] == seat)
    y = _draw_resources(b)
    _draw_energy(b, y + 16)
    _draw_slots(b)
    for tid in me["unlocked"]:  # technologies: unlocked ones in the seat's colour
        if tid in lay.tech_nodes:
            sprite = tech_sprite(ref, tribe_id, tid, b.style, locale=lang)
            img.paste(sprite.image, lay.tech_nodes[tid], sprite.image)
    _draw_progress(b)
    _draw_track_markers(b)
    _draw_machines(b)
    _draw_active(b)
    final = view["final"]
    parts = final["breakdown"] if final else []
    _draw_info(b, parts[seat] if seat < len(parts) else {})
    with LOCK:
        palette = player_palette(ref)
    return png_bytes(img, palette)


def _draw_header(b: _Board, name: str, to_move: bool) -> None:
    """The seat's colour, badge, name and tribe; points, hibernation and whose turn it is."""
    d, width = b.d, b.lay.width
    d.rectangle((0, 0, 8, P_HEADER_H - 6), fill=SEAT_STYLES[b.style].fill)
    badge_sprite(b.style, 28.0).paste_at(b.img, 52, P_HEADER_H / 2 - 3)
    points = t("revive.img.player.points", b.locale, points=b.me["score"], count=b.me["score"])
    pts_w = draw_text(d, (width - P_PAD, 34), points, 40, TEXT, "rm", bold=True)
    draw_text(d, (96, 32), name, 34, TEXT, max_w=width - 96 - pts_w - 260, bold=True)
    entry = b.ref.tribes.get(b.tribe)
    tribe = tribe_name(entry, b.locale) if entry else b.tribe
    draw_text(d, (96, 70), t("revive.img.player.tribe", b.locale, tribe=clean_text(tribe, 24)), 20, MUTED)
    hib = t("revive.img.player.hibernation", b.locale, space=b.me["hibernation"], last=b.ref.last_hibernation)
    draw_text(d, (width - P_PAD, 72), hib, 20, MUTED, "rm", bold=True)
    if to_move:
        label = t("revive.img.player.to_move", b.locale)
        w = font(20).getlength(label) + 24
        x1 = width - P_PAD - pts_w - 24
        d.rounded_rectangle((x1 - w, 18, x1, 50), radius=8, fill=GOLD)
        draw_text(d, (x1 - w / 2, 34), label, 20, DARK_TEXT, "mm", bold=True)


def _draw_resources(b: _Board) -> float:
    """A marker on each resource track's value; returns the y below the tracks."""
    resources = b.rules["resources"]
    limits = resources["limits"]
    cell = resource_cell(limits)
    y = b.lay.resources_y + HEAD_H
    for name in resources["all"]:
        v = max(0, min(b.me["resources"][name], limits[name]))
        x0 = P_PAD + RES_LABEL_W + v * cell
        b.d.rounded_rectangle(
            (x0, y, x0 + cell - 4, y + RES_ROW_H - 8),
            radius=6,
            fill=RESOURCE_COLOURS.get(name, GOLD),
            outline=WHITE,
            width=3,
        )
        draw_text(b.d, (x0 + (cell - 4) / 2, y + (RES_ROW_H - 8) / 2), str(v), 18, DARK_TEXT, "mm", bold=True)
        y += RES_ROW_H
    return y


def _draw_energy(b: _Board, ey: float) -> None:
    """Energy as a count and dots, and whether the switch token was used."""
    d = b.d
    energy = b.me["energy"]
    draw_text(d, (P_PAD, ey), t("revive.img.player.energy", b.locale, count=energy), 20, TEXT, bold=True)
    ex = P_PAD + 130
    for _ in range(min(energy, 10)):
        d.ellipse(box(ex, ey, 10, 10), fill=RESOURCE_COLOURS["energy"], outline=WHITE, width=2)
        ex += 24
    used = b.me["switch_used"]
    switch = t("revive.img.player.switch_used" if used else "revive.img.player.switch_unused", b.locale)
    sw = font(18).getlength(switch) + 24
    sx1 = P_PAD + P_LEFT_W
    d.rounded_rectangle(
        (sx1 - sw, ey - 15, sx1, ey + 15),
        radius=8,
        fill=(70, 80, 92) if used else (60, 150, 90),
        outline=WHITE,
        width=2,
    )
    draw_text(d, (sx1 - sw / 2, ey), switch, 18, WHITE, "mm", bold=True)


def _draw_slots(b: _Board) -> None:
    """Each card slot: its newest cards (the half the slot uses) and its module spaces."""
    board = b.rules["player_board"]
    spaces = board["module_spaces_per_slot"]
    for i, slot in enumerate(board["card_slots"][:4]):
        x0 = P_PAD + (i % 2) * (SLOT_W + 12)
        y0 = b.lay.slots_y + HEAD_H + (i // 2) * (SLOT_H + 8)
        cards = b.me["slots"][slot["id"]]
        cy = y0 + 28
        shown = cards[-SLOT_CARDS:]
        if len(cards) > len(shown):
            more = t("revive.img.player.more", b.locale, count=len(cards) - len(shown))
            draw_text(b.d, (x0 + SLOT_W / 2, y0 + 14), more, 14, MUTED, "mm")
        if not cards:
            draw_text(b.d, (x0 + SLOT_W / 2, cy + 40), t("revive.img.empty", b.locale), 16, MUTED, "mm")
        for card in shown:
            sprite = card_row_sprite(b.ref, card, SLOT_W - 16, slot["half"], locale=b.locale)
            b.img.paste(sprite.image, (int(x0 + 8), int(cy)), sprite.image)
            cy += CARD_ROW_H + 4
        _draw_module_spaces(b, b.me["modules"][slot["id"]], spaces, x0, y0 + SLOT_H - 8 - TOKEN_H - 8)


def _draw_module_spaces(b: _Board, held: list[str], spaces: int, x0: float, my: float) -> None:
    mw = (SLOT_W - 16 - 8 * (spaces - 1)) // max(1, spaces)
    for j in range(spaces):
        mx = x0 + 8 + j * (mw + 8)
        if j < len(held):
            sprite = token_sprite(b.ref, "module", held[j], mw, locale=b.locale)
            b.img.paste(sprite.image, (int(mx), int(my)), sprite.image)
        else:
            b.d.rounded_rectangle(
                (mx, my, mx + mw, my + TOKEN_H - 1), radius=10, outline=(110, 122, 138), width=2
            )
            label = t("revive.img.player.module_space", b.locale)
            draw_text(b.d, (mx + mw / 2, my + TOKEN_H / 2), label, 14, MUTED, "mm")


def _draw_progress(b: _Board) -> None:
    """The progress track (markers cover values from the left; the first visible value scores),
    the tribe markers left and the buildings left."""
    d, lay = b.d, b.lay
    track = b.ref.sun(b.tribe).get("progress_track", [])
    markers = max(0, min(b.me["progress"], len(track) - 1))
    value = track[markers] if track else 0
    head = t("revive.img.player.progress", b.locale, value=value, markers=markers, count=markers)
    draw_text(d, (P_RIGHT_X, lay.progress_y + 12), head, 16, MUTED, bold=True)
    cw = P_RIGHT_W / max(1, len(track))
    y = lay.progress_y + HEAD_H
    for i in range(markers):
        badge_sprite(b.style, 14.0).paste_at(b.img, P_RIGHT_X + i * cw + (cw - 6) / 2, y + 22)
    if track:
        x0 = P_RIGHT_X + markers * cw
        d.rounded_rectangle((x0, y, x0 + cw - 6, y + 44), radius=8, outline=GOLD, width=4)
    line = t("revive.img.player.tribe_markers", b.locale, count=b.me["tribe_markers"])
    draw_text(d, (P_RIGHT_X, y + 62), line, 16, TEXT)
    buildings = b.me["buildings"]
    line = t("revive.img.player.buildings", b.locale, small=buildings["small"], large=buildings["large"])
    draw_text(d, (P_RIGHT_X, y + 88), line, 16, TEXT)


def _draw_track_markers(b: _Board) -> None:
    """The seat's marker on each machine track."""
    st = SEAT_STYLES[b.style]
    strip_w = b.lay.width - 2 * P_PAD
    for row, track in enumerate(b.ref.data["machine_tracks"]["tracks"]):
        n = max(1, len(track["spaces"]))
        cell = (strip_w - TRACK_LABEL_W) / n
        pos = max(0, min(b.me["tracks"][track["colour"]], n - 1))
        x0 = P_PAD + TRACK_LABEL_W + pos * cell
        ty = b.lay.tracks_y + HEAD_H + row * TRACK_ROW
        b.d.rounded_rectangle(
            (x0 - 2, ty - 2, x0 + cell - 3, ty + TRACK_ROW - 4), radius=8, outline=st.fill, width=4
        )
        badge_sprite(b.style, 9.0).paste_at(b.img, x0 + cell - 16, ty + 11)  # in the corner, clear of words


def _draw_machines(b: _Board) -> None:
    """Machines on the board, powered (energy on it) or ready, then the empty spaces."""
    owned = b.me["machines"]
    powered = set(b.me["powered"])
    n_spaces = b.rules["player_board"]["machine_spaces"]
    head = t("revive.img.player.machines", b.locale, count=len(owned), spaces=n_spaces)
    draw_text(b.d, (P_PAD, b.lay.machines_y + 12), head, 16, MUTED, bold=True)
    n_cells = max(1, n_spaces, len(owned))
    per_row, machine_w = machine_grid(n_spaces, len(owned))
    for j in range(n_cells):
        mx = P_PAD + (j % per_row) * (machine_w + 6)
        my = b.lay.machines_y + HEAD_H + (j // per_row) * (TOKEN_H + 6)
        if j < len(owned):
            state = "powered" if owned[j] in powered else "ready"
            sprite = token_sprite(b.ref, "machine", owned[j], machine_w, state, locale=b.locale)
            b.img.paste(sprite.image, (int(mx), int(my)), sprite.image)
        else:
            b.d.rounded_rectangle(
                (mx, my, mx + machine_w, my + TOKEN_H - 1), radius=10, outline=(80, 92, 108), width=2
            )


def _draw_active(b: _Board) -> None:
    """The active cards (public), in rows; the last place counts any that do not fit."""
    active = b.me["active"]
    head = t("revive.img.player.active", b.locale, count=len(active))
    draw_text(b.d, (P_PAD, b.lay.active_y + 12), head, 16, MUTED, bold=True)
    aw = (b.lay.width - 2 * P_PAD - (ACTIVE_COLS - 1) * 8) // ACTIVE_COLS
    limit = ACTIVE_COLS * 3
    for j, card in enumerate(active[:limit]):
        ax = P_PAD + (j % ACTIVE_COLS) * (aw + 8)
        ay = b.lay.active_y + HEAD_H + (j // ACTIVE_COLS) * (CARD_ROW_H + 6)
        if j == limit - 1 and len(active) > limit:
            more = t("revive.img.player.more", b.locale, count=len(active) - limit + 1)
            draw_text(b.d, (ax + aw / 2, ay + CARD_ROW_H / 2), more, 18, MUTED, "mm")
            break
        sprite = card_row_sprite(b.ref, card, aw, locale=b.locale)
        b.img.paste(sprite.image, (int(ax), int(ay)), sprite.image)


def _draw_info(b: _Board, final: Breakdown) -> None:
    """Counts (resting cards, crates, artifacts), card bonuses, this turn's discounts, and once
    the game is over the final scoring by category."""
    d, me = b.d, b.me
    y = b.lay.info_y + 14
    x = float(P_PAD)
    items = [
        t("revive.img.player.resting", b.locale, count=me["resting"]),
        t("revive.img.player.crates", b.locale, count=me["crates"]),
        t("revive.img.player.opened", b.locale, count=len(me["opened"])),
        t("revive.img.player.minors", b.locale, count=me["minors"]),
    ]
    for item in items:
        x += draw_text(d, (x, y), item, 18, TEXT) + 28
    majors = me["majors"]
    x += draw_text(d, (x, y), t("revive.img.player.majors", b.locale, count=len(majors)), 18, TEXT) + 12
    for major in majors[:10]:
        gem(d, b.ref.major_colour(major), x + 10, y, 11, b.locale)
        x += 28
    y += 34
    x = float(P_PAD)
    bonuses = me.get("card_bonuses", [])
    none = t("revive.img.player.none", b.locale)
    colours = joined((colour_word(c, b.locale) for c in bonuses), b.locale) if bonuses else none
    x += draw_text(d, (x, y), t("revive.img.player.card_bonus", b.locale, colours=colours), 18, TEXT) + 28
    discounts = me.get("discounts", [])
    if discounts:
        text = joined((effect_label({"kind": "discount", **dd}, b.locale) for dd in discounts), b.locale)
        line = t("revive.img.player.discounts", b.locale, discounts=text)
        draw_text(d, (x, y), line, 18, GOLD, max_w=b.lay.width - x - P_PAD)
    if final:
        words = [
            t(
                "revive.img.player.final_part",
                b.locale,
                points=points,
                part=t(f"revive.img.final.{part}", b.locale),
            )
            for part, points in final.items()
            if points
        ]
        text = t("revive.img.player.final", b.locale, parts=joined(words, b.locale))
        draw_text(d, (P_PAD, y + 34), text, 18, GOLD, max_w=b.lay.width - 2 * P_PAD, bold=True)


@lru_cache(maxsize=4)
def player_palette(ref: ContentRef) -> Image.Image:
    """The player image's palette, from a frame, sample sprites and every seat's marks."""
    tribe_id = next(iter(ref.tribes), "")
    sprites: list[Sprite] = []
    techs = list(player_layout(ref, tribe_id).tech_nodes)
    for style in range(len(SEAT_STYLES)):
        sprites.append(badge_sprite(style, 28.0))
        sprites.append(badge_sprite(style, 14.0))
        if techs:
            sprites.append(tech_sprite(ref, tribe_id, techs[style % len(techs)], style, locale="en"))
    for card in list(ref.cards)[:: max(1, len(ref.cards) // 12)]:
        sprites.append(card_row_sprite(ref, card, 300, "top", locale="en"))
    _, machine_w = machine_grid(ref.rules["player_board"]["machine_spaces"])
    for i, token in enumerate(list(ref.machines)[::3]):
        state = "powered" if i % 2 else "ready"
        sprites.append(token_sprite(ref, "machine", token, machine_w, state, locale="en"))
    for token in list(ref.modules)[::4]:
        sprites.append(token_sprite(ref, "module", token, 200, locale="en"))
    return palette_over(player_frame(ref, tribe_id, "en"), sprites, (BG, PANEL_BG))
