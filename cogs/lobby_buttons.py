"""The table's buttons: Join, Leave, Add bot and Start on a lobby message, Take my seat back on
the message that hands a seat to the fallback player, and Rematch on the final message.

Each is persistent: its `custom_id` (`tt:t:<kind>:<game>`, built by cogs/posting.py `table_id`
from the message's `Message.table`) carries the game, and discord.py's `DynamicItem` rebuilds it
from that id on any click, after a restart too. A click makes the same service call as its slash
command, with the game it was posted for: a button of an earlier table in the channel is refused,
and every refusal is private (the one error funnel, cogs/replies.py `report_error`).
"""

from __future__ import annotations

import re
from typing import Any, cast

import discord

from cogs.posting import send, table_id
from cogs.replies import caller_of, deferrer, report_error
from service.game_service import GameService
from service.messages import TABLE_BUTTONS, Caller, Message, Ready


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"tt:t:(?P<kind>{'|'.join(TABLE_BUTTONS)}):(?P<game>[0-9]+)",
):
    """One button of the table's life, for game `game_id`."""

    def __init__(self, kind: str, game_id: int, label: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label or kind, custom_id=table_id(kind, game_id)))
        self.kind, self.game_id = kind, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(match["kind"], int(match["game"]), cast(discord.ui.Button, item).label)

    async def callback(self, interaction: discord.Interaction) -> None:
        service: GameService = interaction.client.service  # type: ignore[attr-defined]
        ready = deferrer(interaction, getattr(interaction.client, "defer_after", 1.5))
        try:
            messages = await answer(service, caller_of(interaction), self.kind, self.game_id, ready)
            await send(interaction, messages)
        except Exception as error:  # a component callback has no tree.on_error: report it the same way
            await report_error(interaction, error)


async def answer(
    service: GameService, caller: Caller, kind: str, game_id: int, ready: Ready
) -> list[Message]:
    """The service call of a table button: its slash command's, for the button's game."""
    if kind == "join":
        return await service.join(caller, game_id)
    if kind == "leave":
        return await service.leave(caller, ready, game_id)
    if kind == "bot":
        return await service.add_bot(caller, game_id)
    if kind == "start":
        return await service.start(caller, ready, game_id)
    if kind == "rejoin":
        return await service.rejoin(caller, game_id)
    if kind == "board":
        return await service.whole_board(caller, game_id, ready)
    return await service.rematch(caller, game_id)
