"""The game service, composed: one object per job, each handed what it needs when it is made.

Shared by every front end and tested without Discord. Rules stay in the engine; this layer
adds people (who is which seat), time, storage and presentation. It knows games only through
the `Game` contract (`engine/base.py`), the `Presenter` protocol (`presenters/protocol.py`) and
the registry (`games/registry.py`), so adding a game changes nothing here.
"""

from __future__ import annotations

from collections.abc import Callable

from db import Database
from engine.base import AnyGame
from service.announcing import Announcer
from service.dms import DirectMessages
from service.fallback_turns import FallbackTurns
from service.history import History
from service.limits import Limits
from service.lobby import Lobby
from service.looking import Looking
from service.messages import PLAYER_BUTTONS, Caller, Message, Ready
from service.outbox import Outbox
from service.seats import Seats
from service.stats import Stats
from service.story import Storyteller
from service.tables import Tables
from service.timekeeping import Timekeeper
from service.turns import Turns
from service.upkeep import Upkeep
from service.workers import Workers


class GameService:
    """The use cases of a game channel. A front end calls the collaborator that owns the use
    case (`service.turns.move(...)`, `service.lobby.join(...)`); docs/architecture.md says
    why there is no facade.

    - `tables` (`service/tables.py`): the channel's game and lock, storage, engines, presenters;
    - `turns` (`service/turns.py`): moves, `/move`'s list, undo;
    - `lobby` (`service/lobby.py`): new, join, add a bot, leave, start, abort, rematch;
    - `limits` (`service/limits.py`): the caps on one person's open tables in a server, the
      rights a new table needs, `/game limits`;
    - `seats` (`service/seats.py`): a seat taken back from the fallback player;
    - `looking` (`service/looking.py`): hand, boards, rules, status, the log, `/games`, `/help`;
    - `history` (`service/history.py`): a game's record to download, its animated replay;
    - `stats` (`service/stats.py`): `/stats` and `/leaderboard`, over the results and ratings
      each game's end stores (service/ratings.py);
    - `time` (`service/timekeeping.py`): settings, time away, reminders and clocks (`tick`);
    - `upkeep` (`service/upkeep.py`): idle lobbies closed, what no history needs pruned (`tick`);
    - `dms` (`service/dms.py`): DM copies, `/notify`, what is owed to a player privately;
    - `outbox` (`service/outbox.py`): held messages until Discord took them;
    - `story` (`service/story.py`): the messages moves produce (used by the others).
    """

    def __init__(
        self,
        database: Database,
        *,
        engines: Callable[[str], AnyGame],
        clock: Callable[[], float],
        seeds: Callable[[], int] | None = None,
        workers: Workers | None = None,
        thinkers: Workers | None = None,
    ) -> None:
        self.db = database
        # `workers` draw the images and `thinkers` run the AI players' searches (service/workers.py,
        # service/thinking.py); their owner starts and closes them.
        self.tables = Tables(
            database, engines=engines, clock=clock, seeds=seeds, workers=workers, thinkers=thinkers
        )
        self.dms = DirectMessages(self.tables)
        self.story = Storyteller(self.tables, self.dms)
        # Every announcement is held there until Discord took it; a move whose message was
        # lost is announced again from the stored game (the story's recap).
        self.outbox = Outbox(database, clock=clock, recap=self.story.recap, dm_refused=self.dms.dm_failed)
        announcer = Announcer(self.outbox, self.dms)
        fallback = FallbackTurns(self.tables, self.story)
        self.time = Timekeeper(self.tables, announcer, fallback.play)
        self.turns = Turns(self.tables, self.story, fallback, announcer)
        self.limits = Limits(self.tables)
        self.lobby = Lobby(self.tables, announcer, self.time, fallback, self.limits)
        self.seats = Seats(self.tables, announcer)
        self.looking = Looking(self.tables, self.story)
        self.history = History(self.tables, self.looking.limits)
        self.stats = Stats(self.tables)
        self.upkeep = Upkeep(self.tables, announcer)

    async def table_button(
        self, caller: Caller, kind: str, game_id: int, ready: Ready = None
    ) -> list[Message]:
        """A click on a table button (`Message.table`, `TABLE_BUTTONS`): its slash command's use
        case, for the game the button was posted for (a button of an earlier table is refused).
        Here because it reaches several collaborators, as a front end would. A button naming
        another channel's game is refused before any of them is asked."""
        await self.tables.clicked_game(caller, game_id)
        if kind == "join":
            return await self.lobby.join(caller, game_id)
        if kind == "leave":
            return await self.lobby.leave(caller, ready, game_id)
        if kind == "bot":
            return await self.lobby.add_bot(caller, game_id)
        if kind == "start":
            return await self.lobby.start(caller, ready, game_id)
        if kind == "rejoin":
            return await self.seats.rejoin(caller, game_id)
        if kind == "board":
            return await self.looking.whole_board(caller, game_id, ready)
        if kind in PLAYER_BUTTONS:
            return await self.looking.whole_player_board(caller, game_id, PLAYER_BUTTONS.index(kind), ready)
        return await self.lobby.rematch(caller, game_id)
