"""AI seats in the service: levels stored with the seats, decisions worked out in the worker pool
from plain data, a solo table, the stand-in level, and refusals that change nothing."""

from __future__ import annotations

import pytest

from games.registry import load_engine
from service import fallback_turns
from service.ai_players import decide
from service.game_service import GameService
from service.messages import Caller, ServiceError
from tests.support.refusals import refusing

pytestmark = pytest.mark.both_backends

ANN, BOB = 11, 22
CHANNEL = 77


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


def service_on(database) -> GameService:
    return GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 3)


async def test_a_bot_seat_keeps_its_level_and_decides_in_the_workers(database, monkeypatch):
    service = service_on(database)
    await service.lobby.new_game(caller(ANN), "rebirth", {})
    await service.lobby.add_bot(caller(ANN), level="strong")
    game = await database.open_game(CHANNEL)
    assert game.levels == (None, "strong") and game.level(1) == "strong" and game.level(0) is None
    asked: list[tuple] = []

    def recorded(*args):
        asked.append(args)
        return decide(*args)

    monkeypatch.setattr(fallback_turns, "decide", recorded)
    await service.lobby.start(caller(ANN))
    engine = load_engine("rebirth")
    for _ in range(3):
        game = await database.open_game(CHANNEL)
        state = engine.loads(game.state)
        assert engine.to_move(state) == game.players.index(ANN)
        [move, *_] = engine.legal_moves(state, game.players.index(ANN))
        await service.turns.move(caller(ANN), move)
    assert asked, "the AI seat's decisions went to the workers"
    for game_id, text, seat, level, seed, cap in asked:
        assert (game_id, level, cap) == ("rebirth", "strong", 2) and isinstance(text, str)
        again = decide(game_id, text, seat, level, seed, cap)
        assert again == decide(game_id, text, seat, level, seed, cap)  # a restart decides the same


async def test_a_solo_table_starts_with_the_ai_seats_and_refuses_too_many(database):
    service = service_on(database)
    with refusing(ServiceError, "at most 3 AI opponents"):
        await service.lobby.new_solo(caller(ANN), "rebirth", {}, level="normal", opponents=4)
    assert await database.open_game(CHANNEL) is None  # nothing was made
    [start] = (await service.lobby.new_solo(caller(ANN), "revive", {}, level="normal", opponents=2))[:1]
    game = await database.open_game(CHANNEL)
    assert game.status == "active" and len(game.players) == 3
    assert sorted(level or "" for level in game.levels) == ["", "normal", "normal"]
    assert start.ping == (ANN,)


async def test_the_stand_in_level_is_a_setting_and_an_unknown_level_changes_nothing(database):
    service = service_on(database)
    await service.lobby.new_game(caller(ANN), "rebirth", {})
    with refusing(ServiceError, "no such level"):
        await service.lobby.add_bot(caller(ANN), level="grandmaster")
    with refusing(ServiceError, "no such level"):
        await service.time.settings(caller(ANN), None, None, None, stand_in="grandmaster")
    game = await database.open_game(CHANNEL)
    assert len(game.players) == 1 and game.stand_in is None
    [said] = await service.time.settings(caller(ANN), None, None, None, stand_in="normal")
    assert "played at level **normal**" in said.text
    game = await database.open_game(CHANNEL)
    assert game.stand_in == "normal"
    await service.lobby.join(caller(BOB))
    await service.lobby.start(caller(ANN))
    await service.lobby.leave(caller(BOB))
    game = await database.open_game(CHANNEL)
    assert game.level(game.players.index(BOB)) == "normal"
