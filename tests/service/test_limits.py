"""The caps on one person's open tables, held when requests arrive all at once (simcord runs one
interaction at a time, so tests/discord/test_abuse_limits.py cannot send them together)."""

from __future__ import annotations

import asyncio

import pytest

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.limits import DEFAULT_LOBBIES
from service.messages import Caller, ServiceError

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

MALLORY = 7


@pytest.fixture
async def service():
    database = await Database.open(":memory:")
    yield GameService(database, engines=load_engine, clock=lambda: 1.0)
    await database.close()


async def test_requests_at_once_open_exactly_the_cap_and_make_no_thread_for_the_others(service):
    """15 `/game new thread:` at once, each in its own channel: a thread is made only for a table
    the caps allow, and exactly `DEFAULT_LOBBIES` lobbies are stored."""
    made: list[str] = []

    async def room(title: str) -> int:
        await asyncio.sleep(0.01)  # a thread takes Discord a while: the others arrive meanwhile
        made.append(title)
        return 1000 + len(made)

    async def request(channel: int) -> str:
        caller = Caller(user_id=MALLORY, channel_id=channel, guild_id=1, display_name="mallory")
        try:
            await service.lobby.new_game(caller, "rebirth", {}, room=room)
        except ServiceError as refusal:
            return refusal.key
        return "opened"

    outcomes = await asyncio.gather(*(request(channel) for channel in range(1, 16)))
    assert outcomes.count("opened") == DEFAULT_LOBBIES == len(made)
    assert set(outcomes) == {"opened", "error.limits.lobbies"}
    assert len(await service.db.open_lobbies_by(MALLORY, 1)) == DEFAULT_LOBBIES
    # Another server counts apart.
    elsewhere = Caller(user_id=MALLORY, channel_id=99, guild_id=2, display_name="mallory")
    assert await service.lobby.new_game(elsewhere, "rebirth", {})
