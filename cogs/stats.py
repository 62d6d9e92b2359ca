"""`/stats` and `/leaderboard`: a person's games and rating in this server, a game's table here,
and the server's ratings page by page (service/stats.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.games import game_choices, refill
from cogs.paging import send_leaderboard
from cogs.posting import answer
from cogs.replies import caller_of, deferrer
from cogs.translator import command_name, option_names, text
from service.game_service import GameService

# The games `/stats game:` and `/leaderboard game:` offer, as the registry declares them.
GAME_CHOICES = game_choices()


class StatsCog(commands.Cog):
    """Stats and ratings: read only."""

    def __init__(self, service: GameService, defer_after: float) -> None:
        self.service = service
        self.defer_after = defer_after
        refill(GAME_CHOICES, game_choices())

    @app_commands.command(name=command_name("stats"), description=text("cmd.stats"))
    @app_commands.describe(
        player=text("cmd.stats.player"), game=text("cmd.stats.game"), share=text("cmd.share")
    )
    @app_commands.rename(**option_names("player", "game", "share"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
        share: bool = False,
    ) -> None:
        caller = caller_of(interaction)
        chosen = game.value if game is not None else None
        ready = deferrer(interaction, self.defer_after)
        if player is None and chosen is not None:  # a game alone: the server's table of it
            await answer(interaction, self.service.stats.table(caller, chosen, share=share, ready=ready))
            return
        whom = player or interaction.user
        work = self.service.stats.player(caller, whom.id, whom.display_name, chosen, share=share, ready=ready)
        await answer(interaction, work)

    @app_commands.command(name=command_name("leaderboard"), description=text("cmd.leaderboard"))
    @app_commands.describe(
        game=text("cmd.leaderboard.game"), page=text("cmd.leaderboard.page"), share=text("cmd.share")
    )
    @app_commands.rename(**option_names("game", "page", "share"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        page: app_commands.Range[int, 1, 1000] = 1,
        share: bool = False,
    ) -> None:
        work = self.service.stats.leaderboard(caller_of(interaction), game.value, page, share=share)
        await answer(interaction, work, send_leaderboard)
