"""The test PostgreSQL server for tests that manage its databases themselves (a schema, a user,
a database of their own), rather than through the `both_backends` switch of `storage.py`."""

from __future__ import annotations

import asyncio

import pytest

from tests.support.storage import REQUIRED, SERVER


def server_or_skip() -> str:
    """The server's address; the test is skipped without one (failed where CI requires one)."""
    if not SERVER:
        if REQUIRED:
            pytest.fail("TABLETOP_REQUIRE_POSTGRES is set but TABLETOP_TEST_POSTGRES names no server")
        pytest.skip("no PostgreSQL server (TABLETOP_TEST_POSTGRES; scripts/with-postgres starts one)")
    return SERVER


def run_on_server(*statements: str) -> None:
    """Run `statements` one by one (outside a transaction: CREATE DATABASE needs that) as the
    server's administrator."""

    async def run() -> None:
        import asyncpg

        connection = await asyncpg.connect(SERVER)
        try:
            for statement in statements:
                await connection.execute(statement)
        finally:
            await connection.close()

    asyncio.run(run())
