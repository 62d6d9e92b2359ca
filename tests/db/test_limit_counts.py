"""The counts the caps on open tables read (service/limits.py): what they count, that each is
one indexed search, and the servers' own caps stored across a reopening."""

from __future__ import annotations

import pytest

from db import Database

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

GUILD, OTHER = 9, 10
ANN, BOB = 100, 200


async def lobby(database: Database, channel: int, creator: int = ANN, guild: int = GUILD):
    return await database.create_game(
        guild_id=guild,
        channel_id=channel,
        game="rebirth",
        options={},
        seed=7,
        creator_id=creator,
        creator_name="someone",
        now=1.0,
    )


async def test_open_lobbies_and_seats_count_what_a_person_holds_open_in_one_server():
    database = await Database.open(":memory:")
    first = await lobby(database, 1)
    await lobby(database, 2)
    await lobby(database, 3, guild=OTHER)
    bobs = await lobby(database, 4, creator=BOB)
    await database.set_lobby_players(bobs, [(BOB, "bob"), (ANN, "ann")], 2.0)
    started = await lobby(database, 5)
    started = await database.start_game(started, [(ANN, "ann"), (BOB, "bob")], "{}", 2.0)
    ended = await database.abort_game(await lobby(database, 6), 3.0)
    assert ended.status == "aborted"
    # Lobbies: opened by ann here and not started; seats: every open table seating her here.
    assert await database.open_lobbies_by(ANN, GUILD) == [1, 2]
    assert await database.open_seats_of(ANN, GUILD) == 4  # lobbies 1, 2, bob's 4, game 5
    await database.set_bot(started, 0, 4.0)  # her seat handed to the fallback player
    assert await database.open_seats_of(ANN, GUILD) == 3
    await database.abort_game(first, 5.0)
    assert await database.open_lobbies_by(ANN, GUILD) == [2]
    await database.close()


@pytest.mark.sqlite_only  # its query plans: tests/db/test_query_plans.py reads both engines'
async def test_each_count_is_one_indexed_search():
    database = await Database.open(":memory:")
    seen: list[str] = []
    await database.connection.set_trace_callback(seen.append)
    await database.open_lobbies_by(ANN, GUILD)
    await database.open_seats_of(ANN, GUILD)
    await database.connection.set_trace_callback(None)
    plans = []
    for statement in seen:
        async with database.connection.execute(f"EXPLAIN QUERY PLAN {statement}") as cursor:
            plans.append([row[3] for row in await cursor.fetchall()])
    assert plans == [
        ["SEARCH games USING INDEX games_lobbies_by_creator (creator_id=? AND guild_id=?)"],
        [
            "SEARCH seats USING INDEX seats_by_user (user_id=?)",
            "SEARCH games USING INTEGER PRIMARY KEY (rowid=?)",
        ],
    ]
    await database.close()


async def test_a_server_s_caps_are_stored_and_default_to_none(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    database = await Database.open(path)
    assert await database.server_limits(GUILD) == (None, None)
    await database.set_server_limits(GUILD, lobbies=1, games=None, user_id=ANN, now=1.0)
    await database.set_server_limits(GUILD, lobbies=2, games=5, user_id=ANN, now=2.0)
    await database.close()
    again = await Database.open(path)
    assert await again.server_limits(GUILD) == (2, 5)
    assert await again.server_limits(OTHER) == (None, None)
    await again.close()
