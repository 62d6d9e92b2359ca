"""Results and ratings rows (migration 15): each seat's result of a finished game, and each
player's current rating per server and game.

`service/results.py` works out what a finished game's results are and `service/ratings.py` how
they change the ratings; this module only stores and reads them. A game's results and its
ratings are written in the transaction of its last move (`Database.record_move`), or all anew
in one transaction by `tabletop ratings --rebuild` and by the one backfill of games that finished
before results were stored (`backfills`, migration 16): all through `write_result`, so they give
the same ratings. docs/stats.md says which index serves each query.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from db.store import Row, Transaction

PlayerKey = tuple[int, str]
"""Who a rating belongs to: (user id, "") for a person, (0, level) for an AI level."""

OUTCOMES = ("played", "resigned", "left")  # to the end in person; gave up; handed to a stand-in
# The `backfills` row (migration 16) of the results and ratings of games that finished before
# migration 15: present while a start still has to work them out.
RESULTS_BACKFILL = "results"


class Replaced(Enum):
    """What a rebuild's write came to."""

    STORED = "stored"
    DONE_ELSEWHERE = "done elsewhere"  # the backfill: another process of the cluster did it
    GAMES_CHANGED = "games changed"  # a game ended after the results were worked out


class _GamesChanged(Exception):
    """Raised inside the rebuild's transaction to roll it back."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The rating shown and ranked by: mu - 3 sigma, which a player is almost surely above
        (OpenSkill's `ordinal`), so a newcomer's lucky win does not top the table."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class SeatResult:
    seat: int
    user_id: int  # a person, or an AI seat's negative id
    level: str | None  # the AI seat's level; None for a person's seat (even one a stand-in ended)
    outcome: str  # OUTCOMES
    score: int
    place: int  # 0 first; seats tied share a place; resigned and left seats after every other
    faction: str | None
    waits: tuple[int, ...] = ()  # seconds the person took to answer each of their turns

    @property
    def player(self) -> PlayerKey:
        return (0, self.level) if self.level is not None else (self.user_id, "")


@dataclass(frozen=True)
class GameResult:
    game_id: int
    guild_id: int  # 0: no server
    game: str
    board: str | None
    moves: int
    started_at: float
    ended_at: float
    seats: tuple[SeatResult, ...]
    rated: bool  # docs/stats.md "Which games are rated"


@dataclass(frozen=True)
class StoredResult:
    """One seat's stored result, with its game's facts and the rating it left (None: unrated)."""

    game_id: int
    game: str
    board: str | None
    moves: int
    started_at: float
    ended_at: float
    seat: SeatResult
    rating: Rating | None


@dataclass(frozen=True)
class Standing:
    """A player's place on a server's table of one game."""

    player: PlayerKey
    rating: Rating
    games: int
    rank: int  # 1 first
    of: int  # how many are on the table


Rater = Callable[[GameResult, Mapping[PlayerKey, Rating]], dict[PlayerKey, Rating]]
"""The rating model: a rated game's result and its players' ratings before it (a new player is
absent) in, each of its players' ratings after it out (service/ratings.py)."""

_RESULT_COLUMNS = (
    "game_id, game, board, moves, started_at, ended_at, seat, user_id, level, outcome, score, place,"
    " faction, waits, mu, sigma"
)


class _Connection(Protocol):
    """What the results' methods need of the database (`db/database.py` `Database`)."""

    def _transaction(self) -> AbstractAsyncContextManager[Transaction]: ...
    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


async def write_result(db: Transaction, result: GameResult, rater: Rater) -> None:
    """Inside a transaction: store a finished game's results and, when it is rated, its
    players' new ratings. The server's and game's `rating_scopes` row is written first: its lock
    holds a second game ending at once in the same server and game until this one commits, so
    each reads the ratings the other left (SQLite's one writer does the same)."""
    after: dict[PlayerKey, Rating] = {}
    if result.rated:
        await db.run(
            "INSERT INTO rating_scopes (guild_id, game, games) VALUES (?, ?, 1)"
            " ON CONFLICT (guild_id, game) DO UPDATE SET games = rating_scopes.games + 1",
            (result.guild_id, result.game),
        )
        before = await _ratings_of(db, result.guild_id, result.game, {seat.player for seat in result.seats})
        after = rater(result, before)
        for (user_id, level), rating in sorted(after.items()):
            await db.run(
                "INSERT INTO ratings (guild_id, game, user_id, level, mu, sigma, shown, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, game, user_id, level) DO UPDATE"
                " SET mu = excluded.mu, sigma = excluded.sigma, shown = excluded.shown,"
                " games = ratings.games + 1, updated_at = excluded.updated_at",
                (
                    result.guild_id,
                    result.game,
                    user_id,
                    level,
                    rating.mu,
                    rating.sigma,
                    rating.shown,
                    result.ended_at,
                ),
            )
    await db.run_many(
        "INSERT INTO results (game_id, seat, guild_id, game, user_id, level, outcome, score, place, board,"
        " faction, moves, started_at, ended_at, waits, mu, sigma)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [_result_row(result, seat, after.get(seat.player)) for seat in result.seats],
    )


def _result_row(result: GameResult, seat: SeatResult, rating: Rating | None) -> tuple[Any, ...]:
    return (
        result.game_id,
        seat.seat,
        result.guild_id,
        result.game,
        seat.user_id,
        seat.level,
        seat.outcome,
        seat.score,
        seat.place,
        result.board,
        seat.faction,
        result.moves,
        result.started_at,
        result.ended_at,
        json.dumps(list(seat.waits), separators=(",", ":")),
        rating.mu if rating else None,
        rating.sigma if rating else None,
    )


async def _ratings_of(
    db: Transaction, guild_id: int, game: str, players: set[PlayerKey]
) -> dict[PlayerKey, Rating]:
    """The current ratings of `players` (each by the primary key of `ratings`)."""
    found = {}
    for user_id, level in sorted(players):
        rows = await db.fetch(
            "SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ? AND level = ?",
            (guild_id, game, user_id, level),
        )
        if rows:
            found[(user_id, level)] = Rating(float(rows[0][0]), float(rows[0][1]))
    return found


def _all_stored(rows: Sequence[Row]) -> list[StoredResult]:
    """Rows made results, in a thread: a long history's waits are parsed off the event loop."""
    return [_stored(row) for row in rows]


def _stored(row: Row) -> StoredResult:
    game_id, game, board, moves, started, ended, seat, user_id, level, outcome, score, place = row[:12]
    faction, waits, mu, sigma = row[12:]
    return StoredResult(
        game_id=int(game_id),
        game=game,
        board=board,
        moves=int(moves),
        started_at=float(started),
        ended_at=float(ended),
        seat=SeatResult(
            int(seat), int(user_id), level, outcome, int(score), int(place), faction, tuple(json.loads(waits))
        ),
        rating=Rating(float(mu), float(sigma)) if mu is not None else None,
    )


async def _results_where(
    fetch: Callable[[str, Sequence[Any]], Awaitable[list[Row]]],
    condition: str,
    params: tuple[Any, ...],
    order: str,
) -> list[StoredResult]:
    """One server's results meeting `condition` (after `guild_id = ?`), in `order`, made results
    in a thread: a long history's waits are parsed off the event loop."""
    rows = await fetch(
        f"SELECT {_RESULT_COLUMNS} FROM results WHERE guild_id = ? AND {condition} ORDER BY {order}", params
    )
    return await asyncio.to_thread(_all_stored, rows)


class ResultRows:
    """The results and ratings half of `Database`."""

    async def player_results(self: _Connection, guild_id: int, user_id: int) -> list[StoredResult]:
        """Every finished game a person played in one server, the oldest first
        (`results_by_player`)."""
        return await _results_where(self._fetch, "user_id = ?", (guild_id, user_id), "ended_at, game_id")

    async def server_results(self: _Connection, guild_id: int, game: str) -> list[StoredResult]:
        """Every seat of every finished game of `game` in one server, the oldest first
        (`results_by_server`)."""
        return await _results_where(self._fetch, "game = ?", (guild_id, game), "ended_at, game_id, seat")

    async def seat_counts(self: _Connection, guild_id: int, user_id: int) -> list[tuple[str, str, bool, int]]:
        """(game, status, handed over, count) of the started games a person sat in, in one
        server: games played, and the ones they left (`seats_by_user`, then each game by its key)."""
        rows = await self._fetch(
            "WITH mine AS MATERIALIZED (SELECT game_id, bot FROM seats WHERE user_id = ?)"
            " SELECT games.game, games.status, mine.bot, COUNT(*) FROM mine CROSS JOIN games"
            " WHERE games.id = mine.game_id AND games.state IS NOT NULL AND COALESCE(games.guild_id, 0) = ?"
            " GROUP BY games.game, games.status, mine.bot ORDER BY games.game, games.status, mine.bot",
            (user_id, guild_id),
        )
        return [(row[0], row[1], bool(row[2]), int(row[3])) for row in rows]

    async def standing(self: _Connection, guild_id: int, game: str, player: PlayerKey) -> Standing | None:
        """A player's rating and rank in one server's game (`ratings` primary key, then
        `ratings_board` to count those above)."""
        rows = await self._fetch(
            "SELECT mu, sigma, games FROM ratings"
            " WHERE guild_id = ? AND game = ? AND user_id = ? AND level = ?",
            (guild_id, game, *player),
        )
        if not rows:
            return None
        rating = Rating(float(rows[0][0]), float(rows[0][1]))
        [(above, total)] = await self._fetch(
            "SELECT COUNT(*) FILTER (WHERE shown > ?), COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?",
            (rating.shown, guild_id, game),
        )
        return Standing(player, rating, int(rows[0][2]), int(above) + 1, int(total))

    async def leaderboard(
        self: _Connection, guild_id: int, game: str, offset: int, limit: int
    ) -> tuple[list[Standing], int]:
        """A page of one server's table of a game, the best first, and how many are on it
        (`ratings_board`, read backwards from the top). Equal ratings share a rank (1, 1, 3),
        as `standing` counts it: the page's first rank counts the ratings above it."""
        rows = await self._fetch(
            "SELECT user_id, level, mu, sigma, games, shown FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY shown DESC, user_id, level LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset),
        )
        top = float(rows[0][5]) if rows else 0.0
        [(above, total)] = await self._fetch(
            "SELECT COUNT(*) FILTER (WHERE shown > ?), COUNT(*) FROM ratings WHERE guild_id = ? AND game = ?",
            (top, guild_id, game),
        )
        page: list[Standing] = []
        for index, row in enumerate(rows):
            shown = float(row[5])
            if not page:
                rank = int(above) + 1
            elif shown == float(rows[index - 1][5]):
                rank = page[-1].rank
            else:
                rank = offset + index + 1
            rating = Rating(float(row[2]), float(row[3]))
            page.append(Standing((int(row[0]), row[1]), rating, int(row[4]), rank, int(total)))
        return page, int(total)

    async def finished_ids(self: _Connection, after: int, limit: int) -> list[int]:
        """Ids of finished games after `after`, in order: what a rebuild reads, a batch at a time."""
        rows = await self._fetch(
            "SELECT id FROM games WHERE status = 'finished' AND id > ? ORDER BY id LIMIT ?", (after, limit)
        )
        return [int(row[0]) for row in rows]

    async def results_backfill_due(self: _Connection) -> bool:
        """Whether games that finished before results were stored still wait for theirs
        (migration 16 left the row, and no rebuild has done it since)."""
        rows = await self._fetch(
            "SELECT 1 FROM backfills WHERE name = ? AND done_at IS NULL", (RESULTS_BACKFILL,)
        )
        return bool(rows)

    async def replace_results(
        self: _Connection, results: Sequence[GameResult], rater: Rater, now: float, *, backfill: bool = False
    ) -> Replaced:
        """Forget every result and rating and write `results` anew, in the order given, in one
        transaction (`tabletop ratings --rebuild`): all of it, or nothing. It does what the
        results backfill would, so the same transaction marks that done. With `backfill`, only
        while the backfill is still due: a process that finds another did it first (several
        processes of a cluster starting at once) writes nothing. The backfill's row is written
        first, so its lock makes a second process wait for the first to commit. Nothing either
        when the finished games are no longer the ones `results` were worked out from (a game
        ended meanwhile): its results would be lost."""
        try:
            async with self._transaction() as db:
                claimed = await db.run(
                    "UPDATE backfills SET done_at = ? WHERE name = ? AND done_at IS NULL",
                    (now, RESULTS_BACKFILL),
                )
                if backfill and not claimed:
                    return Replaced.DONE_ELSEWHERE
                [(finished,)] = await db.fetch("SELECT COUNT(*) FROM games WHERE status = 'finished'")
                if int(finished) != len(results):
                    raise _GamesChanged  # rolls the claim back with the rest
                for table in ("results", "ratings", "rating_scopes"):
                    await db.run(f"DELETE FROM {table}")
                for result in results:
                    await write_result(db, result, rater)
        except _GamesChanged:
            return Replaced.GAMES_CHANGED
        return Replaced.STORED
