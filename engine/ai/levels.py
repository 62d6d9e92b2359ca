"""The opponent's levels: each a documented budget and playout policy (docs/ai.md).

- `easy`: the fallback player (engine/fallback.py): one move looked ahead, no search.
- `normal`: the information-set search with a small budget (about a second of one core).
- `strong`: the same search with about three times the budget (about 3 s of one core).

Budgets are set for a 4-player Scotland board and divided by the game's `search_cost` (an
Ireland iteration costs about 3.75 of them, a Revive one 2), so no level names a game.

A level's budget is a number of iterations per game, not a time: a decision must come out the
same when it is worked out again (after a restart mid-thought, or by a replay), and a clock
would make it depend on how busy the machine was. The counts are set so a decision stays
within the level's time on one core here (`tabletop arena` reports the seconds per decision).
"""

from __future__ import annotations

from dataclasses import dataclass

EASY = "easy"
NORMAL = "normal"
STRONG = "strong"


@dataclass(frozen=True)
class Level:
    """A level: its name, its iterations on a 4-player Scotland board (divided by the game's
    `search_cost` elsewhere), the seconds it is meant to stay within, the moves it searches, and
    the playout policy with its length in moves."""

    name: str
    searches: bool
    seconds: float = 0.0
    base_iterations: int = 0
    widest: int | None = None
    playout: str = "random"
    playout_moves: int = 40

    def iterations(self, cost: float = 1.0) -> int:
        """The budget where an iteration costs `cost` times a Scotland one (`Game.search_cost`)."""
        return max(1, round(self.base_iterations / cost))


LEVELS: dict[str, Level] = {
    EASY: Level(EASY, searches=False),
    NORMAL: Level(NORMAL, searches=True, seconds=1.0, base_iterations=300, widest=6),
    STRONG: Level(STRONG, searches=True, seconds=3.0, base_iterations=1000, widest=10),
}
"""Every level by name, weakest first."""


def level(name: str) -> Level:
    """The level called `name` (a `ValueError` naming the levels otherwise)."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"no level {name!r}: {', '.join(LEVELS)}") from None
