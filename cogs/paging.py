"""Paging through `/game log` and `/leaderboard`: Older and Newer buttons under a page.

The buttons are persistent `DynamicItem`s, like the move buttons of `cogs/posting.py`: each
`custom_id` carries the game and the move the next page starts (`n`, newer) or ends (`o`, older)
at, so they work after a restart. A click on a private page turns that page in place; a click
on a page shared in the channel answers the clicker privately and leaves the shared post as it is.
"""

from __future__ import annotations

import re
from typing import Any, cast

import discord

from cogs.posting import ViewButton
from cogs.replies import allowed_mentions, caller_of, refuse, report_error
from engine.errors import GameError
from i18n import t
from service.looking import LogPage
from service.messages import MESSAGE_LIMIT, Message
from service.stats import LeaderPage


class LogButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"tt:log:(?P<game>[0-9]+):(?P<way>[on]):(?P<move>[0-9]+)",
):
    """Older (`o`: the page ending at move `move`) or Newer (`n`: the page starting there)."""

    def __init__(self, game_id: int, way: str, move: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or way,
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:log:{game_id}:{way}:{move}",
            )
        )
        self.game_id, self.way, self.move = game_id, way, move

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LogButton:
        label = cast(ViewButton, item).label
        return cls(int(match["game"]), match["way"], int(match["move"]), label)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service  # type: ignore[attr-defined]
        caller = caller_of(interaction)
        where = {"newest": self.move} if self.way == "o" else {"oldest": self.move}
        try:
            page = await service.looking.log_page(caller, game_id=self.game_id, **where)
            shown = interaction.message
            if shown is not None and shown.flags.ephemeral:  # the caller's own page: turn it
                kwargs = _kwargs(page)
                kwargs.pop("ephemeral")
                await interaction.response.edit_message(**kwargs)
            else:  # a page shared in the channel stays as it is for everyone
                await send_log(interaction, page)
        except Exception as error:  # a component callback has no tree.on_error: report it the same way
            await report_error(interaction, error)


def log_view(page: LogPage, locale: str | None) -> discord.ui.View | None:
    """Older / Newer, for the pages there are that way."""
    buttons = [
        LogButton(page.game_id, way, move, t(key, locale))
        for way, move, key in (("o", page.older, "log.older"), ("n", page.newer, "log.newer"))
        if move is not None
    ]
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return view


def _kwargs(page: LogPage) -> dict[str, Any]:
    message: Message = page.message
    kwargs: dict[str, Any] = {
        "content": message.text[:MESSAGE_LIMIT],
        "ephemeral": message.ephemeral,
        "allowed_mentions": allowed_mentions(message),  # a log pings nobody
        "view": log_view(page, page.locale),  # a shared page's buttons in the game's language
    }
    return kwargs


async def send_log(interaction: discord.Interaction, page: LogPage) -> None:
    """Answer with a page of the log and its buttons (then any note owed to the caller)."""
    kwargs = _kwargs(page)
    if kwargs["view"] is None:
        kwargs.pop("view")
    await interaction.response.send_message(**kwargs)
    service = getattr(interaction.client, "service", None)
    if service is not None:  # a private note owed to this player (a DM that failed) comes along
        for note in await service.dms.take_notes(caller_of(interaction)):
            await interaction.followup.send(
                note.text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )


class LeaderboardButton(
    discord.ui.DynamicItem[ViewButton],
    template=r"tt:lb:(?P<game>[a-z0-9_-]+):(?P<page>[0-9]+)",
):
    """A page of `/leaderboard` (`page`, of game `game`, in the server it is clicked in): turns a
    private page in place, and answers a click on a shared one privately, as the log's buttons."""

    def __init__(self, game: str, page: int, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page),
                style=discord.ButtonStyle.secondary,
                custom_id=f"tt:lb:{game}:{page}",
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaderboardButton:
        label = cast(ViewButton, item).label
        return cls(match["game"], int(match["page"]), label)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service  # type: ignore[attr-defined]
        try:
            page = await service.stats.leaderboard(caller_of(interaction), self.game, self.page)
            shown = interaction.message
            if shown is not None and shown.flags.ephemeral:
                kwargs = _board_kwargs(page)
                kwargs.pop("ephemeral")
                await interaction.response.edit_message(**kwargs)
            else:
                await send_leaderboard(interaction, page)
        except GameError as refusal:  # the table shrank under the button: a page no longer there
            await refuse(interaction, refusal)
        except Exception as error:  # a component callback has no tree.on_error: report it the same way
            await report_error(interaction, error)


def leaderboard_view(page: LeaderPage) -> discord.ui.View | None:
    """Previous / Next, for the pages there are that way."""
    turns = [
        LeaderboardButton(page.game, number, t(key, page.locale))
        for number, key in ((page.page - 1, "leaderboard.previous"), (page.page + 1, "leaderboard.next"))
        if 1 <= number <= page.pages
    ]
    if not turns:
        return None
    view = discord.ui.View(timeout=None)
    for button in turns:
        view.add_item(button)
    return view


def _board_kwargs(page: LeaderPage) -> dict[str, Any]:
    message = page.message
    return {
        "content": message.text[:MESSAGE_LIMIT],
        "ephemeral": message.ephemeral,
        "allowed_mentions": allowed_mentions(message),  # names people, pings nobody
        "view": leaderboard_view(page),
    }


async def send_leaderboard(interaction: discord.Interaction, page: LeaderPage) -> None:
    """Answer with a page of the leaderboard and its buttons."""
    kwargs = _board_kwargs(page)
    if kwargs["view"] is None:
        kwargs.pop("view")
    await interaction.response.send_message(**kwargs)
