"""Moves: one played (typed, picked or clicked), stored with its state, and said; the list
`/move` offers; taking a move back.

A game either posts every move in the channel (one message per move, with the board) or batches
a turn (`Presenter.batches_turns`): the small moves inside a turn are answered to the mover
only, with the next decision's buttons, and the move that ends the turn posts one channel
message (`service/story.py` says which). Which moves get buttons, which are too quiet to retell
and how a move is spelled for storage are the engine's answers (`button_moves`, `is_quiet`,
`Applied.notation`).

A move reads its game's state once and stores each state it leads to once: the applied state
is passed on to the fallback player's turns and to the story, never read back from storage.
"""

from __future__ import annotations

import asyncio
import functools
from dataclasses import replace
from typing import Any

from db import GameRecord
from engine.base import RESIGN, AnyGame, Applied
from engine.errors import NotAPlayer, NotYourTurn
from i18n import t
from presenters.protocol import MoveChoice, Presenter
from service.announcing import Announcer
from service.cautions import asked, confirmed
from service.fallback_turns import FallbackTurns
from service.messages import CHOICES_AT_MOST, Caller, Message, Ready, ServiceError, StaleGame
from service.move_text import apply_typed, explained, listed, narrow_hint, offered, submitted
from service.story import Storyteller
from service.tables import Tables, seat_of
from service.views import legal_choices, previewed

AUTOCOMPLETE_LIMIT = CHOICES_AT_MOST


class Turns:
    """Playing, storing and announcing a person's moves; taking one back."""

    def __init__(
        self, tables: Tables, story: Storyteller, fallback: FallbackTurns, announcer: Announcer
    ) -> None:
        self.tables = tables
        self.db = tables.db
        self.story = story
        self.fallback = fallback
        self.announcer = announcer

    async def move_choices(self, caller: Caller, typed: str) -> list[MoveChoice]:
        """The caller's legal moves matching what they typed, best first, at most 25.

        Anyone who may not move gets an empty list (autocomplete cannot show errors).
        """
        return self._choices_in(await self.db.open_game(caller.channel_id), caller, typed)

    def _choices_in(self, game: GameRecord | None, caller: Caller, typed: str) -> list[MoveChoice]:
        if game is None or game.status != "active" or caller.user_id not in game.players:
            return []
        presenter = self.tables.presenter(game)
        engine = presenter.engine
        state = engine.loads(game.state or "")
        seat = game.players.index(caller.user_id)
        return listed(
            typed,
            legal_choices(presenter, state, seat, caller.locale),
            narrow_hint(game.game),
            caller.locale,
            functools.partial(engine.distance, state),
            AUTOCOMPLETE_LIMIT,
            # Only for the few choices shown: each preview plays the move on a copy.
            lambda shown: previewed(presenter, state, seat, shown, caller.locale),
        )

    async def move_offer(self, caller: Caller, typed: str) -> list[MoveChoice]:
        """`move_choices` as autocomplete offers them: each notation carries the game and version
        it was offered at (`service/move_text.py` `offered`), so submitting it twice applies it
        once."""
        game = await self.db.open_game(caller.channel_id)
        choices = self._choices_in(game, caller, typed)
        if game is None:
            return choices
        return [
            choice
            if explained(choice.notation) is not None
            else replace(choice, notation=offered(choice.notation, game.id, game.version))
            for choice in choices
        ]

    async def move(self, caller: Caller, text: str, ready: Ready = None) -> list[Message]:
        """Apply the caller's move and say it in the channel, pinging whoever is next. A move
        picked from autocomplete is refused, nothing applied, once its game has moved on. A line
        of the list that only explains is answered privately with its explanation, nothing
        played."""
        typed = explained(text)
        if typed is not None:
            return await self._explain(caller, typed)
        notation, seen = submitted(text)
        if notation.strip().lower() == RESIGN:
            raise ServiceError("error.resign_via_command")
        return await self._play(caller, notation, ready, expected=seen, stale="error.move_stale")

    async def _explain(self, caller: Caller, typed: str) -> list[Message]:
        """The answer to a picked line that only explains (`service/move_text.py` `explaining`):
        what the list now says for the same text, and that nothing was played."""
        shown = self._choices_in(await self.db.open_game(caller.channel_id), caller, typed)
        notes = [choice.label for choice in shown if explained(choice.notation) is not None]
        text = (
            t("move.explained", caller.locale, explanation=notes[0])
            if notes
            else t("move.explained_only", caller.locale)
        )
        return [Message(text, ephemeral=True)]

    async def resign(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """The caller leaves the game (a move of its own, so replays include it)."""
        return await self._play(caller, RESIGN, ready)

    async def click(
        self, caller: Caller, game_id: int, version: int, text: str, ready: Ready = None
    ) -> list[Message]:
        """A move from a button or menu posted for game `game_id` at `version`: refused, with
        nothing changed, when that is not this channel's game or it has moved on since (a stale
        click), and when the clicker is not the one the buttons are for (everyone sees a channel
        post's buttons: the refusal names whose they are)."""
        await self.tables.clicked_game(caller, game_id)
        return await self._play(caller, text, ready, expected=(game_id, version), clicked=True)

    async def _play(
        self,
        caller: Caller,
        text: str,
        ready: Ready,
        expected: tuple[int, int] | None = None,
        stale: str = "error.button_stale",
        clicked: bool = False,
    ) -> list[Message]:
        """Apply one move for the caller and store it with the state it leads to, atomically;
        refused with `stale` when `expected` (game, version) is no longer the game's. A move the
        engine cautions against (`Game.caution`) is only asked about (service/cautions.py),
        unless `text` confirms it."""
        tables = self.tables
        async with tables.lock(caller.channel_id):
            async with tables.moving:
                played = await self._record(caller, text, expected, stale, clicked)
            if isinstance(played, list):  # asked to confirm, or ended: said already
                return played
            game, presenter, applied = played
            # The fallback and AI seats' turns: outside `moving`, so a search in the worker pool
            # holds no other channel's move; inside the channel's lock, so nobody moves meanwhile.
            game, state, bot_moves = await self.fallback.moves(game, presenter, applied.state)
            count = 1 + bot_moves
            async with tables.moving:
                messages = await self.story.after_move(caller, game, presenter, applied, state, count, ready)
        return await self.announcer.announce(game, messages, caller.guild_name)

    async def _record(
        self, caller: Caller, text: str, expected: tuple[int, int] | None, stale: str, clicked: bool
    ) -> list[Message] | tuple[GameRecord, Presenter, Applied[Any, Any]]:
        """The caller's move applied and stored: the game, its presenter and what the move did;
        or the messages that answer instead (a caution to confirm, a game that ended with it)."""
        tables = self.tables
        game = await tables.active_game(caller)
        if expected is not None and (game.id, game.version) != expected:
            raise StaleGame(stale)
        presenter = tables.presenter(game)
        engine = presenter.engine
        state = engine.loads(game.state or "")  # the one read of this move's state
        if clicked:
            self._for_the_clicker(game, engine, state, caller)
        seat = seat_of(game, caller.user_id)
        if game.is_bot(seat):  # they left: the seat, its moves and its resignation are not theirs
            raise NotAPlayer("error.seat_handed_over")
        text, sure = confirmed(text, caller.locale)
        choices_in = functools.partial(legal_choices, presenter, state, seat)
        applied = apply_typed(engine, state, seat, text, choices_in, caller.locale, game.language)
        caution = None if sure else engine.caution(state, seat, applied.notation)
        if caution is not None:  # played only once confirmed: nothing stored yet
            return [asked(caution, applied.notation, (game.id, game.version), caller.locale)]
        game = await tables.record(game, engine, state, seat, caller.user_id, applied)
        resigned = applied.notation == RESIGN
        if resigned and game.status == "active" and not await tables.people_playing(game):
            # The last person resigned beside fallback seats: nobody would ever read on.
            game = await tables.write(self.db.abort_game(game, tables.now()))
            line = presenter.event_text(applied.event, game, game.language)
            ended = Message(f"{line}\n{t('fallback.nobody_left', game.language)}")
            return await self.announcer.announce(game, [ended], caller.guild_name)
        return game, presenter, applied

    @staticmethod
    def _for_the_clicker(game: GameRecord, engine: AnyGame, state: Any, caller: Caller) -> None:
        """Refuse a click by anyone but the seat to move: the buttons are theirs."""
        seat = engine.to_move(state)
        if seat is not None and game.players[seat] != caller.user_id:
            raise NotYourTurn("error.buttons_for", user=f"<@{game.players[seat]}>")

    async def undo(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Take back the caller's last move, while nobody else has acted since and it showed
        nothing hidden to anyone else (the engine's `reveals`); otherwise refuse with the reason.

        The state before the move is the one stored with it; a move that keeps none (stored
        before states were kept, or older than the last few) is replayed from the seed in a
        worker thread, since a replay takes as long as the game and would stall every channel."""
        tables = self.tables
        async with tables.lock(caller.channel_id):
            game = await tables.active_game(caller)
            seat = seat_of(game, caller.user_id)
            presenter = tables.presenter(game)
            engine = presenter.engine
            moves = await self.db.moves(game.id, last=1)
            if not moves or moves[-1].seat != seat or moves[-1].user_id != caller.user_id:
                raise ServiceError("undo.not_last" if moves else "undo.nothing")
            last = moves[-1]
            if last.move == RESIGN:
                raise ServiceError("undo.resigned")
            stored = await self.db.state_before(game.id, last.number)
            if stored is None:
                played = await self.db.played(game.id)
                stored = await asyncio.to_thread(replayed_before_last, engine, game, played)
            state = engine.loads(stored)
            reason = engine.reveals(state, engine.loads(game.state or ""), seat)
            if reason:
                raise ServiceError(reason)
            game = await tables.write(self.db.undo_move(game, last.number, stored, tables.now()))
        told = await self.story.undone(caller, game, presenter, last, state, ready)
        if all(message.ephemeral for message in told):  # inside a turn: the caller's alone
            return told
        return await self.announcer.hold(game, told)


def replayed_before_last(engine: AnyGame, game: GameRecord, played: list[tuple[int, str]]) -> str:
    """The stored state before the game's last move (`played`: every move as (seat, notation)),
    replayed from the seed."""
    state = engine.new_game(len(game.players), game.options, game.seed)
    for seat, move in played[:-1]:
        state = engine.apply(state, seat, move).state
    return engine.dumps(state)
