"""Drawing helpers shared by the game renderers: seat styles, the bundled font, text cleaning,
seat shapes, pre-rendered sprites, content handles for caches, fixed palettes and PNG encoding.

Why a shared module: every game shows seats the same way (colour + shape + letter, so colour-blind
players can tell them apart), draws user-typed names through the same cleaning and the same
bundled fonts (render/fonts/: every script, per-glyph fallback), and pastes supersampled sprites.
Keeping one definition means a seat looks the same in Rebirth and Revive, and a fix to name
cleaning protects every game.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.base import SEAT_COLOURS, SEAT_LETTERS
from render.fonts import FallbackFont
from render.fonts import font as _font

RGB = tuple[int, int, int]
Point = tuple[float, float]


@dataclass(frozen=True)
class SeatStyle:
    """How one seat is drawn: colour (Okabe-Ito, colour-blind safe), letter and shape."""

    colour_name: str
    letter: str
    shape: str  # circle, square, triangle, diamond
    fill: RGB
    dark: RGB  # borders and text on light backgrounds
    light: RGB  # highlights on tiles


SEAT_STYLES: tuple[SeatStyle, ...] = tuple(
    SeatStyle(colour, SEAT_LETTERS[colour], shape, fill, dark, light)
    for colour, (shape, fill, dark, light) in zip(
        SEAT_COLOURS,
        (
            ("circle", (230, 159, 0), (120, 72, 0), (255, 205, 100)),
            ("square", (0, 114, 178), (0, 50, 90), (110, 180, 230)),
            ("triangle", (0, 158, 115), (0, 70, 50), (110, 215, 180)),
            ("diamond", (204, 121, 167), (105, 40, 80), (240, 185, 215)),
        ),
        strict=True,
    )
)
STYLE_BY_COLOUR = {s.colour_name: s for s in SEAT_STYLES}

SPRITE_SS = 4  # supersampling of sprites
NAME_CHARS = 16


def font(size: float) -> FallbackFont:
    """The bundled fonts at a pixel size: Noto Sans with per-glyph fallback to Hebrew, Arabic, CJK
    and emoji fonts (render/fonts/; cached per size)."""
    return _font(max(6, int(round(size))))


_ZWJ = "\u200d"


def _pictographic(ch: str) -> bool:
    """Emoji and other pictographs: what a zero-width joiner may join (👩‍👩‍👧)."""
    return unicodedata.category(ch) in ("So", "Sk") or 0x1F000 <= ord(ch) <= 0x1FAFF


def clean_text(text: object, max_chars: int = NAME_CHARS) -> str:
    """Make user-typed text safe to draw, in its own script, at most `max_chars` characters.

    The text is NFC-normalised (so "João" typed as "a" + combining tilde draws as "ã"). Dropped:
    control characters, format characters (bidi overrides and marks, zero-width spaces, tags)
    except a zero-width joiner between two pictographs (an emoji sequence), lone surrogates,
    private-use and unassigned code points. Whitespace becomes single spaces. Never raises,
    whatever the input.
    """
    try:
        s = unicodedata.normalize("NFC", str(text))
    except Exception:  # a hostile __str__ must not take the render down
        s = "?"
    out: list[str] = []
    for i, ch in enumerate(s):
        cat = unicodedata.category(ch)
        if cat in ("Zs", "Zl", "Zp") or ch in "\t\n\r":
            out.append(" ")
        elif ch == _ZWJ:
            if out and _pictographic(out[-1]) and i + 1 < len(s) and _pictographic(s[i + 1]):
                out.append(ch)
        elif not cat.startswith("C"):
            out.append(ch)
    cleaned = " ".join("".join(out).split())
    if len(cleaned) > max_chars:
        cleaned = _cut(cleaned, max_chars - 1) + "…"
    return cleaned


def _cut(text: str, n: int) -> str:
    """The first `n` characters, without a dangling joiner, combining mark or space at the end
    (a mark belongs to the letter before it, so both go)."""
    base = text[:n]
    while base and (base[-1] == _ZWJ or base[-1].isspace() or unicodedata.category(base[-1])[0] == "M"):
        if unicodedata.category(base[-1])[0] == "M":
            base = base.rstrip("".join(c for c in base if unicodedata.category(c)[0] == "M"))[:-1]
        else:
            base = base[:-1]
    return base


def fit_text(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont, max_w: float) -> str:
    """Shorten `text` with an ellipsis until it is at most `max_w` pixels wide (measured with the
    fallback fonts, so a CJK or emoji run counts at its real width). Binary search: a long name
    costs a handful of measurements, not one per character."""
    if font.getlength(text) <= max_w:
        return text
    base = text.rstrip("…")
    lo, hi = 0, len(base)  # the longest prefix that fits has lo..hi characters
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.getlength(_cut(base, mid) + "…") <= max_w:
            lo = mid
        else:
            hi = mid - 1
    return _cut(base, lo) + "…"


def tx(pts: Iterable[Point], cx: float, cy: float, r: float) -> list[Point]:
    return [(cx + x * r, cy + y * r) for x, y in pts]


def box(cx: float, cy: float, rx: float, ry: float) -> tuple[float, float, float, float]:
    return (cx - rx, cy - ry, cx + rx, cy + ry)


def _shape_points(shape: str, cx: float, cy: float, r: float) -> list[Point] | None:
    """Polygon of a seat shape of 'radius' r, or None for the circle."""
    if shape == "square":
        k = r * 0.86
        return [(cx - k, cy - k), (cx + k, cy - k), (cx + k, cy + k), (cx - k, cy + k)]
    if shape == "triangle":
        return [(cx, cy - r * 1.08), (cx + r * 1.08, cy + r * 0.8), (cx - r * 1.08, cy + r * 0.8)]
    if shape == "diamond":
        return [(cx, cy - r * 1.12), (cx + r * 1.0, cy), (cx, cy + r * 1.12), (cx - r * 1.0, cy)]
    return None


def draw_shape(
    d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: RGB, outline: RGB, width: int
) -> None:
    pts = _shape_points(shape, cx, cy, r)
    if pts is None:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    else:
        d.polygon(pts, fill=fill, outline=outline, width=width)


def shape_text_y(shape: str, cy: float, r: float) -> float:
    """Where to centre a letter inside a seat shape (a triangle's belly is low)."""
    return cy + (r * 0.22 if shape == "triangle" else 0.0)


@dataclass(frozen=True)
class Sprite:
    """An RGBA image and the offset from a hex centre to its top-left corner."""

    image: Image.Image
    dx: int
    dy: int

    def paste_at(self, dst: Image.Image, cx: float, cy: float) -> None:
        dst.paste(self.image, (int(round(cx)) + self.dx, int(round(cy)) + self.dy), self.image)


def square_canvas(radius: float, span: float) -> tuple[Image.Image, int, float, float]:
    """A supersampled transparent square for a round sprite `span` radii wide (plus margin):
    the image, its final side, and its centre and radius in supersampled pixels."""
    side = int(math.ceil(radius * span)) + 4
    side += side % 2
    img = Image.new("RGBA", (side * SPRITE_SS, side * SPRITE_SS), (0, 0, 0, 0))
    return img, side, side * SPRITE_SS / 2, radius * SPRITE_SS


def finish(img: Image.Image, w: int, h: int) -> Sprite:
    small = img.resize((w, h), Image.Resampling.LANCZOS)
    return Sprite(small, -w // 2, -h // 2)


@lru_cache(maxsize=64)
def badge_sprite(seat: int, radius: float, letter: bool = True) -> Sprite:
    """A seat's shape in its colour with its letter: castle flags, cathedral markers, panel."""
    st = SEAT_STYLES[seat % len(SEAT_STYLES)]
    img, side, c, r = square_canvas(radius, 2.6)
    d = ImageDraw.Draw(img)
    draw_seat_mark(d, st, c, r, 1.08, 0.9, 1.05 if letter else 0.0)
    return finish(img, side, side)


def draw_seat_mark(
    d: ImageDraw.ImageDraw, st: SeatStyle, c: float, r: float, outer: float, inner: float, letter: float
) -> None:
    """A seat's shape (white-edged, in its colour) with its letter: the mark colour-blind
    players read. `letter` is the letter size relative to `r` (0: no letter); triangles get a
    smaller one so it fits."""
    draw_shape(d, st.shape, c, c, r * outer, (255, 255, 255), (255, 255, 255), 1)
    draw_shape(d, st.shape, c, c, r * inner, st.fill, st.dark, max(1, int(r * 0.12)))
    if letter:
        size = letter if st.shape != "triangle" else letter * 0.76
        d.text(
            (c, shape_text_y(st.shape, c, r * inner)),
            st.letter,
            font=font(r * size),
            fill=(255, 255, 255),
            anchor="mm",
            stroke_width=max(1, int(r * 0.1)),
            stroke_fill=st.dark,
        )


# ---------------------------------------------------------------------------------------------
# Cache keys, fixed palettes and PNG encoding (one definition for every renderer)
# ---------------------------------------------------------------------------------------------


def cache_key(data: object) -> str:
    """A short digest of JSON-like content, for lru_cache handles on maps and content dicts.

    Why a digest and not `id()`: two loads of the same file share cache entries, while a test's
    edited copy with the same id does not.
    """
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


class ContentHandle:
    """A hashable handle on a content dict (a map, a game's content), so whatever is drawn from
    it can sit in a functools.lru_cache: equal, for the same class, when the keys are equal.

    The key is `cache_key(data)` unless the subclass passes its own (built from that digest).
    """

    __slots__ = ("data", "key")

    def __init__(self, data: dict[str, Any], key: Hashable | None = None) -> None:
        self.data = data
        self.key: Hashable = cache_key(data) if key is None else key

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ContentHandle) and type(other) is type(self) and other.key == self.key


def sprite_sheet(
    sprites: Sequence[Sprite],
    width: int,
    bgs: Sequence[RGB],
    per_row: int | None = None,
    background: RGB | None = None,
) -> Image.Image:
    """The sprites in rows, each on the next of `bgs` (backgrounds they meet in the image, so the
    palette gets the blends of their edges), for a fixed palette to sample.

    A row ends when the next sprite would pass `width`, or, with `per_row`, after that many
    sprites. The gaps show `background` (by default the first of `bgs`).
    """
    row_h = max(sp.image.height for sp in sprites) + 4
    x = y = 0
    places: list[tuple[int, int]] = []
    for i, sp in enumerate(sprites):
        if (i > 0 and i % per_row == 0) if per_row else x + sp.image.width > width:
            x, y = 0, y + row_h
        places.append((x, y))
        x += sp.image.width + 4
    sheet = Image.new("RGB", (width, y + row_h), bgs[0] if background is None else background)
    for i, (sp, at) in enumerate(zip(sprites, places, strict=True)):
        sheet.paste(Image.new("RGB", sp.image.size, bgs[i % len(bgs)]), at)
        sheet.paste(sp.image, at, sp.image)
    return sheet


def stacked_palette(parts: Sequence[Image.Image], keys: Sequence[RGB], colours: int = 256) -> Image.Image:
    """`fixed_palette` over the images stacked top to bottom (a frame, then its sprite sheet and
    any other samples), as wide as the first."""
    full = Image.new("RGB", (parts[0].width, sum(part.height for part in parts)))
    y = 0
    for part in parts:
        full.paste(part, (0, y))
        y += part.height
    return fixed_palette(full, keys, colours)


def fixed_palette(sample: Image.Image, keys: Sequence[RGB], colours: int = 256) -> Image.Image:
    """A `colours`-colour (256) "P" image: maximum coverage over `sample` for the blends (antialiased edges
    and text), then the exact `keys` colours at the end.

    Why reserve keys: a quantizer gives small, loud features (highlights, seat colours) too few
    entries, so their exact colours are kept and the quantizer fills the rest.

    Why maximum coverage (docs/image-bytes.md): against median cut, over the same sample, it
    puts the renders nearer their RGB originals (the worst pixel 29-37 levels off instead of
    55-77; pixels more than 16 levels off 0.1-0.6 % instead of 0.3-4.4 %) and the PNGs 5-9 %
    smaller, since its blends repeat more; building it is faster too.
    """
    keys = list(dict.fromkeys(keys))
    n_auto = colours - len(keys)
    auto = sample.quantize(colors=n_auto, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
    flat = list(auto.getpalette() or [])[: 3 * n_auto]
    flat += [0] * (3 * n_auto - len(flat))
    flat += [v for colour in keys for v in colour]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


COMPRESS_LEVEL = 6  # zlib level of every PNG (png_bytes; docs/image-bytes.md)


def png_bytes(img: Image.Image, palette: Image.Image) -> bytes:
    """Reduce to a fixed palette (3-4x smaller than RGB, 2-3 ms) and encode as PNG.

    No dithering: it scatters the palette's error over flat areas, which costs half as many
    bytes again and looks grainier. `compress_level` 6 (docs/image-bytes.md): 8-18 %
    smaller than 3 for some 8 ms more; 9 (and `optimize`, which means 9) saves 2 % more for
    60 ms more.
    """
    out = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    out.save(buf, format="PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return buf.getvalue()
