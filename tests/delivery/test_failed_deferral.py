"""A saved change is announced at once even when Discord fails the deferral.

A slow request (a board to draw) defers its answer first; when Discord refuses that deferral
(a 429, a 500) the move is already stored. The request goes on: the channel gets the move's
message at once (or after the usual short retry), the mover is told what is true, never
"Something went wrong", and nothing claims the bot restarted.
"""

from __future__ import annotations

import pytest

from i18n import t
from service.outbox import PROMISE_GRACE, Outbox
from tests.delivery.test_failed_sends import boards, first_move, stored_moves
from tests.support.discord import make_table, open_and_start, pinged

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

POSTED = t("reply.posted", None)
SOMETHING_WRONG = "Something went wrong"


async def settled(env, table) -> list[str]:
    """The statuses of the game's outbox rows (a promise counts as pending)."""
    game = await env.bot.service.db.open_game(table.channel.id)
    return [row["status"] for row in await env.bot.service.db.outbox_rows(game.id)]


def seen_by(table, member) -> list[str]:
    """Every message text the member can see in the channel (their private answers too)."""
    return [m.content for m in table.channel.history(viewer=member)]


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
@pytest.mark.parametrize("status", [429, 500], ids=["rate-limited", "server-error"])
async def test_a_failed_deferral_still_posts_the_move_at_once(simcord_env, status):
    """Discord refuses the deferral of a slow move: the move is stored once, its board and the
    next player's ping are in the channel before any time passes, the mover reads that it is
    posted, and the message is not posted again by the delivery round."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    simcord_env.inject_error("POST", "/interactions/*", status=status, times=1)
    moved = await mover.slash(table.channel, "move", action=choice)
    assert moved.ephemeral and moved.response.content == POSTED
    assert await stored_moves(simcord_env, table.channel.id) == 1
    [board] = boards(table)
    assert pinged(simcord_env, board) == {other.id}
    assert "Posted late" not in board.content
    await simcord_env.advance_time(600)
    assert len(boards(table)) == 1, "posted once"
    assert set(await settled(simcord_env, table)) == {"sent"}
    assert not any(SOMETHING_WRONG in text for text in seen_by(table, mover))


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_deferral_discord_took_but_answered_with_an_error_still_tells_the_mover(
    simcord_env, monkeypatch
):
    """Discord took the deferral and still answered 500: the answer slot is taken, so the mover
    is told through a follow-up, and the board is in the channel at once, once."""
    import discord

    real_defer = discord.InteractionResponse.defer

    async def taken_but_failed(self, **kwargs):
        await real_defer(self, **kwargs)
        raise discord.DiscordServerError(FakeResponse(500), "Internal Server Error")

    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    monkeypatch.setattr(discord.InteractionResponse, "defer", taken_but_failed)
    moved = await mover.slash(table.channel, "move", action=choice)
    assert moved.ephemeral and moved.response.content == POSTED
    [board] = boards(table)
    assert pinged(simcord_env, board) == {other.id}
    await simcord_env.advance_time(600)
    assert len(boards(table)) == 1


class FakeResponse:
    """What discord.py's HTTPException reads of a failed response."""

    def __init__(self, status: int) -> None:
        self.status, self.reason = status, "Internal Server Error"


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_dead_interaction_and_a_failing_channel_still_get_the_move_seconds_later(simcord_env):
    """The interaction is dead (every answer and follow-up fails) and the channel message fails
    once too: the mover can be told nothing, and the board follows at the first retry (5 s),
    once, with no claim that the bot restarted."""
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=None)
    simcord_env.inject_error("POST", "/webhooks/*", status=500, times=None)
    simcord_env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=429, times=1)
    await mover.slash(table.channel, "move", action=choice)
    assert await stored_moves(simcord_env, table.channel.id) == 1
    assert boards(table) == []
    await simcord_env.advance_time(6)
    [board] = boards(table)
    assert pinged(simcord_env, board) == {other.id}
    assert "Posted late" not in board.content
    await simcord_env.advance_time(600)
    assert len(boards(table)) == 1, "posted once"
    assert not any(SOMETHING_WRONG in text for text in seen_by(table, mover))


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_resignation_whose_deferral_fails_ends_the_game_in_the_channel_at_once(simcord_env):
    """The same for `/game resign`: the final scores are in the channel at once, posted once."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await open_and_start(table)
    simcord_env.inject_error("POST", "/interactions/*", status=500, times=1)
    resigned = await bob.slash(table.channel, "game resign")
    assert resigned.response.content == POSTED
    [final] = [m for m in table.channel.history() if "Final scores" in m.content]
    assert f"Winner: {ann.mention}" in final.content and "Posted late" not in final.content
    await simcord_env.advance_time(600)
    assert len([m for m in table.channel.history() if "Final scores" in m.content]) == 1


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_start_button_whose_deferral_fails_starts_the_game_in_the_channel_at_once(simcord_env):
    """A button (the lobby's Start) with a failing deferral: the game starts once, its first
    board and ping are in the channel at once, the clicker is told it is posted."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    lobby = (await ann.slash(table.channel, "game new", game="rebirth")).response
    await bob.slash(table.channel, "game join")
    simcord_env.inject_error("POST", "/interactions/*", status=429, times=1)
    clicked = await ann.click(lobby, label="Start")
    assert clicked.response.content == POSTED
    [start] = [m for m in table.channel.history() if "goes first" in m.content]
    assert start.attachments and pinged(simcord_env, start) == {ann.id, bob.id}
    await simcord_env.advance_time(600)
    assert len([m for m in table.channel.history() if "goes first" in m.content]) == 1


async def test_a_move_cut_short_in_a_running_bot_is_announced_within_its_grace_not_as_a_restart(
    simcord_env, monkeypatch
):
    """A failure after the move is stored and before its message is held, with no restart: the
    promise is kept once its grace is over (not at the next ten-minute look), and the late
    message says something failed, not that the bot restarted."""
    import simcord

    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover, other, choice = await first_move(table, started)
    real_hold = Outbox.hold

    async def fails(self, game, messages, **kwargs):
        raise RuntimeError("failed between the move and its message")

    monkeypatch.setattr(Outbox, "hold", fails)
    await mover.slash(table.channel, "move", action=choice)
    simcord.assert_error(simcord_env, RuntimeError)
    monkeypatch.setattr(Outbox, "hold", real_hold)
    assert await stored_moves(simcord_env, table.channel.id) == 1
    await simcord_env.advance_time(PROMISE_GRACE - 10)
    assert boards(table) == []
    await simcord_env.advance_time(20)
    [board] = boards(table)
    assert board.content.startswith("(Posted late: something failed")
    assert "restarted" not in board.content
    assert pinged(simcord_env, board) == {other.id}
