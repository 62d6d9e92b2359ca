"""Time: the periodic check for reminders, turn clocks and idle lobbies, `/notify` and `/away`.

The loop asks the service what is due (service/timekeeping.py `tick`, then service/upkeep.py
`tick`: idle lobbies closed, old rows pruned) and posts it; nothing is kept in memory, so a
restart loses no reminder. discord.py's `tasks.loop` runs on
`discord.utils.utcnow()`, which simcord's virtual clock drives in tests.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.posting import answer, post
from cogs.replies import caller_of
from cogs.translator import choice, command_name, option_names, text
from service.game_service import GameService
from service.messages import Message

log = logging.getLogger("tabletop")


class ClockCog(commands.Cog):
    """Reminders and clocks in the background; notification and away settings."""

    away = app_commands.Group(name=command_name("away"), description=text("cmd.away"), guild_only=True)

    def __init__(
        self,
        bot: commands.Bot | commands.AutoShardedBot,
        service: GameService,
        tick_seconds: float,
        still_sound: Callable[[], Awaitable[bool]] | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        # Checked before every tick: False when the database file is gone (the bot then stops).
        self.still_sound = still_sound
        self.ticker.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        self.ticker.start()

    async def cog_unload(self) -> None:
        self.ticker.cancel()

    @tasks.loop(seconds=60)
    async def ticker(self) -> None:
        if self.still_sound is not None and not await self.still_sound():
            return
        due: list[Message] = []
        try:
            due += await self.service.time.tick(self._server_name)
        except Exception:
            log.exception("the reminder check failed")
        try:
            due += await self.service.upkeep.tick()
        except Exception:
            log.exception("the upkeep (idle lobbies, pruning) failed")
        for message in due:
            try:
                await post(self.bot, message)
            except Exception:
                log.exception("could not post a reminder in channel %s", message.channel_id)
        await self._keep_threads_open()

    def _server_name(self, guild_id: int | None) -> str:
        """A server's name for the DMs a tick sends (the service has no Caller then)."""
        return getattr(self.bot.get_guild(guild_id or 0), "name", "") or ""

    async def _keep_threads_open(self) -> None:
        """A game's thread must not archive while the game is on (a week of quiet would do it)."""
        for channel_id in await self.service.time.quiet_channels():
            if self.bot.get_channel(channel_id) is not None:
                continue  # cached: a channel, or a thread that is still open
            try:  # an archived thread leaves the cache: look it up and reopen it
                thread = await self.bot.fetch_channel(channel_id)
                if isinstance(thread, discord.Thread) and thread.archived:
                    await thread.edit(archived=False, auto_archive_duration=10080)
            except discord.HTTPException:
                log.warning("could not reopen the thread of channel %s", channel_id)

    @commands.Cog.listener()
    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        """A game's thread archived (a week of quiet, or by hand) is opened again at once; the
        tick's look at quiet games catches what happened while the bot was away."""
        if after.archived and not before.archived and await self.service.time.in_play(after.id):
            try:
                await after.edit(archived=False, auto_archive_duration=10080)
            except discord.HTTPException:
                log.warning("could not reopen the thread of channel %s", after.id)

    @ticker.before_loop
    async def _wait_until_ready(self) -> None:
        await self.bot.wait_until_ready()

    @app_commands.command(name=command_name("notify"), description=text("cmd.notify"))
    @app_commands.describe(dm=text("cmd.notify.dm"))
    @app_commands.rename(**option_names("dm"))
    @app_commands.choices(dm=[choice("choice.dm.on", "on"), choice("choice.dm.off", "off")])
    @app_commands.guild_only()
    async def notify(self, interaction: discord.Interaction, dm: app_commands.Choice[str]) -> None:
        await answer(interaction, self.service.dms.notify(caller_of(interaction), dm.value == "on"))

    @away.command(name=command_name("away.set"), description=text("cmd.away.set"))
    @app_commands.describe(days=text("cmd.away.set.days"))
    @app_commands.rename(**option_names("days"))
    async def away_set(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 60]) -> None:
        await answer(interaction, self.service.time.away(caller_of(interaction), days))

    @away.command(name=command_name("away.off"), description=text("cmd.away.off"))
    async def away_off(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.service.time.away(caller_of(interaction), None))
