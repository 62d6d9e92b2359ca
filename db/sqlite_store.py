"""The embedded store: one SQLite file (WAL) through aiosqlite, one connection, one process.

SQLite lets one writer in at a time, so the connection is shared and a lock keeps one
transaction (or one read) on it at a time; `BEGIN IMMEDIATE` takes the file's write lock at the
start, so two writes never interleave. `PRAGMA user_version` counts the migrations.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import aiosqlite

from db.files import create_private, private_if_new
from db.store import Conflict, Dialect, Identity, Row

# aiosqlite logs every statement with its values at DEBUG: the seeds and the hidden states of
# every game. A log is read by more people than the database is, so the driver never says more
# than INFO, whatever level the bot's log is at.
logging.getLogger("aiosqlite").setLevel(logging.INFO)
log = logging.getLogger(__name__)


PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=5000",
    # In WAL mode, NORMAL syncs the log at each checkpoint instead of at every COMMIT: a commit
    # survives the bot being killed (the outbox's promise, docs/delivery.md) and the file stays
    # whole; only a crash of the machine itself can take back the last commits. FULL's sync per
    # COMMIT was most of a move's time on disk (about 5 transactions a move).
    "PRAGMA synchronous=NORMAL",
    # How many rows of each index `PRAGMA optimize` reads to gather statistics: enough for the
    # planner to tell a selective index from a broad one, and a bounded cost whatever the
    # history's size (SQLite's own advice, https://sqlite.org/lang_analyze.html).
    "PRAGMA analysis_limit=400",
)
# The query planner's statistics (`sqlite_stat1`), gathered the way SQLite advises for a
# connection that stays open for days: at open, every table whose statistics are missing or
# stale (0x10000 asks for all of them, from SQLite 3.46; an older SQLite leaves the bit alone and
# looks only at the tables this connection has queried); then, at each upkeep and at close,
# those whose row counts have changed much since. Without statistics the planner guesses each
# index's selectivity, and may guess wrong as history grows (migration 17).
OPTIMIZE_AT_OPEN = "PRAGMA optimize=0x10002"
OPTIMIZE = "PRAGMA optimize"


class StatementConnection(aiosqlite.Connection):
    """aiosqlite's connection with one call more: a whole statement (execute, read to the end,
    close) in one hand-over to its thread, where aiosqlite's own calls take three. Each
    hand-over waits for the interpreter lock while other moves run, and a move runs about 25
    statements: in a burst of moves the hand-overs, not SQLite, were most of a move's time
    (docs/scale.md "Concurrent moves"). Its base's `_execute` (queue a function on the thread)
    and `_conn` are not public: aiosqlite is pinned to 0.22 in pyproject.toml, and every test
    of db/ runs through here."""

    async def statement(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run `sql` to completion; the number of rows it changed."""
        # aiosqlite leaves `_execute` unannotated; it returns what `_statement` does
        changed: int = await self._execute(_statement, self._conn, sql, params)  # type: ignore[no-untyped-call]
        return changed


def connect(path: str) -> StatementConnection:
    """An unstarted connection to the file (await it), in autocommit mode: `BEGIN IMMEDIATE`
    and `COMMIT` are written out."""
    return StatementConnection(lambda: sqlite3.connect(path, isolation_level=None), 64)


class SqliteTransaction:
    """Statements on the shared connection, inside its open transaction."""

    def __init__(self, connection: StatementConnection) -> None:
        self._db = connection

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return await _run(self._db, sql, params)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self._db.execute_fetchall(sql, params))
        except sqlite3.IntegrityError as error:
            raise Conflict(str(error)) from error

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._db.executemany(sql, rows)
        except sqlite3.IntegrityError as error:
            raise Conflict(str(error)) from error

    async def copy_in(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        marks = ", ".join("?" * len(columns))
        await self.run_many(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)


class SqliteStore:
    """One SQLite file; open with `await SqliteStore.open(path)`."""

    dialect: Dialect = "sqlite"

    def __init__(self, connection: StatementConnection, path: str) -> None:
        self._db = connection
        self.target = path
        self._lock = asyncio.Lock()  # one transaction at a time on the shared connection

    @classmethod
    async def open(cls, path: str) -> SqliteStore:
        if path != ":memory:":
            private_if_new(path)  # it holds every game's seed: db/files.py
        connection = connect(path)
        await connection  # starts its thread and opens the file
        for pragma in PRAGMAS:
            await _run(connection, pragma)
        return cls(connection, path)

    @property
    def connection(self) -> aiosqlite.Connection:
        """The SQLite connection itself, for checks of the file (its journal mode, whether a
        transaction is left open); every read and write goes through the methods."""
        return self._db

    async def close(self) -> None:
        """Close the file, gathering the statistics this connection's queries showed were
        missing first: the next open plans with them. A file that cannot take them (gone, read
        only) is closed all the same, and a second close does nothing, as before."""
        try:
            await self.optimize()
        except ValueError:  # aiosqlite's word for a connection closed already
            pass
        finally:
            await self._db.close()

    async def optimize(self, *, opening: bool = False) -> None:
        """Gather the query planner's statistics where they are missing or out of date
        (`OPTIMIZE_AT_OPEN`); cheap when nothing has changed much, bounded by `analysis_limit`
        when something has. A file that cannot take them (read only, busy, full) is only
        logged: statistics make queries faster, they are never worth failing an open over."""
        try:
            async with self._lock:
                await _run(self._db, OPTIMIZE_AT_OPEN if opening else OPTIMIZE)
        except sqlite3.Error as error:
            log.warning("could not gather the query planner's statistics in %s: %s", self.target, error)

    async def copy_to(self, target: str) -> None:
        """Write everything this connection holds to a new file at `target` (SQLite's online
        backup), created private like the database (db/files.py)."""
        create_private(target)
        async with self._lock, aiosqlite.connect(target) as copy:
            await self._db.backup(copy)

    async def schema_version(self) -> int:
        [(version,)] = await self.fetch("PRAGMA user_version")
        return int(version)

    async def identity(self) -> Identity:
        """The file's device and inode (the same through every link to it); an in-memory
        database is only ever itself."""
        if self.target == ":memory:":
            return Identity(self.dialect, ("memory", id(self)))
        found = os.stat(self.target)
        return Identity(self.dialect, (found.st_dev, found.st_ino))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        async with self._lock:
            try:
                await _run(self._db, "BEGIN IMMEDIATE")
                yield SqliteTransaction(self._db)
                await _run(self._db, "COMMIT")
            except BaseException:
                # Whatever failed (a statement, the COMMIT itself, a cancellation), never leave the
                # shared connection inside a transaction: every later write would fail.
                if self._db.in_transaction:
                    await _run(self._db, "ROLLBACK")
                raise

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run a query to completion under the lock, so no read is ever left open across a COMMIT."""
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, params))

    async def plan(self, sql: str, params: Sequence[Any] = ()) -> str:
        rows = await self.fetch(f"EXPLAIN QUERY PLAN {sql}", params)
        return "\n".join(str(row[-1]) for row in rows)

    async def columns(self, table: str) -> list[str]:
        return [str(row[1]) for row in await self.fetch(f"PRAGMA table_info({table})")]

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Apply the migrations this file has not had yet, each in its own transaction (opening
        the file, before anyone else uses the connection)."""
        applied = await self.schema_version()
        for number, script in enumerate(migrations[applied:], start=applied + 1):
            await self._db.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;"
            )


async def _run(db: StatementConnection, sql: str, params: Sequence[Any] = ()) -> int:
    """Execute one statement to completion and close its cursor (an open cursor would keep the
    statement running and block COMMIT). Returns the number of rows changed."""
    try:
        return await db.statement(sql, params)
    except sqlite3.IntegrityError as error:
        raise Conflict(str(error)) from error


def _statement(connection: sqlite3.Connection, sql: str, params: Sequence[Any]) -> int:
    """`StatementConnection.statement`'s work, in aiosqlite's thread."""
    cursor = connection.execute(sql, params)
    try:
        cursor.fetchall()
        return cursor.rowcount
    finally:
        cursor.close()
