"""The fonts the images draw with, shipped in this package, and per-glyph fallback between them.

Why: players' names come in every script ("João", "田中", "محمد", "Zoë 🎲"). No one
font covers them all, so `FallbackFont` is Noto Sans (Latin, Greek, Cyrillic) that hands every
character it lacks to the first of Noto Sans Hebrew, Noto Sans Arabic, a subset of Noto Sans CJK
and a subset of Symbola (monochrome emoji and symbols) that has it. It is a `FreeTypeFont`, so
`ImageDraw.text`, `textbbox`, `getlength` and `getbbox` work on it unchanged; a text the main
font covers alone takes Pillow's own path (the usual case, no cost but a cached look-up).

Right-to-left runs: with libraqm (`PIL.features.check("raqm")`) each run is shaped and ordered
by raqm (Arabic letters join); adjacent right-to-left runs are drawn in reverse order so a name
reads right. Without raqm a right-to-left run's characters are reversed (Hebrew reads right;
Arabic letters stay in their isolated forms). docs/images.md has the fonts, their licences, the
subsets and how scripts/make_fonts.py made them.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageFont, features

FONT_DIR = Path(__file__).resolve().parent
MAIN = "NotoSans-Regular.ttf"
# Fallback order: the first font with a glyph draws the character.
CHAIN: tuple[str, ...] = (
    MAIN,
    "NotoSansHebrew-Regular.ttf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansCJKjp-Regular-subset.otf",
    "Symbola-subset.ttf",
)
RAQM = features.check("raqm") is True
# Pillow's basic layout for the left-to-right fonts (a fifth faster to draw than raqm); raqm,
# when there, for Hebrew and Arabic (bidi, joining, marks).
_RAQM_FONTS = frozenset({1, 2})
BASIC = ImageFont.Layout.BASIC


def layout(index: int) -> ImageFont.Layout:
    return ImageFont.Layout.RAQM if RAQM and index in _RAQM_FONTS else BASIC


_PROBE = 24  # pixel size at which glyph coverage is probed
_RTL = frozenset({"R", "AL"})
# Characters that take the font of the run they sit in when it has them (spaces, punctuation,
# digits, combining marks, joiners), so "محمد علي" stays one run that raqm shapes whole.
_NEUTRAL = frozenset({"WS", "ON", "CS", "ES", "ET", "EN", "AN", "NSM", "BN", "S", "B"})
Run = tuple[int, str]  # (index in CHAIN, text), in visual order


@cache
def face(index: int, size: int) -> ImageFont.FreeTypeFont:
    """One font of the chain at a pixel size (cached: a CJK face costs a few ms to open)."""
    return ImageFont.truetype(str(FONT_DIR / CHAIN[index]), size, layout_engine=layout(index))


@cache
def _probe(index: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / CHAIN[index]), _PROBE, layout_engine=BASIC)


def _mask_key(index: int, ch: str) -> tuple[tuple[int, int], bytes]:
    m = _probe(index).getmask(ch)
    return m.size, bytes(m)


@cache
def _notdef(index: int) -> tuple[tuple[int, int], bytes]:
    """The missing-glyph box of one font (U+10FFFD is a private-use code point none maps)."""
    return _mask_key(index, "\U0010fffd")


@lru_cache(maxsize=65536)
def covers(index: int, ch: str) -> bool:
    """Whether font `index` draws `ch` as a real glyph rather than its missing-glyph box."""
    return _mask_key(index, ch) != _notdef(index)


@lru_cache(maxsize=65536)
def font_for(ch: str) -> int | None:
    """The first font of the chain that has `ch`, or None when none does."""
    return next((i for i in range(len(CHAIN)) if covers(i, ch)), None)


def _is_rtl(text: str) -> bool:
    return any(unicodedata.bidirectional(c) in _RTL for c in text)


def _logical_runs(text: str) -> list[Run]:
    runs: list[Run] = []
    for ch in text:
        cur = runs[-1][0] if runs else None
        if cur is not None and unicodedata.bidirectional(ch) in _NEUTRAL and covers(cur, ch):
            index: int | None = cur
        else:
            index = font_for(ch)
        if index is None:
            if unicodedata.category(ch)[0] in "MC":
                continue  # a zero-width mark no font has: nothing to draw
            index = 0  # the main font's box says honestly that a glyph is missing
        if runs and runs[-1][0] == index:
            runs[-1] = (index, runs[-1][1] + ch)
        else:
            runs.append((index, ch))
    return _split_trailing_neutrals(runs)


_TRAILING = frozenset({"WS", "ON", "CS", "ES", "ET", "S", "B"})


def _split_trailing_neutrals(runs: list[Run]) -> list[Run]:
    """A right-to-left run followed by a left-to-right one gives up its trailing spaces and
    punctuation to a run of their own, so "محمد Ali" keeps its space between the two."""
    out: list[Run] = []
    for n, (index, text) in enumerate(runs):
        body = text
        while body and unicodedata.bidirectional(body[-1]) in _TRAILING:
            body = body[:-1]
        if body != text and body and n + 1 < len(runs) and _is_rtl(body) and not _is_rtl(runs[n + 1][1]):
            out += [(index, body), (index, text[len(body) :])]
        else:
            out.append((index, text))
    return out


@lru_cache(maxsize=8192)
def runs(text: str) -> tuple[Run, ...] | None:
    """`text` cut into runs of one font each, in visual order; None when the main font draws all
    of it (Pillow's own path then)."""
    if all(font_for(c) == 0 for c in text):
        return None
    logical = _logical_runs(text)
    out: list[Run] = []
    i, n = 0, len(logical)
    while i < n:
        if not _is_rtl(logical[i][1]):
            out.append(logical[i])
            i += 1
            continue
        # A stretch of right-to-left runs (with the neutral runs between them) goes back to front.
        j = i + 1
        while j < n:
            k = j
            while k < n and not _has_strong(logical[k][1]):
                k += 1
            if k < n and _is_rtl(logical[k][1]):
                j = k + 1
            else:
                break
        out.extend((k, t if layout(k) != BASIC else t[::-1]) for k, t in reversed(logical[i:j]))
        i = j
    return tuple(out)


def _has_strong(text: str) -> bool:
    return any(unicodedata.bidirectional(c) in ("L", "R", "AL") for c in text)


class FallbackFont(ImageFont.FreeTypeFont):
    """Noto Sans at one size, drawing each character it lacks from the next font that has it.

    Vertical anchors ("a", "m", "s", "d") follow the main font's metrics whatever the runs, so a
    CJK name sits on the same baseline as a Latin one.
    """

    def __init__(self, size: int) -> None:
        super().__init__(str(FONT_DIR / MAIN), size, layout_engine=layout(0))
        self._shift: dict[str, float] = {}

    def _baseline(self, v: str, ink_top: float, ink_bottom: float) -> float:
        """How far below the anchor point the baseline lies, for vertical anchor `v`."""
        if v == "t":
            return -ink_top
        if v == "b":
            return -ink_bottom
        if v not in self._shift:
            top_s = super().getbbox("H", anchor="ls")[1]
            top_v = super().getbbox("H", anchor="l" + v)[1]
            self._shift[v] = top_v - top_s
        return self._shift[v]

    def _placed(self, parts: Sequence[Run], stroke_width: float) -> tuple[list[float], float, list[Any]]:
        """Each run's pen x, the total advance, and each run's ink box on the baseline."""
        xs: list[float] = []
        boxes: list[Any] = []
        pen = 0.0
        for index, text in parts:
            f = face(index, int(self.size))
            xs.append(pen)
            boxes.append(f.getbbox(text, anchor="ls", stroke_width=stroke_width))
            pen += f.getlength(text)
        return xs, pen, boxes

    def _origin(
        self, anchor: str | None, total: float, boxes: list[Any], xs: list[float]
    ) -> tuple[float, float]:
        """Where the pen starts, relative to the anchor point (baseline y)."""
        a = anchor or "la"
        h = {"l": 0.0, "m": -total / 2, "r": -total}.get(a[0], 0.0)
        top = min((b[1] for b in boxes), default=0.0)
        bottom = max((b[3] for b in boxes), default=0.0)
        return h, self._baseline(a[1], top, bottom)

    def getlength(self, text: Any, mode: str = "", direction: Any = None, features: Any = None,
                  language: Any = None) -> float:  # fmt: skip
        parts = runs(text) if isinstance(text, str) else None
        if not parts:
            text = text if parts is None else ""
            return super().getlength(text, mode, direction, features, language)
        return sum(face(i, int(self.size)).getlength(t) for i, t in parts)

    def getbbox(self, text: Any, mode: str = "", direction: Any = None, features: Any = None,
                language: Any = None, stroke_width: float = 0, anchor: str | None = None,
                ) -> tuple[float, float, float, float]:  # fmt: skip
        parts = runs(text) if isinstance(text, str) else None
        if not parts:
            text = text if parts is None else ""
            return super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
        xs, total, boxes = self._placed(parts, stroke_width)
        ox, oy = self._origin(anchor, total, boxes, xs)
        return (
            min(x + b[0] for x, b in zip(xs, boxes, strict=True)) + ox,
            min(b[1] for b in boxes) + oy,
            max(x + b[2] for x, b in zip(xs, boxes, strict=True)) + ox,
            max(b[3] for b in boxes) + oy,
        )

    def getmask2(self, text: Any, mode: str = "", direction: Any = None, features: Any = None,
                 language: Any = None, stroke_width: float = 0, anchor: str | None = None,
                 ink: int = 0, start: tuple[float, float] | None = None, *args: Any, **kwargs: Any,
                 ) -> tuple[Any, tuple[int, int]]:  # fmt: skip
        parts = runs(text) if isinstance(text, str) else None
        if not parts:
            text = text if parts is None else ""
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
        sx, sy = start or (0.0, 0.0)
        xs, total, boxes = self._placed(parts, stroke_width)
        ox, oy = self._origin(anchor, total, boxes, xs)
        pieces = []
        for (index, run_text), x in zip(parts, xs, strict=True):
            px, py = sx + ox + x, sy + oy
            fx, fy = math.floor(px), math.floor(py)
            mask, (dx, dy) = face(index, int(self.size)).getmask2(
                run_text, mode, None, None, None, stroke_width, "ls", ink, (px - fx, py - fy), **kwargs
            )
            pieces.append((mask, fx + dx, fy + dy))
        x0 = min(p[1] for p in pieces)
        y0 = min(p[2] for p in pieces)
        x1 = max(p[1] + p[0].size[0] for p in pieces)
        y1 = max(p[2] + p[0].size[1] for p in pieces)
        canvas = Image.new(pieces[0][0].mode, (max(1, x1 - x0), max(1, y1 - y0)), 0)
        for mask, x, y in pieces:
            if mask.size[0] and mask.size[1]:
                part = Image.frombytes(mask.mode, mask.size, bytes(mask))
                canvas.paste(part, (x - x0, y - y0), part if part.mode in ("L", "1") else None)
        return canvas.im, (x0, y0)


@lru_cache(maxsize=64)
def font(size: int) -> FallbackFont:
    """The bundled fonts at a pixel size (cached: loading costs about a millisecond)."""
    return FallbackFont(size)
