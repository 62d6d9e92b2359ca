"""The fixed 256-colour palette every render of a map is reduced to before PNG encoding.

Why fixed and built once: converting each render to a known palette costs a few ms and makes
the PNG 3-4x smaller than RGB; building it (median cut over the board, every sprite and the
panel colours) costs about 100 ms, so it lives in the cached static layer.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import SEAT_STYLES, Sprite, badge_sprite, fixed_palette, font
from render.rebirth.geometry import Layout
from render.rebirth.overlay import Patch
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


def build_palette(
    base: Image.Image, overlay: list[Patch], lay: Layout, advanced: bool = False
) -> Image.Image:
    """A 256-colour palette covering the board, every sprite and the panel colours."""
    sheet = _sample_sheet(base.width, _palette_sprites(lay, advanced))
    full = Image.new("RGB", (base.width, base.height + sheet.height))
    full.paste(base, (0, 0))
    for patch, (px, py) in overlay:
        full.paste(patch, (px, py), patch)
    full.paste(sheet, (0, base.height))
    return fixed_palette(full, palette_keys(advanced))


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


def _sample_sheet(sheet_w: int, sprites: list[Sprite]) -> Image.Image:
    """The sprites on land colours in rows, then the panel colours and text on the cards."""
    row_h = max(sp.image.height for sp in sprites) + 4
    per_row = max(1, sheet_w // (max(sp.image.width for sp in sprites) + 4))
    n_rows = (len(sprites) + per_row - 1) // per_row
    sheet = Image.new("RGB", (sheet_w, row_h * n_rows + 200), TERRAIN["."])
    x = y = 0
    for i, sp in enumerate(sprites):
        if i and i % per_row == 0:
            x, y = 0, y + row_h
        bg = TERRAIN["."] if i % 2 else TERRAIN["f"]
        sheet.paste(Image.new("RGB", sp.image.size, bg), (x, y))
        sheet.paste(sp.image, (x, y), sp.image)
        x += sp.image.width + 4
    d = ImageDraw.Draw(sheet)
    py = row_h * n_rows
    d.rectangle((0, py, sheet_w, py + 200), fill=PANEL_BG)
    d.rectangle((10, py + 10, sheet_w // 2, py + 190), fill=CARD_BG)
    d.rectangle((sheet_w // 2, py + 10, sheet_w, py + 190), fill=CARD_CURRENT_BG)
    for j, colour in enumerate((PANEL_TEXT, PANEL_MUTED, GOLD, *[s.fill for s in SEAT_STYLES])):
        for bg_x in (20, sheet_w // 2 + 10):
            d.text((bg_x, py + 14 + j * 24), "Agh 0123 resigned", font=font(22), fill=colour)
    return sheet
