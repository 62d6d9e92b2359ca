"""Who is acting, whom a message may ping, and how a request is acknowledged or refused on Discord.

Posting the service's messages is `cogs/posting.py`'s job."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
import discord
from discord import app_commands

from engine.errors import GameError
from i18n import t
from presenters.errors import error_text
from service.messages import UPLOAD_LIMIT, Caller, Message

log = logging.getLogger("tabletop")
DEFERRAL_FAILED = "tabletop.deferral_failed"  # in `Interaction.extras`: Discord did not take the deferral
DEFERRAL_WAIT = 3.0  # seconds a deferral may take: past Discord's 3-second deadline it is worth nothing
# What Discord, or the way to it, may raise: a request that failed this time.
TRANSIENT = (discord.HTTPException, TimeoutError, OSError, aiohttp.ClientError)


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
            permissions and (permissions.send_messages_in_threads if in_thread else permissions.send_messages)
        ),
        can_create_threads=bool(permissions and permissions.create_public_threads),
        bot_can_create_threads=bool(bot and bot.create_public_threads and bot.send_messages_in_threads),
        can_manage_server=bool(permissions and permissions.manage_guild),
        upload_limit=upload_limit(interaction),
    )


def upload_limit(interaction: discord.Interaction) -> int:
    """The largest file an answer may attach: the server's limit (`guild.filesize_limit`, which
    boosts raise), no more than what Discord says this interaction takes, 10 MiB without either."""
    server = getattr(interaction.guild, "filesize_limit", None)
    limits = (server, getattr(interaction, "filesize_limit", None))
    known = [limit for limit in limits if isinstance(limit, int) and limit > 0]
    return min(known) if known else UPLOAD_LIMIT


def allowed_mentions(message: Message) -> discord.AllowedMentions:
    """Exactly the users the message means to ping; never everyone, roles or a replied user."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=user_id) for user_id in message.ping if user_id > 0],  # < 0: bot seats
    )


def deferrer(interaction: discord.Interaction, after_seconds: float) -> Callable[[], Awaitable[None]]:
    """A `ready` callback for the service, called once a request is accepted and only slow
    work (drawing the board) is left.

    It defers, privately, only when the interaction is already `after_seconds` old, so the
    3-second deadline is kept on a slow day while the usual answer stays a normal, pinging
    message. A private deferral also keeps any later error private.

    When Discord fails the deferral (a 5xx, a 429, no answer in `DEFERRAL_WAIT`) the request
    goes on all the same: by now it may have changed the game (a move is stored), and what it
    says must still reach the channel. The interaction is marked (`deferral_failed`), and
    `cogs/posting.py` `send` then posts the public messages as new channel messages, as after a
    deferral, and tells the caller only what the interaction still lets it.
    """

    async def ready() -> None:
        if interaction.response.is_done() or deferral_failed(interaction):
            return
        waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        if after_seconds <= 0 or waited >= after_seconds:
            try:
                deferral = interaction.response.defer(thinking=True, ephemeral=True)
                await asyncio.wait_for(deferral, DEFERRAL_WAIT)
            except TRANSIENT as error:
                log.warning("Discord did not take a deferral: %s", error)
                interaction.extras[DEFERRAL_FAILED] = True

    return ready


def deferral_failed(interaction: discord.Interaction) -> bool:
    """Whether this interaction's deferral failed: its answer slot may be dead, so public
    messages go to the channel as new messages."""
    return bool(interaction.extras.get(DEFERRAL_FAILED))


async def refuse(interaction: discord.Interaction, refusal: GameError) -> None:
    """A refused request answered: its reason, privately, in the caller's language. A refusal
    is an answer, so the command ends normally: it never reaches discord.py's error handler,
    nor the log (where only real faults go)."""
    text = error_text(refusal, caller_of(interaction).locale)
    try:
        mentions = discord.AllowedMentions.none()
        await respond(interaction, content=text, ephemeral=True, allowed_mentions=mentions)
    except TRANSIENT as warning:
        log.warning("could not tell the caller of a refusal: %s", warning)


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
        wake = getattr(interaction.client, "wake_delivery", None)
        if wake is not None:  # what the failure left unannounced is announced once its grace is over
            wake()
    try:
        mentions = discord.AllowedMentions.none()
        await respond(interaction, content=text, ephemeral=True, allowed_mentions=mentions)
    except TRANSIENT as warning:
        log.warning("could not tell the caller of a failure: %s", warning)


async def respond(interaction: discord.Interaction, **kwargs: Any) -> None:
    """Answer the caller: in the interaction's answer slot, or as a follow-up once it is taken.
    After a failed deferral Discord may have taken the deferral all the same (a 5xx whose
    request went through): then only a follow-up reaches the caller."""
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
        return
    try:
        await interaction.response.send_message(**kwargs)
    except TRANSIENT:
        if not deferral_failed(interaction):
            raise
        if isinstance(kwargs.get("file"), discord.File):
            kwargs["file"].reset()  # the first attempt read it
        await interaction.followup.send(**kwargs)
