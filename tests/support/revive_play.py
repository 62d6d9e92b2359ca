"""Random Revive play: for the image tests (tests/render/test_revive_legibility.py,
tests/i18n/test_image_words.py), and long games stored move by move (the undo tests)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any


def random_play(game: Any, players: int, seed: int) -> Iterator[tuple[Any, tuple[str, ...]]]:
    """Random legal moves from a new game seeded `seed`, to its end: after each move, the state
    and the places the last whole turn changed (what its channel message rings)."""
    rng = random.Random(seed)
    state = game.new_game(players, {}, seed)
    changed: list[str] = []
    last: tuple[str, ...] = ()
    while not state.finished:
        seat = game.to_move(state)
        legal = game.legal_moves(state, seat)
        applied = game.apply(state, seat, legal[rng.randrange(len(legal))])
        state = applied.state
        changed += [str(p) for p in applied.event.get("changed", ())]
        if applied.event.get("turn_over"):
            last, changed = tuple(changed), []
        yield state, last


async def recorded_play(
    tables: Any, channel_id: int, moves: int, seed: int, reveals: bool = False
) -> tuple[Any, int]:
    """Random legal moves stored in the channel's Revive game as its players' own (the way a
    long game gets long, without a message or an image each), `moves` of them and then one
    more by the seat to move, chosen so that it shows something hidden (`reveals`) or nothing:
    the game and the player who made that last move."""
    game = await tables.db.open_game(channel_id)
    engine = tables.presenter(game).engine
    state = engine.loads(game.state)
    rng = random.Random(seed)
    for count in itertools.count():
        seat = engine.to_move(state)
        legal = engine.legal_moves(state, seat)
        if count >= moves:
            for move in legal:
                applied = engine.apply(state, seat, move)
                shows = bool(engine.reveals(state, applied.state, seat))
                if shows == reveals and not engine.is_over(applied.state):
                    game = await tables.record(game, engine, state, seat, game.players[seat], applied)
                    return game, game.players[seat]
        applied = engine.apply(state, seat, legal[rng.randrange(len(legal))])
        assert not engine.is_over(applied.state), "the game ended before it was long enough"
        game = await tables.record(game, engine, state, seat, game.players[seat], applied)
        state = applied.state
    raise AssertionError("unreachable")
