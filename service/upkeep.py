"""Upkeep, at every periodic check: lobbies nobody uses are closed, and what no history needs is
forgotten, so a channel is never held by a table that will not start and the database does not
grow with every message ever posted.

- **Idle lobbies.** A lobby nothing happened in for `LOBBY_IDLE_DAYS` (no join, leave, bot seat
  or settings change: each sets its `updated_at`) is aborted, which frees its channel for
  `/game new`, and says so in its channel, pinging its creator only. The rule reads only stored
  times, so a restart forgets nothing.
- **Pruning** (docs/architecture.md, "db/"): delivered and refused outbox rows after
  `KEEP_SETTLED` (a sent row's image went at once), aborted lobbies that never started after
  `KEEP_UNSTARTED`, and the clock votes of games that ended. A game that started keeps its row
  (options, seed, final state), its seats and its moves for good: what `/game log`, `/board`,
  replays and any later statistics read.
- **Packing** (`db/packing.py`): `PACK_AFTER` after a game ended, its moves are packed into its
  row (seat, notation, player and time of each), without the events and undo states their rows
  kept: no move is taken back after the end, and the events are worked out again by a replay
  when its log is read (`service/replays.py`). A few kilobytes a game instead of hundreds; at
  most `PACK_BATCH` games a check, so a database stored before packing existed is packed over
  a few checks rather than in one long one.
- **Statistics**: every `OPTIMIZE_EVERY`, the database brings its query planner's statistics up
  to date where the data changed much (`Database.optimize`): pruning and packing delete rows by
  the thousand, and history grows for weeks while the bot's connection stays open.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from db import GameRecord
from i18n import t
from service.announcing import Announcer
from service.messages import Message
from service.outbox import KEEP_SETTLED
from service.tables import Tables

log = logging.getLogger(__name__)
DAY = 86_400.0
LOBBY_IDLE_DAYS = 2  # a lobby with no join, leave, bot seat or settings change this long closes
LOBBY_IDLE = LOBBY_IDLE_DAYS * DAY
KEEP_UNSTARTED = 7 * DAY  # how long an aborted lobby that never started stays, then goes
# An ended game's moves stay rows this long (its last messages retold with their stored events,
# should Discord have lost one), then are packed, at most `PACK_BATCH` games a check.
PACK_AFTER = 3 * DAY
PACK_BATCH = 200
# How often the planner's statistics are looked at (SQLite advises every few hours for a
# connection that stays open; the open and the close gather them too). Cheap when nothing changed.
OPTIMIZE_EVERY = 3 * 3_600.0


@dataclass(frozen=True)
class Pruned:
    """How many rows one pruning forgot, for the log."""

    messages: int
    lobbies: int
    votes: int
    packed: int = 0


class Upkeep:
    """Closing idle lobbies and forgetting what history does not need."""

    def __init__(self, tables: Tables, announcer: Announcer) -> None:
        self.tables = tables
        self.db = tables.db
        self.announcer = announcer
        self._optimized_at: float | None = None  # None: not yet; opening the database did

    async def tick(self) -> list[Message]:
        """What is due now: each idle lobby's closing message (held in the outbox); and pruning."""
        out: list[Message] = []
        for game in await self.db.idle_lobbies(self.tables.now() - LOBBY_IDLE):
            try:
                out += await self.close_idle(game)
            except Exception:  # one broken lobby must not keep the others open
                log.exception("could not close idle lobby %s", game.id)
        pruned = await self.prune()
        if pruned.messages or pruned.lobbies or pruned.votes or pruned.packed:
            log.info(
                "pruned %d settled messages, %d unstarted lobbies, %d clock votes; packed %d games",
                pruned.messages,
                pruned.lobbies,
                pruned.votes,
                pruned.packed,
            )
        await self.optimize()
        return out

    async def optimize(self) -> None:
        """Every `OPTIMIZE_EVERY`, the planner's statistics brought up to date (the module's
        docstring says why); a failure is logged and tried again at the next period."""
        now = self.tables.now()
        if self._optimized_at is None:
            self._optimized_at = now  # the database gathered them when it opened
        if now - self._optimized_at < OPTIMIZE_EVERY:
            return
        self._optimized_at = now
        try:
            await self.db.optimize()
        except Exception:  # statistics only make queries faster: never a reason to fail a check
            log.exception("could not update the query planner's statistics")

    async def close_idle(self, found: GameRecord) -> list[Message]:
        """Abort a lobby found idle, unless it came to life since (checked again under the
        channel's lock, and by the version the abort is written against)."""
        tables = self.tables
        async with tables.lock(found.channel_id):
            game = await self.db.open_game(found.channel_id)
            if game is None or game.id != found.id or game.status != "lobby":
                return []
            if tables.now() - game.updated_at < LOBBY_IDLE or game.version != found.version:
                return []
            game = await tables.write(self.db.abort_game(game, tables.now()))
        title = tables.presenter(game).title(game.options, game.language)
        creator = game.creator_id
        text = t(
            "lobby.idle_closed",
            game.language,
            user=f"<@{creator}>",
            game=title,
            count=LOBBY_IDLE_DAYS,
        )
        return await self.announcer.hold(game, [Message(text, ping=(creator,))])

    async def prune(self) -> Pruned:
        """Forget what no history needs (the module's docstring says what is kept)."""
        now = self.tables.now()
        return Pruned(
            messages=await self.db.prune_outbox(now - KEEP_SETTLED),
            lobbies=await self.db.forget_unstarted(now - KEEP_UNSTARTED),
            votes=await self.db.forget_ended_votes(),
            packed=await self.pack(now - PACK_AFTER),
        )

    async def pack(self, before: float) -> int:
        """Pack the moves of up to `PACK_BATCH` games that ended before `before`; how many."""
        packed = 0
        for game_id in await self.db.ended_unpacked(before, PACK_BATCH):
            try:
                packed += await self.db.pack_game(game_id)
            except Exception:  # one game that will not pack must not keep the others as rows
                log.exception("could not pack game %s", game_id)
        return packed
