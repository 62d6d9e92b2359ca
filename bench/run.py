"""Benchmarks of what a player waits for: engine speed, one `/move` round trip, one board image.

Run from the repository root as `python bench/run.py` or `python -m bench.run`. It prints one JSON
object per line, `{"name", "value", "unit"}` plus `budget` and `ok` where there is a budget, then a
final `budgets_ok` line. The figures are for notes, so the exit code is 0 even when a budget is
missed; `--strict` makes a missed budget exit 1 (for a CI job that wants to be a gate).

The `/move` round trip drives the real bot (`bot.create_bot`, the factory `python bot.py` uses)
through simcord, in process and on a temporary sqlite file. It covers the command tree, the
engine, the database write, the board render and the reply, but no network: Discord's own latency
comes on top of it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as `python bench/run.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord  # noqa: E402

from bot import create_bot  # noqa: E402
from content.games import load_engine, map_data  # noqa: E402
from engine.base import Game  # noqa: E402
from engine.records import random_game  # noqa: E402
from render.rebirth import render_board  # noqa: E402

SEED = 20261129
GAME = "rebirth"
MAP = "scotland"
OPTIONS: dict[str, Any] = {"map": MAP}
# Display names of realistic length, so the score panel draws what a real table would show.
NAMES = ("Morag the Bold", "Hamish", "Eilidh MacLeod", "Callum of the Isles")

# Budgets, from what a player notices: a move reply within a frame or two of the command
# (p95 150 ms before Discord's own latency), a board image quick to draw and to upload, and an
# engine fast enough for self-play and record checks in the test suite.
GAMES_PER_S_MIN = 50.0
# A Revive game runs to some 600 moves, each listing range and prices over the whole board; at 5
# games a second the 300-game playout test (tests/test_revive_engine.py) stays near a minute.
REVIVE_GAMES_PER_S_MIN = 5.0
MOVE_P95_MS_MAX = 150.0
RENDER_MS_MAX = 60.0
RENDER_BYTES_MAX = 400_000


@dataclass(frozen=True)
class Figure:
    """One measured number; `minimum` or `maximum` is its budget, if it has one."""

    name: str
    value: float | int | bool
    unit: str
    minimum: float | None = None
    maximum: float | None = None

    @property
    def ok(self) -> bool | None:
        """Whether the budget is met (None without a budget)."""
        if self.minimum is not None:
            return self.value >= self.minimum
        if self.maximum is not None:
            return self.value <= self.maximum
        return None

    def as_dict(self) -> dict[str, Any]:
        """The printed object; the budget reads as text (">= 50") so the notes need no legend."""
        out: dict[str, Any] = {"name": self.name, "value": self.value, "unit": self.unit}
        if self.minimum is not None:
            out["budget"] = f">= {self.minimum:g}"
        elif self.maximum is not None:
            out["budget"] = f"<= {self.maximum:g}"
        if self.ok is not None:
            out["ok"] = self.ok
        return out


def percentile(samples: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile: a value that was actually measured, also for tiny samples."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


# ------------------------------------------------------------------------------------ engine


def bench_random_games(games: int = 100, players: int = 4, seed: int = SEED) -> list[Figure]:
    """Whole random games per second through `engine.records.random_game`, as self-play runs them.

    One untimed game first, so the one-off work (loading content, building the board tables) is
    not charged to the first timed game.
    """
    engine = load_engine(GAME)
    random_game(engine, players, OPTIONS, seed - 1, random.Random(seed - 1))
    chooser = random.Random(seed)
    start = time.perf_counter()
    for n in range(games):
        random_game(engine, players, OPTIONS, seed + n, chooser)
    elapsed = time.perf_counter() - start
    return [Figure("rebirth_random_games_4p", round(games / elapsed, 1), "games/s", minimum=GAMES_PER_S_MIN)]


def bench_revive_random_games(games: int = 20, players: int = 4, seed: int = SEED) -> list[Figure]:
    """The same for Revive: whole random games per second through `random_game`, one untimed first."""
    engine = load_engine("revive")
    random_game(engine, players, {}, seed - 1, random.Random(seed - 1))
    chooser = random.Random(seed)
    start = time.perf_counter()
    for n in range(games):
        random_game(engine, players, {}, seed + n, chooser)
    elapsed = time.perf_counter() - start
    return [
        Figure("revive_random_games_4p", round(games / elapsed, 1), "games/s", minimum=REVIVE_GAMES_PER_S_MIN)
    ]


# ------------------------------------------------------------------------------- /move round trip


async def bench_move_roundtrip(
    moves: int = 60, players: int = 4, seed: int = SEED, warmup: int = 1
) -> list[Figure]:
    """Milliseconds from `/move` to the posted reply, through the real bot under simcord.

    The move is chosen (untimed) from the engine's legal moves on the stored state, at random, so
    the board fills like a real game's. `warmup` moves are made but not timed (first-call costs
    in discord.py and simcord). When a game ends, the same table opens and starts another.
    """
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as folder:
        bot = create_bot(str(Path(folder) / "bench.sqlite3"), seeds=lambda: seed)
        try:
            async with simcord.run(bot) as env:
                timings = await _time_moves(env, bot, moves, players, random.Random(seed), warmup)
        finally:
            # simcord detaches the bot without closing it; the open sqlite connection's worker
            # thread would then keep the process alive after the last line is printed.
            await bot.close()
    millis = [s * 1000 for s in timings]
    return [
        Figure("rebirth_move_roundtrip_p50_ms", round(statistics.median(millis), 2), "ms"),
        Figure(
            "rebirth_move_roundtrip_p95_ms", round(percentile(millis, 0.95), 2), "ms", maximum=MOVE_P95_MS_MAX
        ),
    ]


async def _time_moves(
    env: simcord.Env, bot: Any, moves: int, players: int, chooser: random.Random, warmup: int
) -> list[float]:
    """Seconds for each timed `/move` slash command, games restarted as they finish."""
    guild = env.create_guild()
    channel = guild.create_text_channel("bench")
    members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
    by_id = {member.id: member for member in members}
    engine = load_engine(GAME)
    database = bot.database
    assert database is not None, "the bot opens its database in setup_hook"
    timings: list[float] = []
    made = 0
    while made < warmup + moves:
        await _start_game(members, channel)
        while made < warmup + moves:
            game = await database.open_game(channel.id)
            if game is None:  # the last move finished it
                break
            state = engine.loads(game.state or "")
            seat = engine.to_move(state)
            assert seat is not None
            legal = engine.legal_moves(state, seat)
            action = legal[chooser.randrange(len(legal))]
            member = by_id[game.players[seat]]
            start = time.perf_counter()
            result = await member.slash(channel, "move", action=action)
            elapsed = time.perf_counter() - start
            _check_posted(result, action)
            if made >= warmup:
                timings.append(elapsed)
            made += 1
    return timings


async def _start_game(members: Sequence[Any], channel: Any) -> None:
    """`/game new`, everyone joins, `/game start`, as the Discord tests do."""
    creator = members[0]
    await creator.slash(channel, "game new", game=GAME, map=MAP)
    for member in members[1:]:
        await member.slash(channel, "game join")
    _check_posted(await creator.slash(channel, "game start"), "game start")


def _check_posted(result: Any, what: str) -> None:
    """A refused command is a fast private reply; timing one would flatter the figures."""
    if result.ephemeral or not result.response.attachments:
        raise RuntimeError(f"{what!r} did not post a board: {result.response.content!r}")


# ---------------------------------------------------------------------------------------- render


def finished_view(players: int = 4, seed: int = SEED) -> dict[str, Any]:
    """The public view of a finished random game: every space filled, the most to draw."""
    engine: Game = load_engine(GAME)
    chooser = random.Random(seed)
    state = engine.new_game(players, OPTIONS, seed)
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        legal = engine.legal_moves(state, seat)
        state = engine.apply(state, seat, legal[chooser.randrange(len(legal))]).state
    return engine.view(state, None)


def bench_render(renders: int = 20, players: int = 4, seed: int = SEED) -> list[Figure]:
    """Median time and PNG size of a full-board render with the static layers already built.

    One untimed render first: the static layer (map, labels, palette) is built once per map and
    cached for the life of the bot, so the steady state is what each move pays.
    """
    view = finished_view(players, seed)
    data = map_data(GAME, view["map"])
    names = list(NAMES[:players])
    png = render_board(view, data, names)
    timings: list[float] = []
    for _ in range(renders):
        start = time.perf_counter()
        png = render_board(view, data, names)
        timings.append(time.perf_counter() - start)
    return [
        Figure(
            "rebirth_render_full_board_ms",
            round(statistics.median(timings) * 1000, 2),
            "ms",
            maximum=RENDER_MS_MAX,
        ),
        Figure("rebirth_render_full_board_bytes", len(png), "bytes", maximum=RENDER_BYTES_MAX),
    ]


# ------------------------------------------------------------------------------------------ main


def run(
    games: int, moves: int, renders: int, emit: Callable[[str], None] = print, revive_games: int = 20
) -> bool:
    """Run every benchmark, emitting each line as soon as it is known; True if all budgets hold."""
    ok = True
    steps: list[Callable[[], list[Figure]]] = [
        lambda: bench_random_games(games),
        lambda: bench_revive_random_games(revive_games),
        lambda: asyncio.run(bench_move_roundtrip(moves)),
        lambda: bench_render(renders),
    ]
    for step in steps:
        for figure in step():
            emit(json.dumps(figure.as_dict()))
            ok = ok and figure.ok is not False
    emit(json.dumps({"name": "budgets_ok", "value": ok, "unit": "bool"}))
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: counts are adjustable so the test can run everything in a second or two."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games to time (default 100)")
    parser.add_argument(
        "--revive-games", type=int, default=20, help="random Revive games to time (default 20)"
    )
    parser.add_argument("--moves", type=int, default=60, help="/move commands to time (default 60)")
    parser.add_argument("--renders", type=int, default=20, help="board renders to time (default 20)")
    parser.add_argument("--strict", action="store_true", help="exit 1 if any budget is missed")
    args = parser.parse_args(argv)
    ok = run(
        args.games,
        args.moves,
        args.renders,
        emit=lambda line: print(line, flush=True),
        revive_games=args.revive_games,
    )
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
