"""One game whose content differs by rules version: an engine per content edition behind the one
`Game` the registry hands out.

A rules version that changes content (a rebalanced tribe) cannot be one `state.rules >= n` test
in the code: the numbers live in data files the engine indexes once. So each edition of the
content gets its own engine, and `Editions` sends every call to the engine of the state's rules
version (`new_game` to the one its `rules` option names). A game started under an older version
keeps its numbers to its end, and its replay from the seed does what its moves did.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.base import (
    RULES_OPTION,
    Applied,
    Caution,
    Decision,
    E,
    FallbackPolicy,
    Game,
    Horizon,
    MoveFacts,
    S,
    V,
)
from engine.errors import IllegalMove


class Editions(Game[S, V, E]):
    """A `Game` over one engine per rules version (versions with the same content may share one).

    - `editions`: rules version -> its engine; `current`: the version new games get.
    - `version_of(state)`: the rules version a state is played under.
    """

    def __init__(
        self, editions: Mapping[int, Game[S, V, E]], current: int, version_of: Callable[[S], int]
    ) -> None:
        self.editions = dict(editions)
        self.current = current
        self.version_of = version_of
        newest = self.editions[current]
        self.id = newest.id
        self.min_players = newest.min_players
        self.max_players = newest.max_players
        self.fallback_policy = self._policy(newest.fallback_policy)
        self.hidden_information = any(engine.hidden_information for engine in self.editions.values())

    def edition(self, version: int) -> Game[S, V, E]:
        """The engine of rules `version` (the current one for a version it does not know)."""
        return self.editions.get(version, self.editions[self.current])

    def of(self, state: S) -> Game[S, V, E]:
        """The engine a state is played under (`edition`, written out: every call of a
        playout goes through here)."""
        found = self.editions.get(self.version_of(state))
        return found if found is not None else self.editions[self.current]

    def _policy(self, policy: FallbackPolicy) -> FallbackPolicy:
        """The current edition's fallback valuation, called with the state's own engine: the
        valuation reads content (resource lists, the hibernation track) from the engine."""
        return FallbackPolicy(
            value=lambda _engine, state, seat, before: policy.value(self.of(state), state, seat, before),
            closing=policy.closing,
            hidden=policy.hidden,
            side=policy.side,
            closing_worth=lambda _engine, state, seat, move, moves: policy.closing_worth(
                self.of(state), state, seat, move, moves
            ),
        )

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> S:
        version = options.get(RULES_OPTION, self.current)
        if version not in self.editions:
            raise IllegalMove("error.rules_version", version=str(version)[:10])
        return self.editions[version].new_game(players, options, seed)

    def to_move(self, state: S) -> int | None:
        return self.of(state).to_move(state)

    def legal_moves(self, state: S, seat: int) -> list[str]:
        return self.of(state).legal_moves(state, seat)

    def moves(self, state: S, seat: int) -> list[MoveFacts]:
        return self.of(state).moves(state, seat)

    def previews(self, state: S, seat: int, moves: Sequence[MoveFacts]) -> list[MoveFacts]:
        return self.of(state).previews(state, seat, moves)

    def button_moves(self, state: S, seat: int, limit: int) -> list[MoveFacts]:
        return self.of(state).button_moves(state, seat, limit)

    def caution(self, state: S, seat: int, move: str) -> Caution | None:
        return self.of(state).caution(state, seat, move)

    def distance(self, state: S, place: str, other: str) -> int | None:
        return self.of(state).distance(state, place, other)

    def open_decision(self, state: S) -> Decision | None:
        return self.of(state).open_decision(state)

    def is_quiet(self, move: str) -> bool:
        return self.editions[self.current].is_quiet(move)

    def apply(self, state: S, seat: int, move: str) -> Applied[S, E]:
        return self.of(state).apply(state, seat, move)

    def reveals(self, before: S, after: S, seat: int) -> str | None:
        return self.of(after).reveals(before, after, seat)

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        return self.of(state).determinize(state, seat, rng)

    def search_cost(self, state: S) -> float:
        return self.of(state).search_cost(state)

    def fallback_cost(self, state: S) -> float:
        return self.of(state).fallback_cost(state)

    def weighing_cost(self, state: S) -> float:
        return self.of(state).weighing_cost(state)

    def reply_horizon(self, state: S) -> Horizon:
        return self.of(state).reply_horizon(state)

    def after_legal(self, state: S, seat: int, move: str) -> S:
        return self.of(state).after_legal(state, seat, move)

    def view(self, state: S, seat: int | None) -> V:
        return self.of(state).view(state, seat)

    def is_over(self, state: S) -> bool:
        return self.of(state).is_over(state)

    def scores(self, state: S) -> list[int]:
        return self.of(state).scores(state)

    def score_if_ended(self, state: S) -> list[int]:
        return self.of(state).score_if_ended(state)

    def describe_content(self, state: S) -> dict[str, Any] | None:
        return self.of(state).describe_content(state)

    def played_on(self, state: S) -> str | None:
        return self.of(state).played_on(state)

    def faction(self, state: S, seat: int) -> str | None:
        return self.of(state).faction(state, seat)

    def record_seat(self, state: S, seat: int) -> dict[str, Any]:
        return self.of(state).record_seat(state, seat)

    def record_move(self, applied: Applied[S, E]) -> dict[str, Any]:
        return self.of(applied.state).record_move(applied)

    def dumps(self, state: S) -> str:
        return self.of(state).dumps(state)

    def loads(self, text: str) -> S:
        """Every edition reads the same state format; the current one parses it."""
        return self.editions[self.current].loads(text)
