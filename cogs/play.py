"""`/move`, `/hand`, `/board`, `/rules`: playing the game of this channel."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from cogs.games import game_choices, refill
from cogs.posting import answer
from cogs.replies import caller_of, deferrer
from cogs.translator import command_name, option_names, text
from service.game_service import GameService

# The games `/rules game:` offers, as the registry declares them.
GAME_CHOICES = game_choices()


class PlayCog(commands.Cog):
    """Moves and looking at the game."""

    def __init__(self, service: GameService, defer_after: float) -> None:
        self.service = service
        self.defer_after = defer_after
        refill(GAME_CHOICES, game_choices())

    def _ready(self, interaction: discord.Interaction) -> Callable[[], Awaitable[None]]:
        return deferrer(interaction, self.defer_after)

    @app_commands.command(name=command_name("move"), description=text("cmd.move"))
    @app_commands.describe(action=text("cmd.move.action"))
    @app_commands.rename(**option_names("action"))
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 100]) -> None:
        caller, ready = caller_of(interaction), self._ready(interaction)
        await answer(interaction, self.service.turns.move(caller, action, ready))

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        choices = await self.service.turns.move_offer(caller_of(interaction), current)
        return [app_commands.Choice(name=choice.label, value=choice.notation) for choice in choices]

    @app_commands.command(name=command_name("hand"), description=text("cmd.hand"))
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.service.looking.hand(caller_of(interaction)))

    @app_commands.command(name=command_name("board"), description=text("cmd.board"))
    @app_commands.describe(player=text("cmd.board.player"))
    @app_commands.rename(**option_names("player"))
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        caller, ready = caller_of(interaction), self._ready(interaction)
        if player is None:
            await answer(interaction, self.service.looking.board(caller, ready))
        else:
            await answer(interaction, self.service.looking.player_board(caller, player.id, ready))

    @app_commands.command(name=command_name("undo"), description=text("cmd.undo"))
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        caller, ready = caller_of(interaction), self._ready(interaction)
        await answer(interaction, self.service.turns.undo(caller, ready))

    @app_commands.command(name=command_name("games"), description=text("cmd.games"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.service.looking.my_games(caller_of(interaction)))

    @app_commands.command(name=command_name("rules"), description=text("cmd.rules"))
    @app_commands.describe(game=text("cmd.rules.game"))
    @app_commands.rename(**option_names("game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        chosen = game.value if game is not None else None
        await answer(interaction, self.service.looking.rules(caller_of(interaction), chosen))

    @app_commands.command(name=command_name("help"), description=text("cmd.help"))
    async def help(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.service.looking.help(caller_of(interaction)))
