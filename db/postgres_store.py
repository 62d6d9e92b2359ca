"""The shared store: a PostgreSQL server through asyncpg, for a bot that outgrows one process.

Several processes (shard clusters) use one database at once, so nothing here relies on being
alone: each transaction takes a connection of its own from a pool, a write's version check is
an `UPDATE ... WHERE version = ?` that PostgreSQL's row lock serialises across processes, and
migrations run under an advisory lock so two processes starting together apply each once.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

from db.address import safe_target
from db.store import Conflict, Dialect, Identity, Row

if TYPE_CHECKING:
    import asyncpg

# How many connections one process keeps: enough that a burst of moves in many channels never
# queues behind one connection, few enough that a cluster of processes stays under the server's
# `max_connections` (100 by default). `TABLETOP_DATABASE_POOL` overrides it.
POOL_SIZE = 10
# Any number, the same in every process: the advisory lock that lets one process migrate at a time.
_MIGRATION_LOCK = 7_203_447_001


class PostgresTransaction:
    """Statements on one pooled connection, inside its open transaction."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        status = await _guarded(self._connection.execute(native(sql), *params))
        return _changed(status)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await _guarded(self._connection.fetch(native(sql), *params)))

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await _guarded(self._connection.executemany(native(sql), rows))

    async def copy_in(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        await _guarded(self._connection.copy_records_to_table(table, records=rows, columns=list(columns)))


class PostgresStore:
    """A pool of connections to one PostgreSQL database; open with `await PostgresStore.open(dsn)`."""

    dialect: Dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, dsn: str) -> None:
        self._pool = pool
        self.target = safe_target(dsn)

    @classmethod
    async def open(cls, dsn: str, *, pool_size: int | None = None) -> PostgresStore:
        import asyncpg  # only a deployment on PostgreSQL loads the driver

        size = pool_size or int(os.environ.get("TABLETOP_DATABASE_POOL", POOL_SIZE))
        pool = await asyncpg.create_pool(dsn, min_size=1, max_size=max(1, size))
        return cls(pool, dsn)

    async def close(self) -> None:
        await self._pool.close()

    async def optimize(self, *, opening: bool = False) -> None:
        """Nothing: the server gathers its planner's statistics itself (autovacuum's
        autoanalyze, once enough of a table's rows have changed), for every client at once."""

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTransaction]:
        async with self._pool.acquire() as connection, connection.transaction():
            yield PostgresTransaction(connection)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._pool.fetch(native(sql), *params))

    async def schema_version(self) -> int:
        rows = await self._pool.fetch(
            "SELECT version FROM tabletop_schema"
            " WHERE EXISTS (SELECT 1 FROM pg_tables WHERE tablename = 'tabletop_schema'"
            " AND schemaname = current_schema())"
        )
        return int(rows[0][0]) if rows else 0

    async def identity(self) -> Identity:
        """The server's system identifier (made once by initdb; every address of the server and
        every pooler in front of it answers the same), the database and the schema in use."""
        [row] = await self._pool.fetch(
            "SELECT (SELECT system_identifier FROM pg_control_system()), current_database(), current_schema()"
        )
        return Identity(self.dialect, (int(row[0]), str(row[1]), str(row[2])))

    async def plan(self, sql: str, params: Sequence[Any] = ()) -> str:
        async with self._pool.acquire() as connection, connection.transaction():
            # A test's tables hold a few rows, where reading them all is cheapest: planned as if
            # each were large, the plan shows whether an index can serve the query at all.
            await connection.execute("SET LOCAL enable_seqscan = off")
            rows = await connection.fetch(f"EXPLAIN {native(sql)}", *params)
        return "\n".join(str(row[0]) for row in rows)

    async def columns(self, table: str) -> list[str]:
        rows = await self._pool.fetch(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = $1 AND (is_identity = 'NO' OR identity_generation = 'BY DEFAULT')"
            " ORDER BY ordinal_position",
            table,
        )
        return [str(row[0]) for row in rows]

    async def migrate(self, migrations: Sequence[str]) -> None:
        """Apply the migrations this database has not had yet, each in its own transaction, one
        process at a time (the advisory lock); `tabletop_schema` counts them."""
        async with self._pool.acquire() as connection:
            async with connection.transaction():
                await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                await connection.execute(
                    "CREATE TABLE IF NOT EXISTS tabletop_schema (version INTEGER NOT NULL)"
                )
                await connection.execute(
                    "INSERT INTO tabletop_schema (version)"
                    " SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM tabletop_schema)"
                )
            while True:
                async with connection.transaction():
                    await connection.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                    applied = int(await connection.fetchval("SELECT version FROM tabletop_schema"))
                    if applied >= len(migrations):
                        return
                    await connection.execute(migrations[applied])
                    await connection.execute("UPDATE tabletop_schema SET version = $1", applied + 1)


@functools.lru_cache(maxsize=1024)
def native(sql: str) -> str:
    """A query in the shared form (`db/store.py`) as PostgreSQL reads it: `?` numbered `$1`,
    `$2`..., and `IS ?` as `IS NOT DISTINCT FROM $n` (PostgreSQL's `IS` takes only NULL, TRUE
    and FALSE). Quoted text is left alone."""
    out: list[str] = []
    number = 0
    quoted = False
    for char in _NULL_SAFE_IS.sub("IS NOT DISTINCT FROM ?", sql):
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            number += 1
            out.append(f"${number}")
        else:
            out.append(char)
    return "".join(out)


_NULL_SAFE_IS = re.compile(r"\bIS \?")


def _changed(status: str) -> int:
    """The row count of a command tag ("UPDATE 3", "INSERT 0 1", "DELETE 0"; 0 for others)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def _guarded(call: Any) -> Any:
    import asyncpg

    try:
        return await call
    except asyncpg.IntegrityConstraintViolationError as error:
        raise Conflict(str(error)) from error
