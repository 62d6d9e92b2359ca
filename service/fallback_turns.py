"""The fallback and AI players' turns: every turn owed by a seat they hold (filled with `/game
add-bot`, handed over by a player who left or by a clock), played and stored move by move so
they replay like any other, and told in one channel message (`service/story.py`).

A seat at `easy` is the fallback player (engine/fallback.py), whose whole turn is worked out
here at once, as always. A seat at a searching level (engine/ai) gets each decision from the
thinking workers (`service/ai_players.py`, `service/thinking.py`), so the event loop answers
every other command while it thinks; a decision depends only on the stored game, so one lost to
a restart (or to worker processes that kept dying under it) comes out the same when the periodic
check plays the owed turn again (`service/timekeeping.py`)."""

from __future__ import annotations

import logging
from typing import Any

from db import GameRecord
from engine.ai import EASY
from engine.ai.levels import level as level_named
from engine.fallback import MAX_TURN_MOVES, play_turn
from presenters.protocol import Presenter
from service.ai_players import decide, iterations_cap
from service.messages import Message, Ready
from service.story import Storyteller
from service.tables import Tables
from service.workers import WorkerCrashed

log = logging.getLogger(__name__)


def thinking_seconds(level: str) -> float:
    """What one decision at `level` may cost, as the thinking queue counts it (service/thinking.py)."""
    return level_named(level).seconds


class FallbackTurns:
    """Plays the fallback player's seats until a person is to move."""

    def __init__(self, tables: Tables, story: Storyteller) -> None:
        self.tables = tables
        self.story = story

    async def play(
        self,
        game: GameRecord,
        presenter: Presenter,
        state: Any,
        ready: Ready,
        force: int | None = None,
    ) -> tuple[GameRecord, list[Message]]:
        """Play every turn owed by seats the fallback player holds from `state` (the game's
        state now; and the turn of seat `force`, when its clock ran out) until a person is to
        move: told in one channel message with one board (none when nothing was owed)."""
        game, state, count = await self.moves(game, presenter, state, force)
        if not count:
            return game, []
        return game, await self.story.channel_story(game, presenter, state, count, ready)

    async def moves(
        self, game: GameRecord, presenter: Presenter, state: Any, force: int | None = None
    ) -> tuple[GameRecord, Any, int]:
        """Store the fallback player's moves from `state` until a person is to move: the game
        and the state after them, and how many it made. What it sees privately (a card it drew)
        goes to nobody: it says nothing itself."""
        engine = presenter.engine
        count = 0
        for _ in range(4 * len(game.players)):  # bounded: at most a few rounds of bot seats
            seat = engine.to_move(state)
            if seat is None or not (game.is_bot(seat) or seat == force):
                break
            level = (game.level(seat) if seat != force else game.stand_in) or EASY
            force = None
            if level == EASY:
                moves = play_turn(engine, state, seat, game.seed + game.version, presenter.seen_text)
                if not moves:
                    break
                for move in moves:
                    game, state = await self._store(game, engine, state, seat, move)
                    count += 1
                continue
            for _ in range(MAX_TURN_MOVES):  # one decision at a time, each from the stored game
                if engine.is_over(state) or engine.to_move(state) != seat:
                    break
                text, seed, cap = engine.dumps(state), game.seed + game.version, iterations_cap()
                asked = (game.game, text, seat, level, seed, cap)
                cost = thinking_seconds(level)
                try:
                    move = await self.tables.thinking.run(
                        game.creator_id, game.channel_id, cost, decide, *asked
                    )
                except WorkerCrashed:
                    # Run again already on a new pool, and lost again: the moves made so far are
                    # told, and the periodic check asks for this decision once more.
                    log.exception("the AI decision for seat %d of game %s was lost", seat, game.id)
                    return game, state, count
                game, state = await self._store(game, engine, state, seat, move)
                count += 1
        return game, state, count

    async def _store(
        self, game: GameRecord, engine: Any, state: Any, seat: int, move: str
    ) -> tuple[GameRecord, Any]:
        """Apply and store one move of a seat nobody plays: the game and state after it."""
        applied = engine.apply(state, seat, move)
        game = await self.tables.record(game, engine, state, seat, None, applied)
        return game, applied.state
