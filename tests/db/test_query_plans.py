"""Every statement a move, `/games`, the periodic check, a delivery round, a game's end (its
results and ratings), `/stats`, `/stats game:` and `/leaderboard` send is served by an index, on
both engines: none reads a whole table, so their cost does not grow with the number of games
kept (docs/scale.md and docs/stats.md name the index of each)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import pytest

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller

pytestmark = pytest.mark.both_backends

ALICE, BOB = 101, 202
CHANNEL = 55
GUILD = 1  # the tests' own server (`caller`)
# The tables that grow with history; a plan reading one whole is a failure.
GROWING = (
    "games",
    "seats",
    "moves",
    "outbox",
    "members",
    "handover_votes",
    "clock_waits",
    "results",
    "ratings",
    "rating_scopes",
)
SERVERS = 40  # the other servers the history's games were played in


class Recording:
    """A store that notes every statement sent through it, for its plan to be read after."""

    def __init__(self, store: Any) -> None:
        self.inner = store
        self.statements: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self.statements.append((sql, tuple(params)))
        return await self.inner.fetch(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        async with self.inner.transaction() as writing:
            yield RecordingTransaction(writing, self.statements)


class RecordingTransaction:
    def __init__(self, writing: Any, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        self._writing = writing
        self._statements = statements

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        self._statements.append((sql, tuple(params)))
        return int(await self._writing.run(sql, params))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self._statements.append((sql, tuple(params)))
        return list(await self._writing.fetch(sql, params))

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self._statements.append((sql, tuple(rows[0])))
        await self._writing.run_many(sql, rows)


def whole_table_reads(plan: str, dialect: str) -> list[str]:
    """The growing tables `plan` reads whole. SQLite's plan is what it will do: a `SCAN` of a
    table, or of one of its indexes from end to end. PostgreSQL chooses among the indexes by the
    statistics of the moment, so its plan is read as whether an index can serve the query at
    all: no table is read row by row even when that is made to cost the earth."""
    lines = [line.strip().removeprefix("->").strip() for line in plan.splitlines()]
    pattern = r"SCAN (\w+)" if dialect == "sqlite" else r"Seq Scan on (\w+)"
    found = [re.match(pattern, line) for line in lines]
    return [m.group(1) for m in found if m and m.group(1) in GROWING]


async def history(database: Database, games: int = 3_000, in_play: int = 300) -> None:
    """Other servers' games, as a bot that has run a while keeps: most finished, some in play,
    four seats and a few dozen moves each, none due for a check; the finished ones with their
    results, and the ratings they left (thousands of rows across the servers; a few dozen games
    of this server, where Alice played). Then the engines' statistics, as a live database has
    them (PostgreSQL's autovacuum, SQLite's `PRAGMA optimize`)."""
    games_rows, seats_rows, moves_rows, results_rows = [], [], [], []
    for n in range(games):
        game_id = 10_000 + n
        status = "active" if n < in_play else "finished"
        # Alice's Rebirth games in the tests' own server, and a few Revive games of others there.
        alices, here = status == "finished" and n % 60 == 0, status == "finished" and n % 60 == 30
        guild = GUILD if alices or here else 7 + n % SERVERS
        game = "revive" if here or (not alices and n % 3 == 1) else "rebirth"
        users = [ALICE if alices and seat == 0 else 5_000 + (n + seat * 7) % 500 for seat in range(4)]
        games_rows.append(
            (game_id, guild, 900_000 + n, game, "{}", 1, status, 5_000 + n % 500, "{}", 1.0, 2.0, None)
        )
        seats_rows += [(game_id, seat, user, "someone") for seat, user in enumerate(users)]
        moves_rows += [(game_id, number, number % 4, "F7", "{}", 1.0) for number in range(1, 31)]
        if status == "finished":
            results_rows += [
                result_row(game_id, guild, game, n, seat, user) for seat, user in enumerate(users)
            ]
    async with database.store.transaction() as writing:
        await writing.run_many(
            "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, creator_id, state,"
            " created_at, updated_at, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games_rows,
        )
        await writing.run_many(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)", seats_rows
        )
        await writing.run_many(
            "INSERT INTO moves (game_id, number, seat, move, event, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            moves_rows,
        )
        await writing.run_many(
            "INSERT INTO results (game_id, seat, guild_id, game, user_id, level, outcome, score, place,"
            " board, faction, moves, started_at, ended_at, waits, mu, sigma)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            results_rows,
        )
        await writing.run_many(
            "INSERT INTO ratings (guild_id, game, user_id, level, mu, sigma, shown, games, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            ratings_rows(results_rows),
        )
        await writing.run_many(
            "INSERT INTO rating_scopes (guild_id, game, games) VALUES (?, ?, ?)",
            [(*scope, seats // 4) for scope, seats in sorted(Counter(r[2:4] for r in results_rows).items())],
        )
    async with database.store.transaction() as writing:
        await writing.run("ANALYZE")
    [(rated,)] = await database.store.fetch("SELECT COUNT(*) FROM ratings")
    assert len(results_rows) > 10_000 and rated > 4_000, "a history worth planning for"


def result_row(game_id: int, guild: int, game: str, n: int, seat: int, user: int) -> tuple[Any, ...]:
    """A seat's result as a game's end stores it (db/ratings.py), with the rating it left."""
    mu, sigma = rating_of(user)
    board = "scotland" if n % 2 else "ireland"
    ended = 1_600_000_000.0 + n * 3_600
    return (
        game_id,
        seat,
        guild,
        game,
        user,
        None,
        "played",
        100 + (n * 7 + seat * 13) % 80,
        seat,
        board,
        None,
        30,
        ended - 86_400,
        ended,
        "[60,3600]",
        mu,
        sigma,
    )


def rating_of(user: int) -> tuple[float, float]:
    return 20.0 + user % 17, 4.0 + user % 5 * 0.7


def ratings_rows(results_rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Each player's current rating per server, from the results they have there."""
    games = Counter((row[2], row[3], row[4]) for row in results_rows)
    rows = []
    for (guild, game, user), count in sorted(games.items()):
        mu, sigma = rating_of(user)
        rows.append((guild, game, user, "", mu, sigma, mu - 3 * sigma, count, 1_700_000_000.0))
    return rows


@pytest.fixture
async def database(tmp_path: Any) -> AsyncIterator[Database]:
    """A database holding `history`, closed whatever the test does (an open PostgreSQL
    connection would hold the test's schema when it is dropped)."""
    opened = await Database.open(str(tmp_path / "plans.sqlite3"))
    try:
        await history(opened)
        yield opened
    finally:
        await opened.close()


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=GUILD, display_name=f"user{user}")


async def started_game(database: Database, clock: list[float]) -> tuple[GameService, int, int]:
    """A service over `database` and a two-player game it started in the tests' server; who
    moves first and second."""
    service = GameService(database, engines=load_engine, clock=lambda: clock[0], seeds=lambda: 77)
    await service.lobby.new_game(caller(ALICE), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    [start] = await service.lobby.start(caller(ALICE))
    first, second = (ALICE, BOB) if f"<@{ALICE}> goes first" in start.text else (BOB, ALICE)
    return service, first, second


@asynccontextmanager
async def recorded(database: Database) -> AsyncIterator[Recording]:
    """Every statement sent to `database` while the block runs."""
    recording = Recording(database.store)
    database.store = recording  # type: ignore[assignment]
    try:
        yield recording
    finally:
        database.store = recording.inner


async def plans_of(database: Database, statements: Sequence[tuple[str, tuple[Any, ...]]]) -> dict[str, str]:
    """Each statement's plan; the test fails naming each statement that reads a growing table
    whole, with its plan."""
    read_whole = {}
    plans = {}
    for sql, params in statements:
        plans[sql] = plan = await database.store.plan(sql, params)
        if found := whole_table_reads(plan, database.dialect):
            read_whole[sql] = (found, plan)
    assert not read_whole, "\n\n".join(f"{sql}\n{found}\n{plan}" for sql, (found, plan) in read_whole.items())
    return plans


def plan_of(plans: dict[str, str], *parts: str) -> str:
    """The plan of the one statement recorded whose text holds every one of `parts`."""
    [plan] = [plan for sql, plan in plans.items() if all(part in sql for part in parts)]
    return plan


async def test_a_move_games_the_periodic_check_and_delivery_read_only_indexed_rows(database):
    clock = [1_700_000_000.0]
    service, first, second = await started_game(database, clock)
    async with recorded(database) as recording:
        for mover in (first, second, first):
            [choice, *_] = await service.turns.move_choices(caller(mover), "")
            await service.turns.move(caller(mover), choice.notation)
        await service.looking.my_games(caller(ALICE))
        clock[0] += 2 * 86_400  # a reminder is due
        reminders = await service.time.tick()
        await service.time.tick()  # and nothing twice
        await service.outbox.due()
    assert [m for m in reminders if "<@" in m.text], "the check found the due reminder"
    kinds = {sql.split()[0].upper() for sql, _ in recording.statements}
    assert {"SELECT", "INSERT", "UPDATE"} <= kinds
    plans = await plans_of(database, recording.statements)
    assert "games_due" in plan_of(plans, "UPDATE games SET due_at = ? WHERE id IN")
    assert "seats_by_user" in plan_of(plans, "FROM mine CROSS JOIN games")


async def test_a_games_end_stats_and_the_leaderboard_read_only_indexed_rows(database):
    """The last move stores the game's results and its players' new ratings; `/stats` reads a
    person's results, seat counts and standing, `/stats game:` the server's results and top
    players, `/leaderboard` its pages: all of it by index, among thousands of other servers'."""
    clock = [1_700_000_000.0]
    service, first, _ = await started_game(database, clock)
    async with recorded(database) as recording:
        await service.turns.resign(caller(first))  # two seats: the game ends
        [mine] = await service.stats.player(caller(ALICE), ALICE, "Alice")
        await service.stats.player(caller(ALICE), BOB, "Bob")
        [table] = await service.stats.table(caller(ALICE), "rebirth")
        pages = [await service.stats.leaderboard(caller(ALICE), "rebirth", page) for page in (1, 2)]
    game = await database.latest_game(CHANNEL)
    assert game is not None and game.status == "finished"
    assert "46 games played" in mine.text and mine.image, mine.text  # 45 of the history, and this one
    assert "46 finished games" in table.text, table.text
    assert pages[-1].pages > 2 and pages[-1].page == 2
    plans = await plans_of(database, recording.statements)
    assert "results_by_player" in plan_of(plans, "FROM results WHERE guild_id = ? AND user_id = ?")
    assert "results_by_server" in plan_of(plans, "FROM results WHERE guild_id = ? AND game = ?")
    assert "seats_by_user" in plan_of(plans, "FROM mine CROSS JOIN games")
    assert "ratings_board" in plan_of(plans, "COUNT(*) FILTER (WHERE shown > ?)")
    assert "ratings_board" in plan_of(plans, "ORDER BY shown DESC")
    rating = plan_of(plans, "SELECT mu, sigma FROM ratings WHERE")
    assert "autoindex_ratings" in rating or "ratings_pkey" in rating, rating  # the primary key
