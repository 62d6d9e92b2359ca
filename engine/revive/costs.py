"""What Revive's actions cost: range over the board, discounts, and the payment of each action."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True)
class Layout:
    """What the tiles face up make of the board, the same for every state with the same tiles
    face up and turned alike (`layout` keeps it for the next such state):

    - `key`: those tiles, by slot, with their rotation;
    - `passable`: where range runs (the chasm, the corners and the face-up tiles' spaces);
    - `sites`: each face-up slot's sand and location spaces with their type, slot by slot in
      slot order, in space order (where a building or a figure may go)."""

    key: tuple[tuple[str, str, int], ...]
    passable: frozenset[str]
    sites: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Reach:
    """Where one seat reaches on one layout, and the range to each place (food before
    discounts), the same for every state with the same layout and the seat's pieces on the
    same spaces (`reach` keeps it):

    - `distance`: steps to each passable space (`range_costs`);
    - `explore`: each face-down slot in reach, in slot order, and its range (`explore_cost`);
    - `sites`: each site of the layout in reach (by space), its type and range (`cost_to`);
    - `by_range`: the same sites grouped by type and range, each with its place in the
      layout's order (so a listing passes over a whole range it cannot pay at once);
    - `corners`: each corner in reach, in order, and its range."""

    distance: Mapping[str, int]
    explore: tuple[tuple[str, int], ...]
    sites: Mapping[str, tuple[str, int]]
    by_range: Mapping[str, tuple[tuple[int, tuple[tuple[int, str], ...]], ...]]
    corners: tuple[tuple[str, int], ...]


KEPT = 1024
"""Entries kept per content (`ReviveTables.derived`: layouts, reaches, costs after discounts,
candidate technologies), emptied when full: a game's board changes a dozen times and each
seat's pieces a few dozen, so a game's playouts find most of theirs there (a reach takes about
8 KB: 8 MB at most)."""


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
    board = tables.board
    passable = set(board.chasm) | set(board.corners)
    sites = []
    for slot, _tile, _rotation in sorted(up):
        passable.update(board.slot_spaces[slot])
        kinds = ((space, space_type(tables, state, space)) for space in board.slot_spaces[slot])
        sites += [(space, kind["type"]) for space, kind in kinds if kind and kind["type"] in SITES]
    return Layout(up, frozenset(passable), tuple(sites))


SITES = frozenset({"sand", "location"})
"""The space types an action targets: sand to build on, locations to populate."""


def keep(tables: ReviveTables, key: Hashable, value: object) -> None:
    """Keep `value` in `tables.derived` (emptied when it holds `KEPT`)."""
    if len(tables.derived) >= KEPT:
        tables.derived.clear()
    tables.derived[key] = value


def reach(tables: ReviveTables, state: ReviveState, seat: int) -> Reach:
    """Where `seat` reaches now (`Reach`). Origins: the chasm until the player has a piece on
    the board, then their pieces."""
    origins = []
    for space, pieces in state.pieces.items():
        for piece in pieces:
            if piece[0] == seat:
                origins.append(space)
                break
    board = layout(tables, state)
    key = ("reach", board.key, *origins)
    known = tables.derived.get(key)
    if known is None:
        known = _reach(tables, state, board, tuple(origins) or tuple(sorted(tables.board.chasm)))
        keep(tables, key, known)
    found: Reach = known
    return found


def _reach(tables: ReviveTables, state: ReviveState, board: Layout, origins: tuple[str, ...]) -> Reach:
    distance = _distances(tables, board.passable, origins)
    hidden = sorted(slot for slot, placed in state.board.items() if not placed["face_up"])
    explore = [(slot, explore_cost(tables, distance, slot)) for slot in hidden]
    sites = {space: (kind, max(0, distance[space] - 1)) for space, kind in board.sites if space in distance}
    grouped: dict[str, dict[int, list[tuple[int, str]]]] = {kind: {} for kind in SITES}
    for index, (space, (kind, cost)) in enumerate(sites.items()):
        grouped[kind].setdefault(cost, []).append((index, space))
    corners = [(corner, cost_to(distance, corner)) for corner in sorted(tables.board.corners)]
    return Reach(
        distance,
        tuple((slot, cost) for slot, cost in explore if cost is not None),
        sites,
        {
            kind: tuple((cost, tuple(at)) for cost, at in sorted(groups.items()))
            for kind, groups in grouped.items()
        },
        tuple((corner, cost) for corner, cost in corners if cost is not None),
    )


def range_costs(tables: ReviveTables, state: ReviveState, seat: int) -> Mapping[str, int]:
    """Food to reach each passable space: the spaces passed between origin and target."""
    return reach(tables, state, seat).distance


def _distances(tables: ReviveTables, passable: frozenset[str], origins: tuple[str, ...]) -> dict[str, int]:
    """Steps from the nearest of `origins` to every space reached through `passable` ones."""
    neighbours = tables.board.neighbours
    distance = dict.fromkeys(origins, 0)
    frontier = list(origins)
    steps = 0
    while frontier:
        steps += 1
        reached = []
        for space in frontier:
            for near in neighbours[space]:
                if near not in distance and near in passable:
                    distance[near] = steps
                    reached.append(near)
        frontier = reached
    return distance


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
        linked = set()
        for tech in sun["technologies"]:
            for other in tech["connections"]:
                if tech["id"] in unlocked:
                    linked.add(other)
                if other in unlocked:
                    linked.add(tech["id"])
        candidates = [t for t in sun["technologies"] if t["id"] in linked - unlocked]
    return candidates
