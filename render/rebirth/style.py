"""Colours, sizes and fixed positions of the Rebirth board image, defined once.

Why one module: the static layer, the sprites, the score panel and the palette must agree on
every colour (the palette reserves the exact key colours) and on every panel height (the static
panel and the per-render panel are drawn apart but must line up).
"""

from __future__ import annotations

from render.common import RGB, SEAT_STYLES

BG: RGB = (27, 35, 44)
PANEL_BG: RGB = (38, 48, 60)
CARD_BG: RGB = (48, 60, 74)
CARD_CURRENT_BG: RGB = (66, 82, 100)
PANEL_TEXT: RGB = (236, 238, 240)
PANEL_MUTED: RGB = (160, 172, 186)
GOLD: RGB = (255, 214, 60)

SEA: RGB = (62, 112, 160)
SEA_LINE: RGB = (74, 124, 172)
LOCH: RGB = (132, 188, 226)
LAND_LINE: RGB = (118, 128, 92)
COAST: RGB = (44, 60, 52)
TERRAIN: dict[str, RGB] = {
    ".": (218, 228, 176),  # blank land: meadow
    "e": (226, 232, 196),  # energy farm space: paler, with a bolt
    "f": (236, 224, 168),  # food farm space: straw, with a sheaf
    "s": (238, 216, 180),  # settlement space: sandstone
    "C": (176, 172, 164),  # castle: stone
    "K": (196, 186, 208),  # cathedral: lavender stone
    "R": (204, 210, 184),  # Round Tower (Ireland): grey-green upland
    "T": (184, 212, 140),  # Hill of Tara (Ireland): green mound
}
ICON_ENERGY: RGB = (170, 140, 30)
ICON_FOOD: RGB = (168, 120, 48)
ICON_HOUSE: RGB = (150, 100, 70)
SETTLEMENT_LINE: RGB = (112, 66, 36)
COORD_TEXT: RGB = (58, 62, 46)
YELLOW: RGB = (250, 204, 20)
YELLOW_LINE: RGB = (120, 90, 0)
COVER: RGB = (128, 130, 134)
COVER_DARK: RGB = (78, 80, 84)
COVER_LIGHT: RGB = (160, 162, 166)
# last placement: red ring edged white then black, loud on land, sea and every seat colour
HIGHLIGHT: RGB = (235, 20, 45)
HIGHLIGHT_EDGE: RGB = (255, 255, 255)
HIGHLIGHT_HALO: RGB = (0, 0, 0)

# Ireland pieces
TOWER_STONE: RGB = (112, 104, 94)
TOWER_DARK: RGB = (60, 54, 50)
TOWER_CAP: RGB = (72, 64, 58)
TARA_HILL: RGB = (120, 160, 80)
TARA_RING: RGB = (64, 104, 44)
TOKEN_BG: RGB = (34, 44, 58)  # Round Tower bonus tiles and the Doubling Marker
TOKEN_RIM: RGB = (214, 174, 40)
CHIP_OFF: RGB = (112, 124, 138)

PLACEABLE = frozenset(".efs")
LAND = frozenset(".efsCKRT")

TILES = frozenset({"E", "F", "S1", "S2", "S3", "N"})  # named in images by `rebirth.img.tile.*`

SS = 2  # supersampling of the static layer (antialiased edges and text)

MARGIN = 14
# The channel image: a window on the board as big as the board draws it, under
# a score strip, about 640 px wide so that Discord's 550-px inline preview shrinks it by 0.86 only.
FOCUS_W = 640
FOCUS_BOARD_H = 470
STRIP_H = 64
PANEL_W = 350
MAX_BOARD_W = 900
MAX_BOARD_H = 1420
MIN_HEX = 16.0
MAX_HEX = 44.0

# Heights of the panel parts, shared by the static and the dynamic panel drawing.
PANEL_TITLE_H = 92
CARD_H = 128
CARD_GAP = 10
LEGEND_H = 250
LAST_H = 56
PANEL_MIN_H = PANEL_TITLE_H + 4 * (CARD_H + CARD_GAP) + LAST_H + LEGEND_H + 20
# public missions (Ireland): a header and one row per card of the public row
MISSION_HEAD_H = 28
MISSION_ROW_H = 32
MISSION_GAP = 3
MISSION_CARDS = 8
MISSION_MARK_R = 10.0  # seat markers of who completed a card, the first on a gold disc
MISSION_MARK_STEP = 27
MISSIONS_H = MISSION_HEAD_H + MISSION_CARDS * (MISSION_ROW_H + MISSION_GAP)

# where things sit inside a Round Tower space, in hex radii from its centre
TOWER_ICON = (-0.32, -0.2)
TOWER_TOKEN = (0.3, -0.22)
TOWER_SLOTS = ((-0.54, 0.5), (-0.18, 0.5), (0.18, 0.5), (0.54, 0.5))  # one per seat style
TOWER_BONUSES = ("points", "mission", "extra_tile", "recall", "doubling")

# cathedral markers: each seat style always in the same corner of the space (orange upper left,
# blue upper right, ...), so they never pile up
CATHEDRAL_SPOTS = ((-0.5, -0.36), (0.5, -0.36), (-0.5, 0.4), (0.5, 0.4))

# the white-on-dark marks of ports and offshore farms on the sea
SEA_MARK: RGB = (250, 250, 250)
SEA_MARK_EDGE: RGB = (30, 50, 80)


def palette_keys(advanced: bool) -> list[RGB]:
    """The colours the PNG palette keeps exactly: a quantizer gives small, loud features (the
    highlight, seat colours, the grey neutral tile) too few entries. Ireland's pieces only when
    the map has them."""
    keys: list[RGB] = [
        HIGHLIGHT,
        HIGHLIGHT_EDGE,
        HIGHLIGHT_HALO,
        GOLD,
        PANEL_TEXT,
        PANEL_MUTED,
        PANEL_BG,
        CARD_BG,
        CARD_CURRENT_BG,
        BG,
        SEA,
        LOCH,
        YELLOW,
        COORD_TEXT,
        COVER,
        COVER_DARK,
        COVER_LIGHT,
        *(v for k, v in TERRAIN.items() if advanced or k not in "RT"),
    ]
    for st in SEAT_STYLES:
        keys += [st.fill, st.dark, st.light]
    if advanced:
        keys += [TOKEN_BG, TOKEN_RIM, CHIP_OFF, TOWER_STONE, TARA_HILL]
    return list(dict.fromkeys(keys))
