"""Every text the Rebirth renderer puts on an image, as the layout computed it: its words, its
box, its font size and the cap height of that font (the height of "H" in the font drawn with).

Why recorded: legible at Discord's inline width (550 px) means a cap height of at least 9 px and
no overlap with another label or a tile edge (docs/rebirth.md "Images at a phone's inline
width"). The renderer places its
labels by that rule (`fits`), and tests measure the same boxes on the drawn image.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import Point, font
from render.hexgrid import hex_corners

Box = tuple[float, float, float, float]
INLINE_W = 550  # Discord's inline width on a phone or a narrow window
MIN_CAP = 9.0  # px at INLINE_W


@dataclass(frozen=True)
class Label:
    """One text on the image: `box` in image pixels (x0, y0, x1, y1), `size` the font size,
    `cap` the cap height of that font in image pixels, `kind` what it names (coord, place,
    water, seat, score, mark, panel)."""

    text: str
    box: Box
    size: float
    cap: float
    kind: str
    at: Point = (0.0, 0.0)  # where it is drawn, anchored "mm"

    def moved(self, dx: float, dy: float) -> Label:
        x0, y0, x1, y1 = self.box
        return replace(self, box=(x0 + dx, y0 + dy, x1 + dx, y1 + dy), at=(self.at[0] + dx, self.at[1] + dy))


@lru_cache(maxsize=256)
def cap_height(size: float) -> float:
    """Cap height of the drawing font at `size` px: the ink height of "H"."""
    _, top, _, bottom = font(size).getbbox("H")
    return float(bottom - top)


@lru_cache(maxsize=64)
def size_for_cap(cap: float) -> int:
    """The smallest font size whose cap height is at least `cap` px."""
    size = max(6, int(cap))
    while cap_height(size) < cap:
        size += 1
    return size


def inline_cap(image_w: int) -> float:
    """The cap height in image pixels that reads as MIN_CAP once the image is shown 550 wide,
    plus a quarter pixel for rounding."""
    return MIN_CAP * max(1.0, image_w / INLINE_W) + 0.25


def text_label(text: str, xy: Point, size: float, kind: str, anchor: str = "mm") -> Label:
    """The box of `text` drawn at `xy` with `anchor`, measured from the font (no drawing)."""
    f = font(size)
    x0, y0, x1, y1 = f.getbbox(text, anchor=anchor)
    return Label(text, (xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1), size, cap_height(size), kind, xy)


def overlaps(a: Box, b: Box, pad: float = 0.0) -> bool:
    return a[0] - pad < b[2] and b[0] - pad < a[2] and a[1] - pad < b[3] and b[1] - pad < a[3]


def _box_points(b: Box) -> list[Point]:
    x0, y0, x1, y1 = b
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def box_meets_hex(b: Box, center: Point, size: float) -> bool:
    """The box and the hex share some area (separating-axis test on convex shapes)."""
    poly = hex_corners(center[0], center[1], size)
    rect = _box_points(b)
    for shape in (poly, rect):
        for i in range(len(shape)):
            (x0, y0), (x1, y1) = shape[i], shape[(i + 1) % len(shape)]
            nx, ny = y1 - y0, x0 - x1
            pa = [nx * x + ny * y for x, y in poly]
            pb = [nx * x + ny * y for x, y in rect]
            if max(pa) <= min(pb) or max(pb) <= min(pa):
                return False
    return True


def near(b: Box, cells: Iterable[Point], size: float) -> list[Point]:
    """The hex centres within reach of the box (a cheap filter before exact tests)."""
    cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    reach = size + math.hypot(b[2] - b[0], b[3] - b[1]) / 2
    return [c for c in cells if abs(c[0] - cx) <= reach and abs(c[1] - cy) <= reach]


class RecordingDraw(ImageDraw.ImageDraw):
    """An ImageDraw that also records every text it draws as a Label (the score panel and strip
    draw through one, so their words are measured like the board's)."""

    def __init__(self, im: Image.Image, kind: str = "panel") -> None:
        super().__init__(im)
        self.kind = kind
        self.labels: list[Label] = []

    def text(self, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        super().text(xy, text, *args, **kwargs)
        f = kwargs.get("font")
        size = float(getattr(f, "size", 10))
        box = self.textbbox(xy, text, font=f, anchor=kwargs.get("anchor"))
        self.labels.append(Label(str(text), tuple(map(float, box)), size, cap_height(size), self.kind, xy))  # type: ignore[arg-type]
