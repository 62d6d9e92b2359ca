"""The opponent's levels: each a documented budget and playout policy (docs/ai.md).

- `easy`: the fallback player (engine/fallback.py): one move looked ahead, no search.
- `normal`: the information-set search with a small budget (about a second of one core).
- `strong`: the same search with about three times the budget (about 3 s of one core).

A level's budget is a number of iterations per game, not a time: a decision must come out the
same when it is worked out again (after a restart mid-thought, or by a replay), and a clock
would make it depend on how busy the machine was. The counts are set so a decision stays
within the level's time on one core here (`tabletop arena` reports the seconds per decision).
"""

from __future__ import annotations

from dataclasses import dataclass, field

EASY = "easy"
NORMAL = "normal"
STRONG = "strong"


@dataclass(frozen=True)
class Level:
    """A level: its name, iterations per mode (a game id, or `game:map` for a map that plays
    slower; `default_iterations` for a mode not listed), the seconds it is meant to stay
    within, the playout policy and its length in moves."""

    name: str
    searches: bool
    seconds: float = 0.0
    default_iterations: int = 0
    iterations_by_game: dict[str, int] = field(default_factory=dict)
    playout: str = "random"
    playout_moves: int = 40
    widest: int | None = None

    def iterations(self, mode: str) -> int:
        """The budget in `mode` (`game` or `game:map`): the map's own, else the game's, else
        the default."""
        game = mode.split(":")[0]
        by_mode = self.iterations_by_game
        return by_mode.get(mode, by_mode.get(game, self.default_iterations))


LEVELS: dict[str, Level] = {
    EASY: Level(EASY, searches=False),
    NORMAL: Level(
        NORMAL,
        searches=True,
        seconds=1.0,
        default_iterations=100,
        iterations_by_game={"rebirth": 300, "rebirth:ireland": 80, "revive": 150},
        widest=6,
    ),
    STRONG: Level(
        STRONG,
        searches=True,
        seconds=3.0,
        default_iterations=300,
        iterations_by_game={"rebirth": 1000, "rebirth:ireland": 250, "revive": 450},
        widest=10,
    ),
}
"""Every level by name, weakest first."""


def level(name: str) -> Level:
    """The level called `name` (a `ValueError` naming the levels otherwise)."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"no level {name!r}: {', '.join(LEVELS)}") from None
