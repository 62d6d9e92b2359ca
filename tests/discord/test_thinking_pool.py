"""Where the AI players think (service/thinking.py), through the real slash commands: processes
of their own, apart from the drawings, so a member's solo tables thinking make no other channel
wait; fair between members; and a thinking worker that dies costs a retry, never a move.

These bots have real pools of two processes each: two that draw (tests/support/render_faults.py,
every board drawn as usual) and two that think (tests/support/think_faults.py: the decisions
slowed down, or one of them killing its worker).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot import create_bot
from games.registry import registered
from service.tables import Tables
from tests.conftest import SEED
from tests.support.discord import handed_over
from tests.support.render_faults import faulty_workers
from tests.support.think_faults import SPEC, faulty_thinkers

# A pool's first start (the fork server importing the code) can take seconds on a loaded machine.
pytestmark = pytest.mark.simcord(settle_timeout=60)

SLOW = 1.0  # seconds each slowed decision takes


@pytest_asyncio.fixture
async def simcord_bot(
    database_path: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[Any]:
    """The bot with two drawing and two thinking processes that know Thinklink; the parameter
    (indirect) is the seconds each decision takes. A decision kills its worker once the test
    puts a file at `bot.crash_marker`."""
    slow = float(getattr(request, "param", 0.0))
    marker = str(tmp_path / "crash-next-decision")
    with registered(SPEC):
        workers, thinkers = faulty_workers(), faulty_thinkers(2, marker, slow)
        bot = create_bot(database_path, seeds=lambda: SEED, workers=workers, thinkers=thinkers)
        bot.crash_marker = marker
        try:
            yield bot
        finally:
            await workers.close()
            await thinkers.close()


async def solo_table(env: Any, guild: Any, name: str, channel: str) -> tuple[Any, Any]:
    """A Hexlink table of one new member against one `strong` AI seat, the member to move."""
    member = guild.add_member(env.create_user(name))
    place = guild.create_text_channel(channel)
    opened = await member.slash(place, "game new", game="hexlink", solo=True, level="strong", opponents=1)
    assert not opened.ephemeral and not env.errors
    assert await offer(member, place), "the person moves first, or after the AI seat's opening"
    return member, place


async def offer(member: Any, channel: Any) -> str | None:
    offered = await member.autocomplete(channel, "move", "action", "")
    return str(offered[0]["value"]) if offered else None


def said(result: Any) -> str:
    return str(result.response.content if result.response else result.followups[-1].content)


def events_in_order(env: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """From now on, in the order they happen: each AI move stored ("ai", channel id) and each
    public board posted ("board", channel id)."""
    happened: list[tuple[str, int]] = []
    record = Tables.record

    async def recorded(
        self: Any, game: Any, engine: Any, state: Any, seat: int, user_id: Any, *args: Any
    ) -> Any:
        done = await record(self, game, engine, state, seat, user_id, *args)
        if user_id is None:  # a move of a seat nobody plays
            happened.append(("ai", game.channel_id))
        return done

    monkeypatch.setattr(Tables, "record", recorded)
    backend = env.backend
    announce = backend.announce_message_create

    def announced(message: Any) -> None:
        if message.attachments and not message.flags & 64:  # 64: ephemeral
            happened.append(("board", message.channel_id))
        announce(message)

    backend.announce_message_create = announced
    return happened


async def test_a_thinking_worker_dying_costs_one_retry_never_the_move(simcord_env, simcord_bot):
    ann, channel = await solo_table(simcord_env, simcord_env.create_guild(), "ann", "solo")
    action = await offer(ann, channel)
    before = simcord_bot.thinkers.pids
    Path(simcord_bot.crash_marker).touch()  # the next decision kills its worker

    moved = await ann.slash(channel, "move", action=action)

    assert not Path(simcord_bot.crash_marker).exists(), "a decision did kill its worker"
    assert not moved.ephemeral and not simcord_env.errors, "the move is answered as done"
    text = said(moved)
    assert "went wrong" not in text and "🤖 strong claimed" in text, (
        "with the AI seat's answer, decided again"
    )
    assert await offer(ann, channel), "and it is ann's move again"
    assert simcord_bot.thinkers.pids and not set(simcord_bot.thinkers.pids) & set(before), "a new pool"


@pytest.mark.slow  # tens of seconds: whole turns of slowed decisions
@pytest.mark.parametrize("simcord_bot", [SLOW], indirect=True)
async def test_a_decision_in_flight_when_another_kills_its_worker_is_decided_again(simcord_env, simcord_bot):
    guild = simcord_env.create_guild()
    ann, ann_channel = await solo_table(simcord_env, guild, "ann", "ann-solo")
    bob, bob_channel = await solo_table(simcord_env, guild, "bob", "bob-solo")
    ann_move, bob_move = await offer(ann, ann_channel), await offer(bob, bob_channel)

    anns = handed_over(simcord_env, ann, ann_channel, "move", action=ann_move)
    await asyncio.sleep(SLOW / 3)  # ann's decision is being worked out
    Path(simcord_bot.crash_marker).touch()
    bobs = handed_over(simcord_env, bob, bob_channel, "move", action=bob_move)  # its decision kills
    await simcord_env.settle(timeout=60)

    assert not Path(simcord_bot.crash_marker).exists()
    assert not simcord_env.errors
    for result in (anns, bobs):
        assert not result.ephemeral and "🤖 strong claimed" in said(result), "both AI seats answered"
    assert await offer(ann, ann_channel) and await offer(bob, bob_channel)


@pytest.mark.slow  # tens of seconds: whole turns of slowed decisions
@pytest.mark.parametrize("simcord_bot", [SLOW], indirect=True)
async def test_solo_tables_thinking_make_no_other_channels_move_wait(simcord_env, simcord_bot, monkeypatch):
    guild = simcord_env.create_guild()
    tables = [await solo_table(simcord_env, guild, f"ann {n}", f"solo-{n}") for n in range(3)]
    carol, dave = (guild.add_member(simcord_env.create_user(name)) for name in ("carol", "dave"))
    elsewhere = guild.create_text_channel("people")
    await carol.slash(elsewhere, "game new", game="hexlink")
    await dave.slash(elsewhere, "game join")
    await carol.slash(elsewhere, "game start")
    mover = carol if await offer(carol, elsewhere) else dave
    their_move = await offer(mover, elsewhere)
    solo_moves = [(member, channel, await offer(member, channel)) for member, channel in tables]
    happened = events_in_order(simcord_env, monkeypatch)

    for member, channel, action in solo_moves:  # three tables thinking, two at a time
        handed_over(simcord_env, member, channel, "move", action=action)
    thinking = simcord_bot.service.tables.thinking
    for _ in range(1000):  # until every table's decision is asked for
        if all(thinking.held(member.id) for member, _, _ in solo_moves):
            break
        await asyncio.sleep(0.01)
    people = handed_over(simcord_env, mover, elsewhere, "move", action=their_move)
    await simcord_env.settle(timeout=60)

    assert people.response.attachments and not simcord_env.errors
    first_ai = next(index for index, event in enumerate(happened) if event[0] == "ai")
    assert happened.index(("board", elsewhere.id)) < first_ai, "the people's board waited for no search"


@pytest.mark.slow  # tens of seconds: whole turns of slowed decisions
@pytest.mark.parametrize("simcord_bot", [SLOW], indirect=True)
async def test_one_members_tables_hold_at_most_their_share_of_the_thinking(
    simcord_env, simcord_bot, monkeypatch
):
    guild = simcord_env.create_guild()
    ann = guild.add_member(simcord_env.create_user("ann"))
    anns = []
    for n in range(4):
        channel = guild.create_text_channel(f"ann-{n}")
        await ann.slash(channel, "game new", game="hexlink", solo=True, level="strong", opponents=1)
        anns.append((channel, await offer(ann, channel)))
    bob, bob_channel = await solo_table(simcord_env, guild, "bob", "bob-solo")
    bob_move = await offer(bob, bob_channel)
    happened = events_in_order(simcord_env, monkeypatch)

    for channel, action in anns:  # four of ann's tables think; then bob's one
        handed_over(simcord_env, ann, channel, "move", action=action)
    await asyncio.sleep(0.2)
    handed_over(simcord_env, bob, bob_channel, "move", action=bob_move)
    await simcord_env.settle(timeout=120)

    decided = [channel for kind, channel in happened if kind == "ai"]
    assert len(decided) == 5 and not simcord_env.errors
    # Two of ann's decisions fill her share of the two thinkers; bob's is next in line, not fifth.
    assert decided.index(bob_channel.id) <= 3, decided
