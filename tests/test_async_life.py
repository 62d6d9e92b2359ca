"""Asynchronous life (issue 6) through the service: catch-up, log since my last move."""

from __future__ import annotations

import pytest

from content.games import load_engine
from db import Database
from service import Caller, GameService

ANN, BOB, CY = 11, 22, 33
CHANNEL = 77


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


@pytest.fixture
async def database():
    opened = await Database.open(":memory:")
    yield opened
    await opened.close()


async def three_player_rebirth(database) -> tuple[GameService, list[int]]:
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    await service.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    await service.join(caller(BOB))
    await service.join(caller(CY))
    await service.start(caller(ANN))
    game = await database.open_game(CHANNEL)
    first = load_engine("rebirth").to_move(load_engine("rebirth").loads(game.state))
    players = list(game.players)
    return service, players[first:] + players[:first]  # in turn order


async def play_first_choice(service, user) -> list:
    [choice, *_] = await service.move_choices(caller(user), "")
    return await service.move(caller(user), choice.notation)


async def test_the_turn_ping_catches_the_next_player_up_on_everything_since_their_last_move(database):
    service, order = await three_player_rebirth(database)
    first, second, third = order
    [to_second, *_] = await play_first_choice(service, first)
    assert "Since your last move" not in to_second.text  # only the move just shown
    [to_third, *_] = await play_first_choice(service, second)
    assert to_third.ping == (third,) and "Since your last move** (2 moves)" in to_third.text
    catch_up = to_third.text.split("Since your last move")[1]
    assert catch_up.index(f"<@{first}>") < catch_up.index(f"<@{second}>")  # in order
    [to_first, *_] = await play_first_choice(service, third)
    assert "(2 moves)" in to_first.text and f"<@{first}>" not in to_first.text.split("Since")[1]


async def test_log_since_my_last_move_shows_the_same_on_demand(database):
    service, (first, second, third) = await three_player_rebirth(database)
    await play_first_choice(service, first)
    [none_yet] = await service.log(caller(first), since_my_move=True)
    assert "Nothing has happened since your last move" in none_yet.text
    await play_first_choice(service, second)
    await play_first_choice(service, third)
    [log] = await service.log(caller(first), since_my_move=True)
    lines = log.text.splitlines()[1:]
    assert len(lines) == 2 and f"<@{second}>" in lines[0] and f"<@{third}>" in lines[1]
