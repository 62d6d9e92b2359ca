"""`tabletop ratings --rebuild`: a database whose results and ratings were lost (or that finished
its games before ratings existed) gets them back from the stored games."""

from __future__ import annotations

import asyncio

from bot import main
from db import Database
from games.registry import load_engine
from service.game_service import GameService
from tests.support.played import played_to_the_end


async def finished_game(path: str) -> list[tuple]:
    database = await Database.open(path)
    try:
        service = GameService(database, engines=load_engine, clock=lambda: 1_700_000_000.0)
        await played_to_the_end(service, 5, "rebirth", {"map": "scotland"}, (1, 2), seed=3)
        kept = sorted(tuple(row) for row in await database.store.fetch("SELECT * FROM ratings"))
        async with database.store.transaction() as writing:
            for table in ("results", "ratings", "rating_scopes"):
                await writing.run(f"DELETE FROM {table}")
        return kept
    finally:
        await database.close()


async def ratings_of(path: str) -> list[tuple]:
    database = await Database.open(path)
    try:
        return sorted(tuple(row) for row in await database.store.fetch("SELECT * FROM ratings"))
    finally:
        await database.close()


def test_the_command_rebuilds_what_the_games_ends_stored(tmp_path, capsys):
    path = str(tmp_path / "t.sqlite3")
    kept = asyncio.run(finished_game(path))
    assert len(kept) == 2

    assert main(["--database", path, "ratings", "--rebuild"]) == 0
    assert "Rated 1 finished game(s) again" in capsys.readouterr().out
    assert asyncio.run(ratings_of(path)) == kept
    assert main(["--database", path, "ratings"]) == 2  # nothing to do without --rebuild
