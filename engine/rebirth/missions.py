"""Mission card conditions (vocabulary in docs/formats.md), evaluated against the board.

`progress` returns (have, need) so a player's hand can show how close each mission is; a
mission is met when have >= need. The card text is worded from the same condition by the
presenter (`presenters/rebirth/missions.py`), so text and rule cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine import hexgrid
from engine.rebirth import scoring
from engine.rebirth.board import Board, Settlement
from engine.rebirth.state import NEUTRAL

Condition = dict[str, Any]
"""A mission card's condition as its data file has it: `type` and that type's parameters
(docs/formats.md); `CONDITIONS` evaluates each type."""
_NOBODY = (NEUTRAL, "")  # what an empty space holds, for a look-up that wants an owner
FARM_CODES = {"energy": ("E",), "food": ("F",), "any": ("E", "F")}
TILE_KINDS = {"energy": "E", "food": "F", "settlement": "S"}


@dataclass(frozen=True)
class Position:
    """What a condition may look at: the board and the public markers on it. A position is
    read, never changed: each seat's own tiles are gathered once, on first use."""

    board: Board
    tiles: dict[str, tuple[int, str]]
    castles: dict[str, int | None]
    cathedral_markers: dict[str, list[int]]
    _own: dict[int, dict[str, str]] = field(default_factory=dict, compare=False, repr=False)

    _settled: dict[int, list[Settlement]] = field(default_factory=dict, compare=False, repr=False)

    def own(self, seat: int) -> dict[str, str]:
        """`seat`'s tiles by space (the caller must not change it: it is kept for the next)."""
        mine = self._own.get(seat)
        if mine is None:
            mine = {space: tile for space, (owner, tile) in self.tiles.items() if owner == seat}
            self._own[seat] = mine
        return mine

    def settled(self, seat: int) -> list[Settlement]:
        """The settlements `seat` has a tile in, in the board's order: the only ones it can be
        present in, win or hold alone (kept for the next, like `own`)."""
        found = self._settled.get(seat)
        if found is None:
            settlement_of = self.board.settlement_of
            indexes = {settlement_of[space].index for space in self.own(seat) if space in settlement_of}
            found = self._settled[seat] = [self.board.settlements[index] for index in sorted(indexes)]
        return found


def _cluster(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    own = pos.own(seat)
    sizes = [size for farm in FARM_CODES[c["farm"]] for size in own_clusters(pos, seat, own, farm)]
    count = c.get("count", 1)
    if count == 1:
        return min(max(sizes, default=0), c["size"]), c["size"]
    return min(sum(size >= c["size"] for size in sizes), count), count


def own_clusters(pos: Position, seat: int, own: dict[str, str], farm: str) -> list[int]:
    """Sizes of every cluster of `seat`'s `farm` tiles, found from its own tiles (`own`) in
    the order the board holds them (as `scoring.all_clusters`, which walks every tile)."""
    seen: set[str] = set()
    sizes = []
    for space, tile in own.items():
        if tile == farm and space not in seen:
            cluster = scoring.farm_cluster(pos.board, pos.tiles, seat, farm, space)
            seen |= cluster
            sizes.append(len(cluster))
    return sizes


def _farms(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    code = FARM_CODES[c["farm"]][0]
    return sum(tile == code for tile in pos.own(seat).values()), c["count"]


def size_matches(size: int, wanted: int | None, default_min: int) -> bool:
    return size == wanted if wanted is not None else size >= default_min


def _settlements_won(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    won = 0
    for settlement in pos.settled(seat):  # a seat without a tile there is not among its leaders
        if size_matches(settlement.size, c.get("size"), 2):
            won += wins(settlement, pos.tiles, seat)
    return won, c["count"]


def wins(settlement: Settlement, tiles: dict[str, tuple[int, str]], seat: int) -> bool:
    """Whether `settlement` is complete with `seat` among its leaders (tied ones included)."""
    if not scoring.is_complete(settlement, tiles):
        return False
    groups = scoring.rank_groups(scoring.settlement_influence(settlement, tiles))
    return bool(groups) and seat in groups[0]


def _settlements_present(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    present = sum(size_matches(settlement.size, c.get("size"), 1) for settlement in pos.settled(seat))
    return present, c["count"]


def _sole_settlement(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    sole = sum(
        settlement.size == c["size"] and holds_alone(settlement, pos.tiles, seat)
        for settlement in pos.settled(seat)
    )
    return sole, c["count"]


def holds_alone(settlement: Settlement, tiles: dict[str, tuple[int, str]], seat: int) -> bool:
    """Whether every space of `settlement` holds a tile of `seat`'s."""
    return all(tiles.get(space, _NOBODY)[0] == seat for space in settlement.spaces)


def _ports(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    return sum(space in pos.board.ports for space in pos.own(seat)), c["count"]


def _castles(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    return sum(holder == seat for holder in pos.castles.values()), c["count"]


def _castle(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    space = pos.board.castle_of_name[c["name"]]
    return int(pos.castles.get(space) == seat), 1


def _cathedrals(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    return sum(seat in seats for seats in pos.cathedral_markers.values()), c["count"]


def _adjacent(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    touching = pos.board.touching[c["feature"]]
    return sum(space in touching for space in pos.own(seat)), c["count"]


def kind_matches(tile: str, wanted: str) -> bool:
    return wanted == "any" or tile.startswith(TILE_KINDS[wanted])


def _region(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    wanted = c.get("tile", "any")
    have = sum(
        pos.board.region.get(space) == c["region"] and kind_matches(tile, wanted)
        for space, tile in pos.own(seat).items()
    )
    return have, c["count"]


def _regions(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    names = {pos.board.region.get(space) for space in pos.own(seat)} - {None}
    return len(names), c["count"]


def _influence(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    return sum(scoring.influence(tile) for tile in pos.own(seat).values()), c["total"]


def _line(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    own = set(pos.own(seat))
    steps = pos.board.steps
    best = 0
    for space in own:
        for direction in hexgrid.line_directions():
            if steps[space][hexgrid.opposite(direction)] in own:
                continue  # not the start of this line
            length = 0
            cell: str | None = space
            while cell is not None and cell in own:
                length += 1
                cell = steps[cell][direction]
            best = max(best, length)
    return min(best, c["length"]), c["length"]


def _each_kind(pos: Position, seat: int, c: Condition) -> tuple[int, int]:
    tiles = list(pos.own(seat).values())
    counts = [sum(tile.startswith(code) for tile in tiles) for code in ("E", "F", "S")]
    return min(min(counts), c["count"]), c["count"]


CONDITIONS: dict[str, Callable[[Position, int, Condition], tuple[int, int]]] = {
    "cluster": _cluster,
    "farms": _farms,
    "settlements_won": _settlements_won,
    "settlements_present": _settlements_present,
    "sole_settlement": _sole_settlement,
    "ports": _ports,
    "castles": _castles,
    "castle": _castle,
    "cathedrals": _cathedrals,
    "adjacent": _adjacent,
    "region": _region,
    "regions": _regions,
    "influence": _influence,
    "line": _line,
    "each_kind": _each_kind,
}


def places(board: Board, condition: Condition) -> frozenset[str]:
    """The spaces where a tile counts towards `condition` by where it stands: next to its
    castle, castles, cathedrals or feature, in its region, on a port or in its settlements.
    Empty for a condition about shapes or totals (clusters, lines, regions, influence), which
    any space may serve."""
    kind = condition["type"]
    if kind == "adjacent":
        return board.touching[condition["feature"]]
    if kind == "castle":
        return frozenset(board.neighbours[board.castle_of_name[condition["name"]]])
    if kind in ("castles", "cathedrals"):
        features = board.castles if kind == "castles" else board.cathedrals
        return frozenset(near for feature in features for near in board.neighbours[feature])
    if kind == "region":
        return frozenset(space for space, region in board.region.items() if region == condition["region"])
    if kind == "ports":
        return board.ports
    if kind in _SETTLEMENT_MINIMUM:
        wanted, least = condition.get("size"), _SETTLEMENT_MINIMUM[kind]
        return frozenset(
            space
            for settlement in board.settlements
            if size_matches(settlement.size, wanted, least)
            for space in settlement.spaces
        )
    return frozenset()


# The smallest settlement a settlement condition without a size counts (as its rule above does).
_SETTLEMENT_MINIMUM = {"settlements_won": 2, "settlements_present": 1, "sole_settlement": 1}


def progress(condition: Condition, pos: Position, seat: int) -> tuple[int, int]:
    """(have, need) for `seat`; the mission is met when have >= need."""
    have, need = CONDITIONS[condition["type"]](pos, seat, condition)
    return min(have, need), need


def is_met(condition: Condition, pos: Position, seat: int) -> bool:
    have, need = progress(condition, pos, seat)
    return have >= need


def met_by_placement(condition: Condition, pos: Position, seat: int, space: str, tile: str) -> bool:
    """`is_met` after `seat` placed `tile` on `space`, for a condition it did not meet before:
    a straight line or a single cluster can only have grown through `space`, so only the line
    and the cluster through it are measured (a whole-board count of each is the slow part of
    every placement on Ireland, whose public missions are checked after each one)."""
    kind = condition["type"]
    if kind == "line":
        length: int = condition["length"]
        return line_through(pos.board, pos.tiles, seat, space) >= length
    if kind == "cluster" and condition.get("count", 1) == 1:
        if tile not in FARM_CODES[condition["farm"]]:
            return False
        size: int = condition["size"]
        return len(scoring.farm_cluster(pos.board, pos.tiles, seat, tile, space)) >= size
    return is_met(condition, pos, seat)


def line_through(board: Board, tiles: dict[str, tuple[int, str]], seat: int, space: str) -> int:
    """The longest straight line of `seat`'s tiles through `space` (its own tile)."""
    steps = board.steps
    best = 0
    for direction in hexgrid.line_directions():
        length = 1
        for way in (direction, hexgrid.opposite(direction)):
            cell = steps[space][way]
            while cell is not None and tiles.get(cell, _NOBODY)[0] == seat:
                length += 1
                cell = steps[cell][way]
        best = max(best, length)
    return best


def card_points(card: dict[str, Any]) -> int:
    """A private mission's value when met: Scotland cards have `points`, Ireland cards score `high`."""
    points: int = card["points"] if "points" in card else card["high"]
    return points
