"""The one reader of a Rebirth map file (docs/formats.md): the engine, the validator and the
renderer all decode a map through here, so they cannot disagree on what a space is called,
which cells are its neighbours or which region it lies in.

Two layers, because the validator must also read maps that are broken:

- `grid_cells(rows)` splits the `grid` (or `regions_grid`) rows strictly: None when a row is not
  single characters separated by single spaces. `Grid(cells)` then names every cell (`F7`),
  knows its code (`-` off the map, `~` sea, `.` blank land, `s` settlement, `C` castle, ...),
  its coordinates and its neighbours. The validator stops at this layer for a map in doubt.
- `parse_map(data)` reads a whole well-formed map (validate it first; every file in content/data/ is
  validated by the tests) into a `MapFile`: the grid, regions, settlements, ports, offshore
  farms, castles, cathedrals, Round Towers, the Hill of Tara, yellow spaces, labels and the
  tie-break castles. Everything is keyed by space name; `MapFile.cell(name)` gives a space's
  (col, row) for drawing, `MapFile.kind(col, row)` and `MapFile.region_letter(col, row)` read the
  two grids by cell (`-` outside), `MapFile.space_cell(text)` is the cell of a name on the map.

    info = parse_map(load_map("scotland"))
    for space, castle in info.castles.items():
        col, row = info.cell(space)        # where to draw it
    info.grid.neighbours("F7")            # ["E6", "F6", "E7", "G7", "E8", "F8"] (on the grid)

Pure: no I/O (the loader in content/rebirth/ reads the files), nothing cached here; the engine
indexes a `MapFile` further into its `Board` (engine/rebirth/board.py) for the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import hexgrid

OFF_MAP = "-"  # the code of a grid cell that is not part of the board (also "no region")

RULES_YELLOW = 4
"""The yellow value of the rules' own yellow-hexagon spaces: "With 2 to 4 players, place 32 Tiles of
a color not in use face down on the spaces marked with the yellow hexagon icon" (Ireland: 24), so
they are covered with 2 or 3 players, and with 4 (no colour unused) never. Spaces of a lower value
(3) are ours: covered only by the dense 2-player variant (docs/rebirth.md "Neutral tiles and player
count")."""


def covered_by_neutral(yellow: Mapping[str, int], players: int, dense: bool) -> frozenset[str]:
    """The yellow spaces a face-down neutral tile covers with `players` players. The rules' setup
    covers the spaces marked `RULES_YELLOW` with fewer players than that; `dense` (our 2-player
    variant, and every game of Rebirth rules version 1) covers every space whose value exceeds the
    player count: with 2 players the spaces marked 3 as well, a second unused colour's tiles."""
    return frozenset(
        space for space, need in yellow.items() if need > players and (dense or need >= RULES_YELLOW)
    )


def grid_cells(rows: Any) -> list[list[str]] | None:
    """Grid rows ("a b c") -> cells; None when a row is not single characters separated by
    single spaces (or `rows` is not a non-empty list of strings)."""
    if not isinstance(rows, list) or not rows:
        return None
    cells = []
    for row in rows:
        if not isinstance(row, str):
            return None
        parts = row.split(" ")
        if any(len(part) != 1 for part in parts):
            return None
        cells.append(parts)
    return cells


class Grid:
    """A grid of cell codes, decoded once: every cell by name (`-` cells included), its
    coordinates, and its neighbours on the grid (in `hexgrid.neighbours` order).

    Rows shorter than the widest are padded with `-`."""

    def __init__(self, cells: list[list[str]]):
        self.height = len(cells)
        self.width = max((len(row) for row in cells), default=0)
        self.cells: tuple[tuple[str, ...], ...] = tuple(
            tuple(row) + (OFF_MAP,) * (self.width - len(row)) for row in cells
        )
        self.coords: dict[str, tuple[int, int]] = {
            hexgrid.name(c, r): (c, r) for r in range(self.height) for c in range(self.width)
        }
        self.code: dict[str, str] = {space: self.cells[r][c] for space, (c, r) in self.coords.items()}

    def kind(self, col: int, row: int) -> str:
        """The code of a cell, `-` outside the grid."""
        if 0 <= row < self.height and 0 <= col < self.width:
            return self.cells[row][col]
        return OFF_MAP

    def neighbours(self, space: str) -> list[str]:
        """The names of the cells around `space` that lie on the grid (`-` cells included)."""
        col, row = self.coords[space]
        return [
            hexgrid.name(c, r)
            for c, r in hexgrid.neighbours(col, row)
            if 0 <= c < self.width and 0 <= r < self.height
        ]

    def valid(self, space: Any) -> bool:
        """Whether `space` is the name of a cell of the grid (`-` cells included)."""
        return isinstance(space, str) and space in self.code

    def spaces(self) -> list[str]:
        """The names of the board's spaces (every cell but `-`), row by row."""
        return [space for space, code in self.code.items() if code != OFF_MAP]


@dataclass(frozen=True)
class SettlementEntry:
    """A settlement as the map names it: 1 space small, 2 medium, 3 large, 4 sprawling."""

    name: str
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class Label:
    """A name written on the board (a sea, a loch) at a space."""

    text: str
    at: str


@dataclass(frozen=True)
class MapFile:
    """A well-formed map file, read: see the module docstring."""

    map_id: str
    name: str
    grid: Grid
    regions_grid: tuple[tuple[str, ...], ...]  # region letters by cell (`-`: none), may be empty
    regions: dict[str, str]  # region letter -> region name
    region_of: dict[str, str]  # board space -> region name (spaces with a region only)
    settlements: tuple[SettlementEntry, ...]
    ports: tuple[str, ...]
    offshore: tuple[str, ...]  # Ireland's Offshore Farms (its ports)
    castles: dict[str, str]  # space -> name
    cathedrals: dict[str, str]  # space -> name
    towers: dict[str, str]  # Round Tower space -> name (Ireland)
    tara: str | None  # the Hill of Tara's space (Ireland)
    yellow: dict[str, int]  # space -> the smallest player count at which it stays open (`covered_by_neutral`)
    labels: tuple[Label, ...]
    tiebreak_castles: tuple[str, ...]  # castle names, in tie-break order

    @property
    def advanced(self) -> bool:
        """An advanced-mode map (Ireland): towers, the Hill of Tara or offshore farms."""
        return bool(self.towers or self.tara or self.offshore)

    def cell(self, space: str) -> tuple[int, int]:
        """(col, row) of a space name (any case; ValueError when it is no coordinate)."""
        return hexgrid.parse_coord(space)

    def kind(self, col: int, row: int) -> str:
        """The grid code of a cell, `-` outside the board."""
        return self.grid.kind(col, row)

    def region_letter(self, col: int, row: int) -> str:
        """The region letter of a cell, `-` for none or outside `regions_grid`."""
        if 0 <= row < len(self.regions_grid) and 0 <= col < len(self.regions_grid[row]):
            return self.regions_grid[row][col]
        return OFF_MAP

    def space_cell(self, space: object) -> tuple[int, int] | None:
        """The cell of `space` when it names a space of the board, else None."""
        try:
            col, row = hexgrid.parse_coord(str(space))
        except ValueError:
            return None
        if self.kind(col, row) == OFF_MAP:
            return None
        return col, row


def parse_map(data: Mapping[str, Any]) -> MapFile:
    """Read a well-formed map file (a dict as loaded from JSON). Optional keys may be missing."""
    cells = [row.split() for row in data["grid"]]
    grid = Grid(cells)
    regions_grid = tuple(tuple(row.split()) for row in data.get("regions_grid", []))
    regions = dict(data.get("regions", {}))
    region_of = {}
    if regions_grid:
        for space in grid.spaces():
            col, row = grid.coords[space]
            letter = regions_grid[row][col]
            if letter != OFF_MAP:
                region_of[space] = regions[letter]
    return MapFile(
        map_id=str(data.get("id", "map")),
        name=str(data.get("name", data.get("id", ""))),
        grid=grid,
        regions_grid=regions_grid,
        regions=regions,
        region_of=region_of,
        settlements=tuple(
            SettlementEntry(str(s.get("name", "")), tuple(s.get("spaces", [])))
            for s in data.get("settlements", [])
        ),
        ports=tuple(data.get("ports", [])),
        offshore=tuple(data.get("offshore", [])),
        castles={space: str(name) for space, name in data.get("castles", {}).items()},
        cathedrals={space: str(name) for space, name in data.get("cathedrals", {}).items()},
        towers={space: str(name) for space, name in (data.get("towers") or {}).items()},
        tara=data.get("tara") or None,
        yellow={space: int(need) for space, need in data.get("yellow", {}).items()},
        labels=tuple(
            Label(str(label.get("text", "")), label["at"])
            for label in data.get("labels", [])
            if "at" in label
        ),
        tiebreak_castles=tuple(data.get("tiebreak_castles", ())),
    )
