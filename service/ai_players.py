"""The AI players' decisions, worked out in the bot's worker processes (service/workers.py).

A search takes up to a few seconds of one core (engine/ai/levels.py): on the event loop it would
hold every channel, so each decision is one call into the same pool that draws the boards, with
only plain data crossing (the game id, the state as text, the seat, the level, the seed). The
worker looks the engine up in the registry once and keeps it.

A decision is a function of the stored game alone (its state, and a seed made of the game's seed
and version), so a bot restarted mid-thought works out the same move again.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from engine.ai import EASY, choose
from engine.ai.levels import level as level_named
from games.registry import load_engine

ITERATIONS_VARIABLE = "TABLETOP_AI_ITERATIONS"
"""At most this many sampled worlds (the tree search's iterations) a decision, whatever the
level says (unset: the level's own): for a small machine, and for the tests, where hundreds of
decisions must stay quick."""


def iterations_cap(environ: Mapping[str, str] = os.environ) -> int | None:
    """`ITERATIONS_VARIABLE` as a whole number at least 1, or None (unset or not a number)."""
    text = environ.get(ITERATIONS_VARIABLE, "").strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


def decide(game_id: str, state_text: str, seat: int, level: str, seed: int, cap: int | None) -> str:
    """`seat`'s move at `level` in the stored state `state_text` (run in a worker)."""
    engine = load_engine(game_id)
    state = engine.loads(state_text)
    iterations = None
    if cap is not None and level != EASY:
        iterations = min(cap, level_named(level).iterations(engine.search_cost(state)))
    return choose(engine, state, seat, level=level, seed=seed, iterations=iterations)
