"""What a player image shows before any seat is drawn on it, per content and tribe: headings,
the resource track cells, the card slots, the locked technology tree, the progress track and
the machine tracks with every space's reward in words.

Drawn once (functools.lru_cache): a render copies it and adds the seat's markers.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from i18n import t
from render.common import box
from render.revive.chips import tech_sprite
from render.revive.geometry import PlayerLayout, player_layout, resource_cell
from render.revive.ref import ContentRef
from render.revive.style import (
    BG,
    CELL,
    HEAD_H,
    MACHINE_COLOURS,
    MUTED,
    P_HEADER_H,
    P_PAD,
    P_RIGHT_W,
    P_RIGHT_X,
    PANEL_BG,
    RES_LABEL_W,
    RES_ROW_H,
    RESOURCE_COLOURS,
    SLOT_H,
    SLOT_W,
    TECH_H,
    TECH_W,
    TEXT,
    TRACK_CELL,
    TRACK_LABEL_W,
    TRACK_ROW,
    UNKNOWN,
    WHITE,
)
from render.revive.text import draw_lines, draw_text, fit_lines
from render.revive.words import colour_word, effects_label, joined, resource_word


@lru_cache(maxsize=8)
def track_strip(ref: ContentRef, width: int, locale: str) -> Image.Image:
    """The three machine tracks with every space's reward in words in `locale` (same for every
    player)."""
    tracks = ref.data["machine_tracks"]["tracks"]
    bonus = ref.data["machine_tracks"]["bonus_points_per_card"]
    img = Image.new("RGBA", (width, max(1, len(tracks)) * TRACK_ROW), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    label_w = TRACK_LABEL_W
    for row, track in enumerate(tracks):
        colour = track["colour"]
        fill, ink = MACHINE_COLOURS.get(colour, UNKNOWN)
        y = row * TRACK_ROW
        h = TRACK_ROW - 6
        d.rounded_rectangle((0, y, label_w - 6, y + h), radius=8, fill=fill)
        draw_text(d, ((label_w - 6) / 2, y + h * 0.36), colour_word(colour, locale), 17, ink, "mm", bold=True)
        terrain = t(f"revive.img.terrain_word.{track['terrain']}", locale)
        draw_text(d, ((label_w - 6) / 2, y + h * 0.72), terrain, 13, ink, "mm")
        spaces = track["spaces"]
        cell = (width - label_w) / max(1, len(spaces))
        for i, space in enumerate(spaces):
            x0 = label_w + i * cell
            d.rounded_rectangle((x0, y, x0 + cell - 5, y + h), radius=7, fill=TRACK_CELL)
            draw_text(d, (x0 + 6, y + 10), str(i), 13, MUTED)
            words = []
            if space.get("effects"):
                words.append(effects_label(space["effects"], locale))
            if space.get("progress"):
                words.append(t("revive.img.player.progress_space", locale))
            if space.get("bonus_colour"):
                bonus_colour = colour_word(space["bonus_colour"], locale)
                words.append(t("revive.img.player.bonus", locale, points=bonus, colour=bonus_colour))
            if words:
                lines, fs = fit_lines(joined(words, locale), cell - 14, h - 16, (14, 13, 12, 11), locale)
                draw_lines(d, x0 + (cell - 5) / 2, y + 8 + (h - 8) / 2, lines, fs, TEXT)
    return img


@lru_cache(maxsize=32)
def player_frame(ref: ContentRef, tribe_id: str, locale: str) -> Image.Image:
    """Everything on a player image that depends only on the content, the tribe and the
    language of its words."""
    lay = player_layout(ref, tribe_id)
    img = Image.new("RGB", (lay.width, lay.height), BG)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, lay.width, P_HEADER_H - 6), fill=PANEL_BG)
    _draw_resource_cells(d, ref, lay, locale)
    _draw_slot_frames(d, ref, lay, locale)
    _draw_tech_tree(img, d, ref, lay, tribe_id, locale)
    # progress track
    track = ref.sun(tribe_id).get("progress_track", [])
    cw = P_RIGHT_W / max(1, len(track))
    y = lay.progress_y + HEAD_H
    for i, value in enumerate(track):
        x0 = P_RIGHT_X + i * cw
        d.rounded_rectangle((x0, y, x0 + cw - 6, y + 44), radius=8, fill=CELL)
        draw_text(d, (x0 + (cw - 6) / 2, y + 22), str(value), 20, TEXT, "mm", bold=True)
    # machine tracks
    draw_text(d, (P_PAD, lay.tracks_y + 12), t("revive.img.player.tracks", locale), 16, MUTED, bold=True)
    strip = track_strip(ref, lay.width - 2 * P_PAD, locale)
    img.paste(strip, (P_PAD, lay.tracks_y + HEAD_H), strip)
    return img


def _draw_resource_cells(d: ImageDraw.ImageDraw, ref: ContentRef, lay: PlayerLayout, locale: str) -> None:
    """Each resource's name and dot, then a cell per value up to its limit."""
    draw_text(
        d, (P_PAD, lay.resources_y + 12), t("revive.img.player.resources", locale), 16, MUTED, bold=True
    )
    resources = ref.rules["resources"]
    limits = resources["limits"]
    y = lay.resources_y + HEAD_H
    cell = resource_cell(limits)
    for name in resources["all"]:
        colour = RESOURCE_COLOURS.get(name, UNKNOWN[0])
        d.ellipse(box(P_PAD + 12, y + RES_ROW_H / 2 - 3, 9, 9), fill=colour, outline=WHITE, width=2)
        word = resource_word(name, locale)
        draw_text(d, (P_PAD + 28, y + RES_ROW_H / 2 - 3), word, 18, TEXT, max_w=RES_LABEL_W - 34)
        for v in range(limits[name] + 1):
            x0 = P_PAD + RES_LABEL_W + v * cell
            d.rounded_rectangle((x0, y, x0 + cell - 4, y + RES_ROW_H - 8), radius=6, fill=CELL)
            draw_text(d, (x0 + (cell - 4) / 2, y + (RES_ROW_H - 8) / 2), str(v), 15, MUTED, "mm")
        y += RES_ROW_H


def _draw_slot_frames(d: ImageDraw.ImageDraw, ref: ContentRef, lay: PlayerLayout, locale: str) -> None:
    """The four card slots, each named with the card half it uses."""
    draw_text(d, (P_PAD, lay.slots_y + 12), t("revive.img.player.slots", locale), 16, MUTED, bold=True)
    for i, slot in enumerate(ref.rules["player_board"]["card_slots"][:4]):
        x0 = P_PAD + (i % 2) * (SLOT_W + 12)
        y0 = lay.slots_y + HEAD_H + (i // 2) * (SLOT_H + 8)
        d.rounded_rectangle((x0, y0, x0 + SLOT_W, y0 + SLOT_H - 8), radius=10, fill=PANEL_BG)
        title = t(f"revive.img.player.slot.{slot['id']}", locale)
        draw_text(d, (x0 + 10, y0 + 14), title, 15, TEXT, bold=True)
        half = t("revive.img.player.half", locale, half=t(f"revive.img.{slot['half']}", locale))
        draw_text(d, (x0 + SLOT_W - 10, y0 + 14), half, 14, MUTED, "rm")


def _draw_tech_tree(
    img: Image.Image, d: ImageDraw.ImageDraw, ref: ContentRef, lay: PlayerLayout, tribe_id: str, locale: str
) -> None:
    """The tribe ability, then the technologies (locked) and the lines between them."""
    sun = ref.sun(tribe_id)
    draw_text(
        d, (P_RIGHT_X, lay.tech_y + 12), t("revive.img.player.technologies", locale), 16, MUTED, bold=True
    )
    effect = effects_label(sun.get("ability") or [], locale)
    ability = t("revive.img.player.tribe_ability", locale, effect=effect)
    draw_text(d, (P_RIGHT_X, lay.tech_y + HEAD_H + 12), ability, 16, TEXT, max_w=P_RIGHT_W)
    for tech in sun.get("technologies", []):
        for other in tech.get("connections", []):
            if tech["id"] in lay.tech_nodes and other in lay.tech_nodes:
                (ax, ay), (bx, by) = lay.tech_nodes[tech["id"]], lay.tech_nodes[other]
                d.line(
                    [(ax + TECH_W / 2, ay + TECH_H / 2), (bx + TECH_W / 2, by + TECH_H / 2)],
                    fill=(120, 132, 148),
                    width=3,
                )
    for tid, (x, y) in lay.tech_nodes.items():
        sprite = tech_sprite(ref, tribe_id, tid, None, locale=locale)
        img.paste(sprite.image, (x, y), sprite.image)
