"""What a player waits for must not grow with the games a bot keeps: `/move`, `/games` and one
periodic check, timed on a database of 100 stored games and on one of 100,000 (docs/scale.md).

Both databases are built the same way and differ only in their count: a tenth of the games in
play, the rest finished (Rebirth and Revive in turn). Their rows are copies of a few real games,
played through the service with seeded random moves (`templates`): Rebirth games of ~40 and
~100 moves and Revive games of ~150 and ~450 in play, with every move's row, event and undo
state as the bot stores them; finished games of each played to the end and packed as the upkeep
leaves them (`db/packing.py`). The copies get their own ids, channels, servers and players
(each person seated in a few games), and are written a batch per transaction; then the engine's
statistics are gathered (ANALYZE), as a live database has them.

The timed games are the same in both: a Rebirth game whose players move in turn (each `/move`
chosen, untimed, from the legal moves, posting its board as always), a player seated in
`MINE` games in play who asks `/games`, and `DUE` games whose reminder is due at each periodic
check (`Timekeeper.tick`), every other game in play not due. Each figure is the median of
`repeats` timings, at the service level (`GameService`, as the service tests drive it).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
import urllib.parse
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller

SIZES = (100, 100_000)
RATIO_MAX = 1.2  # the larger database's time over the smaller's
IN_PLAY_EVERY = 10  # one game in ten is in play
MINE = 5  # games in play the `/games` caller is seated in
DUE = 5  # games whose periodic check is due at each timed check
BATCH = 500  # games written per transaction
NOW = 1_800_000_000.0
DAY = 86_400.0
GUILD_GAMES = 50  # games per server
SEED = 20261129
BENCH_USER = 1  # the `/games` caller; every other person's id is larger
# (game, players, options, moves played: None to the end) of each template, in play then finished.
IN_PLAY = (
    ("rebirth", 4, {"map": "scotland"}, 40),
    ("revive", 3, {}, 150),
    ("rebirth", 4, {"map": "scotland"}, 100),
    ("revive", 3, {}, 450),
)
FINISHED = (("rebirth", 4, {"map": "scotland"}, None), ("revive", 3, {}, None))
TABLES = ("games", "seats", "moves")


@dataclass(frozen=True)
class Template:
    """One real game's rows, by table, each row a dict of its columns."""

    rows: dict[str, list[dict[str, Any]]]


def caller(user: int, channel: int, guild: int | None) -> Caller:
    return Caller(user_id=user, channel_id=channel, guild_id=guild, display_name=f"player{user}")


async def play(
    service: GameService,
    game_id: str,
    players: int,
    options: dict[str, Any],
    moves: int | None,
    channel: int,
    *,
    packed: bool = True,
) -> int:
    """A game opened, joined and started through the service, then `moves` seeded random moves
    stored as its players' own (to its end when None, then packed unless not `packed`): the
    game's id."""
    users = list(range(2, 2 + players))
    await service.lobby.new_game(caller(users[0], channel, 1), game_id, options)
    for user in users[1:]:
        await service.lobby.join(caller(user, channel, 1))
    await service.lobby.start(caller(users[0], channel, 1))
    tables = service.tables
    game = await service.db.open_game(channel)
    assert game is not None
    engine = tables.presenter(game).engine
    state = engine.loads(game.state or "")
    chooser = random.Random(SEED + channel)
    played = 0
    while not engine.is_over(state) and (moves is None or played < moves):
        seat = engine.to_move(state)
        assert seat is not None
        legal = engine.legal_moves(state, seat)
        applied = engine.apply(state, seat, legal[chooser.randrange(len(legal))])
        game = await tables.record(game, engine, state, seat, game.players[seat], applied)
        state, played = applied.state, played + 1
    if moves is None and packed:
        assert await service.db.pack_game(game.id)
    return game.id


async def templates(
    games: Sequence[tuple[str, int, dict[str, Any], int | None]] = (*IN_PLAY, *FINISHED),
    *,
    packed: bool = True,
) -> list[Template]:
    """The real games every stored game is a copy of (by default those in play first, then the
    finished, packed unless not `packed`)."""
    database = await Database.open(":memory:")
    clock = [NOW - 30 * DAY]

    def tick() -> float:
        clock[0] += 60.0  # a minute between moves
        return clock[0]

    service = GameService(database, engines=load_engine, clock=tick, seeds=lambda: SEED)
    found = []
    for channel, (game_id, players, options, moves) in enumerate(games, start=1):
        number = await play(service, game_id, players, options, moves, channel, packed=packed)
        rows = {}
        for table in TABLES:
            columns = await database.store.columns(table)
            key = "id" if table == "games" else "game_id"
            fetched = await database.store.fetch(
                f"SELECT {', '.join(columns)} FROM {table} WHERE {key} = ?", (number,)
            )
            rows[table] = [dict(zip(columns, row, strict=True)) for row in fetched]
        found.append(Template(rows))
    await database.close()
    return found


def person(index: int, seat: int, count: int) -> int:
    """Who sits in seat `seat` of stored game `index`: people play about three games each."""
    pool = max(8, count * 4 // 3)
    return 1_000 + (index * 4 + seat) % pool


def copied(template: Template, index: int, count: int, mine: bool) -> dict[str, list[tuple[Any, ...]]]:
    """The rows of stored game `index` (its id `index + 1`), copied from `template`: its own
    channel, server and players (`BENCH_USER` in seat 0 when `mine`); in play, not due for a
    check for days."""
    game_id = index + 1
    [game] = template.rows["games"]
    users = {row["user_id"]: person(index, row["seat"], count) for row in template.rows["seats"]}
    if mine:
        users[template.rows["seats"][0]["user_id"]] = BENCH_USER
    active = game["status"] == "active"
    out: dict[str, list[tuple[Any, ...]]] = {}
    out["games"] = [
        tuple(
            {
                **game,
                "id": game_id,
                "guild_id": 1 if mine else 1 + index // GUILD_GAMES,
                "channel_id": 10_000_000 + index,
                "creator_id": users[game["creator_id"]],
                "due_at": NOW + (1 + index % 7) * DAY if active else game["due_at"],
            }.values()
        )
    ]
    out["seats"] = [
        tuple({**row, "game_id": game_id, "user_id": users[row["user_id"]]}.values())
        for row in template.rows["seats"]
    ]
    out["moves"] = [
        tuple({**row, "game_id": game_id, "user_id": users.get(row["user_id"], row["user_id"])}.values())
        for row in template.rows["moves"]
    ]
    return out


def plan(count: int, in_play: int) -> list[tuple[int, bool]]:
    """For each stored game: which template it copies, and whether the `/games` caller sits in it.
    The first games are the same whatever `count`, so both databases hold the timed ones alike."""
    out = []
    mine = 0
    for index in range(count):
        if index % IN_PLAY_EVERY == 0:
            template = (index // IN_PLAY_EVERY) % in_play
            sits = mine < MINE and index > 0  # game 0 is the one moved in
            mine += sits
            out.append((template, sits))
        else:
            out.append((in_play + index % 2, False))
    return out


async def fill(
    database: Database, found: list[Template], count: int, layout: list[tuple[int, bool]] | None = None
) -> float:
    """Write `count` stored games copied from `found` (each the template `layout` names, by
    default `plan`'s); the seconds it took (ANALYZE included)."""
    start = time.perf_counter()
    columns = {table: list(next((t.rows[table][0] for t in found if t.rows[table]), {})) for table in TABLES}
    layout = layout or plan(count, len(IN_PLAY))
    for first in range(0, count, BATCH):
        rows: dict[str, list[tuple[Any, ...]]] = {table: [] for table in TABLES}
        for index in range(first, min(count, first + BATCH)):
            template, mine = layout[index]
            for table, written in copied(found[template], index, count, mine).items():
                rows[table] += written
        async with database.store.transaction() as writing:
            for table in TABLES:
                if rows[table]:
                    await writing.copy_in(table, columns[table], rows[table])
    if database.dialect == "postgresql":  # a game opened later gets an id after the copies
        await database.store.fetch(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games) + 1, false)"
        )
    async with database.store.transaction() as writing:
        await writing.run("ANALYZE")
    return time.perf_counter() - start


class Timings:
    """The timed commands on one database, one sample of each a round: `/move` (its move chosen
    untimed before), `/games`, and a periodic check (its `DUE` games made due untimed before)."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.clock = [NOW]
        self.service = GameService(
            database, engines=load_engine, clock=lambda: self.clock[0], seeds=lambda: SEED
        )
        self.chooser = random.Random(SEED)
        self.due = [index * IN_PLAY_EVERY + 1 for index in range(1, DUE + 1)]  # not the moved game
        self.samples: dict[str, list[float]] = {"move": [], "games": [], "check": []}

    async def round(self, *, kept: bool = True) -> None:
        """One sample of each (`kept`: noted; the first round warms the caches up, untimed)."""
        database, service = self.database, self.service
        self.clock[0] += 60.0
        game = await database.game(1)
        assert game is not None and game.status == "active", (
            "stored game 1 is the one moved in, still in play"
        )
        engine = load_engine(game.game)
        state = engine.loads(game.state or "")
        seat = engine.to_move(state)
        assert seat is not None
        legal = engine.legal_moves(state, seat)
        mover = caller(game.players[seat], game.channel_id, game.guild_id)
        notation = legal[self.chooser.randrange(len(legal))]
        started = time.perf_counter()
        await service.turns.move(mover, notation)
        moved = time.perf_counter()
        [answer] = await service.looking.my_games(caller(BENCH_USER, 1, 1))
        listed = time.perf_counter()
        assert answer.text.count("\n") >= MINE, answer.text
        async with database.store.transaction() as writing:
            await writing.run_many(
                "UPDATE games SET due_at = 0, turn_started_at = ?, reminded_at = NULL, muted_turn = NULL,"
                " reminder_hours = 24 WHERE id = ?",
                [(self.clock[0] - 2 * DAY, game_id) for game_id in self.due],
            )
        checking = time.perf_counter()
        reminders = await service.time.tick()
        checked = time.perf_counter()
        assert len(reminders) >= DUE, f"{len(reminders)} reminders from {DUE} games due"
        if kept:
            self.samples["move"].append(moved - started)
            self.samples["games"].append(listed - moved)
            self.samples["check"].append(checked - checking)

    def medians(self) -> dict[str, float]:
        """The median milliseconds of each command."""
        return {name: statistics.median(times) * 1000 for name, times in self.samples.items()}


@asynccontextmanager
async def opened(server: str | None, name: str) -> AsyncIterator[Database]:
    """An empty database: a SQLite file in a temporary folder, or (`server`) a schema of its own
    on that PostgreSQL server, dropped after."""
    if server is None:
        with tempfile.TemporaryDirectory(prefix="tabletop-scale-") as folder:
            database = await Database.open(str(Path(folder) / f"{name}.sqlite3"))
            try:
                yield database
            finally:
                await database.close()
        return
    import asyncpg

    schema = f"tabletop_bench_{name}_{os.getpid()}"
    connection = await asyncpg.connect(server)
    await connection.execute(f'CREATE SCHEMA "{schema}"')
    try:
        joiner = "&" if "?" in server else "?"
        database = await Database.open(f"{server}{joiner}search_path={urllib.parse.quote(schema)}")
        try:
            yield database
        finally:
            await database.close()
    finally:
        await connection.execute(f'DROP SCHEMA "{schema}" CASCADE')
        await connection.close()


async def scale(
    server: str | None,
    sizes: Sequence[int] = SIZES,
    repeats: int = 9,
    emit: Callable[[str], None] | None = None,
) -> dict[int, dict[str, float]]:
    """Each command's median milliseconds at each size on one engine (SQLite, or the PostgreSQL
    `server`), with how long each database took to build (`build`, seconds). The sizes are timed
    in turn, a round of each at a time, so a drift in the machine's speed falls on all alike."""
    found = await templates()
    built = {}
    async with AsyncExitStack() as stack:
        timings = {}
        for count in sizes:
            database = await stack.enter_async_context(opened(server, str(count)))
            built[count] = await fill(database, found, count)
            if emit:
                emit(f"{database.dialect}: {count} games stored in {built[count]:.1f} s")
            timings[count] = Timings(database)
        for number in range(repeats + 1):
            for count in sizes:
                await timings[count].round(kept=number > 0)
        return {count: {"build": built[count], **timings[count].medians()} for count in sizes}


def main() -> None:  # pragma: no cover - a quick look at the figures: `python -m bench.scale`
    server = os.environ.get("TABLETOP_BENCH_POSTGRES")
    for target in (None, server) if server else (None,):
        print(asyncio.run(scale(target, emit=print)), flush=True)


if __name__ == "__main__":
    main()
