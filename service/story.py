"""What moves tell: the one module that builds the messages a move produces. The channel
message for a run of stored moves (one human move and the fallback player's turns after it, or
the fallback's turns alone) under one board, the private answer to a small move inside a turn,
the catch-up for the player who is next, the recap of a game whose move lost its message, and
the answer to an undo.

A game that posts every move (Rebirth) tells one line per move. A game that batches a turn
(Revive) tells one summary per turn the run finished, each over every move of that turn (also
the moves made before the run, privately), and a resignation as its own line. The story also
says which stored moves it covers, so the catch-up under it does not repeat them, and which
board places changed, so the image marks them all (not only the last bot's).

A move's texts are made from the state in hand (the one the move just produced, passed along),
never from the stored game read again; only the recap, which has nothing in hand, reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db import GameRecord, MoveRecord
from engine.base import RESIGN, AnyGame, Applied
from i18n import t
from presenters.protocol import Presenter
from service.dms import DirectMessages
from service.images import board_image, options_image
from service.messages import (
    BOARD_BUTTON,
    MESSAGE_LIMIT,
    REMATCH_BUTTON,
    Caller,
    Message,
    Ready,
    fit,
    table_buttons,
)
from service.tables import Tables
from service.timekeeping import turn_notes
from service.views import move_buttons, public_view, seat_view

# How far back a catch-up looks (several rounds of a long game); also more than the longest turn
# (about 120 small moves), so a turn's summary finds all of it.
CATCH_UP_MOVES = 400
CATCH_UP_LINES = 12


@dataclass(frozen=True)
class Story:
    """`blocks`: what happened, oldest first, one block per move (Rebirth) or per turn (Revive);
    `shown`: the stored move numbers the blocks cover; `changed`: board places to mark;
    `open_moves`: moves of a turn still being played (batched games), not in any block;
    `events`: the events of the moves the blocks tell, oldest first (the image may show what
    they changed off the board)."""

    blocks: tuple[str, ...]
    shown: frozenset[int]
    changed: tuple[str, ...]
    open_moves: tuple[MoveRecord, ...] = ()
    events: tuple[Any, ...] = ()


def story_of(
    presenter: Presenter,
    game: GameRecord,
    stored: Sequence[MoveRecord],
    count: int,
    view: Any,
    over: bool,
    locale: str | None,
) -> Story:
    """The story of the last `count` moves of `stored` (the game's recent moves, oldest first,
    long enough to hold the oldest of those moves' whole turn). `over`: the game has ended."""
    run = list(stored[-count:]) if count else []
    if not presenter.batches_turns:
        spaces = tuple(str(m.event["space"]) for m in run if m.event.get("space"))
        lines = tuple(presenter.event_text(m.event, game, locale) for m in run)
        return Story(lines, frozenset(m.number for m in run), spaces, events=tuple(m.event for m in run))
    blocks: list[str] = []
    shown: set[int] = set()
    changed: set[str] = set()
    told_turns: set[Any] = set()
    for index, move in enumerate(run):
        event = move.event
        last = index == len(run) - 1
        if event.get("kind") == RESIGN:
            if event.get("turn_over") and event.get("turn") not in told_turns:
                _tell_turn(presenter, game, stored, event.get("turn"), view, locale, blocks, shown, changed)
                told_turns.add(event.get("turn"))
            blocks.append(presenter.event_text(event, game, locale))
            shown.add(move.number)
        elif (event.get("turn_over") or (last and over)) and event.get("turn") not in told_turns:
            _tell_turn(presenter, game, stored, event.get("turn"), view, locale, blocks, shown, changed)
            told_turns.add(event.get("turn"))
    open_moves = tuple(m for m in run if m.number not in shown)
    events = tuple(m.event for m in stored if m.number in shown)
    return Story(tuple(blocks), frozenset(shown), tuple(sorted(changed)), open_moves, events)


def _tell_turn(
    presenter: Presenter,
    game: GameRecord,
    stored: Sequence[MoveRecord],
    turn: Any,
    view: Any,
    locale: str | None,
    blocks: list[str],
    shown: set[int],
    changed: set[str],
) -> None:
    """Add the summary of turn `turn` (every stored move of it but resignations)."""
    moves = [m for m in stored if m.event.get("turn") == turn and m.event.get("kind") != RESIGN]
    if not moves:
        return
    events = [m.event for m in moves]
    summary = presenter.turn_text(events, view, game, locale)
    if summary:
        blocks.append(summary)
    shown.update(m.number for m in moves)
    changed.update(place for event in events for place in event.get("changed", ()))


def told(
    story: Sequence[str], catch_up: str, tail: Sequence[str], locale: str | None, gap: str = "\n"
) -> str:
    """The message text: the story, the catch-up, then the tail (the ping, the clock, the
    prompt). Too long for Discord, the catch-up goes first, then the oldest blocks of the story
    (the log keeps them): the ping and the prompt at the end are never cut."""
    kept = list(story)
    extra = [catch_up] if catch_up else []
    dropped = 0

    def text() -> str:
        head = [t("story.earlier", locale, count=dropped)] if dropped else []
        return gap.join([*head, *kept, *extra]) + "\n" + "\n".join(part for part in tail if part)

    if len(text()) > MESSAGE_LIMIT:
        extra = []
    while len(text()) > MESSAGE_LIMIT and len(kept) > 1:
        kept.pop(0)
        dropped += 1
    return fit(text())


def buttons_line(presenter: Presenter, game: GameRecord, seat: int, locale: str | None) -> str:
    """Whose the moves' buttons under a channel post are: everyone sees them, only `seat` may
    press them (a click by anyone else is refused, service/turns.py `click`)."""
    return t("move.buttons_for", locale, user=presenter.mention(game, seat))


def next_seat(engine: AnyGame, state: Any) -> int:
    """Who plays next in a game that is not over (the one who answers an open decision)."""
    seat = engine.to_move(state)
    if seat is None:
        raise ValueError("a game that is not over has a seat to move")
    return seat


class Storyteller:
    """The messages moves produce, in the game's language for the channel (each able to tell
    itself again in a DM reader's, `Message.retell`) and in the caller's for private answers.
    It reads stored moves and the clock (`tables`) and addresses a recap (`dms`); it writes
    nothing."""

    def __init__(self, tables: Tables, dms: DirectMessages) -> None:
        self.tables = tables
        self.db = tables.db
        self.dms = dms

    async def after_move(
        self,
        caller: Caller,
        game: GameRecord,
        presenter: Presenter,
        applied: Applied[Any, Any],
        state: Any,
        count: int,
        ready: Ready,
    ) -> list[Message]:
        """What the caller's move (`applied`) says, with the fallback player's moves after it
        (`count` moves in all, leading to `state`): a private answer inside a batched turn that
        goes on, or one channel message with one board; then the mover's private note, if any."""
        event, locale = applied.event, caller.locale
        engine = presenter.engine
        inside_turn = (
            presenter.batches_turns
            and event["kind"] != RESIGN  # a resignation's kind is its move
            and not event.get("turn_over")
            and not engine.is_over(applied.state)
        )
        if inside_turn and count == 1:
            return await self._mid_turn(caller, game, presenter, applied, state)
        if inside_turn:  # the fallback player answered a decision: did the turn end with it?
            answered = (await self.tables.moves(game, last=count))[1:]
            if not engine.is_over(state) and not any(m.event.get("turn_over") for m in answered):
                answers = [presenter.event_text(m.event, game, locale) for m in answered]
                return await self._mid_turn(caller, game, presenter, applied, state, answers)
        messages = await self.channel_story(game, presenter, state, count, ready)
        mover = game.players.index(caller.user_id) if caller.user_id in game.players else None
        if mover is not None and applied.private.get(mover):
            own = seat_view(presenter, applied.state, mover)
            note = presenter.private_text(applied.private[mover], own, mover, locale)
            messages.append(Message(note, ephemeral=True))
        return messages

    async def channel_story(
        self, game: GameRecord, presenter: Presenter, state: Any, count: int, ready: Ready
    ) -> list[Message]:
        """The one channel message for the last `count` stored moves, which led to `state`: what
        they did (one line a move, or one summary a turn), the board with every change marked,
        then the ping for whoever plays next (with their prompt and buttons in a batched game)
        and what else they missed, or the final scores and everyone pinged."""
        engine, language = presenter.engine, game.language
        over = engine.is_over(state)
        # One read serves the story (whole turns to summarise) and the catch-up.
        stored = await self.tables.moves(game, last=max(count, CATCH_UP_MOVES))
        view = public_view(presenter, state)
        story = story_of(presenter, game, stored, count, view, over, language)

        seat = None if over else next_seat(engine, state)
        buttons = {}
        if seat is not None and presenter.batches_turns:
            buttons = move_buttons(presenter, state, seat, game, language)

        async def text_in(locale: str | None) -> str:  # a DM reader's language: told again
            told_view = public_view(presenter, state)
            told_story = story_of(presenter, game, stored, count, told_view, over, locale)
            return await self._story_text(
                game, presenter, state, stored, told_view, told_story, locale, bool(buttons)
            )

        workers = self.tables.workers
        image = await board_image(workers, presenter, game, view, ready, story.changed, turn=story.events)
        text = await self._story_text(game, presenter, state, stored, view, story, language, bool(buttons))
        if seat is None:
            rematch = table_buttons(game.id, REMATCH_BUTTON, language)
            return [Message(text, image=image, ping=tuple(game.players), table=rematch, retell=text_in)]
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
        buttons: bool = False,
    ) -> str:
        """`channel_story`'s text in `locale` (`view` and `story`: in it too): the story, then
        the final scores, or the catch-up, the ping, the clock and (a batched game) the next
        player's prompt, and whose its `buttons` are (everyone sees them)."""
        engine = presenter.engine
        over = engine.is_over(state)
        blocks = [*story.blocks, *(presenter.event_text(m.event, game, locale) for m in story.open_moves)]
        gap = "\n\n" if presenter.batches_turns else "\n"  # a turn's summary has lines of its own
        if over:
            return told(blocks, "", ["\n" + presenter.final_text(view, game, locale)], locale, gap)
        seat = next_seat(engine, state)
        catch_up = await self._catch_up(game, presenter, seat, locale, story.shown, stored)
        tail = [t("move.next", locale, user=presenter.mention(game, seat))]
        tail += await turn_notes(self.db, game, seat, locale, self.tables.now())
        if presenter.batches_turns:
            tail.append(presenter.prompt_text(seat_view(presenter, state, seat), seat, locale))
        if buttons:
            tail.append(buttons_line(presenter, game, seat, locale))
        return told(blocks, catch_up, tail, locale, gap)

    async def _mid_turn(
        self,
        caller: Caller,
        game: GameRecord,
        presenter: Presenter,
        applied: Applied[Any, Any],
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
        actor = next_seat(engine, state)
        mover = game.players.index(caller.user_id)
        if actor == mover:  # their options drawn too, for them alone
            prompt = presenter.prompt_text(seat_view(presenter, state, actor), actor, locale)
            buttons = move_buttons(presenter, state, actor, game, locale)
            image = await options_image(self.tables.workers, presenter, game, state, actor, locale)
            text = f"{done}\n{t('turn.next', locale, prompt=prompt)}"
            return [Message(text, image=image, image_name="options.png", ephemeral=True, **buttons)]
        # Another person's decision: asked in the channel, in the game's language.
        user, language = game.players[actor], game.language
        prompt = presenter.prompt_text(seat_view(presenter, state, actor), actor, language)
        ask = t("turn.decision_for", language, user=f"<@{user}>", prompt=prompt)

        async def ask_in(locale: str | None) -> str:  # a DM reader's language: asked again
            told = presenter.prompt_text(seat_view(presenter, state, actor), actor, locale)
            return t("turn.decision_for", locale, user=f"<@{user}>", prompt=told)

        buttons = move_buttons(presenter, state, actor, game, language)
        return [Message(done, ephemeral=True), Message(ask, ping=(user,), retell=ask_in, **buttons)]

    async def undone(
        self,
        caller: Caller,
        game: GameRecord,
        presenter: Presenter,
        last: MoveRecord,
        state: Any,
        ready: Ready,
    ) -> list[Message]:
        """What an undo of `last` (the caller's move, taken back to `state`) says: inside a
        batched turn, to the caller alone with the turn's prompt and buttons; otherwise in the
        channel with the board as it is again."""
        locale, seat = caller.locale, last.seat
        what = presenter.event_text(last.event, game, locale)
        text = t("undo.done", locale, user=f"<@{caller.user_id}>", what=what)
        if presenter.batches_turns and not last.event.get("turn_over"):
            prompt = presenter.prompt_text(seat_view(presenter, state, seat), seat, locale)
            buttons = move_buttons(presenter, state, seat, game, locale)
            return [Message(f"{text}\n{t('turn.next', locale, prompt=prompt)}", ephemeral=True, **buttons)]
        language = game.language  # said in the channel
        what = presenter.event_text(last.event, game, language)
        text = t("undo.done", language, user=f"<@{caller.user_id}>", what=what)
        image = await board_image(self.tables.workers, presenter, game, public_view(presenter, state), ready)
        again = t("undo.again", language, user=f"<@{caller.user_id}>")
        return [Message(f"{text}\n{again}", image=image)]

    async def recap(self, game_id: int, restarted: bool = True) -> tuple[GameRecord | None, list[Message]]:
        """The game as it stands, for a move whose own message was lost (the process died before
        it was held, `restarted`, or a failure cut its request short): the last move, the board,
        and a ping for whoever plays next (everyone at the end), under a note that says which;
        nothing for a game that is no longer there to announce. Not yet held: the outbox holds
        what this returns."""
        head = "delivery.recap" if restarted else "delivery.recap_failed"
        game, messages = await self.standing(game_id, head)
        return game, (await self.dms.addressed(game, messages) if game is not None else messages)

    async def standing(self, game_id: int, head: str) -> tuple[GameRecord | None, list[Message]]:
        """The channel message showing a game in play as it stands (the line `head` names, the
        last move, the board, the ping for whoever plays next, or the final scores), without DM
        copies; nothing for a game that is not in play or finished."""
        game = await self.db.game(game_id)
        if game is None or game.state is None or game.status not in ("active", "finished"):
            return game, []
        presenter = self.tables.presenter(game)
        engine, language = presenter.engine, game.language
        state = engine.loads(game.state)
        image = await board_image(self.tables.workers, presenter, game, public_view(presenter, state))
        last = await self.tables.moves(game, last=1)
        over = engine.is_over(state)
        seat = None if over else next_seat(engine, state)

        async def recap_in(locale: str | None) -> str:  # the channel's language, or a DM reader's
            view = public_view(presenter, state)
            lines = [t(head, locale)]
            if last:
                lines.append(presenter.event_text(last[-1].event, game, locale))
            if seat is None:
                lines.append(presenter.final_text(view, game, locale))
                return fit("\n".join(lines))
            lines.append(t("move.next", locale, user=presenter.mention(game, seat)))
            if presenter.batches_turns:
                lines.append(presenter.prompt_text(seat_view(presenter, state, seat), seat, locale))
            if buttons:
                lines.append(buttons_line(presenter, game, seat, locale))
            return fit("\n".join(lines))

        buttons = {}
        if seat is not None and presenter.batches_turns:
            buttons = move_buttons(presenter, state, seat, game, language)
        text = await recap_in(language)
        if seat is None:
            return game, [Message(text, image=image, ping=game.players, retell=recap_in)]
        return game, [Message(text, image=image, ping=(game.players[seat],), retell=recap_in, **buttons)]

    # ------------------------------------------------------------------ catching up

    async def since_last_move(
        self,
        game: GameRecord,
        engine: AnyGame,
        seat: int,
        shown: frozenset[int] = frozenset(),
        recent: list[MoveRecord] | None = None,
    ) -> list[MoveRecord]:
        """Other players' moves since `seat` last moved, oldest first, without quiet moves and
        without those numbered in `shown` (the ones the message itself already tells); `recent`:
        the game's last moves when already read."""
        moves = recent if recent is not None else await self.tables.moves(game, last=CATCH_UP_MOVES)
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
        """For the player whose turn it now is, addressed to them by mention: what else happened
        since their last move (moves and points, in order), beyond what the message tells
        (`shown`); empty when nothing."""
        moves = await self.since_last_move(game, presenter.engine, seat, shown, recent)
        if not moves:
            return ""
        lines = [presenter.event_text(m.event, game, locale) for m in moves[-CATCH_UP_LINES:]]
        # Said in the channel, above the ping: "your" needs the name of whom it addresses.
        head = t("catch_up.title", locale, count=len(moves), user=presenter.mention(game, seat))
        return head + "\n" + "\n".join(f"› {line}" for line in lines)
