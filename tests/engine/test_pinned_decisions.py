"""The fallback's decisions and the engines' traces, pinned: speeding up the engines or the
fallback must not change one move, one valuation or one byte of a record.

The fallback's move is what a game with an `easy` seat stores, and what every reply of a search
plays; its valuation ranks a search's candidates and values where its replies stop. So each is
pinned exactly over states of every game at 4 players (and Revive at 2): the chosen move, every
move's gain and every seat's value (each float by its `repr`, no rounding), and a sampled-replies
decision with its worths. The random playouts a search runs are pinned as a trace: every legal
move list, notation, event and dump along them.

The pins were written by the code before the speed-ups (`python -m tests.engine.test_pinned_decisions`
prints them); a change that means to change a decision writes them anew and says why.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.ai.ismcts import valued
from engine.ai.replies import search_replies
from engine.base import RESIGN, AnyGame
from engine.fallback import choose_move, move_gains
from games.registry import load_engine

PINS = Path(__file__).resolve().parent.parent / "fixtures" / "pinned-decisions.json"

MODES: dict[str, tuple[str, dict[str, str], int, int]] = {
    # name: game, options, players, keep every n-th state
    "scotland_4p": ("rebirth", {"map": "scotland"}, 4, 4),
    "ireland_4p": ("rebirth", {"map": "ireland"}, 4, 4),
    "revive_4p": ("revive", {}, 4, 23),
    "revive_2p": ("revive", {}, 2, 17),
}
SEED = 7
SEARCHED = 3  # states of each mode a sampled-replies search decides on (it is slower)


def digest(data: Any) -> str:
    """A short fingerprint of `data` as canonical JSON."""
    text = json.dumps(data, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def mixed_states(engine: AnyGame, options: dict[str, str], players: int, every: int) -> list[Any]:
    """Every `every`-th state of a game where each move is the fallback's or a random one (never a
    resignation), half and half by a seeded draw: positions a fallback game reaches, and some it
    would not."""
    state = engine.new_game(players, dict(options), SEED)
    draw = random.Random(SEED)
    kept, count = [], 0
    while not engine.is_over(state):
        seat = engine.to_move(state)
        if count % every == 0:
            kept.append(state)
        if draw.random() < 0.5:
            move = choose_move(engine, state, seat, SEED)
        else:
            legal = [move for move in engine.legal_moves(state, seat) if move != RESIGN]
            move = legal[draw.randrange(len(legal))]
        state = engine.apply(state, seat, move).state
        count += 1
    return kept


def decisions(mode: str) -> list[dict[str, Any]]:
    """What the fallback decides and values at each kept state of `mode`."""
    game_id, options, players, every = MODES[mode]
    engine = load_engine(game_id)
    states = mixed_states(engine, options, players, every)
    gap = len(states) // (SEARCHED + 1)
    searched = {gap * (n + 1) for n in range(SEARCHED)}
    pins = []
    for index, state in enumerate(states):
        seat = engine.to_move(state)
        gains = move_gains(engine, state, seat)
        pin: dict[str, Any] = {
            "move": choose_move(engine, state, seat, index),
            "gains": digest(sorted((move, repr(gain)) for move, gain in gains.items())),
            "values": [repr(value) for value in valued(engine, state)],
        }
        if index in searched:
            result = search_replies(engine, state, seat, seed=index, iterations=2, widest=4)
            pin["search"] = [result.move, {move: repr(worth) for move, worth in sorted(result.means.items())}]
        pins.append(pin)
    return pins


def trace(mode: str, seed: int) -> str:
    """A random playout of `mode` from `seed`, as bench/playouts.py plays it: the fingerprint of
    every legal move list, notation, event, private note and dump along it."""
    game_id, options, players, _ = MODES[mode]
    engine = load_engine(game_id)
    state = engine.new_game(players, dict(options), seed)
    chooser = random.Random(seed)
    steps = [engine.dumps(state)]
    while not engine.is_over(state):
        seat = engine.to_move(state)
        legal = engine.legal_moves(state, seat)
        applied = engine.apply(state, seat, legal[chooser.randrange(len(legal))])
        state = applied.state
        steps.append(digest([legal, applied.notation, applied.event, applied.private, engine.dumps(state)]))
    return digest(steps)


TRACES = [(mode, seed) for mode in MODES for seed in (1, 2)]


def pinned() -> dict[str, Any]:
    return json.loads(PINS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("mode", MODES)
def test_the_fallback_decides_and_values_as_pinned(mode):
    expected = pinned()["decisions"][mode]
    found = decisions(mode)
    assert len(found) == len(expected)
    for index, (pin, was) in enumerate(zip(found, expected, strict=True)):
        assert pin == was, f"{mode}, state {index}"


@pytest.mark.parametrize(("mode", "seed"), TRACES)
def test_random_playouts_play_and_record_as_pinned(mode, seed):
    assert trace(mode, seed) == pinned()["traces"][f"{mode}:{seed}"]


def main() -> int:
    """Print the pins of the code as it is (to write `PINS` anew)."""
    pins = {
        "decisions": {mode: decisions(mode) for mode in MODES},
        "traces": {f"{mode}:{seed}": trace(mode, seed) for mode, seed in TRACES},
    }
    json.dump(pins, sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
