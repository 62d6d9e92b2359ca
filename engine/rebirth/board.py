"""A Rebirth map turned into lookup tables the rules use on every move.

Built once per map (the content is immutable), so each placement only does dictionary look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine import hexgrid
from engine.rebirth.mapfile import covered_by_neutral, parse_map

PLACEMENT_KINDS = frozenset(".efs")
# The grid code of each feature a mission may ask to be next to (`adjacent`).
FEATURE_CODES = {"sea": "~", "loch": "w", "castle": "C", "cathedral": "K", "tower": "R", "tara": "T"}


@dataclass
class Settlement:
    """A settlement: its name and spaces (1 small, 2 medium, 3 large, 4 sprawling)."""

    index: int
    name: str
    spaces: tuple[str, ...]

    @property
    def size(self) -> int:
        return len(self.spaces)


@dataclass
class Board:
    """Every space of a map with its kind, neighbours and features."""

    map_id: str
    name: str
    width: int
    height: int
    kind: dict[str, str] = field(default_factory=dict)
    neighbours: dict[str, tuple[str, ...]] = field(default_factory=dict)
    region: dict[str, str] = field(default_factory=dict)
    settlement_of: dict[str, Settlement] = field(default_factory=dict)
    settlements: list[Settlement] = field(default_factory=list)
    ports: frozenset[str] = frozenset()
    castles: dict[str, str] = field(default_factory=dict)
    cathedrals: dict[str, str] = field(default_factory=dict)
    yellow: dict[str, int] = field(default_factory=dict)
    placement_spaces: tuple[str, ...] = ()
    castle_of_name: dict[str, str] = field(default_factory=dict)
    adjacent_castles: dict[str, tuple[str, ...]] = field(default_factory=dict)
    adjacent_cathedrals: dict[str, tuple[str, ...]] = field(default_factory=dict)
    coords: dict[str, tuple[int, int]] = field(default_factory=dict)
    tiebreak_castles: tuple[str, ...] = ()
    bonus_spaces: dict[str, str] = field(default_factory=dict)  # space -> "port" or "offshore"
    towers: dict[str, str] = field(default_factory=dict)
    tara: str | None = None
    adjacent_towers: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The neighbour in each of the 6 directions (None off the board): straight lines walk these.
    steps: dict[str, tuple[str | None, ...]] = field(default_factory=dict)
    # Spaces next to at least one space of each kind of feature (sea, loch, castle, ...).
    touching: dict[str, frozenset[str]] = field(default_factory=dict)
    # The named places each placement space touches: the castles, cathedrals and towers next to
    # it, and the settlements it is in or next to (content names, never translated).
    named_near: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Placement spaces by the kinds asked for (`spaces_of`), built on first use.
    _spaces_of: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    _shared: tuple[tuple[str, ...], ...] | None = field(default=None, repr=False, compare=False)

    def shared_settlements(self) -> tuple[tuple[str, ...], ...]:
        """The spaces of each settlement of more than one space (those an incomplete one
        scores as small ones at the end), built on first use."""
        if self._shared is None:
            self._shared = tuple(s.spaces for s in self.settlements if s.size > 1)
        return self._shared

    def spaces_of(self, kinds: str) -> tuple[str, ...]:
        """The placement spaces whose kind is one of `kinds` (".e": blank land and energy farm
        spaces), in `placement_spaces` order: legal moves filter these instead of every space."""
        spaces = self._spaces_of.get(kinds)
        if spaces is None:
            spaces = self._spaces_of[kinds] = tuple(s for s in self.placement_spaces if self.kind[s] in kinds)
        return spaces

    def open_spaces(self, players: int, dense: bool = False) -> tuple[str, ...]:
        """Placement spaces not covered by a neutral tile at this player count and setup."""
        covered = covered_by_neutral(self.yellow, players, dense)
        return tuple(s for s in self.placement_spaces if s not in covered)

    def covered_spaces(self, players: int, dense: bool = False) -> tuple[str, ...]:
        """Yellow spaces that a face-down neutral tile covers at this player count: the rules'
        setup, or with `dense` our 2-player variant (`mapfile.covered_by_neutral`)."""
        covered = covered_by_neutral(self.yellow, players, dense)
        return tuple(s for s in self.yellow if s in covered)

    def features(self, space: str) -> list[str]:
        """Named features of a space, for records and descriptions."""
        out = []
        if space in self.settlement_of:
            out.append(f"settlement:{self.settlement_of[space].name}")
        if space in self.bonus_spaces:
            out.append(self.bonus_spaces[space])
        if space in self.castles:
            out.append(f"castle:{self.castles[space]}")
        if space in self.cathedrals:
            out.append(f"cathedral:{self.cathedrals[space]}")
        if space in self.towers:
            out.append(f"tower:{self.towers[space]}")
        if space == self.tara:
            out.append("tara")
        if space in self.yellow:
            out.append(f"yellow:{self.yellow[space]}")
        return out


def build_board(map_data: dict[str, Any]) -> Board:
    """Index a map file (docs/formats.md, read by `mapfile.parse_map`) for the rules."""
    info = parse_map(map_data)
    grid = info.grid
    board = Board(map_id=info.map_id, name=info.name, width=grid.width, height=grid.height)
    for space in grid.spaces():
        board.kind[space] = grid.code[space]
        board.coords[space] = grid.coords[space]
    board.region = dict(info.region_of)
    for space in board.kind:
        board.neighbours[space] = tuple(near for near in grid.neighbours(space) if near in board.kind)
    for index, entry in enumerate(info.settlements):
        settlement = Settlement(index, entry.name, entry.spaces)
        board.settlements.append(settlement)
        for space in settlement.spaces:
            board.settlement_of[space] = settlement
    board.ports = frozenset(info.ports)
    board.bonus_spaces = {space: "port" for space in board.ports}
    board.bonus_spaces.update({space: "offshore" for space in info.offshore})
    board.towers = dict(info.towers)
    board.tara = info.tara
    board.castles = dict(info.castles)
    board.cathedrals = dict(info.cathedrals)
    board.castle_of_name = {name: space for space, name in board.castles.items()}
    board.tiebreak_castles = info.tiebreak_castles
    board.yellow = dict(info.yellow)
    board.placement_spaces = tuple(s for s, k in board.kind.items() if k in PLACEMENT_KINDS)
    _index_neighbourhoods(board)
    return board


def _index_neighbourhoods(board: Board) -> None:
    """The look-ups around each space: its neighbour per direction (straight lines), the
    spaces touching each kind of feature, and the castles, cathedrals, towers next to it."""
    for space, (c, r) in board.coords.items():
        cells = (hexgrid.step(c, r, d) for d in range(6))
        board.steps[space] = tuple(
            hexgrid.name(nc, nr) if nc >= 0 and nr >= 0 and hexgrid.name(nc, nr) in board.kind else None
            for nc, nr in cells
        )
    for feature, code in FEATURE_CODES.items():
        board.touching[feature] = frozenset(
            space for space in board.kind if any(board.kind[n] == code for n in board.neighbours[space])
        )
    for space in board.placement_spaces:
        near = board.neighbours[space]
        board.adjacent_castles[space] = tuple(n for n in near if n in board.castles)
        board.adjacent_cathedrals[space] = tuple(n for n in near if n in board.cathedrals)
        board.adjacent_towers[space] = tuple(n for n in near if n in board.towers)
        named = [board.castles.get(n) or board.cathedrals.get(n) or board.towers.get(n) for n in near]
        settled = (board.settlement_of.get(n) for n in (space, *near))
        named += [settlement.name for settlement in settled if settlement is not None]
        board.named_near[space] = tuple(dict.fromkeys(name for name in named if name))
