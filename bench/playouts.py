"""Random playouts per second: the inner loop of a search (engine/ai), measured on one core.

A playout is what an information-set search runs for every iteration: `new_game`, then
`to_move`, `legal_moves`, a uniformly random choice and `apply` until `is_over`. It skips what
`engine.records.random_game` adds for self-play (records, events kept), so the figure is the
engine's own speed. Generic over the registry: any game `games.registry.load_engine` knows.

Run as `python bench/playouts.py rebirth map=ireland 4 200` for one figure.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as `python bench/playouts.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.registry import load_engine  # noqa: E402


def playout(game: str, options: dict[str, str], players: int, seed: int, chooser: random.Random) -> int:
    """One random playout from a new game dealt from `seed`; the number of moves it took."""
    engine = load_engine(game)
    state = engine.new_game(players, dict(options), seed)
    moves = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None, "a game not over has a seat to move"
        legal = engine.legal_moves(state, seat)
        state = engine.apply(state, seat, legal[chooser.randrange(len(legal))]).state
        moves += 1
    return moves


def playouts_per_second(game: str, options: dict[str, str], players: int, count: int, seed: int = 1) -> float:
    """Whole random playouts per second over `count` games dealt from seeds `seed`, `seed + 1`, ...

    One untimed playout first, so loading the content and building the board tables is not
    charged to the first timed one.
    """
    playout(game, options, players, seed - 1, random.Random(seed - 1))
    chooser = random.Random(seed)
    start = time.perf_counter()
    for n in range(count):
        playout(game, options, players, seed + n, chooser)
    return count / (time.perf_counter() - start)


def main(argv: list[str]) -> int:
    """`game [key=value ...] players count`: print the playouts per second."""
    game, *options_text, players, count = argv
    options = dict(pair.split("=", 1) for pair in options_text)
    print(f"{playouts_per_second(game, options, int(players), int(count)):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
