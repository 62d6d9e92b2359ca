"""`/game ...`: open a table, join, leave, start, status, log, resign, abort."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from cogs.paging import send_log
from cogs.posting import answer, post
from cogs.replies import caller_of, deferrer
from cogs.translator import choice, command_name, option_names, text
from engine.ai import EASY, LEVELS, NORMAL
from games import registry
from i18n import language_name, t, table_languages
from service.game_service import GameService
from service.limits import MOST_GAMES, MOST_LOBBIES
from service.lobby import Room, new_table_language
from service.messages import Message, ServiceError
from service.timekeeping import CLOCK_DAYS

# Days per move of the optional turn clock; 0 removes it.
CLOCK_CHOICES = [choice(f"choice.clock.{days}", days) for days in (0, *CLOCK_DAYS)]
MAP = "map"
VARIANT = "variant"


def game_choices() -> list[app_commands.Choice[str]]:
    """The games, as the registry declares them (`games/<game>.py`)."""
    return [app_commands.Choice(name=spec.name, value=spec.id) for spec in registry.GAMES.values()]


def option_choices(name: str) -> list[app_commands.Choice[str]]:
    """The choices of every game's option `name` (`map`, `variant`). Each choice's English is its
    registry label; the catalog has it under `choice.<option>.<value>` for the other languages
    (tests/test_command_locales.py keeps the two the same)."""
    return [
        app_commands.Choice(
            name=app_commands.locale_str(option_choice.label, key=f"choice.{name}.{option_choice.value}"),
            value=option_choice.value,
        )
        for option in registry.options_named(name)
        for option_choice in option.choices
    ]


GAME_CHOICES = game_choices()
MAP_CHOICES = option_choices(MAP)
VARIANT_CHOICES = option_choices(VARIANT)


def refill(choices: list[app_commands.Choice[str]], current: list[app_commands.Choice[str]]) -> None:
    """Give a parameter's choices list the registry's `current` ones, in place. discord.py keeps
    the very list given to `app_commands.choices` when the class is made, and declares it when the
    bot starts; refilled as each cog is made, the choices name the games registered then, a game
    a test registered for a while too (`games.registry.registered`)."""
    choices[:] = current


TIMEOUT_CHOICES = [choice(f"choice.on_timeout.{action}", action) for action in ("fallback", "vote")]
LEVEL_CHOICES = [choice(f"choice.level.{level}", level) for level in LEVELS]
# A language is named in itself (`Português (Brasil)`), so its readers find it in any client.
LANGUAGE_CHOICES = [
    app_commands.Choice(name=language_name(language), value=language) for language in table_languages()
]


async def refusing(key: str) -> list[Message]:
    """A refusal found in the command's own options, answered like the service's."""
    raise ServiceError(key)


class GameCog(commands.Cog):
    """The lobby and the life of a game in a channel."""

    game = app_commands.Group(name=command_name("game"), description=text("cmd.game"), guild_only=True)

    def __init__(self, service: GameService, defer_after: float) -> None:
        self.service = service
        self.defer_after = defer_after
        refill(GAME_CHOICES, game_choices())
        refill(MAP_CHOICES, option_choices(MAP))
        refill(VARIANT_CHOICES, option_choices(VARIANT))

    def _ready(self, interaction: discord.Interaction) -> Callable[[], Awaitable[None]]:
        return deferrer(interaction, self.defer_after)

    @game.command(name=command_name("game.new"), description=text("cmd.game.new"))
    @app_commands.rename(
        **option_names("game", "map", "variant", "reminder_hours", "clock", "on_timeout", "thread"),
        **option_names("language", "solo", "level", "opponents"),
    )
    @app_commands.describe(
        game=text("cmd.game.new.game"),
        map=text("cmd.game.new.map"),
        variant=text("cmd.game.new.variant"),
        reminder_hours=text("cmd.game.reminder_hours"),
        clock=text("cmd.game.clock"),
        on_timeout=text("cmd.game.on_timeout"),
        thread=text("cmd.game.thread"),
        language=text("cmd.game.language"),
        solo=text("cmd.game.new.solo"),
        level=text("cmd.game.new.level"),
        opponents=text("cmd.game.new.opponents"),
    )
    @app_commands.choices(clock=CLOCK_CHOICES)  # the one integer option: one value type a call
    @app_commands.choices(language=LANGUAGE_CHOICES, level=LEVEL_CHOICES)
    @app_commands.choices(
        on_timeout=TIMEOUT_CHOICES, game=GAME_CHOICES, map=MAP_CHOICES, variant=VARIANT_CHOICES
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        map: app_commands.Choice[str] | None = None,  # noqa: A002 - the option players see is "map"
        variant: app_commands.Choice[str] | None = None,
        reminder_hours: app_commands.Range[float, 0, 720] | None = None,
        clock: app_commands.Choice[int] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        thread: bool = False,
        language: app_commands.Choice[str] | None = None,
        solo: bool = False,
        level: app_commands.Choice[str] | None = None,
        opponents: app_commands.Range[int, 1, 5] | None = None,
    ) -> None:
        options = {name: chosen.value for name, chosen in ((MAP, map), (VARIANT, variant)) if chosen}
        settings = {
            "reminder_hours": reminder_hours,
            "clock_days": clock.value if clock else None,
            "on_timeout": on_timeout.value if on_timeout else None,
            "language": language.value if language else None,
        }
        caller = caller_of(interaction)
        channel = interaction.channel
        lobby = self.service.lobby
        if not solo and (level is not None or opponents is not None):
            await answer(interaction, refusing("solo.only_solo"))
            return

        def opening(room: Room | None = None) -> Awaitable[list[Message]]:
            if not solo:
                return lobby.new_game(caller, game.value, options, settings, room)
            return lobby.new_solo(
                caller,
                game.value,
                options,
                settings,
                level=level.value if level else NORMAL,
                opponents=opponents,
                room=room,
                ready=self._ready(interaction),
            )

        if not (thread and isinstance(channel, discord.TextChannel)):
            await answer(interaction, opening())
            return
        made: list[tuple[discord.Thread, str]] = []

        async def room(title: str) -> int:
            # The game's own thread, named after it and its map ("Rebirth: Ireland"), kept from
            # archiving for a week of quiet (the longest Discord allows); reminders post there,
            # which keeps an active game's thread open. Made only once the service accepted.
            thread_made = await channel.create_thread(
                name=title[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
            made.append((thread_made, title))
            return thread_made.id

        async def opened_in_thread() -> list[Message]:
            messages = await opening(room)
            for message in messages:  # held in the outbox for the thread, with its lobby buttons
                await post(interaction.client, message)
            opened, title = made[0]
            spoken = new_table_language(caller, settings)  # the note is read by the channel
            user = f"<@{caller.user_id}>"
            return [Message(t("game.thread_opened", spoken, user=user, title=title, thread=opened.mention))]

        await answer(interaction, opened_in_thread())

    @game.command(name=command_name("game.limits"), description=text("cmd.game.limits"))
    @app_commands.rename(**option_names("lobbies", "games"))
    @app_commands.describe(lobbies=text("cmd.game.limits.lobbies"), games=text("cmd.game.limits.games"))
    async def limits(
        self,
        interaction: discord.Interaction,
        lobbies: app_commands.Range[int, 1, MOST_LOBBIES] | None = None,
        games: app_commands.Range[int, 1, MOST_GAMES] | None = None,
    ) -> None:
        """How many tables one person may hold open in this server; its managers change it."""
        await answer(interaction, self.service.limits.change(caller_of(interaction), lobbies, games))

    @game.command(name=command_name("game.settings"), description=text("cmd.game.settings"))
    @app_commands.rename(**option_names("reminder_hours", "clock", "on_timeout", "language", "stand_in"))
    @app_commands.describe(
        reminder_hours=text("cmd.game.reminder_hours"),
        clock=text("cmd.game.clock"),
        on_timeout=text("cmd.game.on_timeout"),
        language=text("cmd.game.language"),
        stand_in=text("cmd.game.settings.stand_in"),
    )
    @app_commands.choices(clock=CLOCK_CHOICES)  # the one integer option: one value type a call
    @app_commands.choices(language=LANGUAGE_CHOICES, on_timeout=TIMEOUT_CHOICES, stand_in=LEVEL_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        reminder_hours: app_commands.Range[float, 0, 720] | None = None,
        clock: app_commands.Choice[int] | None = None,
        on_timeout: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
        stand_in: app_commands.Choice[str] | None = None,
    ) -> None:
        await answer(
            interaction,
            self.service.time.settings(
                caller_of(interaction),
                reminder_hours,
                clock.value if clock else None,
                on_timeout.value if on_timeout else None,
                language.value if language else None,
                stand_in.value if stand_in else None,
            ),
        )

    @game.command(name=command_name("game.join"), description=text("cmd.game.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.service.lobby.join(caller_of(interaction)))

    @game.command(name=command_name("game.leave"), description=text("cmd.game.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        caller, ready = caller_of(interaction), self._ready(interaction)
        await answer(interaction, self.service.lobby.leave(caller, ready))

    @game.command(name=command_name("game.rejoin"), description=text("cmd.game.rejoin"))
    async def rejoin(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.service.seats.rejoin(caller_of(interaction)))

    @game.command(name=command_name("game.add-bot"), description=text("cmd.game.add_bot"))
    @app_commands.rename(**option_names("level"))
    @app_commands.describe(level=text("cmd.game.add_bot.level"))
    @app_commands.choices(level=LEVEL_CHOICES)
    async def add_bot(
        self, interaction: discord.Interaction, level: app_commands.Choice[str] | None = None
    ) -> None:
        chosen = level.value if level else EASY
        await answer(interaction, self.service.lobby.add_bot(caller_of(interaction), level=chosen))

    @game.command(name=command_name("game.start"), description=text("cmd.game.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        caller, ready = caller_of(interaction), self._ready(interaction)
        await answer(interaction, self.service.lobby.start(caller, ready))

    @game.command(name=command_name("game.status"), description=text("cmd.game.status"))
    @app_commands.describe(share=text("cmd.share"))
    @app_commands.rename(**option_names("share"))
    async def status(self, interaction: discord.Interaction, share: bool = False) -> None:
        await answer(interaction, self.service.looking.status(caller_of(interaction), share=share))

    @game.command(name=command_name("game.log"), description=text("cmd.game.log"))
    @app_commands.describe(
        since=text("cmd.game.log.since"), page=text("cmd.game.log.page"), share=text("cmd.share")
    )
    @app_commands.choices(since=[choice("choice.since.my-last-move", "my-last-move")])
    @app_commands.rename(**option_names("since", "page", "share"))
    async def log(
        self,
        interaction: discord.Interaction,
        since: app_commands.Choice[str] | None = None,
        page: app_commands.Range[int, 1] | None = None,
        share: bool = False,
    ) -> None:
        caller = caller_of(interaction)
        if since is not None and since.value == "my-last-move":
            await answer(interaction, self.service.looking.log(caller, since_my_move=True, share=share))
            return
        await answer(interaction, self.service.looking.log_page(caller, page=page, share=share), send_log)

    @game.command(name=command_name("game.resign"), description=text("cmd.game.resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        caller, ready = caller_of(interaction), self._ready(interaction)
        await answer(interaction, self.service.turns.resign(caller, ready))

    @game.command(name=command_name("game.abort"), description=text("cmd.game.abort"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.service.lobby.abort(caller_of(interaction)))

    @game.command(name=command_name("game.export"), description=text("cmd.game.export"))
    async def export(self, interaction: discord.Interaction) -> None:
        """The game's record as a file, privately: a player's own view during the game."""
        caller, ready = caller_of(interaction), self._ready(interaction)
        await answer(interaction, self.service.history.export(caller, ready))

    @game.command(name=command_name("game.replay"), description=text("cmd.game.replay"))
    @app_commands.describe(turn=text("cmd.game.replay.turn"))
    @app_commands.rename(**option_names("turn"))
    async def replay(
        self, interaction: discord.Interaction, turn: app_commands.Range[int, 0, 10_000] | None = None
    ) -> None:
        """The game animated, or one position of it. Drawing a whole game takes seconds, so the
        interaction is acknowledged at once (privately; the replay is posted in the channel)."""
        ready = deferrer(interaction, 0)
        await answer(interaction, self.service.history.replay(caller_of(interaction), turn, ready))
