"""The lobby and the life of a table: open, join, fill a seat with the fallback player, leave,
start, abort, and the rematch a finished table opens (a new lobby). Which games exist and their
options are the registry's (`games/registry.py`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from db import GameRecord
from engine.ai import EASY, LEVELS, NORMAL
from engine.base import RULES_OPTION, seat_order
from engine.errors import NotAPlayer, Term, Typed
from games import registry
from games.spec import GameSpec
from i18n import has, t, table_language, table_languages
from presenters.bots import bot_name
from service.announcing import Announcer
from service.fallback_turns import FallbackTurns
from service.images import board_image
from service.limits import Limits
from service.messages import (
    LOBBY_BUTTONS,
    REJOIN_BUTTON,
    Caller,
    Message,
    Ready,
    ServiceError,
    StaleGame,
    headed,
    table_buttons,
)
from service.outbox import PROMISE_GRACE
from service.tables import Tables, seat_of
from service.timekeeping import (
    CLOCK_ACTIONS,
    Timekeeper,
    check_reminder_hours,
    reminder_interval,
    settings_text,
)
from service.views import public_view

Room = Callable[[str], Awaitable[int]]
"""A thread of its own for a new table: given the table's title, a front end creates the thread
and returns its channel id (`/game new thread:` on Discord). Called only once every check passed."""


def checked_options(game: GameSpec, options: dict[str, Any]) -> dict[str, Any]:
    """`/game new`'s options for `game`, checked against what its registry entry declares and
    made whole (an option left out takes its first choice), so every stored game names them all."""
    declared = {option.name: option for option in game.options}
    for name, value in options.items():
        if value and name not in declared:
            raise ServiceError("error.option.not_offered", game=game.name, option=option_name(name))
    checked = {}
    for option in game.options:
        value = options.get(option.name) or option.default
        if value not in {choice.value for choice in option.choices}:
            raise ServiceError(
                "error.option.unknown_choice",
                game=game.name,
                option=option_name(option.name),
                value=Typed(str(value)),
            )
        checked[option.name] = value
    return checked


def option_name(name: str) -> Term | str:
    """An option as the reader's command list names it (`map`, `mapa`), for a refusal about it;
    an option without a catalog name (a test game's) as its registry has it."""
    key = f"name.option.{name}"
    return Term(key) if has(key) else name


def checked_settings(settings: dict[str, Any] | None) -> None:
    """`/game new`'s table settings, refused as `/game settings` would refuse them."""
    settings = settings or {}
    hours, days, action = (settings.get(key) for key in ("reminder_hours", "clock_days", "on_timeout"))
    if (hours is not None and hours < 0) or (days is not None and days < 0):
        raise ServiceError("settings.invalid")
    if action is not None and action not in CLOCK_ACTIONS:
        raise ServiceError("settings.invalid")
    check_reminder_hours(hours)
    language = settings.get("language")
    if language is not None and language not in table_languages():
        raise ServiceError("settings.language_unknown", language=Typed(str(language)))


def new_table_language(caller: Caller, settings: dict[str, Any] | None) -> str:
    """The language a new game is played in: the one `/game new` chose, else the server's
    (`i18n.table_language`)."""
    chosen = (settings or {}).get("language")
    return str(chosen) if chosen else table_language(caller.guild_locale, caller.locale)


class Lobby:
    """Seating people (and the fallback player) until the game starts, ending it early, and
    opening the next one."""

    def __init__(
        self,
        tables: Tables,
        announcer: Announcer,
        time: Timekeeper,
        fallback: FallbackTurns,
        limits: Limits,
    ) -> None:
        self.tables = tables
        self.db = tables.db
        self.announcer = announcer
        self.time = time
        self.fallback = fallback
        self.limits = limits

    def check_new_game(
        self, game_id: str, options: dict[str, Any], settings: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """Everything `/game new` refuses, checked before anything is made (a lobby, a thread):
        the game, its options and the table settings. Returns the options made whole."""
        if game_id not in registry.game_ids():
            raise ServiceError("error.unknown_game", game=Typed(str(game_id)))
        checked_settings(settings)
        return checked_options(registry.spec(game_id), options)

    async def new_game(
        self,
        caller: Caller,
        game_id: str,
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
        room: Room | None = None,
    ) -> list[Message]:
        """Open a lobby in the caller's channel (with `room`, in a thread of its own made for
        it), with the caller seated; `settings` (reminder hours, clock days, what a clock running
        out does) as `/game settings` takes them. Refused, with nothing made, where the caller
        may not post (or make the thread) and past their caps in this server (service/limits.py)."""
        game, text = await self._open(caller, game_id, options, settings, room)
        return await self.announcer.hold(game, [lobby_message(game, text, game.language)])

    async def _open(
        self,
        caller: Caller,
        game_id: str,
        options: dict[str, Any],
        settings: dict[str, Any] | None,
        room: Room | None,
    ) -> tuple[GameRecord, str]:
        """`new_game`'s table, made and stored: the lobby and the text that opens it."""
        self.limits.check_rights(caller, thread=room is not None)
        options = self.check_new_game(game_id, options, settings)
        presenter = self.tables.presenter_for(game_id)
        engine = presenter.engine
        language = new_table_language(caller, settings)
        async with self.limits.lock(caller):
            await self.limits.check_opening(caller)
            if room is not None:
                channel_id = await room(presenter.title(options, language))
                caller = replace(caller, channel_id=channel_id)
            game = await self.tables.open_table(
                caller,
                guild_id=caller.guild_id,
                channel_id=caller.channel_id,
                game_id=game_id,
                options=options,
                language=language,
            )
        timing = {key: value for key, value in (settings or {}).items() if key != "language"}
        if any(value is not None for value in timing.values()):
            await self.time.settings(caller, **timing)
            game = await self.db.open_game(caller.channel_id) or game
        text = t(
            "lobby.opened",
            language,
            user=f"<@{caller.user_id}>",
            game=presenter.title(options, language),
            low=engine.min_players,
            high=engine.max_players,
        )
        return game, f"{text}\n{settings_text(game, language)}"

    async def new_solo(
        self,
        caller: Caller,
        game_id: str,
        options: dict[str, Any],
        settings: dict[str, Any] | None = None,
        *,
        level: str = NORMAL,
        opponents: int | None = None,
        room: Room | None = None,
        ready: Ready = None,
    ) -> list[Message]:
        """A table for the caller alone against `opponents` AI players of `level` (by default
        as few as the game needs), started at once: the start is the answer (no lobby to join)."""
        if level not in LEVELS:
            raise ServiceError("error.no_such_level", levels=", ".join(LEVELS))
        self.check_new_game(game_id, options, settings)
        engine = self.tables.engine(game_id)
        count = max(1, engine.min_players - 1) if opponents is None else opponents
        if not 1 <= count <= engine.max_players - 1:
            raise ServiceError("solo.too_many", high=engine.max_players, count=engine.max_players - 1)
        made: list[int] = []

        async def tracked(title: str) -> int:  # the thread `room` made: where the table is
            assert room is not None
            made.append(await room(title))
            return made[-1]

        await self._open(caller, game_id, options, settings, tracked if room else None)
        channel = made[0] if made else caller.channel_id
        here = replace(caller, channel_id=channel)
        async with self.tables.lock(channel):
            game = await self.tables.open_game(here)
            for _ in range(count):
                game = await self.tables.write(self._seat_bot(game, level))
        return await self.start(here, ready)

    async def table_of(self, caller: Caller, game_id: int | None) -> GameRecord:
        """The channel's open game; with `game_id` (a button's), refused as stale when the
        button belongs to an earlier table of this channel."""
        game = await self.tables.open_game(caller)
        if game_id is not None and game.id != game_id:
            raise StaleGame("error.table_button_stale")
        return game

    async def join(self, caller: Caller, game_id: int | None = None) -> list[Message]:
        async with self.limits.lock(caller), self.tables.lock(caller.channel_id):
            game = await self.table_of(caller, game_id)
            engine = self.tables.engine(game.game)
            if game.status != "lobby":
                raise ServiceError("error.already_started")
            if caller.user_id in game.players:
                raise ServiceError("error.already_joined")
            if len(game.players) >= engine.max_players:
                raise ServiceError("error.lobby_full", high=engine.max_players)
            await self.limits.check_joining(caller)
            roster = [*game.roster(), (caller.user_id, caller.display_name)]
            game = await self.tables.write(self.db.set_lobby_players(game, roster, self.tables.now()))
        head = t("lobby.joined", game.language, user=f"<@{caller.user_id}>")
        return await self.announcer.hold(game, [lobby_message(game, head, game.language)])

    async def add_bot(self, caller: Caller, game_id: int | None = None, level: str = EASY) -> list[Message]:
        """The creator fills an empty lobby seat with an AI player of `level` (engine/ai)."""
        if level not in LEVELS:
            raise ServiceError("error.no_such_level", levels=", ".join(LEVELS))
        async with self.tables.lock(caller.channel_id):
            game = await self.table_of(caller, game_id)
            engine = self.tables.engine(game.game)
            if game.status != "lobby":
                raise ServiceError("error.already_started")
            if caller.user_id != game.creator_id:
                raise ServiceError("error.not_creator_add_bot")
            if len(game.players) >= engine.max_players:
                raise ServiceError("error.lobby_full", high=engine.max_players)
            game = await self.tables.write(self._seat_bot(game, level))
        name = bot_name(game, game.players[-1], game.language)
        about = t(f"ai.about.{level}", game.language)
        head = t("ai.added", game.language, name=name, about=about)
        return await self.announcer.hold(game, [lobby_message(game, head, game.language)])

    async def _seat_bot(self, game: GameRecord, level: str) -> GameRecord:
        """`game` with one more AI seat of `level`, stored (its user id: minus its number)."""
        number = 1 + sum(user < 0 for user in game.players)
        word = t(f"ai.level.{level}", game.language)
        roster = [*game.roster(), (-number, word)]
        return await self.db.set_lobby_players(game, roster, self.tables.now(), levels={-number: level})

    async def leave(self, caller: Caller, ready: Ready = None, game_id: int | None = None) -> list[Message]:
        """Give up a lobby seat; in a running game, hand the seat to the fallback player (not
        from a lobby's Leave button, `game_id`: a stray click must not give a seat away)."""
        async with self.tables.lock(caller.channel_id):
            game = await self.table_of(caller, game_id)
            if game.status == "active" and game_id is not None:
                raise ServiceError("error.leave_button_started")
            if game.status == "active":
                seat = seat_of(game, caller.user_id)
                if game.is_bot(seat):
                    raise ServiceError("error.already_bot")
                game = await self.tables.write(self.db.set_bot(game, seat, self.tables.now()))
                presenter = self.tables.presenter(game)
                text = t("fallback.took_over", game.language, tag=presenter.tag(game, seat))
                if not await self.tables.people_playing(game):
                    # Nobody would ever move again: the fallback would play on to no audience,
                    # or the game would stall. It ends here, and the channel is free.
                    game = await self.tables.write(self.db.abort_game(game, self.tables.now()))
                    ended = t("fallback.nobody_left", game.language)
                    return await self.announcer.announce(game, [Message(f"{text}\n{ended}")])
                handed = Message(
                    f"{text}\n{t('seat.rejoin_hint', game.language)}",
                    table=table_buttons(game.id, REJOIN_BUTTON, game.language),
                )
                state = presenter.engine.loads(game.state or "")
                game, turns = await self.fallback.play(game, presenter, state, ready)
                return await self.announcer.announce(game, [handed, *turns], caller.guild_name)
            if game.status != "lobby":
                raise ServiceError("error.leave_started")
            if caller.user_id not in game.players:
                raise NotAPlayer("error.not_a_player")
            if caller.user_id == game.creator_id:
                raise ServiceError("error.creator_leaves")
            roster = [entry for entry in game.roster() if entry[0] != caller.user_id]
            game = await self.tables.write(self.db.set_lobby_players(game, roster, self.tables.now()))
        head = t("lobby.left", game.language, user=f"<@{caller.user_id}>")
        return await self.announcer.hold(game, [lobby_message(game, head, game.language)])

    async def start(self, caller: Caller, ready: Ready = None, game_id: int | None = None) -> list[Message]:
        """Seat the lobby in an order drawn from the seed, set the game up, ping everyone seated."""
        async with self.tables.lock(caller.channel_id):
            game = await self.table_of(caller, game_id)
            presenter = self.tables.presenter(game)
            engine = presenter.engine
            if game.status != "lobby":
                raise ServiceError("error.already_started")
            if caller.user_id != game.creator_id:
                raise ServiceError("error.not_creator")
            if not engine.min_players <= len(game.players) <= engine.max_players:
                raise ServiceError("error.players_range", low=engine.min_players, high=engine.max_players)
            order = seat_order(len(game.players), game.seed)
            players = [game.roster()[i] for i in order]
            options = {RULES_OPTION: registry.spec(game.game).rules_version, **game.options}
            state = engine.new_game(len(players), options, game.seed)
            game = await self.tables.write(
                self.db.start_game(
                    game,
                    players,
                    engine.dumps(state),
                    self.tables.now(),
                    options,
                    announce_by=self.tables.now() + PROMISE_GRACE,
                )
            )
            view = public_view(presenter, state)
            text = presenter.start_text(view, game, game.language)
            opened = game

            async def start_in(locale: str | None) -> str:  # for a DM reader of another language
                return presenter.start_text(public_view(presenter, state), opened, locale)

            people = tuple(user for user in game.players if user > 0)
            game, bot_turns = await self.fallback.play(game, presenter, state, ready)
            # The fallback player's first turns come under the start, on their board.
            workers = self.tables.workers
            image = None if bot_turns else await board_image(workers, presenter, game, view, ready)
        start = Message(text, image=image, ping=people, retell=start_in)
        return await self.announcer.announce(game, headed(start, bot_turns), caller.guild_name)

    async def abort(self, caller: Caller) -> list[Message]:
        """End the channel's game without a result: the creator, anyone who manages the channel,
        and, once the creator has left a running game (their seat went to the fallback player),
        anyone still seated, so a game never outlives everyone who may close it."""
        async with self.tables.lock(caller.channel_id):
            game = await self.tables.open_game(caller)
            if not may_abort(game, caller):
                raise ServiceError("error.abort_rights")
            game = await self.tables.write(self.db.abort_game(game, self.tables.now()))
        aborted = t("game.aborted", game.language, user=f"<@{caller.user_id}>")
        return await self.announcer.hold(game, [Message(aborted)])

    async def rematch(self, caller: Caller, game_id: int) -> list[Message]:
        """A new lobby in the finished game's channel with the same options and table settings,
        opened by anyone who played. The caller is its creator (who starts it) and its only seat:
        the others who played are invited to join (pinged), never seated without asking, since a
        seat taken for someone who is not there stalls the game at their first turn."""
        tables = self.tables
        async with self.limits.lock(caller), tables.lock(caller.channel_id):
            old = await self.db.game(game_id)
            if old is None or old.channel_id != caller.channel_id or old.status != "finished":
                raise StaleGame("error.table_button_stale")
            if caller.user_id not in old.players:
                raise NotAPlayer("error.rematch_not_player")
            self.limits.check_rights(caller, thread=False)
            await self.limits.check_opening(caller)  # the same caps as /game new
            options = {name: value for name, value in old.options.items() if name != RULES_OPTION}
            options = checked_options(registry.spec(old.game), options)  # rules: those at its start
            game = await tables.open_table(
                caller,
                guild_id=old.guild_id,
                channel_id=old.channel_id,
                game_id=old.game,
                options=options,
                language=old.language,
            )
            game = await tables.write(
                self.db.set_settings(
                    game,
                    reminder_hours=reminder_interval(old),
                    clock_days=old.clock_days,
                    clock_action=old.clock_action,
                    now=tables.now(),
                )
            )
        return await self.announcer.hold(game, [self._rematch_message(caller, game, old)])

    def _rematch_message(self, caller: Caller, game: GameRecord, old: GameRecord) -> Message:
        """The new lobby's message: who opened it, and an invitation to everyone else who played
        the last game (pinged: they were not seated)."""
        presenter = self.tables.presenter(game)
        language = game.language
        lines = [
            t(
                "lobby.rematch",
                language,
                user=f"<@{caller.user_id}>",
                game=presenter.title(game.options, language),
            )
        ]
        invited = tuple(user for user in dict.fromkeys(old.players) if user > 0 and user != caller.user_id)
        if invited:
            named = " ".join(f"<@{user}>" for user in invited)
            lines.append(t("lobby.rematch_invite", language, players=named, count=len(invited)))
        lines.append(settings_text(game, language))
        return lobby_message(game, "\n".join(lines), language, ping=invited)


def humans_seated(game: GameRecord) -> list[int]:
    """The people who still hold a seat (not handed to the fallback player)."""
    return [user for seat, user in enumerate(game.players) if user > 0 and not game.is_bot(seat)]


def may_abort(game: GameRecord, caller: Caller) -> bool:
    """The creator, a channel manager, or (the creator gone from a running game) a seated person."""
    if caller.user_id == game.creator_id or caller.can_manage_channel:
        return True
    creator_gone = game.status == "active" and game.creator_id not in humans_seated(game)
    return creator_gone and caller.user_id in humans_seated(game)


def lobby_message(game: GameRecord, head: str, locale: str | None, ping: tuple[int, ...] = ()) -> Message:
    """A lobby's message: `head`, who is seated, and the Join, Leave, Add bot and Start buttons."""
    table = table_buttons(game.id, LOBBY_BUTTONS, locale)
    return Message(lobby_text(game, head, locale), ping=ping, table=table)


def lobby_text(game: GameRecord, head: str, locale: str | None) -> str:
    """`head`, then who is seated so far (people by mention, fallback seats by name)."""
    seated = ", ".join(
        f"<@{user}>" if user > 0 else f"🤖 {bot_name(game, user, locale)}" for user in game.players
    )
    return f"{head}\n{t('lobby.seated', locale, count=len(game.players), players=seated)}"
