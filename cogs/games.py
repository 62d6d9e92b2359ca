"""`/game ...`: open a table, join, leave, start, status, log, resign, abort."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.replies import caller_of, deferrer, send
from cogs.translator import text
from service import GameService


class GameCog(commands.Cog):
    """The lobby and the life of a game in a channel."""

    game = app_commands.Group(name="game", description=text("cmd.game"), guild_only=True)

    def __init__(self, service: GameService, defer_after: float) -> None:
        self.service = service
        self.defer_after = defer_after

    def _ready(self, interaction: discord.Interaction):
        return deferrer(interaction, self.defer_after)

    @game.command(name="new", description=text("cmd.game.new"))
    @app_commands.describe(game=text("cmd.game.new.game"), map=text("cmd.game.new.map"))
    @app_commands.choices(
        game=[
            app_commands.Choice(name="Rebirth", value="rebirth"),
            app_commands.Choice(name="Revive", value="revive"),
        ],
        map=[
            app_commands.Choice(name="Scotland", value="scotland"),
            app_commands.Choice(name="Ireland (advanced)", value="ireland"),
        ],
    )
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        map: app_commands.Choice[str] | None = None,  # noqa: A002 - the option players see is "map"
    ) -> None:
        options = {"map": map.value} if map else {}
        await send(interaction, await self.service.new_game(caller_of(interaction), game.value, options))

    @game.command(name="join", description=text("cmd.game.join"))
    async def join(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.join(caller_of(interaction)))

    @game.command(name="leave", description=text("cmd.game.leave"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.leave(caller_of(interaction), self._ready(interaction)))

    @game.command(name="add-bot", description=text("cmd.game.add_bot"))
    async def add_bot(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.add_bot(caller_of(interaction)))

    @game.command(name="start", description=text("cmd.game.start"))
    async def start(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.start(caller_of(interaction), self._ready(interaction)))

    @game.command(name="status", description=text("cmd.game.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.status(caller_of(interaction)))

    @game.command(name="log", description=text("cmd.game.log"))
    @app_commands.describe(since=text("cmd.game.log.since"))
    @app_commands.choices(since=[app_commands.Choice(name="my last move", value="my-last-move")])
    async def log(
        self, interaction: discord.Interaction, since: app_commands.Choice[str] | None = None
    ) -> None:
        since_mine = since is not None and since.value == "my-last-move"
        await send(interaction, await self.service.log(caller_of(interaction), since_my_move=since_mine))

    @game.command(name="resign", description=text("cmd.game.resign"))
    async def resign(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.resign(caller_of(interaction), self._ready(interaction)))

    @game.command(name="abort", description=text("cmd.game.abort"))
    async def abort(self, interaction: discord.Interaction) -> None:
        await send(interaction, await self.service.abort(caller_of(interaction)))
