"""Where everything is on Revive's images, in final pixels: the board's spaces, slots, corners
and plaques, the side panel's height, and the parts of a player image.

Why apart from the drawing: tests and a click map ask where a space is (`space_center`) without
drawing anything, and every layer of a render reads the same geometry (cached per content).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from render.common import Point
from render.hexgrid import SQRT3
from render.revive.ref import ContentRef, content_ref
from render.revive.style import (
    CARD_ROW_H,
    HEAD_H,
    HEX,
    LEGEND_H,
    MACHINE_COLOURS,
    MACHINES_PER_ROW,
    MARGIN,
    P_HEADER_H,
    P_LEFT_W,
    P_PAD,
    P_RIGHT_W,
    P_RIGHT_X,
    PANEL_W,
    PLAQUE_H,
    PLAQUE_W,
    PW,
    RES_LABEL_W,
    RES_ROW_H,
    SEAT_GAP,
    SEAT_H,
    SLOT_H,
    TECH_ROW,
    TECH_W,
    TITLE_H,
    TOKEN_H,
    TRACK_ROW,
)

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class BoardGeometry:
    """Where everything on the main board image is, in final pixels."""

    size: float
    width: int
    height: int
    panel_box: Box
    centres: dict[str, Point]  # every space (`S3.2`, `X.0`) and corner (`NW`)
    slot_spaces: dict[str, tuple[str, ...]]
    slot_centres: dict[str, Point]
    chasm: tuple[str, ...]
    corners: tuple[str, ...]
    corner_links: dict[str, tuple[str, ...]]  # corner -> the spaces it is adjacent to
    plaques: dict[str, Box]  # corner -> its large-location label box
    legend_box: Box

    def region(self, place: str) -> tuple[float, float, float, float] | None:
        """The pixel box a space, slot or corner id covers (None: unknown id)."""
        s = self.size
        if place in self.slot_spaces:
            xs = [self.centres[sp][0] for sp in self.slot_spaces[place]]
            ys = [self.centres[sp][1] for sp in self.slot_spaces[place]]
            return (min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s)
        if place in self.centres:
            x, y = self.centres[place]
            return (x - s, y - s, x + s, y + s)
        return None


def _axial(q: float, r: float) -> Point:
    """Axial hex coordinates to (hex widths, row heights) on screen (docs/revive.md)."""
    return q + r / 2, r


@dataclass(frozen=True)
class _Units:
    """The board in hex units: every space and corner, the slots' spaces, the corners' links."""

    unit: dict[str, Point]
    slot_spaces: dict[str, tuple[str, ...]]
    chasm: tuple[str, ...]
    corner_links: dict[str, tuple[str, ...]]


def _board_units(board: dict[str, Any]) -> _Units:
    """Name and place every space of every slot (`S3.2`), the chasm (`X.0`) and the corners."""
    offsets = [tuple(p) for p in board["tile_positions"]]
    unit: dict[str, Point] = {}
    slot_spaces: dict[str, tuple[str, ...]] = {}
    groups = [("X", board["chasm"]["center"])] + [(slot["id"], slot["center"]) for slot in board["slots"]]
    by_axial: dict[tuple[int, int], str] = {}
    for slot, (cq, cr) in groups:
        names = []
        for index, (dq, dr) in enumerate(offsets):
            name = f"{slot}.{index}"
            unit[name] = _axial(cq + dq, cr + dr)
            by_axial[(cq + dq, cr + dr)] = name
            names.append(name)
        slot_spaces[slot] = tuple(names)
    chasm = slot_spaces.pop("X")
    corner_links = {}
    for corner in board["corners"]:
        unit[corner["id"]] = _axial(*corner["center"])
        corner_links[corner["id"]] = tuple(
            by_axial[tuple(a)] for a in corner["adjacent"] if tuple(a) in by_axial
        )
    return _Units(unit, slot_spaces, chasm, corner_links)


def _place_plaques(
    raw: dict[str, Point], corner_links: dict[str, tuple[str, ...]], s: float, w: float
) -> dict[str, tuple[float, float, float, float]]:
    """Large-location plaques: next to their corner, on a side that keeps clear of every space."""
    spaces = [p for name, p in raw.items() if name not in corner_links]
    min_x0 = min(p[0] for p in raw.values()) - w / 2
    max_x0 = max(p[0] for p in raw.values()) + w / 2
    plaques: dict[str, tuple[float, float, float, float]] = {}
    for corner in corner_links:
        cx, cy = raw[corner]
        above, below = cy - s * 1.12 - PLAQUE_H, cy + s * 1.12
        options = [
            (x0, y0) for y0 in (above, below) for x0 in (cx - PLAQUE_W / 2, cx - w / 2, cx + w / 2 - PLAQUE_W)
        ]
        options += [(cx - w * 0.6 - PLAQUE_W, cy - PLAQUE_H / 2), (cx + w * 0.6, cy - PLAQUE_H / 2)]

        def cost(option: Point, cx: float = cx, cy: float = cy) -> float:
            x0, y0 = option
            hit = sum(
                1
                for x, y in spaces
                if x0 - w / 2 < x < x0 + PLAQUE_W + w / 2 and y0 - s < y < y0 + PLAQUE_H + s
            )
            grow = max(0.0, min_x0 - x0) + max(0.0, x0 + PLAQUE_W - max_x0)
            near = math.hypot(x0 + PLAQUE_W / 2 - cx, y0 + PLAQUE_H / 2 - cy)
            # clear of every space first, then no wider image, then close to its corner
            return hit * 100000 + grow * 100 + near

        x0, y0 = min(options, key=cost)
        plaques[corner] = (x0, y0, x0 + PLAQUE_W, y0 + PLAQUE_H)
    return plaques


@lru_cache(maxsize=4)
def board_geometry(ref: ContentRef) -> BoardGeometry:
    """Lay out the board from `board.json`: hex size fixed, image as large as the board needs."""
    s = HEX
    w = SQRT3 * s
    units = _board_units(ref.data["board"])
    raw = {name: (u[0] * w, u[1] * 1.5 * s) for name, u in units.unit.items()}
    plaques = _place_plaques(raw, units.corner_links, s, w)
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    min_x = min(min(xs) - w / 2, *(b[0] for b in plaques.values()))
    max_x = max(max(xs) + w / 2, *(b[2] for b in plaques.values()))
    min_y = min(min(ys) - s, *(b[1] for b in plaques.values()))
    max_y = max(max(ys) + s, *(b[3] for b in plaques.values()))
    board_w = int(math.ceil(max_x - min_x)) + 2 * MARGIN
    board_h = int(math.ceil(max_y - min_y)) + 2 * MARGIN
    height = max(board_h + LEGEND_H, panel_height(ref.data))
    ox, oy = MARGIN - min_x, MARGIN - min_y + (height - LEGEND_H - board_h) // 2  # centred above the legend
    centres = {name: (x + ox, y + oy) for name, (x, y) in raw.items()}
    width = board_w + PANEL_W
    return BoardGeometry(
        size=s,
        width=width,
        height=height,
        panel_box=(board_w, 0, width, height),
        centres=centres,
        slot_spaces=units.slot_spaces,
        slot_centres={slot: centres[names[0]] for slot, names in units.slot_spaces.items()},
        chasm=units.chasm,
        corners=tuple(units.corner_links),
        corner_links=units.corner_links,
        plaques={
            k: (int(b[0] + ox), int(b[1] + oy), int(b[2] + ox), int(b[3] + oy)) for k, b in plaques.items()
        },
        legend_box=(MARGIN, height - MARGIN - LEGEND_H + 8, board_w - MARGIN, height - MARGIN),
    )


def panel_height(data: dict[str, Any]) -> int:
    """What the side panel needs for four seats and the displays the rules lay out."""
    displays = data["rules"]["displays"]
    citizens = int(displays.get("citizens", 5))
    modules = int(displays.get("modules", 4))
    h = TITLE_H + 4 * (SEAT_H + SEAT_GAP) + 6
    h += HEAD_H + 46  # crater
    h += HEAD_H + citizens * (CARD_ROW_H + 5) + 8
    h += HEAD_H + len(MACHINE_COLOURS) * (TOKEN_H + 5) + 8
    h += HEAD_H + ((modules + 1) // 2) * (TOKEN_H + 5) + 8
    return h + 2 * HEAD_H + 12


def flower_offsets(size: float) -> list[Point]:
    """Pixel offsets of positions 0-6 from a flower's centre (E, NE, NW, W, SW, SE around)."""
    w = SQRT3 * size
    axial = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    return [((q + r / 2) * w, r * 1.5 * size) for q, r in axial]


# ---------------------------------------------------------------------------------------------
# The player image
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerLayout:
    """Where each part of the player image is (tops in px); fixed per content and tribe."""

    width: int
    height: int
    resources_y: int
    slots_y: int
    tech_y: int
    tech_nodes: dict[str, tuple[int, int]]  # technology id -> top-left of its box
    progress_y: int
    tracks_y: int
    machines_y: int
    active_y: int
    info_y: int


def tech_layers(sun: dict[str, Any]) -> list[list[str]]:
    """Technologies in rows by distance from the lowest one (the tree read top down), each row
    ordered by where its connections sit in the row above, so connection lines cross little."""
    techs = {tech["id"]: tech for tech in sun.get("technologies", [])}
    links: dict[str, set[str]] = {tid: set() for tid in techs}
    for tid, tech in techs.items():
        for other in tech.get("connections", []):
            if other in links:
                links[tid].add(other)
                links[other].add(tid)
    lowest = sun.get("lowest")
    start = lowest if lowest in techs else next(iter(techs), None)
    depth = _depths(start, links)
    for tid in techs:  # a technology the tree does not reach (invalid content) goes last
        depth.setdefault(tid, max(depth.values(), default=0) + 1)
    layers: list[list[str]] = [[] for _ in range(max(depth.values(), default=-1) + 1)]
    order = {tid: i for i, tid in enumerate(techs)}
    for tid in techs:
        layers[depth[tid]].append(tid)
    for i in range(1, len(layers)):
        above = {tid: j for j, tid in enumerate(layers[i - 1])}

        def weight(tid: str, above: dict[str, int] = above) -> tuple[float, int]:
            parents = [above[o] for o in links[tid] if o in above]
            return (sum(parents) / len(parents) if parents else 99.0, order[tid])

        layers[i].sort(key=weight)
    return [layer for layer in layers if layer]


def _depths(start: str | None, links: dict[str, set[str]]) -> dict[str, int]:
    """Breadth-first distance of every technology from `start`."""
    depth: dict[str, int] = {}
    if start is not None:
        depth[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for tid in frontier:
                for other in sorted(links[tid]):
                    if other not in depth:
                        depth[other] = depth[tid] + 1
                        nxt.append(other)
            frontier = nxt
    return depth


@lru_cache(maxsize=16)
def player_layout(ref: ContentRef, tribe_id: str) -> PlayerLayout:
    """Fixed positions of the player image's parts for a tribe (its technology tree's shape)."""
    resources_y = P_HEADER_H + 8
    n_res = len(ref.rules["resources"]["all"])
    slots_y = resources_y + HEAD_H + n_res * RES_ROW_H + 52
    left_bottom = slots_y + HEAD_H + 2 * SLOT_H + 12
    tech_y = resources_y
    layers = tech_layers(ref.sun(tribe_id))
    nodes: dict[str, tuple[int, int]] = {}
    top = tech_y + HEAD_H + 30
    for row, layer in enumerate(layers):
        n = len(layer)
        gap = (P_RIGHT_W - n * TECH_W) / (n + 1)
        for j, tid in enumerate(layer):
            nodes[tid] = (int(P_RIGHT_X + gap + j * (TECH_W + gap)), int(top + row * TECH_ROW))
    progress_y = top + len(layers) * TECH_ROW + 6
    right_bottom = progress_y + HEAD_H + 50 + 64
    tracks_y = max(left_bottom, right_bottom) + 8
    n_tracks = len(ref.data["machine_tracks"]["tracks"])
    machines_y = tracks_y + HEAD_H + n_tracks * TRACK_ROW + 8
    rows = machine_rows(ref.rules["player_board"]["machine_spaces"])
    active_y = machines_y + HEAD_H + rows * (TOKEN_H + 6) + 8
    info_y = active_y + HEAD_H + 3 * (CARD_ROW_H + 6) + 8
    height = info_y + 3 * 34 + P_PAD
    return PlayerLayout(
        PW, height, resources_y, slots_y, tech_y, nodes, progress_y, tracks_y, machines_y, active_y, info_y
    )


def resource_cell(limits: dict[str, int]) -> float:
    """The width of one cell of the resource tracks (the longest track fills the column)."""
    return (P_LEFT_W - RES_LABEL_W) / (max(limits.values()) + 1 if limits else 9)


# ---------------------------------------------------------------------------------------------
# What the project asks of the geometry
# ---------------------------------------------------------------------------------------------


def space_center(content: dict[str, Any], place: str) -> tuple[float, float]:
    """Pixel centre of a space (`S3.2`), slot (`F07`) or corner (`NW`) on the board image.

    Tests use it to look where a piece or a highlight must appear; a click map could too.
    """
    geo = board_geometry(content_ref(content))
    if place in geo.slot_centres:
        return geo.slot_centres[place]
    return geo.centres[place]


def board_size(content: dict[str, Any]) -> tuple[int, int]:
    """Width and height of the board image for this content (the same for every game)."""
    geo = board_geometry(content_ref(content))
    return geo.width, geo.height


def machine_rows(cells: int) -> int:
    """How many rows the player image's machine spaces take (MACHINES_PER_ROW a row)."""
    return max(1, math.ceil(cells / MACHINES_PER_ROW))


def machine_grid(spaces: int, owned: int = 0) -> tuple[int, int]:
    """The player image's machine spaces (`spaces`, or `owned` machines if more): how many a
    row and how wide each is, in as many rows as the layout made room for."""
    cells = max(1, spaces, owned)
    per_row = math.ceil(cells / machine_rows(spaces))
    return per_row, (PW - 2 * P_PAD - 6 * (per_row - 1)) // per_row


def player_size(content: dict[str, Any], tribe: str) -> tuple[int, int]:
    """Width and height of a player image; the height depends on the tribe's technology tree."""
    lay = player_layout(content_ref(content), tribe)
    return lay.width, lay.height


def board_panel_left(content: dict[str, Any]) -> int:
    """The x where the board image's side panel starts (the board is left of it)."""
    return board_geometry(content_ref(content)).panel_box[0]
