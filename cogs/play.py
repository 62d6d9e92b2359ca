"""`/move`, `/hand`, `/board`: playing the game of this channel."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.replies import caller_of, deferrer, send
from service import GameService


class PlayCog(commands.Cog):
    """Moves and looking at the game."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    @app_commands.command(name="move", description="Make your move in this channel's game")
    @app_commands.describe(action="Your move: pick from the list, or type it (e.g. F7)")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 100]) -> None:
        messages = await self.service.move(caller_of(interaction), action, deferrer(interaction))
        await send(interaction, messages)

    @move.autocomplete("action")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        choices = await self.service.move_choices(caller_of(interaction), current)
        return [app_commands.Choice(name=choice.label, value=choice.notation) for choice in choices]

    @app_commands.command(name="hand", description="Your tiles and mission cards (only you see this)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.hand(caller_of(interaction)))

    @app_commands.command(name="board", description="Show the current board in this channel")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.board(caller_of(interaction), deferrer(interaction)))
