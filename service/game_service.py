"""Load a channel's game, check who may act, apply, save, render, and say what to post.

Shared by every front end and tested without Discord. Rules stay in the engine; this layer
adds people (who is which seat), time, storage and presentation.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from db import ChannelBusy, Database, GameRecord, StaleVersion
from engine.base import Applied, Game, MoveChoice, seat_order
from engine.errors import GameOver, NotAPlayer
from engine.fallback import play_turn
from i18n import t
from service.messages import Caller, Message, ServiceError, StaleGame, jump_link, people_only
from service.presenters import Presenter, presenter_for
from service.timekeeping import Timekeeper, clock_deadline

AUTOCOMPLETE_LIMIT = 25
BUTTON_LIMIT = 25  # a decision with more answers than a select menu holds is left to /move
TURN_EVENTS = 120  # enough stored moves to hold the longest turn
CATCH_UP_MOVES = 400  # how far back a catch-up looks (several Revive rounds)
CATCH_UP_LINES = 12
QUIET = ("pass", "skip", "stop", "end", "crystal")  # moves a catch-up leaves out
MESSAGE_LIMIT = 2000  # Discord's limit on a message's text
RESIGN = "resign"

log = logging.getLogger(__name__)

Ready = Callable[[], Awaitable[None]] | None
"""Called once a request is accepted and only slow work (rendering) is left: a front end with a
response deadline acknowledges there, so refusals stay private and successes stay in time."""


class GameService:
    """The use cases of a game channel, one method per command."""

    def __init__(
        self,
        database: Database,
        *,
        engines: Callable[[str], Game],
        clock: Callable[[], float],
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.db = database
        self._engines = engines
        self._clock = clock
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(1, 2**31))
        self._locks: dict[int, asyncio.Lock] = {}
        self.time = Timekeeper(self)  # reminders, clocks, away, DMs (service/timekeeping.py)

    # --------------------------------------------------------------- helpers

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    async def _open_game(self, caller: Caller) -> GameRecord:
        game = await self.db.open_game(caller.channel_id)
        if game is None:
            raise ServiceError("error.no_game_here")
        return game

    async def _active_game(self, caller: Caller) -> GameRecord:
        game = await self.db.open_game(caller.channel_id)
        if game is None:
            latest = await self.db.latest_game(caller.channel_id)
            if latest is not None and latest.status == "finished":
                raise GameOver("error.game_over_here")
            raise ServiceError("error.no_game_here")
        if game.status != "active":
            raise ServiceError("error.not_started")
        return game

    async def _shown_game(self, caller: Caller) -> GameRecord:
        """The game in play here, or else the last one that was played to the end (to look at)."""
        game = await self.db.open_game(caller.channel_id)
        if game is None:
            game = await self.db.latest_game(caller.channel_id, finished_only=True)
        if game is None:
            raise ServiceError("error.no_game_here")
        if game.state is None:
            raise ServiceError("error.not_started")
        return game

    @staticmethod
    def _seat_of(game: GameRecord, user_id: int) -> int:
        try:
            return game.players.index(user_id)
        except ValueError:
            raise NotAPlayer("error.not_a_player") from None

    def _presenter(self, game: GameRecord) -> Presenter:
        return presenter_for(game.game, self._engines(game.game))

    async def _render(
        self,
        presenter: Presenter,
        game: GameRecord,
        state: Any,
        caller: Caller,
        ready: Ready = None,
        changed: tuple[str, ...] = (),
    ) -> bytes | None:
        """Draw the public board off the event loop (Pillow work would stall other commands).

        A drawing failure must not swallow a move that is already saved: the message still goes
        out (and still pings), without its image.
        """
        if ready is not None:
            await ready()
        view = presenter.engine.view(state, None, caller.locale)
        args: tuple[Any, ...] = (view, game.options, _names(game))
        if changed:
            args += (changed,)
        try:
            return await asyncio.to_thread(presenter.render, *args)
        except Exception:
            log.exception("could not draw the board of game %s", game.id)
            return None

    async def warm_up(self, game_ids: tuple[str, ...]) -> None:
        """Pre-draw each game's static board layers off the event loop (see Presenter.warm_up)."""
        for game_id in game_ids:
            await asyncio.to_thread(presenter_for(game_id, self._engines(game_id)).warm_up)

    # ---------------------------------------------------------------- lobby

    async def new_game(
        self, caller: Caller, game_id: str, options: dict[str, Any], settings: dict[str, Any] | None = None
    ) -> list[Message]:
        """Open a lobby in the caller's channel, with the caller seated; `settings` (reminder
        hours, clock days, what a clock running out does) as `/game settings` takes them."""
        try:
            engine = self._engines(game_id)
        except KeyError:
            raise ServiceError("error.unknown_game", game=game_id) from None
        presenter = presenter_for(game_id, engine)
        options = presenter.check_options(options)
        try:
            game = await self.db.create_game(
                guild_id=caller.guild_id,
                channel_id=caller.channel_id,
                game=game_id,
                options=options,
                seed=self._seeds(),
                creator_id=caller.user_id,
                creator_name=caller.display_name,
                now=self._clock(),
            )
        except ChannelBusy:
            raise ServiceError("error.channel_busy") from None
        if settings and any(value is not None for value in settings.values()):
            await self.time.settings(caller, **settings)
            game = await self.db.open_game(caller.channel_id) or game
        text = t(
            "lobby.opened",
            caller.locale,
            user=f"<@{caller.user_id}>",
            game=presenter.title(options, caller.locale),
            low=engine.min_players,
            high=engine.max_players,
        )
        text = f"{text}\n{self.time.settings_text(game, caller.locale)}"
        return [Message(self._lobby_text(game, text, caller))]

    def _lobby_text(self, game: GameRecord, head: str, caller: Caller) -> str:
        seated = ", ".join(f"<@{user}>" if user > 0 else f"🤖 {name}" for user, name in game.roster())
        return f"{head}\n{t('lobby.seated', caller.locale, count=len(game.players), players=seated)}"

    async def join(self, caller: Caller) -> list[Message]:
        async with self._lock(caller.channel_id):
            game = await self._open_game(caller)
            engine = self._engines(game.game)
            if game.status != "lobby":
                raise ServiceError("error.already_started")
            if caller.user_id in game.players:
                raise ServiceError("error.already_joined")
            if len(game.players) >= engine.max_players:
                raise ServiceError("error.lobby_full", high=engine.max_players)
            roster = [*game.roster(), (caller.user_id, caller.display_name)]
            game = await self._write(self.db.set_lobby_players(game, roster, self._clock()))
        head = t("lobby.joined", caller.locale, user=f"<@{caller.user_id}>")
        return [Message(self._lobby_text(game, head, caller))]

    async def add_bot(self, caller: Caller) -> list[Message]:
        """The creator fills an empty lobby seat with the fallback player."""
        async with self._lock(caller.channel_id):
            game = await self._open_game(caller)
            engine = self._engines(game.game)
            if game.status != "lobby":
                raise ServiceError("error.already_started")
            if caller.user_id != game.creator_id:
                raise ServiceError("error.not_creator")
            if len(game.players) >= engine.max_players:
                raise ServiceError("error.lobby_full", high=engine.max_players)
            number = 1 + sum(user < 0 for user in game.players)
            name = t("fallback.name", caller.locale, number=number)
            roster = [*game.roster(), (-number, name)]
            game = await self._write(self.db.set_lobby_players(game, roster, self._clock()))
        head = t("lobby.bot_added", caller.locale, name=name)
        return [Message(self._lobby_text(game, head, caller))]

    async def leave(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Give up a lobby seat; in a running game, hand the seat to the fallback player."""
        async with self._lock(caller.channel_id):
            game = await self._open_game(caller)
            if game.status == "active":
                seat = self._seat_of(game, caller.user_id)
                if game.is_bot(seat):
                    raise ServiceError("error.already_bot")
                game = await self._write(self.db.set_bot(game, seat, self._clock()))
                presenter = self._presenter(game)
                text = t("fallback.took_over", caller.locale, tag=presenter.tag(game, seat))
                game, turns = await self._fallback_turns(caller, game, presenter, ready)
                return [Message(text), *turns]
            if game.status != "lobby":
                raise ServiceError("error.leave_started")
            if caller.user_id not in game.players:
                raise NotAPlayer("error.not_a_player")
            if caller.user_id == game.creator_id:
                raise ServiceError("error.creator_leaves")
            roster = [entry for entry in game.roster() if entry[0] != caller.user_id]
            game = await self._write(self.db.set_lobby_players(game, roster, self._clock()))
        head = t("lobby.left", caller.locale, user=f"<@{caller.user_id}>")
        return [Message(self._lobby_text(game, head, caller))]

    async def start(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Seat the lobby in an order drawn from the seed, set the game up, ping everyone seated."""
        async with self._lock(caller.channel_id):
            game = await self._open_game(caller)
            engine = self._engines(game.game)
            presenter = presenter_for(game.game, engine)
            if game.status != "lobby":
                raise ServiceError("error.already_started")
            if caller.user_id != game.creator_id:
                raise ServiceError("error.not_creator")
            if not engine.min_players <= len(game.players) <= engine.max_players:
                raise ServiceError("error.players_range", low=engine.min_players, high=engine.max_players)
            order = seat_order(len(game.players), game.seed)
            players = [game.roster()[i] for i in order]
            state = engine.new_game(len(players), game.options, game.seed)
            game = await self._write(self.db.start_game(game, players, engine.dumps(state), self._clock()))
            image = await self._render(presenter, game, state, caller, ready)
            text = presenter.start_text(state, game, caller.locale)
            people = tuple(user for user in game.players if user > 0)
            game, bot_turns = await self._fallback_turns(caller, game, presenter, ready)
        return await self.time.with_dms(
            game, people_only(game, [Message(text, image=image, ping=people), *bot_turns])
        )

    # ----------------------------------------------------------------- moves

    async def move_choices(self, caller: Caller, typed: str) -> list[MoveChoice]:
        """The caller's legal moves matching what they typed, best first, at most 25.

        Anyone who may not move gets an empty list (autocomplete cannot show errors).
        """
        game = await self.db.open_game(caller.channel_id)
        if game is None or game.status != "active" or caller.user_id not in game.players:
            return []
        engine = self._engines(game.game)
        state = engine.loads(game.state or "")
        seat = game.players.index(caller.user_id)
        needle = typed.strip().lower()
        choices = [
            choice
            for choice in engine.move_choices(state, seat, caller.locale)
            if not needle or choice.notation.lower().startswith(needle) or needle in choice.label.lower()
        ][:AUTOCOMPLETE_LIMIT]
        return _previewed(engine, state, seat, choices, caller.locale)

    async def move(self, caller: Caller, text: str, ready: Ready = None) -> list[Message]:
        """Apply the caller's move and say it in the channel, pinging whoever is next."""
        if text.strip().lower() == RESIGN:
            raise ServiceError("error.resign_via_command")
        return await self._play(caller, text, ready)

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
        self, caller: Caller, text: str, ready: Ready, expected: tuple[int, int] | None = None
    ) -> list[Message]:
        """Apply one move for the caller and store it with the state it leads to, atomically."""
        async with self._lock(caller.channel_id):
            game = await self._active_game(caller)
            if expected is not None and (game.id, game.version) != expected:
                raise StaleGame("error.button_stale")
            seat = self._seat_of(game, caller.user_id)
            engine = self._engines(game.game)
            presenter = presenter_for(game.game, engine)
            state = engine.loads(game.state or "")
            applied = engine.apply(state, seat, text)
            game = await self._record(game, engine, state, seat, caller.user_id, text, applied)
            messages = await self._after_move(caller, game, presenter, applied, ready)
            game, more = await self._fallback_turns(caller, game, presenter, ready)
        return await self.time.with_dms(game, people_only(game, messages + more))

    async def _record(
        self,
        game: GameRecord,
        engine: Game,
        state: Any,
        seat: int,
        user_id: int | None,
        text: str,
        applied: Applied,
    ) -> GameRecord:
        """Store one applied move (user None: the fallback player) with the state it leads to."""
        before = engine.to_move(state)
        return await self._write(
            self.db.record_move(
                game,
                seat=seat,
                user_id=user_id,
                move=_notation(applied.event, text),
                event=applied.event,
                state=engine.dumps(applied.state),
                finished=engine.is_over(applied.state),
                # Every hand-over of the move starts a new clock (and names a new turn for the
                # reminder and clock buttons), also a Revive decision answered by another player.
                turn_changed=bool(applied.event.get("turn_over")) or engine.to_move(applied.state) != before,
                now=self._clock(),
            )
        )

    async def _fallback_turns(
        self, caller: Caller, game: GameRecord, presenter: Presenter, ready: Ready, force: int | None = None
    ) -> tuple[GameRecord, list[Message]]:
        """Play every turn owed by seats the fallback player holds (and the turn of seat `force`,
        when its clock ran out), one channel message per turn, until a person is to move."""
        engine = presenter.engine
        messages: list[Message] = []
        for _ in range(4 * len(game.players)):  # bounded: at most a few rounds of bot seats
            state = engine.loads(game.state or "")
            seat = engine.to_move(state)
            if seat is None or not (game.is_bot(seat) or seat == force):
                break
            force = None
            applied = None
            for move in play_turn(engine, state, seat, game.seed + game.version):
                applied = engine.apply(state, seat, move)
                game = await self._record(game, engine, state, seat, None, move, applied)
                state = applied.state
            if applied is None:
                break
            note = t("fallback.played", caller.locale, tag=presenter.tag(game, seat))
            turn = await self._after_move(caller, game, presenter, applied, ready, force_turn_message=True)
            # What the fallback sees privately (a Rebirth mission card) goes to nobody.
            messages += [replace(m, text=_fit(f"{note}\n{m.text}")) for m in turn if not m.ephemeral]
        return game, messages

    async def _after_move(
        self,
        caller: Caller,
        game: GameRecord,
        presenter: Presenter,
        applied: Applied,
        ready: Ready,
        force_turn_message: bool = False,
    ) -> list[Message]:
        state, event, private = applied.state, applied.event, applied.private
        engine = presenter.engine
        if presenter.batches_turns and event["kind"] != "resign":
            if not event.get("turn_over") and not engine.is_over(state) and not force_turn_message:
                return self._mid_turn(caller, game, presenter, applied)
            return await self._turn_over(caller, game, presenter, applied, ready)
        image = await self._render(presenter, game, state, caller, ready)
        line = presenter.event_text(event, game, caller.locale)
        if engine.is_over(state):
            final = presenter.final_text(state, game, caller.locale)
            messages = [Message(f"{line}\n\n{final}", image=image, ping=tuple(game.players))]
        else:
            seat = engine.to_move(state)
            nxt = game.players[seat]
            ping_line = t("move.next", caller.locale, user=presenter.mention(game, seat))
            catch_up = await self._catch_up(game, presenter, seat, caller.locale)
            shown = catch_up if catch_up.count("\n") > 1 else ""  # more than the move just posted
            notes = await self.time.turn_notes(game, seat, caller.locale)
            text = "\n".join(part for part in (line, ping_line, *notes, shown) if part)
            messages = [Message(_fit(text), image=image, ping=(nxt,))]
        seat = game.players.index(caller.user_id) if caller.user_id in game.players else None
        if seat is not None and private.get(seat):
            messages.append(
                Message(presenter.private_text(private[seat], state, seat, caller.locale), ephemeral=True)
            )
        return messages

    def _mid_turn(
        self, caller: Caller, game: GameRecord, presenter: Presenter, applied: Applied
    ) -> list[Message]:
        """A small move inside a turn: answered to the mover only, with the next decision's
        buttons. When the next decision belongs to someone else (a reward for their building,
        or the turn coming back to its player), that player is pinged in the channel."""
        engine, state, locale = presenter.engine, applied.state, caller.locale
        done = t("revive.done", locale, what=presenter.event_text(applied.event, game, locale))
        actor = engine.to_move(state)
        mover = game.players.index(caller.user_id)
        prompt = presenter.prompt_text(state, actor, locale)
        buttons = self._buttons(engine, state, actor, game, locale)
        if actor == mover:
            return [Message(f"{done}\n{t('revive.next', locale, prompt=prompt)}", ephemeral=True, **buttons)]
        if game.is_bot(actor):  # the fallback player answers at once (`_fallback_turns`)
            return [Message(done, ephemeral=True)]
        user = game.players[actor]
        ask = t("revive.decision_for", locale, user=f"<@{user}>", prompt=prompt)
        return [Message(done, ephemeral=True), Message(ask, ping=(user,), **buttons)]

    def _buttons(self, engine: Game, state: Any, seat: int, game: GameRecord, locale: str | None) -> dict:
        """The moves worth a button for `seat` now: every answer to a decision with few answers,
        else ending the turn (or the hibernation a player who cannot act must take)."""
        choices = engine.move_choices(state, seat, locale)
        if getattr(state, "stack", None):
            offered = [c for c in choices if not c.notation.startswith("crystal ")]
            if len(offered) > BUTTON_LIMIT:
                return {}
        else:
            offered = [c for c in choices if c.notation in ("end", "hibernate")]
        offered = _previewed(engine, state, seat, offered, locale)
        return {"moves": tuple(offered), "ref": (game.id, game.version)} if offered else {}

    async def _turn_over(
        self, caller: Caller, game: GameRecord, presenter: Presenter, applied: Applied, ready: Ready
    ) -> list[Message]:
        """The one channel message of a turn: the board with the turn's changes marked, what was
        done, the points, and a ping for whoever plays next (everyone, at the end)."""
        engine, state, locale = presenter.engine, applied.state, caller.locale
        turn = applied.event.get("turn")
        stored = await self.db.moves(game.id, last=TURN_EVENTS)
        events = [m.event for m in stored if m.event.get("turn") == turn and m.event.get("kind") != "resign"]
        changed = tuple(sorted({place for event in events for place in event.get("changed", ())}))
        image = await self._render(presenter, game, state, caller, ready, changed)
        summary = presenter.turn_text(events, state, game, locale)
        if engine.is_over(state):
            final = presenter.final_text(state, game, locale)
            return [Message(_fit(f"{summary}\n\n{final}"), image=image, ping=tuple(game.players))]
        seat = engine.to_move(state)
        nxt = game.players[seat]
        catch_up = await self._catch_up(game, presenter, seat, locale, skip_turn=turn)
        lines = [
            summary,
            t("move.next", locale, user=presenter.mention(game, seat)),
            presenter.prompt_text(state, seat, locale),
        ]
        lines[2:2] = await self.time.turn_notes(game, seat, locale)
        if catch_up:
            lines.insert(1, catch_up)
        buttons = self._buttons(engine, state, seat, game, locale)
        return [Message(_fit("\n".join(lines)), image=image, ping=(nxt,), **buttons)]

    async def undo(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Take back the caller's last move, while nobody else has acted since and it showed
        nothing hidden to anyone else; otherwise refuse with the reason."""
        async with self._lock(caller.channel_id):
            game = await self._active_game(caller)
            seat = self._seat_of(game, caller.user_id)
            presenter = self._presenter(game)
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
            after = engine.loads(game.state or "")
            reason = engine.reveals(state, after, seat)
            if reason:
                raise ServiceError(reason)
            game = await self._write(self.db.undo_move(game, last.number, engine.dumps(state), self._clock()))
        what = presenter.event_text(last.event, game, caller.locale)
        text = t("undo.done", caller.locale, user=f"<@{caller.user_id}>", what=what)
        if presenter.batches_turns and not last.event.get("turn_over"):
            prompt = presenter.prompt_text(state, seat, caller.locale)
            buttons = self._buttons(engine, state, seat, game, caller.locale)
            return [
                Message(
                    f"{text}\n{t('revive.next', caller.locale, prompt=prompt)}", ephemeral=True, **buttons
                )
            ]
        image = await self._render(presenter, game, state, caller, ready)
        return [
            Message(f"{text}\n{t('undo.again', caller.locale, user=f'<@{caller.user_id}>')}", image=image)
        ]

    async def abort(self, caller: Caller) -> list[Message]:
        """End the channel's game without a result: the creator, or anyone who manages the channel."""
        async with self._lock(caller.channel_id):
            game = await self._open_game(caller)
            if caller.user_id != game.creator_id and not caller.can_manage_channel:
                raise ServiceError("error.abort_rights")
            await self._write(self.db.abort_game(game, self._clock()))
        return [Message(t("game.aborted", caller.locale, user=f"<@{caller.user_id}>"))]

    # --------------------------------------------------------------- looking

    async def hand(self, caller: Caller) -> list[Message]:
        """The caller's private information, for their eyes only."""
        game = await self._active_game(caller)
        seat = self._seat_of(game, caller.user_id)
        presenter = self._presenter(game)
        state = presenter.engine.loads(game.state or "")
        view = presenter.engine.view(state, seat, caller.locale)
        text = presenter.hand_text(view, caller.locale)
        options = presenter.options_text(state, seat, caller.locale)
        buttons = {}
        if presenter.batches_turns and presenter.engine.to_move(state) == seat:
            buttons = self._buttons(presenter.engine, state, seat, game, caller.locale)
        return [Message(_fit(f"{text}\n{options}" if options else text), ephemeral=True, **buttons)]

    async def player_board(self, caller: Caller, user_id: int, ready: Ready = None) -> list[Message]:
        """One player's own board as an image, in the channel (public information only)."""
        game = await self._shown_game(caller)
        presenter = self._presenter(game)
        if not hasattr(presenter, "render_player"):
            raise ServiceError("error.no_player_board")
        if user_id not in game.players:
            raise ServiceError("error.not_seated", user=f"<@{user_id}>")
        seat = game.players.index(user_id)
        state = presenter.engine.loads(game.state or "")
        if ready is not None:
            await ready()
        view = presenter.engine.view(state, None, caller.locale)
        try:
            image = await asyncio.to_thread(presenter.render_player, view, seat, _names(game))
        except Exception:
            log.exception("could not draw a player board of game %s", game.id)
            image = None
        caption = presenter.player_caption(state, game, seat, caller.locale)
        return [Message(caption, image=image, image_name="player.png")]

    async def rules(self, caller: Caller) -> list[Message]:
        """A short rules summary of this channel's game and what the caller can do now (private)."""
        game = await self.db.open_game(caller.channel_id) or await self.db.latest_game(caller.channel_id)
        if game is None:
            raise ServiceError("error.no_game_here")
        presenter = self._presenter(game)
        state = presenter.engine.loads(game.state) if game.state else None
        seat = game.players.index(caller.user_id) if caller.user_id in game.players else None
        return [Message(_fit(presenter.rules_text(state, seat, caller.locale)), ephemeral=True)]

    async def board(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Re-post the current (or last finished) board in the channel, pinging nobody."""
        game = await self._shown_game(caller)
        presenter = self._presenter(game)
        state = presenter.engine.loads(game.state or "")
        image = await self._render(presenter, game, state, caller, ready)
        return [Message(presenter.board_caption(state, game, caller.locale), image=image)]

    async def my_games(self, caller: Caller) -> list[Message]:
        """The caller's games in this server, those waiting on them first, each with whose turn
        it is since when and a link to its channel (private)."""
        games = await self.db.games_of(caller.user_id, caller.guild_id)
        if not games:
            return [Message(t("games.none", caller.locale), ephemeral=True)]
        rows = []
        for game in games:
            presenter = self._presenter(game)
            title = presenter.title(game.options, caller.locale)
            link = jump_link(game)
            if game.status == "lobby":
                rows.append(
                    (2, 0.0, t("games.lobby", caller.locale, title=title, link=link, count=len(game.players)))
                )
                continue
            engine = presenter.engine
            seat = engine.to_move(engine.loads(game.state or ""))
            since = int(game.turn_started_at or game.updated_at)
            if seat is not None and game.players[seat] == caller.user_id:
                rows.append(
                    (
                        0,
                        since,
                        t("games.yours", caller.locale, title=title, link=link, since=f"<t:{since}:R>"),
                    )
                )
            else:
                who = presenter.tag(game, seat) if seat is not None else "-"
                line = t(
                    "games.theirs", caller.locale, title=title, link=link, user=who, since=f"<t:{since}:R>"
                )
                rows.append((1, since, line))
        rows.sort(key=lambda row: (row[0], row[1]))
        text = t("games.title", caller.locale, count=len(rows)) + "\n" + "\n".join(row[2] for row in rows)
        return [Message(_fit(text), ephemeral=True)]

    async def status(self, caller: Caller) -> list[Message]:
        game = await self.db.open_game(caller.channel_id) or await self.db.latest_game(
            caller.channel_id, finished_only=True
        )
        if game is None:
            raise ServiceError("error.no_game_here")
        if game.status == "lobby":
            presenter = self._presenter(game)
            head = t("lobby.status", caller.locale, game=presenter.title(game.options, caller.locale))
            return [Message(self._lobby_text(game, head, caller))]
        presenter = self._presenter(game)
        state = presenter.engine.loads(game.state or "")
        lines = [presenter.status_text(state, game, caller.locale)]
        if game.status == "active":
            lines += await self.time.away_notes(game, caller.locale)
            lines.append(self.time.settings_text(game, caller.locale))
            seat = presenter.engine.to_move(state)
            if seat is not None and game.clock_days:
                member = await self.db.member(game.guild_id, game.players[seat])
                deadline = clock_deadline(game, member, self._clock())
                lines.append(t("clock.deadline", caller.locale, deadline=f"<t:{int(deadline or 0)}:R>"))
        return [Message(_fit("\n".join(lines)))]

    async def log(self, caller: Caller, count: int = 10, since_my_move: bool = False) -> list[Message]:
        """The last moves; with `since_my_move`, everything since the caller's own last move."""
        game = await self._shown_game(caller)
        presenter = self._presenter(game)
        if since_my_move:
            seat = self._seat_of(game, caller.user_id)
            moves = await self._since_last_move(game, seat)
            if not moves:
                return [Message(t("log.nothing_since", caller.locale))]
            lines = [presenter.event_text(m.event, game, caller.locale) for m in moves]
            return [Message(_fit(t("log.since_title", caller.locale) + "\n" + "\n".join(lines)))]
        moves = await self.db.moves(game.id, last=count)
        if not moves:
            return [Message(t("log.empty", caller.locale))]
        lines: list[str] = []
        room = MESSAGE_LIMIT - 100  # the title and the note
        for m in reversed(moves):  # newest first, until the message is full
            line = f"{m.number}. {presenter.event_text(m.event, game, caller.locale)}"
            if len(line) + 1 > room:
                break
            lines.insert(0, line)
            room -= len(line) + 1
        title = t("log.title", caller.locale, count=len(lines))
        if len(lines) < len(moves):
            title += " " + t("log.more", caller.locale, count=len(lines))
        return [Message(title + "\n" + "\n".join(lines))]

    async def _since_last_move(self, game: GameRecord, seat: int, skip_turn: Any = None) -> list[Any]:
        """Other players' moves since `seat` last moved, oldest first, without quiet answers and
        without the turn `skip_turn` (the one the message itself already summarises)."""
        moves = await self.db.moves(game.id, last=CATCH_UP_MOVES)
        mine = [m.number for m in moves if m.seat == seat]
        start = mine[-1] if mine else 0
        return [
            m
            for m in moves
            if m.number > start
            and m.seat != seat
            and m.move.split(" ")[0] not in QUIET
            and (skip_turn is None or m.event.get("turn") != skip_turn)
        ]

    async def _catch_up(
        self, game: GameRecord, presenter: Presenter, seat: int, locale: str | None, skip_turn: Any = None
    ) -> str:
        """For the player whose turn it now is: what happened since their last move (moves and
        points, in order), when that is more than the message already shows."""
        moves = await self._since_last_move(game, seat, skip_turn)
        if not moves:
            return ""
        lines = [presenter.event_text(m.event, game, locale) for m in moves[-CATCH_UP_LINES:]]
        head = t("catch_up.title", locale, count=len(moves))
        return head + "\n" + "\n".join(f"› {line}" for line in lines)

    # -------------------------------------------------------------- storage

    @staticmethod
    async def _write(write: Any) -> GameRecord:
        """Await a versioned write, turning a lost race into a message for the player."""
        try:
            return await write
        except StaleVersion:
            raise StaleGame("error.stale") from None


def _previewed(
    engine: Game, state: Any, seat: int, choices: list[MoveChoice], locale: str | None
) -> list[MoveChoice]:
    """Labels with what each move would change, for engines that preview (Revive): only for
    the few choices shown, since each preview plays the move on a copy."""
    preview = getattr(engine, "with_previews", None)
    return preview(state, seat, choices, locale) if preview else choices


def _names(game: GameRecord) -> list[str]:
    """Display names for images; a seat the fallback player holds says so."""
    return [
        name if user < 0 or not game.is_bot(seat) else f"{name} (bot)"
        for seat, (user, name) in enumerate(zip(game.players, game.names, strict=True))
    ]


def _fit(text: str) -> str:
    """Keep a message within Discord's limit, cutting at a line where possible."""
    if len(text) <= MESSAGE_LIMIT:
        return text
    cut = text.rfind("\n", 0, MESSAGE_LIMIT - 1)
    return text[: cut if cut > 0 else MESSAGE_LIMIT - 1] + "…"


def _notation(event: dict[str, Any], text: str) -> str:
    """The move as stored: what replays it exactly (`F7`, `F7 x2`, `discard`, `resign`)."""
    if "move" in event:  # the engine's own spelling (Revive's ids are case-sensitive)
        return event["move"]
    space = event.get("space")
    if not space:
        return text.strip().lower()
    return f"{space} x2" if event.get("doubled") else space
