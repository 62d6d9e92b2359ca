"""The contract every game engine implements, and helpers shared by all of them.

Modelled on OpenSpiel's python games (state + legal actions + apply) and python-chess (moves as
short text, errors as ValueError subclasses). Turn bookkeeping around the game (who is which
Discord user, versions, timestamps) lives in the service, as in boardgame.io.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class MoveChoice:
    """One legal move, as offered to a player: the notation they type and a label saying what it
    does. `rank` orders the list, most useful first (higher first)."""

    notation: str
    label: str
    rank: float = 0.0


@dataclass(frozen=True)
class Applied:
    """The result of a move: the new state and a public event describing what happened.

    `private` holds what only one seat may learn (for example the mission card they drew),
    keyed by seat; it never goes into a channel message.
    """

    state: Any
    event: dict[str, Any]
    private: dict[int, dict[str, Any]]


class Game(Protocol):
    """What the service and the command line need from a game."""

    id: str
    min_players: int
    max_players: int

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_moves(self, state: Any, seat: int) -> list[str]: ...
    def move_choices(self, state: Any, seat: int, locale: str | None = None) -> list[MoveChoice]: ...
    def apply(self, state: Any, seat: int, move: str) -> Applied: ...
    def reveals(self, before: Any, after: Any, seat: int) -> str | None: ...
    def view(self, state: Any, seat: int | None, locale: str | None = None) -> dict[str, Any]: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[int]: ...
    def dumps(self, state: Any) -> str: ...
    def loads(self, text: str) -> Any: ...


def seat_order(count: int, seed: int) -> list[int]:
    """The order in which `count` joined players take seats, decided by the game's seed.

    Seat 0 is not necessarily first to move: each game picks its first player from the seed too.
    """
    order = list(range(count))
    random.Random(f"seats:{seed}").shuffle(order)
    return order
