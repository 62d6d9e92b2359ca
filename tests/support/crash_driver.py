"""The bot in a process of its own, for tests/delivery/test_kill.py: a test kills it
with SIGKILL at a random point and starts it again on the same database.

    python -m tests.support.crash_driver play --database PATH --seed N
    python -m tests.support.crash_driver resume --database PATH --seed N

Both run the real bot under simcord on the same world: one guild with a pinned id, the same
channels and members created in the same order, so their ids are the same in every process.
`play` opens a game at every table that has none (or whose game ended) and then plays moves
forever through `/move` (each mover's first autocomplete choice), letting Discord fail a channel
message or an interaction answer now and then; it prints one JSON line per move the bot
answered and one per message Discord took. `resume` only lets the delivery rounds run for a
few minutes of simulated time and prints one JSON line: what it posted in each channel (the
test then ends it: simcord's shutdown may wait on a timer of the bot's).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import sys
from datetime import UTC, datetime
from typing import Any

import simcord

from bot import create_bot
from games.registry import load_engine
from service.outbox import Outbox

GUILD_ID = 4242
NAMES = ("ann", "bob", "cat")
# channel name, `/game new` options, players
TABLES: tuple[tuple[str, dict[str, str], int], ...] = (
    ("duel", {"game": "rebirth", "map": "scotland"}, 2),
    ("ireland", {"game": "rebirth", "map": "ireland"}, 3),
    ("revive", {"game": "revive"}, 2),
)
EPOCH = datetime(2026, 1, 1, tzinfo=UTC).timestamp()  # simcord's clock starts there


def say(**line: Any) -> None:
    print(json.dumps(line), flush=True)


def latest_time(path: str) -> float:
    """The latest instant the database has seen (a new process must not go back in time)."""
    try:
        with sqlite3.connect(path) as db:
            rows = db.execute(
                "SELECT MAX(updated_at) FROM games UNION ALL SELECT MAX(due_at) FROM outbox"
            ).fetchall()
    except sqlite3.Error:
        return EPOCH
    return max([EPOCH, *(float(r[0]) for r in rows if r[0] is not None)])


def world(env: simcord.Env) -> tuple[Any, dict[str, Any], list[Any]]:
    guild = env.create_guild(id=GUILD_ID)
    channels = {name: guild.create_text_channel(name) for name, _, _ in TABLES}
    members = [guild.add_member(env.create_user(name)) for name in NAMES]
    return guild, channels, members


def report_sent() -> None:
    """Print every outbox id Discord took, the moment it is known (before it is recorded)."""
    real = Outbox.sent

    async def sent(self: Outbox, message: Any) -> None:
        if message.outbox_id is not None:
            say(sent=message.outbox_id, channel=message.channel_id)
        await real(self, message)

    Outbox.sent = sent  # type: ignore[method-assign]


async def set_table(env: simcord.Env, channel: Any, members: list[Any], options: dict, players: int) -> None:
    """A game in play at this table: open, join and start what is missing."""
    database = env.bot.service.db
    game = await database.open_game(channel.id)
    if game is None:
        await members[0].slash(channel, "game new", **options)
        game = await database.open_game(channel.id)
    if game is not None and game.status == "lobby":
        for member in members[1:players]:
            if member.id not in game.players:
                await member.slash(channel, "game join")
        await members[0].slash(channel, "game start")
        game = await database.open_game(channel.id)
    say(table=channel.name, game=None if game is None else game.id)


async def one_move(env: simcord.Env, channel: Any, members: list[Any], rng: random.Random) -> bool:
    database = env.bot.service.db
    game = await database.open_game(channel.id)
    if game is None or game.status != "active":
        return False
    engine = load_engine(game.game)
    seat = engine.to_move(engine.loads(game.state or ""))
    if seat is None:
        return False
    member = next(m for m in members if m.id == game.players[seat])
    choices = await member.autocomplete(channel, "move", "action", "")
    if not choices:
        return False
    roll = rng.random()
    if roll < 0.15:
        env.inject_error("POST", "/channels/*/messages", status=500, times=1)
    elif roll < 0.25:
        env.inject_error("POST", "/interactions/*", status=500, times=1)
    await member.slash(channel, "move", action=choices[0]["value"])
    say(move=channel.name, game=game.id, version=game.version + 1)
    return True


async def play(env: simcord.Env, channels: dict[str, Any], members: list[Any], rng: random.Random) -> None:
    errors = 0
    while True:
        for name, options, players in TABLES:
            if not await one_move(env, channels[name], members, rng):
                await set_table(env, channels[name], members, options, players)
            for error in env.errors[errors:]:  # a private answer Discord failed has no retry
                if "injected by test" not in repr(error):
                    say(error=repr(error))
            errors = len(env.errors)
        await env.advance_time(rng.choice((0.0, 1.0, 3.0, 6.0, 20.0)))


async def resume(env: simcord.Env, channels: dict[str, Any]) -> None:
    for _ in range(10):  # past every backoff of a first failure and past the promises' grace
        await env.advance_time(15.0)
    posted = {str(channel.id): [m.content for m in channel.history()] for channel in channels.values()}
    say(posted=posted, errors=[repr(e) for e in env.errors])


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.support.crash_driver")
    parser.add_argument("mode", choices=("play", "resume"))
    parser.add_argument("--database", required=True)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    report_sent()
    bot = create_bot(args.database, seeds=lambda: rng.randrange(1, 10**6))
    env = simcord.Env(bot, check_errors=False)
    # The world first, at simcord's epoch (its ids are snowflakes of the clock: the same in every
    # process), before the first delivery round looks for the channels; then the clock moves on
    # past everything the database has seen.
    _, channels, members = world(env)
    env.backend.advance_clock(latest_time(args.database) - EPOCH + 1.0)
    await env.start()
    try:
        if args.mode == "play":
            await play(env, channels, members, rng)
        else:
            await resume(env, channels)
    finally:
        await env.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
