"""The opponent's levels: each a documented budget and search (docs/ai.md).

- `easy`: the fallback player (engine/fallback.py): one move looked ahead, no search.
- `normal`: sampled replies (engine/ai/replies.py) over the fallback's 4 best moves, with a
  budget of about half a second of one core on a 4-player Scotland board.
- `strong`: the same over its 6 best moves, with three times the budget.
- `tree` (not offered at the table; `tabletop arena` measures it): the information-set tree
  search (engine/ai/ismcts.py), which the sampled replies beat.

A budget is counted in work done, never in time: a decision must come out the same when it is
worked out again (after a restart mid-thought, or by a replay), and a clock would make it depend
on how busy the machine was. Sampled replies count the fallback moves they play, on a 4-player
Scotland board (about 1.2 ms each), divided by the game's `fallback_cost` (an Ireland move costs
about 1.7 of them, a Revive one 0.7: docs/ai.md "Cost: one fallback move"), and they stop early
where the moves they weigh, at what the game says each costs in that position
(`Game.weighing_cost`), would take a decision past three quarters of the level's seconds. The
tree search counts iterations on a 4-player Scotland board, divided by the game's `search_cost` (an Ireland
iteration costs about 3.75 of them, a Revive one 2).
"""

from __future__ import annotations

from dataclasses import dataclass

EASY = "easy"
NORMAL = "normal"
STRONG = "strong"
TREE = "tree"

REPLIES = "replies"
"""The sampled-replies search (engine/ai/replies.py)."""

TREE_SEARCH = "tree"
"""The information-set tree search (engine/ai/ismcts.py)."""


TIME_SHARE = 0.75
"""How much of a level's seconds the sampled replies' estimated work may fill before they stop
sampling worlds: the estimate (`Game.weighing_cost`) is a fit that leaves out the rest of a
world's cost, and a busy machine is slower than the one it was measured on."""


@dataclass(frozen=True)
class Level:
    """A level: its name, which search it runs (none for `easy`), its budget (Scotland fallback
    moves for sampled replies, divided by the game's `fallback_cost` elsewhere; Scotland
    iterations for the tree, divided by the game's `search_cost`), the seconds it is meant to
    stay within on one core here, how many of the fallback's best moves it considers, and the
    tree's playout."""

    name: str
    search: str | None
    seconds: float = 0.0
    budget: int = 0
    widest: int | None = None
    playout: str = "random"
    playout_moves: int = 40

    @property
    def searches(self) -> bool:
        return self.search is not None

    def moves(self, cost: float = 1.0) -> int:
        """The sampled replies' budget where a fallback move costs `cost` times a Scotland one."""
        return max(1, round(self.budget / cost))

    def work(self) -> float:
        """The sampled replies' cap on their work, in `Game.weighing_cost` microseconds."""
        return self.seconds * TIME_SHARE * 1_000_000

    def iterations(self, cost: float = 1.0) -> int:
        """The tree's budget where an iteration costs `cost` times a Scotland one."""
        return max(1, round(self.budget / cost))


LEVELS: dict[str, Level] = {
    EASY: Level(EASY, search=None),
    NORMAL: Level(NORMAL, search=REPLIES, seconds=1.0, budget=400, widest=4),
    STRONG: Level(STRONG, search=REPLIES, seconds=3.0, budget=1200, widest=6),
}
"""Every level a table can choose, weakest first."""

MEASURED: dict[str, Level] = {
    **LEVELS,
    TREE: Level(TREE, search=TREE_SEARCH, seconds=1.0, budget=300, widest=6),
}
"""Every kind of player `tabletop arena` can seat: the levels, and the tree search beside them."""


def level(name: str) -> Level:
    """The level or measured kind called `name` (a `ValueError` naming the levels otherwise)."""
    try:
        return MEASURED[name]
    except KeyError:
        raise ValueError(f"no level {name!r}: {', '.join(LEVELS)}") from None
