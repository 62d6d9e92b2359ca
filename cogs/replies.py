"""Who is acting, whom a message may ping, and how a request is acknowledged or refused on Discord.

Posting the service's messages is `cogs/posting.py`'s job."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from engine.errors import GameError
from i18n import t
from presenters.errors import error_text
from service.messages import Caller, Message

log = logging.getLogger("tabletop")


def caller_of(interaction: discord.Interaction) -> Caller:
    """Who is acting and where, as the service understands it."""
    user = interaction.user
    permissions = getattr(interaction, "permissions", None)
    # The bot's own rights in this channel, as Discord states them on every interaction.
    bot = getattr(interaction, "app_permissions", None)
    in_thread = isinstance(interaction.channel, discord.Thread)
    return Caller(
        user_id=user.id,
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id,
        locale=str(interaction.locale) if interaction.locale else None,
        display_name=getattr(user, "display_name", user.name),
        can_manage_channel=bool(permissions and permissions.manage_channels),
        guild_name=getattr(interaction.guild, "name", "") or "",
        guild_locale=str(interaction.guild_locale) if interaction.guild_locale else None,
        can_send=bool(
            permissions
            and (permissions.send_messages_in_threads if in_thread else permissions.send_messages)
        ),
        can_create_threads=bool(permissions and permissions.create_public_threads),
        bot_can_create_threads=bool(
            bot and bot.create_public_threads and bot.send_messages_in_threads
        ),
        can_manage_server=bool(permissions and permissions.manage_guild),
    )


def allowed_mentions(message: Message) -> discord.AllowedMentions:
    """Exactly the users the message means to ping; never everyone, roles or a replied user."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=user_id) for user_id in message.ping if user_id > 0],  # < 0: bot seats
    )


def deferrer(interaction: discord.Interaction, after_seconds: float):
    """A `ready` callback for the service, called once a request is accepted and only slow
    work (drawing the board) is left.

    It defers, privately, only when the interaction is already `after_seconds` old, so the
    3-second deadline is kept on a slow day while the usual answer stays a normal, pinging
    message. A private deferral also keeps any later error private.
    """

    async def ready() -> None:
        if interaction.response.is_done():
            return
        waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        if after_seconds <= 0 or waited >= after_seconds:
            await interaction.response.defer(thinking=True, ephemeral=True)

    return ready


async def report_error(interaction: discord.Interaction, error: Exception) -> None:
    """The one funnel for failures (commands, buttons, menus): a refused request becomes a short
    private reply; anything else is logged and the player is told nothing changed."""
    original = getattr(error, "original", error)
    locale = caller_of(interaction).locale
    if isinstance(original, GameError):
        text = error_text(original, locale)
    elif isinstance(error, app_commands.NoPrivateMessage):
        text = t("error.guild_only", locale)
    elif isinstance(error, app_commands.CheckFailure):
        text = t("error.not_allowed", locale)
    else:
        log.error("command failed", exc_info=original)
        text = t("error.internal", locale)
    mentions = discord.AllowedMentions.none()
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=mentions)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=mentions)
