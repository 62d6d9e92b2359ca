"""`/stats` and `/leaderboard`: what a person's finished games in a server add up to, a game's
table in the server, and the ratings (service/ratings.py), in words and a chart.

They read the results stored with each game's end (db/ratings.py), never a game's state: a
player's stats are one index search over their own results, the server's table one over that
game's results in the server, a leaderboard page one over the ratings (docs/stats.md). The sums
over a long history are made in a thread, the chart drawn in the worker pool like a board.
AI seats are rated as their level and named so; a person's stats count only their own seats.
"""

from __future__ import annotations

import asyncio
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import fmean, median

from db.ratings import PlayerKey, Standing, StoredResult
from games import registry
from i18n import found, t
from i18n.numbers import decimal, duration, percent, short_date
from render.chart import ChartPoint, ChartWords, rating_chart
from service.messages import Caller, Message, Ready, ServiceError
from service.ratings import is_provisional
from service.tables import Tables

PAGE = 10  # players a leaderboard page
TOP = 5  # players the server's table of a game names


@dataclass
class GameSummary:
    """A person's sums over one game in one server."""

    played: int = 0  # started games they sat in, ended or not
    abandoned: int = 0  # of those, the ones whose seat they left to a stand-in
    results: list[StoredResult] = field(default_factory=list)  # their finished games, oldest first

    @property
    def wins(self) -> int:
        return sum(r.seat.place == 0 and r.seat.outcome == "played" for r in self.results)

    @property
    def resigned(self) -> int:
        return sum(r.seat.outcome == "resigned" for r in self.results)


def summaries(
    results: Sequence[StoredResult], counts: Sequence[tuple[str, str, bool, int]]
) -> dict[str, GameSummary]:
    """Each game's sums for one person, from their results and seat counts (db/ratings.py)."""
    found_games: dict[str, GameSummary] = {}
    for game, _status, handed_over, count in counts:
        summary = found_games.setdefault(game, GameSummary())
        summary.played += count
        summary.abandoned += count if handed_over else 0
    for result in results:
        found_games.setdefault(result.game, GameSummary()).results.append(result)
    return found_games


@dataclass(frozen=True)
class LeaderPage:
    """A page of a leaderboard and where its buttons lead."""

    message: Message
    game: str
    page: int
    pages: int
    locale: str | None


class Stats:
    """`/stats` and `/leaderboard` (read only)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.db = tables.db

    async def player(
        self,
        caller: Caller,
        user_id: int,
        name: str,
        game: str | None = None,
        share: bool = False,
        ready: Ready = None,
    ) -> list[Message]:
        """A person's stats in the caller's server (in one game, or in each they played), with a
        chart of the game they finished most (or the one asked for); `ready` is called before
        the chart is drawn."""
        locale, guild = caller.locale, caller.guild_id or 0
        if game is not None:
            _known(game)
        results = await self.db.player_results(guild, user_id)
        counts = await self.db.seat_counts(guild, user_id)
        found_games = await asyncio.to_thread(summaries, results, counts)
        if game is not None:
            found_games = {game: found_games[game]} if game in found_games else {}
        user = f"<@{user_id}>"
        if not found_games:
            key, named = ("stats.none_in", _name(game, locale)) if game else ("stats.none", "")
            return [Message(t(key, locale, user=user, game=named), ephemeral=not share)]
        lines = [t("stats.head", locale, user=user)]
        for game_id, summary in sorted(found_games.items()):
            standing = await self.db.standing(guild, game_id, (user_id, ""))
            lines += await asyncio.to_thread(self._game_lines, game_id, summary, standing, locale)
        charted = max(found_games, key=lambda g: (len(found_games[g].results), g))
        image = None
        if found_games[charted].results:
            lines.append(t("stats.chart_note", locale))
            if ready is not None:
                await ready()
            image = await self._chart(found_games[charted], charted, name, locale)
        return [Message("\n".join(lines), image=image, image_name="stats.png", ephemeral=not share)]

    def _game_lines(
        self, game: str, summary: GameSummary, standing: Standing | None, locale: str | None
    ) -> list[str]:
        counts = [
            t("stats.played", locale, count=summary.played),
            t("stats.finished", locale, count=len(summary.results)),
            t("stats.wins", locale, count=summary.wins),
        ]
        if summary.resigned:
            counts.append(t("stats.resigned", locale, count=summary.resigned))
        if summary.abandoned:
            counts.append(t("stats.abandoned", locale, count=summary.abandoned))
        lines = [t("stats.game", locale, game=_name(game, locale), counts=" · ".join(counts))]
        lines.append(f"• {_rating_line(standing, locale)}")
        own = _played_through(summary.results)
        if own:
            lines.append(f"• {self._scores_line(game, own, locale)}")
        if summary.results:
            waits = [wait for result in summary.results for wait in result.seat.waits]
            if waits:
                lines.append(f"• {t('stats.median_move', locale, time=duration(median(waits), locale))}")
            favourite = self._favourite(game, summary.results, locale)
            if favourite:
                lines.append(f"• {favourite}")
        return lines

    def _scores_line(
        self, game: str, results: Sequence[StoredResult], locale: str | None, key: str = "stats.mean"
    ) -> str:
        """The mean score, and by board where the game names its boards."""
        line = t(key, locale, mean=decimal(fmean(r.seat.score for r in results), locale))
        boards = _by_board(results)
        if any(board is not None for board in boards):
            presenter = self.tables.presenter_for(game)
            parts = [
                t(
                    "stats.mean_board",
                    locale,
                    board=presenter.board_name(board, locale) if board else "?",
                    mean=decimal(fmean(scores), locale),
                    count=len(scores),
                )
                for board, scores in sorted(boards.items(), key=lambda item: (-len(item[1]), str(item[0])))
            ]
            line += ": " + ", ".join(parts)
        return line

    def _favourite(self, game: str, results: Sequence[StoredResult], locale: str | None) -> str | None:
        sides = Counter(r.seat.faction for r in results if r.seat.faction is not None)
        if not sides:
            return None
        faction, count = min(sides.items(), key=lambda item: (-item[1], item[0]))
        name = self.tables.presenter_for(game).faction_name(faction, locale)
        side = t(_game_key(game, "side"), locale)
        return t("stats.favourite", locale, side=side, faction=name, count=count, games=len(results))

    async def _chart(self, summary: GameSummary, game: str, name: str, locale: str | None) -> bytes | None:
        """The rating and score chart of one game's results, drawn in the worker pool."""
        results = summary.results
        points = [
            ChartPoint(
                rating=r.rating.shown if r.rating else None,
                provisional=bool(r.rating and is_provisional(r.rating)),
                score=r.seat.score,
                won=r.seat.place == 0 and r.seat.outcome == "played",
            )
            for r in results
        ]
        ratings = [p.rating for p in points if p.rating is not None]
        scores = [p.score for p in points]
        span = " · ".join(
            (
                t("chart.games", locale, count=len(results)),
                f"{short_date(results[0].ended_at, locale)} – {short_date(results[-1].ended_at, locale)}",
                t("chart.won", locale),
            )
        )
        words = ChartWords(
            title=t("chart.title", locale, name=name, game=_name(game, locale)),
            rating=t("chart.rating", locale),
            score=t("chart.score", locale),
            span=span,
            no_rating=t("chart.none", locale),
            rating_ticks=_ticks(ratings, locale) if ratings else ("", ""),
            score_ticks=(str(min(scores)), str(max(scores))),
        )
        return await self.tables.workers.run(rating_chart, points, words)

    async def table(
        self, caller: Caller, game: str, share: bool = False, ready: Ready = None
    ) -> list[Message]:
        """A game's table in the caller's server: finished games, top players, the average score
        of a person, the longest game and, where seats play sides, each side's win rate; `ready`
        is called before the server's history is read, which takes a while on a busy server."""
        _known(game)
        locale, guild = caller.locale, caller.guild_id or 0
        if ready is not None:
            await ready()
        results = await self.db.server_results(guild, game)
        if not results:
            return [Message(t("stats.table.none", locale, game=_name(game, locale)), ephemeral=not share)]
        top, _ = await self.db.leaderboard(guild, game, 0, TOP)
        lines = await asyncio.to_thread(self._table_lines, game, results, top, locale)
        return [Message("\n".join(lines), ephemeral=not share)]

    def _table_lines(
        self, game: str, results: Sequence[StoredResult], top: Sequence[Standing], locale: str | None
    ) -> list[str]:
        games = {r.game_id for r in results}
        lines = [t("stats.table.head", locale, game=_name(game, locale), count=len(games))]
        if top:
            players = ", ".join(
                t(
                    "stats.table.top_item",
                    locale,
                    rank=s.rank,
                    player=_player(s.player, locale),
                    rating=_shown(s, locale),
                )
                for s in top
            )
            lines.append(f"• {t('stats.table.top', locale, players=players)}")
        people = _played_through([r for r in results if r.seat.level is None])
        if people:
            lines.append(f"• {self._scores_line(game, people, locale, 'stats.table.average')}")
        lines.append(f"• {self._longest(results, locale)}")
        sides = self._side_rates(game, people, locale)
        if sides:
            lines.append(f"• {sides}")
        return lines

    @staticmethod
    def _longest(results: Sequence[StoredResult], locale: str | None) -> str:
        seats: dict[int, list[StoredResult]] = {}
        for r in results:
            seats.setdefault(r.game_id, []).append(r)
        longest = max(seats.values(), key=lambda rows: (rows[0].ended_at - rows[0].started_at, rows[0].moves))
        first = longest[0]
        players = ", ".join(
            _player(r.seat.player, locale) for r in sorted(longest, key=lambda r: r.seat.place)
        )
        return t(
            "stats.table.longest",
            locale,
            moves=first.moves,
            time=duration(first.ended_at - first.started_at, locale),
            players=players,
        )

    def _side_rates(self, game: str, people: Sequence[StoredResult], locale: str | None) -> str | None:
        played = Counter(r.seat.faction for r in people if r.seat.faction is not None)
        if not played:
            return None
        won = Counter(r.seat.faction for r in people if r.seat.place == 0 and r.seat.outcome == "played")
        presenter = self.tables.presenter_for(game)
        rates = sorted(played, key=lambda side: (-won[side] / played[side], side))
        items = ", ".join(
            t(
                "stats.table.side_item",
                locale,
                faction=presenter.faction_name(side, locale),
                share=percent(won[side] / played[side], locale),
                wins=won[side],
                count=played[side],
            )
            for side in rates
        )
        return t("stats.table.sides", locale, side=t(_game_key(game, "sides"), locale), sides=items)

    async def leaderboard(self, caller: Caller, game: str, page: int = 1, share: bool = False) -> LeaderPage:
        """A page of the server's ratings in `game`, best first; a page past the last is refused."""
        _known(game)
        locale, guild = caller.locale, caller.guild_id or 0
        standings, total = await self.db.leaderboard(guild, game, (max(page, 1) - 1) * PAGE, PAGE)
        name = _name(game, locale)
        if not total:
            return LeaderPage(
                Message(t("leaderboard.none", locale, game=name), ephemeral=not share), game, 1, 1, locale
            )
        pages = math.ceil(total / PAGE)
        if page < 1 or page > pages:
            raise ServiceError("leaderboard.no_page", page=page, pages=pages)
        lines = [t("leaderboard.head", locale, game=name, page=page, pages=pages)]
        for standing in standings:
            mark = t("leaderboard.provisional", locale) if is_provisional(standing.rating) else ""
            line = t(
                "leaderboard.line",
                locale,
                rank=standing.rank,
                player=_player(standing.player, locale),
                rating=_shown(standing, locale),
                games=t("leaderboard.games", locale, count=standing.games),
            )
            lines.append(line + mark)
        lines.append(f"-# {t('leaderboard.how', locale)}")
        return LeaderPage(Message("\n".join(lines), ephemeral=not share), game, page, pages, locale)


def _known(game: str) -> None:
    if game not in registry.GAMES:
        raise ServiceError("error.unknown_game", game=game)


def _name(game: str | None, locale: str | None) -> str:
    return registry.spec(game).name if game in registry.GAMES else str(game)


def _game_key(game: str, word: str) -> str:
    """A game's own word for its sides (`revive.stats.side`: "tribe"), else the common one."""
    own = f"{game}.stats.{word}"
    return own if found(own, "en") is not None else f"stats.{word}.default"


def _player(player: PlayerKey, locale: str | None) -> str:
    """A rated player as the texts name them: a person's mention (it pings nobody: the message's
    `ping` is empty), or an AI level."""
    user_id, level = player
    return t("stats.ai", locale, level=t(f"ai.level.{level}", locale)) if level else f"<@{user_id}>"


def _shown(standing: Standing, locale: str | None) -> str:
    return decimal(standing.rating.shown, locale)


def _rating_line(standing: Standing | None, locale: str | None) -> str:
    if standing is None:
        return t("stats.unrated", locale)
    line = t("stats.rating", locale, rating=_shown(standing, locale), rank=standing.rank, players=standing.of)
    return f"{line} · {t('stats.provisional', locale)}" if is_provisional(standing.rating) else line


def _played_through(results: Sequence[StoredResult]) -> list[StoredResult]:
    """The seats a person played to the end or resigned: a seat they left was finished by a
    stand-in, whose score and side's fortune are not theirs to be counted by."""
    return [r for r in results if r.seat.outcome != "left"]


def _by_board(results: Sequence[StoredResult]) -> dict[str | None, list[int]]:
    boards: dict[str | None, list[int]] = {}
    for r in results:
        boards.setdefault(r.board, []).append(r.seat.score)
    return boards


def _ticks(values: Sequence[float], locale: str | None) -> tuple[str, str]:
    return decimal(min(values), locale), decimal(max(values), locale)
