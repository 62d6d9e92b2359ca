"""/undo late in a long game answers as quickly as early on, and the bot serves everyone else
meanwhile: the state before the move is read from storage, not replayed on the event loop."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from typing import Any

import pytest

from tests.support.discord import make_table
from tests.support.revive_play import recorded_play

pytestmark = pytest.mark.asyncio

SHORT, LONG = 20, 500
STALL_AT_MOST = 0.050  # seconds the event loop may go without serving another task


async def loop_lag_during(work: Awaitable[Any]) -> tuple[float, Any]:
    """The longest the event loop went without running another task while `work` ran (measured
    by a task that asks to wake every millisecond), and what `work` gave."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def heartbeat() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    beating = asyncio.create_task(heartbeat())
    await asyncio.sleep(0.005)
    try:
        result = await work
    finally:
        done.set()
        await beating
    return max(gaps), result


@pytest.mark.slow
async def test_undo_at_move_500_of_revive_stalls_the_bot_no_longer_than_at_move_20(simcord_env):
    tables = simcord_env.bot.service.tables
    stalls: dict[int, float] = {}
    for length in (SHORT, LONG):
        table = make_table(simcord_env, ["ann", "bob", "cy", "dee"], channel=f"game-{length}")
        creator = table.members[0]
        await creator.slash(table.channel, "game new", game="revive")
        for member in table.members[1:]:
            await member.slash(table.channel, "game join")
        await creator.slash(table.channel, "game start")
        game, mover_id = await recorded_play(tables, table.channel.id, length, seed=3)
        mover = table.member(mover_id)
        [last] = await tables.db.moves(game.id, last=1)
        runs = []
        for _ in range(3):  # play, then take back: a stall would show every time
            lag, undone = await loop_lag_during(mover.slash(table.channel, "undo"))
            assert "took back" in undone.response.content
            runs.append(lag)
            again = await mover.slash(table.channel, "move", action=last.move)
            assert not (again.ephemeral and "can't" in again.response.content.lower())
            assert (await tables.db.moves(game.id, last=1))[0].move == last.move
        stalls[length] = min(runs)  # the least disturbed run: noise adds, a stall never leaves
    assert stalls[LONG] < STALL_AT_MOST, stalls
    assert stalls[LONG] < stalls[SHORT] + STALL_AT_MOST / 2, stalls
