"""A game's hidden piles are dealt from its seed, so the seed must not be findable from what the
table sees: a new game's seed is 128 bits from the system's secure source, the database keeps it
whole (wider than SQLite's integers), no view or log line shows it, and games stored with the
old narrow seeds keep theirs."""

from __future__ import annotations

import json
import logging

import pytest

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller
from service.tables import SEED_BITS, new_seed

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

ANN, BEA = 11, 22
CHANNEL = 5


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


async def started(database: Database, game: str) -> tuple[GameService, int]:
    """A two-player game started through the service with its own seeds (none fixed)."""
    service = GameService(database, engines=load_engine, clock=lambda: 1_700_000_000.0)
    await service.lobby.new_game(caller(ANN), game, {})
    await service.lobby.join(caller(BEA))
    await service.lobby.start(caller(ANN))
    stored = await database.open_game(CHANNEL)
    assert stored is not None
    return service, stored.seed


def test_new_seeds_are_wide_and_never_repeat():
    seeds = [new_seed() for _ in range(200)]
    assert len(set(seeds)) == 200
    assert all(seed.bit_length() <= SEED_BITS for seed in seeds)
    assert sum(seed.bit_length() > 120 for seed in seeds) > 190  # uniform over 128 bits


@pytest.mark.parametrize("game", ["rebirth", "revive"])
async def test_the_stored_seed_is_the_whole_seed_and_replays_the_game(database, game):
    service, seed = await started(database, game)
    assert seed.bit_length() > 64, "wider than an SQLite integer: kept as text"
    stored = await database.open_game(CHANNEL)
    engine = load_engine(game)
    replayed = engine.new_game(2, stored.options, seed)
    assert engine.dumps(replayed) == stored.state, "the game replays from the seed read back"


async def test_a_narrow_seed_stays_an_integer(database):
    """Games stored before keep their seeds in the integer column, and read back the same."""
    created = await database.create_game(
        guild_id=1,
        channel_id=9,
        game="rebirth",
        options={},
        seed=2**31 - 5,
        creator_id=ANN,
        creator_name="ann",
        now=1.0,
    )
    assert (await database.game(created.id)).seed == 2**31 - 5
    wide = await database.create_game(
        guild_id=1,
        channel_id=10,
        game="rebirth",
        options={},
        seed=2**127 + 3,
        creator_id=ANN,
        creator_name="ann",
        now=1.0,
    )
    assert (await database.game(wide.id)).seed == 2**127 + 3


def test_trying_seeds_near_a_known_one_finds_no_other_opening():
    """The search that found a narrow seed from Revive's opening board (the first player and the
    face-up start tiles) finds nothing around a wide seed: only the true seed deals its board."""
    engine = load_engine("revive")
    seed = new_seed()
    opening = json.dumps(engine.view(engine.new_game(2, {}, seed), None), sort_keys=True)
    for candidate in range(seed - 300, seed + 300):
        if candidate != seed:
            assert json.dumps(engine.view(engine.new_game(2, {}, candidate), None), sort_keys=True) != opening


@pytest.mark.parametrize("game", ["rebirth", "revive"])
async def test_the_seed_is_in_no_view_and_no_log_line(database, game, caplog):
    caplog.set_level(logging.DEBUG)
    service, seed = await started(database, game)
    for user in (ANN, BEA):  # each player's own look, and the table's
        for message in await service.looking.hand(caller(user)):
            assert str(seed) not in message.text
    stored = await database.open_game(CHANNEL)
    engine = load_engine(game)
    state = engine.loads(stored.state)
    for seat in (None, 0, 1):
        assert str(seed) not in json.dumps(engine.view(state, seat), default=str)
    assert str(seed) not in caplog.text
