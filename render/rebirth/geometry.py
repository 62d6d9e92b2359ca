"""Where things go in the Rebirth image: the hex size that fits the map, the board and panel
boxes, the legend's rows, and pixel <-> space look-ups.

Why apart from the drawing: tests and callers (`board_geometry`, `space_center`) need the layout
without drawing anything, and the static and per-render layers must agree on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.rebirth.mapfile import RULES_YELLOW, MapFile
from i18n import t
from render.common import Point
from render.hexgrid import SQRT3, board_pixel_size, hex_center
from render.rebirth.style import (
    CARD_GAP,
    CARD_H,
    LAST_H,
    LEGEND_H,
    MARGIN,
    MAX_BOARD_H,
    MAX_BOARD_W,
    MAX_HEX,
    MIN_HEX,
    MISSIONS_H,
    PANEL_MIN_H,
    PANEL_TITLE_H,
    PANEL_W,
)


@dataclass(frozen=True)
class Layout:
    """Where things go in the final image (all in final pixels)."""

    size: float  # hex centre-to-corner radius
    origin: tuple[float, float]  # centre of A1
    board_box: tuple[int, int, int, int]
    panel_box: tuple[int, int, int, int]
    width: int
    height: int
    missions: bool = False  # a public-mission row in the panel (Ireland)
    legend_h: int = 250

    def missions_top(self, n_seats: int) -> int:
        """Top of the public-mission area, under the seat cards and the last-move line."""
        n = max(1, min(4, n_seats))
        return self.panel_box[1] + PANEL_TITLE_H + n * (CARD_H + CARD_GAP) + LAST_H

    def center(self, col: int, row: int) -> Point:
        return hex_center(col, row, self.size, self.origin)


def legend_rows(
    info: MapFile, covered: bool | None = None, locale: str | None = None
) -> list[tuple[str, str]]:
    """Legend entries for what this board shows, named as the rules name them (so a player can
    look them up), in `locale`: (the symbol drawn, its words)."""
    return [
        (kind[:1] if kind == "s4" else kind, t(f"rebirth.img.legend.{kind}", locale))
        for kind in legend_kinds(info, covered)
    ]


def legend_kinds(info: MapFile, covered: bool | None = None) -> list[str]:
    """The legend's rows by what each names (`s4`: a settlement of up to 4 spaces).

    `covered`: whether neutral tiles lie on the yellow spaces (2 or 3 players). Then the
    neutral tile has a row and the yellow icon none (it is under the tiles); with 4 players the
    yellow spaces are open, and their row says what yellow means: a space that neutral tiles
    cover at the start of a 2- or 3-player game. None: the longest legend (for the layout).
    """
    big = max((len(s.spaces) for s in info.settlements), default=3)
    kinds = ["e", "f", "blank", "s4" if big >= 4 else "s", "pips"]
    has_yellow = any(v >= RULES_YELLOW for v in info.yellow.values())
    if has_yellow and covered is not False:
        kinds.append("neutral")
    if has_yellow and not covered:
        kinds.append("yellow")
    features = (
        ("port", info.ports),
        ("offshore", info.offshore),
        ("C", info.castles),
        ("K", info.cathedrals),
        ("R", info.towers),
        ("T", info.tara is not None),
    )
    return kinds + [kind for kind, present in features if present]


def legend_row_h(n_rows: int) -> int:
    return 30 if n_rows <= 10 else 27


def legend_height(n_rows: int) -> int:
    """Room for every row, at least the 250 px the panel always had."""
    return max(LEGEND_H, 24 + n_rows * legend_row_h(n_rows))


def layout(cols: int, rows: int, missions: bool = False, n_legend_rows: int = 7) -> Layout:
    """Pick the hex size that fits the board in the width/height budget; panel on the right.

    The panel is as tall as its parts need: title, four seat cards, the last move, the public
    missions (Ireland), and the legend (one row per feature the map has).
    """
    unit_w, unit_h = board_pixel_size(cols, rows, 1.0)
    size = min(MAX_BOARD_W / max(unit_w, 1e-9), MAX_BOARD_H / max(unit_h, 1e-9))
    size = max(MIN_HEX, min(MAX_HEX, size))
    bw, bh = board_pixel_size(cols, rows, size)
    bw_i, bh_i = int(math.ceil(bw)), int(math.ceil(bh))
    board_box = (MARGIN, MARGIN, MARGIN + bw_i, MARGIN + bh_i)
    panel_x0 = board_box[2] + MARGIN
    legend_h = legend_height(n_legend_rows)
    panel_min = PANEL_MIN_H - LEGEND_H + legend_h + (MISSIONS_H if missions else 0)
    height = max(bh_i + 2 * MARGIN, panel_min)
    panel_box = (panel_x0, 0, panel_x0 + PANEL_W, height)
    origin = (MARGIN + SQRT3 * size / 2, MARGIN + size)
    return Layout(size, origin, board_box, panel_box, panel_box[2], height, missions, legend_h)


def layout_for(info: MapFile) -> Layout:
    return layout(info.grid.width, info.grid.height, info.advanced, len(legend_kinds(info)))
