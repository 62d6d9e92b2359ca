"""Load a channel's game, check who may act, apply, save, render, and say what to post.

Shared by every front end and tested without Discord. Rules stay in the engine; this layer
adds people (who is which seat), time, storage and presentation. It knows games only through
the `Game` contract (`engine/base.py`), the `Presenter` protocol (`service/presenting.py`) and
the registry (`games/registry.py`), so adding a game changes nothing here.
"""

from __future__ import annotations

from service.lobby import Lobby
from service.looking import Looking
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
