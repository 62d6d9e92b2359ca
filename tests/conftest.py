"""Shared fixtures: the real bot under simcord, on a database file in a temporary folder."""

from __future__ import annotations

import gc
import os
import warnings

import aiosqlite
import pytest

from bot import create_bot
from service.ai_players import ITERATIONS_VARIABLE
from service.workers import WORKERS_VARIABLE

# Every bot the tests make draws its images in a thread of the test's process, as the bot did
# before it had worker processes: a pool per bot would start processes for each of the hundreds
# of bots the suite makes. The tests of the pool make theirs (tests/discord/test_render_pool.py);
# `TABLETOP_RENDER_WORKERS=2 pytest` runs the whole suite with one.
os.environ.setdefault(WORKERS_VARIABLE, "0")

# An AI seat's search is capped at a few iterations: the games the tests play through AI seats
# must stay quick, and a decision is still a search, made the same way at any budget
# (service/ai_players.py). tests/engine/ai measures the levels at their own budgets.
os.environ.setdefault(ITERATIONS_VARIABLE, "2")

# Storage tests run on SQLite and on PostgreSQL (tests/support/storage.py).
pytest_plugins = ["tests.support.storage"]

SEED = 20261129


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Stop the database threads of the bots a test left running. A restart under simcord drops
    the old bot as a killed process would, its SQLite connection open; each connection has a
    worker thread that is not a daemon, and the interpreter waits for those before it collects
    anything, so a run in one process (`-n 0`) finished its tests and never exited."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # no running loop any more: none needed
        for leftover in gc.get_objects():
            if isinstance(leftover, aiosqlite.Connection):
                leftover.stop()  # one stopped already just leaves a request nobody reads


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
