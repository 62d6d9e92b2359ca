"""Hexlink's board as a PNG: the public view in, the image's bytes out (Pillow).

Pointy-top hexes in a rhombus, each coloured by the seat that claimed it, the hexes the last move
changed ringed. Each seat's two sides are edged in its colour, so the goal reads without words.
The only letters drawn are the hexes' names, which are notation, the same in every language.
"""

from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw, ImageFont

from tests.support.tinygame.views import HexlinkView

RADIUS = 34
WIDTH, HEIGHT = 520, 330  # the rhombus and its edges, with a margin
BACKGROUND = (245, 241, 232)
EMPTY = (222, 214, 196)
INK = (60, 60, 60)
SEAT_FILL = {"orange": (230, 126, 34), "blue": (52, 120, 219)}
EDGE = 8


def centre(column: int, row: int) -> tuple[float, float]:
    step = RADIUS * math.sqrt(3)
    return 90 + column * step + row * step / 2, 60 + row * RADIUS * 1.5


def corners(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    return [
        (x + radius * math.cos(math.radians(a)), y + radius * math.sin(math.radians(a)))
        for a in range(30, 390, 60)
    ]


def edges(draw: ImageDraw.ImageDraw, view: HexlinkView) -> None:
    """Thick lines outside the rhombus: orange above and below, blue left and right."""
    far = view["size"] - 1
    sides = {
        "orange": [(centre(0, 0), centre(far, 0), -1.1), (centre(0, far), centre(far, far), 1.1)],
        "blue": [(centre(0, 0), centre(0, far), -1.1), (centre(far, 0), centre(far, far), 1.1)],
    }
    for seat in view["seats"]:
        for (x0, y0), (x1, y1), out in sides[seat["colour"]]:
            dx, dy = (0, out * RADIUS) if seat["goal"] == "rows" else (out * RADIUS, 0)
            draw.line([(x0 + dx, y0 + dy), (x1 + dx, y1 + dy)], fill=SEAT_FILL[seat["colour"]], width=EDGE)


def board(view: HexlinkView, changed: tuple[str, ...] = ()) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    edges(draw, view)
    font = ImageFont.load_default()
    colours = [seat["colour"] for seat in view["seats"]]
    for name, owner in view["cells"].items():
        column, row = ord(name[0]) - ord("A"), int(name[1:]) - 1
        x, y = centre(column, row)
        fill = EMPTY if owner is None else SEAT_FILL[colours[owner]]
        draw.polygon(corners(x, y, RADIUS - 2), fill=fill, outline=INK)
        if name in changed:
            draw.polygon(corners(x, y, RADIUS - 6), outline=(255, 255, 255), width=4)
        draw.text((x, y), name, fill=INK if owner is None else (255, 255, 255), font=font, anchor="mm")
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()
