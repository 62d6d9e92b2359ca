"""The whole state of a Revive game, as JSON-native data.

Revive's state is large and nested (player boards, card slots, displays, decks, a board of area
tiles), so it is kept as plain dicts and lists rather than a tree of classes: it serialises
without custom code, and `copy()` is one pickle round trip. Every shuffle is drawn from the seed at
setup; later draws take the top of those shuffled decks, so the seed plus the moves replay the
game. Decisions inside an action live on `stack` (see engine/revive/apply.py).
"""

from __future__ import annotations

import json
import pickle
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class ReviveState:
    players: int
    seed: int
    current: int | None
    turn: int = 0
    actions_taken: int = 0
    seats: list[dict[str, Any]] = field(default_factory=list)
    board: dict[str, Any] = field(default_factory=dict)  # slot -> {"tile", "rotation", "face_up"}
    corners: dict[str, dict[str, Any]] = field(default_factory=dict)  # corner -> large location side
    pieces: dict[str, list[list[Any]]] = field(default_factory=dict)  # space -> [[seat, kind], ...]
    decks: dict[str, Any] = field(default_factory=dict)  # face-down piles, in draw order
    displays: dict[str, Any] = field(default_factory=dict)  # face-up displays
    crater: list[str] = field(default_factory=list)  # major artifacts still on the board
    end_tile: int | None = None  # the seat that took the last major artifact
    end_turn: int | None = None  # the turn in which it was taken (not a final turn)
    final_turns: list[int] = field(default_factory=list)  # seats still owed their final turn
    stack: list[dict[str, Any]] = field(default_factory=list)  # decisions waiting for a move
    finished: bool = False
    final: dict[str, Any] | None = None
    rules: int = 1  # the rules version (tables.py RULES_VERSION); a state stored without one is 1

    def copy(self) -> ReviveState:
        """A deep copy; pickle round-trips plain data several times faster than deepcopy."""
        copied: ReviveState = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        return copied

    def dumps(self) -> str:
        """Canonical JSON: equal states give equal text (the replay test relies on it)."""
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> ReviveState:
        return cls(**json.loads(text))


def seat_to_move(state: ReviveState) -> int | None:
    """The seat whose move it is: whoever must answer the decision on top, else the current
    player (a neighbour's exploration can ask another player to choose a reward)."""
    if state.finished:
        return None
    return state.stack[-1].get("seat", state.current) if state.stack else state.current
