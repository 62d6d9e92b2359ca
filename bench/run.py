"""Benchmarks of what a player waits for: engine speed, one `/move` round trip, one board image.

Run from the repository root as `python bench/run.py` or `python -m bench.run`. It prints one JSON
object per line, `{"name", "value", "unit"}` plus `budget` and `ok` where there is a budget, then a
final `budgets_ok` line. The figures are for notes, so the exit code is 0 even when a budget is
missed; `--strict` makes a missed budget exit 1 (for a CI job that wants to be a gate).

The `/move` round trips drive the real bot (`bot.create_bot`, the factory `python bot.py` uses)
through simcord, in process and on a temporary sqlite file. They cover the command tree, the
engine, the database write, the board render and the reply, but no network: Discord's own latency
comes on top of them. In Rebirth every move posts the board. A Revive turn is many small moves:
a decision inside the turn is answered privately, without an image, and the move that ends the
turn posts one channel message with the board; the two are timed apart. Between two moves a
player's thinking time passes on simcord's virtual clock (`THINK_SECONDS`).

Side by side: `--baseline REF` measures another commit in the same run, so a change is judged
against the code before it on the same machine, in the same minutes (a figure from another day
is no baseline: load and thermals move it by more than 10 %). It checks REF out in a temporary
`git worktree`, then runs that tree's own `bench/run.py` and this tree's, each as a subprocess
of the current interpreter with the same counts, alternating (baseline, current, baseline,
current: `--rounds` of each), so a drift in the machine's speed falls on both. For each figure
it prints `{"name", "value", "baseline", "ratio", "unit"}`: the best of the rounds (the highest
rate, the lowest time or size, since noise only ever slows a run down), and `ratio` = value /
baseline (above 1 is slower for a time, faster for a rate). The worktree is removed at the end. Example:
`python bench/run.py --baseline 362bf5a --rounds 3`.

Stored games: `--stored` measures, alone (it takes minutes), what the games a bot keeps cost:
`/move`, `/games` and a periodic check on 100 and on 100,000 stored games and their ratio, and
the bytes a finished game takes (`bench/scale.py`, `bench/stored_bytes.py`, docs/scale.md), on
SQLite and, when `--postgres DSN` or `TABLETOP_BENCH_POSTGRES` names a server, on PostgreSQL.
Example: `TABLETOP_BENCH_POSTGRES=postgresql://postgres@localhost/postgres python bench/run.py --stored`.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as `python bench/run.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord  # noqa: E402
from PIL import Image  # noqa: E402

from bench.playouts import playouts_per_second  # noqa: E402
from bench.scale import RATIO_MAX, SIZES, scale  # noqa: E402
from bench.sharing import RATIO_MAX as SHARING_RATIO_MAX  # noqa: E402
from bench.sharing import measure  # noqa: E402
from bench.stored_bytes import BYTES_MAX, bytes_per_finished_game  # noqa: E402
from bot import create_bot  # noqa: E402
from engine.base import AnyGame  # noqa: E402
from engine.records import random_game  # noqa: E402
from games.registry import load_engine, spec  # noqa: E402
from presenters.protocol import Presenter  # noqa: E402
from render.common import png_bytes  # noqa: E402
from render.rebirth import static_layer  # noqa: E402
from service.images import drawing_workers  # noqa: E402
from service.workers import configured_workers, machine_workers  # noqa: E402
from tests.support.discord import board_post_times, handed_over  # noqa: E402

SEED = 20261129
GAME = "rebirth"
MAP = "scotland"
REVIVE = "revive"
OPTIONS: dict[str, Any] = {"map": MAP}
# Display names of realistic length, so the score panel draws what a real table would show.
NAMES = ("Morag the Bold", "Hamish", "Eilidh MacLeod", "Callum of the Isles")

# Budgets, from what a player notices: a move reply within a frame or two of the command
# (p95 150 ms before Discord's own latency), a board image quick to draw and to upload, and an
# engine fast enough for self-play and record checks in the test suite.
GAMES_PER_S_MIN = 50.0
# A Revive game runs to some 600 moves, each listing range and prices over the whole board; at 5
# games a second the 300-game playout test (tests/engine/revive/test_foundation.py) stays near a minute.
REVIVE_GAMES_PER_S_MIN = 5.0
MOVE_P95_MS_MAX = 150.0
# Random playouts per second on one core (`bench/playouts.py`): the inner loop of a search that
# plays thousands of them per decision. Per game, map and player count; budgets on 4 players.
PLAYOUT_CASES: tuple[tuple[str, dict[str, str], int, float | None], ...] = (
    ("rebirth", {"map": "scotland"}, 2, None),
    ("rebirth", {"map": "scotland"}, 4, 400.0),
    ("rebirth", {"map": "ireland"}, 2, None),
    ("rebirth", {"map": "ireland"}, 4, 200.0),
    ("revive", {}, 4, 40.0),
)
RENDER_MS_MAX = 60.0
# Every image a player downloads, at most 250 KB: a board that loads fast on a phone. Bytes are
# deterministic, so tests/render/test_image_bytes.py holds the same budget.
RENDER_BYTES_MAX = 250_000
# A Revive turn is many small moves, each listing range and prices over the whole board, and the
# move that ends it draws a larger board with the turn's changes marked: p95 250 ms for a private
# decision and for the turn's channel message alike, the board drawn in 80 ms, a player's in 60.
REVIVE_MOVE_P95_MS_MAX = 250.0
REVIVE_RENDER_BOARD_MS_MAX = 80.0
REVIVE_RENDER_PLAYER_MS_MAX = 60.0
# Free moves (a crystal traded, a machine used, a crate opened): picked as often as the rest,
# they would stretch the turns, so the Revive round trip mostly skips them.
REVIVE_FREE_MOVES = ("crystal", "use ", "open ")
# A player's time between two moves, on simcord's virtual clock (untimed). discord.py gives the
# buttons of a private reply a 15-minute timeout, and simcord's settlement scans every pending
# timer on each of its steps, so without time passing, a long Revive game's hundreds of private
# replies would make each round trip slower and slower: a cost of the harness, not of the bot.
THINK_SECONDS = 20.0


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


def bench_playouts(count: int = 100, seed: int = SEED) -> list[Figure]:
    """Random playouts per second for each of `PLAYOUT_CASES` (`bench/playouts.py`)."""
    return [
        Figure(
            f"playouts_{'_'.join([game, *options.values()])}_{players}p_per_s",
            round(playouts_per_second(game, options, players, count, seed), 1),
            "playouts/s",
            minimum=least,
        )
        for game, options, players, least in PLAYOUT_CASES
    ]


# ------------------------------------------------------------------------------- /move round trip


async def bench_move_roundtrip(
    moves: int = 60, players: int = 4, seed: int = SEED, warmup: int = 1
) -> list[Figure]:
    """Milliseconds from `/move` to the posted reply in Rebirth, through the real bot under simcord.

    The move is chosen (untimed) from the engine's legal moves on the stored state, at random, so
    the board fills like a real game's. Every move posts the board.
    """
    chooser = random.Random(seed)
    timings = await _roundtrip(
        GAME,
        OPTIONS,
        players,
        seed,
        moves,
        warmup,
        pick=lambda legal: legal[chooser.randrange(len(legal))],
        reply_kind=_posted_board,
        kinds=("move",),
    )
    return _percentiles("rebirth_move_roundtrip", timings["move"], MOVE_P95_MS_MAX)


async def bench_revive_roundtrip(
    moves: int = 300, players: int = 4, seed: int = SEED, warmup: int = 1
) -> list[Figure]:
    """Milliseconds from `/move` to the reply in Revive: decisions inside a turn and turn ends apart.

    Moves are chosen like Rebirth's, but nine times in ten among those that are not free
    (`REVIVE_FREE_MOVES`), so the game moves on. About one move in four ends a turn: 300 moves
    give some 75 turn messages, each with a board image.
    """
    chooser = random.Random(seed)

    def pick(legal: list[str]) -> str:
        useful = [move for move in legal if not move.startswith(REVIVE_FREE_MOVES)]
        pool = useful if useful and chooser.random() >= 0.1 else legal
        return pool[chooser.randrange(len(pool))]

    kinds = ("decision", "turn")
    timings = await _roundtrip(
        REVIVE, {}, players, seed, moves, warmup, pick=pick, reply_kind=_revive_reply, kinds=kinds
    )
    return [
        *_percentiles("revive_decision_roundtrip", timings["decision"], REVIVE_MOVE_P95_MS_MAX),
        *_percentiles("revive_turn_roundtrip", timings["turn"], REVIVE_MOVE_P95_MS_MAX),
    ]


def _percentiles(name: str, seconds: Sequence[float], p95_max: float) -> list[Figure]:
    """The p50 and p95 figures of one kind of round trip, in milliseconds."""
    millis = [s * 1000 for s in seconds]
    return [
        Figure(f"{name}_p50_ms", round(statistics.median(millis), 2), "ms"),
        Figure(f"{name}_p95_ms", round(percentile(millis, 0.95), 2), "ms", maximum=p95_max),
    ]


@asynccontextmanager
async def _bench_bot(seed: int, workers: int | None = None) -> AsyncIterator[tuple[simcord.Env, Any]]:
    """The real bot under simcord, on a temporary sqlite file, every game seeded with `seed`;
    its images drawn by `workers` processes (0: a thread; None: as `TABLETOP_RENDER_WORKERS`
    says, or one per processor, as the running bot does)."""
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as folder:
        processes = configured_workers() if workers is None else workers
        path = str(Path(folder) / "bench.sqlite3")
        bot = create_bot(path, seeds=lambda: seed, workers=drawing_workers(processes))
        try:
            # A pool's first start (the fork server importing the drawing code) can take seconds on
            # a loaded machine: longer than simcord's default 5 s for a command to settle.
            async with simcord.run(bot, settle_timeout=60) as env:
                yield env, bot
        finally:
            # simcord detaches the bot without closing it; the open sqlite connection's worker
            # thread would then keep the process alive after the last line is printed.
            await bot.close()


async def _roundtrip(
    game_id: str,
    options: dict[str, Any],
    players: int,
    seed: int,
    moves: int,
    warmup: int,
    *,
    pick: Callable[[list[str]], str],
    reply_kind: Callable[[Any, str], str],
    kinds: tuple[str, ...],
) -> dict[str, list[float]]:
    """Seconds of each timed `/move` slash command, by the kind of its reply (one of `kinds`).

    The move is `pick`ed (untimed) from the legal moves of the stored state; `reply_kind` checks
    the reply and names its kind. The first `warmup` replies of each kind are not timed (first-call
    costs in discord.py, simcord and the renderer); then at least `moves` are timed, more if needed
    to have every kind. `THINK_SECONDS` pass between moves. When a game ends, the same table
    opens and starts another.
    """
    async with _bench_bot(seed) as (env, bot):
        guild = env.create_guild()
        channel = guild.create_text_channel("bench")
        members = [guild.add_member(env.create_user(name)) for name in NAMES[:players]]
        by_id = {member.id: member for member in members}
        engine = load_engine(game_id)
        database = bot.database
        assert database is not None, "the bot opens its database in setup_hook"
        timings: dict[str, list[float]] = {kind: [] for kind in kinds}
        seen = dict.fromkeys(kinds, 0)

        def enough() -> bool:
            return sum(map(len, timings.values())) >= moves and all(timings.values())

        while not enough():
            await _start_game(members, channel, game_id, options)
            while not enough():
                game = await database.open_game(channel.id)
                if game is None:  # the last move finished it
                    break
                state = engine.loads(game.state or "")
                seat = engine.to_move(state)
                assert seat is not None
                action = pick(engine.legal_moves(state, seat))
                member = by_id[game.players[seat]]
                errors = env.error_cursor
                start = time.perf_counter()
                result = await member.slash(channel, "move", action=action)
                elapsed = time.perf_counter() - start
                if env.error_cursor != errors:
                    refused = env.errors[errors:]  # reading them acknowledges them
                    said = result.response.content if result.response else None
                    raise RuntimeError(f"{action!r} was refused ({refused!r}): {said!r}")
                kind = reply_kind(result, action)
                seen[kind] += 1
                if seen[kind] > warmup:
                    timings[kind].append(elapsed)
                await env.advance_time(THINK_SECONDS)
        return timings


async def _start_game(members: Sequence[Any], channel: Any, game_id: str, options: dict[str, Any]) -> None:
    """`/game new`, everyone joins, `/game start`, as the Discord tests do."""
    creator = members[0]
    await creator.slash(channel, "game new", game=game_id, **options)
    for member in members[1:]:
        await member.slash(channel, "game join")
    _posted_board(await creator.slash(channel, "game start"), "game start")


def _posted_board(result: Any, what: str) -> str:
    """A Rebirth move posts the board; a refused command is a fast private reply, and timing one
    would flatter the figures."""
    if result.ephemeral or not result.response.attachments:
        raise RuntimeError(f"{what!r} did not post a board: {result.response.content!r}")
    return "move"


def _revive_reply(result: Any, what: str) -> str:
    """A Revive move that ends the turn posts the board in the channel (or, when slow, defers,
    which only drawing it does): a `turn`; one inside the turn is a private reply (with the
    mover's options image when they have places to use): a `decision`. (A
    refusal is private too: `_roundtrip` tells it by the error.)"""
    if result.deferred:
        return "turn"
    response = result.response
    attached = bool(response and response.attachments)
    if attached and not result.ephemeral:
        return "turn"
    if result.ephemeral:
        return "decision"
    raise RuntimeError(
        f"{what!r} got neither a private reply nor the board: {response and response.content!r}"
    )


# ------------------------------------------------------------------------- concurrent /moves

# Targets for a burst of moves in many channels at once (docs/scale.md "Concurrent moves"): the
# slowest replies within 3 times one move alone, and half the replies out before half the burst.
BURST_P95_PER_ALONE_MAX = 3.0
BURST_MEDIAN_SHARE_MAX = 0.5


def burst_modes() -> list[tuple[str, int, bool]]:
    """The ways the burst is measured, (name, worker processes, moves paced): as the bot was
    (a thread, every move at once), each change alone (the pacing, the pool), and the bot as
    it runs (the pool, paced)."""
    pool = machine_workers()
    return [
        ("burst_before", 0, False),
        ("burst_thread_paced", 0, True),
        (f"burst_{pool}proc_unpaced", pool, False),
        (f"burst_{pool}proc", pool, True),
    ]


async def bench_concurrent_moves(
    channels: int = 50, alone: int = 5, seed: int = SEED, modes: Sequence[tuple[str, int, bool]] | None = None
) -> list[Figure]:
    """`channels` Rebirth games of 4 in as many channels, one `/move` sent in each at the same
    instant, through the real bot under simcord, once per mode (`burst_modes`): each reply's
    latency (from the command to the board posted in its channel), p50 and p95, p95 over one
    move alone (the median of `alone` moves one at a time, in the same bot), and when the
    median reply came as a share of the whole burst."""
    figures: list[Figure] = []
    chosen = burst_modes() if modes is None else modes
    for name, processes, paced in chosen:
        single, replies = await _burst(channels, alone, seed, processes, paced)
        held = name == chosen[-1][0]  # the targets hold the bot as it runs; the rest are references
        most_p95, most_share = (BURST_P95_PER_ALONE_MAX, BURST_MEDIAN_SHARE_MAX) if held else (None, None)
        whole = max(replies)
        p50, p95 = statistics.median(replies), percentile(replies, 0.95)
        figures += [
            Figure(f"{name}_alone_ms", round(single * 1000, 1), "ms"),
            Figure(f"{name}_p50_ms", round(p50 * 1000, 1), "ms"),
            Figure(f"{name}_p95_ms", round(p95 * 1000, 1), "ms"),
            Figure(f"{name}_burst_ms", round(whole * 1000, 1), "ms"),
            Figure(f"{name}_p95_per_alone", round(p95 / single, 2), "x", maximum=most_p95),
            Figure(f"{name}_median_share", round(p50 / whole, 2), "share", maximum=most_share),
        ]
    return figures


async def _burst(
    channels: int, alone: int, seed: int, processes: int, paced: bool = True
) -> tuple[float, list[float]]:
    """Seconds of one move alone (the median of `alone`), and of each reply of the burst;
    `paced` False lets every move be worked on at once, as before `Tables.moving`."""
    chooser = random.Random(seed)
    engine = load_engine(GAME)
    async with _bench_bot(seed, processes) as (env, bot):
        if not paced:
            bot.service.tables.moving = asyncio.Semaphore(channels + alone)
        guild = env.create_guild()
        tables = []
        for n in range(channels):
            channel = guild.create_text_channel(f"bench-{n}")
            members = [guild.add_member(env.create_user(f"{name} {n}")) for name in NAMES]
            await _start_game(members, channel, GAME, OPTIONS)
            tables.append((channel, {member.id: member for member in members}))
        posted = board_post_times(env)

        def chosen(game: Any) -> tuple[Any, str]:
            state = engine.loads(game.state or "")
            seat = engine.to_move(state)
            legal = engine.legal_moves(state, seat)
            return seat, legal[chooser.randrange(len(legal))]

        async def chosen_move(channel: Any, by_id: dict[int, Any]) -> tuple[Any, str]:
            """The player to move in `channel` and a random legal move of theirs."""
            game = await bot.database.open_game(channel.id)
            seat, action = chosen(game)
            return by_id[game.players[seat]], action

        singles = []
        for n in range(alone):
            channel, by_id = tables[n % channels]
            member, action = await chosen_move(channel, by_id)
            start = time.perf_counter()
            _posted_board(await member.slash(channel, "move", action=action), action)
            singles.append(posted[channel.id] - start)
        moves = [await chosen_move(channel, by_id) for channel, by_id in tables]
        # simcord answers a slash command once the whole bot has settled and runs one operation
        # at a time: so every /move is handed to the bot first (nothing in between lets the bot
        # run), then the bot is let run.
        posted.clear()
        burst = []
        for (channel, _), (member, action) in zip(tables, moves, strict=True):
            start = time.perf_counter()
            burst.append((start, handed_over(env, member, channel, "move", action=action), action))
        # The bot runs on while this waits for every board, without simcord's settling, which
        # scans every pending task at each wake-up: a cost of the harness that grows with the
        # burst and that a bot on Discord does not pay. Settled after, to read the replies.
        deadline = time.perf_counter() + 120
        while len(posted) < channels and time.perf_counter() < deadline:
            await asyncio.sleep(0.002)
        await env.settle(timeout=120)
        for _start, result, action in burst:
            _posted_board(result, action)
        pairs = zip(tables, burst, strict=True)
        replies = [posted[channel.id] - start for (channel, _), (start, _, _) in pairs]
        return statistics.median(singles), replies


# ---------------------------------------------------------------------------------------- render


def finished_game(
    game_id: str, options: dict[str, Any], players: int, seed: int
) -> tuple[Any, tuple[str, ...]]:
    """The public view of a finished random game (every space filled, the most to draw), and the
    places changed by the last turn that changed any, which a Revive turn message marks on the
    board (Rebirth's events name none)."""
    engine: AnyGame = load_engine(game_id)
    chooser = random.Random(seed)
    state = engine.new_game(players, options, seed)
    turn: Any = None
    changed: dict[str, None] = {}  # by the turn in play, so far
    marked: tuple[str, ...] = ()
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        legal = engine.legal_moves(state, seat)
        applied = engine.apply(state, seat, legal[chooser.randrange(len(legal))])
        if applied.event.get("turn") != turn:
            turn, changed = applied.event.get("turn"), {}
        changed.update(dict.fromkeys(applied.event.get("changed", ())))
        marked = tuple(changed) or marked
        state = applied.state
    return engine.view(state, None), marked


def _median_render_ms(draws: Sequence[Callable[[], bytes]], renders: int) -> tuple[float, bytes]:
    """Median milliseconds of `renders` calls, taking `draws` in turn, and the last image.

    Each draw runs once untimed first: static layers (map, frames, palette) are built once and
    cached for the life of the bot, so the steady state is what each move pays.
    """
    png = b""
    for draw in draws:
        png = draw()
    timings: list[float] = []
    for n in range(renders):
        start = time.perf_counter()
        png = draws[n % len(draws)]()
        timings.append(time.perf_counter() - start)
    return round(statistics.median(timings) * 1000, 2), png


def _cold_render_ms(draw: Callable[[], bytes], clear: Callable[[], None]) -> float:
    """Milliseconds of one draw after `clear` emptied the cache it would reuse: what the first
    game on a map pays (the bot draws these layers before it goes online, `Presenter.warm_up`)."""
    clear()
    start = time.perf_counter()
    draw()
    return round((time.perf_counter() - start) * 1000, 2)


def presenter(game_id: str) -> Presenter:
    """The game's presenter, which draws its images as the service asks for them."""
    return spec(game_id).presenter(load_engine(game_id))


def _encode_ms(png: bytes, renders: int) -> float:
    """Median milliseconds of encoding the same image again as a render does (`png_bytes`: the
    fixed palette, then the PNG), from the render's own pixels and palette."""
    decoded = Image.open(io.BytesIO(png))
    decoded.load()
    pixels = decoded.convert("RGB")
    timings: list[float] = []
    for _ in range(max(3, renders)):
        start = time.perf_counter()
        png_bytes(pixels, decoded)
        timings.append(time.perf_counter() - start)
    return round(statistics.median(timings) * 1000, 2)


def _encoding(name: str, render_ms: float, png: bytes, renders: int) -> list[Figure]:
    """The PNG encoding of a render's image, measured in the same run: its time, the render's
    time as a multiple of it, and the share of the render it takes."""
    encode_ms = _encode_ms(png, renders)
    return [
        Figure(f"{name}_encode_ms", encode_ms, "ms"),
        Figure(f"{name}_per_encode", round(render_ms / encode_ms, 2), "x"),
        Figure(f"{name}_encode_share", round(100 * encode_ms / render_ms, 1), "%"),
    ]


def bench_render(renders: int = 20, players: int = 4, seed: int = SEED) -> list[Figure]:
    """Median time and PNG size of a full Rebirth board render (`/board`: `whole=True`) with the
    static layers built, the first render's time before they were, its encoding's share, the same
    for the channel image (the window on the board a turn message carries), and the time and size
    of each other map's full board."""
    view, _ = finished_game(GAME, OPTIONS, players, seed)
    names = list(NAMES[:players])
    drawer = presenter(GAME)
    whole = partial(drawer.render, view, OPTIONS, names, (), True)
    cold_ms = _cold_render_ms(whole, static_layer.cache_clear)
    millis, png = _median_render_ms([whole], renders)
    channel_ms, channel_png = _median_render_ms([partial(drawer.render, view, OPTIONS, names)], renders)
    figures = [
        Figure("rebirth_render_full_board_ms", millis, "ms", maximum=RENDER_MS_MAX),
        Figure("rebirth_render_full_board_cold_ms", cold_ms, "ms"),
        # The static layer is drawn once and reused: a later board is the faster one.
        Figure("rebirth_render_full_board_cold_per_warm", round(cold_ms / millis, 2), "x", minimum=1.0),
        Figure("rebirth_render_full_board_bytes", len(png), "bytes", maximum=RENDER_BYTES_MAX),
        *_encoding("rebirth_render_full_board", millis, png, renders),
        Figure("rebirth_render_channel_ms", channel_ms, "ms", maximum=RENDER_MS_MAX),
        Figure("rebirth_render_channel_bytes", len(channel_png), "bytes", maximum=RENDER_BYTES_MAX),
    ]
    maps = next(option for option in spec(GAME).options if option.name == "map").choices
    for choice in maps:
        if choice.value == MAP:
            continue
        options = {**OPTIONS, "map": choice.value}
        other, _ = finished_game(GAME, options, players, seed)
        other_whole = partial(drawer.render, other, options, names, (), True)
        other_ms, other_png = _median_render_ms([other_whole], renders)
        board = "rebirth_render_full_board"
        figures += [
            Figure(f"{board}_ms_{choice.value}", other_ms, "ms", maximum=RENDER_MS_MAX),
            Figure(f"{board}_bytes_{choice.value}", len(other_png), "bytes", maximum=RENDER_BYTES_MAX),
        ]
    return figures


def bench_revive_render(renders: int = 20, players: int = 4, seed: int = SEED) -> list[Figure]:
    """The same for Revive's finished board (its last turn's changes marked; whole, as `/board`
    draws it, and the channel image's window, as a turn message carries it) and for the
    players' own boards, one seat after another (the largest counts)."""
    view, changed = finished_game(REVIVE, {}, players, seed)
    drawer = presenter(REVIVE)
    names = list(NAMES[:players])
    board_ms, png = _median_render_ms([partial(drawer.render, view, {}, names, changed, True)], renders)
    channel_ms, channel_png = _median_render_ms([partial(drawer.render, view, {}, names, changed)], renders)
    seats = [partial(drawer.render_player, view, seat, names) for seat in range(players)]
    player_ms, _ = _median_render_ms(seats, renders)
    largest = max(len(seat()) for seat in seats)
    return [
        Figure("revive_render_board_ms", board_ms, "ms", maximum=REVIVE_RENDER_BOARD_MS_MAX),
        Figure("revive_render_board_bytes", len(png), "bytes", maximum=RENDER_BYTES_MAX),
        *_encoding("revive_render_board", board_ms, png, renders),
        Figure("revive_render_channel_ms", channel_ms, "ms", maximum=REVIVE_RENDER_BOARD_MS_MAX),
        Figure("revive_render_channel_bytes", len(channel_png), "bytes", maximum=RENDER_BYTES_MAX),
        Figure("revive_render_player_ms", player_ms, "ms", maximum=REVIVE_RENDER_PLAYER_MS_MAX),
        Figure("revive_render_player_bytes", largest, "bytes", maximum=RENDER_BYTES_MAX),
    ]


# ------------------------------------------------------------------------------------------ main


def run(
    games: int,
    moves: int,
    renders: int,
    emit: Callable[[str], None] = print,
    revive_games: int = 20,
    revive_moves: int = 300,
    channels: int = 50,
    alone: int = 5,
    playouts: int = 100,
    replays: int = 6,
) -> bool:
    """Run every benchmark, emitting each line as soon as it is known; True if all budgets hold."""
    ok = True
    steps: list[Callable[[], list[Figure]]] = [
        lambda: bench_random_games(games),
        lambda: bench_revive_random_games(revive_games),
        lambda: bench_playouts(playouts),
        lambda: asyncio.run(bench_move_roundtrip(moves)),
        lambda: asyncio.run(bench_revive_roundtrip(revive_moves)),
        lambda: asyncio.run(bench_concurrent_moves(channels, alone)),
        lambda: bench_render(renders),
        lambda: bench_revive_render(renders),
        lambda: bench_replays(replays),
        lambda: bench_short_arena(max(2, games // 25)),
    ]
    for step in steps:
        for figure in step():
            emit(json.dumps(figure.as_dict()))
            ok = ok and figure.ok is not False
    emit(json.dumps({"name": "budgets_ok", "value": ok, "unit": "bool"}))
    return ok


# --------------------------------------------------------------------------- AI players


def bench_sharing(tables: int = 10, moves: int = 5) -> list[Figure]:
    """A person's move in one channel while one member's `tables` solo tables think, against
    the same move on an idle bot (bench/sharing.py): as the bot runs, held to `SHARING_RATIO_MAX`; and
    with the searches in the drawing processes, as it was, for reference."""
    figures = []
    for name, apart in (("sharing", True), ("sharing_before", False)):
        measured = asyncio.run(measure(tables, moves, apart=apart))
        most = SHARING_RATIO_MAX if apart else None
        figures += [
            Figure(f"{name}_alone_ms", round(measured.alone * 1000, 1), "ms"),
            Figure(f"{name}_busy_ms", round(measured.busy * 1000, 1), "ms"),
            Figure(f"{name}_busy_moves", measured.busy_moves, "moves"),
            Figure(f"{name}_per_alone", round(measured.ratio, 2), "x", maximum=most),
        ]
    return figures


def bench_short_arena(games: int = 4) -> list[Figure]:
    """A short arena (`tabletop arena`, docs/ai.md for the long ones): a `normal` seat against
    `easy` in 2-player Scotland at a fixed 2 sampled worlds a decision, seats rotating; its
    share of the two seats' points (a handful of games gives no win share worth reading: the
    long runs have those, with intervals) and seconds per decision."""
    from arena import play_one, summary

    jobs = [
        ("rebirth", {}, ["normal", "easy"] if n % 2 == 0 else ["easy", "normal"], 900 + n, 2, None)
        for n in range(games)
    ]
    kinds = summary([play_one(job) for job in jobs], 2)
    normal, easy = kinds["normal"], kinds["easy"]
    points = normal["mean_score"] / (normal["mean_score"] + easy["mean_score"])
    return [
        Figure("arena_normal_vs_easy_2p_points_share", round(points, 3), "share"),
        Figure("arena_normal_2worlds_decision_ms_mean", round(normal["decision_s_mean"] * 1000, 1), "ms"),
        Figure("arena_normal_2worlds_decision_ms_p95", round(normal["decision_s_p95"] * 1000, 1), "ms"),
    ]


# ------------------------------------------------------------------------------- replays

# A whole 4-player game's animated replay (`/game replay`), on one core: re-played from its seed
# and drawn, as a worker does it (service/history.py `animated`). Per mode, the longest of a few
# random games (the most frames); the GIF must fit Discord's default upload limit whole.
REPLAY_CASES: tuple[tuple[str, str, dict[str, str], float], ...] = (
    ("rebirth4", "rebirth", {"map": "scotland"}, 3.0),
    ("ireland4", "rebirth", {"map": "ireland"}, 3.0),
    ("revive4", "revive", {}, 6.0),
)


def longest_game(game_id: str, options: dict[str, Any], candidates: int, seed: int = SEED) -> dict[str, Any]:
    """The record of the longest of `candidates` random 4-player games (the most moves)."""
    engine = load_engine(game_id)
    records = [
        random_game(engine, 4, options, seed + n, random.Random(f"replay:{seed + n}"))
        for n in range(candidates)
    ]
    return max(records, key=lambda record: len(record["moves"]))


def bench_replays(candidates: int = 6) -> list[Figure]:
    """Seconds, frames and bytes of the replay of each mode's longest game (docs/replays.md)."""
    from service.history import Played, animated
    from service.messages import UPLOAD_LIMIT

    figures: list[Figure] = []
    for name, game_id, options, budget in REPLAY_CASES:
        record = longest_game(game_id, options, candidates)
        moves = [(move["seat"], move["move"]) for move in record["moves"]]
        played = Played(game_id, 4, dict(options), record["seed"], moves)
        animated(
            Played(game_id, 4, dict(options), record["seed"], moves[:4]), list(NAMES), None, UPLOAD_LIMIT
        )
        started = time.perf_counter()  # the static layers are drawn: the bot warms them at start
        animation, _ = animated(played, list(NAMES), None, UPLOAD_LIMIT)
        seconds = time.perf_counter() - started
        assert animation is not None
        figures += [
            Figure(f"replay_{name}_s", round(seconds, 3), "s", maximum=budget),
            Figure(f"replay_{name}_frames", animation.frames, "frames"),
            Figure(f"replay_{name}_bytes", len(animation.gif), "bytes", maximum=UPLOAD_LIMIT),
        ]
    return figures


# ---------------------------------------------------------------------------- stored games

POSTGRES_ENV = "TABLETOP_BENCH_POSTGRES"


def bench_stored_games(
    server: str | None, sizes: Sequence[int] = SIZES, repeats: int = 9, copies: int = 200
) -> list[Figure]:
    """What history costs on one engine (SQLite, or the PostgreSQL `server`): `/move`, `/games`
    and a periodic check on each stored-games count (`bench/scale.py`), with the largest count's
    time over the smallest's (at most `RATIO_MAX`), how long the largest took to store, and the
    bytes a finished game of each kind takes as rows and packed (`bench/stored_bytes.py`)."""
    timed = asyncio.run(scale(server, sizes, repeats))
    engine = "postgresql" if server else "sqlite"
    small, large = min(sizes), max(sizes)
    figures = []
    for command in ("move", "games", "check"):
        figures += [
            Figure(f"stored_{engine}_{command}_ms_{count}", round(timed[count][command], 2), "ms")
            for count in sizes
        ]
        ratio = timed[large][command] / timed[small][command]
        figures.append(Figure(f"stored_{engine}_{command}_ratio", round(ratio, 3), "x", maximum=RATIO_MAX))
    figures.append(Figure(f"stored_{engine}_build_s_{large}", round(timed[large]["build"], 1), "s"))
    sizes_of = asyncio.run(bytes_per_finished_game(server, copies))
    for game in ("rebirth", "revive"):
        figures += [
            Figure(
                f"stored_{engine}_{game}_finished_bytes",
                sizes_of[f"{game}_packed"],
                "bytes",
                maximum=BYTES_MAX,
            ),
            Figure(f"stored_{engine}_{game}_finished_bytes_as_rows", sizes_of[f"{game}_rows"], "bytes"),
        ]
    return figures


def run_stored(
    server: str | None,
    sizes: Sequence[int] = SIZES,
    repeats: int = 9,
    copies: int = 200,
    emit: Callable[[str], None] = print,
) -> bool:
    """The stored-games figures on SQLite, then on PostgreSQL when `server` names one; True if
    all budgets hold."""
    ok = True
    for target in (None, server) if server else (None,):
        for figure in bench_stored_games(target, sizes, repeats, copies):
            emit(json.dumps(figure.as_dict()))
            ok = ok and figure.ok is not False
    emit(json.dumps({"name": "budgets_ok", "value": ok, "unit": "bool"}))
    return ok


# ------------------------------------------------------------------------------ side by side

ROOT = Path(__file__).resolve().parent.parent
COUNT_OPTIONS = ("games", "revive_games", "playouts", "moves", "revive_moves", "renders", "channels", "alone")


@contextmanager
def worktree(ref: str) -> Iterator[Path]:
    """A temporary checkout of `ref` beside this repository, removed on the way out."""
    folder = Path(tempfile.mkdtemp(prefix="tabletop-baseline-"))
    tree = folder / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), ref], check=True
    )
    try:
        yield tree
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
        shutil.rmtree(folder, ignore_errors=True)


def run_tree(tree: Path, counts: Sequence[str]) -> dict[str, dict[str, Any]]:
    """One run of `tree`'s own bench/run.py in a fresh process: its figures by name. A count
    an older script has no option for is left out of its command line."""
    script = tree / "bench" / "run.py"
    known = script.read_text(encoding="utf-8")
    counts = [count for count in counts if f'"{count.split("=")[0]}"' in known]
    done = subprocess.run(
        [sys.executable, str(script), *counts],
        cwd=tree,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"bench/run.py of {tree} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    figures = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return {figure["name"]: figure for figure in figures}


def best(unit: str, values: list[float]) -> float:
    """The best of the rounds: noise only slows a run, so the fastest is the truest."""
    return max(values) if unit.endswith("/s") else min(values)


def side_by_side(
    current: list[dict[str, dict[str, Any]]], baseline: list[dict[str, dict[str, Any]]]
) -> list[dict[str, Any]]:
    """One line per figure (in the current tree's order, then any only the baseline has);
    booleans (`budgets_ok`) have no ratio and are left out."""
    names = list(dict.fromkeys(name for run in [*current, *baseline] for name in run))
    lines = []
    for name in names:
        ours = [run[name] for run in current if name in run]
        theirs = [run[name] for run in baseline if name in run]
        unit = (ours or theirs)[0]["unit"]
        if unit == "bool":
            continue
        value = best(unit, [f["value"] for f in ours]) if ours else None
        base = best(unit, [f["value"] for f in theirs]) if theirs else None
        ratio = round(value / base, 3) if value is not None and base else None
        lines.append({"name": name, "value": value, "baseline": base, "ratio": ratio, "unit": unit})
    return lines


def compare(ref: str, counts: Sequence[str], rounds: int, emit: Callable[[str], None] = print) -> None:
    """Baseline and current runs, alternating, `rounds` of each; then one line per figure."""
    current: list[dict[str, dict[str, Any]]] = []
    baseline: list[dict[str, dict[str, Any]]] = []
    with worktree(ref) as tree:
        for _ in range(rounds):
            baseline.append(run_tree(tree, counts))
            current.append(run_tree(ROOT, counts))
    for line in side_by_side(current, baseline):
        emit(json.dumps(line))


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line: counts are adjustable so the test can run everything in a second or two."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games to time (default 100)")
    parser.add_argument(
        "--revive-games", type=int, default=20, help="random Revive games to time (default 20)"
    )
    parser.add_argument(
        "--playouts", type=int, default=100, help="random playouts to time per game and map (default 100)"
    )
    parser.add_argument("--moves", type=int, default=60, help="/move commands to time (default 60)")
    parser.add_argument(
        "--revive-moves", type=int, default=300, help="Revive /move commands to time (default 300)"
    )
    parser.add_argument("--renders", type=int, default=20, help="board renders to time (default 20)")
    parser.add_argument("--replays", type=int, default=6, help="games a mode, longest replayed (6)")
    parser.add_argument(
        "--channels", type=int, default=50, help="games moving at once in the burst (default 50)"
    )
    parser.add_argument("--alone", type=int, default=5, help="moves alone the burst is held to (default 5)")
    parser.add_argument(
        "--only-burst", action="store_true", help="only the concurrent moves (thread, then processes)"
    )
    parser.add_argument(
        "--sharing",
        action="store_true",
        help="only a person's move while one member's solo tables think, against idle (bench/sharing.py)",
    )
    parser.add_argument(
        "--solo-tables", type=int, default=10, help="one member's solo tables thinking, with --sharing (10)"
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 if any budget is missed")
    parser.add_argument("--baseline", metavar="REF", help="measure commit REF side by side (see above)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each tree with --baseline (default 2)")
    stored = parser.add_argument_group(
        "stored games", "what history costs (bench/scale.py, docs/scale.md): run alone, for minutes"
    )
    stored.add_argument(
        "--stored", action="store_true", help="only the stored-games figures: SQLite, and PostgreSQL if named"
    )
    stored.add_argument(
        "--postgres",
        metavar="DSN",
        default=os.environ.get(POSTGRES_ENV),
        help=f"a PostgreSQL server to measure too (default ${POSTGRES_ENV}); a schema is made and dropped",
    )
    stored.add_argument(
        "--stored-sizes",
        default=",".join(map(str, SIZES)),
        help="stored-games counts, comma-separated (default 100,100000)",
    )
    stored.add_argument("--stored-repeats", type=int, default=9, help="timings of each command (default 9)")
    stored.add_argument(
        "--stored-copies", type=int, default=200, help="games measured for bytes (default 200)"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run what the command line asks for (`arguments`), printing each figure as it is known."""
    args = arguments(argv)
    if args.stored:
        sizes = [int(size) for size in args.stored_sizes.split(",")]
        ok = run_stored(
            args.postgres,
            sizes,
            args.stored_repeats,
            args.stored_copies,
            emit=lambda line: print(line, flush=True),
        )
        return 1 if args.strict and not ok else 0
    if args.baseline:
        counts = [f"--{name.replace('_', '-')}={getattr(args, name)}" for name in COUNT_OPTIONS]
        compare(args.baseline, counts, max(1, args.rounds), emit=lambda line: print(line, flush=True))
        return 0
    if args.sharing:
        for figure in bench_sharing(args.solo_tables, args.alone):
            print(json.dumps(figure.as_dict()), flush=True)
        return 0
    if args.only_burst:
        for figure in asyncio.run(bench_concurrent_moves(args.channels, args.alone)):
            print(json.dumps(figure.as_dict()), flush=True)
        return 0
    ok = run(
        args.games,
        args.moves,
        args.renders,
        emit=lambda line: print(line, flush=True),
        revive_games=args.revive_games,
        revive_moves=args.revive_moves,
        channels=args.channels,
        alone=args.alone,
        playouts=args.playouts,
        replays=args.replays,
    )
    return 1 if args.strict and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
