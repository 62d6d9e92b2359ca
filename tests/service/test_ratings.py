"""Results and ratings: stored with each game's last move, the same as `tabletop ratings
--rebuild` works out again from the stored games, on both storage engines; AI seats rated as
their level, resigned and left seats last, a game nobody played in person not rated."""

from __future__ import annotations

import pytest

from db import Database
from engine.base import RESIGN
from games.registry import load_engine
from service import ratings
from service.game_service import GameService
from service.ratings import rebuild
from service.results import waits
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


async def test_a_rebuild_after_the_games_are_packed_gives_the_same_results_and_ratings(database):
    """Packing keeps move times to the millisecond; the results count them so, and a rebuild
    of packed games finds the times, waits and ratings stored when the games ended."""
    clock = SeasonClock()
    service = GameService(database, engines=load_engine, clock=clock)
    games = await play_season(service, clock, schedule(6, SEED + 1, BOARDS), SEED + 1)
    stored = {table: await rows(database, table) for table in ("results", "ratings")}
    assert any(row[13] % 1 for row in stored["results"]), "moves came between whole seconds"

    for game in games:
        assert await database.pack_game(game.id)
    assert await rebuild(database, load_engine) == 6

    for table, kept in stored.items():
        assert await rows(database, table) == kept, table


def test_time_to_move_counts_turns_answered_not_a_resignation_out_of_turn():
    moves = [(0, 11, 0.0, "F7"), (1, 22, 600.0, "G7"), (0, 11, 1_800.0, "H7"), (1, 22, 90_000.0, RESIGN)]
    assert waits(moves, 0) == (1_200,), "seat 0 answered seat 1's move after 20 minutes"
    assert waits(moves, 1) == (600,), "seat 1's resignation a day later is not a time to move"


async def test_a_game_that_ends_while_a_rebuild_reads_is_rated_too(database, monkeypatch):
    """The bot left running: a game ends after the rebuild read the finished games and before
    it stores them. It reads them again, so that game keeps its results and rating change."""
    clock = SeasonClock()
    service = GameService(database, engines=load_engine, clock=clock)
    games = await play_season(service, clock, schedule(4, SEED, BOARDS), SEED)
    stored = {table: await rows(database, table) for table in ("results", "ratings")}
    late = games[-1].id
    async with database.store.transaction() as writing:  # in play when the rebuild begins
        await writing.run("UPDATE games SET status = 'active' WHERE id = ?", (late,))

    read = ratings.worked_out
    reads = []

    async def reading_while_it_ends(*args):
        found = await read(*args)
        if not reads:
            async with database.store.transaction() as writing:
                await writing.run("UPDATE games SET status = 'finished' WHERE id = ?", (late,))
        reads.append(len(found))
        return found

    monkeypatch.setattr(ratings, "worked_out", reading_while_it_ends)
    assert await rebuild(database, load_engine) == 4
    assert reads == [3, 4]
    for table, kept in stored.items():
        assert await rows(database, table) == kept, table


async def test_equal_ratings_share_a_rank_on_every_page_and_in_a_players_standing(database):
    async with database.store.transaction() as writing:
        for user_id, mu in ((1, 30.0), (2, 30.0), (3, 20.0), (4, 30.0)):
            await writing.run(
                "INSERT INTO ratings (guild_id, game, user_id, level, mu, sigma, shown, games, updated_at)"
                " VALUES (9, 'rebirth', ?, '', ?, 5.0, ?, 1, 0)",
                (user_id, mu, mu - 15.0),
            )
    first, total = await database.leaderboard(9, "rebirth", 0, 2)
    second, _ = await database.leaderboard(9, "rebirth", 2, 2)
    assert total == 4
    assert [(s.player[0], s.rank) for s in first + second] == [(1, 1), (2, 1), (4, 1), (3, 4)]
    standing = await database.standing(9, "rebirth", (4, ""))
    assert standing is not None and (standing.rank, standing.of) == (1, 4)
