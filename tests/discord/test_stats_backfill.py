"""The bot started on a database of schema 14 whose games finished before ratings: `/stats` shows
those games and their ratings from the first start (bot.py works them out before it serves), and
the next start does not work them out again. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from bot import create_bot
from db import Database
from tests.support.before_ratings import played_then_taken_back
from tests.support.discord import make_table

pytestmark = [pytest.mark.asyncio, pytest.mark.both_backends]


async def stats_text(member, channel) -> str:
    result = await member.slash(channel, "stats")
    return result.response.content if result.response else result.followups[-1].content


async def test_the_first_start_shows_the_old_games_in_stats_and_the_next_does_not_redo_it(
    simcord_env, database_path, monkeypatch
):
    table = make_table(simcord_env, ["ana", "bruno", "carla"])
    ana = table.members[0]
    users = {101: ana.id, 102: table.members[1].id, 103: table.members[2].id}
    database: Database = simcord_env.bot.database
    games, stored = await played_then_taken_back(database, table.guild.id, users)
    async with database.store.transaction() as writing:  # their channels are not this server's
        await writing.run("DELETE FROM outbox")
    assert len(games) == 3

    await simcord_env.restart_bot(create_bot(database_path))
    said = await stats_text(ana, table.channel)
    assert "3 games played · 3 finished" in said and "Rating **" in said, said
    assert not simcord_env.errors

    batches = []
    original = Database.finished_ids

    async def counted(self: Database, after: int, limit: int) -> list[int]:
        batches.append(after)
        return await original(self, after, limit)

    monkeypatch.setattr(Database, "finished_ids", counted)
    await simcord_env.restart_bot(create_bot(database_path))
    assert batches == []  # no finished game read again
    assert await stats_text(ana, table.channel) == said
    kept = sorted(tuple(row) for row in await simcord_env.bot.database.store.fetch("SELECT * FROM ratings"))
    assert kept == stored["ratings"]
