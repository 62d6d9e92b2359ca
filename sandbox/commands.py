"""The sandbox's own commands, registered only when the bot runs in the sandbox.

The page has no control for simcord's clock nor a channel list, so two slash commands stand in:
`/sandbox wait hours:` moves the clock forward (reminders, turn clocks and the fallback player
run as if that time had passed) and `/sandbox channel to:` moves the open page to another
channel, each tab keeping its "Viewing as" (`sandbox/page.py`). A command
runs as the bot's own work, which may not drive simcord, so each only answers and hands a
`Request` to the sandbox's driver (`sandbox/run.py`), which does the work after the answer.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from cogs.translator import command_name, option_names, text
from i18n import t
from sandbox.world import channel_names

WAIT_HOURS = (1, 6, 24, 72)


@dataclass(frozen=True)
class Request:
    """What a command asked the driver to do: wait `hours`, or show `channel`."""

    hours: int = 0
    channel: str = ""


def _locale(interaction: discord.Interaction) -> str | None:
    return str(interaction.locale) if interaction.locale else None


class SandboxCog(
    commands.GroupCog, group_name=command_name("sandbox"), group_description=text("cmd.sandbox")
):
    def __init__(self, requests: asyncio.Queue[Request], showing: list[str]) -> None:
        self.requests = requests
        self.showing = showing  # the channel the page shows now (one element, kept by the driver)
        super().__init__()

    @app_commands.command(name=command_name("sandbox.wait"), description=text("cmd.sandbox.wait"))
    @app_commands.describe(hours=text("cmd.sandbox.wait.hours"))
    @app_commands.rename(**option_names("hours"))
    @app_commands.choices(
        hours=[app_commands.Choice(name=text(f"sandbox.wait.{h}"), value=h) for h in WAIT_HOURS]
    )
    async def wait(self, interaction: discord.Interaction, hours: int) -> None:
        now = int(discord.utils.utcnow().timestamp())
        locale = _locale(interaction)
        duration = t(f"sandbox.wait.{hours}", locale)
        reply = t("sandbox.wait.started", locale, duration=duration, start=f"<t:{now}:f>")
        await interaction.response.send_message(reply, ephemeral=True)
        self.requests.put_nowait(Request(hours=hours))

    @app_commands.command(name=command_name("sandbox.channel"), description=text("cmd.sandbox.channel"))
    @app_commands.describe(to=text("cmd.sandbox.channel.to"))
    @app_commands.rename(**option_names("to"))
    @app_commands.choices(to=[app_commands.Choice(name=f"#{name}", value=name) for name in channel_names()])
    async def channel(self, interaction: discord.Interaction, to: str) -> None:
        locale = _locale(interaction)
        if to == self.showing[0]:
            await interaction.response.send_message(
                t("sandbox.channel.already", locale, channel=to), ephemeral=True
            )
            return
        await interaction.response.send_message(
            t("sandbox.channel.switching", locale, channel=to), ephemeral=True
        )
        self.requests.put_nowait(Request(channel=to))
