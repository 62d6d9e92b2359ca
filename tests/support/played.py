"""Whole games stored through the service with seeded random moves, as their players' own: long
games quickly, without a message or an image a move (the packing tests)."""

from __future__ import annotations

import random
from typing import Any

from db import GameRecord
from service.game_service import GameService
from service.messages import Caller


def seated(user: int, channel: int, guild: int = 1) -> Caller:
    return Caller(user_id=user, channel_id=channel, guild_id=guild, display_name=f"user{user}")


async def played_to_the_end(
    service: GameService,
    channel: int,
    game_id: str,
    options: dict[str, Any],
    users: tuple[int, ...],
    seed: int,
    guild: int = 1,
) -> GameRecord:
    """A table of `users` opened, started and played to its end in `channel` of server `guild`:
    the finished game."""
    await service.lobby.new_game(seated(users[0], channel, guild), game_id, options)
    for user in users[1:]:
        await service.lobby.join(seated(user, channel, guild))
    await service.lobby.start(seated(users[0], channel, guild))
    game = await service.db.open_game(channel)
    assert game is not None
    engine = service.tables.presenter(game).engine
    state = engine.loads(game.state or "")
    chooser = random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        legal = engine.legal_moves(state, seat)
        applied = engine.apply(state, seat, legal[chooser.randrange(len(legal))])
        game = await service.tables.record(game, engine, state, seat, game.players[seat], applied)
        state = applied.state
    assert game.status == "finished"
    return game
