"""The fixed 256-colour palette every render of a map is reduced to before PNG encoding.

Why fixed and built once: converting each render to a known palette costs a few ms and makes
the PNG 3-4x smaller than RGB; building it (maximum coverage over the board, every sprite and the
panel colours) costs about 100 ms, so it lives in the cached static layer.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import SEAT_STYLES, Sprite, badge_sprite, font, sprite_sheet, stacked_palette
from render.rebirth.geometry import Layout
from render.rebirth.sprites import (
    doubling_chip_sprite,
    first_badge_sprite,
    highlight_sprite,
    ring_sprite,
    tile_sprite,
    tower_token_sprite,
)
from render.rebirth.style import (
    CARD_BG,
    CARD_CURRENT_BG,
    GOLD,
    MISSION_MARK_R,
    PANEL_BG,
    PANEL_MUTED,
    PANEL_TEXT,
    TERRAIN,
    TOWER_BONUSES,
    palette_keys,
)


def build_palette(base: Image.Image, lay: Layout, advanced: bool = False) -> Image.Image:
    """A 256-colour palette covering the board, every sprite and the panel colours."""
    frame = base.copy()
    sprites = _palette_sprites(lay, advanced)
    per_row = max(1, base.width // (max(sp.image.width for sp in sprites) + 4))
    # the sprites alternate between the two land colours they sit on, field first
    sheet = sprite_sheet(sprites, base.width, (TERRAIN["f"], TERRAIN["."]), per_row, TERRAIN["."])
    return stacked_palette((frame, sheet, _panel_sample(base.width)), palette_keys(advanced))


def _palette_sprites(lay: Layout, advanced: bool) -> list[Sprite]:
    """Every sprite a render of this map may paste."""
    sprites: list[Sprite] = []
    for seat in range(len(SEAT_STYLES)):
        for tile in ("E", "F", "S1", "S2", "S3"):
            sprites.append(tile_sprite(seat, tile, lay.size))
        sprites.append(badge_sprite(seat, 13.0))
        sprites.append(badge_sprite(seat, 22.0))
        sprites.append(badge_sprite(seat, max(6.0, lay.size * 0.24), False))
        sprites.append(ring_sprite(SEAT_STYLES[seat].fill, lay.size, 0.14, (20, 20, 20)))
    sprites.append(highlight_sprite(lay.size))
    sprites.append(highlight_sprite(12.0))
    if advanced:  # Ireland: tower bonus tiles, tower and mission markers, Doubling Markers
        for bonus in TOWER_BONUSES:
            sprites.append(tower_token_sprite(bonus, 3 if bonus == "points" else None, lay.size))
        for seat in range(len(SEAT_STYLES)):
            sprites.append(badge_sprite(seat, max(5.0, lay.size * 0.19), False))
            sprites.append(badge_sprite(seat, MISSION_MARK_R))
            sprites.append(first_badge_sprite(seat, MISSION_MARK_R))
        sprites += [doubling_chip_sprite(True), doubling_chip_sprite(False)]
    return sprites


def _panel_sample(width: int) -> Image.Image:
    """The panel colours and text on the cards, as the panel draws them."""
    sample = Image.new("RGB", (width, 200), PANEL_BG)
    d = ImageDraw.Draw(sample)
    d.rectangle((10, 10, width // 2, 190), fill=CARD_BG)
    d.rectangle((width // 2, 10, width, 190), fill=CARD_CURRENT_BG)
    for j, colour in enumerate((PANEL_TEXT, PANEL_MUTED, GOLD, *[s.fill for s in SEAT_STYLES])):
        for bg_x in (20, width // 2 + 10):
            d.text((bg_x, 14 + j * 24), "Agh 0123 çãé", font=font(22), fill=colour)  # no word: any language
    return sample
