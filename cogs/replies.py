"""Posting the service's messages on Discord, with mentions limited to the users meant."""

from __future__ import annotations

import io
import logging
from dataclasses import replace

import discord
from discord import app_commands

from engine.errors import GameError
from i18n import t
from service import Caller, Message

log = logging.getLogger("tabletop")


def caller_of(interaction: discord.Interaction) -> Caller:
    """Who is acting and where, as the service understands it."""
    user = interaction.user
    permissions = getattr(interaction, "permissions", None)
    return Caller(
        user_id=user.id,
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id,
        locale=str(interaction.locale) if interaction.locale else None,
        display_name=getattr(user, "display_name", user.name),
        can_manage_channel=bool(permissions and permissions.manage_channels),
    )


def allowed_mentions(message: Message) -> discord.AllowedMentions:
    """Exactly the users the message means to ping; never everyone, roles or a replied user."""
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=user_id) for user_id in message.ping if user_id > 0],  # < 0: bot seats
    )


def _kwargs(message: Message) -> dict:
    kwargs: dict = {
        "content": message.text[:2000],
        "ephemeral": message.ephemeral,
        "allowed_mentions": allowed_mentions(message),
    }
    if message.image is not None:
        kwargs["file"] = discord.File(io.BytesIO(message.image), filename=message.image_name)
    from cogs.buttons import moves_view  # the buttons module posts through this one

    view = moves_view(message)
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def post(client: discord.Client, message: Message) -> None:
    """Post a message that answers no command: in its game's channel, or as a DM (a DM that
    cannot be delivered is reported to the service, which tells the player once). A private
    message has no one to answer here, so it is never posted."""
    if message.ephemeral:
        log.warning("dropped a private message with no interaction to answer")
        return
    kwargs = _kwargs(message)
    kwargs.pop("ephemeral")
    if message.dm_to is not None:
        service = client.service  # type: ignore[attr-defined]
        try:
            user = client.get_user(message.dm_to) or await client.fetch_user(message.dm_to)
            kwargs["allowed_mentions"] = discord.AllowedMentions.none()
            kwargs.pop("view", None)
            await user.send(**kwargs)
        except discord.HTTPException:
            guild_id = getattr(client.get_channel(message.channel_id or 0), "guild", None)
            await service.time.dm_failed(guild_id.id if guild_id else None, message.dm_to)
        return
    channel = client.get_channel(message.channel_id or 0) or await client.fetch_channel(
        message.channel_id or 0
    )
    await channel.send(**kwargs)


async def send(interaction: discord.Interaction, messages: list[Message]) -> None:
    """Post the service's messages for this interaction.

    Normally the first message is the interaction's answer and the rest are follow-ups. After a
    deferral the answer slot is a private placeholder: a public message sent there would be an
    edit, and Discord notifies nobody about edits, so public messages go to the channel as new
    messages (which do ping) and the placeholder gets a short private note.
    """
    service = getattr(interaction.client, "service", None)
    if service is not None:  # a private note owed to this player (a DM that failed) comes along
        messages = [*messages, *await service.time.take_notes(caller_of(interaction))]
    direct = [m for m in messages if m.dm_to is not None]
    messages = [m for m in messages if m.dm_to is None]
    deferred = interaction.response.is_done()
    answered_privately = False
    for message in messages:
        kwargs = _kwargs(message)
        if not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
        elif deferred and not message.ephemeral:
            kwargs.pop("ephemeral")
            await interaction.channel.send(**kwargs)
        else:
            await interaction.followup.send(**kwargs)
            answered_privately = answered_privately or message.ephemeral
    if deferred and not answered_privately:
        note = t("reply.posted", caller_of(interaction).locale)
        await interaction.followup.send(note, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
    for message in direct:
        await post(
            interaction.client, replace(message, channel_id=message.channel_id or interaction.channel_id)
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
        text = original.message(locale)
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
