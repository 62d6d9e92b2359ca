"""Random playouts per second: how many whole games of uniformly random legal moves a game's
engine plays on one core, the inner loop of a search-based player.

    python bench/playouts.py revive 4 20

A playout is `new_game`, then `to_move`, `legal_moves`, a random choice and `apply` until
`is_over`. Pure Python through the registry (games.registry.load_engine): no Discord, no database.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import load_engine  # noqa: E402  (the root on the path first, for `python bench/...`)


def playouts_per_second(game: str, options: dict[str, str], players: int, count: int, seed: int = 1) -> float:
    """Random games of `game` played per second: `count` of them from seeds `seed`, `seed + 1`, ...,
    the moves drawn from one generator seeded `seed` (the engine is loaded before the clock starts)."""
    engine = load_engine(game)
    chooser = random.Random(seed)
    started = time.perf_counter()
    for number in range(count):
        state = engine.new_game(players, dict(options), seed + number)
        while not engine.is_over(state):
            seat = engine.to_move(state)
            moves = engine.legal_moves(state, seat)
            state = engine.apply(state, seat, moves[chooser.randrange(len(moves))]).state
    return count / (time.perf_counter() - started)


if __name__ == "__main__":
    game, players, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 20
    print(f"{game} {players}p: {playouts_per_second(game, {}, players, count):.1f} playouts/s")
