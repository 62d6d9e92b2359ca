"""AI opponents at the table, through the slash commands (simcord): a solo table, a bot seat
added with its level, the stand-in level, both languages, and a restart while an AI thinks."""

from __future__ import annotations

import pytest

from tests.support.discord import make_table, pass_time, refused
from tests.support.locales import speaking

pytestmark = pytest.mark.asyncio

HOUR = 3600


async def my_move(member, channel) -> str:
    """The first move the member is offered (their turn: the list is not empty)."""
    [first, *_] = await member.autocomplete(channel, "move", "action", "")
    return first["value"]


async def test_a_solo_table_starts_at_once_and_the_ai_seats_answer_each_human_move(simcord_env):
    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    against = {"solo": True, "level": "strong", "opponents": 2}
    opened = await ann.slash(table.channel, "game new", game="rebirth", **against)
    assert not opened.ephemeral and not simcord_env.errors
    started = opened.response.content if opened.response else opened.followups[-1].content
    assert "begins" in started and "🤖 strong 1" in started and "🤖 strong 2" in started
    assert "/game join" not in started  # no lobby to join: it started at once
    for _ in range(3):  # three of ann's turns: each answered by the AI seats' turns at once
        action = await my_move(ann, table.channel)
        moved = await ann.slash(table.channel, "move", action=action)
        assert not moved.ephemeral and not simcord_env.errors
        said = moved.response.content if moved.response else moved.followups[-1].content
        assert "strong 1" in said and "strong 2" in said  # both AI seats played, named by level
        assert await my_move(ann, table.channel)  # and it is ann's move again
        sent = moved.response if moved.response else moved.followups[-1]
        notified = set(simcord_env.backend.get_message(table.channel.id, sent.id).ping_user_ids)
        assert notified <= {ann.id}  # an AI seat is never pinged


async def test_solo_options_are_refused_without_solo_and_too_many_opponents_are_refused(simcord_env):
    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    refused(simcord_env, await ann.slash(table.channel, "game new", game="rebirth", level="strong"), "solo")
    too_many = await ann.slash(table.channel, "game new", game="rebirth", solo=True, opponents=5)
    refused(simcord_env, too_many, "at most 3 AI opponents")
    assert await ann.slash(table.channel, "game new", game="rebirth") is not None  # nothing was made


async def test_a_bot_seat_added_with_a_level_plays_in_portuguese_named_by_its_level(simcord_env, monkeypatch):
    table = make_table(simcord_env, ["ana"])
    [ana] = table.members
    speaking(monkeypatch, {ana.id: "pt-BR"}, {table.guild.id: "pt-BR"})
    await ana.slash(table.channel, "game new", game="revive")
    added = await ana.slash(table.channel, "game add-bot", level="normal")
    assert "🤖 **normal** ocupa um lugar: um jogador de IA" in added.response.content
    started = await ana.slash(table.channel, "game start")
    assert not started.ephemeral and not simcord_env.errors


async def test_the_stand_in_level_plays_a_seat_its_person_left(simcord_env):
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    for member in (bob, cy):
        await member.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    chosen = await ann.slash(table.channel, "game settings", stand_in="strong")
    assert "A seat someone leaves is played at level **strong**" in chosen.response.content
    refused(simcord_env, await bob.slash(table.channel, "game settings", stand_in="easy"), "creator")
    await bob.slash(table.channel, "game leave")
    # Play on until bob's seat has moved: the game goes on with two people and the stand-in.
    for _ in range(8):
        for member in (ann, cy):
            offered = await member.autocomplete(table.channel, "move", "action", "")
            if offered:
                await member.slash(table.channel, "move", action=offered[0]["value"])
                break
    assert not simcord_env.errors


async def test_a_turn_an_ai_did_not_get_to_play_before_a_restart_is_played_at_the_next_check(
    simcord_env, tmp_path, monkeypatch
):
    """The bot stops while an AI seat thinks (here: its decisions fail, as a process killed
    mid-search would leave the game): after the restart, the periodic check plays the owed turn
    from the stored game, and the human is pinged for their move."""
    import service.fallback_turns as turns
    from bot import create_bot

    path = str(tmp_path / "ai.sqlite3")
    await simcord_env.restart_bot(create_bot(path))
    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    await ann.slash(table.channel, "game new", game="rebirth", solo=True, level="normal", opponents=1)

    def stopped(*_args, **_kwargs):
        raise RuntimeError("the bot stopped mid-search")

    if await ann.autocomplete(table.channel, "move", "action", "") == []:
        pytest.skip("the AI seat moves first in this seed")  # pragma: no cover
    monkeypatch.setattr(turns, "decide", stopped)
    action = await my_move(ann, table.channel)
    await ann.slash(table.channel, "move", action=action)
    simcord_env.errors.clear()
    monkeypatch.undo()
    assert await ann.autocomplete(table.channel, "move", "action", "") == []  # the AI owes its turn
    await simcord_env.restart_bot(create_bot(path))
    await pass_time(simcord_env, HOUR)
    assert await my_move(ann, table.channel)  # the check played it: ann is to move again


async def test_while_an_ai_seat_thinks_another_channels_move_is_answered(simcord_env, monkeypatch):
    """The search runs in the workers, not on the event loop: a move in another channel is
    answered while an AI seat is still deciding, and the AI's channel gets its answer after."""
    import asyncio
    import threading
    import time

    import service.fallback_turns as turns
    from service.ai_players import decide
    from tests.support.discord import handed_over

    thinking, done = threading.Event(), threading.Event()

    def slow(*args):
        thinking.set()
        done.wait(timeout=10)  # the search "thinks" until the other channel was answered
        return decide(*args)

    solo = make_table(simcord_env, ["ann"], channel="solo")
    [ann] = solo.members
    await ann.slash(solo.channel, "game new", game="rebirth", solo=True, level="normal", opponents=1)
    pair = make_table(simcord_env, ["bob", "cy"], channel="pair")
    bob, cy = pair.members
    await bob.slash(pair.channel, "game new", game="rebirth")
    await cy.slash(pair.channel, "game join")
    await bob.slash(pair.channel, "game start")
    mover = bob if await bob.autocomplete(pair.channel, "move", "action", "") else cy
    pair_move = await my_move(mover, pair.channel)
    solo_move = await my_move(ann, solo.channel)
    monkeypatch.setattr(turns, "decide", slow)
    thinks = handed_over(simcord_env, ann, solo.channel, "move", action=solo_move)
    deadline = time.monotonic() + 10
    while not thinking.is_set() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    assert thinking.is_set(), "the AI seat started to think"
    answered = handed_over(simcord_env, mover, pair.channel, "move", action=pair_move)
    while answered.response is None and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    assert not done.is_set() and answered.response is not None, "answered while the AI still thought"
    assert answered.response.attachments  # the move itself, with its board: not a "thinking…"
    done.set()
    await simcord_env.settle()
    assert not simcord_env.errors and thinks.acknowledged
