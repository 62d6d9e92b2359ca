"""A Rebirth world one seat cannot tell from the real one (`Game.determinize`): what its view
shows kept, everything hidden from it dealt anew.

Hidden from a seat: the other seats' tiles in hand, every supply's order (its own too: tiles are
drawn face down), the other seats' set-aside tiles and the order of its own on Ireland (a
`recall` tower takes the top one), the other seats' extra tiles still to place, the other seats'
private mission cards and the mission pile's order. Each colour has its own tiles, so each seat's
unseen tiles are its colour's mix less what the view shows of it (its tiles on the board, its
discards and, for the seat itself, its hand, set-aside tiles and the tile it is placing); the
unseen mission cards are the map's deck less the seat's own cards and the public row (and, once
the game is over, the cards every seat turned face up).

Only the view is read: every pool is sorted before it is shuffled, the counts come from the
view's fields, and what the view shows only by its face (a tower's bonus tile) is mapped to a
canonical id. So two states the seat sees alike give equal worlds for equal `rng` states.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from engine.rebirth.state import RebirthState
from engine.rebirth.tables import RebirthTables

SEED_BITS = 62
"""A world's `seed` is drawn from the rng: the state's own is hidden (it dealt everything), and
although no rule reads it after setup, a world must not carry it."""


def determinize(tables: RebirthTables, state: RebirthState, seat: int, rng: random.Random) -> RebirthState:
    """A new state `seat` sees exactly as it sees `state`, its hidden parts drawn from `rng`."""
    world = state.copy()
    world.seed = rng.getrandbits(SEED_BITS)
    ireland = bool(tables.board(state).towers)  # set-aside tiles kept face down, in an order
    for owner in range(state.players):
        _deal_tiles(tables, state, world, owner, seat, ireland, rng)
    _deal_missions(tables, state, world, seat, rng)
    world.towers = _canonical_towers(tables, state)
    return world


def _deal_tiles(
    tables: RebirthTables,
    state: RebirthState,
    world: RebirthState,
    owner: int,
    seat: int,
    ireland: bool,
    rng: random.Random,
) -> None:
    """`owner`'s hidden tiles in `world`, dealt from its colour's tiles that `seat` cannot see:
    for another seat its hand, its extra tiles to place, its supply and its set-aside tiles;
    for `seat` itself the order of its supply (and of its set-aside tiles on Ireland) and any
    extra tile after the one it is placing."""
    placing = state.pending if state.current == owner else []
    mine = owner == seat
    pool = Counter(tables.tiles["colour_tiles"])
    pool.subtract(tile for holder, tile in state.board.values() if holder == owner)
    pool.subtract(state.discarded[owner])
    if mine:
        pool.subtract(_own_tiles(state, seat, placing))
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)
    dealt = iter(unseen)
    if not mine and state.hands[owner] is not None:
        world.hands[owner] = next(dealt)
    if placing:
        kept = placing[:1] if mine else []  # the seat's own tile to place is in its view
        drawn = [
            {"kind": "extra", "tile": next(dealt), "source": extra["source"]}
            for extra in placing[len(kept) :]
        ]
        world.pending = [dict(extra) for extra in kept] + drawn
    world.supplies[owner] = _take(dealt, len(state.supplies[owner]))
    if mine:
        aside = sorted(state.set_aside[owner])
        if ireland:
            rng.shuffle(aside)
        world.set_aside[owner] = aside
    else:
        aside = _take(dealt, len(state.set_aside[owner]))
        world.set_aside[owner] = aside if ireland else sorted(aside)


def _own_tiles(state: RebirthState, seat: int, placing: list[dict[str, Any]]) -> list[str]:
    """The tiles of its own colour that `seat`'s private view shows besides the board: its
    hand, its set-aside tiles and the extra tile it is placing."""
    tiles = list(state.set_aside[seat])
    hand = state.hands[seat]
    if hand is not None:
        tiles.append(hand)
    if placing:
        tiles.append(placing[0]["tile"])
    return tiles


def _take(dealt: Iterable[str], count: int) -> list[str]:
    """The next `count` tiles of a deal (a seat's unseen tiles always cover what it holds)."""
    tiles = [tile for _, tile in zip(range(count), dealt, strict=False)]
    assert len(tiles) == count, "a seat holds more hidden tiles than its colour has unseen"
    return tiles


def _deal_missions(
    tables: RebirthTables, state: RebirthState, world: RebirthState, seat: int, rng: random.Random
) -> None:
    """The other seats' private mission cards and the face-down pile, dealt from the map's cards
    `seat` has not seen. Once the game is over every seat's cards are face up (the final view):
    only the pile's order is left to draw."""
    pool = Counter(tables.mission_decks.get(state.map_id, []))
    pool.subtract(state.public_missions)
    hidden = [] if state.finished else [other for other in range(state.players) if other != seat]
    for holder in range(state.players):
        if holder not in hidden:
            pool.subtract(state.missions[holder])
    unseen = sorted(pool.elements())
    rng.shuffle(unseen)
    dealt = iter(unseen)
    for holder in hidden:
        world.missions[holder] = _take(dealt, len(state.missions[holder]))
    world.mission_deck = _take(dealt, len(state.mission_deck))


def _canonical_towers(tables: RebirthTables, state: RebirthState) -> dict[str, str]:
    """Each tower's bonus tile as the first tile id of the map's set with the same face (bonus
    and value): the view shows a tower's face, not which of two alike tiles lies there."""
    by_face: dict[tuple[str, Any], list[str]] = {}
    for tile_id in tables.tower_sets.get(state.map_id, []):
        by_face.setdefault(_face(tables, tile_id), []).append(tile_id)
    return {space: by_face[_face(tables, state.towers[space])].pop(0) for space in sorted(state.towers)}


def _face(tables: RebirthTables, tile_id: str) -> tuple[str, Any]:
    tile = tables.tower_tiles[tile_id]
    return tile["bonus"], tile.get("value")
