"""Posting the service's messages on Discord, with mentions limited to the users meant."""

from __future__ import annotations

import io

import discord

from service import Caller, Message


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
        users=[discord.Object(id=user_id) for user_id in message.ping],
    )


def _kwargs(message: Message) -> dict:
    kwargs: dict = {
        "content": message.text[:2000],
        "ephemeral": message.ephemeral,
        "allowed_mentions": allowed_mentions(message),
    }
    if message.image is not None:
        kwargs["file"] = discord.File(io.BytesIO(message.image), filename=message.image_name)
    return kwargs


async def send(interaction: discord.Interaction, messages: list[Message]) -> None:
    """The first message answers the interaction (or its deferral); the rest follow up."""
    for message in messages:
        kwargs = _kwargs(message)
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)


def deferrer(interaction: discord.Interaction, *, ephemeral: bool = False):
    """A `ready` callback for the service: acknowledge in time once only slow work is left."""

    async def ready() -> None:
        if not interaction.response.is_done():
            await interaction.response.defer(thinking=True, ephemeral=ephemeral)

    return ready
