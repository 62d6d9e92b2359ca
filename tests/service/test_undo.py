"""/undo in a long game: the state before the move is the one stored with it, every refusal is
decided before any state is rebuilt, and a move that keeps no state (a game stored before they
were kept) is replayed from the seed in a worker thread, never on the event loop."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from db import Database
from db.database import UNDO_STATES
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller, ServiceError
from tests.support.refusals import refusing
from tests.support.revive_play import recorded_play

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

PLAYERS = (11, 22, 33, 44)
CHANNEL = 77


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


async def revive_table(database: Database) -> GameService:
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    await service.lobby.new_game(caller(PLAYERS[0]), "revive", {})
    for user in PLAYERS[1:]:
        await service.lobby.join(caller(user))
    await service.lobby.start(caller(PLAYERS[0]))
    return service


async def replayed_before_last(database: Database) -> str:
    """The state before the game's last move, replayed from the seed (what undo must give)."""
    game = await database.open_game(CHANNEL)
    engine = load_engine("revive")
    state = engine.new_game(len(game.players), game.options, game.seed)
    for move in (await database.moves(game.id))[:-1]:
        state = engine.apply(state, move.seat, move.move).state
    return engine.dumps(state)


class Replays:
    """Counts the game's rules applied and started while installed, and the threads they ran in."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.threads: list[int] = []
        engine = load_engine("revive")
        for name in ("apply", "new_game"):
            monkeypatch.setattr(engine, name, self._counted(getattr(engine, name)))

    def _counted(self, method: Any) -> Any:
        def counted(*args: Any) -> Any:
            self.threads.append(threading.get_ident())
            return method(*args)

        return counted


async def test_an_undo_in_a_long_game_restores_the_stored_state_a_replay_gives_and_replays_nothing(
    database, monkeypatch
):
    service = await revive_table(database)
    _, mover = await recorded_play(service.tables, CHANNEL, 300, seed=3)
    before = await database.open_game(CHANNEL)
    expected = await replayed_before_last(database)
    replays = Replays(monkeypatch)
    [undone] = await service.turns.undo(caller(mover))
    assert "took back" in undone.text
    after = await database.open_game(CHANNEL)
    assert after.state == expected and after.version > before.version
    assert len(await database.moves(after.id)) == 301 - 1
    assert replays.threads == []  # nothing replayed, nothing applied


async def test_a_refused_undo_in_a_long_game_answers_before_rebuilding_anything(database, monkeypatch):
    service = await revive_table(database)
    _, mover = await recorded_play(service.tables, CHANNEL, 300, seed=3, reveals=True)
    before = await database.open_game(CHANNEL)
    replays = Replays(monkeypatch)
    other = next(user for user in PLAYERS if user != mover)
    with refusing(ServiceError, "only take back your own move"):
        await service.turns.undo(caller(other))
    with pytest.raises(ServiceError) as refused:  # the move showed something hidden
        await service.turns.undo(caller(mover))
    assert refused.value.args[0].startswith("undo.")
    assert (await database.open_game(CHANNEL)).state == before.state
    assert replays.threads == []


async def test_a_move_stored_without_its_state_is_replayed_in_a_worker_thread(database, monkeypatch):
    service = await revive_table(database)
    _, mover = await recorded_play(service.tables, CHANNEL, 120, seed=3)
    expected = await replayed_before_last(database)
    # As a game stored before moves kept their states reads.
    async with database.store.transaction() as writing:
        await writing.run("UPDATE moves SET state_before = NULL")
    replays = Replays(monkeypatch)
    await service.turns.undo(caller(mover))
    assert (await database.open_game(CHANNEL)).state == expected
    assert len(replays.threads) == 121  # the start and every move before the last
    assert threading.get_ident() not in replays.threads  # none on the event loop's thread


async def test_only_the_last_moves_keep_the_state_they_were_played_on(database):
    service = await revive_table(database)
    game, _ = await recorded_play(service.tables, CHANNEL, 150, seed=3)
    rows = await database.store.fetch(
        "SELECT number FROM moves WHERE game_id = ? AND state_before IS NOT NULL ORDER BY number", (game.id,)
    )
    kept = [row[0] for row in rows]
    assert kept == list(range(151 - UNDO_STATES + 1, 152))
