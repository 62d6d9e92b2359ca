"""The whole state of a Rebirth game, serialisable to JSON and back without loss.

All randomness happens at setup (each player's shuffled tiles, the mission deck, the first
player), drawn from the seed; the shuffled orders are part of the state and hidden from views.
So a seed plus the list of moves always replays to the same state.

A state a move returns shares the lists and dicts the move left alone with the state before it
(`RebirthState.fork`, what makes a search's playouts cheap): states are values, and code that
changes one in place (a test setting up a position) does so on a `copy()`.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

NEUTRAL = -1  # the seat number of a face-down neutral tile on the board


@dataclass
class RebirthState:
    map_id: str
    players: int
    seed: int
    current: int | None
    turn: int = 0
    board: dict[str, tuple[int, str]] = field(default_factory=dict)
    hands: list[str | None] = field(default_factory=list)
    supplies: list[list[str]] = field(default_factory=list)
    set_aside: list[list[str]] = field(default_factory=list)
    missions: list[list[str]] = field(default_factory=list)
    mission_deck: list[str] = field(default_factory=list)
    cathedral_markers: dict[str, list[int]] = field(default_factory=dict)
    castles: dict[str, int | None] = field(default_factory=dict)
    scores: list[dict[str, int]] = field(default_factory=list)
    resigned: list[bool] = field(default_factory=list)
    discarded: list[list[str]] = field(default_factory=list)
    # Ireland (advanced mode); empty on Scotland.
    public_missions: list[str] = field(default_factory=list)
    public_done: dict[str, list[int]] = field(default_factory=dict)  # card -> seats, in order
    towers: dict[str, str] = field(default_factory=dict)  # tower space -> bonus tile id
    towers_used: dict[str, list[int]] = field(default_factory=dict)
    doubling: list[bool] = field(default_factory=list)  # True while the marker is unused
    pending: list[dict[str, Any]] = field(default_factory=list)  # tower bonuses still to resolve
    finished: bool = False
    final: dict[str, Any] | None = None
    last: dict[str, Any] | None = None

    def copy(self) -> RebirthState:
        """A copy deep enough that applying a move to it leaves this state untouched."""
        return RebirthState(
            map_id=self.map_id,
            players=self.players,
            seed=self.seed,
            current=self.current,
            turn=self.turn,
            board=dict(self.board),
            hands=list(self.hands),
            supplies=[list(s) for s in self.supplies],
            set_aside=[list(s) for s in self.set_aside],
            missions=[list(m) for m in self.missions],
            mission_deck=list(self.mission_deck),
            cathedral_markers={k: list(v) for k, v in self.cathedral_markers.items()},
            castles=dict(self.castles),
            scores=[dict(s) for s in self.scores],
            resigned=list(self.resigned),
            discarded=[list(d) for d in self.discarded],
            public_missions=list(self.public_missions),
            public_done={k: list(v) for k, v in self.public_done.items()},
            towers=dict(self.towers),
            towers_used={k: list(v) for k, v in self.towers_used.items()},
            doubling=list(self.doubling),
            pending=[dict(p) for p in self.pending],
            finished=self.finished,
            final=self.final,
            last=self.last,
        )

    def fork(self) -> RebirthState:
        """A copy for one move, cheap enough for a search's playouts: the board and the
        per-seat lists every placement changes (hands, supplies, scores) are new; every other
        list and dict, and the lists and dicts inside them, are shared with this state. So a
        move changes what it shares only by replacing it (`apply.py`: a new list for the seat's
        supply, a new dict for the castles), and this state stays as it was. Change a state in
        place only after `copy()`."""
        new = object.__new__(RebirthState)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields["board"] = dict(self.board)
        fields["hands"] = list(self.hands)
        fields["supplies"] = list(self.supplies)
        fields["scores"] = list(self.scores)
        return new

    def total(self, seat: int) -> int:
        return sum(self.scores[seat].values())

    def dumps(self) -> str:
        """Canonical JSON: equal states give equal text, which the replay test relies on."""
        data = asdict(self)
        data["board"] = {space: list(tile) for space, tile in self.board.items()}
        return json.dumps(data, sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> RebirthState:
        data = json.loads(text)
        data["board"] = {space: (seat, tile) for space, (seat, tile) in data["board"].items()}
        return cls(**data)
