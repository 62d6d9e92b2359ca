"""The AI opponent: one entry point, `choose`, for every game on the `Game` contract.

Pure like the rest of engine/: no I/O, no asyncio, no Discord. The service runs it in its worker
processes (service/workers.py) with a level's iteration budget, so the same stored game always
gives the same decision. docs/ai.md says how the search works and what each level costs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ai.ismcts import greedy_playout, random_playout, search
from engine.ai.levels import EASY, LEVELS, MEASURED, NORMAL, REPLIES, STRONG, Level, level
from engine.ai.levels import level as level_named
from engine.ai.replies import search_replies
from engine.base import AnyGame
from engine.fallback import Seen, choose_move

__all__ = ["EASY", "LEVELS", "MEASURED", "NORMAL", "STRONG", "Level", "choose", "level"]

PLAYOUTS = {"random": random_playout, "greedy": greedy_playout}


def choose(
    game: AnyGame,
    state: Any,
    seat: int,
    *,
    level: str,
    seed: int,
    iterations: int | None = None,
    seconds: float | None = None,
    seen: Seen | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    """A legal move for `seat` (who must be to move) at `level` (a level, or a kind `tabletop
    arena` measures: engine/ai/levels.py): the same inputs give the same move. `iterations`
    (worlds sampled, or the tree's iterations) or `seconds` cap the level's own budget (seconds
    make it depend on the machine, and need a `clock` such as `time.perf_counter`: the engine
    reads none); `seen` is the fallback's tie-break text at `easy` (engine/fallback.py)."""
    chosen = level_named(level)
    if chosen.search is None:
        return choose_move(game, state, seat, seed, seen)
    if chosen.search == REPLIES:
        assert chosen.widest is not None, "sampled replies need their candidates' count"
        return search_replies(
            game,
            state,
            seat,
            seed=seed,
            iterations=iterations,
            moves=chosen.moves(game.fallback_cost(state)),
            work_at_most=chosen.work(),
            widest=chosen.widest,
            seconds=seconds,
            clock=clock,
        ).move
    given = iterations is not None or seconds is not None
    budget = iterations if given else chosen.iterations(game.search_cost(state))
    result = search(
        game,
        state,
        seat,
        seed=seed,
        iterations=budget,
        seconds=seconds,
        playout=PLAYOUTS[chosen.playout],
        playout_moves=chosen.playout_moves,
        clock=clock,
        widest=chosen.widest,
    )
    return result.move
