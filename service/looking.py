"""Looking at a game without changing it: the hand, the boards, the rules, the status, the log
and the caller's games. Channel texts and images come from the public view; the caller's own
texts (hand, options, rules) from their seat's view."""

from __future__ import annotations

import asyncio
import logging

from db import GameRecord
from i18n import t
from service.lobby import lobby_text
from service.messages import MESSAGE_LIMIT, Caller, Message, Ready, ServiceError, fit, jump_link
from service.tables import public_view, seat_names
from service.timekeeping import clock_deadline
from service.turns import Turns

log = logging.getLogger(__name__)


class Looking(Turns):
    """What a player may look at: private texts go to them only, the rest in the channel."""

    async def hand(self, caller: Caller) -> list[Message]:
        """The caller's private information, for their eyes only; after the last move too, so a
        player can look back at their cards (no buttons then)."""
        game = await self._shown_game(caller)
        seat = self._seat_of(game, caller.user_id)
        presenter = self.presenter(game)
        engine = presenter.engine
        state = engine.loads(game.state or "")
        view = engine.view(state, seat, caller.locale)
        text = presenter.hand_text(view, caller.locale)
        options = presenter.options_text(view, seat, caller.locale)
        buttons = {}
        if game.status == "active" and presenter.batches_turns and engine.to_move(state) == seat:
            buttons = self._buttons(engine, state, seat, game, caller.locale)
        return [Message(fit(f"{text}\n{options}" if options else text), ephemeral=True, **buttons)]

    async def player_board(self, caller: Caller, user_id: int, ready: Ready = None) -> list[Message]:
        """One player's own board as an image, in the channel (public information only)."""
        game = await self._shown_game(caller)
        presenter = self.presenter(game)
        if not presenter.has_player_board:
            raise ServiceError("error.no_player_board")
        if user_id not in game.players:
            raise ServiceError("error.not_seated", user=f"<@{user_id}>")
        seat = game.players.index(user_id)
        state = presenter.engine.loads(game.state or "")
        if ready is not None:
            await ready()
        view = public_view(presenter, state, caller.locale)
        try:
            image = await asyncio.to_thread(presenter.render_player, view, seat, seat_names(game))
        except Exception:
            log.exception("could not draw a player board of game %s", game.id)
            image = None
        caption = presenter.player_caption(view, game, seat, caller.locale)
        return [Message(caption, image=image, image_name="player.png")]

    async def rules(self, caller: Caller) -> list[Message]:
        """A short rules summary of this channel's game and what the caller can do now (private)."""
        game = await self.db.open_game(caller.channel_id) or await self.db.latest_game(caller.channel_id)
        if game is None:
            raise ServiceError("error.no_game_here")
        presenter = self.presenter(game)
        seat = game.players.index(caller.user_id) if caller.user_id in game.players else None
        view = None
        if game.state:  # the caller's own view, or the table's for someone not seated
            view = presenter.engine.view(presenter.engine.loads(game.state), seat, caller.locale)
        return [Message(fit(presenter.rules_text(view, seat, caller.locale)), ephemeral=True)]

    async def board(self, caller: Caller, ready: Ready = None) -> list[Message]:
        """Re-post the current (or last finished) board in the channel, pinging nobody."""
        game = await self._shown_game(caller)
        presenter = self.presenter(game)
        view = public_view(presenter, presenter.engine.loads(game.state or ""), caller.locale)
        image = await self._render(presenter, game, view, ready)
        return [Message(presenter.board_caption(view, game, caller.locale), image=image)]

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
        presenter = self.presenter(game)
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

    async def status(self, caller: Caller) -> list[Message]:
        game = await self.db.open_game(caller.channel_id) or await self.db.latest_game(
            caller.channel_id, finished_only=True
        )
        if game is None:
            raise ServiceError("error.no_game_here")
        presenter = self.presenter(game)
        if game.status == "lobby":
            head = t("lobby.status", caller.locale, game=presenter.title(game.options, caller.locale))
            return [Message(lobby_text(game, head, caller.locale))]
        state = presenter.engine.loads(game.state or "")
        lines = [presenter.status_text(public_view(presenter, state, caller.locale), game, caller.locale)]
        if game.status == "active":
            lines += await self.time.away_notes(game, caller.locale)
            lines.append(self.time.settings_text(game, caller.locale))
            seat = presenter.engine.to_move(state)
            if seat is not None and game.clock_days:
                member = await self.db.member(game.guild_id, game.players[seat])
                deadline = clock_deadline(game, member, self.now())
                lines.append(t("clock.deadline", caller.locale, deadline=f"<t:{int(deadline or 0)}:R>"))
        return [Message(fit("\n".join(lines)))]

    async def log(self, caller: Caller, count: int = 10, since_my_move: bool = False) -> list[Message]:
        """The last moves; with `since_my_move`, everything since the caller's own last move."""
        game = await self._shown_game(caller)
        presenter = self.presenter(game)
        if since_my_move:
            seat = self._seat_of(game, caller.user_id)
            since = await self._since_last_move(game, presenter.engine, seat)
            if not since:
                return [Message(t("log.nothing_since", caller.locale))]
            told = [presenter.event_text(m.event, game, caller.locale) for m in since]
            return [Message(fit(t("log.since_title", caller.locale) + "\n" + "\n".join(told)))]
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
