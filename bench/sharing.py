"""What one member's solo tables thinking cost everybody else (docs/scale.md "AI seats share the
machine"): a person's `/move` in another channel, from the command to its board posted, timed on
an idle bot and again while `tables` solo Rebirth tables of one member, each against three
`strong` seats at their own budgets, all think; the ratio of the two medians.

It is measured in one run on two bots: as the bot runs (the searches in processes of their own at
a lower priority, fair between channels, service/thinking.py), and as it was (the searches in the
drawing processes, first come, first served), for reference. Through the real bot under simcord,
with as many drawing (and thinking) processes as the machine has processors.
"""

from __future__ import annotations

import asyncio
import math
import random
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import simcord

from bot import create_bot
from games.registry import load_engine
from service.images import drawing_workers
from service.thinking import Thinking, thinking_workers
from service.workers import machine_workers
from tests.support.discord import board_post_times, handed_over

GAME, OPTIONS = "rebirth", {"map": "scotland"}
PEOPLE = ("Morag the Bold", "Hamish")
RATIO_MAX = 3.0  # a person's move while the tables think, against the same move on an idle bot
DEADLINE = 60.0  # seconds one move may take before the run gives up on it


@dataclass(frozen=True)
class Sharing:
    """One bot's figures: seconds of a person's move alone and while the tables think (medians),
    and how many of the busy moves were timed while some table still thought."""

    alone: float
    busy: float
    busy_moves: int
    thinking_left: int  # decisions still queued or running when the last busy move was posted

    @property
    def ratio(self) -> float:
        return self.busy / self.alone


async def measure(tables: int = 10, moves: int = 5, seed: int = 20261207, apart: bool = True) -> Sharing:
    """The figures of one bot: `apart`, as it runs; otherwise with the searches in its drawing
    processes, first come, first served, as it was."""
    chooser = random.Random(seed)
    engine = load_engine(GAME)
    async with _bot(seed, apart) as (env, bot):
        guild = env.create_guild()
        people_channel = guild.create_text_channel("people")
        people = [guild.add_member(env.create_user(name)) for name in PEOPLE]
        await people[0].slash(people_channel, "game new", game=GAME, **OPTIONS)
        await people[1].slash(people_channel, "game join")
        await people[0].slash(people_channel, "game start")
        loner = guild.add_member(env.create_user("Eilidh"))
        solo = []
        for n in range(tables):
            channel = guild.create_text_channel(f"solo-{n}")
            await loner.slash(
                channel, "game new", game=GAME, solo=True, level="strong", opponents=3, **OPTIONS
            )
            solo.append(channel)
        posted = board_post_times(env)
        by_id = {member.id: member for member in [*people, loner]}

        async def chosen(channel: Any) -> tuple[Any, str]:
            game = await bot.database.open_game(channel.id)
            state = engine.loads(game.state or "")
            seat = engine.to_move(state)
            legal = engine.legal_moves(state, seat)
            return by_id[game.players[seat]], legal[chooser.randrange(len(legal))]

        async def timed() -> float:
            member, action = await chosen(people_channel)
            posted.pop(people_channel.id, None)
            start = time.perf_counter()
            handed_over(env, member, people_channel, "move", action=action)
            while people_channel.id not in posted:
                if time.perf_counter() - start > DEADLINE:
                    raise RuntimeError(f"{action!r} was not answered with a board in {DEADLINE:.0f} s")
                await asyncio.sleep(0.002)
            return posted[people_channel.id] - start

        await timed()  # untimed: first-call costs
        await env.settle(timeout=DEADLINE)
        alone = []
        for _ in range(moves):
            alone.append(await timed())
            await env.settle(timeout=DEADLINE)
        for channel in solo:  # the member moves at every table; all of them think now
            member, action = await chosen(channel)
            handed_over(env, member, channel, "move", action=action)
        thinking = bot.service.tables.thinking
        await asyncio.sleep(0.5)
        busy = []
        for _ in range(moves):
            if not thinking.waiting() and not thinking.held(loner.id):
                break
            busy.append(await timed())
        left = thinking.waiting() + math.ceil(thinking.held(loner.id))
        await env.settle(timeout=30 * DEADLINE)
        return Sharing(statistics.median(alone), statistics.median(busy or [math.nan]), len(busy), left)


@asynccontextmanager
async def _bot(seed: int, apart: bool) -> AsyncIterator[tuple[simcord.Env, Any]]:
    """The real bot on a temporary SQLite file, with as many drawing processes as processors
    and, `apart`, as many thinking ones; otherwise thinking in the drawing processes, in the
    order the decisions came."""
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as folder:
        processes = machine_workers()
        workers = drawing_workers(processes)
        thinkers = thinking_workers(processes) if apart else workers
        bot = create_bot(
            str(Path(folder) / "bench.sqlite3"), seeds=lambda: seed, workers=workers, thinkers=thinkers
        )
        try:
            # Started before simcord attaches the bot, which it gives 5 s to settle.
            await asyncio.gather(workers.start(), thinkers.start())
            async with simcord.run(bot, settle_timeout=60) as env:
                if not apart:
                    bot.service.tables.thinking = Thinking(workers, slots=10_000, member_seconds=math.inf)
                yield env, bot
        finally:
            await bot.close()
