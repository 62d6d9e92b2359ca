"""`Rebirth.determinize`: a world the seat cannot tell from the real one, read from its view only.

Over states of seeded random playouts (Scotland, Ireland and the small fixture map where tiles
run out and get discarded; 2 to 4 players; some seats resigning): the seat's view and the public
view are kept, each colour's tiles and the mission cards are all still there, the hidden parts
depend on nothing the seat cannot see (a state with them rewritten gives the same world), other
rng seeds give other worlds, and a world plays on to the end.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.base import RESIGN
from engine.rebirth import Rebirth, RebirthState
from games.registry import load_engine
from tests.support.rebirth_fixture import FIXTURE_MAP, fixture_rebirth

RESIGN_TURN = 9  # an odd seed's playout loses a seat here (with 2 players that ends the game)
SAMPLE_EVERY = 7  # moves between two sampled states of a playout


@pytest.fixture(scope="module")
def engine() -> Rebirth:
    game = load_engine("rebirth")
    assert isinstance(game, Rebirth)
    return game


@pytest.fixture(scope="module")
def fixture_engine() -> Rebirth:
    """A tiny map whose settlement spaces run out: random playouts discard there."""
    return fixture_rebirth()


def playout_states(engine: Rebirth, map_id: str, players: int, seed: int) -> Iterator[RebirthState]:
    """Every `SAMPLE_EVERY`-th state of a seeded random playout, every state waiting on a tower's
    extra placement, and the last one. With an odd seed a seat resigns at `RESIGN_TURN`."""
    chooser = random.Random(seed)
    state = engine.new_game(players, {"map": map_id}, seed)
    resigner = seed % players if seed % 2 else None
    while not engine.is_over(state):
        if state.turn % SAMPLE_EVERY == 0 or state.pending:
            yield state
        seat = engine.to_move(state)
        assert seat is not None
        if resigner is not None and state.turn == RESIGN_TURN and not state.resigned[resigner]:
            state = engine.apply(state, resigner, RESIGN).state
            continue
        moves = engine.legal_moves(state, seat)
        state = engine.apply(state, seat, chooser.choice(moves)).state
    yield state


def sampled(engine: Rebirth, map_id: str, players: int, seeds: range) -> Iterator[tuple[RebirthState, int]]:
    """(state, seat) pairs: each sampled state of each playout, seen by each seat in turn."""
    for seed in seeds:
        for index, state in enumerate(playout_states(engine, map_id, players, seed)):
            yield state, (seed + index) % players


CASES = [(map_id, players) for map_id in ("scotland", "ireland") for players in (2, 3, 4)]


def world_of(engine: Rebirth, state: RebirthState, seat: int, seed: int) -> RebirthState:
    before = state.dumps()
    world = engine.determinize(state, seat, random.Random(seed))
    assert state.dumps() == before, "determinize left its input unchanged"
    assert world is not state
    return world


def held_tiles(state: RebirthState, owner: int) -> Counter[str]:
    """Every tile of `owner`'s colour wherever it is: board, discards, hand, extra tiles, supply,
    set aside."""
    tiles: Counter[str] = Counter(tile for holder, tile in state.board.values() if holder == owner)
    tiles.update(state.discarded[owner])
    tiles.update(state.supplies[owner])
    tiles.update(state.set_aside[owner])
    if state.hands[owner] is not None:
        tiles[state.hands[owner]] += 1
    if state.current == owner:
        tiles.update(extra["tile"] for extra in state.pending)
    return tiles


def check_world(engine: Rebirth, state: RebirthState, seat: int, world: RebirthState) -> None:
    """The seat's view and the public view kept; each colour's tiles and the cards conserved."""
    assert engine.view(world, seat) == engine.view(state, seat)
    assert engine.view(world, None) == engine.view(state, None)
    mix = Counter(engine.tables.tiles["colour_tiles"])
    for owner in range(state.players):
        if state.resigned[owner] or state.finished:  # a resigned seat's tiles, an unplaced extra
            assert held_tiles(world, owner) <= mix
        else:
            assert held_tiles(world, owner) == mix, owner
    cards = [*world.public_missions, *world.mission_deck, *(c for cards in world.missions for c in cards)]
    assert Counter(cards) == Counter(engine.tables.mission_decks[state.map_id])
    if not engine.board(state).towers:
        assert all(aside == sorted(aside) for aside in world.set_aside), "Scotland keeps them sorted"


def rewritten(engine: Rebirth, state: RebirthState, seat: int, seed: int) -> RebirthState:
    """`state` with everything `seat` cannot see rewritten: the seed, each other seat's hidden
    tiles permuted (a hand swapped with a supply tile, extra tiles, set-aside tiles), a hidden
    tile exchanged between two other seats' supplies, the seat's own supply and set-aside order,
    the other seats' mission cards and the pile dealt anew, alike tower tiles exchanged."""
    rng = random.Random(seed)
    other = state.copy()
    other.seed = state.seed + 1 + rng.randrange(1000)
    for owner in range(state.players):
        _permute_hidden_tiles(other, owner, owner == seat, rng)
    others = [owner for owner in range(state.players) if owner != seat and other.supplies[owner]]
    if len(others) >= 2:
        first, second = other.supplies[others[0]], other.supplies[others[1]]
        first[-1], second[-1] = second[-1], first[-1]
    if not state.finished:
        holders = [owner for owner in range(state.players) if owner != seat]
        cards = [card for owner in holders for card in other.missions[owner]] + other.mission_deck
        rng.shuffle(cards)
        for owner in holders:
            count = len(other.missions[owner])
            other.missions[owner], cards = cards[:count], cards[count:]
        other.mission_deck = cards
    else:
        rng.shuffle(other.mission_deck)
    alike = {"RT4": "RT5", "RT5": "RT4", "RT6": "RT7", "RT7": "RT6", "RT8": "RT9", "RT9": "RT8"}
    used = set(other.towers.values())
    other.towers = {
        space: alike[tile] if tile in alike and alike[tile] not in used else tile
        for space, tile in reversed(other.towers.items())
    }
    assert engine.view(other, seat) == engine.view(state, seat), "a rewrite the seat cannot see"
    return other


def _permute_hidden_tiles(state: RebirthState, owner: int, mine: bool, rng: random.Random) -> None:
    placing = state.pending if state.current == owner else []
    extras = placing[1:] if mine else placing
    hand = [] if mine or state.hands[owner] is None else [state.hands[owner]]
    aside = [] if mine else state.set_aside[owner]
    tiles = hand + [extra["tile"] for extra in extras] + state.supplies[owner] + aside
    rng.shuffle(tiles)
    dealt = iter(tiles)
    if hand:
        state.hands[owner] = next(dealt)
    for extra in extras:
        extra["tile"] = next(dealt)
    state.supplies[owner] = [next(dealt) for _ in state.supplies[owner]]
    state.set_aside[owner] = [next(dealt) for _ in aside] if aside else state.set_aside[owner]
    if mine:
        rng.shuffle(state.set_aside[owner])


def hidden_parts(state: RebirthState) -> str:
    """What a world draws, without its seed (which differs for every rng seed anyway)."""
    parts = (state.hands, state.supplies, state.set_aside, state.missions, state.mission_deck, state.pending)
    return json.dumps(parts)


# --------------------------------------------------------------------------------- tests


@pytest.mark.parametrize(("map_id", "players"), CASES)
def test_a_world_keeps_the_view_and_every_component(engine, map_id, players):
    covered = Counter[str]()
    for state, seat in sampled(engine, map_id, players, range(2)):
        world = world_of(engine, state, seat, seed=state.turn)
        check_world(engine, state, seat, world)
        covered["pending, another seat's"] += bool(state.pending) and state.current != seat
        covered["pending, the seat's own"] += bool(state.pending) and state.current == seat
        covered["resigned"] += any(state.resigned)
        covered["over"] += state.finished
    assert covered["resigned"] and covered["over"]
    if map_id == "ireland":
        assert covered["pending, another seat's"] and covered["pending, the seat's own"]


def test_a_world_keeps_discards_and_a_resigned_seat(fixture_engine):
    """On the tiny map tiles run out of spaces and are discarded: a public fact a world keeps."""
    discarded = 0
    for players in (2, 3, 4):
        for state, seat in sampled(fixture_engine, FIXTURE_MAP, players, range(6)):
            check_world(fixture_engine, state, seat, world_of(fixture_engine, state, seat, seed=3))
            discarded += any(state.discarded)
    assert discarded


@pytest.mark.parametrize(("map_id", "players"), CASES)
def test_a_world_depends_only_on_what_the_seat_sees(engine, map_id, players):
    for state, seat in sampled(engine, map_id, players, range(2)):
        other = rewritten(engine, state, seat, seed=state.turn)
        assert other.dumps() != state.dumps()
        for rng_seed in (1, 2):
            expected = world_of(engine, state, seat, rng_seed).dumps()
            assert world_of(engine, other, seat, rng_seed).dumps() == expected


def test_a_world_depends_only_on_what_the_seat_sees_on_the_tiny_map(fixture_engine):
    for state, seat in sampled(fixture_engine, FIXTURE_MAP, 3, range(6)):
        other = rewritten(fixture_engine, state, seat, seed=5)
        expected = world_of(fixture_engine, state, seat, 9).dumps()
        assert world_of(fixture_engine, other, seat, 9).dumps() == expected


@pytest.mark.parametrize("map_id", ["scotland", "ireland"])
def test_other_rng_seeds_draw_other_worlds(engine, map_id):
    state = engine.new_game(4, {"map": map_id}, seed=11)
    worlds = {hidden_parts(world_of(engine, state, 0, rng_seed)) for rng_seed in range(5)}
    assert len(worlds) == 5


@pytest.mark.parametrize(("map_id", "players"), [("scotland", 4), ("ireland", 4), ("ireland", 2)])
def test_a_world_plays_on_to_the_end(engine, map_id, players):
    for state, seat in list(sampled(engine, map_id, players, range(1)))[::3]:
        world = world_of(engine, state, seat, seed=7)
        chooser = random.Random(state.turn)
        while not engine.is_over(world):
            mover = engine.to_move(world)
            assert mover is not None
            moves = engine.legal_moves(world, mover)
            assert moves and all(not engine.legal_moves(world, s) for s in range(players) if s != mover)
            world = engine.apply(world, mover, chooser.choice(moves)).state
        mix_size = sum(engine.tables.tiles["colour_tiles"].values())
        for owner in range(players):
            if not world.resigned[owner]:
                assert not world.supplies[owner] and world.hands[owner] is None
                assert held_tiles(world, owner).total() == mix_size


@pytest.mark.slow
@pytest.mark.parametrize(("map_id", "players"), CASES)
def test_many_worlds_depend_only_on_the_view(engine, map_id, players):
    for state, seat in sampled(engine, map_id, players, range(2, 12)):
        world = world_of(engine, state, seat, seed=state.turn)
        check_world(engine, state, seat, world)
        other = rewritten(engine, state, seat, seed=state.turn + 1)
        assert world_of(engine, other, seat, state.turn).dumps() == world.dumps()
