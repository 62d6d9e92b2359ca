"""Every statement a move, `/games`, the periodic check and a delivery round send is served by
an index, on both engines: none reads a whole table, so their cost does not grow with the
number of games kept (docs/scale.md names the index of each)."""

from __future__ import annotations

import re
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
# The tables that grow with history; a plan reading one whole is a failure.
GROWING = ("games", "seats", "moves", "outbox", "members", "handover_votes", "clock_waits")


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
    four seats and a few dozen moves each, none due for a check; then the engines' statistics,
    as a live database has them (PostgreSQL's autovacuum, SQLite's `PRAGMA optimize`)."""
    games_rows, seats_rows, moves_rows = [], [], []
    for n in range(games):
        game_id = 10_000 + n
        status = "active" if n < in_play else "finished"
        games_rows.append(
            (game_id, 7, 900_000 + n, "rebirth", "{}", 1, status, 5_000 + n % 500, "{}", 1.0, 2.0, None)
        )
        seats_rows += [(game_id, seat, 5_000 + (n + seat * 7) % 500, "someone") for seat in range(4)]
        moves_rows += [(game_id, number, number % 4, "F7", "{}", 1.0) for number in range(1, 31)]
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
    async with database.store.transaction() as writing:
        await writing.run("ANALYZE")


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


async def test_a_move_games_the_periodic_check_and_delivery_read_only_indexed_rows(tmp_path):
    database = await Database.open(str(tmp_path / "plans.sqlite3"))
    await history(database)
    clock = [1_700_000_000.0]
    service = GameService(database, engines=load_engine, clock=lambda: clock[0], seeds=lambda: 77)
    await service.lobby.new_game(caller(ALICE), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    [start] = await service.lobby.start(caller(ALICE))
    first, second = (ALICE, BOB) if f"<@{ALICE}> goes first" in start.text else (BOB, ALICE)
    recording = Recording(database.store)
    database.store = recording  # type: ignore[assignment]
    try:
        for mover in (first, second, first):
            [choice, *_] = await service.turns.move_choices(caller(mover), "")
            await service.turns.move(caller(mover), choice.notation)
        await service.looking.my_games(caller(ALICE))
        clock[0] += 2 * 86_400  # a reminder is due
        reminders = await service.time.tick()
        await service.time.tick()  # and nothing twice
        await service.outbox.due()
    finally:
        database.store = recording.inner
    assert [m for m in reminders if "<@" in m.text], "the check found the due reminder"
    kinds = {sql.split()[0].upper() for sql, _ in recording.statements}
    assert {"SELECT", "INSERT", "UPDATE"} <= kinds
    read_whole = {}
    plans = {}
    for sql, params in recording.statements:
        plans[sql] = plan = await database.store.plan(sql, params)
        if found := whole_table_reads(plan, database.dialect):
            read_whole[sql] = (found, plan)
    await database.close()
    assert not read_whole, "\n\n".join(f"{sql}\n{found}\n{plan}" for sql, (found, plan) in read_whole.items())
    [claim] = [
        plan for sql, plan in plans.items() if sql.startswith("UPDATE games SET due_at = ? WHERE id IN")
    ]
    assert "games_due" in claim, claim
    [mine] = [plan for sql, plan in plans.items() if "FROM mine CROSS JOIN games" in sql]
    assert "seats_by_user" in mine, mine
