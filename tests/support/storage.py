"""Running storage tests on both engines: SQLite, and a real PostgreSQL server.

A test module marked `pytestmark = pytest.mark.both_backends` runs each of its tests twice,
`[sqlite]` and `[postgresql]`; a test in it marked `sqlite_only` (the file's modes, its backups,
SQLite's query plans) runs once. On PostgreSQL, every `Database.open` of a SQLite target (a
path, ":memory:") made during the test opens a schema of its own on the server instead, the
same schema for the same path (a restart finds its games again), and a new one for each
":memory:"; the schemas are dropped when the test ends. So one test, written once against a
file, checks both engines.

The server is the one `TABLETOP_TEST_POSTGRES` names (`scripts/with-postgres` starts one and
sets it, and `TABLETOP_TEST_POSTGRES_TCP`, the same server over TCP on 127.0.0.1). Without it the
PostgreSQL runs are skipped, unless `TABLETOP_REQUIRE_POSTGRES` is set (CI), where they fail
instead: a suite that silently tested one engine would pass for the wrong reason.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from db import Database
from db.store import is_postgresql
from db.transfer import copy_rows

SERVER = os.environ.get("TABLETOP_TEST_POSTGRES", "")
SERVER_TCP = os.environ.get("TABLETOP_TEST_POSTGRES_TCP", "")
REQUIRED = bool(os.environ.get("TABLETOP_REQUIRE_POSTGRES"))
BACKENDS = ("sqlite", "postgresql")
_numbers = itertools.count()


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "both_backends: run each test on SQLite and on PostgreSQL")
    config.addinivalue_line("markers", "sqlite_only: in a both_backends module, a check of SQLite alone")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marked = metafunc.definition.get_closest_marker("both_backends")
    if marked is None or metafunc.definition.get_closest_marker("sqlite_only"):
        return
    metafunc.parametrize("storage", BACKENDS, indirect=True)


def schema_target(server: str, schema: str) -> str:
    """The address of `server` with `schema` first on the search path (asyncpg passes a query
    parameter it does not know to the server as a setting)."""
    joiner = "&" if "?" in server else "?"
    return f"{server}{joiner}search_path={urllib.parse.quote(schema)}"


def server_or_skip() -> str:
    """The server's address; the test is skipped without one (failed where CI requires one)."""
    if not SERVER:
        if REQUIRED:
            pytest.fail("TABLETOP_REQUIRE_POSTGRES is set but TABLETOP_TEST_POSTGRES names no server")
        pytest.skip("no PostgreSQL server (TABLETOP_TEST_POSTGRES; scripts/with-postgres starts one)")
    return SERVER


def tcp_server_or_skip() -> str:
    """The same server's address over TCP on 127.0.0.1 (with its password); skipped without one,
    failed where CI requires a server."""
    server_or_skip()
    if not SERVER_TCP:
        if REQUIRED:
            pytest.fail("TABLETOP_REQUIRE_POSTGRES is set but TABLETOP_TEST_POSTGRES_TCP names no server")
        pytest.skip("no TCP address of the PostgreSQL server (TABLETOP_TEST_POSTGRES_TCP)")
    return SERVER_TCP


async def run_statements(*statements: str) -> None:
    """Run `statements` one by one, outside a transaction, as the server's administrator."""
    import asyncpg

    connection = await asyncpg.connect(SERVER)
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


class PostgresSchemas:
    """The schemas one test opened, by the SQLite target each stands for."""

    def __init__(self) -> None:
        self.by_target: dict[str, str] = {}
        self.made: list[str] = []
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        self._prefix = f"t_{worker}_{os.getpid()}"

    async def target_for(self, target: str, opened: Any) -> str:
        """The schema standing for `target`; the first time a file that exists is opened (a
        stored-games fixture), its games are copied into the new schema."""
        schema = self.by_target.get(target) if target != ":memory:" else None
        if schema is not None:
            return schema_target(SERVER, schema)
        schema = f"{self._prefix}_{next(_numbers)}"
        await run_statements(f'CREATE SCHEMA "{schema}"')
        self.made.append(schema)
        address = schema_target(SERVER, schema)
        if target != ":memory:":
            self.by_target[target] = schema
            if Path(target).is_file():
                source, copy = await opened(Database, target), await opened(Database, address)
                await copy_rows(source.store, copy.store)
                await source.close()
                await copy.close()
        return address

    def drop_all(self) -> None:
        if self.made:
            asyncio.run(run_statements(*(f'DROP SCHEMA IF EXISTS "{name}" CASCADE' for name in self.made)))


@pytest.fixture(autouse=True)
def storage(request: pytest.FixtureRequest) -> Iterator[str]:
    """The engine this run of the test stores its games in (every test has one, so a
    `both_backends` module can parametrise it)."""
    backend = getattr(request, "param", "sqlite")
    if backend != "postgresql":
        yield backend
        return
    monkeypatch = pytest.MonkeyPatch()
    server_or_skip()
    schemas = PostgresSchemas()
    opened = Database.open.__func__  # type: ignore[attr-defined]

    async def open_on_server(cls: Any, target: str, **options: Any) -> Database:
        if not is_postgresql(target):
            target = await schemas.target_for(str(target), opened)
        database: Database = await opened(cls, target, **options)
        return database

    monkeypatch.setattr(Database, "open", classmethod(open_on_server))
    try:
        yield backend
    finally:
        monkeypatch.undo()
        schemas.drop_all()
