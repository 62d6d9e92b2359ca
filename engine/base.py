"""The contract every game engine implements, and helpers shared by all of them.

Modelled on OpenSpiel's python games (state + legal actions + apply) and python-chess (moves as
short text, errors as ValueError subclasses). Turn bookkeeping around the game (who is which
Discord user, versions, timestamps) lives in the service, as in boardgame.io.

Everything the service, the presenters and the fallback player need from a game is a public
method of `Game`: nothing outside a game's own package reads its raw state or calls its private
methods. A state is opaque to everybody else; its facts reach them through `view` (typed per game,
in `engine/<game>/views.py`), through the events of `Applied` and through each move's
`MoveFacts`. The engine says no words: it returns facts (notation, kind, places, numbers, ids)
and the game's presenter (`presenters/<game>`) words them in the reader's language.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, NotRequired, TypedDict, TypeVar

RESIGN = "resign"
"""The move every game accepts from any seat in play: leave the game (`/game resign`). It is also
the `kind` of the event it makes, in every game."""

SEAT_COLOURS = ("orange", "blue", "green", "purple")
"""Seat colours in seat order, the same in every game (the presenters' emoji and the renderers'
seat styles are keyed by them)."""
SEAT_LETTERS = {colour: colour[0].upper() for colour in SEAT_COLOURS}
"""Each colour's letter (O, B, G, P), shown beside it so a seat reads without telling colours apart."""


@dataclass(frozen=True)
class MoveFacts:
    """One legal move as the engine knows it: facts, no words (the presenter words them).

    - `notation`: what a player types and what is stored; it replays the move exactly.
    - `kind`: the game's own word for the kind of move (`place`, `explore`, `end`), which the
      presenter picks its wording by.
    - `places`: the board places it uses (hexes, spaces, tiles), for marking them on an image.
    - `cost`: what it costs, by resource, when it costs anything.
    - `points`: what it scores its mover now, when known without playing it (None otherwise).
    - `rank`: the order it is offered in, higher first.
    - `facts`: anything else the presenter needs to word it (ids and numbers, JSON-like values).
    """

    notation: str
    kind: str
    places: tuple[str, ...] = ()
    cost: Mapping[str, int] = field(default_factory=dict)
    points: int | None = None
    rank: float = 0.0
    facts: Mapping[str, Any] = field(default_factory=dict)


DEFAULT_WEIGHING_COST = 30.0
"""`Game.weighing_cost` of a game that has not measured its own, in microseconds: about an
Ireland board's."""


@dataclass(frozen=True)
class Horizon:
    """How far the sampled-replies search (engine/ai/replies.py) plays after each candidate
    before it values where play stopped: the rest of the seat's turn and the others' replies,
    until the seat has begun `own_turns` more turns of its own (None: as many as fit), and at
    most `moves` moves in all. A longer horizon sees further what a move sets up or gives away,
    and costs more worlds of the same budget: which pays is measured per game (docs/ai.md)."""

    own_turns: int | None = 1
    moves: int = 12


class EventBase(TypedDict):
    """What every game's events hold, so the service can group and store them without knowing
    the game. Each game's events extend it with their own facts (`engine/<game>/views.py`)."""

    kind: str
    turn: NotRequired[int]  # the turn the move belongs to (games that batch a turn's moves)
    turn_over: NotRequired[bool]  # this move ended its player's turn
    changed: NotRequired[list[str]]  # board places this move changed (marked on the turn's image)
    move: NotRequired[str]  # the engine's own spelling of the move


S = TypeVar("S")
"""A game's state type (opaque outside its package)."""
V = TypeVar("V")
"""A game's view type (a TypedDict of `engine/<game>/views.py`)."""
E = TypeVar("E", bound=EventBase)
"""A game's event type (its events extend `EventBase`)."""


class Applied(Generic[S, E]):
    """The result of a move: the new state and a public event describing what happened.

    `private` holds what only one seat may learn (for example the mission card they drew),
    keyed by seat; it never goes into a channel message. `notation` is the move as stored: the
    engine's canonical spelling, which replays it exactly (`F7 x2`, `explore F02 off gear`).

    The event may be given as a function that builds it (`event` calls it once, when first
    read, and keeps what it gave): a search and a random playout read only the state, and a
    game whose event costs a comparison of the states before and after (Revive's) need not
    pay for it then. The function must give the same event whenever it is called, so it reads
    only states the engine no longer changes.
    """

    __slots__ = ("_event", "_tell", "notation", "private", "state")

    def __init__(
        self,
        state: S,
        event: E | Callable[[], E],
        private: dict[int, dict[str, Any]],
        notation: str = "",
    ) -> None:
        self.state = state
        self.private = private
        self.notation = notation
        self._event: E | None = None
        self._tell: Callable[[], E] | None = None
        if callable(event):
            self._tell = event
        else:
            self._event = event

    @property
    def event(self) -> E:
        """The public event, built on first reading when it was given as a function."""
        if self._event is None:
            assert self._tell is not None
            self._event, self._tell = self._tell(), None
        return self._event

    def __repr__(self) -> str:
        return f"Applied(state={self.state!r}, event={self.event!r}, notation={self.notation!r})"


@dataclass(frozen=True)
class Decision:
    """A question the game waits on inside a turn: who answers it (`seat`, possibly not the
    player whose turn it is) and what kind it is (the game's own word: `reward`, `choice`)."""

    seat: int
    kind: str


@dataclass(frozen=True)
class Caution:
    """Why a legal move may be a slip worth a second thought (hibernating with actions left): a
    translation key and its facts, no words. The front end plays the move only once the player
    confirms it (service/turns.py); the rules do not change."""

    key: str
    facts: Mapping[str, Any] = field(default_factory=dict)


ValueFn = Callable[[Any, Any, int, Any], float]
"""`value(engine, state, seat, before)`: the seat's worth in `state`; `before` is the state the
move was chosen in. It must change neither: the fallback values the state it decides on and
each state `apply` returns (which shares parts with it) as they are, without a copy."""


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


class Game(ABC, Generic[S, V, E]):
    """What the service, the presenters, the fallback player and the command line need from a
    game: `S` its state, `V` its view, `E` its event. A game subclasses `Game[S, V, E]` once
    (`engine/<game>/game.py`), sets `id`, `min_players`, `max_players`, `fallback_policy` and
    `hidden_information`, and writes the abstract methods, and `determinize` when it has hidden
    information; the others have defaults that fit a game without that feature, so a game
    writes only what it has.

    `state` is opaque outside the game's package: only these methods read it. No method takes
    a locale or returns words: moves come as `MoveFacts`, views as ids and numbers.
    """

    id: str
    min_players: int
    max_players: int
    fallback_policy: FallbackPolicy
    hidden_information: bool
    """Whether some seat may not see all of a state (another seat's hand, a face-down pile, a
    seed the rules draw from later), as OpenSpiel's `GameType.information` says perfect or
    imperfect. No default fits every game: one with hidden information must write
    `determinize`, or a search would play on the real state and see every hidden card; so each
    game says which it is, a class that declares it without writing `determinize` is refused
    when it is defined (`__init_subclass__`), and the contract test checks the worlds it draws
    (tests/engine/test_contract.py)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Refuse a game that declares hidden information but keeps the default `determinize`
        (the state itself): copied from a template and left so, it would hand the search every
        hidden card without a word. Refused at import, before anything plays it."""
        super().__init_subclass__(**kwargs)
        if getattr(cls, "hidden_information", False) and cls.determinize is Game.determinize:
            raise TypeError(
                f"{cls.__name__} declares hidden_information = True but does not write determinize: "
                "a search would see every hidden card (engine/base.py Game.determinize)"
            )

    # ------------------------------------------------------------------ required

    @abstractmethod
    def new_game(self, players: int, options: dict[str, Any], seed: int) -> S:
        """A new game's state; every shuffle is drawn from `seed` (a `GameError` for options or
        a player count the game refuses)."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat whose move it is (None once the game is over)."""

    @abstractmethod
    def legal_moves(self, state: S, seat: int) -> list[str]:
        """The notation of every move `seat` may make now (empty when it is not theirs to move).
        The fast list: what a search calls in its inner loop."""

    @abstractmethod
    def moves(self, state: S, seat: int) -> list[MoveFacts]:
        """Every legal move of `seat` with its facts, in the order offered (best first)."""

    @abstractmethod
    def apply(self, state: S, seat: int, move: str) -> Applied[S, E]:
        """Play `move` (any spelling the game reads) for `seat`: a new state, the state given
        unchanged; or a `GameError` saying why not."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What `seat` may see (None: the public view, the only one channel messages use)."""

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[int]:
        """Each seat's total now."""

    @abstractmethod
    def score_if_ended(self, state: S) -> list[int]:
        """Each seat's total if the game ended now (the final scoring run on a copy)."""

    @abstractmethod
    def dumps(self, state: S) -> str: ...

    @abstractmethod
    def loads(self, text: str) -> S: ...

    # ------------------------------------------------------------------ optional

    def previews(self, state: S, seat: int, moves: Sequence[MoveFacts]) -> list[MoveFacts]:
        """`moves` with facts saying what each would change now, for the few a player is shown
        (a preview may play the move on a copy, too slow for every move). By default the facts
        of `moves` already say all there is."""
        return list(moves)

    def button_moves(self, state: S, seat: int, limit: int) -> list[MoveFacts]:
        """The moves worth a button for `seat` now (every answer to a small decision, or the move
        that ends the turn), none when there would be more than `limit`. By default none: every
        move is typed or picked from the list."""
        return []

    def caution(self, state: S, seat: int, move: str) -> Caution | None:
        """Why `seat`'s legal `move` (the engine's notation) may be a slip the player should
        confirm before it is played (it gives up what the turn still offers), or None. By
        default None: every legal move is played at once."""

    def distance(self, state: S, place: str, other: str) -> int | None:
        """How many steps apart two board places are (`MoveFacts.places`; `place` may be what a
        player typed, in any case), or None when either is no place of the board. The service
        offers the legal moves nearest a space that cannot be played. By default None: a game
        without a board geometry."""
        return None

    def open_decision(self, state: S) -> Decision | None:
        """The decision the game waits on inside a turn, and who answers it; None between turns.
        By default None: a game whose turn is one move never waits inside one."""
        return None

    def is_quiet(self, move: str) -> bool:
        """A move that changes nothing worth retelling (pass, end): a catch-up leaves it out.
        By default no move is quiet."""
        return False

    def reveals(self, before: S, after: S, seat: int) -> str | None:
        """The undo policy: why going back from `after` to `before` would hide what someone has
        seen (a translation key), or None when `/undo` may take the move back. By default None:
        a game without hidden information reveals nothing."""
        return None

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A state `seat` cannot tell apart from `state`: everything its own view shows kept,
        everything hidden from it (the other seats' hands, face-down piles and their order, what
        is set aside) drawn anew from `rng`, with the counts its view shows. An information-set
        search (engine/ai) plays each of its iterations in one such world, so it never decides
        on what the seat cannot know.

        It must read nothing hidden: two states `seat` sees alike (equal `view(state, seat)`)
        give equal results for equal `rng` states, so a hidden pool is put in a canonical order
        (sorted) before it is shuffled, and a seed the rules draw from later is replaced from
        `rng`. The state given is left unchanged.

        By default the state itself, which is right only for a game with no hidden information
        (`hidden_information` False); for any other game, or one that has not said, it raises
        rather than hand the search what the seat cannot see."""
        hidden = getattr(self, "hidden_information", None)
        if hidden is None:
            raise NotImplementedError(
                f"{type(self).__name__} does not declare hidden_information (True or False)"
            )
        if hidden:
            raise NotImplementedError(
                f"{type(self).__name__} has hidden information and must write determinize"
            )
        return state

    def search_cost(self, state: S) -> float:
        """What one iteration of the tree search (engine/ai/ismcts.py), a random playout,
        costs in this game and on this board, against a 4-player Scotland one (1.0): its budget
        of iterations is divided by it, so a decision takes about the same time whatever is
        played. By default 1.0."""
        return 1.0

    def fallback_cost(self, state: S) -> float:
        """What one move of the fallback player (engine/fallback.py: every legal move played
        and valued) costs in this game and on this board, against one on a 4-player Scotland
        board (1.0): the sampled-replies search (engine/ai/replies.py) counts its budget in
        such moves and divides it by this, so a level takes about the same time whatever is
        played. By default 1.0."""
        return 1.0

    def weighing_cost(self, state: S) -> float:
        """About how many microseconds of one core here the fallback takes to weigh one legal
        move in this position (play it and value the state after; measured per game, docs/ai.md
        "Time: a decision's cap"). The sampled-replies search adds these up as its work, and
        stops before a world that would take a decision past its level's time, where a position
        offers many moves or every valuation reads a crowded board. A count, never a clock, so
        the same decision comes out after a restart. By default a middling figure, for a game
        that has not measured its own."""
        return DEFAULT_WEIGHING_COST

    def reply_horizon(self, state: S) -> Horizon:
        """How far the sampled-replies search looks after each candidate in this game (see
        `Horizon`). By default the seat's next turn and the others' replies around it, at most
        12 moves: a bounded cost whatever the game."""
        return Horizon()

    def after_legal(self, state: S, seat: int, move: str) -> S:
        """The state after `move`, one of `legal_moves(state, seat)` as listed (so no spelling
        to read and nothing to refuse), without its event: the fallback plays every legal move
        to value it, and a search's replies play the fallback's, where checking and describing
        each again would be most of the cost. Exactly `apply(state, seat, move).state`, which
        is the default."""
        return self.apply(state, seat, move).state

    def describe_content(self, state: S) -> dict[str, Any] | None:
        """What a game record carries so an independent referee can check it (the map's tile
        mix, the mission decks); None (the default) when the seed and the content files say it all."""
        return None

    def played_on(self, state: S) -> str | None:
        """The board a game is played on, as a content key (Rebirth's map): statistics group
        scores by it, and the presenter names it (`Presenter.board_name`). None (the default)
        for a game with one board."""
        return None

    def faction(self, state: S, seat: int) -> str | None:
        """The side `seat` plays, as a content key (Revive's tribe): statistics count a
        player's favourite and each side's wins, and the presenter names it
        (`Presenter.faction_name`). None (the default) for a game whose seats are alike."""
        return None

    def record_seat(self, state: S, seat: int) -> dict[str, Any]:
        """What a record adds to a seat's entry at setup, beyond its number and colour: the
        hidden facts a referee needs (say, the tiles it set aside); empty (the default) when
        there are none."""
        return {}

    def record_move(self, applied: Applied[S, E]) -> dict[str, Any]:
        """What a record adds to a move's entry, beyond the move, its tile and its points: the
        hidden facts the move revealed (say, the cards a seat drew, by seat as a string key);
        empty (the default) when there are none. JSON values only, so a stored record compares
        equal."""
        return {}


AnyGame = Game[Any, Any, Any]
"""A game of any state, view and event: how the rest of the bot (the registry, the service, the
fallback player, records) holds an engine without knowing which game it is."""


def seat_order(count: int, seed: int) -> list[int]:
    """The order in which `count` joined players take seats, decided by the game's seed.

    Seat 0 is not necessarily first to move: each game picks its first player from the seed too.
    """
    order = list(range(count))
    random.Random(f"seats:{seed}").shuffle(order)
    return order
