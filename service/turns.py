"""Moves: one played (typed, clicked, or the fallback player's), stored with its state, and said.

A game either posts every move in the channel (one message per move, with the board) or batches
a turn (`Presenter.batches_turns`): the small moves inside a turn are answered to the mover
only, with the next decision's buttons, and the move that ends the turn posts one channel
message. Which moves get buttons, which are too quiet to retell and how a move is spelled for
storage are the engine's answers (`button_moves`, `is_quiet`, `Applied.notation`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from db import Database, GameRecord, MoveRecord
from engine.base import RESIGN, Applied
from engine.base import LegacyGame as Game
from engine.errors import NotAPlayer
from engine.fallback import play_turn
from i18n import t
from presenters.protocol import MoveChoice, Presenter
from service.messages import (
    BOARD_BUTTON,
    CHOICES_AT_MOST,
    REMATCH_BUTTON,
    Caller,
    Message,
    Ready,
    ServiceError,
    StaleGame,
    fit,
    people_only,
    table_buttons,
)
from service.outbox import PROMISE_GRACE, Outbox
from service.story import Story, story_of, told
from service.submissions import offered, submitted
from service.tables import ChannelTables, public_view, seat_view
from service.timekeeping import Timekeeper
from service.typed import apply_typed, narrow_hint, offered_for, with_hint

AUTOCOMPLETE_LIMIT = CHOICES_AT_MOST
BUTTON_LIMIT = CHOICES_AT_MOST  # a decision with more answers than a select menu holds is left to /move
# How far back a catch-up looks (several rounds of a long game); also more than the longest turn
# (about 120 small moves), so a turn's summary finds all of it.
CATCH_UP_MOVES = 400
CATCH_UP_LINES = 12


class Turns(ChannelTables):
    """Playing, storing and announcing moves; taking one back."""

    def __init__(
        self,
        database: Database,
        *,
        engines: Callable[[str], Game],
        clock: Callable[[], float],
        seeds: Callable[[], int] | None = None,
    ) -> None:
        super().__init__(database, engines=engines, clock=clock, seeds=seeds)
        self.time = Timekeeper(self)  # reminders, clocks, away, DMs (service/timekeeping.py)
        # Every announcement is held there until Discord took it (service/outbox.py).
        self.outbox = Outbox(database, clock=self.now, recap=self.recap, dm_refused=self.time.dm_failed)

    async def announce(self, game: GameRecord, messages: list[Message], server: str = "") -> list[Message]:
        """What a change of the game posts, as the front end gets it: pings for people only,
        DM copies for those who asked, and every public message held in the outbox."""
        return await self.outbox.hold(game, await self.addressed(game, messages, server))

    async def hold(self, game: GameRecord, messages: list[Message]) -> list[Message]:
        """Hold messages in the outbox as they are (their pings untouched)."""
        return await self.outbox.hold(game, messages)

    async def addressed(self, game: GameRecord, messages: list[Message], server: str = "") -> list[Message]:
        """Pings for people only (not seats the fallback player holds), with a DM copy for each
        pinged player who asked for DMs (naming `server`, the server's name, when known)."""
        return await self.time.with_dms(game, people_only(game, messages), server)

    async def move_choices(self, caller: Caller, typed: str) -> list[MoveChoice]:
        """The caller's legal moves matching what they typed, best first, at most 25.

        Anyone who may not move gets an empty list (autocomplete cannot show errors).
        """
        return self._choices_in(await self.db.open_game(caller.channel_id), caller, typed)

    def _choices_in(self, game: GameRecord | None, caller: Caller, typed: str) -> list[MoveChoice]:
        if game is None or game.status != "active" or caller.user_id not in game.players:
            return []
        presenter = self.presenter(game)
        state = presenter.engine.loads(game.state or "")
        seat = game.players.index(caller.user_id)
        found = offered_for(typed, presenter.move_choices(state, seat, caller.locale))
        # Only for the few choices shown: each preview plays the move on a copy.
        shown = presenter.with_previews(state, seat, found[:AUTOCOMPLETE_LIMIT], caller.locale)
        # More than the list holds: the first choice's name says how many, and how to narrow.
        return with_hint(shown, len(found), typed, narrow_hint(game.game), caller.locale)

    async def move_offer(self, caller: Caller, typed: str) -> list[MoveChoice]:
        """`move_choices` as autocomplete offers them: each notation carries the game and version
        it was offered at (`service/submissions.py`), so submitting it twice applies it once."""
        game = await self.db.open_game(caller.channel_id)
        choices = self._choices_in(game, caller, typed)
        if game is None:
            return choices
        return [
            replace(choice, notation=offered(choice.notation, game.id, game.version)) for choice in choices
        ]

    async def move(self, caller: Caller, text: str, ready: Ready = None) -> list[Message]:
        """Apply the caller's move and say it in the channel, pinging whoever is next. A move
        picked from autocomplete is refused, nothing applied, once its game has moved on."""
        notation, seen = submitted(text)
        if notation.strip().lower() == RESIGN:
            raise ServiceError("error.resign_via_command")
        return await self._play(caller, notation, ready, expected=seen, stale="error.move_stale")

    async def resign(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """The caller leaves the game (a move of its own, so replays include it)."""
        return await self._play(caller, RESIGN, ready)

    async def click(
        self, caller: Caller, game_id: int, version: int, text: str, ready: Ready = None
    ) -> list[Message]:
        """A move from a button or menu posted for game `game_id` at `version`: refused, with
        nothing changed, when the game has moved on since (a stale click)."""
        return await self._play(caller, text, ready, expected=(game_id, version))

    async def _play(
        self,
        caller: Caller,
        text: str,
        ready: Ready,
        expected: tuple[int, int] | None = None,
        stale: str = "error.button_stale",
    ) -> list[Message]:
        """Apply one move for the caller and store it with the state it leads to, atomically;
        refused with `stale` when `expected` (game, version) is no longer the game's."""
        async with self.lock(caller.channel_id):
            game = await self._active_game(caller)
            if expected is not None and (game.id, game.version) != expected:
                raise StaleGame(stale)
            seat = self._seat_of(game, caller.user_id)
            if game.is_bot(seat):  # they left: the seat, its moves and its resignation are not theirs
                raise NotAPlayer("error.seat_handed_over")
            presenter = self.presenter(game)
            engine = presenter.engine
            state = engine.loads(game.state or "")
            # service/typed.py
            applied = apply_typed(presenter, state, seat, text, caller.locale, game.language)
            game = await self._record(game, engine, state, seat, caller.user_id, applied)
            resigned = applied.notation == RESIGN
            if resigned and game.status == "active" and not await self.people_playing(game):
                # The last person resigned beside fallback seats: nobody would ever read on.
                game = await self.write(self.db.abort_game(game, self.now()))
                line = presenter.event_text(applied.event, game, game.language)
                ended = Message(f"{line}\n{t('fallback.nobody_left', game.language)}")
                return await self.announce(game, [ended], caller.guild_name)
            game, bot_moves = await self._fallback_moves(game, presenter)
            messages = await self._after_move(caller, game, presenter, applied, 1 + bot_moves, ready)
        return await self.announce(game, messages, caller.guild_name)

    async def people_playing(self, game: GameRecord) -> list[int]:
        """The people still in the game: seated, not handed to the fallback player, not resigned.
        When there are none, no game may go on (nobody would read it, nobody could close it)."""
        resigned = {move.seat for move in await self.db.moves(game.id) if move.move == RESIGN}
        return [
            user
            for seat, user in enumerate(game.players)
            if user > 0 and not game.is_bot(seat) and seat not in resigned
        ]

    async def _record(
        self, game: GameRecord, engine: Game, state: Any, seat: int, user_id: int | None, applied: Applied
    ) -> GameRecord:
        """Store one applied move (user None: the fallback player) with the state it leads to,
        spelled as the engine says replays it exactly (`Applied.notation`)."""
        before = engine.to_move(state)
        return await self.write(
            self.db.record_move(
                game,
                seat=seat,
                user_id=user_id,
                move=applied.notation,
                event=applied.event,
                state=engine.dumps(applied.state),
                finished=engine.is_over(applied.state),
                # Every hand-over of the move starts a new clock (and names a new turn for the
                # reminder and clock buttons), also a decision answered by another player.
                turn_changed=bool(applied.event.get("turn_over")) or engine.to_move(applied.state) != before,
                now=self.now(),
                announce_by=self.now() + PROMISE_GRACE,
            )
        )

    async def play_fallback(
        self, caller: Caller, game: GameRecord, presenter: Presenter, ready: Ready, force: int | None = None
    ) -> tuple[GameRecord, list[Message]]:
        """Play every turn owed by seats the fallback player holds (and the turn of seat `force`,
        when its clock ran out) until a person is to move: told in one channel message with one
        board (none when nothing was owed)."""
        game, count = await self._fallback_moves(game, presenter, force)
        if not count:
            return game, []
        return game, await self._channel_story(caller, game, presenter, count, ready)

    async def _fallback_moves(
        self, game: GameRecord, presenter: Presenter, force: int | None = None
    ) -> tuple[GameRecord, int]:
        """Store the fallback player's moves until a person is to move; how many it made. What
        it sees privately (a card it drew) goes to nobody: it says nothing itself."""
        engine = presenter.engine
        count = 0
        for _ in range(4 * len(game.players)):  # bounded: at most a few rounds of bot seats
            state = engine.loads(game.state or "")
            seat = engine.to_move(state)
            if seat is None or not (game.is_bot(seat) or seat == force):
                break
            force = None
            moves = play_turn(engine, state, seat, game.seed + game.version, presenter.seen_text)
            if not moves:
                break
            for move in moves:
                applied = engine.apply(state, seat, move)
                game = await self._record(game, engine, state, seat, None, applied)
                state = applied.state
                count += 1
        return game, count

    async def _after_move(
        self,
        caller: Caller,
        game: GameRecord,
        presenter: Presenter,
        applied: Applied,
        count: int,
        ready: Ready,
    ) -> list[Message]:
        """What the caller's move says, with the fallback player's moves after it (`count`
        moves in all): a private answer inside a batched turn that goes on, or one channel
        message with one board; then the mover's private note, if any."""
        event, locale = applied.event, caller.locale
        engine = presenter.engine
        inside_turn = (
            presenter.batches_turns
            and event["kind"] != RESIGN  # a resignation's kind is its move
            and not event.get("turn_over")
            and not engine.is_over(applied.state)
        )
        if inside_turn and count == 1:
            return await self._mid_turn(caller, game, presenter, applied, applied.state)
        if inside_turn:  # the fallback player answered a decision: did the turn end with it?
            state = engine.loads(game.state or "")
            answered = (await self.db.moves(game.id, last=count))[1:]
            if not engine.is_over(state) and not any(m.event.get("turn_over") for m in answered):
                answers = [presenter.event_text(m.event, game, locale) for m in answered]
                return await self._mid_turn(caller, game, presenter, applied, state, answers)
        messages = await self._channel_story(caller, game, presenter, count, ready)
        mover = game.players.index(caller.user_id) if caller.user_id in game.players else None
        if mover is not None and applied.private.get(mover):
            own = seat_view(presenter, applied.state, mover, locale)
            note = presenter.private_text(applied.private[mover], own, mover, locale)
            messages.append(Message(note, ephemeral=True))
        return messages

    async def _channel_story(
        self, caller: Caller, game: GameRecord, presenter: Presenter, count: int, ready: Ready
    ) -> list[Message]:
        """The one channel message for the last `count` stored moves: what they did (one line a
        move, or one summary a turn: `service/story.py`), the board with every change marked,
        then the ping for whoever plays next (with their prompt and buttons in a batched game)
        and what else they missed, or the final scores and everyone pinged. Written in the
        game's language, and able to tell itself again in another (`Message.retell`, for DMs)."""
        engine, language = presenter.engine, game.language
        state = engine.loads(game.state or "")
        over = engine.is_over(state)
        # One read serves the story (whole turns to summarise) and the catch-up.
        stored = await self.db.moves(game.id, last=max(count, CATCH_UP_MOVES))
        view = public_view(presenter, state, language)
        story = story_of(presenter, game, stored, count, view, over, language)

        async def text_in(locale: str | None) -> str:  # a DM reader's language: told again
            told_view = public_view(presenter, state, locale)
            told_story = story_of(presenter, game, stored, count, told_view, over, locale)
            return await self._story_text(game, presenter, state, stored, told_view, told_story, locale)

        image = await self._render(presenter, game, view, ready, story.changed)
        text = await self._story_text(game, presenter, state, stored, view, story, language)
        if over:
            rematch = table_buttons(game.id, REMATCH_BUTTON, language)
            return [Message(text, image=image, ping=tuple(game.players), table=rematch, retell=text_in)]
        seat = _next_seat(engine, state)
        buttons = self._buttons(presenter, state, seat, game, language) if presenter.batches_turns else {}
        board = table_buttons(game.id, BOARD_BUTTON, language) if presenter.partial_image else ()
        ping = (game.players[seat],)
        return [Message(text, image=image, ping=ping, table=board, retell=text_in, **buttons)]

    async def _story_text(
        self,
        game: GameRecord,
        presenter: Presenter,
        state: Any,
        stored: list[MoveRecord],
        view: Any,
        story: Story,
        locale: str | None,
    ) -> str:
        """`_channel_story`'s text in `locale` (`view` and `story`: in it too): the story, then
        the final scores, or the catch-up, the ping, the clock and (a batched game) the next
        player's prompt."""
        engine = presenter.engine
        over = engine.is_over(state)
        blocks = [*story.blocks, *(presenter.event_text(m.event, game, locale) for m in story.open_moves)]
        gap = "\n\n" if presenter.batches_turns else "\n"  # a turn's summary has lines of its own
        if over:
            return told(blocks, "", ["\n" + presenter.final_text(view, game, locale)], locale, gap)
        seat = _next_seat(engine, state)
        catch_up = await self._catch_up(game, presenter, seat, locale, story.shown, stored)
        tail = [t("move.next", locale, user=presenter.mention(game, seat))]
        tail += await self.time.turn_notes(game, seat, locale)
        if presenter.batches_turns:
            tail.append(presenter.prompt_text(seat_view(presenter, state, seat, locale), seat, locale))
        return told(blocks, catch_up, tail, locale, gap)

    async def _mid_turn(
        self,
        caller: Caller,
        game: GameRecord,
        presenter: Presenter,
        applied: Applied,
        state: Any,
        answers: list[str] | None = None,
    ) -> list[Message]:
        """A small move inside a turn: answered to the mover only, with the next decision's
        buttons (and what the fallback player answered in between, `answers`). When the next
        decision belongs to another person (a reward for their building, or the turn coming back
        to its player), that player is pinged in the channel."""
        engine, locale = presenter.engine, caller.locale
        what = presenter.event_text(applied.event, game, locale)
        done = "\n".join([t("turn.done", locale, what=what), *(answers or ())])
        actor = _next_seat(engine, state)
        mover = game.players.index(caller.user_id)
        if actor == mover:  # their options drawn too, for them alone
            prompt = presenter.prompt_text(seat_view(presenter, state, actor, locale), actor, locale)
            buttons = self._buttons(presenter, state, actor, game, locale)
            image = await self._options_image(presenter, game, state, actor, locale)
            text = f"{done}\n{t('turn.next', locale, prompt=prompt)}"
            return [Message(text, image=image, image_name="options.png", ephemeral=True, **buttons)]
        # Another person's decision: asked in the channel, in the game's language.
        user, language = game.players[actor], game.language
        prompt = presenter.prompt_text(seat_view(presenter, state, actor, language), actor, language)
        ask = t("turn.decision_for", language, user=f"<@{user}>", prompt=prompt)

        async def ask_in(locale: str | None) -> str:  # a DM reader's language: asked again
            told = presenter.prompt_text(seat_view(presenter, state, actor, locale), actor, locale)
            return t("turn.decision_for", locale, user=f"<@{user}>", prompt=told)

        buttons = self._buttons(presenter, state, actor, game, language)
        return [Message(done, ephemeral=True), Message(ask, ping=(user,), retell=ask_in, **buttons)]

    def _buttons(
        self, presenter: Presenter, state: Any, seat: int, game: GameRecord, locale: str | None
    ) -> dict[str, Any]:
        """The moves worth a button for `seat` now (the engine's choice), labelled with what each
        would change; valid for this version of the game only."""
        offered = presenter.button_moves(state, seat, BUTTON_LIMIT, locale)
        if not offered:
            return {}
        offered = presenter.with_previews(state, seat, offered, locale)
        return {"moves": tuple(offered), "ref": (game.id, game.version)}

    async def undo(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Take back the caller's last move, while nobody else has acted since and it showed
        nothing hidden to anyone else (the engine's `reveals`); otherwise refuse with the reason."""
        async with self.lock(caller.channel_id):
            game = await self._active_game(caller)
            seat = self._seat_of(game, caller.user_id)
            presenter = self.presenter(game)
            engine = presenter.engine
            moves = await self.db.moves(game.id)
            if not moves or moves[-1].seat != seat or moves[-1].user_id != caller.user_id:
                raise ServiceError("undo.not_last" if moves else "undo.nothing")
            last = moves[-1]
            if last.move == RESIGN:
                raise ServiceError("undo.resigned")
            state = engine.new_game(len(game.players), game.options, game.seed)
            for move in moves[:-1]:  # the state before it, replayed from the seed
                state = engine.apply(state, move.seat, move.move).state
            reason = engine.reveals(state, engine.loads(game.state or ""), seat)
            if reason:
                raise ServiceError(reason)
            game = await self.write(self.db.undo_move(game, last.number, engine.dumps(state), self.now()))
        locale = caller.locale
        what = presenter.event_text(last.event, game, locale)
        text = t("undo.done", locale, user=f"<@{caller.user_id}>", what=what)
        if presenter.batches_turns and not last.event.get("turn_over"):
            prompt = presenter.prompt_text(seat_view(presenter, state, seat, locale), seat, locale)
            buttons = self._buttons(presenter, state, seat, game, locale)
            return [Message(f"{text}\n{t('turn.next', locale, prompt=prompt)}", ephemeral=True, **buttons)]
        language = game.language  # said in the channel
        what = presenter.event_text(last.event, game, language)
        text = t("undo.done", language, user=f"<@{caller.user_id}>", what=what)
        image = await self._render(presenter, game, public_view(presenter, state, language), ready)
        again = t("undo.again", language, user=f"<@{caller.user_id}>")
        return await self.outbox.hold(game, [Message(f"{text}\n{again}", image=image)])

    async def recap(self, game_id: int) -> tuple[GameRecord | None, list[Message]]:
        """The game as it stands, for a move whose own message was lost (the process died before
        it was held): the last move, the board, and a ping for whoever plays next (everyone at
        the end); nothing for a game that is no longer there to announce. Not yet held: the
        outbox holds what this returns."""
        game = await self.db.game(game_id)
        if game is None or game.state is None or game.status not in ("active", "finished"):
            return game, []
        presenter = self.presenter(game)
        engine, language = presenter.engine, game.language
        state = engine.loads(game.state)
        image = await self._render(presenter, game, public_view(presenter, state, language))
        last = await self.db.moves(game.id, last=1)
        over = engine.is_over(state)
        seat = None if over else _next_seat(engine, state)

        async def recap_in(locale: str | None) -> str:  # the channel's language, or a DM reader's
            view = public_view(presenter, state, locale)
            lines = [t("delivery.recap", locale)]
            if last:
                lines.append(presenter.event_text(last[-1].event, game, locale))
            if seat is None:
                lines.append(presenter.final_text(view, game, locale))
                return fit("\n".join(lines))
            lines.append(t("move.next", locale, user=presenter.mention(game, seat)))
            if presenter.batches_turns:
                lines.append(presenter.prompt_text(seat_view(presenter, state, seat, locale), seat, locale))
            return fit("\n".join(lines))

        text = await recap_in(language)
        if seat is None:
            final = Message(text, image=image, ping=game.players, retell=recap_in)
            return game, await self.addressed(game, [final])
        buttons = self._buttons(presenter, state, seat, game, language) if presenter.batches_turns else {}
        message = Message(text, image=image, ping=(game.players[seat],), retell=recap_in, **buttons)
        return game, await self.addressed(game, [message])

    # ------------------------------------------------------------------ catching up

    async def _since_last_move(
        self,
        game: GameRecord,
        engine: Game,
        seat: int,
        shown: frozenset[int] = frozenset(),
        recent: list[MoveRecord] | None = None,
    ) -> list[MoveRecord]:
        """Other players' moves since `seat` last moved, oldest first, without quiet moves and
        without those numbered in `shown` (the ones the message itself already tells); `recent`:
        the game's last moves when already read."""
        moves = recent if recent is not None else await self.db.moves(game.id, last=CATCH_UP_MOVES)
        mine = [m.number for m in moves if m.seat == seat]
        start = mine[-1] if mine else 0
        return [
            m
            for m in moves
            if m.number > start and m.seat != seat and not engine.is_quiet(m.move) and m.number not in shown
        ]

    async def _catch_up(
        self,
        game: GameRecord,
        presenter: Presenter,
        seat: int,
        locale: str | None,
        shown: frozenset[int] = frozenset(),
        recent: list[MoveRecord] | None = None,
    ) -> str:
        """For the player whose turn it now is: what else happened since their last move (moves
        and points, in order), beyond what the message tells (`shown`); empty when nothing."""
        moves = await self._since_last_move(game, presenter.engine, seat, shown, recent)
        if not moves:
            return ""
        lines = [presenter.event_text(m.event, game, locale) for m in moves[-CATCH_UP_LINES:]]
        head = t("catch_up.title", locale, count=len(moves))
        return head + "\n" + "\n".join(f"› {line}" for line in lines)


def _next_seat(engine: Game, state: Any) -> int:
    """Who plays next in a game that is not over (the one who answers an open decision)."""
    seat = engine.to_move(state)
    if seat is None:
        raise ValueError("a game that is not over has a seat to move")
    return seat
