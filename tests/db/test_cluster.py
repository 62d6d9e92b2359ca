"""Several processes, one database: what each process does alone (a move, a reminder, a held
message) happens once across all of them, and nothing is lost when one dies mid-claim.

Two services on one database stand for two processes of a cluster, each with its own
connections and its own name (`Database.process`); the killed process is a real one, stopped
with SIGKILL while it holds its claims (tests/support/cluster_worker.py).
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

import pytest

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller, ServiceError
from service.timekeeping import CHECK_LEASE
from tests.support.paths import ROOT
from tests.support.storage import SERVER, schema_target

pytestmark = pytest.mark.both_backends

ANN, BOB = 11, 22
CHANNEL = 77
START = 1_700_000_000.0
DAY = 86_400.0


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


class Cluster:
    """Two processes' services on the database at `target`, on one clock."""

    def __init__(self) -> None:
        self.now = START
        self.services: list[GameService] = []

    async def open(self, target: str, *names: str) -> list[GameService]:
        """A process of each name on the database (a name opened again: that process restarted)."""
        opened = []
        for name in names:
            database = await Database.open(target, process=name)
            opened.append(GameService(database, engines=load_engine, clock=lambda: self.now, seeds=lambda: 5))
        self.services += opened
        return opened

    async def close(self) -> None:
        for service in self.services:
            await service.db.close()


@pytest.fixture
async def cluster():
    made = Cluster()
    yield made
    await made.close()


async def started(service: GameService) -> list[int]:
    """A two-player game in play; its players in turn order."""
    await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    await service.lobby.start(caller(ANN))
    game = await service.db.open_game(CHANNEL)
    engine = load_engine("rebirth")
    first = engine.to_move(engine.loads(game.state))
    return list(game.players[first:]) + list(game.players[:first])


async def test_the_same_move_sent_to_two_processes_at_once_applies_once(cluster, tmp_path):
    one, two = await cluster.open(str(tmp_path / "shared.sqlite3"), "shards 0", "shards 1")
    mover, _ = await started(one)
    [choice, *_] = await one.turns.move_choices(caller(mover), "")

    async def send(service: GameService) -> str:
        try:
            await service.turns.move(caller(mover), choice.notation)
            return "applied"
        except ServiceError as refusal:  # the game moved on, or it is no longer their turn
            return type(refusal).__name__
        except Exception as refusal:  # noqa: BLE001 - an engine refusal (not your turn)
            return type(refusal).__name__

    outcomes = await asyncio.gather(send(one), send(two), send(one), send(two))
    assert outcomes.count("applied") == 1, outcomes
    assert len(await one.db.moves((await one.db.open_game(CHANNEL)).id)) == 1


async def test_a_reminder_due_is_sent_by_one_process_only(cluster, tmp_path):
    one, two = await cluster.open(str(tmp_path / "shared.sqlite3"), "shards 0", "shards 1")
    mover, _ = await started(one)
    for service in (one, two):
        assert not [m for m in await service.time.tick() if f"<@{mover}>" in m.text]  # not yet
    cluster.now += 2 * DAY
    told = await asyncio.gather(one.time.tick(), two.time.tick(), one.time.tick(), two.time.tick())
    reminders = [m for messages in told for m in messages if f"<@{mover}>" in m.text]
    assert len(reminders) == 1, reminders
    cluster.now += 60
    assert not [m for m in await two.time.tick() + await one.time.tick() if f"<@{mover}>" in m.text]


async def test_each_held_message_is_taken_by_one_process(cluster, tmp_path):
    one, two = await cluster.open(str(tmp_path / "shared.sqlite3"), "shards 0", "shards 1")
    await started(one)
    cluster.now += 3600  # the start's messages were never posted: every one of them is due
    taken = await asyncio.gather(one.outbox.due(), two.outbox.due())
    ids = [m.outbox_id for messages in taken for m in messages]
    assert ids and len(ids) == len(set(ids)), ids


async def test_a_restarted_process_takes_back_its_own_claims_and_not_another_s(cluster, tmp_path):
    target = str(tmp_path / "shared.sqlite3")
    one, two = await cluster.open(target, "shards 0", "shards 1")
    await started(one)
    cluster.now += 3600
    held_by_two = await two.outbox.due()
    assert held_by_two
    [again] = await cluster.open(target, "shards 0")  # shards 0 restarts while shards 1 posts
    await again.outbox.restarted()
    assert await again.outbox.due() == []  # shards 1's attempts are its own until they lapse
    [two_again] = await cluster.open(target, "shards 1")  # now shards 1 restarts
    await two_again.outbox.restarted()
    assert sorted(m.outbox_id for m in await two_again.outbox.due()) == sorted(
        m.outbox_id for m in held_by_two
    )


@pytest.mark.slow
async def test_a_process_killed_mid_claim_loses_its_claims_and_another_takes_over(cluster, storage, tmp_path):
    if storage != "postgresql":
        pytest.skip("a cluster's processes share a PostgreSQL database")
    target = str(tmp_path / "shared.sqlite3")
    [one] = await cluster.open(target, "shards 0")
    mover, _ = await started(one)
    address = schema_target(SERVER, one.db.path.rsplit("search_path=", 1)[1])  # the same schema
    cluster.now += 2 * DAY  # a reminder is due, and the start's messages were never posted
    worker = subprocess.Popen(
        [sys.executable, "-m", "tests.support.cluster_worker", address, str(cluster.now)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        line = await asyncio.wait_for(asyncio.to_thread(worker.stdout.readline), 60)  # type: ignore[union-attr]
        games, messages = (int(n) for n in line.split())
        assert games == 1 and messages > 0, line  # it holds the game's check and its messages
        worker.send_signal(signal.SIGKILL)
        worker.wait(10)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert not [m for m in await one.time.tick() if f"<@{mover}>" in m.text]  # still its claim
    assert await one.outbox.due() == []
    cluster.now += CHECK_LEASE + 1  # the dead process's claims lapse
    reminders = [m for m in await one.time.tick() if f"<@{mover}>" in m.text]
    assert len(reminders) == 1
    taken = await one.outbox.due()
    assert len({m.outbox_id for m in taken}) == messages  # every message it held, once
