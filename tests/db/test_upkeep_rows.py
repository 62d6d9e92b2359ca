"""The upkeep's searches (service/upkeep.py) are index searches, whatever the number of games and
messages kept: their query plans name the indexes of migration 8, and they find what they say."""

from __future__ import annotations

import pytest

from db import Database
from db.database import IDLE_LOBBIES, UNSTARTED_ABORTED
from db.outbox import SETTLED_BEFORE

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends


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
