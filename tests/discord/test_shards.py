"""A bot running several shards: every server's games play, whichever shard the server is on,
and the periodic check reminds players on each of them."""

from __future__ import annotations

import pytest

from bot import create_bot
from service.shards import ShardPlan
from tests.conftest import SEED
from tests.support.discord import Table, current_player, open_and_start

HOUR = 3600

# A cluster shares one PostgreSQL database: run on both engines (tests/support/storage.py).
pytestmark = pytest.mark.both_backends


@pytest.fixture
def simcord_bot(database_path):
    return create_bot(database_path, seeds=lambda: SEED, shards=ShardPlan(2, (0, 1)))


def table_on_shard(env, shard: int) -> Table:
    guild = env.create_guild(f"Shard {shard} club", shard_id=shard)
    room = guild.create_text_channel("games")
    members = [guild.add_member(env.create_user(f"{name}{shard}")) for name in ("ann", "bob")]
    return Table(env, guild, room, members)


@pytest.mark.simcord(shard_count=2)
async def test_games_on_both_shards_play_and_are_reminded(simcord_env):
    assert simcord_env.bot.shard_count == 2
    tables = [table_on_shard(simcord_env, shard) for shard in (0, 1)]
    for table in tables:
        started = await open_and_start(table)
        assert not started.ephemeral and started.response.attachments
        mover = next(m for m in table.members if f"{m.mention} goes first" in started.response.content)
        choice = (await mover.autocomplete(table.channel, "move", "action", ""))[0]["value"]
        moved = await mover.slash(table.channel, "move", action=choice)
        assert not moved.ephemeral and moved.response.attachments  # the board, in that server
        waiting = current_player(table, moved.response.message)
        table.waiting = waiting.id  # type: ignore[attr-defined]
    for _ in range(26):  # a day passes, checked as the bot checks
        await simcord_env.advance_time(HOUR)
    for table in tables:
        reminders = [m for m in table.channel.history() if m.content.startswith("⏰")]
        assert len(reminders) == 1, [m.content for m in table.channel.history()[-3:]]
        assert f"<@{table.waiting}>, it is your move" in reminders[0].content  # type: ignore[attr-defined]
