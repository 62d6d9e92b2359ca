"""A saved move is always announced, however Discord fails.

Discord fails the interaction response or the channel message after a move was saved (a 500, a 429
that outlived discord.py's retries, a timeout): the move stays saved, the mover is told the truth,
and the outbox posts the board and the ping as soon as Discord takes them, also after a restart; a
permanent refusal is reported once to the game's creator.
"""

from __future__ import annotations

import discord
import pytest

from bot import create_bot
from service.outbox import Outbox
from tests.conftest import SEED
from tests.support.discord import make_table, open_and_start, pinged

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

SAVED = "Saved. Discord did not take the channel message just now"


def first_to_move(table, started):
    """The member the start message names as first to move (posted in the channel)."""
    [start] = [m for m in table.channel.history() if "goes first" in m.content]
    return next(m for m in table.members if f"{m.mention} goes first" in start.content)


def boards(table) -> list[discord.Message]:
    """The move messages in the channel: the ones that carry a board and name the next player."""
    return [m for m in table.channel.history() if m.attachments and "Your turn" in m.content]


async def first_move(table, started):
    mover = first_to_move(table, started)
    other = next(m for m in table.members if m is not mover)
    choice = (await mover.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    return mover, other, choice


async def stored_moves(env, channel_id: int) -> int:
    database = env.bot.service.db
    game = await database.open_game(channel_id)
    return len(await database.moves(game.id))


async def test_a_failed_interaction_answer_keeps_the_move_tells_the_truth_and_posts_it_later(simcord_env):
    """A 500 on the interaction response: the move is saved, the mover hears "saved, the board will
    follow" (not "something went wrong"), and the board with the next player's ping follows."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
    moved = await mover.slash(table.channel, "move", action=choice)
    assert moved.ephemeral and SAVED in moved.response.content
    assert await stored_moves(simcord_env, table.channel.id) == 1
    assert boards(table) == []  # nothing posted yet
    await simcord_env.advance_time(10)
    [board] = boards(table)
    assert pinged(simcord_env, board) == {other.id}
    assert other.mention in board.content


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
@pytest.mark.parametrize(
    ("status", "failures"),
    [(500, 2), (429, 1), (504, 3)],
    ids=["server-error-twice", "rate-limited", "gateway-timeout-three-times"],
)
async def test_a_failed_channel_message_is_retried_with_backoff_until_discord_takes_it(
    simcord_env, status, failures
):
    """The channel message fails `failures` times: retried after 5, 15, 60 s, posted once."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=status, times=failures)
    moved = await mover.slash(table.channel, "move", action=choice)
    assert SAVED in moved.response.content
    waited = 0
    for wait in (5, 15, 60, 300)[:failures]:
        assert boards(table) == []
        await simcord_env.advance_time(wait + 1)
        waited += wait + 1
    [board] = boards(table)
    assert pinged(simcord_env, board) == {other.id}
    await simcord_env.advance_time(600)
    assert len(boards(table)) == 1, "delivered once"


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_client_side_timeout_is_retried(simcord_env, monkeypatch):
    """A timeout on our side of the request (no answer from Discord at all) is retried too."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    real_send = discord.abc.Messageable.send
    calls = {"n": 0}

    async def times_out_once(self, *args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 1:
            raise TimeoutError("no answer")
        return await real_send(self, *args, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", times_out_once)
    moved = await mover.slash(table.channel, "move", action=choice)
    assert SAVED in moved.response.content
    await simcord_env.advance_time(6)
    [board] = boards(table)
    assert pinged(simcord_env, board) == {other.id}


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_restart_posts_what_discord_had_not_taken(simcord_env, database_path):
    """Discord refuses the board until the bot restarts: the restarted bot posts it, once."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=503, times=None)
    await mover.slash(table.channel, "move", action=choice)
    simcord_env.backend.faults.clear()
    await simcord_env.restart_bot(create_bot(database_path, seeds=lambda: SEED))
    await simcord_env.advance_time(1)
    [board] = boards(table)
    assert pinged(simcord_env, board) == {other.id}
    await simcord_env.advance_time(600)
    assert len(boards(table)) == 1


async def test_a_move_whose_message_was_never_held_is_announced_after_a_restart(
    simcord_env, database_path, monkeypatch
):
    """The process dies after the move's transaction and before its message is held: the
    promise written with the move makes the restarted bot announce the game as it stands."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    await move_dying_before_it_is_held(simcord_env, monkeypatch, table, mover, choice)
    assert await stored_moves(simcord_env, table.channel.id) == 1
    assert boards(table) == []
    await simcord_env.restart_bot(create_bot(database_path, seeds=lambda: SEED))
    await simcord_env.advance_time(1)
    [board] = boards(table)
    assert "Posted late" in board.content and notation_in(choice, board.content)
    assert pinged(simcord_env, board) == {other.id}


async def test_the_late_announcement_reaches_a_dm_reader_in_their_own_language(
    simcord_env, database_path, monkeypatch
):
    """The recap after a restart is a message like any other: the channel reads the game's
    English, and the DM copy of a player whose client is Portuguese reads Portuguese."""
    from tests.support.locales import speaking

    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    speaking(monkeypatch, {other.id: "pt-BR"})
    await other.slash(table.channel, "notify", dm="on")  # seen in pt-BR, DMs on
    await move_dying_before_it_is_held(simcord_env, monkeypatch, table, mover, choice)
    await simcord_env.restart_bot(create_bot(database_path, seeds=lambda: SEED))
    await simcord_env.advance_time(1)
    [board] = boards(table)
    assert board.content.startswith("(Posted late")
    dm = other.user.dm_channel.last_message
    assert "(Publicado com atraso" in dm.content and "Posted late" not in dm.content


async def move_dying_before_it_is_held(simcord_env, monkeypatch, table, mover, choice: str) -> None:
    """`mover` plays `choice`, and the process dies after the move's transaction, before its
    message is held in the outbox."""
    import simcord

    real_hold = Outbox.hold

    async def dies(self, game, messages):
        raise RuntimeError("the process died here")

    monkeypatch.setattr(Outbox, "hold", dies)
    await mover.slash(table.channel, "move", action=choice)
    simcord.assert_error(simcord_env, RuntimeError)
    monkeypatch.setattr(Outbox, "hold", real_hold)


def notation_in(choice: str, text: str) -> bool:
    from tests.support.discord import notation_of

    return f"**{notation_of(choice)}**" in text


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_permanent_refusal_is_reported_once_to_the_creator(simcord_env):
    """The bot lost the right to post in the channel: nothing is retried forever, the mover is
    told, and the game's creator gets one DM however many messages were refused."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann = table.members[0]
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    simcord_env.inject_error(
        "POST", f"/channels/{table.channel.id}/messages", status=403, code=50013, times=None
    )
    moved = await mover.slash(table.channel, "move", action=choice)
    assert "refuses my messages in this channel" in moved.response.content
    second = (await other.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    await other.slash(table.channel, "move", action=second)
    await simcord_env.advance_time(3600)
    reports = [m for m in ann.user.dm_channel.history() if "I cannot post in" in m.content]
    assert len(reports) == 1
    assert table.channel.mention in reports[0].content
    rows = await simcord_env.bot.service.db.outbox_rows((await open_game(simcord_env, table)).id)
    statuses = [row["status"] for row in rows if row["dm_to"] is None]
    assert statuses.count("refused") == 2 and "pending" not in statuses  # both boards, given up


async def open_game(env, table):
    return await env.bot.service.db.open_game(table.channel.id)


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_newer_message_waits_for_an_older_one_of_the_same_channel(simcord_env):
    """The first move's board fails; the next player moves before the retry: the channel still
    reads in order, first board first."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=500, times=1)
    await mover.slash(table.channel, "move", action=choice)
    second = (await other.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    answer = await other.slash(table.channel, "move", action=second)
    assert SAVED in answer.response.content
    await simcord_env.advance_time(6)
    await simcord_env.advance_time(6)
    posted = boards(table)
    assert len(posted) == 2
    assert [pinged(simcord_env, m) for m in posted] == [{other.id}, {mover.id}]
