"""Opening tables costs a server messages and threads, so it is limited: `/game new` only where
the member may post (and, with `thread:`, where both they and the bot may create threads), and
each person holds at most so many lobbies and tables per server, caps its managers set with
`/game limits` (service/limits.py). Driven through the real slash commands under simcord."""

from __future__ import annotations

import discord
import pytest
import simcord

from bot import create_bot
from db import Database
from tests.support.discord import make_table, refused
from tests.support.locales import speaking

# Through the real commands, on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = [pytest.mark.asyncio, pytest.mark.both_backends]

NO_THREADS = discord.PermissionOverwrite(create_public_threads=False)


async def stored(database_path: str, user_id: int, guild_id: int) -> tuple[list[int], int]:
    """What the bot stored for a person in one server, read behind its back: the channels of
    their open lobbies, and how many open tables seat them."""
    database = await Database.open(database_path)
    try:
        lobbies = await database.open_lobbies_by(user_id, guild_id)
        return lobbies, await database.open_seats_of(user_id, guild_id)
    finally:
        await database.close()


def manager_in(table, name: str):
    """A member of the table's server with Manage Server (a role that grants it)."""
    role = table.guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(table.env.create_user(name), roles=[role])


async def test_a_member_who_may_not_create_threads_gets_no_thread_and_no_table(
    simcord_env, database_path, monkeypatch
):
    """15 `thread:true` requests by a member the channel denies threads: each refused privately
    in their language, and not one thread, lobby or channel message is made."""
    table = make_table(simcord_env, ["mallory", "pia"])
    mallory, pia = table.members
    rooms = [table.guild.create_text_channel(f"c{i}", overwrites={mallory: NO_THREADS}) for i in range(15)]
    for room in rooms:
        result = await mallory.slash(room, "game new", game="rebirth", thread=True)
        refused(simcord_env, result, "You cannot create threads in this channel")
        assert "Create Public Threads" in result.response.content
    assert [room.threads for room in rooms] == [[]] * 15
    assert [room.history() for room in rooms] == [[]] * 15
    assert await stored(database_path, mallory.id, table.guild.id) == ([], 0)

    speaking(monkeypatch, {pia.id: "pt-BR"})
    room = table.guild.create_text_channel("pt", overwrites={pia: NO_THREADS})
    result = await pia.slash(room, "game new", game="revive", thread=True)
    refused(simcord_env, result, "Você não pode criar tópicos neste canal")
    assert "/jogo novo" in result.response.content and room.threads == []
    # Without a thread, where they may post, the same member opens a table as before.
    plain = await mallory.slash(rooms[0], "game new", game="rebirth")
    assert not plain.ephemeral and "opened a **Rebirth: Scotland** table here" in plain.response.content


async def test_a_member_who_may_not_post_in_a_channel_opens_no_table_there(simcord_env, database_path):
    table = make_table(simcord_env, ["mallory"])
    [mallory] = table.members
    mute = discord.PermissionOverwrite(send_messages=False)
    room = table.guild.create_text_channel("announcements", overwrites={mallory: mute})
    for thread in (False, True):
        result = await mallory.slash(room, "game new", game="rebirth", thread=thread)
        refused(simcord_env, result, "You cannot send messages in this channel")
    assert room.history() == [] and room.threads == []
    assert await stored(database_path, mallory.id, table.guild.id) == ([], 0)


async def test_without_the_bot_s_thread_right_nothing_is_made_and_it_says_why(simcord_env, database_path):
    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    room = table.guild.create_text_channel("no-bot-threads", overwrites={simcord_env.bot.user: NO_THREADS})
    result = await ann.slash(room, "game new", game="revive", thread=True)
    refused(simcord_env, result, "I am not allowed to create threads in this channel")
    assert room.threads == [] and room.history() == []
    assert await stored(database_path, ann.id, table.guild.id) == ([], 0)


async def test_fifteen_quick_requests_across_channels_stop_at_the_lobby_cap(simcord_env, database_path):
    """15 `/game new` in a row, each in its own channel, half with `thread:true`, open exactly
    the cap's 3 lobbies (no thread for a refused one); the others are refused naming the limit,
    where the open lobbies are and how to free a place. Closing one frees exactly one place.
    (simcord runs one interaction at a time; requests truly at once: tests/service/test_limits.py.)"""
    table = make_table(simcord_env, ["mallory"])
    [mallory] = table.members
    rooms = [table.guild.create_text_channel(f"room{i}") for i in range(15)]
    results = [
        await mallory.slash(room, "game new", game="rebirth", thread=index % 2 == 0)
        for index, room in enumerate(rooms)
    ]
    assert [result.ephemeral for result in results] == [False] * 3 + [True] * 12
    threads = [thread for room in rooms for thread in room.threads]
    assert len(threads) == 2  # requests 1 and 3 asked for one, request 2 did not
    lobbies, seats = await stored(database_path, mallory.id, table.guild.id)
    assert lobbies == [threads[0].id, rooms[1].id, threads[1].id] and seats == 3
    for result in results[3:]:
        text = refused(simcord_env, result, "You already have 3 open lobbies in this server, the limit here")
        assert "/game start" in text and "/game abort" in text
        assert all(f"<#{channel}>" in text for channel in lobbies)
    assert all(room.history() == [] for room in rooms[3:])

    await mallory.slash(rooms[1], "game abort")  # frees one place, no more
    again = await mallory.slash(rooms[3], "game new", game="revive")
    assert not again.ephemeral
    refused(simcord_env, await mallory.slash(rooms[4], "game new", game="revive"), "open lobbies")


async def test_a_manager_sets_the_caps_a_member_cannot_and_a_restart_keeps_them(simcord_env, database_path):
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    boss = manager_in(table, "boss")
    rooms = [table.guild.create_text_channel(f"room{i}") for i in range(6)]
    shown = await ann.slash(table.channel, "game limits")
    assert shown.ephemeral
    assert "3 open lobbies (the default) and 10 tables at once" in shown.response.content

    denied = await ann.slash(table.channel, "game limits", lobbies=20)
    refused(simcord_env, denied, "Only someone who can manage this server (Manage Server)")
    lowered = await boss.slash(table.channel, "game limits", lobbies=1)
    assert lowered.ephemeral and "Saved" in lowered.response.content
    assert "1 open lobby (set here) and 10 tables at once" in lowered.response.content
    await ann.slash(rooms[0], "game new", game="rebirth")
    second = await ann.slash(rooms[1], "game new", game="rebirth")
    refused(simcord_env, second, "the limit here is 1 per person")
    # A cap is per person and per server: bob still opens his own lobby.
    assert not (await bob.slash(rooms[2], "game new", game="rebirth")).ephemeral

    await simcord_env.restart_bot(create_bot(database_path))  # stored, not in memory
    again = await ann.slash(rooms[1], "game new", game="rebirth")
    refused(simcord_env, again, "the limit here is 1 per person")
    raised = await boss.slash(table.channel, "game limits", lobbies=4, games=2)
    assert "4 open lobbies (set here) and 2 tables at once" in raised.response.content
    assert not (await ann.slash(rooms[1], "game new", game="rebirth")).ephemeral
    # Now the other cap binds: two tables seat ann, lobbies or games in play alike.
    over = await ann.slash(rooms[3], "game new", game="rebirth")
    text = refused(simcord_env, over, "You already sit at 2 open tables in this server")
    assert "/game leave" in text and "/game abort" in text
    refused(simcord_env, await ann.slash(rooms[2], "game join"), "You already sit at 2 open tables")
    await ann.slash(rooms[0], "game abort")
    assert not (await ann.slash(rooms[2], "game join")).ephemeral
    # Discord itself refuses a cap out of range (the command's option is a Range).
    with pytest.raises(simcord.OptionError):
        await boss.slash(table.channel, "game limits", lobbies=0)


async def test_a_rematch_opens_a_lobby_only_under_the_same_cap(simcord_env):
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    boss = manager_in(table, "boss")
    await boss.slash(table.channel, "game limits", lobbies=1)
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game add-bot")
    await ann.slash(table.channel, "game start")
    await ann.slash(table.channel, "game resign")
    final = (await bob.slash(table.channel, "game resign")).response  # the bot alone: game over
    elsewhere = table.guild.create_text_channel("elsewhere")
    await bob.slash(elsewhere, "game new", game="revive")  # bob's one lobby
    before = len(table.channel.history())
    turned_away = await bob.click(final, label="Rematch")
    assert turned_away.ephemeral and "the limit here is 1 per person" in turned_away.response.content
    assert len(table.channel.history()) == before  # no lobby was posted
    await bob.slash(elsewhere, "game abort")
    rematch = await bob.click(final, label="Rematch")
    assert not rematch.ephemeral and "opened a rematch" in rematch.response.content
