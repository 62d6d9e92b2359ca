"""Helpers for driving the bot through simcord as several people in one channel."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import discord

HOUR = 3600


@dataclass
class Table:
    """A guild channel with some members, as the tests' world."""

    env: Any
    guild: Any
    channel: Any
    members: list[Any]

    def member(self, user_id: int) -> Any:
        return next(m for m in self.members if m.id == user_id)


def make_table(env, names: list[str], channel: str = "games") -> Table:
    guild = env.create_guild()
    room = guild.create_text_channel(channel)
    members = [guild.add_member(env.create_user(name)) for name in names]
    return Table(env, guild, room, members)


def pinged(env, message: discord.Message) -> set[int]:
    """The users Discord would actually notify for this message."""
    return set(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


def refused(env, result, contains: str) -> str:
    """Assert a command was refused privately with a reason containing `contains`, as an
    answer: the command ended normally, with nothing raised to the error handler."""
    assert not env.errors, f"a refusal is an answer, not an error: {env.errors}"
    assert result.ephemeral, "refusals are private"
    text = result.response.content
    assert contains.lower() in text.lower(), text
    return text


async def open_and_start(table: Table, players: int = 2, map_id: str = "scotland") -> Any:
    """`/game new`, everyone joins, `/game start`; returns the start interaction result."""
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game="rebirth", map=map_id)
    for member in table.members[1:players]:
        await member.slash(table.channel, "game join")
    return await creator.slash(table.channel, "game start")


def current_player(table: Table, message: discord.Message) -> Any:
    """The member a move message pinged: the one whose turn it is."""
    ids = pinged(table.env, message)
    assert len(ids) == 1, ids
    return table.member(ids.pop())


def notation_of(value: str) -> str:
    """The move an autocomplete value names, without the game and version it was offered at."""
    from service.move_text import submitted

    return submitted(value)[0]


async def pass_time(env, seconds: float) -> None:
    """Advance the virtual clock in steps of a few hours: simcord gives each step a few seconds
    of real time to settle, and the bot checks reminders and clocks every ten virtual minutes."""
    while seconds > 0:
        step = min(seconds, 3 * HOUR)
        await env.advance_time(step)
        seconds -= step


async def latest_game_and_moves(database_path: str, channel_id: int) -> tuple[Any, list[Any]]:
    """What the bot stored for a channel, read behind its back: its latest game and that game's
    moves."""
    from db import Database

    database = await Database.open(database_path)
    try:
        game = await database.latest_game(channel_id)
        return game, await database.moves(game.id)
    finally:
        await database.close()


def handed_over(env, member, channel, name: str, **options: Any) -> Any:
    """Hand the slash command `name` to the bot and return at once, its answer to come: a
    simcord slash command returns only once the whole bot has settled, one command at a time,
    so this is how a test has the bot work on several commands at the same time. Its result
    (simcord's `InteractionResult`) is complete once the test awaits `env.settle()`."""
    from simcord import interactions
    from simcord.results import InteractionResult

    parts = name.split()
    root = env.backend.find_command(parts[0], member.guild.id)
    leaf, nesting = interactions.walk_to_subcommand(root, parts[1:])
    built, resolved = interactions.build_options(member, name, leaf, options, channel_id=channel.id)
    data: dict[str, Any] = {
        "id": root["id"],
        "name": root["name"],
        "type": root.get("type", 1),
        "options": interactions.nest_options(root, nesting, built),
    }
    if resolved:
        data["resolved"] = resolved
    record, payload = interactions.base_payload(
        env.backend, type=2, channel_id=channel.id, guild_id=member.guild.id, user_id=member.id, data=data
    )
    env.backend.emit("INTERACTION_CREATE", payload)
    return InteractionResult(env, record)


def posts_in_order(env) -> list[tuple[int, bool]]:
    """From now on, every public message the bot posts, as (channel id, with an image), in the
    order they reach Discord."""
    posted: list[tuple[int, bool]] = []
    backend = env.backend
    announce = backend.announce_message_create

    def announced(message: Any) -> None:
        if not message.flags & 64:  # 64: ephemeral
            posted.append((message.channel_id, bool(message.attachments)))
        announce(message)

    backend.announce_message_create = announced
    return posted


def board_post_times(env: Any) -> dict[int, float]:
    """When (`time.perf_counter`) the bot last posted a public message with an image in each
    channel, as simcord's backend announces it: a reply's own moment, where the slash command
    returns only once the whole bot has settled."""
    posted: dict[int, float] = {}
    backend = env.backend
    announce = backend.announce_message_create

    def announced(message: Any) -> None:
        if message.attachments and not message.flags & 64:  # 64: ephemeral
            posted[message.channel_id] = time.perf_counter()
        announce(message)

    backend.announce_message_create = announced
    return posted
