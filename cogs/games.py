"""`/game ...`: open a table, join, leave, start, status, log, resign, abort."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.replies import caller_of, deferrer, send
from service import GameService


class GameCog(commands.Cog):
    """The lobby and the life of a game in a channel."""

    game = app_commands.Group(
        name="game", description="Set up and manage the game in this channel", guild_only=True
    )

    def __init__(self, service: GameService) -> None:
        self.service = service

    @game.command(name="new", description="Open a game table in this channel")
    @app_commands.describe(game="Which game to play", map="The board (Rebirth)")
    @app_commands.choices(
        game=[app_commands.Choice(name="Rebirth", value="rebirth")],
        map=[app_commands.Choice(name="Scotland", value="scotland")],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        map: app_commands.Choice[str] | None = None,  # noqa: A002 - the option players see is "map"
    ) -> None:
        options = {"map": map.value} if map else {}
        await send(interaction, await self.service.new_game(caller_of(interaction), game.value, options))

    @game.command(name="join", description="Take a seat at the table in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.join(caller_of(interaction)))

    @game.command(name="leave", description="Leave the table before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.leave(caller_of(interaction)))

    @game.command(name="start", description="Start the game (the creator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.start(caller_of(interaction), deferrer(interaction)))

    @game.command(name="status", description="Whose turn, since when, scores and tiles left")
    async def status(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.status(caller_of(interaction)))

    @game.command(name="log", description="The recent moves")
    async def log(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.log(caller_of(interaction)))

    @game.command(name="resign", description="Resign from the game in this channel")
    async def resign(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.resign(caller_of(interaction), deferrer(interaction)))

    @game.command(name="abort", description="End the game without a result (creator or channel managers)")
    async def abort(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.abort(caller_of(interaction)))
