"""Shared fixtures: the real bot under simcord, on a database file in a temporary folder."""

from __future__ import annotations

import pytest

from bot import create_bot

# Storage tests run on SQLite and on PostgreSQL (tests/support/storage.py).
pytest_plugins = ["tests.support.storage"]

SEED = 20261129


@pytest.fixture
def database_path(tmp_path):
    return str(tmp_path / "tabletop.sqlite3")


@pytest.fixture
def simcord_bot(database_path, request):
    """The same factory `python bot.py` uses, with a fixed seed source so games repeat.

    Parametrised indirectly with "deferring", the bot defers every command that draws a board,
    as it does in production when a command is already slow.
    """
    defer_after = 0.0 if getattr(request, "param", None) == "deferring" else 1.5
    return create_bot(database_path, seeds=lambda: SEED, defer_after=defer_after)
