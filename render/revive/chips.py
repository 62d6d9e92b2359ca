"""Sprites of the side panel and the player board: citizen cards as rows, module and machine
tokens as chips, technology boxes and artifact gems.

Their texts come from the components' effect lists in the image style of the one effect
vocabulary (render/revive/words.py), so no component needs a hand-written text. Each sprite is
drawn once per content, component and width (functools.lru_cache).
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from i18n import t
from render.common import SEAT_STYLES, Sprite, badge_sprite, box, clean_text, draw_shape, font, shape_text_y
from render.revive.ref import ContentRef
from render.revive.style import (
    ARTIFACT_COLOURS,
    ARTIFACT_SHAPES,
    BLACK,
    CARD_COLOURS,
    CARD_ROW_H,
    CHIP_BG,
    DARK_TEXT,
    GOLD,
    GOLD_DARK,
    MACHINE_COLOURS,
    MUTED,
    RESOURCE_COLOURS,
    TECH_H,
    TECH_W,
    TEXT,
    TOKEN_H,
    TRACK_CELL,
    UNKNOWN,
    WHITE,
)
from render.revive.text import draw_lines, draw_text, fit_lines
from render.revive.words import ability_label, colour_word, effects_label


def gem(
    d: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, r: float, locale: str | None = None
) -> None:
    """A major artifact: a gem in its colour and shape, with its colour's initials in `locale`."""
    fill, ink = ARTIFACT_COLOURS.get(colour, UNKNOWN)
    shape = ARTIFACT_SHAPES.get(colour, "circle")
    draw_shape(d, shape, cx, cy, r * 1.12, WHITE, WHITE, 1)
    draw_shape(d, shape, cx, cy, r, fill, BLACK, max(1, int(r * 0.1)))
    d.text(
        (cx, shape_text_y(shape, cy, r)),
        colour_word(colour, locale)[:2].title() if colour else "?",
        font=font(r * (0.8 if shape != "triangle" else 0.62)),
        fill=ink,
        anchor="mm",
    )


@lru_cache(maxsize=512)
def card_row_sprite(
    ref: ContentRef, card_id: str, width: int, half: str | None = None, *, locale: str
) -> Sprite:
    """A citizen card as one row: colour block with id and colour word, then its halves' effects
    (`half` = "top"/"bottom": only that half, the one a slot uses), in `locale`."""
    card = ref.cards.get(card_id, {})
    colour = str(card.get("colour", ""))
    fill, ink = CARD_COLOURS.get(colour, UNKNOWN)
    h = CARD_ROW_H
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=8, fill=CHIP_BG)
    tag_w = 86
    d.rounded_rectangle(
        (0, 0, tag_w, h - 1), radius=8, fill=fill, outline=(90, 90, 90) if colour == "white" else None
    )
    d.text(
        (tag_w / 2, h * 0.34),
        clean_text(card_id, 8),
        font=font(17),
        fill=ink,
        anchor="mm",
        stroke_width=1,
        stroke_fill=ink,
    )
    colour_text = colour_word(colour, locale) if colour else "?"
    if card.get("slot_symbol"):
        colour_text += " " + t("revive.img.slot_symbol", locale)
    d.text((tag_w / 2, h * 0.74), colour_text, font=font(13), fill=ink, anchor="mm")
    halves = ("top", "bottom") if half is None else (half,)
    x = tag_w + 8
    col_w = (width - x - 6) / len(halves)
    for i, name in enumerate(halves):
        hx = x + i * col_w
        if len(halves) > 1:
            d.text((hx, 9), t(f"revive.img.{name}", locale), font=font(12), fill=(90, 96, 106), anchor="lm")
            effects = effects_label(card.get(name) or [], locale)
            lines, fs = fit_lines(effects, col_w - 8, h - 18, (15, 14, 13, 12), locale)
            draw_lines(d, hx, 18 + (h - 18) / 2, lines, fs, DARK_TEXT, "lm")
            if i:
                d.line([(hx - 5, 6), (hx - 5, h - 6)], fill=(180, 184, 190), width=1)
        else:
            effects = effects_label(card.get(name) or [], locale)
            lines, fs = fit_lines(effects, col_w - 8, h - 6, (17, 16, 15, 14, 13), locale)
            draw_lines(d, hx, h / 2, lines, fs, DARK_TEXT, "lm")
    return Sprite(img, 0, 0)


@lru_cache(maxsize=512)
def token_sprite(
    ref: ContentRef, kind: str, token_id: str, width: int, state: str = "", *, locale: str
) -> Sprite:
    """A module or machine token as a chip: its colour (block and word) and its effect in words
    (in `locale`). `state` ("powered"/"ready") adds the energy mark of a machine on a player
    board."""
    item = (ref.modules if kind == "module" else ref.machines).get(token_id, {})
    colour = str(item.get("colour", ""))
    palette = CARD_COLOURS if kind == "module" else MACHINE_COLOURS
    fill, ink = palette.get(colour, UNKNOWN)
    h = TOKEN_H
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, width - 1, h - 1), radius=10, fill=CHIP_BG)
    tag_w = min(64, int(width * 0.36))
    d.rounded_rectangle((0, 0, tag_w, h - 1), radius=10, fill=fill, outline=(90, 90, 90))
    d.text(
        (tag_w / 2, h * 0.33),
        clean_text(token_id, 6),
        font=font(14 if tag_w >= 60 else 13),
        fill=ink,
        anchor="mm",
    )
    d.text(
        (tag_w / 2, h * 0.72),
        colour_word(colour, locale) if colour else "?",
        font=font(12),
        fill=ink,
        anchor="mm",
    )
    right = width - 6
    if state:
        er = 11
        ex = width - er - 6
        powered = state == "powered"
        d.ellipse(
            box(ex, h / 2, er, er),
            fill=RESOURCE_COLOURS["energy"] if powered else None,
            outline=(90, 90, 90),
            width=2,
        )
        if powered:
            d.text(
                (ex, h / 2), t("revive.img.energy_mark", locale), font=font(14), fill=DARK_TEXT, anchor="mm"
            )
        right = ex - er - 4
    lines, fs = fit_lines(
        effects_label(item.get("effects") or [], locale), right - tag_w - 8, h - 4, (15, 14, 13, 12), locale
    )
    draw_lines(d, tag_w + 7, h / 2, lines, fs, DARK_TEXT, "lm")
    return Sprite(img, 0, 0)


@lru_cache(maxsize=256)
def tech_sprite(ref: ContentRef, tribe_id: str, tech_id: str, style: int | None, *, locale: str) -> Sprite:
    """A technology box: id, cost in books and points, then its ability in short words (in
    `locale`). Unlocked (`style` given): filled with the seat colour edge and a seat badge;
    locked: dim."""
    tech = next(tech for tech in ref.sun(tribe_id)["technologies"] if tech["id"] == tech_id)
    img = Image.new("RGBA", (TECH_W, TECH_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    st = SEAT_STYLES[style % len(SEAT_STYLES)] if style is not None else None
    fill = CHIP_BG if st else TRACK_CELL
    ink = DARK_TEXT if st else TEXT
    d.rounded_rectangle(
        (0, 0, TECH_W - 1, TECH_H - 1),
        radius=9,
        fill=fill,
        outline=st.fill if st else (120, 132, 148),
        width=4 if st else 2,
    )
    cost = int(tech.get("cost", {}).get("book", 0))
    head = f"{clean_text(tech_id, 5)} · " + t("revive.img.player.tech_cost", locale, cost=cost, count=cost)
    draw_text(d, (9, 15), head, 16, ink, bold=True)
    tech_points = int(tech.get("points", 0))
    points = t("revive.img.player.tech_points", locale, points=tech_points, count=tech_points)
    draw_text(d, (TECH_W - 9, 15), points, 16, GOLD_DARK if st else GOLD, "rm", bold=True)
    ability = ability_label(tech["ability"], locale)
    lines, fs = fit_lines(ability, TECH_W - 18 - (26 if st else 0), TECH_H - 32, (15, 14, 13, 12), locale)
    draw_lines(d, 9, 31 + (TECH_H - 31) / 2, lines, fs, ink if st else MUTED, "lm")
    if style is not None:
        badge = badge_sprite(style, 10.0)
        img.paste(badge.image, (TECH_W - 8 - badge.image.width, TECH_H - 6 - badge.image.height), badge.image)
    return Sprite(img, 0, 0)
