"""What the service tests share: a database of their own, opened and closed with the test (on
each engine in a `both_backends` module: tests/support/storage.py)."""

from __future__ import annotations

import pytest

from db import Database


@pytest.fixture
async def database():
    opened = await Database.open(":memory:")
    yield opened
    await opened.close()
