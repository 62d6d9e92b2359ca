"""The test PostgreSQL server for tests that manage its databases themselves (a schema, a user,
a database of their own), rather than through the `both_backends` switch of `storage.py`."""

from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Iterator
from contextlib import contextmanager

from tests.support.storage import run_statements, schema_target, server_or_skip, tcp_server_or_skip

__all__ = ["own_schema", "run_on_server", "server_or_skip", "tcp_server_or_skip"]

_numbers = itertools.count()


def run_on_server(*statements: str) -> None:
    """Run `statements` one by one (outside a transaction: CREATE DATABASE needs that) as the
    server's administrator, from a test that runs no event loop of its own."""
    asyncio.run(run_statements(*statements))


@contextmanager
def own_schema(prefix: str) -> Iterator[str]:
    """A new, empty schema on the test server, as the address of a database that lives in it
    (the test is skipped without a server); dropped afterwards."""
    schema = f"{prefix}_{os.getpid()}_{next(_numbers)}"
    address = schema_target(server_or_skip(), schema)
    run_on_server(f'CREATE SCHEMA "{schema}"')
    try:
        yield address
    finally:
        run_on_server(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
