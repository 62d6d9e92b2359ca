"""The contract every game engine implements, and helpers shared by all of them.

Modelled on OpenSpiel's python games (state + legal actions + apply) and python-chess (moves as
short text, errors as ValueError subclasses). Turn bookkeeping around the game (who is which
Discord user, versions, timestamps) lives in the service, as in boardgame.io.

Everything the service, the presenters and the fallback player need from a game is a public
method of `Game`: nothing outside a game's own package reads its raw state or calls its private
methods. A state is opaque to everybody else; its facts reach them through `view` (typed per game,
in `engine/<game>/views.py`) and through the events of `Applied`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NotRequired, Protocol, TypedDict

RESIGN = "resign"
"""The move every game accepts from any seat in play: leave the game (`/game resign`). It is also
the `kind` of the event it makes, in every game."""

SEAT_COLOURS = ("orange", "blue", "green", "purple")
"""Seat colours in seat order, the same in every game (the presenters' emoji and the renderers'
seat styles are keyed by them)."""
SEAT_LETTERS = {colour: colour[0].upper() for colour in SEAT_COLOURS}
"""Each colour's letter (O, B, G, P), shown beside it so a seat reads without telling colours apart."""


@dataclass(frozen=True)
class MoveChoice:
    """One legal move, as offered to a player: the notation they type and a label saying what it
    does. `rank` orders the list, most useful first (higher first). `points` is what the move
    scores its mover now, when the game knows it without playing the move (typing `+3` narrows
    the list to the moves that score exactly 3: service/move_text.py)."""

    notation: str
    label: str
    rank: float = 0.0
    points: int | None = None


class EventBase(TypedDict):
    """What every game's events hold, so the service can group and store them without knowing
    the game. Each game's events extend it with their own facts (`engine/<game>/views.py`)."""

    kind: str
    turn: NotRequired[int]  # the turn the move belongs to (games that batch a turn's moves)
    turn_over: NotRequired[bool]  # this move ended its player's turn
    changed: NotRequired[list[str]]  # board places this move changed (marked on the turn's image)
    move: NotRequired[str]  # the engine's own spelling of the move


@dataclass(frozen=True)
class Applied:
    """The result of a move: the new state and a public event describing what happened.

    `private` holds what only one seat may learn (for example the mission card they drew),
    keyed by seat; it never goes into a channel message. `notation` is the move as stored: the
    engine's canonical spelling, which replays it exactly (`F7 x2`, `explore F02 off gear`).
    """

    state: Any
    event: EventBase
    private: dict[int, dict[str, Any]]
    notation: str = ""


@dataclass(frozen=True)
class Decision:
    """A question the game waits on inside a turn: who answers it (`seat`, possibly not the
    player whose turn it is) and what kind it is (the game's own word: `reward`, `choice`)."""

    seat: int
    kind: str


ValueFn = Callable[[Any, Any, int, Any], float]
"""`value(engine, state, seat, before)`: the seat's worth in `state` (a throwaway copy the
function may change); `before` is the state the move was chosen in."""


def _no_closing_worth(engine: Any, state: Any, seat: int, move: str, moves: list[str]) -> float:
    return 0.0


def _never(move: str) -> bool:
    return False


RULES_OPTION = "rules"
"""The option that names a game's rules version (an int; docs/architecture.md "Rules versions").
Absent means the engine's current version; a game stored before a rules change carries the
version it was played under, so its replay from the seed does what its moves did then."""


@dataclass(frozen=True)
class FallbackPolicy:
    """How the fallback player (`engine/fallback.py`) values a game's states; each game declares
    its own beside its rules (`engine/<game>/fallback.py`) and exposes it as `fallback_policy`.

    - `value`: see `ValueFn`.
    - `closing`: moves that pass or stop; worth `closing_worth(...)` (by default 0, "no change").
    - `hidden(move)`: moves that draw from a face-down pile; worth the mean of their kind.
    - `side(move)`: free trades open at any time; played only when they gain by themselves or
      make a better move legal.
    """

    value: ValueFn
    closing: frozenset[str] = frozenset()
    hidden: Callable[[str], bool] = _never
    side: Callable[[str], bool] = _never
    closing_worth: Callable[[Any, Any, int, str, list[str]], float] = _no_closing_worth


class Game(Protocol):
    """What the service, the presenters, the fallback player and the command line need from a game.

    `state` is opaque outside the game's package: only these methods read it.
    """

    id: str
    min_players: int
    max_players: int
    fallback_policy: FallbackPolicy

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> Any: ...
    def to_move(self, state: Any) -> int | None: ...
    def legal_moves(self, state: Any, seat: int) -> list[str]: ...
    def move_choices(self, state: Any, seat: int, locale: str | None = None) -> list[MoveChoice]: ...
    def with_previews(
        self, state: Any, seat: int, choices: list[MoveChoice], locale: str | None = None
    ) -> list[MoveChoice]:
        """`choices` with labels saying what each would change now (a game without previews
        returns them as they are). Only for the few choices shown: a preview plays the move."""
        ...

    def button_moves(
        self, state: Any, seat: int, limit: int, locale: str | None = None
    ) -> list[MoveChoice]:
        """The moves worth a button for `seat` now (every answer to a small decision, or the move
        that ends the turn), none when there would be more than `limit`."""
        ...

    def open_decision(self, state: Any) -> Decision | None:
        """The decision the game waits on inside a turn, and who answers it; None between turns."""
        ...

    def is_quiet(self, move: str) -> bool:
        """A move that changes nothing worth retelling (pass, end): a catch-up leaves it out."""
        ...

    def apply(self, state: Any, seat: int, move: str) -> Applied: ...
    def reveals(self, before: Any, after: Any, seat: int) -> str | None:
        """The undo policy: why going back from `after` to `before` would hide what someone has
        seen (a translation key), or None when `/undo` may take the move back."""
        ...

    def view(self, state: Any, seat: int | None, locale: str | None = None) -> Any: ...
    def is_over(self, state: Any) -> bool: ...
    def scores(self, state: Any) -> list[int]: ...
    def score_if_ended(self, state: Any) -> list[int]:
        """Each seat's total if the game ended now (the final scoring run on a copy)."""
        ...

    def describe_content(self, state: Any) -> dict[str, Any] | None:
        """What a game record carries so an independent referee can check it (the map's tile
        mix, the mission decks); None when the seed and the content files say it all."""
        ...

    def record_seat(self, state: Any, seat: int) -> dict[str, Any]:
        """What a record adds to a seat's entry at setup, beyond its number and colour: the
        hidden facts a referee needs (say, the tiles it set aside); empty when there are none."""
        ...

    def record_move(self, applied: Applied) -> dict[str, Any]:
        """What a record adds to a move's entry, beyond the move, its tile and its points: the
        hidden facts the move revealed (say, the cards a seat drew, by seat as a string key);
        empty when there are none. JSON values only, so a stored record compares equal."""
        ...

    def dumps(self, state: Any) -> str: ...
    def loads(self, text: str) -> Any: ...


def seat_order(count: int, seed: int) -> list[int]:
    """The order in which `count` joined players take seats, decided by the game's seed.

    Seat 0 is not necessarily first to move: each game picks its first player from the seed too.
    """
    order = list(range(count))
    random.Random(f"seats:{seed}").shuffle(order)
    return order
