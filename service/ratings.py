"""Ratings: OpenSkill's Plackett-Luce model over each server's finished games of each game.

A rated game (service/results.py `is_rated`) ranks its seats by place; every seat is a team of
one. A person's seat is rated as that person, whether they played on, resigned or left (then
last); an AI seat as its level, one rating per level per game per server ("🤖 strong"), so
beating the strong AI alone moves a rating as beating a player of its strength would. The
ratings change in the transaction of a game's last move (`rate`, handed to `Database.record_move`
by `Tables.record`) and can be worked out again from the stored games (`rebuild`, `tabletop
ratings --rebuild`; and once by itself, at the first start after migration 16, for the games
that finished before results were stored: `backfill`), through the same function in the same
order: the same numbers.
docs/stats.md has the model, the provisional mark and the indexes.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from statistics import fmean

from openskill.models import PlackettLuce

from db import Database
from db.ratings import GameResult, PlayerKey, Rating, Replaced
from engine.base import AnyGame
from service.results import game_result

MODEL = PlackettLuce()  # mu 25, sigma 25/3, and its default tau: a rating keeps moving a little
NEW = Rating(MODEL.mu, MODEL.sigma)
# A rating is marked provisional while its sigma is above this: from a start of 8.33, 9 games
# against players as new (11 at 3-player tables, 13 at 4: docs/stats.md has how it was measured).
# Above it the shown rating (mu - 3 sigma) mostly says how little is known yet.
PROVISIONAL_SIGMA = 6.5
REBUILD_BATCH = 200
REBUILD_TRIES = 3  # reads of every finished game before a rebuild gives up on a busy bot
Clock = Callable[[], float]


def is_provisional(rating: Rating) -> bool:
    return rating.sigma > PROVISIONAL_SIGMA


def rate(result: GameResult, before: Mapping[PlayerKey, Rating]) -> dict[PlayerKey, Rating]:
    """Each player's rating after a rated game, from their ratings before it (a newcomer starts
    at `NEW`). Ranks are the seats' places, ties shared. An AI level seated twice is two teams
    each starting from the level's rating; its new rating is the mean of theirs, so the order of
    seats does not matter."""
    seats = result.seats
    teams = [[MODEL.create_rating([*_start(before.get(seat.player))])] for seat in seats]
    rated = MODEL.rate(teams, ranks=[float(seat.place) for seat in seats])
    copies: dict[PlayerKey, list[Rating]] = defaultdict(list)
    for seat, [new] in zip(seats, rated, strict=True):
        copies[seat.player].append(Rating(new.mu, new.sigma))
    return {
        player: Rating(fmean(r.mu for r in ratings), fmean(r.sigma for r in ratings))
        for player, ratings in copies.items()
    }


def _start(rating: Rating | None) -> tuple[float, float]:
    found = rating or NEW
    return found.mu, found.sigma


class GamesKeptEnding(Exception):
    """A rebuild found other finished games each time it came to store what it read."""


async def rebuild(database: Database, engines: Callable[[str], AnyGame], clock: Clock = time.time) -> int:
    """Work every finished game's results and every rating out again from the stored games (their
    seats, final states and moves), in the order the games ended, and store them in place of
    what was there, in one transaction; how many games were read. What the games' ends stored
    one by one is what this stores (tests/service/test_ratings.py). A game that ends while
    they are read (the bot left running) makes it read them all again, a few times at most."""
    for _ in range(REBUILD_TRIES):
        results = await worked_out(database, engines)
        if await database.replace_results(results, rate, clock()) is Replaced.STORED:
            return len(results)
    raise GamesKeptEnding(f"games kept ending while the ratings were read, {REBUILD_TRIES} times")


async def backfill(
    database: Database, engines: Callable[[str], AnyGame], clock: Clock = time.time
) -> int | None:
    """At the bot's start, before it serves anyone: when games finished before results were
    stored (migration 16 says so), the rebuild, once; how many games it rated, or None when
    there was nothing to do or another process of the cluster did it first. One transaction
    writes the results and marks the backfill done, so a start stopped half-way leaves nothing
    behind and the next start does it whole; after it, a start reads one row
    (docs/stats.md "Games that finished before ratings"). Games that end meanwhile (another
    process of a cluster already serving) make it read them again."""
    for _ in range(REBUILD_TRIES):
        if not await database.results_backfill_due():
            return None
        results = await worked_out(database, engines)
        replaced = await database.replace_results(results, rate, clock(), backfill=True)
        if replaced is Replaced.DONE_ELSEWHERE:
            return None
        if replaced is Replaced.STORED:
            return len(results)
    raise GamesKeptEnding(f"games kept ending while the results were read, {REBUILD_TRIES} times")


async def worked_out(database: Database, engines: Callable[[str], AnyGame]) -> list[GameResult]:
    """Every finished game's results, worked out from the stored game (each read once), in the
    order the games ended (then by id): the order their ratings change in."""
    results = []
    after = 0
    while ids := await database.finished_ids(after, REBUILD_BATCH):
        after = ids[-1]
        for game_id in ids:
            game = await database.game(game_id)
            assert game is not None and game.state is not None
            engine = engines(game.game)
            moves = await database.move_times(game_id)
            results.append(game_result(engine, game, engine.loads(game.state), moves))
    results.sort(key=lambda result: (result.ended_at, result.game_id))
    return results
