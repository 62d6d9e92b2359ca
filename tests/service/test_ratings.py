"""Results and ratings: stored with each game's last move, the same as `tabletop ratings
--rebuild` works out again from the stored games, on both storage engines; AI seats rated as
their level, resigned and left seats last, a game nobody played in person not rated."""

from __future__ import annotations

import pytest

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.ratings import rebuild
from tests.support.season import SeasonClock, play_season, schedule

pytestmark = pytest.mark.both_backends

SEED = 7
BOARDS = [("rebirth", {"map": "scotland"}), ("rebirth", {"map": "ireland"})]


async def rows(database: Database, table: str) -> list[tuple]:
    return sorted(tuple(row) for row in await database.store.fetch(f"SELECT * FROM {table}"))


async def test_ratings_stored_game_by_game_are_what_a_rebuild_works_out(database):
    clock = SeasonClock()
    service = GameService(database, engines=load_engine, clock=clock)
    games = await play_season(service, clock, schedule(8, SEED, BOARDS), SEED)
    assert [game.status for game in games] == ["finished"] * 8
    incremental = {table: await rows(database, table) for table in ("results", "ratings", "rating_scopes")}

    assert await rebuild(database, load_engine) == 8

    for table, kept in incremental.items():
        assert await rows(database, table) == kept, table
    # Every seat of every game has its result; the AI levels have a rating of their own.
    assert len(incremental["results"]) == sum(len(game.players) for game in games)
    assert {(row[2], row[3]) for row in incremental["ratings"] if row[2] == 0} == {(0, "normal"), (0, "easy")}


async def test_resigned_and_left_seats_rank_last_and_ai_seats_are_their_level(database):
    clock = SeasonClock()
    service = GameService(database, engines=load_engine, clock=clock)
    await play_season(service, clock, schedule(8, SEED, BOARDS), SEED)
    results = await database.store.fetch(
        "SELECT game_id, user_id, level, outcome, place, mu FROM results ORDER BY game_id, seat"
    )
    by_game: dict[int, list[tuple]] = {}
    for row in results:
        by_game.setdefault(row[0], []).append(tuple(row))
    outcomes = {row[3] for row in results}
    assert outcomes == {"played", "resigned", "left"}
    for seats in by_game.values():
        worst_playing = max((seat[4] for seat in seats if seat[3] == "played"), default=-1)
        for _, user, level, outcome, place, mu in seats:
            if outcome != "played":
                assert place > worst_playing, seats
            assert (level is not None) == (user < 0)
            assert mu is not None  # every game of this season had a person playing it through
