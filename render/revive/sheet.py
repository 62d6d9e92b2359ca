"""The pieces of Revive's phone-sized images: the player summary (summary.py) and the strip
of a turn's own-board changes under the channel image (focus.py `turn_strip`).

Why its own pieces: the sprites of the whole boards (chips.py) draw 12- to 15-px words that are
3 px tall once a phone shows the image; these draw every word at `SIZE` or more, the least size
whose cap height is 9 px when a 640-px image is shown 550 px wide, and record each label
(`Label`) so a test measures what was drawn. A piece that depends only on the content and the
language (a card's chip, a track's cells) is drawn once (`Part`, functools.lru_cache) and pasted
with its labels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from i18n import t
from render.common import RGB, SEAT_STYLES, Point, clean_text, font
from render.revive.ref import ContentRef
from render.revive.style import (
    CARD_COLOURS,
    CELL,
    CHIP_BG,
    DARK_TEXT,
    MACHINE_COLOURS,
    MUTED,
    PANEL_BG,
    RESOURCE_COLOURS,
    TEXT,
    UNKNOWN,
    WHITE,
)
from render.revive.text import Label, legible_size, wrap
from render.revive.words import ability_label, colour_word, effects_label, resource_word

OUT_W = 640  # as wide as the channel image: at 550 px it is shown at 0.86
SIZE = legible_size(OUT_W)  # every word: a cap height of 9 px at 550 px
PAD = 12
ROW_H = 46  # a chip: two lines of words
TOKEN_ROW = 42  # a module or machine chip
TRACK_H = 34
HEAD = 28  # a section heading
GAP = 6
TAG_W = 84  # a chip's coloured tag: its id and colour word
LINE = round(SIZE * 1.3)  # a line of words in a chip or a paragraph


@dataclass(frozen=True)
class Part:
    """A drawn piece (RGBA) and the labels on it, relative to its top-left corner."""

    image: Image.Image
    labels: tuple[Label, ...]


@dataclass
class Sheet:
    """An image being drawn and every label on it."""

    img: Image.Image
    locale: str
    labels: list[Label] = field(default_factory=list)

    @property
    def d(self) -> ImageDraw.ImageDraw:
        return ImageDraw.Draw(self.img)

    def text(
        self,
        xy: Point,
        text: str,
        fill: RGB,
        anchor: str = "lm",
        size: float = SIZE,
        bold: bool = False,
    ) -> Label:
        """One label, recorded."""
        return label(self.d, self.labels, xy, text, fill, anchor, size, bold)

    def paste(self, part: Part, x: float, y: float) -> None:
        """A drawn piece at (x, y), its labels moved with it."""
        self.img.paste(part.image, (int(x), int(y)), part.image)
        self.labels.extend(moved(lab, int(x), int(y)) for lab in part.labels)

    def cover(self, box: tuple[float, float, float, float], fill: RGB, radius: int = 6) -> None:
        """Paint over `box`: the labels under it are gone (a marker drawn over a cached cell)."""
        self.d.rounded_rectangle(box, radius=radius, fill=fill)
        self.labels[:] = [lab for lab in self.labels if not inside(lab.box, box)]

    def heading(self, y: float, text: str, right: str = "") -> float:
        """A section heading (with a note at the right); returns the y below it."""
        self.text((PAD, y + HEAD / 2), text, MUTED, bold=True)
        if right:
            self.text((self.img.width - PAD, y + HEAD / 2), right, MUTED, "rm")
        return y + HEAD

    def paragraph(self, y: float, text: str, fill: RGB = TEXT) -> float:
        """`text` wrapped to the width (never cut); returns the y below it."""
        width = self.img.width - 2 * PAD
        for line in wrap(text, SIZE, width, 9, self.locale):
            self.text((PAD, y + LINE / 2), line, fill)
            y += LINE
        return y


def label(
    d: ImageDraw.ImageDraw,
    labels: list[Label],
    xy: Point,
    text: str,
    fill: RGB,
    anchor: str = "lm",
    size: float = SIZE,
    bold: bool = False,
) -> Label:
    """Draw a line of words and record its ink box."""
    f = font(size)
    sw = 1 if bold else 0
    box = d.textbbox(xy, text, font=f, anchor=anchor, stroke_width=sw)
    d.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=sw, stroke_fill=fill)
    drawn = Label(text, (float(box[0]), float(box[1]), float(box[2]), float(box[3])), size)
    labels.append(drawn)
    return drawn


def moved(lab: Label, dx: int, dy: int) -> Label:
    x0, y0, x1, y1 = lab.box
    return Label(lab.text, (x0 + dx, y0 + dy, x1 + dx, y1 + dy), lab.size)


def inside(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] >= b[0] and a[1] >= b[1] and a[2] <= b[2] and a[3] <= b[3]


def _lines(d: ImageDraw.ImageDraw, labels: list[Label], x: float, cy: float, lines: Sequence[str]) -> None:
    """Lines of words stacked around `cy`, from `x`."""
    y0 = cy - LINE * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        label(d, labels, (x, y0 + i * LINE), line, DARK_TEXT)


def _chip(
    width: int, height: int, tag: tuple[RGB, RGB], head: str, sub: str, body: str, locale: str, right: int = 0
) -> tuple[Image.Image, list[Label]]:
    """A light chip: a coloured tag (`head` bold over `sub`) and `body` wrapped in two lines
    beside it, `right` px kept free at its right."""
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    labels: list[Label] = []
    fill, ink = tag
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=8, fill=CHIP_BG)
    d.rounded_rectangle((0, 0, TAG_W, height - 1), radius=8, fill=fill, outline=(90, 90, 90))
    label(d, labels, (TAG_W / 2, height / 2 - LINE / 2 + 1), head, ink, "mm", bold=True)
    label(d, labels, (TAG_W / 2, height / 2 + LINE / 2 - 1), sub, ink, "mm")
    body_w = width - TAG_W - 14 - right
    lines = wrap(body, SIZE, body_w, 2, locale)
    _lines(d, labels, TAG_W + 8, height / 2, lines)
    return img, labels


@lru_cache(maxsize=512)
def card_part(ref: ContentRef, card_id: str, width: int, half: str, where: str = "", *, locale: str) -> Part:
    """A citizen card as a chip: its id and colour, and the effects of the half its slot uses
    (after `where`, the slot's name, when given)."""
    card = ref.cards.get(card_id, {})
    colour = str(card.get("colour", ""))
    sub = colour_word(colour, locale) if colour else "?"
    body = _where(where, effects_label(card.get(half) or [], locale), locale)
    img, labels = _chip(
        width, ROW_H, CARD_COLOURS.get(colour, UNKNOWN), clean_text(card_id, 6), sub, body, locale
    )
    return Part(img, tuple(labels))


@lru_cache(maxsize=512)
def token_part(
    ref: ContentRef, kind: str, token_id: str, width: int, used: bool = False, where: str = "", *, locale: str
) -> Part:
    """A module or machine as a chip: its id and colour, its effect (after `where`, a module's
    slot, when given); a machine used since the last hibernation (`used`) is marked with an
    energy dot."""
    item = (ref.modules if kind == "module" else ref.machines).get(token_id, {})
    colour = str(item.get("colour", ""))
    tag = (CARD_COLOURS if kind == "module" else MACHINE_COLOURS).get(colour, UNKNOWN)
    sub = colour_word(colour, locale) if colour else "?"
    body = _where(where, effects_label(item.get("effects") or [], locale), locale)
    mark = 30 if kind == "machine" else 0
    img, labels = _chip(width, TOKEN_ROW, tag, clean_text(token_id, 6), sub, body, locale, mark)
    if used:
        d = ImageDraw.Draw(img)
        cx, cy, r = width - 18, TOKEN_ROW / 2, 11
        d.ellipse(
            (cx - r, cy - r, cx + r, cy + r), fill=RESOURCE_COLOURS["energy"], outline=(90, 90, 90), width=2
        )
        label(d, labels, (cx, cy), t("revive.img.energy_mark", locale), DARK_TEXT, "mm")
    return Part(img, tuple(labels))


def _where(where: str, effects: str, locale: str) -> str:
    return t("revive.img.strip.where", locale, where=where, effects=effects) if where else effects


@lru_cache(maxsize=256)
def tech_part(ref: ContentRef, tribe_id: str, tech_id: str, width: int, *, locale: str) -> Part:
    """A technology as a chip: its id and points, and its ability."""
    tech = next((x for x in ref.sun(tribe_id).get("technologies", []) if x["id"] == tech_id), None)
    points = int(tech.get("points", 0)) if tech else 0
    sub = t("revive.img.player.tech_points", locale, points=points, count=points)
    body = ability_label(tech["ability"], locale) if tech else ""
    img, labels = _chip(width, ROW_H, (CHIP_BG, DARK_TEXT), clean_text(tech_id, 6), sub, body, locale)
    return Part(img, tuple(labels))


@lru_cache(maxsize=32)
def track_part(ref: ContentRef, colour: str, width: int, *, locale: str) -> Part:
    """A machine track's row: its colour word in its colour, then a numbered cell per space."""
    track = next(x for x in ref.data["machine_tracks"]["tracks"] if x["colour"] == colour)
    img = Image.new("RGBA", (width, TRACK_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    labels: list[Label] = []
    fill, ink = MACHINE_COLOURS.get(colour, UNKNOWN)
    d.rounded_rectangle((0, 0, TAG_W, TRACK_H - 3), radius=7, fill=fill)
    label(d, labels, (TAG_W / 2, (TRACK_H - 3) / 2), colour_word(colour, locale), ink, "mm", bold=True)
    for i, (x0, x1) in enumerate(track_cells(len(track["spaces"]), width)):
        d.rounded_rectangle((x0, 0, x1, TRACK_H - 3), radius=6, fill=CELL)
        label(d, labels, ((x0 + x1) / 2, (TRACK_H - 3) / 2), str(i), MUTED, "mm")
    return Part(img, tuple(labels))


def track_cells(spaces: int, width: int) -> list[tuple[float, float]]:
    """Each space's cell (x0, x1) in a track row `width` px wide."""
    cell = (width - TAG_W - 6) / max(1, spaces)
    return [(TAG_W + 6 + i * cell, TAG_W + 6 + (i + 1) * cell - 4) for i in range(spaces)]


def draw_track(
    sheet: Sheet,
    ref: ContentRef,
    colour: str,
    at: int,
    style: int,
    x: int,
    y: float,
    width: int,
    row: bool = True,
) -> None:
    """A machine track with the seat's marker (its colour) on space `at`; `row` False: only
    the marker, on a row a cached frame holds."""
    if row:
        sheet.paste(track_part(ref, colour, width, locale=sheet.locale), x, y)
    track = next(tr for tr in ref.data["machine_tracks"]["tracks"] if tr["colour"] == colour)
    cells = track_cells(len(track["spaces"]), width)
    at = max(0, min(at, len(cells) - 1))
    x0, x1 = cells[at]
    st = SEAT_STYLES[style % len(SEAT_STYLES)]
    sheet.cover((x + x0, y, x + x1, y + TRACK_H - 3), st.fill)
    sheet.d.rounded_rectangle((x + x0, y, x + x1, y + TRACK_H - 3), radius=6, outline=WHITE, width=2)
    sheet.text((x + (x0 + x1) / 2, y + (TRACK_H - 3) / 2), str(at), WHITE, "mm", bold=True)


def resource_chips(sheet: Sheet, y: float, amounts: dict[str, int], limits: dict[str, int]) -> float:
    """A chip per resource and energy: its dot and word over its amount (of its limit)."""
    names = [*limits, "energy"]
    width = sheet.img.width - 2 * PAD
    w = (width - GAP * (len(names) - 1)) / len(names)
    h = 2 * LINE + 10
    for i, name in enumerate(names):
        x0 = PAD + i * (w + GAP)
        sheet.d.rounded_rectangle((x0, y, x0 + w, y + h), radius=8, fill=PANEL_BG)
        sheet.text((x0 + 8, y + 5 + LINE / 2), resource_word(name, sheet.locale), TEXT)
        cy = y + 5 + LINE * 1.5
        colour = RESOURCE_COLOURS.get(name, UNKNOWN[0])
        sheet.d.ellipse((x0 + 8, cy - 7, x0 + 22, cy + 7), fill=colour, outline=WHITE, width=2)
        value = sheet.text((x0 + 28, cy), str(amounts.get(name, 0)), TEXT, bold=True, size=SIZE + 4)
        if name in limits:
            sheet.text((value.box[2] + 3, cy), f"/{limits[name]}", MUTED)
    return y + h
