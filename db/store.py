"""What `Database` needs of a storage engine, whichever it is: SQLite in one file, or PostgreSQL.

The queries are written once, in the SQL both engines read: `?` placeholders, `IS ?` for a
comparison that may meet NULL, `ON CONFLICT ... DO NOTHING` rather than `INSERT OR IGNORE`,
`RETURNING id` rather than a cursor's last row id, and a `CAST(? AS DOUBLE PRECISION)` where a
bare parameter would leave PostgreSQL guessing its type. Each store turns them into its
engine's own form (`db/sqlite_store.py`, `db/postgres_store.py`), so a query never forks by
engine except where the engines truly differ (`Store.dialect`).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Literal, Protocol

Dialect = Literal["sqlite", "postgresql"]
Row = Sequence[Any]


class Conflict(Exception):
    """A write broke a uniqueness or foreign-key rule (a second open table in a channel)."""


@dataclass(frozen=True)
class Identity:
    """Which tables a store reads and writes, however its address was spelled (a hard link or a
    symlink to the file; `localhost`, `127.0.0.1` or a socket for the server): a SQLite file's
    device and inode, or a PostgreSQL server's system identifier (the same through every address
    and pooler) with the database and the schema the tables are in. Two stores with equal
    identities are one database: copying one into the other with `--force` would empty both."""

    engine: Dialect
    place: tuple[str | int, ...]


class Transaction(Protocol):
    """Statements inside one transaction: all of them land, or none."""

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement; the number of rows it changed."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Execute one statement (a query, or a write with RETURNING); its rows."""
        ...

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Execute one statement once per row of parameters."""
        ...

    async def copy_in(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Write many rows into `table` at once, the fastest way the engine has (PostgreSQL's
        COPY): for filling a database in bulk (a benchmark's stored games)."""
        ...


class Store(Protocol):
    """A storage engine: reads outside any transaction, writes inside one."""

    dialect: Dialect
    # Where it is, fit to print: a file path, ":memory:", or a PostgreSQL address with its password
    # hidden (db/address.py `safe_target`).
    target: str

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """One transaction, committed when the block ends, rolled back when it raises."""
        ...

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run a query to completion outside any transaction."""
        ...

    async def schema_version(self) -> int:
        """How many migrations this database has had."""
        ...

    async def identity(self) -> Identity:
        """Which database this is, whatever its address (`Identity`)."""
        ...

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Apply the migrations it has not had yet, each in its own transaction."""
        ...

    async def plan(self, sql: str, params: Sequence[Any] = ()) -> str:
        """How the engine would run `sql` (nothing is executed): which index serves it. On
        PostgreSQL, as if its tables were large (no sequential scan where an index can do)."""
        ...

    async def columns(self, table: str) -> list[str]:
        """The columns of `table` a row is written with (not those the engine fills itself)."""
        ...

    async def optimize(self, *, opening: bool = False) -> None:
        """Gather the query planner's statistics where they are missing or stale (`opening`: the
        first time, right after the migrations), so that it picks its indexes from the data
        rather than from guesses; a bounded cost, and none where nothing changed."""
        ...

    async def close(self) -> None: ...


def is_postgresql(target: str) -> bool:
    """Whether `target` (`TABLETOP_DATABASE`, `--database`) names a PostgreSQL server rather than
    a SQLite file."""
    return target.startswith(("postgresql://", "postgres://"))


def sqlite_path(target: str) -> str:
    """The file a SQLite target names: a plain path, or `sqlite:///relative/path`,
    `sqlite:////absolute/path`, `sqlite:///:memory:` (as SQLAlchemy writes them)."""
    return target.removeprefix("sqlite:///")
