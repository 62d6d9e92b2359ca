"""The upkeep's searches (service/upkeep.py) are index searches, whatever the number of games and
messages kept: their query plans name the indexes of migration 8, and they find what they say."""

from __future__ import annotations

import pytest

from db import Database
from db.database import IDLE_LOBBIES, TO_PACK, UNSTARTED_ABORTED
from db.outbox import SETTLED_BEFORE

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends
ENDED = 10_000  # a bot's ended games after a while: the old plan read each one's index entry


async def plan(database: Database, sql: str) -> str:
    async with database.connection.execute(f"EXPLAIN QUERY PLAN {sql}", (0.0,)) as cursor:
        return "\n".join(str(row[-1]) for row in await cursor.fetchall())


@pytest.mark.sqlite_only  # its query plans: tests/db/test_query_plans.py reads both engines'
async def test_each_upkeep_search_uses_its_index(tmp_path):
    database = await Database.open(str(tmp_path / "t.sqlite3"))
    try:
        idle = await plan(database, f"SELECT * FROM games WHERE {IDLE_LOBBIES} ORDER BY updated_at")
        assert "SEARCH games USING INDEX games_by_status_age (status=? AND updated_at<?)" in idle, idle
        assert "TEMP B-TREE" not in idle  # ordered by the index itself
        unstarted = await plan(database, f"DELETE FROM games WHERE {UNSTARTED_ABORTED}")
        assert "SEARCH games USING INDEX games_by_status_age (status=? AND updated_at<?)" in unstarted
        assert "SCAN" not in unstarted, unstarted  # the checks of moves and outbox are searches too
        settled = await plan(database, f"DELETE FROM outbox WHERE {SETTLED_BEFORE}")
        assert "SEARCH outbox USING INDEX outbox_settled (sent_at<?)" in settled, settled
    finally:
        await database.close()


async def ended_games(database: Database, count: int, unpacked: int) -> None:
    """`count` ended games (finished, and every fifth aborted), all packed but the `unpacked`
    that ended first; and a few hundred in play."""
    rows = []
    for n in range(count + 300):
        status = "active" if n >= count else "aborted" if n % 5 == 0 else "finished"
        record = None if n < unpacked or n >= count else b"packed"
        rows.append((n + 1, 9, 1_000 + n, "rebirth", "{}", 7, status, 100, "{}", 1.0, 10.0 + n, record))
    async with database.store.transaction() as writing:
        await writing.run_many(
            "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, creator_id,"
            " state, created_at, updated_at, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )


async def statistics_of(database: Database, table: str) -> list[str]:
    """The planner's statistics of `table`'s indexes (`sqlite_stat1`), none before any are gathered."""
    [(gathered,)] = await database.store.fetch(
        "SELECT COUNT(*) FROM sqlite_master WHERE name = 'sqlite_stat1'"
    )
    if not gathered:
        return []
    rows = await database.store.fetch("SELECT idx FROM sqlite_stat1 WHERE tbl = ?", (table,))
    return [row[0] for row in rows]


def searches_games_to_pack(plan: str) -> None:
    """The pack search reads only the partial index's entries, already in order: no scan of the
    games, no sort of every ended game's entry."""
    assert "SEARCH games USING INDEX games_to_pack" in plan, plan
    assert "SCAN" not in plan and "TEMP B-TREE" not in plan, plan


@pytest.mark.sqlite_only  # SQLite's planner, with its statistics and without them
async def test_the_pack_search_uses_its_index_with_statistics_and_without(tmp_path):
    """Without statistics, SQLite's planner guesses each index's selectivity; the pack search's
    plan must not rest on the guess (migration 17), nor on the statistics the bot gathers."""
    path = str(tmp_path / "t.sqlite3")
    database = await Database.open(path)
    try:
        await ended_games(database, ENDED, unpacked=20)
        assert await statistics_of(database, "games") == []  # a fresh file, never analyzed
        searches_games_to_pack(await database.store.plan(TO_PACK, (10.0 + ENDED, 200)))
        assert await database.ended_unpacked(10.0 + ENDED, 200) == list(range(1, 21))
    finally:
        await database.close()
    database = await Database.open(path)  # the bot's open, after the bot's close
    try:
        assert "games_to_pack" in await statistics_of(database, "games")
        searches_games_to_pack(await database.store.plan(TO_PACK, (10.0 + ENDED, 200)))
        assert await database.ended_unpacked(15.0, 200) == [1, 2, 3, 4, 5]
    finally:
        await database.close()


async def test_idle_lobbies_are_lobbies_untouched_since_the_time_given(tmp_path):
    database = await Database.open(str(tmp_path / "t.sqlite3"))
    try:
        made = []
        for channel, now in ((1, 10.0), (2, 30.0), (3, 20.0)):
            made.append(
                await database.create_game(
                    guild_id=9,
                    channel_id=channel,
                    game="rebirth",
                    options={"map": "scotland"},
                    seed=7,
                    creator_id=100,
                    creator_name="alice",
                    now=now,
                )
            )
        await database.start_game(made[2], [(100, "alice"), (200, "bob")], "{}", now=21.0)
        assert [game.channel_id for game in await database.idle_lobbies(25.0)] == [1]
        assert [game.channel_id for game in await database.idle_lobbies(31.0)] == [1, 2]
    finally:
        await database.close()
