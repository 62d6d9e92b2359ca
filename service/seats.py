"""A seat that comes back: a person takes back the seat the fallback player holds for them
(docs/async.md "Seats and rematches"; the rematch opens a lobby: `service/lobby.py`)."""

from __future__ import annotations

from db import GameRecord
from i18n import t
from service.announcing import Announcer
from service.messages import Caller, Message, ServiceError, StaleGame
from service.tables import Tables, seat_of


class Seats:
    """`/game rejoin` (and the hand-over message's button)."""

    def __init__(self, tables: Tables, announcer: Announcer) -> None:
        self.tables = tables
        self.db = tables.db
        self.announcer = announcer

    async def rejoin(self, caller: Caller, game_id: int | None = None) -> list[Message]:
        """Take back the caller's seat from the fallback player while the game runs: a seat they
        left or that a clock vote handed over; never one they never held (an add-bot seat)."""
        tables = self.tables
        async with tables.lock(caller.channel_id):
            game = await self._running_table(caller, game_id)
            seat = seat_of(game, caller.user_id)
            if not game.is_bot(seat):
                raise ServiceError("error.rejoin_seated")
            game = await tables.write(self.db.take_seat_back(game, seat, tables.now()))
            presenter = tables.presenter(game)
            engine = presenter.engine
            state = engine.loads(game.state or "")
            lines = [
                t("seat.rejoined", game.language, user=f"<@{caller.user_id}>", tag=presenter.tag(game, seat))
            ]
            ping: tuple[int, ...] = ()
            if engine.to_move(state) == seat:  # a turn the fallback player had not reached
                lines.append(t("move.next", game.language, user=f"<@{caller.user_id}>"))
                ping = (caller.user_id,)
        return await self.announcer.hold(game, [Message("\n".join(lines), ping=ping)])

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
