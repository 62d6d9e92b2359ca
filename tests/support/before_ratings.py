"""Databases as a bot before ratings left them (schema 14): finished games without results.

Games are played with today's service (tests/support/played.py), one of them packed as the
upkeep packs a game days after its end, then migrations 16 and 15 are taken back: their tables
dropped and the schema's count set to 14. Those migrations only add tables, so what is left is
what a bot of schema 14 wrote, and the next `Database.open` migrates it as it would a stored one.
"""

from __future__ import annotations

import itertools

from db import Database, GameRecord
from games.registry import load_engine
from service.game_service import GameService
from tests.support.played import played_to_the_end

START = 1_700_000_000.0
RATING_TABLES = ("results", "ratings", "rating_scopes")
TABLES = {  # channel -> (game, options, seated users)
    81: ("rebirth", {"map": "scotland"}, (101, 102)),
    82: ("rebirth", {"map": "ireland"}, (101, 102, 103)),
    83: ("rebirth", {"map": "scotland"}, (103, 101)),
}


async def rows(database: Database, table: str) -> list[tuple]:
    return sorted(tuple(row) for row in await database.store.fetch(f"SELECT * FROM {table}"))


async def played_games(
    database: Database, guild: int = 1, users: dict[int, int] | None = None
) -> list[GameRecord]:
    """The `TABLES` played to their end in server `guild` (`played_to_the_end`; `users` renames
    the seated users), on a clock that moves a minute a call; the first game packed."""
    named = users or {}
    ticks = itertools.count()
    service = GameService(database, engines=load_engine, clock=lambda: START + 60.0 * next(ticks))
    games = [
        await played_to_the_end(
            service, channel, game, options, tuple(named.get(u, u) for u in seated), seed=channel, guild=guild
        )
        for channel, (game, options, seated) in TABLES.items()
    ]
    assert await database.pack_game(games[0].id)
    return games


async def taken_back_to_14(database: Database) -> None:
    """Drop what migrations 15 and 16 made, and count 14 migrations run."""
    async with database.store.transaction() as writing:
        for table in ("backfills", *RATING_TABLES):
            await writing.run(f"DROP TABLE {table}")
        if database.dialect == "sqlite":
            await writing.run("PRAGMA user_version = 14")
        else:
            await writing.run("UPDATE tabletop_schema SET version = 14")


async def before_ratings(path: str) -> tuple[list[GameRecord], dict[str, list[tuple]]]:
    """A database at `path` of schema 14 holding finished games; the games, and the rows of
    results and ratings today's bot stored at their ends (what a backfill should store)."""
    database = await Database.open(path)
    try:
        games, stored = await played_then_taken_back(database)
    finally:
        await database.close()
    return games, stored


async def played_then_taken_back(
    database: Database, guild: int = 1, users: dict[int, int] | None = None
) -> tuple[list[GameRecord], dict[str, list[tuple]]]:
    """`played_games` in `database`, then taken back to schema 14; the games, and the rows of
    results and ratings their ends stored."""
    games = await played_games(database, guild, users)
    stored = {table: await rows(database, table) for table in RATING_TABLES}
    await taken_back_to_14(database)
    return games, stored
