"""Posting the service's messages on Discord: text, image, mentions limited to the users meant,
and the buttons and menus that play a move.

A component's click is played through the service and its answer posted the same way (it may
carry the next decision's buttons), so the components and the posting live together here.

Buttons and menus are persistent: each component's `custom_id` carries the game, its version when
the component was posted, and (for a button) the move itself; discord.py's `DynamicItem` rebuilds
the component from that id on any click, with no view held in memory. The service refuses a click
whose version is no longer the game's (the board changed) and changes nothing.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar, cast

import discord

from cogs.replies import (
    TRANSIENT,
    allowed_mentions,
    caller_of,
    deferral_failed,
    deferrer,
    refuse,
    report_error,
    respond,
)
from engine.errors import GameError
from i18n import t
from service.messages import CHOICES_AT_MOST, MESSAGE_LIMIT, TABLE_BUTTONS, Message
from service.outbox import Outbox

log = logging.getLogger("tabletop")
T = TypeVar("T")
BUTTONS_AT_MOST = 5  # more answers than one row of buttons: a select menu instead
BUTTON_LABEL = 80  # Discord's limits on a button label and a menu option
OPTION_TEXT = 100
SELECT_OPTIONS = CHOICES_AT_MOST
ViewButton = discord.ui.Button[discord.ui.View]  # a button of a classic `View` (rows, no layout)
ViewSelect = discord.ui.Select[discord.ui.View]


def _kwargs(message: Message) -> dict[str, Any]:
    kwargs: dict[str, Any] = {
        "content": message.text[:MESSAGE_LIMIT],
        "ephemeral": message.ephemeral,
        "allowed_mentions": allowed_mentions(message),
    }
    if message.image is not None:
        kwargs["file"] = discord.File(io.BytesIO(message.image), filename=message.image_name)
    view = moves_view(message)
    if view is not None:
        kwargs["view"] = view
    return kwargs


async def post(client: discord.Client, message: Message) -> bool:
    """Post a message that answers no command, as a new message in its game's channel or as a
    DM, and tell the outbox how it went (it retries what failed, `cogs/delivery.py`). True when
    Discord took it. A private message has no one to answer here, so it is never posted."""
    if message.ephemeral:
        log.warning("dropped a private message with no interaction to answer")
        return False
    try:
        await _post_new(client, message)
    except Exception as error:
        await _failed(client, message, error)
        return False
    await _outbox(client).sent(message)
    return True


async def _post_new(client: discord.Client, message: Message) -> None:
    kwargs = _kwargs(message)
    kwargs.pop("ephemeral")
    if message.dm_to is not None:
        user = client.get_user(message.dm_to) or await client.fetch_user(message.dm_to)
        kwargs["allowed_mentions"] = discord.AllowedMentions.none()
        kwargs.pop("view", None)
        await user.send(**kwargs)
        return
    channel = client.get_channel(message.channel_id or 0) or await client.fetch_channel(
        message.channel_id or 0
    )
    await cast(discord.abc.Messageable, channel).send(**kwargs)  # a game's channel or thread


async def _failed(client: discord.Client, message: Message, error: Exception) -> bool:
    """A message Discord did not take: the outbox retries it, or gives up when Discord will
    never take it (the channel is gone, the bot may not post there, the DMs are closed); True
    for that permanent refusal."""
    permanent = isinstance(error, discord.Forbidden | discord.NotFound)
    if not isinstance(error, discord.HTTPException | TimeoutError | OSError):
        log.error("posting message %s failed", message.outbox_id, exc_info=error)
    if message.outbox_id is None:
        raise error
    await _outbox(client).failed(message, f"{type(error).__name__}: {error}"[:300], permanent=permanent)
    wake = getattr(client, "wake_delivery", None)
    if wake is not None:
        wake()  # the retry is due in seconds: the delivery round must not sleep through it
    return permanent


def _outbox(client: discord.Client) -> Outbox:
    outbox: Outbox = client.service.outbox  # type: ignore[attr-defined]  # bot.py `TabletopBot`
    return outbox


async def deliver_due(client: discord.Client) -> int:
    """One delivery round: post every held message that is due (retries, and what a stopped
    process left behind), oldest first. Returns how many Discord took."""
    delivered = 0
    for message in await _outbox(client).due():
        delivered += await post(client, message)
    return delivered


async def answer(
    interaction: discord.Interaction,
    work: Awaitable[T],
    deliver: Callable[[discord.Interaction, T], Awaitable[None]] | None = None,
) -> None:
    """Run a command's use case and post what it says (`send` its messages, or `deliver` what
    else it made, a log page); when the service refuses (a `GameError`: an illegal move, a rule,
    a missing right), answer with the reason, privately. Either way the command ends normally:
    a refusal is an answer, and only a real fault is raised to the error handler and the log."""
    try:
        made = await work
    except GameError as refusal:
        await refuse(interaction, refusal)
        return
    if deliver is None:
        await send(interaction, cast(list[Message], made))
    else:
        await deliver(interaction, made)


async def send(interaction: discord.Interaction, messages: list[Message]) -> None:
    """Post the service's messages for this interaction.

    Normally the first message is the interaction's answer and the rest are follow-ups. After a
    deferral the answer slot is a private placeholder: a public message sent there would be an
    edit, and Discord notifies nobody about edits, so public messages go to the channel as new
    messages (which do ping) and the placeholder gets a short private note. After a deferral
    Discord failed the answer slot may be dead (its 3 seconds are over): public messages go to
    the channel the same way, and the note goes wherever the interaction still takes it.

    The public messages are held in the outbox: when Discord fails one, it and those after it
    are left to the delivery round, in order, and the caller is told the truth (it is saved and
    will be posted), not that something went wrong.
    """
    service = getattr(interaction.client, "service", None)
    if service is not None:  # a private note owed to this player (a DM that failed) comes along
        messages = [*messages, *await service.dms.take_notes(caller_of(interaction))]
    direct = [m for m in messages if m.dm_to is not None]
    messages = [m for m in messages if m.dm_to is None]
    deferred = interaction.response.is_done() or deferral_failed(interaction)
    answered_privately = False
    held = [m.outbox_id for m in messages if m.outbox_id is not None]
    # An older message of this channel that Discord has not taken yet goes first.
    later = bool(held) and await _outbox(interaction.client).waiting(interaction.channel_id or 0, min(held))
    refused = False
    for message in messages:
        if later and message.outbox_id is not None:
            await _outbox(interaction.client).later(message)
            continue
        try:
            answered_privately = await _answer(interaction, message, deferred) or answered_privately
        except Exception as error:
            # A private answer has no second chance: it goes to the error funnel from here.
            refused = await _failed(interaction.client, message, error) or refused
            later = True
            continue
        await _outbox(interaction.client).sent(message)
    if later:
        note = "delivery.refused_here" if refused else "delivery.later"
        await _tell(interaction, t(note, caller_of(interaction).locale))
    elif deferred and not answered_privately:
        await _tell(interaction, t("reply.posted", caller_of(interaction).locale))
    for message in direct:
        channel_id = message.channel_id or interaction.channel_id
        await post(interaction.client, replace(message, channel_id=channel_id))


async def _answer(interaction: discord.Interaction, message: Message, deferred: bool) -> bool:
    """Post one message for an interaction; True when it went to the caller only."""
    kwargs = _kwargs(message)
    if deferred and not message.ephemeral:
        kwargs.pop("ephemeral")
        await cast(discord.abc.Messageable, interaction.channel).send(**kwargs)
        return False
    await respond(interaction, **kwargs)
    return message.ephemeral


async def _tell(interaction: discord.Interaction, text: str) -> None:
    """A short private note to the caller, however far the answer got; lost when Discord fails
    this too (what it would say is in the channel soon)."""
    try:
        mentions = discord.AllowedMentions.none()
        await respond(interaction, content=text, ephemeral=True, allowed_mentions=mentions)
    except TRANSIENT as error:
        log.warning("could not tell the caller: %s", error)


class MoveButton(
    discord.ui.DynamicItem[ViewButton],
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
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        label = cast(ViewButton, item).label
        return cls(int(match["game"]), int(match["version"]), match["move"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction, self.game_id, self.version, self.move)


class MoveSelect(
    discord.ui.DynamicItem[ViewSelect],
    template=r"tt:s:(?P<game>[0-9]+):(?P<version>[0-9]+)",
):
    """Several moves in a menu; the chosen option's value is the move."""

    def __init__(self, game_id: int, version: int, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(custom_id=f"tt:s:{game_id}:{version}", options=options or [], min_values=1)
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]), list(cast(ViewSelect, item).options))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _play(interaction, self.game_id, self.version, self.item.values[0])


async def _play(interaction: discord.Interaction, game_id: int, version: int, move: str) -> None:
    """Play the clicked move through the service; refusals go through the one error reply."""
    service = interaction.client.service  # type: ignore[attr-defined]
    defer_after = getattr(interaction.client, "defer_after", 1.5)
    try:
        messages = await service.turns.click(
            caller_of(interaction), game_id, version, move, deferrer(interaction, defer_after)
        )
        await send(interaction, messages)
    except Exception as error:  # a component callback has no tree.on_error: report it the same way
        await report_error(interaction, error)


class ActionButton(
    discord.ui.DynamicItem[ViewButton],
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
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(match["kind"], int(match["game"]), int(match["key"]), cast(ViewButton, item).label)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service  # type: ignore[attr-defined]
        try:
            messages = await service.time.button(caller_of(interaction), self.kind, self.game_id, self.key)
            await send(interaction, messages)
        except Exception as error:
            await report_error(interaction, error)


class TableButton(
    discord.ui.DynamicItem[ViewButton],
    template=rf"tt:t:(?P<kind>{'|'.join(TABLE_BUTTONS)}):(?P<game>[0-9]+)",
):
    """One button of the table's life, for game `game_id`: Join, Leave, Add bot and Start on a
    lobby message, Take my seat back on the message that hands a seat to the fallback player,
    Rematch on the final message, Whole board under a turn message, Full player board under a
    player's phone-sized board (one kind per seat).

    Its `custom_id` (`tt:t:<kind>:<game>`, `table_id`) carries the game, so a click after a
    restart still knows it. A click makes the same service call as its slash command, with the
    game it was posted for (`GameService.table_button`): a button of an earlier table in the
    channel is refused, and every refusal is private (the one error funnel, `report_error`)."""

    def __init__(self, kind: str, game_id: int, label: str | None = None, row: int | None = None) -> None:
        button: ViewButton = discord.ui.Button(label=label or kind, custom_id=table_id(kind, game_id))
        super().__init__(button, row=row)
        self.kind, self.game_id = kind, game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(match["kind"], int(match["game"]), cast(ViewButton, item).label)

    async def callback(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service  # type: ignore[attr-defined]
        ready = deferrer(interaction, getattr(interaction.client, "defer_after", 1.5))
        try:
            messages = await service.table_button(caller_of(interaction), self.kind, self.game_id, ready)
            await send(interaction, messages)
        except Exception as error:  # a component callback has no tree.on_error: report it the same way
            await report_error(interaction, error)


def moves_view(message: Message) -> discord.ui.View | None:
    """The buttons (few moves) or menu (more) for a message's offered moves, then its other
    buttons (mute, clock votes, the table's: a row of their own)."""
    if not (message.actions or message.table or (message.moves and message.ref is not None)):
        return None
    # Every item is a DynamicItem, so discord.py keeps no view per posted message (it would keep
    # each one for good: `timeout=None`); a click is rebuilt from its custom_id, also after a restart.
    view = discord.ui.View(timeout=None)
    for kind, game_id, key, label in message.actions:
        view.add_item(ActionButton(kind, game_id, key, label))
    for kind, game_id, label in message.table:
        view.add_item(TableButton(kind, game_id, _cut(label, BUTTON_LABEL), row=4))
    if message.moves and message.ref is not None:
        _add_moves(view, message)
    return view


def _add_moves(view: discord.ui.View, message: Message) -> None:
    """The offered moves: a button each when few, else one select menu."""
    assert message.ref is not None
    game_id, version = message.ref
    if len(message.moves) <= BUTTONS_AT_MOST:
        for choice in message.moves:
            view.add_item(MoveButton(game_id, version, choice.notation, choice.label))
    else:
        options = [
            discord.SelectOption(label=_cut(choice.label, OPTION_TEXT), value=choice.notation)
            for choice in message.moves[:SELECT_OPTIONS]
        ]
        view.add_item(MoveSelect(game_id, version, options))


def table_id(kind: str, game_id: int) -> str:
    """The `custom_id` of a table button (`Message.table`): `tt:t:<kind>:<game>`."""
    return f"tt:t:{kind}:{game_id}"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
