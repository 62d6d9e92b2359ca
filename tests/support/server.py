"""The test PostgreSQL server for tests that manage its databases themselves (a schema, a user,
a database of their own), rather than through the `both_backends` switch of `storage.py`."""

from __future__ import annotations

import asyncio

from tests.support.storage import run_statements, server_or_skip, tcp_server_or_skip

__all__ = ["run_on_server", "server_or_skip", "tcp_server_or_skip"]


def run_on_server(*statements: str) -> None:
    """Run `statements` one by one (outside a transaction: CREATE DATABASE needs that) as the
    server's administrator, from a test that runs no event loop of its own."""
    asyncio.run(run_statements(*statements))
