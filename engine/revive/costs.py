"""What Revive's actions cost: range over the board, discounts, and the payment of each action."""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from engine.revive.board import unrotate
from engine.revive.state import ReviveState
from engine.revive.tables import ReviveTables


def space_type(tables: ReviveTables, state: ReviveState, space: str) -> dict[str, Any] | None:
    """The area-tile space shown at `space` (None: chasm, corner or face-down)."""
    slot = tables.board.slot_of.get(space)
    placed = state.board.get(slot) if slot else None
    if not placed or not placed["face_up"]:
        return None
    tile = tables.area_tiles[placed["tile"]]
    shown: dict[str, Any] = tile["spaces"][unrotate(tables.board.position[space], placed["rotation"])]
    return shown


def passable(tables: ReviveTables, state: ReviveState, space: str) -> bool:
    """Range runs through the chasm, explored tiles and corners, never face-down tiles."""
    if space in tables.board.chasm or space in tables.board.corners:
        return True
    face_up: bool = state.board[tables.board.slot_of[space]]["face_up"]
    return face_up


_SERIALS = itertools.count()
"""`Layout.serial`: a new number for each layout worked out."""


@dataclass(frozen=True)
class Layout:
    """What the tiles face up make of the board, the same for every state with the same tiles
    face up and turned alike (`layout` keeps it for the next such state):

    - `key`: those tiles, by slot, with their rotation;
    - `passable`: where range runs (the chasm, the corners and the face-up tiles' spaces), also
      as bits (`passable_bits`, `ReviveBoard.bits`);
    - `sites`: each face-up slot's sand and location spaces with their type, slot by slot in
      slot order, in space order (where a building or a figure may go); `site_bits` those of
      each type as bits, `site_order` each one's bit -> its place in the board's order (slot
      by slot in slot order, space by space: the order of `sites`) and its space;
    - `hidden`: the face-down slots in slot order, each with the bits of the spaces next to it;
    - `serial`: this layout's own number, which names it in the keys of the reaches kept on it
      (`_reach_from`): cheaper to hash than `key`."""

    key: tuple[tuple[str, str, int], ...]
    passable: frozenset[str]
    sites: tuple[tuple[str, str], ...]
    passable_bits: int = 0
    site_bits: Mapping[str, int] = field(default_factory=dict)
    site_order: Mapping[int, tuple[int, str]] = field(default_factory=dict)
    hidden: tuple[tuple[str, int], ...] = ()
    serial: int = field(default_factory=lambda: next(_SERIALS), compare=False)


@dataclass(frozen=True)
class Reach:
    """Where one seat reaches on one layout, and the range to each place (food before
    discounts), the same for every state with the same layout and the seat's pieces on the
    same spaces (`reach` keeps it):

    - `rings`: the spaces (bits) at each number of steps, from the origins (0) outwards;
    - `explore`: each face-down slot in reach, in slot order, and its range (`explore_cost`);
    - `by_cost`: the spaces (bits) at each range (`cost_to`: the first two rings share range
      0), nearest first: a listing takes the sites of each range it can pay from these and
      the layout's `site_bits` (moves.py `site_moves_in_reach`);
    - `corners`: each corner in reach, in order, and its range;
    - `distance` (found when asked): steps to each space reached (`range_costs`);
    - `sites` (found when asked): each site in reach (by space), its type and range (`cost_to`)."""

    rings: tuple[int, ...]
    layout: Layout
    names: Mapping[int, str]
    explore: tuple[tuple[str, int], ...]
    by_cost: tuple[tuple[int, int], ...]
    corners: tuple[tuple[str, int], ...]

    @cached_property
    def distance(self) -> Mapping[str, int]:
        return {self.names[bit]: steps for steps, ring in enumerate(self.rings) for bit in each_bit(ring)}

    def steps(self, bit: int) -> int | None:
        """Steps to the space of `bit` (None: out of reach): `distance` of that space alone."""
        return first_ring(self.rings, bit)

    @cached_property
    def sites(self) -> Mapping[str, tuple[str, int]]:
        distance = self.distance
        found = ((space, kind) for space, kind in self.layout.sites if space in distance)
        return {space: (kind, max(0, distance[space] - 1)) for space, kind in found}


@dataclass(frozen=True)
class Occupancy:
    """Where the pieces stand, as bits (`ReviveBoard.bits`), the same for every state with the
    same pieces (kept on the state beside the reaches, `occupancy`):

    - `taken`: the spaces with any piece (sand there is built on);
    - `own`: by seat, the spaces with a piece of theirs (their origins of range; a location
      there is no longer theirs to populate);
    - `crowds`: by number, the spaces with that many pieces (0: every space without one, as
      the bits' complement), the books a figure placed there owes."""

    taken: int
    own: tuple[int, ...]
    crowds: tuple[int, ...]


def first_ring(rings: Sequence[int], bits: int) -> int | None:
    """The number of the first of `rings` holding any of `bits` (the steps to the nearest of
    those spaces), None when none does."""
    for steps, ring in enumerate(rings):
        if ring & bits:
            return steps
    return None


def each_bit(bits: int) -> Iterator[int]:
    """The set bits of `bits`, lowest first, each as an int of that bit alone."""
    while bits:
        low = bits & -bits
        yield low
        bits ^= low


KEPT = 1024
"""Entries kept per content (`ReviveTables.derived`: layouts, reaches, costs after discounts,
candidate technologies), emptied when full: a game's board changes a dozen times and each
seat's pieces a few dozen, so a game's playouts find most of theirs there."""


def layout(tables: ReviveTables, state: ReviveState) -> Layout:
    """The board's `Layout` now."""
    up = tuple(
        (slot, placed["tile"], placed["rotation"])
        for slot, placed in state.board.items()
        if placed["face_up"]
    )
    known = tables.derived.get(up)
    if known is None:
        known = _layout(tables, state, up)
        keep(tables, up, known)
    found: Layout = known
    return found


def _layout(tables: ReviveTables, state: ReviveState, up: tuple[tuple[str, str, int], ...]) -> Layout:
    """The `Layout` of the tiles `up`, put together from each tile's part (`_part`)."""
    board = tables.board
    parts = [_part(tables, *tile) for tile in sorted(up)]
    passable = tables.always_passable.union(*(part.passable for part in parts))
    passable_bits = board.mask(tables.always_passable)
    site_bits = dict.fromkeys(SITES, 0)
    site_order: dict[int, tuple[int, str]] = {}
    for part in parts:
        passable_bits |= part.passable_bits
        for kind, bits in part.site_bits.items():
            site_bits[kind] |= bits
        site_order.update(part.site_order)
    hidden = sorted(slot for slot, placed in state.board.items() if not placed["face_up"])
    return Layout(
        up,
        passable,
        tuple(site for part in parts for site in part.sites),
        passable_bits,
        site_bits,
        site_order,
        tuple((slot, tables.rim_bits[slot]) for slot in hidden),
    )


def _part(tables: ReviveTables, slot: str, tile: str, rotation: int) -> Layout:
    """What one tile face up in `slot`, turned by `rotation`, adds to a `Layout`: its spaces
    (passable), its sites and their place in the board's order (slot by slot in slot order,
    space by space), the same in every layout it is part of; kept in the tables."""
    key = ("part", slot, tile, rotation)
    known = tables.derived.get(key)
    if known is None:
        board = tables.board
        spaces = board.slot_spaces[slot]
        first = sum(len(board.slot_spaces[other]) for other in board.slot_spaces if other < slot)
        shown = tables.area_tiles[tile]["spaces"]
        kinds = ((space, shown[unrotate(board.position[space], rotation)]["type"]) for space in spaces)
        sites = tuple((space, kind) for space, kind in kinds if kind in SITES)
        known = Layout(
            (),
            frozenset(spaces),
            sites,
            board.mask(spaces),
            {kind: board.mask(space for space, its in sites if its == kind) for kind in SITES},
            {board.bits[space]: (first + spaces.index(space), space) for space, _kind in sites},
        )
        keep(tables, key, known)
    found: Layout = known
    return found


SITES = frozenset({"sand", "location"})
"""The space types an action targets: sand to build on, locations to populate."""


def keep(tables: ReviveTables, key: Hashable, value: object) -> None:
    """Keep `value` in `tables.derived` (emptied when it holds `KEPT`)."""
    if len(tables.derived) >= KEPT:
        tables.derived.clear()
    tables.derived[key] = value


def reach(tables: ReviveTables, state: ReviveState, seat: int) -> Reach:
    """Where `seat` reaches now (`Reach`). Origins: the chasm until the player has a piece on
    the board, then their pieces. Kept on the state (`ReviveState.reaches`) once its board is
    settled, with the layout and where the pieces stand (`occupancy`), so the states after
    moves that leave the board alone find them there. In the middle of a move (explore, build
    and populate ask for their range before they change the board) it is the reach of the
    state the move is played from (`ReviveState.played_from`), while the board and the pieces
    are still that state's."""
    kept = state.reaches()
    if kept is None:  # mid-move: nothing kept on this state
        before = state.played_from()
        if before is not None and state.pieces == before.pieces and state.board == before.board:
            return reach(tables, before, seat)
        return _reach_from(tables, layout(tables, state), occupancy_of(tables, state).own[seat])
    found = kept.get(seat)
    if found is None:
        board = kept.get("layout")
        if board is None:
            board = kept["layout"] = layout(tables, state)
        found = kept[seat] = _reach_from(tables, board, occupancy(tables, state).own[seat])
    return found


def occupancy(tables: ReviveTables, state: ReviveState) -> Occupancy:
    """Where the pieces stand now (`Occupancy`), kept on the state beside the reaches once its
    board is settled (`ReviveState.reaches`; `carry_reaches` updates it for the pieces a move
    placed)."""
    kept = state.reaches()
    if kept is None:
        return occupancy_of(tables, state)
    found: Occupancy | None = kept.get("pieces")
    if found is None:
        found = kept["pieces"] = occupancy_of(tables, state)
    return found


def occupancy_of(tables: ReviveTables, state: ReviveState) -> Occupancy:
    """`occupancy` from the pieces, space by space."""
    bits = tables.board.bits
    taken = 0
    own = [0] * state.players
    crowds = [0] * (state.players + 1)
    for space, pieces in state.pieces.items():
        if pieces:
            bit = bits[space]
            taken |= bit
            crowds[len(pieces)] |= bit  # a seat has one piece on a space at most
            for piece in pieces:
                own[piece[0]] |= bit
    crowds[0] = ~taken
    return Occupancy(taken, tuple(own), tuple(crowds))


def _reach_from(tables: ReviveTables, board: Layout, origins: int) -> Reach:
    """`reach` from the seat's `origins` (bits; none: the chasm) on `board`, kept in the tables."""
    key = ("reach", board.serial, origins)
    known = tables.derived.get(key)
    if known is None:
        known = _reach(tables, board, origins or tables.board.mask(tables.board.chasm))
        keep(tables, key, known)
    found: Reach = known
    return found


def carry_reaches(tables: ReviveTables, before: ReviveState, after: ReviveState) -> None:
    """Settle `after`, played from `before` by a move that may change the board
    (`ReviveState.settled`), keeping what `before` kept that still holds while no tile was
    turned up or around: the layout, the reaches of the seats whose pieces stayed where they
    were, and where the pieces stand, updated for the spaces the move placed on."""
    after.settled()
    kept = before.kept_reaches()
    board = kept.get("layout")
    if board is None or after.board is not before.board and layout(tables, after).key != board.key:
        return
    if not before.pieces.keys() <= after.pieces.keys():  # a space emptied: never, but then every seat
        return
    changed = [
        space
        for space, pieces in after.pieces.items()
        if (old := before.pieces.get(space)) is not pieces and old != pieces  # placed on: a new list
    ]
    moved = {piece[0] for space in changed for piece in (*after.pieces[space], *before.pieces.get(space, ()))}
    carried = after.reaches()
    assert carried is not None  # settled
    carried["layout"] = board
    carried.update((seat, found) for seat, found in kept.items() if type(seat) is int and seat not in moved)
    placed = kept.get("pieces")
    if placed is not None:
        carried["pieces"] = _placed(tables, placed, before, after, changed) if changed else placed


def _placed(
    tables: ReviveTables, placed: Occupancy, before: ReviveState, after: ReviveState, changed: list[str]
) -> Occupancy:
    """`placed`, where the pieces of `before` stand, updated for the `changed` spaces of `after`."""
    taken, own, crowds = placed.taken, list(placed.own), list(placed.crowds)
    for space in changed:
        bit = tables.board.bits[space]
        old, new = before.pieces.get(space, ()), after.pieces[space]
        for piece in old:
            own[piece[0]] &= ~bit
        for piece in new:
            own[piece[0]] |= bit
        crowds[len(old)] &= ~bit  # 0: the complement of `taken`, set again below
        if new:
            taken |= bit
            crowds[len(new)] |= bit
        else:
            taken &= ~bit
    crowds[0] = ~taken
    return Occupancy(taken, tuple(own), tuple(crowds))


def _reach(tables: ReviveTables, board: Layout, origins: int) -> Reach:
    """Range grown ring by ring from `origins` (bits) through the passable spaces, then each
    target found in the ring that first holds it."""
    grid = tables.board
    seen = origins
    rings = [seen]
    passable = board.passable_bits
    while True:
        ring = grid.grow(rings[-1]) & passable & ~seen
        if not ring:
            break
        rings.append(ring)
        seen |= ring
    explore = []
    for slot, rim in board.hidden:
        steps = first_ring(rings, rim)
        if steps is not None:
            explore.append((slot, steps))
    corners = []
    for corner in sorted(grid.corners):
        steps = first_ring(rings, grid.bits[corner])
        if steps is not None:
            corners.append((corner, max(0, steps - 1)))
    return Reach(tuple(rings), board, grid.names, tuple(explore), tuple(_by_cost(rings)), tuple(corners))


def _by_cost(rings: list[int]) -> list[tuple[int, int]]:
    """The rings by range cost (`cost_to`: a step less, never below 0, so the first two share 0)."""
    if len(rings) < 2:
        return [(0, rings[0])]
    return [(0, rings[0] | rings[1]), *((steps - 1, ring) for steps, ring in enumerate(rings) if steps > 1)]


def range_to(tables: ReviveTables, state: ReviveState, seat: int, space: str) -> int | None:
    """`cost_to` one space (a site or a corner) from `seat`'s pieces, without every distance."""
    steps = reach(tables, state, seat).steps(tables.board.bits[space])
    return None if steps is None else max(0, steps - 1)


def explore_range(tables: ReviveTables, state: ReviveState, seat: int, slot: str) -> int | None:
    """`explore_cost` of one face-down slot from `seat`'s pieces, without every distance."""
    return dict(reach(tables, state, seat).explore).get(slot)


def range_costs(tables: ReviveTables, state: ReviveState, seat: int) -> Mapping[str, int]:
    """Steps to each space in reach: the food to reach one is the spaces passed between
    origin and target (`cost_to`)."""
    return reach(tables, state, seat).distance


def cost_to(distance: Mapping[str, int], space: str) -> int | None:
    """Food to reach `space` from the distances `range_costs` gave (None: out of reach)."""
    return max(0, distance[space] - 1) if space in distance else None


def explore_cost(tables: ReviveTables, distance: Mapping[str, int], slot: str) -> int | None:
    """Range to a face-down tile: to the nearest passable space next to it."""
    near = [distance[n] for n in tables.rims[slot] if n in distance]
    return min(near) if near else None


def discount_total(tables: ReviveTables, me: dict[str, Any], action: str, spend: bool = False) -> int:
    """The player's discount on `action`: this turn's (the next payment only; `spend` uses
    them up) plus their technologies' (always)."""
    total: int = sum(d["amount"] for d in me.get("discounts", []) if d["action"] == action)
    total += sum(
        tech["ability"]["discount"]["amount"]
        for tech in tables.unlocked(me)
        if tech["ability"]["timing"] == "always" and tech["ability"]["discount"]["action"] == action
    )
    if spend and me.get("discounts"):
        me["discounts"] = [d for d in me["discounts"] if d["action"] != action]
    return total


def discount_totals(tables: ReviveTables, me: dict[str, Any], actions: Sequence[str]) -> dict[str, int]:
    """`discount_total` of each of `actions`, found in one pass."""
    totals = dict.fromkeys(actions, 0)
    for held in me.get("discounts", ()):
        if held["action"] in totals:
            totals[held["action"]] += held["amount"]
    for tech in tables.unlocked(me):
        ability = tech["ability"]
        if ability["timing"] == "always" and ability["discount"]["action"] in totals:
            totals[ability["discount"]["action"]] += ability["discount"]["amount"]
    return totals


def discount(
    tables: ReviveTables,
    me: dict[str, Any],
    action: str,
    amount: int,
    spend: bool = False,
    total: int | None = None,
) -> int:
    """A single-resource cost after the player's discounts for `action` (`total`, when the
    caller already knows it). Never below the rules' minimum, and a cost of 0 stays 0."""
    if total is None:
        total = discount_total(tables, me, action, spend)
    if amount <= 0:
        return 0
    return max(tables.rules["minimum_cost"], amount - total) if total else amount


def discounted_cost(
    tables: ReviveTables,
    me: dict[str, Any],
    action: str,
    cost: dict[str, int],
    reach: int,
    spend: bool = False,
    off: str | None = None,
    totals: dict[str, int] | None = None,
) -> dict[str, int]:
    """The whole payment for an action: its own cost after discounts plus range in food
    (after range discounts). A discount on a cost of several resources comes off `off`
    first (the player's choice, see `discount_parts`), then off the largest parts; the
    cost as a whole never goes below the rules' minimum. `totals` (action -> discount)
    saves recomputing the discounts when listing many targets."""
    cost = {name: amount for name, amount in cost.items() if amount > 0}
    if not cost:
        total = 0
    elif totals is not None:
        total = totals[action]
    else:
        total = discount_total(tables, me, action, spend)
    removable = min(total, sum(cost.values()) - tables.rules["minimum_cost"])
    if removable > 0:  # else nothing comes off (the common case: no discount)
        order = sorted(cost, key=lambda name: (name != off, -cost[name], name))
        for name in order:
            if removable <= 0:
                break
            taken = min(removable, cost[name])
            cost[name] -= taken
            removable -= taken
        cost = {name: amount for name, amount in cost.items() if amount > 0}
    range_food = discount(tables, me, "range", reach, spend, totals["range"] if totals is not None else None)
    cost["food"] = cost.get("food", 0) + range_food
    return cost


def discount_parts(
    tables: ReviveTables, me: dict[str, Any], action: str, cost: dict[str, int], total: int | None = None
) -> Sequence[str | None]:
    """Which resource a discount may come off first: one choice per resource of a mixed cost
    when a discount applies and would change the payment, else just [None]. `total`: the
    discount on `action`, when the caller knows it."""
    parts = sorted(name for name, amount in cost.items() if amount > 0)
    if len(parts) < 2 or not (discount_total(tables, me, action) if total is None else total):
        return [None]
    return parts


def affords(me: dict[str, Any], cost: dict[str, int]) -> bool:
    """Whether the seat (`me`, its record) holds every resource of `cost`."""
    return all(me["resources"].get(name, 0) >= amount for name, amount in cost.items())


def pay(me: dict[str, Any], cost: dict[str, int]) -> None:
    """Take `cost` from the seat's resources (the caller checked it `affords` them)."""
    for name, amount in cost.items():
        me["resources"][name] -= amount


def populate_cost(
    tables: ReviveTables,
    state: ReviveState,
    seat: int,
    space: str,
    tech: dict[str, Any],
    reach: int,
    spend: bool = False,
    totals: dict[str, int] | None = None,
) -> tuple[dict[str, int], list[int]]:
    """What populating `space` with a figure of `tech` costs (after discounts, with range, a
    book to each other seat already there and a large location's own cost), and those seats."""
    cost = discounted_cost(tables, state.seats[seat], "populate", tech["cost"], reach, spend, totals=totals)
    return populate_extra(tables, state, seat, space, cost)


def populate_extra(
    tables: ReviveTables, state: ReviveState, seat: int, space: str, cost: Mapping[str, int]
) -> tuple[dict[str, int], list[int]]:
    """A technology's `cost` (after discounts, with range) and what populating `space` adds to
    it: a book to each other seat already there (those seats, too) and a large location's own
    cost."""
    others = [p[0] for p in state.pieces.get(space, []) if p[0] != seat]
    total = dict(cost)
    total["book"] = total.get("book", 0) + len(others)
    if space in state.corners:
        corner = state.corners[space]
        for name, amount in tables.large_sides[corner["location"]][corner["side"]]["cost"].items():
            total[name] = total.get(name, 0) + amount
    return total, others


def populate_candidates(tables: ReviveTables, me: dict[str, Any]) -> list[dict[str, Any]]:
    """The technologies the next population figure may come from: the lowest first, then
    only ones connected to an unlocked technology."""
    sun = tables.tribes[me["tribe"]]["sun"]
    unlocked = set(me["unlocked"])
    if not unlocked:
        candidates = [t for t in sun["technologies"] if t["id"] == sun["lowest"]]
    else:
        links = tables.tech_links[me["tribe"]]
        linked = set().union(*(links.get(tech, ()) for tech in unlocked))
        candidates = [t for t in sun["technologies"] if t["id"] in linked and t["id"] not in unlocked]
    return candidates
