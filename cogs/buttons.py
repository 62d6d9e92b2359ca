"""Buttons and menus that play a move: persistent, so they keep working after a restart.

Each component's `custom_id` carries the game, its version when the component was posted, and
(for a button) the move itself; discord.py's `DynamicItem` rebuilds the component from that id
on any click, with no view held in memory. The service refuses a click whose version is no
longer the game's (the board changed) and changes nothing.
"""

from __future__ import annotations

import discord

from cogs.replies import caller_of, deferrer, report_error, send
from service import Message

BUTTONS_AT_MOST = 5  # more answers than one row of buttons: a select menu instead
BUTTON_LABEL = 80  # Discord's limits on a button label and a menu option
OPTION_TEXT = 100


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:m:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<move>.+)",
):
    """One move on a button."""

    def __init__(self, game_id: int, version: int, move: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=_cut(label or move, BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=f"tt:m:{game_id}:{version}:{move}",
            )
        )
        self.game_id, self.version, self.move = game_id, version, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(int(match["game"]), int(match["version"]), match["move"], item.label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction, self.game_id, self.version, self.move)


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"tt:s:(?P<game>[0-9]+):(?P<version>[0-9]+)",
):
    """Several moves in a menu; the chosen option's value is the move."""

    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(custom_id=f"tt:s:{game_id}:{version}", options=options or [], min_values=1)
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match, /):
        return cls(int(match["game"]), int(match["version"]), list(item.options))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction, self.game_id, self.version, self.item.values[0])


async def _play(interaction: discord.Interaction, game_id: int, version: int, move: str) -> None:
    """Play the clicked move through the service; refusals go through the one error reply."""
    service = interaction.client.service  # type: ignore[attr-defined]
    defer_after = getattr(interaction.client, "defer_after", 1.5)
    try:
        messages = await service.click(
            caller_of(interaction), game_id, version, move, deferrer(interaction, defer_after)
        )
        await send(interaction, messages)
    except Exception as error:  # a component callback has no tree.on_error: report it the same way
        await report_error(interaction, error)


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:(?P<kind>mute|wait|handover):(?P<game>[0-9]+):(?P<key>[0-9]+)",
):
    """A button that is not a move: mute this turn's reminders, or answer a turn clock that ran
    out. `key` names the turn it was posted for."""

    def __init__(self, kind: str, game_id: int, key: int, label: str | None = None) -> None:
        style = discord.ButtonStyle.secondary if kind == "mute" else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=_cut(label or kind, BUTTON_LABEL), style=style, custom_id=f"tt:{kind}:{game_id}:{key}"
            )
        )
        self.kind, self.game_id, self.key = kind, game_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(match["kind"], int(match["game"]), int(match["key"]), item.label)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service  # type: ignore[attr-defined]
        try:
            messages = await service.time.button(caller_of(interaction), self.kind, self.game_id, self.key)
            await send(interaction, messages)
        except Exception as error:
            await report_error(interaction, error)


def moves_view(message: Message) -> discord.ui.View | None:
    """The buttons (few moves) or menu (more) for a message's offered moves, and its other
    buttons (mute, clock votes)."""
    if message.actions:
        view = discord.ui.View(timeout=None)
        for kind, game_id, key, label in message.actions:
            view.add_item(ActionButton(kind, game_id, key, label))
        return view
    if not message.moves or message.ref is None:
        return None
    game_id, version = message.ref
    view = discord.ui.View(timeout=None)
    if len(message.moves) <= BUTTONS_AT_MOST:
        for choice in message.moves:
            view.add_item(MoveButton(game_id, version, choice.notation, choice.label))
    else:
        options = [
            discord.SelectOption(label=_cut(choice.label, OPTION_TEXT), value=choice.notation)
            for choice in message.moves[:25]
        ]
        view.add_item(MoveSelect(game_id, version, options))
    return view


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
