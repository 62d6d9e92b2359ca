"""Text on Revive's images: one line cut to a width, and effect words wrapped into a box.

Why its own module: cards, tokens, tiles and technology boxes all fit a few words into a
small box; they share one rule (largest size that fits, breaks after a list separator) so
the same effect reads the same on each. Labels that must be legible at Discord's inline width
are drawn with `put_label`, which records their boxes so a test can measure them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageDraw

from render.common import RGB, Point, fit_text, font
from render.revive.words import list_separator


def draw_text(
    d: ImageDraw.ImageDraw,
    xy: Point,
    text: str,
    size: float,
    fill: RGB,
    anchor: str = "lm",
    max_w: float | None = None,
    bold: bool = False,
) -> float:
    """Draw one line (shortened with an ellipsis to `max_w`); returns its width."""
    f = font(size)
    if max_w is not None:
        text = fit_text(text, f, max_w)
    sw = 1 if bold else 0
    d.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=sw, stroke_fill=fill)
    return f.getlength(text) + 2 * sw


def wrap(text: str, size: float, max_w: float, max_lines: int, locale: str | None = None) -> list[str]:
    """Break `text` into at most `max_lines` lines of at most `max_w` px (the last one cut).

    Breaks go after a list separator (", " in `locale`) when they can, so `+1 gear, 2 steps
    green` never splits inside one effect."""
    f = font(size)
    sep = list_separator(locale)
    atoms = text.split(sep) if sep.strip() and sep in text else [text]
    words = [
        word for i, atom in enumerate(atoms) for word in [atom + (sep.rstrip() if i < len(atoms) - 1 else "")]
    ]
    if any(f.getlength(word) > max_w for word in words):
        words = text.split()
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if f.getlength(trial) <= max_w or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if len(lines) > max_lines:
        lines = lines[: max_lines - 1] + [" ".join(lines[max_lines - 1 :])]
    return [fit_text(x, f, max_w) for x in lines]


def fit_lines(
    text: str, max_w: float, max_h: float, sizes: Sequence[float], locale: str | None = None
) -> tuple[list[str], float]:
    """The largest font size (from `sizes`) at which `text` wraps into the box without cutting
    (its list separator `locale`'s)."""
    for size in sizes:
        n = max(1, int(max_h // (size * 1.12)))
        lines = wrap(text, size, max_w, n, locale)
        f = font(size)
        if " ".join(" ".join(lines).split()) == " ".join(text.split()) and all(
            f.getlength(x) <= max_w for x in lines
        ):
            return lines, size
    size = sizes[-1]
    return wrap(text, size, max_w, max(1, int(max_h // (size * 1.12))), locale), size


def draw_lines(
    d: ImageDraw.ImageDraw,
    x: float,
    cy: float,
    lines: Sequence[str],
    size: float,
    fill: RGB,
    anchor: str = "mm",
) -> None:
    """Lines stacked around `cy`: centred on `x` (anchor "mm") or starting at it ("lm")."""
    step = size * 1.12
    y0 = cy - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        d.text((x, y0 + i * step), line, font=font(size), fill=fill, anchor=anchor)


# ---------------------------------------------------------------------------------------------
# Legible at Discord's inline width (docs/revive-discord.md)
# ---------------------------------------------------------------------------------------------

INLINE_W = 550  # Discord's inline preview width on a phone, px
MIN_CAP = 9.0  # the least cap height a label may have at that width, px


@dataclass(frozen=True)
class Label:
    """A text the renderer drew: what it says, its ink box (x0, y0, x1, y1), its font size and,
    for a label on the board, the hex (cx, cy, radius) it must stay inside (tile edges)."""

    text: str
    box: tuple[float, float, float, float]
    size: float
    hex: tuple[float, float, float] | None = None


@lru_cache(maxsize=64)
def cap_height(size: float) -> float:
    """The cap height of the font drawn at `size`, from its metrics (the ink of "H")."""
    x0, y0, x1, y1 = font(size).getbbox("H", anchor="ls")
    return float(y1 - y0)


@lru_cache(maxsize=16)
def legible_size(width: int, extra: float = 0.0) -> int:
    """The least font size whose cap height is at least MIN_CAP (+`extra`) once an image
    `width` px wide is shown at INLINE_W px."""
    scale = INLINE_W / width
    for size in range(6, 80):
        if cap_height(size) * scale >= MIN_CAP + extra:
            return size
    return 80


def put_label(
    d: ImageDraw.ImageDraw,
    labels: list[Label],
    xy: Point,
    text: str,
    size: float,
    fill: RGB,
    anchor: str = "mm",
    pill: RGB | None = None,
    hex_: tuple[float, float, float] | None = None,
    bold: bool = False,
) -> Label:
    """Draw `text` (on a rounded pill when `pill` is given) and record its box in `labels`."""
    f = font(size)
    sw = 1 if bold else 0
    box = d.textbbox(xy, text, font=f, anchor=anchor, stroke_width=sw)
    if pill is not None:
        box = (box[0] - 3, box[1] - 2, box[2] + 3, box[3] + 2)
        d.rounded_rectangle(box, radius=4, fill=pill)
    d.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=sw, stroke_fill=fill)
    label = Label(text, tuple(float(v) for v in box), size, hex_)  # type: ignore[arg-type]
    labels.append(label)
    return label
