"""The fallback player's turns: every turn owed by a seat it holds (filled with `/game add-bot`,
handed over by a player who left or by a clock), played and stored move by move so they replay
like any other, and told in one channel message (`service/story.py`)."""

from __future__ import annotations

from typing import Any

from db import GameRecord
from engine.fallback import play_turn
from presenters.protocol import Presenter
from service.messages import Message, Ready
from service.story import Storyteller
from service.tables import Tables


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
            force = None
            moves = play_turn(engine, state, seat, game.seed + game.version, presenter.seen_text)
            if not moves:
                break
            for move in moves:
                applied = engine.apply(state, seat, move)
                game = await self.tables.record(game, engine, state, seat, None, applied)
                state = applied.state
                count += 1
        return game, state, count
