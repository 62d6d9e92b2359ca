"""A refusal is an answer: the command ends normally with the reason, privately. Nothing reaches
discord.py's error handler (which a client shows as a failed command: the sandbox page's "Action
outcome uncertain" badge) and nothing is logged as a fault; only real faults are."""

from __future__ import annotations

import logging

import simcord

from service.looking import Looking
from tests.support.discord import make_table, open_and_start


def faults(records: list[logging.LogRecord]) -> list[str]:
    return [record.getMessage() for record in records if record.levelno >= logging.ERROR]


async def test_illegal_commands_are_answered_and_end_normally_without_a_logged_fault(simcord_env, caplog):
    caplog.set_level(logging.INFO)
    table = make_table(simcord_env, ["alice", "bob", "mallory"])
    alice, bob, mallory = table.members
    answers = [await alice.slash(table.channel, "move", action="F7")]  # no game here yet
    started = await open_and_start(table, players=2)
    first = next(m for m in table.members if f"{m.mention} goes first" in started.response.content)
    other = bob if first is alice else alice
    answers += [
        await mallory.slash(table.channel, "move", action="F7"),  # not seated
        await other.slash(table.channel, "move", action="F7"),  # not their turn
        await first.slash(table.channel, "move", action="hello"),  # not a move
        await first.slash(table.channel, "undo"),  # nothing of theirs to undo
        await mallory.slash(table.channel, "game join"),  # the game has started
        await mallory.slash(table.channel, "game log", page=99),  # past the last page
        await alice.slash(table.channel, "game new", game="rebirth"),  # the channel is taken
    ]
    for answer in answers:
        assert answer.ephemeral, answer.response.content
        assert answer.response.content.strip(), "every refusal says why"
        assert "went wrong" not in answer.response.content
    assert not simcord_env.errors, f"refusals reached the error handler: {simcord_env.errors}"
    assert faults(caplog.records) == []


async def test_a_real_fault_still_reaches_the_error_handler_and_the_log(simcord_env, monkeypatch, caplog):
    table = make_table(simcord_env, ["alice", "bob"])
    await open_and_start(table, players=2)

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(Looking, "status", broken)
    answer = await table.members[0].slash(table.channel, "game status")
    assert answer.ephemeral and "went wrong" in answer.response.content
    assert any("command failed" in line for line in faults(caplog.records))
    simcord.assert_error(simcord_env, RuntimeError)
