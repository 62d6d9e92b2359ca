"""What every use case of a game channel stands on: the channel's game, its lock, its engine and
presenter, the clock, versioned writes and the board image.

The use cases (`service/lobby.py`, `service/turns.py`, `service/looking.py`) build on this class;
the timekeeper reaches it only through the public methods named in `service/timekeeping.py`
`Tables`, so neither side depends on the other's internals.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any, cast

from db import ChannelBusy, Database, GameRecord, StaleVersion
from engine.base import Game, LegacyGame
from engine.errors import GameOver, NotAPlayer
from games import registry
from i18n import t
from presenters.protocol import Presenter
from service.messages import Caller, Ready, ServiceError, StaleGame

log = logging.getLogger(__name__)


class ChannelTables:
    """Storage, locks, time and each game's engine and presenter, shared by every use case."""

    def __init__(
        self,
        database: Database,
        *,
        engines: Callable[[str], LegacyGame],
        clock: Callable[[], float],
        seeds: Callable[[], int] | None = None,
    ) -> None:
        self.db = database
        self._engines = engines
        self._clock = clock
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(1, 2**31))
        self._locks: dict[int, asyncio.Lock] = {}
        self._presenters: dict[str, Presenter] = {}

    # ------------------------------------------------------- the timekeeper's interface

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The one lock of a channel: every read-modify-write of its game holds it."""
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def now(self) -> float:
        return self._clock()

    async def open_game(self, caller: Caller) -> GameRecord:
        """The game in the caller's channel, in its lobby or in play."""
        game = await self.db.open_game(caller.channel_id)
        if game is None:
            raise ServiceError("error.no_game_here")
        return game

    async def open_table(
        self,
        caller: Caller,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: str,
        options: dict[str, Any],
        language: str,
    ) -> GameRecord:
        """A new lobby in a channel with the caller seated as its creator (a `/game new`, a
        rematch), under a fresh seed; refused while the channel has a game open."""
        try:
            return await self.db.create_game(
                guild_id=guild_id,
                channel_id=channel_id,
                game=game_id,
                options=options,
                seed=self._seeds(),
                creator_id=caller.user_id,
                creator_name=caller.display_name,
                now=self.now(),
                language=language,
            )
        except ChannelBusy:
            raise ServiceError("error.channel_busy") from None

    @staticmethod
    async def write(write: Awaitable[GameRecord]) -> GameRecord:
        """Await a versioned write, turning a lost race into a message for the player."""
        try:
            return await write
        except StaleVersion:
            raise StaleGame("error.stale") from None

    def presenter(self, game: GameRecord) -> Presenter:
        return self.presenter_for(game.game)

    def presenter_for(self, game_id: str) -> Presenter:
        """The game's presenter over its engine, from its registry entry (made once per game);
        KeyError for an id no game has."""
        presenter = self._presenters.get(game_id)
        if presenter is None:
            presenter = registry.spec(game_id).presenter(self._engines(game_id))
            self._presenters[game_id] = presenter
        return presenter

    # ----------------------------------------------------------------- finding the game

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

    # ------------------------------------------------------------------------ images

    async def _render(
        self,
        presenter: Presenter,
        game: GameRecord,
        view: Any,
        ready: Ready = None,
        changed: tuple[str, ...] = (),
        whole: bool = False,
        locale: str | None = None,
    ) -> bytes | None:
        """Draw the public board (`view`: the public view) off the event loop (Pillow work would
        stall other commands), its words in `locale` (by default the game's language: the
        channel's image; a private one is drawn in its reader's).

        A drawing failure must not swallow a move that is already saved: the message still goes
        out (and still pings), without its image.
        """
        if ready is not None:
            await ready()
        language = locale or game.language
        draw = functools.partial(presenter.render, locale=language)
        names = seat_names(game, language)
        return await drawn("the board", game, draw, view, game.options, names, changed, whole)

    async def _options_image(
        self, presenter: Presenter, game: GameRecord, state: Any, seat: int, locale: str | None
    ) -> bytes | None:
        """`seat`'s options drawn for them alone (issue 14 item 3), numbered as the autocomplete
        labels read; None when the game draws none now. Drawn from that seat's view, and only
        ever attached to a private reply to that seat. A failure costs the image, not the reply."""
        view = seat_view(presenter, state, seat, locale)
        choices = presenter.with_previews(state, seat, presenter.move_choices(state, seat, locale), locale)
        names = seat_names(game, locale)
        draw = functools.partial(presenter.render_options, locale=locale)
        return await drawn("the options", game, draw, view, game.options, names, seat, choices)

    async def warm_up(self, game_ids: tuple[str, ...]) -> None:
        """Pre-draw each game's static board layers off the event loop (see Presenter.warm_up)."""
        for game_id in game_ids:
            await asyncio.to_thread(self.presenter_for(game_id).warm_up)


def public_view(presenter: Presenter, state: Any, locale: str | None) -> Any:
    """What the whole table sees: channel texts and images are made from this view only."""
    return seat_view(presenter, state, None, locale)


def seat_view(presenter: Presenter, state: Any, seat: int | None, locale: str | None) -> Any:
    """`seat`'s view (None: the public view) for texts in `locale`. A `Game`'s view holds no
    words, so `locale` is not its business; an engine that still words its views (Revive's,
    until it is a `Game`) is given it. Temporary: then this is `engine.view(state, seat)`."""
    engine = presenter.engine
    if isinstance(engine, Game):
        return engine.view(state, seat)
    return cast(Any, engine).view(state, seat, locale)


async def drawn(what: str, game: GameRecord, draw: Callable[..., bytes | None], *args: Any) -> bytes | None:
    """`draw(*args)` off the event loop (Pillow work would stall other commands); None, logged,
    when it fails: a drawing failure costs the image, never the reply or a saved move."""
    try:
        return await asyncio.to_thread(draw, *args)
    except Exception:
        log.exception("could not draw %s of game %s", what, game.id)
        return None


def seat_names(game: GameRecord, locale: str | None) -> list[str]:
    """Display names for images, in `locale`: a person's Discord name; a seat filled with the
    fallback player is named in the image's language (the name stored at `/game add-bot` is in
    the language of that moment, which `/game settings language:` may change since); a seat
    handed to the fallback player says so."""
    return [
        fallback_name(user, locale)
        if user < 0
        else t("seat.handed_over_name", locale, name=name)
        if game.is_bot(seat)
        else name
        for seat, (user, name) in enumerate(zip(game.players, game.names, strict=True))
    ]


def fallback_name(user: int, locale: str | None) -> str:
    """The name of a seat `/game add-bot` filled (its user id is minus its number)."""
    return t("fallback.name", locale, number=-user)
