"""Load a channel's game, check who may act, apply, save, render, and say what to post.

Shared by every front end and tested without Discord. Rules stay in the engine; this layer
adds people (who is which seat), time, storage and presentation. It knows games only through
the `Game` contract (`engine/base.py`), the `Presenter` protocol (`presenters/protocol.py`) and
the registry (`games/registry.py`), so adding a game changes nothing here.
"""

from __future__ import annotations

from service.lobby import Lobby
from service.looking import Looking
from service.messages import Caller, Message, Ready
from service.seats import Seats


class GameService(Lobby, Seats, Looking):
    """The use cases of a game channel, one method per command.

    - `service/tables.py`: what they share (the channel's game and lock, storage, presenters);
    - `service/turns.py`: moves, the fallback player's turns, undo, catch-ups;
    - `service/lobby.py`: new, join, add a bot, leave, start, abort;
    - `service/seats.py`: a seat taken back from the fallback player, a rematch;
    - `service/looking.py`: hand, boards, rules, status, log, `/games`;
    - `self.time` (`service/timekeeping.py`): reminders, turn clocks, away, DMs.
    """

    async def table_button(
        self, caller: Caller, kind: str, game_id: int, ready: Ready = None
    ) -> list[Message]:
        """A click on a table button (`Message.table`, `TABLE_BUTTONS`): its slash command's use
        case, for the game the button was posted for (a button of an earlier table is refused)."""
        if kind == "join":
            return await self.join(caller, game_id)
        if kind == "leave":
            return await self.leave(caller, ready, game_id)
        if kind == "bot":
            return await self.add_bot(caller, game_id)
        if kind == "start":
            return await self.start(caller, ready, game_id)
        if kind == "rejoin":
            return await self.rejoin(caller, game_id)
        if kind == "board":
            return await self.whole_board(caller, game_id, ready)
        return await self.rematch(caller, game_id)
