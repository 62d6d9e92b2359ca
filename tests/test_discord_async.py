"""Asynchronous life on Discord (simcord): /games."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.asyncio


async def test_games_lists_mine_in_this_server_waiting_on_me_first_with_links(simcord_env):
    guild = simcord_env.create_guild()
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    rooms = [guild.create_text_channel(name) for name in ("one", "two", "three")]
    for room in rooms[:2]:
        await ann.slash(room, "game new", game="rebirth")
        await bob.slash(room, "game join")
        await ann.slash(room, "game start")
    await bob.slash(rooms[2], "game new", game="revive")  # a lobby ann is not in
    # Both games start alike (same seed); one move in the first makes them differ for ann.
    mover = ann if await ann.autocomplete(rooms[0], "move", "action", "") else bob
    [choice, *_] = await mover.autocomplete(rooms[0], "move", "action", "")
    await mover.slash(rooms[0], "move", action=choice["value"])
    waiting = {room.id: bool(await ann.autocomplete(room, "move", "action", "")) for room in rooms[:2]}
    assert waiting[rooms[0].id] != waiting[rooms[1].id]
    listing = await ann.slash(rooms[0], "games")
    assert listing.ephemeral
    lines = listing.response.content.splitlines()
    assert lines[0].startswith("**Your games** (2)")
    mine_first = sorted(rooms[:2], key=lambda room: not waiting[room.id])
    for line, room in zip(lines[1:], mine_first, strict=True):
        assert f"/{room.id}" in line
        assert ("your turn" in line) == waiting[room.id]
    assert f"/{rooms[2].id}" not in listing.response.content
    other = await bob.slash(rooms[0], "games")
    assert "(3)" in other.response.content and "lobby" in other.response.content
