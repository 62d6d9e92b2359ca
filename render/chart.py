"""A player's rating and scores over their games, as `/stats` attaches it: one small PNG.

Drawn with Pillow in the boards' style (their dark panel, Okabe-Ito colours, the bundled fonts,
the fixed palette and PNG settings of render/common.py), at 1100 px wide so it reads when
Discord shows it at a phone's 550: every word is drawn at 26 px or more, 13 at that width. A
plotting library would add some 30 MB to the install for two lines and a row of dots.

Two bands share the x axis, one step per game in the order they ended: above, the rating after
each rated game (mu - 3 sigma, the one shown in `/stats`), thin and hollow while provisional; below, the
score of every game, a star where the player won. The words come worded (service/stats.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import RGB, SEAT_STYLES, clean_text, fit_text, fixed_palette, font, png_bytes
from render.fonts import FallbackFont

WIDTH, HEIGHT = 1100, 600
BG: RGB = (27, 35, 44)
PANEL: RGB = (38, 48, 60)
GRID: RGB = (70, 84, 100)
INK: RGB = (232, 234, 238)
MUTED: RGB = (160, 172, 186)
RATING: RGB = SEAT_STYLES[0].fill  # orange
SCORE: RGB = SEAT_STYLES[1].light  # blue
WON: RGB = SEAT_STYLES[2].light  # green
KEYS: tuple[RGB, ...] = (BG, PANEL, GRID, INK, MUTED, RATING, SCORE, WON)
LEFT, RIGHT = 130, 40  # room for the axis numbers; the right margin
TITLE_SIZE, LABEL_SIZE, NUMBER_SIZE = 40, 30, 26


@dataclass(frozen=True)
class ChartPoint:
    """One finished game of the player: the rating it left (None: not rated) and their score."""

    rating: float | None
    provisional: bool
    score: int
    won: bool


@dataclass(frozen=True)
class ChartWords:
    """Every word the chart draws, in the reader's language (numbers formatted too)."""

    title: str
    rating: str
    score: str
    span: str  # "12 games · 3/1/26 – 4/2/26"
    no_rating: str
    rating_ticks: tuple[str, str]  # the lowest and highest rating, formatted
    score_ticks: tuple[str, str]


def rating_chart(points: Sequence[ChartPoint], words: ChartWords) -> bytes:
    """The chart of `points` (at least one), as PNG bytes."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((10, 10, WIDTH - 10, HEIGHT - 10), radius=18, fill=PANEL)
    title_font = font(TITLE_SIZE)
    draw.text(
        (30, 22), fit_text(clean_text(words.title, 60), title_font, WIDTH - 60), font=title_font, fill=INK
    )
    label_font, number_font = font(LABEL_SIZE), font(NUMBER_SIZE)
    draw.text((30, HEIGHT - 58), words.span, font=label_font, fill=MUTED)
    canvas = _Canvas(draw, _xs(len(points)), label_font, number_font)
    _rating_band(canvas, points, _plot_area((90, 320)), words)
    _score_band(canvas, points, _plot_area((350, HEIGHT - 75)), words)
    return png_bytes(img, fixed_palette(img, KEYS))


@dataclass(frozen=True)
class _Canvas:
    """What both bands draw with: the image, each game's x (shared, so the bands line up) and
    the two fonts."""

    draw: ImageDraw.ImageDraw
    xs: Sequence[float]
    label_font: FallbackFont
    number_font: FallbackFont


def _xs(count: int) -> list[float]:
    """Each game's x: evenly spread between the margins (one game sits in the middle)."""
    if count == 1:
        return [(LEFT + WIDTH - RIGHT) / 2]
    step = (WIDTH - RIGHT - LEFT - 50) / (count - 1)
    return [LEFT + 30 + index * step for index in range(count)]


def _scale(values: Sequence[float], top: float, bottom: float) -> tuple[float, float, list[float]]:
    """The band's lowest and highest value, and each value's y (higher values higher up)."""
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    span = bottom - top
    return low, high, [bottom - (value - low) / (high - low) * span for value in values]


def _plot_area(band: tuple[float, float]) -> tuple[float, float]:
    """The top and bottom of a band's plot: under its label, with room for a star."""
    return band[0] + 60, band[1]


def _frame(canvas: _Canvas, area: tuple[float, float], label: str, ticks: tuple[str, str]) -> None:
    """The band's label, its two grid lines and the numbers at their left."""
    draw, number_font = canvas.draw, canvas.number_font
    top, bottom = area
    for y, tick in ((top, ticks[1]), (bottom, ticks[0])):
        draw.line((LEFT, y, WIDTH - RIGHT, y), fill=GRID, width=2)
        width = draw.textlength(tick, font=number_font)
        draw.text((LEFT - 12 - width, y - NUMBER_SIZE * 0.65), tick, font=number_font, fill=MUTED)
    draw.text((LEFT + 4, top - LABEL_SIZE - 30), label, font=canvas.label_font, fill=INK)


def _rating_band(
    canvas: _Canvas, points: Sequence[ChartPoint], area: tuple[float, float], words: ChartWords
) -> None:
    """The rating after each rated game, as a line of dots; or a line saying there is none."""
    draw, (top, bottom) = canvas.draw, area
    rated = [(x, point) for x, point in zip(canvas.xs, points, strict=True) if point.rating is not None]
    if not rated:
        draw.text((LEFT + 4, top), words.rating, font=canvas.label_font, fill=INK)
        draw.text((LEFT + 4, top + 60), words.no_rating, font=canvas.label_font, fill=MUTED)
        return
    _frame(canvas, area, words.rating, words.rating_ticks)
    _, _, ys = _scale([point.rating or 0.0 for _, point in rated], top, bottom)
    spots = [(x, y) for (x, _), y in zip(rated, ys, strict=True)]
    for (start, (_, point)), end in zip(zip(spots, rated, strict=True), spots[1:], strict=False):
        draw.line((*start, *end), fill=RATING, width=3 if point.provisional else 6)
    for (x, y), (_, point) in zip(spots, rated, strict=True):  # provisional: a hollow dot
        fill = PANEL if point.provisional else RATING
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=fill, outline=RATING, width=4)


def _score_band(
    canvas: _Canvas, points: Sequence[ChartPoint], area: tuple[float, float], words: ChartWords
) -> None:
    """Every game's score, a star where the player won."""
    draw, (top, bottom) = canvas.draw, area
    _frame(canvas, area, words.score, words.score_ticks)
    _, _, ys = _scale([float(point.score) for point in points], top, bottom)
    for x, y, point in zip(canvas.xs, ys, points, strict=True):
        if point.won:
            draw.polygon(_star(x, y, 17), fill=WON)
        else:
            draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=SCORE)


def _star(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    """A five-pointed star around (x, y), point up."""
    corners = []
    for index in range(10):
        reach = radius if index % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + index * math.pi / 5
        corners.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    return corners
