"""Seats that come back: a person takes back the seat the fallback player holds for them, and a
finished table opens its rematch (docs/async.md "Seats and rematches")."""

from __future__ import annotations

from db import GameRecord
from engine.base import RULES_OPTION
from engine.errors import NotAPlayer
from games import registry
from i18n import t
from service.lobby import checked_options, lobby_message
from service.messages import Caller, Message, ServiceError, StaleGame
from service.turns import Turns


class Seats(Turns):
    """`/game rejoin` (and the hand-over message's button) and the final message's Rematch."""

    async def rejoin(self, caller: Caller, game_id: int | None = None) -> list[Message]:
        """Take back the caller's seat from the fallback player while the game runs: a seat they
        left or that a clock vote handed over; never one they never held (an add-bot seat)."""
        async with self.lock(caller.channel_id):
            game = await self._running_table(caller, game_id)
            seat = self._seat_of(game, caller.user_id)
            if not game.is_bot(seat):
                raise ServiceError("error.rejoin_seated")
            game = await self.write(self.db.take_seat_back(game, seat, self.now()))
            presenter = self.presenter(game)
            engine = presenter.engine
            state = engine.loads(game.state or "")
            lines = [
                t("seat.rejoined", game.language, user=f"<@{caller.user_id}>", tag=presenter.tag(game, seat))
            ]
            ping: tuple[int, ...] = ()
            if engine.to_move(state) == seat:  # a turn the fallback player had not reached
                lines.append(t("move.next", game.language, user=f"<@{caller.user_id}>"))
                ping = (caller.user_id,)
        return await self.outbox.hold(game, [Message("\n".join(lines), ping=ping)])

    async def _running_table(self, caller: Caller, game_id: int | None) -> GameRecord:
        """The game a rejoin is for: in play in this channel (and, for a button, the button's)."""
        game = await self.db.open_game(caller.channel_id)
        if game_id is not None and (game is None or game.id != game_id):
            clicked = await self.db.game(game_id)
            if clicked is not None and clicked.status in ("finished", "aborted"):
                raise ServiceError("error.rejoin_over")
            raise StaleGame("error.table_button_stale")
        if game is None:
            latest = await self.db.latest_game(caller.channel_id)
            if latest is not None and latest.status in ("finished", "aborted"):
                raise ServiceError("error.rejoin_over")
            raise ServiceError("error.no_game_here")
        if game.status != "active":
            raise ServiceError("error.not_started")
        return game

    async def rematch(self, caller: Caller, game_id: int) -> list[Message]:
        """A new lobby in the finished game's channel with the same people and fallback seats
        already seated and the same options and table settings, opened by anyone who played;
        the caller is its creator (who starts it)."""
        async with self.lock(caller.channel_id):
            old = await self.db.game(game_id)
            if old is None or old.channel_id != caller.channel_id or old.status != "finished":
                raise StaleGame("error.table_button_stale")
            if caller.user_id not in old.players:
                raise NotAPlayer("error.rematch_not_player")
            options = {name: value for name, value in old.options.items() if name != RULES_OPTION}
            options = checked_options(registry.spec(old.game), options)  # rules: those at its start
            game = await self.open_table(
                caller,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game_id=old.game,
                options=options,
                language=old.language,
            )
            others = [(user, name) for user, name in old.roster() if user != caller.user_id]
            game = await self.write(self.db.set_lobby_players(game, [*game.roster(), *others], self.now()))
            game = await self.write(
                self.db.set_settings(
                    game,
                    reminder_hours=old.reminder_hours,
                    clock_days=old.clock_days,
                    clock_action=old.clock_action,
                    now=self.now(),
                )
            )
        return await self.outbox.hold(game, [self._rematch_message(caller, game)])

    def _rematch_message(self, caller: Caller, game: GameRecord) -> Message:
        presenter = self.presenter(game)
        language = game.language
        head = t(
            "lobby.rematch",
            language,
            user=f"<@{caller.user_id}>",
            game=presenter.title(game.options, language),
        )
        head = f"{head}\n{self.time.settings_text(game, language)}"
        people = tuple(user for user in game.players if user > 0 and user != caller.user_id)
        return lobby_message(game, head, language, ping=people)
