"""The fixed 256-colour palette of each Revive image, built once per content.

Why fixed: quantizing each render to its own palette costs time and makes colours flicker
between turns; one palette per image kind, made from the image's frame and a sheet of its
sprites plus the exact style colours, keeps a render to a copy, some pastes and one quantize.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.common import RGB, Sprite, sprite_sheet, stacked_palette
from render.revive.style import key_colours


def palette_over(frame: Image.Image, sprites: Sequence[Sprite], bgs: Sequence[RGB]) -> Image.Image:
    """A palette from the frame above a sheet of the sprites (on the backgrounds `bgs` in turn),
    with the style's key colours."""
    return stacked_palette((frame, sprite_sheet(sprites, frame.width, bgs)), key_colours())
