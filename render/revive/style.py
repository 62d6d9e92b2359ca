"""The look of Revive's images: colours, sizes and the fixed layout measures.

Why one module: the palette of an image is built from these exact colours (render/revive/board.py
and player.py keep them unblended in the 256-colour PNG), so a colour used anywhere in the
drawing must be defined here once.
"""

from __future__ import annotations

from render.common import RGB, SEAT_STYLES

BG: RGB = (27, 35, 44)
PANEL_BG: RGB = (38, 48, 60)
CARD_BG: RGB = (50, 62, 77)
CARD_CURRENT_BG: RGB = (70, 86, 104)
CHIP_BG: RGB = (232, 234, 238)  # the light face of cards, tokens and unlocked technologies
TEXT: RGB = (238, 240, 242)
MUTED: RGB = (165, 176, 190)
DARK_TEXT: RGB = (28, 30, 34)
GOLD: RGB = (255, 214, 60)
GOLD_DARK: RGB = (120, 90, 0)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
HIGHLIGHT: RGB = (235, 20, 45)  # what the last turn changed: red ring edged white and black
TILE_EDGE: RGB = (36, 40, 44)
CELL: RGB = (58, 70, 86)  # an empty cell of a resource or progress track
TRACK_CELL: RGB = (64, 76, 92)  # a machine-track space, a locked technology

# Terrain: a fill, and a darker ink for its glyph, outline and text.
TERRAIN: dict[str, tuple[RGB, RGB]] = {
    "sand": ((240, 222, 176), (150, 118, 60)),
    "forest": ((98, 168, 88), (22, 74, 30)),
    "mountain": ((158, 158, 166), (58, 58, 66)),
    "field": ((236, 196, 60), (112, 78, 8)),
    "water": ((96, 164, 222), (16, 60, 110)),
    "crystal": ((196, 168, 238), (84, 44, 140)),
    "location": ((246, 242, 232), (150, 40, 30)),
}
TERRAIN_ORDER = ("sand", "forest", "mountain", "field", "water", "crystal", "location")
BACK: tuple[RGB, RGB] = ((84, 94, 108), (220, 226, 234))  # a face-down tile: slate, light text
CHASM: tuple[RGB, RGB] = ((14, 16, 20), (70, 76, 86))
LARGE: tuple[RGB, RGB] = ((40, 92, 110), (214, 240, 246))  # large locations: deep teal

# Card colours (red, blue, brown, white): fill and text ink; every card also shows its colour word.
CARD_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "red": ((206, 64, 54), WHITE),
    "blue": ((52, 110, 200), WHITE),
    "brown": ((128, 86, 50), WHITE),
    "white": ((238, 238, 232), DARK_TEXT),
}
MACHINE_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "grey": ((150, 154, 162), DARK_TEXT),
    "green": ((86, 170, 96), DARK_TEXT),
    "yellow": ((240, 206, 64), DARK_TEXT),
}
ARTIFACT_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "amber": ((244, 160, 40), DARK_TEXT),
    "jade": ((40, 170, 130), DARK_TEXT),
    "azure": ((70, 160, 250), DARK_TEXT),
    "crimson": ((200, 30, 70), WHITE),
}
# an artifact colour also has a gem shape, so colour is never the only cue
ARTIFACT_SHAPES = {"amber": "circle", "jade": "square", "azure": "diamond", "crimson": "triangle"}
RESOURCE_COLOURS: dict[str, RGB] = {
    "crystal": (196, 168, 238),
    "gear": (170, 176, 186),
    "book": (120, 170, 240),
    "food": (236, 196, 60),
    "energy": (255, 226, 80),
}
UNKNOWN: tuple[RGB, RGB] = ((120, 120, 120), WHITE)

# --- the main board
SS = 3  # supersampling of tile sprites and the board frame
HEX = 38.0  # hex radius on the board, px
MARGIN = 16
PANEL_W = 480
NAME_CHARS = 16
LEGEND_H = 116  # a strip under the board: three rows of the symbols it shows
PLAQUE_W, PLAQUE_H = 196, 70  # a large location's label

# --- rows of the side panel and the player board
CARD_ROW_H = 46
TOKEN_H = 40
TITLE_H = 64
SEAT_H = 98
SEAT_GAP = 8
HEAD_H = 26  # a section heading

# --- the player image
PW = 1400  # player image width
P_PAD = 16
P_HEADER_H = 96
P_COL_GAP = 20
P_LEFT_W = 660
P_RIGHT_X = P_PAD + P_LEFT_W + P_COL_GAP
P_RIGHT_W = PW - P_RIGHT_X - P_PAD
RES_ROW_H = 38
RES_LABEL_W = 144  # a resource name and its dot: "engrenagem" (pt-BR gear) fits at 18 px
SLOT_W = (P_LEFT_W - 12) // 2
SLOT_H = 186
SLOT_CARDS = 2  # the newest cards of a slot are drawn; older ones are counted
TECH_W, TECH_H = 208, 66
TECH_ROW = 86
TRACK_ROW = 58
TRACK_LABEL_W = 96
ACTIVE_COLS = 3
MACHINES_PER_ROW = 5  # machine spaces a row of the player image holds: room for two lines of words


def key_colours() -> list[RGB]:
    """Every colour drawn flat somewhere: the palettes keep these exact (no blend stands in)."""
    keys: list[RGB] = [
        BG,
        PANEL_BG,
        CARD_BG,
        CARD_CURRENT_BG,
        TEXT,
        MUTED,
        DARK_TEXT,
        GOLD,
        WHITE,
        BLACK,
        HIGHLIGHT,
        TILE_EDGE,
        BACK[0],
        CHASM[0],
        LARGE[0],
        CHIP_BG,
    ]
    for table in (TERRAIN, CARD_COLOURS, MACHINE_COLOURS, ARTIFACT_COLOURS):
        for fill, ink in table.values():
            keys += [fill, ink]
    for st in SEAT_STYLES:
        keys += [st.fill, st.dark, st.light]
    keys += list(RESOURCE_COLOURS.values())
    return list(dict.fromkeys(keys))
