"""Helpers for driving the bot through simcord as several people in one channel."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
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


@contextlib.contextmanager
def unsettled(env) -> Iterator[None]:
    """Within the block, a command is handed to the bot and returns at once, its answer to come
    (simcord otherwise returns once the whole bot has settled, one command at a time): how a
    test sends commands that the bot works on at the same time. Settle after the block
    (`env.settle()`) to read their answers."""
    settle = env._settle_internal

    async def not_yet(**_: Any) -> None:
        return None

    env._settle_internal = not_yet
    try:
        yield
    finally:
        env._settle_internal = settle


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
