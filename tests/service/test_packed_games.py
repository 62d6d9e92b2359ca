"""A finished game whose moves the upkeep packed (`PACK_AFTER` after its end) reads as it did:
every page of `/game log`, the log since a player's own move, the recap and the status are the
same text before and after, their events worked out again by a replay; `/undo` is refused after
the end either way."""

from __future__ import annotations

from typing import Any

import pytest

from db import Database, GameRecord
from engine.errors import GameOver
from games.registry import load_engine
from service.game_service import GameService
from service.messages import ServiceError
from service.upkeep import PACK_AFTER
from tests.support.played import played_to_the_end, seated

pytestmark = pytest.mark.both_backends

CHANNEL = 77
START = 1_700_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        self.now += 30.0
        return self.now


async def everything_told(service: GameService, game: GameRecord) -> list[str]:
    """Every text a reader of the finished game can ask for that tells its moves."""
    texts = []
    for user in game.players:
        who = seated(user, CHANNEL)
        page = 1
        while True:
            try:
                shown = await service.looking.log_page(who, page=page, count=25)
            except ServiceError as refused:
                assert refused.args[0] == "log.no_page"
                break
            texts.append(shown.message.text)
            page += 1
        [since] = await service.looking.log(who, since_my_move=True)
        texts.append(since.text)
        [status] = await service.looking.status(who)
        texts.append(status.text)
    _, recap = await service.story.standing(game.id, "delivery.recap")
    texts += [message.text for message in recap]
    return texts


async def refuses_undo(service: GameService, game: GameRecord) -> None:
    [last] = await service.db.moves(game.id, last=1)
    assert last.user_id is not None
    with pytest.raises((ServiceError, GameOver)):  # "the game is over here"
        await service.turns.undo(seated(last.user_id, CHANNEL))


async def packs_and_reads_the_same(database: Database, name: str, options: dict[str, Any], users, seed: int):
    clock = Clock()
    service = GameService(database, engines=load_engine, clock=clock, seeds=lambda: seed)
    game = await played_to_the_end(service, CHANNEL, name, options, users, seed)
    before = await everything_told(service, game)
    assert len(before) > len(users) * 3, "the log has several pages"
    await refuses_undo(service, game)

    clock.now += PACK_AFTER - 3_600
    await service.upkeep.tick()
    assert not await database.is_packed(game.id), "packed only once it ended long enough ago"
    clock.now += 2 * 3_600
    await service.upkeep.tick()
    assert await database.is_packed(game.id)

    assert await everything_told(service, game) == before
    await refuses_undo(service, game)
    assert await database.game(game.id) == game


async def test_a_packed_rebirth_games_log_reads_as_before(database):
    await packs_and_reads_the_same(database, "rebirth", {"map": "scotland"}, (11, 22, 33, 44), seed=12)


@pytest.mark.slow
async def test_a_packed_revive_games_log_reads_as_before(database):
    await packs_and_reads_the_same(database, "revive", {}, (11, 22, 33), seed=13)
