"""Games that finished before results were stored (schema 14) get their results and ratings by
themselves, once, at the first start after the upgrade (service/ratings.py `backfill`, what
bot.py runs before serving): the same rows their ends store today, `/stats` showing them; never on
a new database or on a database whose games all have results; whole or not at all; once across
processes starting together. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import db.ratings
from db import Database
from db.migrations import MIGRATIONS
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller
from service.ratings import backfill
from tests.support.before_ratings import RATING_TABLES, before_ratings, played_games, rows

pytestmark = pytest.mark.both_backends

LATER = 1_800_000_000.0


def started(database: Database) -> GameService:
    return GameService(database, engines=load_engine, clock=lambda: LATER)


class GamesRead:
    """Counts the finished games a backfill asks for (`Database.finished_ids`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.batches = 0
        original = Database.finished_ids

        async def counted(database: Database, after: int, limit: int) -> list[int]:
            self.batches += 1
            return await original(database, after, limit)

        monkeypatch.setattr(Database, "finished_ids", counted)


async def test_the_first_start_after_the_upgrade_rates_the_old_games_once(tmp_path, monkeypatch):
    path = str(tmp_path / "old.sqlite3")
    games, stored = await before_ratings(path)

    database = await Database.open(path)  # migrations 15 and 16
    try:
        assert await database.schema_version() == len(MIGRATIONS)
        assert await database.results_backfill_due()
        assert await rows(database, "results") == []
        assert await backfill(database, load_engine, clock=lambda: LATER) == len(games)
        for table in RATING_TABLES:  # what the games' ends stored, one by one
            assert await rows(database, table) == stored[table], table
        assert not await database.results_backfill_due()
        [done] = await database.store.fetch("SELECT name, done_at FROM backfills")
        assert tuple(done) == ("results", LATER)
        player = Caller(user_id=101, channel_id=81, guild_id=1, display_name="user101")
        [stats] = await started(database).stats.player(player, 101, "user101")
        assert "3 games played · 3 finished" in stats.text and "Rating **" in stats.text, stats.text
    finally:
        await database.close()

    read = GamesRead(monkeypatch)
    again = await Database.open(path)
    try:
        assert await backfill(again, load_engine) is None
        assert read.batches == 0  # a second start reads one row, no game
        for table in RATING_TABLES:
            assert await rows(again, table) == stored[table], table
    finally:
        await again.close()


async def test_a_new_database_and_one_whose_games_have_results_are_left_alone(tmp_path, monkeypatch):
    read = GamesRead(monkeypatch)
    database = await Database.open(str(tmp_path / "new.sqlite3"))
    try:
        assert not await database.results_backfill_due()
        await played_games(database)  # results stored with each game's end
        assert await backfill(database, load_engine) is None
    finally:
        await database.close()
    reopened = await Database.open(str(tmp_path / "new.sqlite3"))
    try:
        assert await rows(reopened, "backfills") == []
        assert await backfill(reopened, load_engine) is None
    finally:
        await reopened.close()
    assert read.batches == 0


async def test_a_start_stopped_half_way_leaves_nothing_and_the_next_does_it_whole(tmp_path, monkeypatch):
    path = str(tmp_path / "old.sqlite3")
    games, stored = await before_ratings(path)
    written = 0
    original = db.ratings.write_result

    async def dies_on_the_third(*args: Any) -> None:
        nonlocal written
        written += 1
        if written == 3:
            raise KeyboardInterrupt  # the process stopped mid-way (not an Exception the bot logs)
        await original(*args)

    database = await Database.open(path)
    try:
        monkeypatch.setattr(db.ratings, "write_result", dies_on_the_third)
        with pytest.raises(KeyboardInterrupt):
            await backfill(database, load_engine)
    finally:
        await database.close()
    monkeypatch.setattr(db.ratings, "write_result", original)

    restarted = await Database.open(path)
    try:
        assert await restarted.results_backfill_due()
        assert await rows(restarted, "results") == [] and await rows(restarted, "ratings") == []
        assert await backfill(restarted, load_engine) == len(games)
        for table in RATING_TABLES:
            assert await rows(restarted, table) == stored[table], table
    finally:
        await restarted.close()


async def test_processes_starting_together_backfill_once(tmp_path):
    path = str(tmp_path / "old.sqlite3")
    games, stored = await before_ratings(path)
    first = await Database.open(path, process="one")
    second = await Database.open(path, process="two")
    try:
        done = await asyncio.gather(backfill(first, load_engine), backfill(second, load_engine))
        assert sorted(done, key=str) == [len(games), None]
        for table in RATING_TABLES:
            assert await rows(first, table) == stored[table], table
    finally:
        await first.close()
        await second.close()
