"""Shared fixtures: the real bot under simcord, on a database file in a temporary folder."""

from __future__ import annotations

import pytest

from bot import create_bot

SEED = 20261129


@pytest.fixture
def database_path(tmp_path):
    return str(tmp_path / "tabletop.sqlite3")


@pytest.fixture
def simcord_bot(database_path):
    """The same factory `python bot.py` uses, with a fixed seed source so games repeat."""
    return create_bot(database_path, seeds=lambda: SEED)
