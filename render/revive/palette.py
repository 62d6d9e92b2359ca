"""The fixed 256-colour palette of each Revive image, built once per content.

Why fixed: quantizing each render to its own palette costs time and makes colours flicker
between turns; one palette per image kind, made from the image's frame and a sheet of its
sprites plus the exact style colours, keeps a render to a copy, some pastes and one quantize.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.common import RGB, Sprite, fixed_palette
from render.revive.style import key_colours


def sprite_sheet(sprites: Sequence[Sprite], width: int, bgs: Sequence[RGB]) -> Image.Image:
    """The sprites in rows on backgrounds they meet in the image (their edges blend into those)."""
    row_h = max(sp.image.height for sp in sprites) + 4
    x = y = 0
    rows = []
    for sp in sprites:
        if x + sp.image.width > width:
            x, y = 0, y + row_h
        rows.append((sp, x, y))
        x += sp.image.width + 4
    sheet = Image.new("RGB", (width, y + row_h), bgs[0])
    for i, (sp, sx, sy) in enumerate(rows):
        sheet.paste(Image.new("RGB", sp.image.size, bgs[i % len(bgs)]), (sx, sy))
        sheet.paste(sp.image, (sx, sy), sp.image)
    return sheet


def palette_over(frame: Image.Image, sprites: Sequence[Sprite], bgs: Sequence[RGB]) -> Image.Image:
    """A palette from the frame above a sheet of the sprites, with the style's key colours."""
    sheet = sprite_sheet(sprites, frame.width, bgs)
    full = Image.new("RGB", (frame.width, frame.height + sheet.height))
    full.paste(frame, (0, 0))
    full.paste(sheet, (0, frame.height))
    return fixed_palette(full, key_colours())
