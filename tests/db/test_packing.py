"""An ended game's moves packed into its row (`Database.pack_game`, db/packing.py): they read
back the same, seat, notation, player and time, without their events; a game in play is never
packed; `tabletop migrate`'s copy takes a packed game along."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

import pytest

import db.database
from db import Database
from db.packing import pack, unpack
from db.transfer import copy_rows
from games.registry import load_engine
from service.game_service import GameService
from service.upkeep import PACK_BATCH
from tests.support.played import played_to_the_end, seated

pytestmark = pytest.mark.both_backends

USERS = (11, 22, 33)
CHANNEL = 77
START = 1_700_000_000.0


@pytest.fixture
async def service():
    database = await Database.open(":memory:")
    clock = [START]

    def tick() -> float:
        clock[0] += 61.25  # moves a minute apart, to the millisecond
        return clock[0]

    yield GameService(database, engines=load_engine, clock=tick, seeds=lambda: 9)
    await database.close()


def without_events(moves):
    return [dataclasses.replace(move, event={}) for move in moves]


@pytest.mark.sqlite_only
def test_a_packed_record_reads_back_every_move_to_the_millisecond():
    moves = [
        (1, 0, 11, "F7", 1_700_000_000.1234),
        (2, 1, None, "pass", 1_700_000_061.5),
        (3, 0, 11, "G8", 1.7e9 + 99),
    ]
    assert unpack(pack(moves)) == [(1, 0, 11, "F7", 1_700_000_000.123), *moves[1:]]
    gapped = [(4, 2, 33, "x", 5.0), (6, 0, 11, "y", 6.0)]
    assert unpack(pack(gapped)) == gapped
    assert unpack(pack([])) == []


async def test_a_finished_game_packs_and_reads_back_the_same_moves(service):
    database = service.db
    game = await played_to_the_end(service, CHANNEL, "rebirth", {"map": "scotland"}, USERS, seed=3)
    moves = await database.moves(game.id)
    played = await database.played(game.id)
    last_two = await database.moves(game.id, last=2)
    assert len(moves) > 100 and all(move.event for move in moves)
    assert await database.ended_unpacked(START + 10**6, 10) == [game.id]

    assert await database.pack_game(game.id)

    assert await database.is_packed(game.id)
    assert await database.moves(game.id) == without_events(moves)
    assert await database.played(game.id) == played
    assert await database.moves(game.id, last=2) == without_events(last_two)
    assert await database.state_before(game.id, moves[-1].number) is None
    [(rows,)] = await database.store.fetch("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game.id,))
    assert rows == 0
    assert await database.ended_unpacked(START + 10**6, 10) == []
    assert not await database.pack_game(game.id)  # packed once
    kept = await database.game(game.id)
    assert kept == game  # its row, options, seed, state, seats and version as they were


async def test_a_game_in_play_is_never_packed(service):
    await service.lobby.new_game(seated(USERS[0], CHANNEL), "rebirth", {"map": "scotland"})
    lobby = await service.db.open_game(CHANNEL)
    assert lobby is not None
    assert await service.db.ended_unpacked(START + 10**6, 10) == []
    assert not await service.db.pack_game(lobby.id)
    assert not await service.db.is_packed(lobby.id)


async def test_the_copy_between_databases_takes_a_packed_game_along(service, tmp_path):
    database = service.db
    game = await played_to_the_end(service, CHANNEL, "rebirth", {"map": "ireland"}, USERS[:2], seed=4)
    moves = await database.moves(game.id)
    assert await database.pack_game(game.id)
    copy = await Database.open(str(tmp_path / "copy.sqlite3"))
    try:
        await copy_rows(database.store, copy.store)
        assert await copy.is_packed(game.id)
        assert await copy.moves(game.id) == without_events(moves)
        assert await copy.game(game.id) == game
    finally:
        await copy.close()


async def backlog(database: Database, count: int) -> dict[int, list[tuple[Any, ...]]]:
    """`count` games that ended long ago with their moves still rows, as a database stored before
    packing existed holds them: each game's moves as `pack` is given them."""
    games, moves = [], {}
    for n in range(count):
        game_id = 500 + n
        games.append((game_id, 9, 5_000 + n, "rebirth", "{}", 7, "finished", USERS[0], "{}", 1.0, START + n))
        moves[game_id] = [(k, k % 3, USERS[k % 3], f"F{k}", START + k * 61.25) for k in range(1, 41)]
    async with database.store.transaction() as writing:
        await writing.run_many(
            "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, creator_id,"
            " state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        await writing.run_many(
            "INSERT INTO moves (game_id, number, seat, user_id, move, event, created_at)"
            " VALUES (?, ?, ?, ?, ?, '{}', ?)",
            [(game_id, *move) for game_id, rows in moves.items() for move in rows],
        )
    return moves


async def test_the_upkeep_packs_a_backlog_off_the_event_loop(service, monkeypatch):
    """Compressing a backlog (hundreds of games after an upgrade, most of a second of CPU a
    check) must not hold up the moves the event loop serves meanwhile: each game is packed in
    another thread, into the same bytes as ever."""
    moves = await backlog(service.db, 30)
    threads: list[int] = []

    def watched(rows: Any) -> bytes:
        threads.append(threading.get_ident())
        return pack(rows)

    monkeypatch.setattr(db.database, "pack", watched)
    assert await service.upkeep.pack(START + 10**6) == len(moves) < PACK_BATCH
    assert len(threads) == len(moves)
    assert threading.get_ident() not in threads  # none on the event loop's thread
    for game_id, rows in moves.items():
        [(record,)] = await service.db.store.fetch("SELECT record FROM games WHERE id = ?", (game_id,))
        assert bytes(record) == pack(rows)
