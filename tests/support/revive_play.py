"""Random Revive play for the image tests (tests/render/test_revive_legibility.py,
tests/i18n/test_image_words.py)."""

from __future__ import annotations

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
