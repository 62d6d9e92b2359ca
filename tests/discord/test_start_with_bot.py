"""The start message when a bot seat moves first: the how-to is for the people, not the bot."""

from __future__ import annotations

import pytest

from bot import create_bot
from tests.support.discord import make_table

pytestmark = pytest.mark.asyncio

BOT_FIRST_SEED = 20261134
"""A seed whose 2-player Rebirth game seats the second to join (the bot) and lets it move first."""


@pytest.fixture
def simcord_bot(database_path):
    return create_bot(database_path, seeds=lambda: BOT_FIRST_SEED)


async def test_a_bot_that_goes_first_is_told_no_how_to_but_the_people_are(simcord_env):
    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await ann.slash(table.channel, "game add-bot", level="strong")
    started = await ann.slash(table.channel, "game start")
    assert not simcord_env.errors
    text = "\n".join(message.content for message in table.channel.history())
    [first] = [line for line in text.splitlines() if "goes first" in line]
    assert "🤖 strong goes first, and its move follows." in first
    assert "On your turn, place your tile with `/move`; see your tiles and missions with `/hand`." in first
    assert ann.mention not in first and started is not None
