"""A seat's standing in one position, carried to the positions one tile later: what makes the
fallback's valuation (`fallback.rebirth_value`) cheap.

The fallback values every legal move by the state after it, and each of those states is the
position decided on plus the one tile placed. Worked out from the whole board for each
(`final.total_if_ended`: every mission's clusters, lines, settlements and counts, and the
incomplete settlements), a valuation cost more the more pieces were on the board, and it was
nearly all of a search's time. A `Standing` counts what the seat's missions and incomplete
settlements come to once, for the position, and `total_after` works out a state one tile later
from those counts and that tile alone (`_GROWTH`: what one tile can change in each condition).
It gives what `total_if_ended` gives, to the point (tests/engine/rebirth/test_standing.py). A
state whose tiles are not the position's plus at most one is not answered (None): the caller
works it out from scratch.

Nothing is kept on a state: a standing holds its own copy of the position's tiles, so a state
changed in place later (a test's) cannot make it answer for another board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from engine.rebirth import missions as mission_rules
from engine.rebirth import scoring
from engine.rebirth.board import Board
from engine.rebirth.missions import FARM_CODES, Condition, Position, card_points
from engine.rebirth.state import RebirthState

Tiles = dict[str, tuple[int, str]]
Card = dict[str, Any]  # a mission card as its data file has it (`tables.Card`)

# Conditions on the markers rather than on the seat's tiles: read from the state valued itself.
_MARKERS = frozenset({"castles", "castle", "cathedrals"})


class Placed(NamedTuple):
    """The one tile a state has that the position had not."""

    space: str
    owner: int
    tile: str


Growth = Callable[["Standing", Condition, int, Placed, Tiles], int]
"""A condition's count one tile later, from its count in the position and that tile."""


class Count(NamedTuple):
    """A held card's condition in the position: what it counts there (uncapped, where a tile
    could lower it) and must reach, and what one tile makes of that count (`_GROWTH`; None for
    a condition on the markers, read from each state valued)."""

    condition: Condition
    have: int
    need: int
    grow: Growth | None
    by_anyone: bool  # another seat's tile may change it too (a settlement it completes)


@dataclass
class Standing:
    """`seat`'s counts in one position: its incomplete settlements' influence, and each held
    card's `Count`, found on first use and kept for the states one tile later."""

    board: Board
    seat: int
    tiles: Tiles  # the position's tiles, a copy
    incomplete: int  # the seat's influence in shared settlements not complete (small ones at the end)
    position: Position  # over `tiles`: the conditions' own counting, for the tallies
    _counts: dict[str, Count] = field(default_factory=dict, repr=False)
    _kinds: tuple[int, int, int] | None = field(default=None, repr=False)
    _regions: frozenset[str] | None = field(default=None, repr=False)
    _settled: frozenset[int] | None = field(default=None, repr=False)

    def total_after(
        self, state: RebirthState, held: list[str], cards: dict[str, Card]
    ) -> tuple[int, int] | None:
        """`final.total_if_ended(tables, state, seat, held)` for a `state` whose tiles are the
        position's, or the position's plus one; None for any other state. `cards` are the
        mission cards by id (the tables')."""
        tiles = state.board
        if len(tiles) == len(self.tiles):
            if tiles != self.tiles:
                return None
            placed = None
        elif len(tiles) == len(self.tiles) + 1 and self.tiles.items() <= tiles.items():
            placed = self._placed(state)
        else:
            return None
        seat = self.seat
        total = state.total(seat) + self._incomplete_after(placed, tiles)
        total += scoring.CASTLE_POINTS * list(state.castles.values()).count(seat)
        grows = placed is not None and placed.owner == seat  # else only `Count.by_anyone` may
        after: Position | None = None
        counts = self._counts
        met = 0
        for card in held:
            known = cards[card]
            count = counts.get(card)
            if count is None or count.condition is not known["condition"]:
                count = self._count(card, known["condition"])
            if count.grow is None:
                if after is None:
                    after = Position(self.board, tiles, state.castles, state.cathedral_markers)
                reached = mission_rules.is_met(count.condition, after, seat)
            elif placed is not None and (grows or count.by_anyone):
                reached = count.grow(self, count.condition, count.have, placed, tiles) >= count.need
            else:
                reached = count.have >= count.need
            if reached:
                total += card_points(known)
                met += 1
        return total, met

    def _placed(self, state: RebirthState) -> Placed:
        """The tile `state` has beyond the position's (it has exactly one more, the same others)."""
        last = state.last
        space = last.get("space") if last else None
        if space is None or space in self.tiles or space not in state.board:
            (space,) = state.board.keys() - self.tiles.keys()
        owner, tile = state.board[space]
        return Placed(space, owner, tile)

    def _incomplete_after(self, placed: Placed | None, tiles: Tiles) -> int:
        """The seat's influence in incomplete shared settlements once `placed` is on the board:
        only the settlement it went into can change (it was incomplete, with that space empty)."""
        if placed is None:
            return self.incomplete
        settlement = self.board.settlement_of.get(placed.space)
        if settlement is None or settlement.size == 1:
            return self.incomplete
        before = _influence_of(self.seat, settlement.spaces, self.tiles)
        if scoring.is_complete(settlement, tiles):
            return self.incomplete - before  # scored when it was completed, not at the end
        gained = scoring.influence(placed.tile) if placed.owner == self.seat else 0
        return self.incomplete + gained

    def _count(self, card: str, condition: Condition) -> Count:
        """`card`'s condition in the position, counted on first use (and again for another
        condition under the same id: a test's), then kept for the states one tile later."""
        kind = condition["type"]
        if kind in _MARKERS:
            count = Count(condition, 0, 0, None, False)
        else:
            have = _TALLY[kind](self, condition)
            count = Count(condition, have, _need(condition), _GROWTH[kind], kind == "settlements_won")
        self._counts[card] = count
        return count

    def kinds(self) -> tuple[int, int, int]:
        """The seat's energy farms, food farms and settlement tiles in the position."""
        if self._kinds is None:
            tiles = list(self.position.own(self.seat).values())
            energy, food, settled = (sum(tile.startswith(code) for tile in tiles) for code in ("E", "F", "S"))
            self._kinds = (energy, food, settled)
        return self._kinds

    def regions(self) -> frozenset[str]:
        """The regions the seat has a tile in, in the position."""
        if self._regions is None:
            region = self.board.region
            found = (region.get(space) for space in self.position.own(self.seat))
            self._regions = frozenset(name for name in found if name is not None)
        return self._regions

    def settled(self) -> frozenset[int]:
        """The settlements the seat has a tile in, in the position, by index."""
        if self._settled is None:
            self._settled = frozenset(settlement.index for settlement in self.position.settled(self.seat))
        return self._settled


def standing(board: Board, state: RebirthState, seat: int) -> Standing:
    """`seat`'s standing in `state`: the counts start empty and are found on first use."""
    tiles = dict(state.board)
    incomplete = 0
    for spaces in board.shared_settlements():
        if all(space in tiles for space in spaces):
            continue  # a complete one scored when it was completed
        incomplete += _influence_of(seat, spaces, tiles)
    position = Position(board, tiles, state.castles, state.cathedral_markers)
    return Standing(board, seat, tiles, incomplete, position)


def _influence_of(seat: int, spaces: tuple[str, ...], tiles: Tiles) -> int:
    total = 0
    for space in spaces:
        tile = tiles.get(space)
        if tile is not None and tile[0] == seat:
            total += scoring.influence(tile[1])
    return total


def _need(condition: Condition) -> int:
    """What a condition's count must reach (`missions.progress`'s need)."""
    kind = condition["type"]
    if kind == "cluster":
        return int(condition["size"] if condition.get("count", 1) == 1 else condition["count"])
    if kind == "line":
        return int(condition["length"])
    if kind == "influence":
        return int(condition["total"])
    return int(condition["count"])


# ------------------------------------------------------------------ the counts in the position


def _cluster_sizes(standing: Standing, condition: Condition) -> list[int]:
    pos, seat = standing.position, standing.seat
    own = pos.own(seat)
    codes = FARM_CODES[condition["farm"]]
    return [size for farm in codes for size in mission_rules.own_clusters(pos, seat, own, farm)]


def _tally_cluster(standing: Standing, condition: Condition) -> int:
    """The largest cluster (one wanted), or how many are large enough (several wanted)."""
    sizes = _cluster_sizes(standing, condition)
    if condition.get("count", 1) == 1:
        return max(sizes, default=0)
    return sum(size >= condition["size"] for size in sizes)


def _counted(standing: Standing, condition: Condition) -> int:
    """The count the condition's own rule gives: uncapped for every kind counted so."""
    have, _ = mission_rules.CONDITIONS[condition["type"]](standing.position, standing.seat, condition)
    return have


def _tally_regions(standing: Standing, condition: Condition) -> int:
    return len(standing.regions())


def _tally_each_kind(standing: Standing, condition: Condition) -> int:
    return min(standing.kinds())


_TALLY: dict[str, Callable[[Standing, Condition], int]] = {
    "cluster": _tally_cluster,
    "farms": _counted,
    "settlements_won": _counted,
    "settlements_present": _counted,
    "sole_settlement": _counted,
    "ports": _counted,
    "adjacent": _counted,
    "region": _counted,
    "regions": _tally_regions,
    "influence": _counted,
    "line": _counted,  # capped at the length wanted, which a longer line still reaches
    "each_kind": _tally_each_kind,
}


# ------------------------------------------------------------------ what one tile changes
# Each: the count one tile later, from the position's count and the tile (the seat's own, but
# for `settlements_won`, which another seat's tile completing a settlement may change too).
# The space was empty in the position, so a settlement through it was incomplete there: not
# won, not held alone.


def _grow_cluster(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    """The tile joins the seat's clusters of its farm next to it into one."""
    if placed.tile not in FARM_CODES[c["farm"]]:
        return have
    joined = _clusters_next_to(standing, placed)
    size = 1 + sum(joined)
    if c.get("count", 1) == 1:
        return max(have, size)
    least: int = c["size"]
    return have - sum(part >= least for part in joined) + (size >= least)


def _clusters_next_to(standing: Standing, placed: Placed) -> list[int]:
    """The sizes of the seat's clusters of `placed`'s farm next to its space, in the position."""
    board, tiles, seat, farm = standing.board, standing.tiles, standing.seat, placed.tile
    seen: set[str] = set()
    sizes = []
    for near in board.neighbours[placed.space]:
        if near not in seen and tiles.get(near) == (seat, farm):
            cluster = scoring.farm_cluster(board, tiles, seat, farm, near)
            seen |= cluster
            sizes.append(len(cluster))
    return sizes


def _grow_farms(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    return have + (placed.tile == FARM_CODES[c["farm"]][0])


def _grow_won(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    settlement = standing.board.settlement_of.get(placed.space)
    if settlement is None or not mission_rules.size_matches(settlement.size, c.get("size"), 2):
        return have
    return have + mission_rules.wins(settlement, tiles, standing.seat)


def _grow_present(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    settlement = standing.board.settlement_of.get(placed.space)
    if settlement is None or settlement.index in standing.settled():
        return have
    return have + mission_rules.size_matches(settlement.size, c.get("size"), 1)


def _grow_sole(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    settlement = standing.board.settlement_of.get(placed.space)
    if settlement is None or settlement.size != c["size"]:
        return have
    return have + mission_rules.holds_alone(settlement, tiles, standing.seat)


def _grow_ports(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    return have + (placed.space in standing.board.ports)


def _grow_adjacent(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    return have + (placed.space in standing.board.touching[c["feature"]])


def _grow_region(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    inside = standing.board.region.get(placed.space) == c["region"]
    return have + (inside and mission_rules.kind_matches(placed.tile, c.get("tile", "any")))


def _grow_regions(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    region = standing.board.region.get(placed.space)
    return have + (region is not None and region not in standing.regions())


def _grow_influence(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    return have + scoring.influence(placed.tile)


def _grow_line(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    """A longer line runs through the tile: the others are as they were."""
    return max(have, mission_rules.line_through(standing.board, tiles, standing.seat, placed.space))


def _grow_each_kind(standing: Standing, c: Condition, have: int, placed: Placed, tiles: Tiles) -> int:
    counts = list(standing.kinds())
    for index, code in enumerate(("E", "F", "S")):
        counts[index] += placed.tile.startswith(code)
    return min(counts)


_GROWTH: dict[str, Growth] = {
    "cluster": _grow_cluster,
    "farms": _grow_farms,
    "settlements_won": _grow_won,
    "settlements_present": _grow_present,
    "sole_settlement": _grow_sole,
    "ports": _grow_ports,
    "adjacent": _grow_adjacent,
    "region": _grow_region,
    "regions": _grow_regions,
    "influence": _grow_influence,
    "line": _grow_line,
    "each_kind": _grow_each_kind,
}
