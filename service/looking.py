"""Looking at a game without changing it: the hand, the boards, the rules, the status, the log
and the caller's games. Channel texts and images come from the public view; the caller's own
texts (hand, options, rules) from their seat's view. Who may post a look in the channel, and how
often anyone may have a board drawn, is `service/look_limits.py`'s."""

from __future__ import annotations

import asyncio
import bisect
from dataclasses import dataclass
from typing import Any

from db import GameRecord, MoveRecord
from engine.errors import Typed
from games import registry
from i18n import has, t
from presenters.protocol import Presenter
from service.images import board_image, options_image, player_image
from service.lobby import lobby_text
from service.look_limits import Look, LookLimits
from service.messages import (
    MESSAGE_LIMIT,
    PLAYER_BUTTONS,
    Caller,
    Message,
    Ready,
    ServiceError,
    StaleGame,
    fit,
    jump_link,
)
from service.story import Storyteller
from service.tables import Tables, seat_of
from service.timekeeping import away_notes, clock_deadline, settings_text
from service.views import move_buttons, public_view, seat_view

LOG_PAGE = 15  # moves on one page of `/game log`, as many as fit in one message


class Looking:
    """What a player may look at: private texts go to them only, the rest in the channel. It
    changes nothing in a game; the catch-up of `/game log since_my_move` is the story's (`story`).
    A look meant for the channel is posted only for a seated player, and every board it draws
    counts against the limits (`limits`, on the tables' clock)."""

    def __init__(self, tables: Tables, story: Storyteller) -> None:
        self.tables = tables
        self.db = tables.db
        self.story = story
        self.limits = LookLimits(tables.now)

    def _look(self, caller: Caller, game: GameRecord, *, public: bool, draws: bool) -> Look:
        """How the caller's look at `game` is answered (`LookLimits.look`): public only for a
        seated player within the limits; refused when it would draw past them."""
        seated = caller.user_id in game.players
        return self.limits.look(caller.user_id, caller.channel_id, seated=seated, public=public, draws=draws)

    async def hand(self, caller: Caller) -> list[Message]:
        """The caller's private information, for their eyes only; after the last move too, so a
        player can look back at their cards (no buttons then)."""
        game = await self.tables.shown_game(caller)
        seat = seat_of(game, caller.user_id)
        presenter = self.tables.presenter(game)
        engine = presenter.engine
        state = engine.loads(game.state or "")
        view = seat_view(presenter, state, seat)
        text = presenter.hand_text(view, caller.locale)
        options = presenter.options_text(view, seat, caller.locale)
        buttons: dict[str, Any] = {}
        image = None
        if game.status == "active" and engine.to_move(state) == seat:
            image = await options_image(self.tables.workers, presenter, game, state, seat, caller.locale)
            if presenter.batches_turns:
                buttons = move_buttons(presenter, state, seat, game, caller.locale)
        # Too long (a hand of many cards), the list is cut, not what the caller can do now.
        room = MESSAGE_LIMIT - len(options) - 1
        body = fit(f"{fit(text, room) if room > 0 else text}\n{options}" if options else text)
        return [Message(body, image=image, image_name="options.png", ephemeral=True, **buttons)]

    async def player_board(self, caller: Caller, user_id: int, ready: Ready = None) -> list[Message]:
        """One player's own board as an image (public information only), the phone-sized one
        with a button under it for the whole board: in the channel for a seated caller, else (or
        too soon after the last board posted) for the caller alone."""
        game = await self.tables.shown_game(caller)
        presenter = self.tables.presenter(game)
        if not presenter.has_player_board:
            raise ServiceError("error.no_player_board")
        if user_id not in game.players:
            raise ServiceError("error.not_seated", user=f"<@{user_id}>")
        seat = game.players.index(user_id)
        state = presenter.engine.loads(game.state or "")
        look = self._look(caller, game, public=True, draws=True)
        locale = reader_locale(game, caller, look.public)
        if ready is not None:
            await ready()
        view = public_view(presenter, state)
        image = await player_image(self.tables.workers, presenter, game, view, seat, locale=locale)
        caption = noted(presenter.player_caption(view, game, seat, locale), look, caller.locale)
        full = ((PLAYER_BUTTONS[seat], game.id, t("button.player_board", locale)),)
        return [Message(caption, image=image, image_name="player.png", ephemeral=not look.public, table=full)]

    async def whole_player_board(
        self, caller: Caller, game_id: int, seat: int, ready: Ready = None
    ) -> list[Message]:
        """Every part of seat `seat`'s board in game `game_id` (the **Full player board** button
        under a phone-sized one), for the clicker alone, in their language: public information,
        drawn as it stands now, also after the game ended. It counts as a drawing like any look."""
        game = await self.db.game(game_id)
        if game is None or game.channel_id != caller.channel_id or game.state is None:
            raise StaleGame("error.table_button_stale")
        presenter = self.tables.presenter(game)
        if not presenter.has_player_board or not 0 <= seat < len(game.players):
            raise StaleGame("error.table_button_stale")
        self._look(caller, game, public=False, draws=True)
        if ready is not None:
            await ready()
        view = public_view(presenter, presenter.engine.loads(game.state))
        workers = self.tables.workers
        image = await player_image(workers, presenter, game, view, seat, whole=True, locale=caller.locale)
        caption = presenter.player_caption(view, game, seat, caller.locale)
        return [Message(caption, image=image, image_name="player.png", ephemeral=True)]

    async def rules(self, caller: Caller, game_id: str | None = None) -> list[Message]:
        """A short rules summary (private): of this channel's game, with what the caller can do
        now; of the game `game_id` names (also where another game, or none, is played); or, with
        neither, the list of games there are and how to read their rules."""
        game = await self.db.open_game(caller.channel_id) or await self.db.latest_game(caller.channel_id)
        if game_id is not None and (game is None or game.game != game_id):
            if game_id not in registry.game_ids():
                raise ServiceError("error.unknown_game", game=Typed(str(game_id)))
            text = self.tables.presenter_for(game_id).rules_text(None, None, caller.locale)
            return [Message(fit(text), ephemeral=True)]
        if game is None:
            return [Message(fit(self._games_list(caller.locale)), ephemeral=True)]
        presenter = self.tables.presenter(game)
        seat = game.players.index(caller.user_id) if caller.user_id in game.players else None
        view = None
        if game.state:  # the caller's own view, or the table's for someone not seated
            state = presenter.engine.loads(game.state)
            view = public_view(presenter, state) if seat is None else seat_view(presenter, state, seat)
        return [Message(fit(presenter.rules_text(view, seat, caller.locale)), ephemeral=True)]

    def _games_list(self, locale: str | None) -> str:
        """Every game of the registry in a line: its name, player count and what it is about."""
        lines = [t("rules.games", locale)]
        for spec in registry.GAMES.values():
            engine = self.tables.presenter_for(spec.id).engine
            blurb = t(f"{spec.id}.blurb", locale) if has(f"{spec.id}.blurb") else ""
            lines.append(
                t(
                    "rules.game_line",
                    locale,
                    name=spec.name,
                    id=spec.id,
                    low=engine.min_players,
                    high=engine.max_players,
                    blurb=blurb,
                )
            )
        lines.append(t("rules.start", locale))
        return "\n".join(lines)

    async def help(self, caller: Caller) -> list[Message]:
        """How the bot works and which command does what, in a few lines (private)."""
        return [Message(t("help.text", caller.locale), ephemeral=True)]

    async def board(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Re-post the current (or last finished) board in the channel, pinging nobody; for a
        caller not seated, or too soon after the last board posted, the same for them alone."""
        game = await self.tables.shown_game(caller)
        presenter = self.tables.presenter(game)
        look = self._look(caller, game, public=True, draws=True)
        locale = reader_locale(game, caller, look.public)
        view = public_view(presenter, presenter.engine.loads(game.state or ""))
        workers = self.tables.workers
        # All of it:
        image = await board_image(workers, presenter, game, view, ready, whole=True, locale=locale)
        caption = noted(presenter.board_caption(view, game, locale), look, caller.locale)
        return [Message(caption, image=image, ephemeral=not look.public)]

    async def whole_board(self, caller: Caller, game_id: int, ready: Ready = None) -> list[Message]:
        """The whole board of game `game_id` (the **Whole board** button under a turn message
        whose image shows only part of it), for the clicker alone: public information, drawn
        as it stands now, also after the game ended."""
        game = await self.db.game(game_id)
        if game is None or game.channel_id != caller.channel_id or game.state is None:
            raise StaleGame("error.table_button_stale")
        self._look(caller, game, public=False, draws=True)
        presenter = self.tables.presenter(game)
        view = public_view(presenter, presenter.engine.loads(game.state))
        workers = self.tables.workers
        image = await board_image(workers, presenter, game, view, ready, whole=True, locale=caller.locale)
        return [Message(presenter.board_caption(view, game, caller.locale), image=image, ephemeral=True)]

    async def my_games(self, caller: Caller) -> list[Message]:
        """The caller's games in this server, those waiting on them first, each with whose turn
        it is since when and a link to its channel (private)."""
        games = await self.db.games_of(caller.user_id, caller.guild_id)
        if not games:
            return [Message(t("games.none", caller.locale), ephemeral=True)]
        rows = sorted((self._game_row(game, caller) for game in games), key=lambda row: (row[0], row[1]))
        text = t("games.title", caller.locale, count=len(rows)) + "\n" + "\n".join(row[2] for row in rows)
        return [Message(fit(text), ephemeral=True)]

    def _game_row(self, game: GameRecord, caller: Caller) -> tuple[int, float, str]:
        """One line of `/games` with its sort key: the caller's turn first, then others' turns
        (longest waiting first), then lobbies."""
        presenter = self.tables.presenter(game)
        title = presenter.title(game.options, caller.locale)
        link = jump_link(game)
        if game.status == "lobby":
            return (2, 0.0, t("games.lobby", caller.locale, title=title, link=link, count=len(game.players)))
        engine = presenter.engine
        seat = engine.to_move(engine.loads(game.state or ""))
        since = int(game.turn_started_at or game.updated_at)
        if seat is not None and game.players[seat] == caller.user_id:
            return (0, since, t("games.yours", caller.locale, title=title, link=link, since=f"<t:{since}:R>"))
        who = presenter.tag(game, seat) if seat is not None else "-"
        line = t("games.theirs", caller.locale, title=title, link=link, user=who, since=f"<t:{since}:R>")
        return (1, since, line)

    async def status(self, caller: Caller, share: bool = False) -> list[Message]:
        """Whose turn since when, the scores and the table's settings, from the public view only:
        for the caller alone, or (`share`, a seated caller) posted for everyone, pinging nobody."""
        game = await self.db.open_game(caller.channel_id) or await self.db.latest_game(
            caller.channel_id, finished_only=True
        )
        if game is None:
            raise ServiceError("error.no_game_here")
        presenter = self.tables.presenter(game)
        look = self._look(caller, game, public=share, draws=False)
        share = look.public
        locale = reader_locale(game, caller, share)
        if game.status == "lobby":
            head = t("lobby.status", locale, game=presenter.title(game.options, locale))
            return [Message(noted(lobby_text(game, head, locale), look, caller.locale), ephemeral=not share)]
        state = presenter.engine.loads(game.state or "")
        lines = [presenter.status_text(public_view(presenter, state), game, locale)]
        if game.status == "active":
            lines += await away_notes(self.db, game, locale, self.tables.now())
            lines.append(settings_text(game, locale))
            seat = presenter.engine.to_move(state)
            if seat is not None and game.clock_days:
                member = await self.db.member(game.guild_id, game.players[seat])
                deadline = clock_deadline(game, member, self.tables.now())
                lines.append(t("clock.deadline", locale, deadline=f"<t:{int(deadline or 0)}:R>"))
        return [Message(noted("\n".join(lines), look, caller.locale), ephemeral=not share)]

    async def log(
        self, caller: Caller, count: int = LOG_PAGE, since_my_move: bool = False, share: bool = False
    ) -> list[Message]:
        """The latest page of moves; with `since_my_move`, everything since the caller's own last
        move. For the caller alone unless `share` (and the caller is seated)."""
        if not since_my_move:
            return [(await self.log_page(caller, count=count, share=share)).message]
        game = await self.tables.shown_game(caller)
        presenter = self.tables.presenter(game)
        seat = seat_of(game, caller.user_id)
        share = self._look(caller, game, public=share, draws=False).public
        locale = reader_locale(game, caller, share)
        since = await self.story.since_last_move(game, presenter.engine, seat)
        if not since:
            return [Message(t("log.nothing_since", locale), ephemeral=not share)]
        told = [presenter.event_text(m.event, game, locale) for m in since]
        text = fit(t("log.since_title", locale) + "\n" + "\n".join(told))
        return [Message(text, ephemeral=not share)]

    async def log_page(
        self,
        caller: Caller,
        *,
        page: int | None = None,
        oldest: int | None = None,
        newest: int | None = None,
        game_id: int | None = None,
        count: int = LOG_PAGE,
        share: bool = False,
    ) -> LogPage:
        """One page of the whole game's log, numbered moves oldest first: page `page` as the log
        reads from the start (1: the first moves), or the page starting at move `oldest`, or
        ending at move `newest`; by default the latest moves. `game_id` (an Older/Newer button)
        names the game, which must be this channel's. A page holds at most `count` moves, and
        only as many as fit in one message. `share` posts it in the channel for a seated caller
        (anyone else reads it privately, with a note saying why)."""
        game = await self._logged_game(caller, game_id)
        moves = await self.tables.moves(game)
        look = self._look(caller, game, public=share, draws=False)
        share = look.public
        locale = reader_locale(game, caller, share)
        if not moves:
            empty = noted(t("log.empty", locale), look, caller.locale)
            return LogPage(Message(empty, ephemeral=not share), game.id, locale=locale)
        numbers = [m.number for m in moves]
        presenter = self.tables.presenter(game)
        # The page boundaries depend on every line, so every move is worded: in a worker thread,
        # as it takes as long as the game.
        lines, starts = await asyncio.to_thread(_worded, presenter, game, moves, locale, count)
        if page is not None:
            if not 1 <= page <= len(starts):
                raise ServiceError("log.no_page", page=page, pages=len(starts))
            oldest = numbers[starts[page - 1]]
        if oldest is not None:
            first = bisect.bisect_left(numbers, oldest)
            last = _fill(lines, range(first, len(lines)), count) if first < len(lines) else len(lines) - 1
            first = min(first, last)
        else:
            last = len(lines) - 1 if newest is None else max(0, bisect.bisect_right(numbers, newest) - 1)
            first = _fill(lines, range(last, -1, -1), count)
        title = t("log.page", locale, first=numbers[first], last=numbers[last], total=len(moves))
        text = noted(title + "\n" + "\n".join(lines[first : last + 1]), look, caller.locale)
        return LogPage(
            Message(text, ephemeral=not share),
            game.id,
            older=numbers[first - 1] if first > 0 else None,
            newer=numbers[last + 1] if last + 1 < len(numbers) else None,
            locale=locale,
        )

    async def _logged_game(self, caller: Caller, game_id: int | None) -> GameRecord:
        """The game whose log is read: the channel's shown game, or the one a button names (a
        button of another channel's game, or of a game that is gone, is stale)."""
        if game_id is None:
            return await self.tables.shown_game(caller)
        game = await self.db.game(game_id)
        if game is None or game.channel_id != caller.channel_id or game.state is None:
            raise StaleGame("error.button_stale")
        return game


def noted(text: str, look: Look, locale: str | None) -> str:
    """`text` fitted to one message, with the look's note (why it is private), in the caller's
    `locale`, kept whole on its last line."""
    if look.note is None:
        return fit(text)
    key, params = look.note
    note = t(key, locale, **params)
    return fit(text, MESSAGE_LIMIT - len(note) - 1) + "\n" + note


def reader_locale(game: GameRecord, caller: Caller, share: bool) -> str | None:
    """What a look at the game is written in: the game's language when it is shared in the
    channel (the whole table reads it), else the caller's own."""
    return game.language if share else caller.locale


@dataclass(frozen=True)
class LogPage:
    """A page of `/game log` and where the pages beside it start: `older` is the newest move of
    the page before, `newer` the oldest of the page after (None: no page that way)."""

    message: Message
    game_id: int
    older: int | None = None
    newer: int | None = None
    locale: str | None = None  # what its words and buttons are in: the game's when shared


def _worded(
    presenter: Presenter, game: GameRecord, moves: list[MoveRecord], locale: str | None, count: int
) -> tuple[list[str], list[int]]:
    """Every move's numbered line, and where each page starts when read from the first."""
    lines = [f"{m.number}. {presenter.event_text(m.event, game, locale)}" for m in moves]
    return lines, _page_starts(lines, count)


def _page_starts(lines: list[str], count: int) -> list[int]:
    """Where each page starts when the log is read from the first move on (`page:` counts so)."""
    starts = [0]
    while (after := _fill(lines, range(starts[-1], len(lines)), count) + 1) < len(lines):
        starts.append(after)
    return starts


def _fill(lines: list[str], order: range, count: int) -> int:
    """Walk `order` (indices of `lines`) while the lines fit one message and number at most
    `count`; the last index taken (always at least the first, which `fit` cuts if it must)."""
    room = MESSAGE_LIMIT - 100  # the title
    taken = order[0]
    for taken_count, index in enumerate(order):
        room -= len(lines[index]) + 1
        if taken_count and (room < 0 or taken_count >= count):
            break
        taken = index
    return taken
