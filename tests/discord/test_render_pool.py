"""The boards drawn in worker processes (service/workers.py), through the real slash commands:
a move's board is drawn in another process and posted; a worker that dies costs the image,
never the reply; and a slow drawing in one channel holds no other channel's move.

These bots have a real pool of two processes; every other test's bot draws in a thread
(tests/conftest.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio
from PIL import Image

from bot import create_bot
from games.registry import registered
from presenters.rebirth.presenter import RebirthPresenter
from service.images import drawing_workers
from tests.conftest import SEED
from tests.support.discord import (
    handed_over,
    make_table,
    open_and_start,
    pinged,
    posts_in_order,
)
from tests.support.render_faults import CRASH, SLOW, SLOW_SECONDS, SPEC, faulty_workers

# A pool's first start (the fork server importing the drawing code) can take seconds on a loaded
# machine: longer than simcord's default 5 s for a command to settle.
pytestmark = pytest.mark.simcord(settle_timeout=30)


def png_of(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def test_the_pool_runs_calls_in_other_processes_and_closes_them():
    async def scenario() -> tuple[int, list[int], list[int]]:
        workers = drawing_workers(2)
        try:
            pids = await workers.start()
            answered = await asyncio.gather(*(workers.run(os.getpid) for _ in range(6)))
            return os.getpid(), pids, answered
        finally:
            await workers.close()

    own, pids, answered = asyncio.run(scenario())
    assert len(pids) == 2 and own not in pids and set(answered) <= set(pids)
    assert not [pid for pid in pids if os.path.exists(f"/proc/{pid}")], "no worker outlives close"


@pytest_asyncio.fixture
async def simcord_bot(database_path: str, request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    """The bot with two drawing processes, as it runs on a machine of two processors; with
    `faultlink` (indirect parameter), Faultlink registered here and in the workers. Its
    workers are closed after simcord let the bot go (simcord does not close it)."""
    faulty = getattr(request, "param", None) == "faultlink"
    with registered(SPEC) if faulty else contextlib.nullcontext():
        workers = faulty_workers() if faulty else drawing_workers(2)
        bot = create_bot(database_path, seeds=lambda: SEED, workers=workers)
        try:
            yield bot
        finally:
            await workers.close()


async def test_a_move_is_drawn_in_a_worker_process_and_posted(simcord_env, simcord_bot, monkeypatch):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    before = png_of(await started.response.attachments[0].read())

    def not_here(*args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("a board was drawn in the bot's own process")

    monkeypatch.setattr(RebirthPresenter, "render", not_here)
    mover = next(m for m in table.members if f"{m.mention} goes first" in started.response.content)
    offered = await mover.autocomplete(table.channel, "move", "action", "")
    played = await mover.slash(table.channel, "move", action=offered[0]["value"])

    assert not played.ephemeral and played.response.attachments, "the board comes with the move"
    after = png_of(await played.response.attachments[0].read())
    assert after.size == before.size and after.tobytes() != before.tobytes(), "the board changed"
    pids = simcord_bot.workers.pids
    assert len(pids) == 2 and os.getpid() not in pids


async def start_faultlink(env: Any, names: list[str], channel: str) -> tuple[Any, Any]:
    """A Faultlink game of `names` in a new channel: its table and the player to move."""
    table = make_table(env, names, channel)
    first, second = table.members
    await first.slash(table.channel, "game new", game="hexlink")
    await second.slash(table.channel, "game join")
    started = await first.slash(table.channel, "game start")
    mover = next(m for m in table.members if f"{m.mention} goes first" in started.response.content)
    return table, mover


async def first_offer(table: Any, mover: Any) -> str:
    offered = await mover.autocomplete(table.channel, "move", "action", "")
    return str(offered[0]["value"])


@pytest.mark.parametrize("simcord_bot", ["faultlink"], indirect=True)
async def test_a_worker_dying_mid_drawing_costs_the_image_never_the_reply(simcord_env, simcord_bot, caplog):
    doomed, mover = await start_faultlink(simcord_env, [f"{CRASH} alice", "bob"], "doomed")
    other = next(m for m in doomed.members if m is not mover)
    workers = simcord_bot.workers
    before = workers.pids
    with caplog.at_level(logging.ERROR):
        played = await mover.slash(doomed.channel, "move", action=await first_offer(doomed, mover))
    assert not played.ephemeral and "claimed" in played.response.content, "the move is told"
    assert not played.response.attachments, "without its board"
    assert pinged(simcord_env, played.response.message) == {other.id}, "and the next player is pinged"
    assert "could not draw the board" in caplog.text

    fine, mover = await start_faultlink(simcord_env, ["carol", "dave"], "fine")
    played = await mover.slash(fine.channel, "move", action=await first_offer(fine, mover))
    assert played.response.attachments, "a new pool draws the next board"
    png_of(await played.response.attachments[0].read())
    assert workers.pids and not set(workers.pids) & set(before)


@pytest.mark.parametrize("simcord_bot", ["faultlink"], indirect=True)
async def test_a_slow_drawing_holds_no_other_channels_move(simcord_env, simcord_bot):
    slow, slow_mover = await start_faultlink(simcord_env, [f"{SLOW} alice", "bob"], "slow")
    quick, quick_mover = await start_faultlink(simcord_env, ["carol", "dave"], "quick")
    slow_move, quick_move = await first_offer(slow, slow_mover), await first_offer(quick, quick_mover)
    posted = posts_in_order(simcord_env)
    slowly = handed_over(simcord_env, slow_mover, slow.channel, "move", action=slow_move)
    await asyncio.sleep(SLOW_SECONDS / 3)  # its board is being drawn
    quickly = handed_over(simcord_env, quick_mover, quick.channel, "move", action=quick_move)
    await simcord_env.settle()
    assert posted == [(quick.channel.id, True), (slow.channel.id, True)], "the quick move is answered first"
    for result in (slowly, quickly):
        assert not result.ephemeral and result.response.attachments
