"""What every use case of a game channel stands on: the channel's game and its lock, storage
with versioned writes, the clock, and each game's engine and presenter.

Every other collaborator of the service is handed this object when it is made
(`service/game_service.py`); none of them reaches another's storage any other way.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from db import ChannelBusy, Database, GameRecord, MoveRecord, StaleVersion
from engine.base import RESIGN, AnyGame, Applied
from engine.errors import GameOver, NotAPlayer
from games import registry
from presenters.protocol import Presenter
from service.messages import Caller, ServiceError, StaleGame
from service.outbox import PROMISE_GRACE
from service.ratings import rate
from service.replays import Replays
from service.results import game_result
from service.thinking import Thinking
from service.workers import Workers

SEED_BITS = 128


def new_seed() -> int:
    """A new game's seed: 128 bits from the operating system's secure source. Every hidden pile
    is dealt from it, and a seed space small enough to search would let a player find the seed
    from the opening board (the first player, the face-up tiles) and read every pile."""
    return secrets.randbits(SEED_BITS)


class Tables:
    """Storage, locks, time, each game's engine and presenter, the workers its images are drawn
    by (service/workers.py; by default a thread) and where its AI players think
    (service/thinking.py), shared by every use case."""

    def __init__(
        self,
        database: Database,
        *,
        engines: Callable[[str], AnyGame],
        clock: Callable[[], float],
        seeds: Callable[[], int] | None = None,
        workers: Workers | None = None,
        thinkers: Workers | None = None,
    ) -> None:
        self.db = database
        self.workers = workers or Workers()
        # The AI players' decisions: processes of their own, fair between channels.
        self.thinking = Thinking(thinkers or Workers())
        # Moves worked on at once, across channels; the rest wait in the order they came. Each
        # admitted move runs to its reply (its drawing in a worker while the next one's rules
        # run here), so in a burst the first moves are answered first instead of every move
        # advancing a step at a time and all finishing at the end (docs/scale.md).
        self.moving = asyncio.Semaphore(self.workers.processes + 2)
        self._engines = engines
        self._clock = clock
        self._seeds = seeds or new_seed
        self._locks: dict[int, asyncio.Lock] = {}
        self._presenters: dict[str, Presenter] = {}
        self._replays = Replays()

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The one lock of a channel: every read-modify-write of its game holds it."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def now(self) -> float:
        return self._clock()

    # ------------------------------------------------------------ games and presenters

    def engine(self, game_id: str) -> AnyGame:
        """The rules of game `game_id` (`games/registry.py`)."""
        return self._engines(game_id)

    def presenter(self, game: GameRecord) -> Presenter:
        return self.presenter_for(game.game)

    def presenter_for(self, game_id: str) -> Presenter:
        """The game's presenter over its engine, from its registry entry (made once per game);
        KeyError for an id no game has."""
        presenter = self._presenters.get(game_id)
        if presenter is None:
            presenter = registry.spec(game_id).presenter(self._engines(game_id))
            self._presenters[game_id] = presenter
        return presenter

    async def warm_up(self, game_ids: tuple[str, ...]) -> None:
        """Pre-draw each game's static board layers off the event loop (see Presenter.warm_up),
        where the images are drawn: in this process's presenters in thread mode; a worker
        process draws its own when it starts (`Workers.start`, service/images.py
        `prepare_worker`)."""
        if self.workers.in_processes:
            await self.workers.start()
            return
        for game_id in game_ids:
            await asyncio.to_thread(self.presenter_for(game_id).warm_up)

    # ----------------------------------------------------------------- finding the game

    async def open_game(self, caller: Caller) -> GameRecord:
        """The game in the caller's channel, in its lobby or in play."""
        game = await self.db.open_game(caller.channel_id)
        if game is None:
            raise ServiceError("error.no_game_here")
        return game

    async def active_game(self, caller: Caller) -> GameRecord:
        """The game in play in the caller's channel; refused with why there is none."""
        game = await self.db.open_game(caller.channel_id)
        if game is None:
            latest = await self.db.latest_game(caller.channel_id)
            if latest is not None and latest.status == "finished":
                raise GameOver("error.game_over_here")
            raise ServiceError("error.no_game_here")
        if game.status != "active":
            raise ServiceError("error.not_started")
        return game

    async def shown_game(self, caller: Caller) -> GameRecord:
        """The game in play here, or else the last one that was played to the end (to look at)."""
        game = await self.db.open_game(caller.channel_id)
        if game is None:
            game = await self.db.latest_game(caller.channel_id, finished_only=True)
        if game is None:
            raise ServiceError("error.no_game_here")
        if game.state is None:
            raise ServiceError("error.not_started")
        return game

    async def clicked_game(self, caller: Caller, game_id: int) -> GameRecord:
        """The game a button or menu names (its `custom_id`), which must be the game of the
        channel it was clicked in: an id can name any game, and a click in one channel must never
        act on, lock or speak for another channel's game. Refused privately otherwise."""
        game = await self.db.game(game_id)
        if game is None or game.channel_id != caller.channel_id:
            raise ServiceError("error.button_elsewhere")
        return game

    @asynccontextmanager
    async def clicked(self, caller: Caller, game_id: int) -> AsyncIterator[GameRecord]:
        """`clicked_game` under its channel's lock, read again once the lock is held (a move or a
        tick may have changed it while the click waited)."""
        game = await self.clicked_game(caller, game_id)
        async with self.lock(game.channel_id):
            yield await self.db.game(game_id) or game  # a game row is never deleted

    async def moves(self, game: GameRecord, *, last: int | None = None) -> list[MoveRecord]:
        """The game's moves in order (with `last`, only the most recent ones), each with its
        event: as stored, or, for an ended game whose moves are packed without them
        (`Database.pack_game`), worked out again by replaying it (`service/replays.py`)."""
        moves = await self.db.moves(game.id, last=last)
        if not moves or moves[-1].event:  # a stored move always has an event: not packed
            return moves
        every = moves if last is None else await self.db.moves(game.id)
        told = await self._replays.told(self.presenter(game).engine, game, every)
        return told[len(told) - len(moves) :]

    async def people_playing(self, game: GameRecord) -> list[int]:
        """The people still in the game: seated, not handed to the fallback player, not resigned.
        When there are none, no game may go on (nobody would read it, nobody could close it)."""
        resigned = await self.db.resigned_seats(game.id, RESIGN)
        return [
            user
            for seat, user in enumerate(game.players)
            if user > 0 and not game.is_bot(seat) and seat not in resigned
        ]

    # ------------------------------------------------------------------------- writes

    async def open_table(
        self,
        caller: Caller,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: str,
        options: dict[str, Any],
        language: str,
    ) -> GameRecord:
        """A new lobby in a channel with the caller seated as its creator (a `/game new`, a
        rematch), under a fresh seed; refused while the channel has a game open."""
        try:
            return await self.db.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game_id,
                options=options,
                seed=self._seeds(),
                creator_id=caller.user_id,
                creator_name=caller.display_name,
                now=self.now(),
                language=language,
            )
        except ChannelBusy:
            raise ServiceError("error.channel_busy") from None

    @staticmethod
    async def write(write: Awaitable[GameRecord]) -> GameRecord:
        """Await a versioned write, turning a lost race into a message for the player."""
        try:
            return await write
        except StaleVersion:
            raise StaleGame("error.stale") from None

    async def record(
        self,
        game: GameRecord,
        engine: AnyGame,
        state: Any,
        seat: int,
        user_id: int | None,
        applied: Applied[Any, Any],
    ) -> GameRecord:
        """Store one move applied to `state` (user None: the fallback player) with the state it
        leads to, spelled as the engine says replays it exactly (`Applied.notation`), with the
        outbox's promise to announce it. The one place a move's state is dumped. `state` is the
        game's stored state (`game.state`), which the move keeps as is for `/undo`."""
        before = engine.to_move(state)
        now = self.now()
        finished = engine.is_over(applied.state)
        result = None
        if finished:  # its results and ratings are stored with it (service/ratings.py)
            played = [*await self.db.move_times(game.id), (seat, user_id, now, applied.notation)]
            result = game_result(engine, game, applied.state, played)
        return await self.write(
            self.db.record_move(
                game,
                seat=seat,
                user_id=user_id,
                move=applied.notation,
                event=applied.event,
                state=engine.dumps(applied.state),
                finished=finished,
                # Every hand-over of the move starts a new clock (and names a new turn for the
                # reminder and clock buttons), also a decision answered by another player.
                turn_changed=bool(applied.event.get("turn_over")) or engine.to_move(applied.state) != before,
                now=now,
                announce_by=now + PROMISE_GRACE,
                result=result,
                rater=rate,
            )
        )


def seat_of(game: GameRecord, user_id: int) -> int:
    """The caller's seat in `game`; refused for someone not seated."""
    try:
        return game.players.index(user_id)
    except ValueError:
        raise NotAPlayer("error.not_a_player") from None
