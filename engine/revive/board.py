"""The Revive board turned into named spaces with neighbours (docs/revive.md, "Board").

Spaces are named for players: `S1.3` is board position 3 of slot S1 (positions 0-6 around the
slot's centre, after rotation), `X.0`-`X.6` are the chasm, and `NW`, `NE`, `SE`, `SW` are the
large-location corners. A tile's own space `p` lies at board position `rotate(p, k)` when the
tile has rotation `k`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

CHASM = "X"


def rotate(position: int, rotation: int) -> int:
    """Where a tile's space `position` lands after `rotation` sixth-turns (0 stays 0)."""
    return 0 if position == 0 else (position - 1 + rotation) % 6 + 1


def unrotate(board_position: int, rotation: int) -> int:
    """The tile space shown at `board_position` when the tile has `rotation`."""
    return 0 if board_position == 0 else (board_position - 1 - rotation) % 6 + 1


@dataclass
class ReviveBoard:
    slot_spaces: dict[str, tuple[str, ...]] = field(default_factory=dict)  # slot -> 7 spaces
    slot_of: dict[str, str] = field(default_factory=dict)
    position: dict[str, int] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    chasm: frozenset[str] = frozenset()
    corners: frozenset[str] = frozenset()
    # Axial (q, r) of every space, of each slot's centre (a tile) and of each corner.
    coords: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Every space as one bit of an int (`bits`), so a set of spaces is an int and range grows
    # by a few shifts (`grow`): the tile spaces on a grid of rows `width` bits apart (a column
    # to spare between rows, so a step off one row's end lands nowhere), the corners above it.
    bits: dict[str, int] = field(default_factory=dict)
    names: dict[int, str] = field(default_factory=dict)  # bit -> space
    grid: int = 0  # the bits of the tile spaces (and the chasm's)
    shifts: tuple[int, ...] = ()  # one per direction: + shifts left, - right
    corner_links: tuple[tuple[int, int], ...] = ()  # (corner bit, bits of its neighbours)

    def grow(self, spaces: int) -> int:
        """The spaces next to any of `spaces` (bits), as bits: the tile-space neighbours by
        shifting the grid part, the corners by their own links. Bits of no space may be set
        too (a grid cell off the board): the caller keeps those of the spaces it wants."""
        on_grid = spaces & self.grid
        grown = 0
        for shift in self.shifts:
            grown |= on_grid << shift if shift > 0 else on_grid >> -shift
        for corner, links in self.corner_links:
            if spaces & links:
                grown |= corner
            if spaces & corner:
                grown |= links
        return grown

    def mask(self, spaces: Iterable[str]) -> int:
        """`spaces` as bits."""
        found = 0
        for space in spaces:
            found |= self.bits[space]
        return found

    def distance(self, place: str, other: str) -> int | None:
        """Steps between two places (spaces, tiles by their centre, corners; any case), None
        when either is not on the board."""
        first, second = self.coords.get(place.strip().upper()), self.coords.get(other.strip().upper())
        if first is None or second is None:
            return None
        dq, dr = first[0] - second[0], first[1] - second[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def build_board(data: dict[str, Any]) -> ReviveBoard:
    offsets = [tuple(p) for p in data["tile_positions"]]
    by_coord: dict[tuple[int, int], str] = {}
    board = ReviveBoard()
    groups = [(CHASM, data["chasm"]["center"])] + [(slot["id"], slot["center"]) for slot in data["slots"]]
    for slot, (cq, cr) in groups:
        board.coords[slot] = (cq, cr)
        names = []
        for index, (dq, dr) in enumerate(offsets):
            name = f"{slot}.{index}"
            by_coord[(cq + dq, cr + dr)] = name
            board.slot_of[name] = slot
            board.position[name] = index
            names.append(name)
        board.slot_spaces[slot] = tuple(names)
    board.chasm = frozenset(board.slot_spaces.pop(CHASM))
    directions = [tuple(d) for d in data["directions"]]
    links: dict[str, set[str]] = {name: set() for name in by_coord.values()}
    for (q, r), name in by_coord.items():
        for dq, dr in directions:
            other = by_coord.get((q + dq, r + dr))
            if other:
                links[name].add(other)
    for corner in data["corners"]:
        links[corner["id"]] = set()
        for q, r in corner["adjacent"]:
            links[corner["id"]].add(by_coord[(q, r)])
            links[by_coord[(q, r)]].add(corner["id"])
    board.corners = frozenset(corner["id"] for corner in data["corners"])
    board.coords.update({name: coord for coord, name in by_coord.items()})
    board.coords.update({corner["id"]: tuple(corner["center"]) for corner in data["corners"]})
    board.neighbours = {name: tuple(sorted(near)) for name, near in links.items()}
    _number_spaces(board, by_coord, directions)
    return board


def _number_spaces(
    board: ReviveBoard, by_coord: dict[tuple[int, int], str], directions: list[tuple[int, ...]]
) -> None:
    """Give every space its bit (`ReviveBoard.bits`): the grid's row by row, then the corners'."""
    low_q, low_r = min(q for q, _ in by_coord), min(r for _, r in by_coord)
    width = max(q for q, _ in by_coord) - low_q + 2  # a spare column: a step off a row lands there
    rows = max(r for _, r in by_coord) - low_r + 1
    for (q, r), name in by_coord.items():
        board.bits[name] = 1 << ((r - low_r) * width + q - low_q)
    board.grid = board.mask(by_coord.values())
    for index, corner in enumerate(sorted(board.corners)):  # past where a shift of the grid lands
        board.bits[corner] = 1 << ((rows + 2) * width + index)
    board.names = {bit: name for name, bit in board.bits.items()}
    board.shifts = tuple(dq + dr * width for dq, dr in directions)
    board.corner_links = tuple(
        (board.bits[corner], board.mask(board.neighbours[corner])) for corner in sorted(board.corners)
    )
