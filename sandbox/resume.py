"""After a restart, every open game of the sandbox is shown again in its channel.

simcord keeps messages in memory, so a restarted sandbox opens on empty channels although its
games are stored: a player would have to know to type `/board`. So, once the bot is ready, each
sandbox channel with a game open gets one message again, in the game's language: a game in play
its board, its last move and a ping for whoever plays next (with their buttons); a lobby who is
seated, with its Join and Start buttons. They go through the outbox like every other post (held,
then delivered), so a message Discord (here simcord) refuses is retried as any other is.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from discord.ext import commands

from cogs.posting import deliver_due
from db import GameRecord
from i18n import t
from service.game_service import GameService
from service.lobby import lobby_message
from service.messages import Message

log = logging.getLogger("tabletop.sandbox")


async def standing_messages(service: GameService, game: GameRecord) -> list[Message]:
    """The message showing `game` (open in its channel) as it stands now."""
    if game.status == "lobby":
        title = service.tables.presenter(game).title(game.options, game.language)
        head = t("sandbox.resumed.lobby", game.language, game=title)
        return [lobby_message(game, head, game.language)]
    _, messages = await service.story.standing(game.id, "sandbox.resumed.game")
    return messages


async def hold_open_games(service: GameService, channel_ids: Sequence[int]) -> int:
    """Hold, due now, the message of every game open in these channels; how many games."""
    shown = 0
    for channel_id in channel_ids:
        game = await service.db.open_game(channel_id)
        if game is None:
            continue
        messages = await standing_messages(service, game)
        await service.outbox.hold(game, messages, now_due=True)
        shown += 1
    return shown


class ResumeCog(commands.Cog):
    """Shows the open games again when the bot is first ready (bot work, so it may post)."""

    def __init__(self, bot: Any, channel_ids: Sequence[int]) -> None:
        self.bot = bot
        self.channel_ids = tuple(channel_ids)
        self.done = False

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if self.done:  # a reconnect is no restart
            return
        self.done = True
        shown = await hold_open_games(self.bot.service, self.channel_ids)
        if shown:
            log.info("showing %d open game(s) again", shown)
            await deliver_due(self.bot)
