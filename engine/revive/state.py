"""The whole state of a Revive game, as JSON-native data.

Revive's state is large and nested (player boards, card slots, displays, decks, a board of area
tiles), so it is kept as plain dicts and lists rather than a tree of classes: it serialises
without custom code, and `copy()` is one pickle round trip. `apply` copies by the state's
shape instead (`successor`): a random playout is a few hundred moves, each a copy. Every
shuffle is drawn from the seed at setup; later draws take the top of those shuffled decks, so
the seed plus the moves replay the game. Decisions inside an action live on `stack` (see
engine/revive/apply.py).
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Collection, Hashable
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
        """A deep copy; pickle round-trips plain data several times faster than deepcopy. The
        copy starts without the moves kept on this state (`__getstate__`)."""
        copied: ReviveState = pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))
        return copied

    def __getstate__(self) -> dict[str, Any]:
        """The fields only: a copy (pickle, `copy.copy`, `copy.deepcopy`) is changed in place by
        whoever made it (determinize, tests), so it must not start with the moves or reaches
        kept here."""
        fields = self.__dict__.copy()
        fields.pop(KEPT_MOVES, None)
        fields.pop(REACHES, None)
        fields.pop(PLAYED_FROM, None)
        fields.pop(SHARED_PILES, None)  # a copy owns its piles
        return fields

    def kept_moves(self, seat: int) -> list[str] | None:
        """The legal moves of `seat` kept by `keep_moves`, or None when none were kept for it.
        The list is the kept one itself: the caller must not change it."""
        kept: tuple[int, list[str]] | None = self.__dict__.get(KEPT_MOVES)
        return kept[1] if kept is not None and kept[0] == seat else None

    def keep_moves(self, seat: int, moves: list[str]) -> None:
        """Keep `seat`'s legal `moves` on this state (engine/revive/moves.py `LegalMoves`): the
        engine never changes a state once it has handed it out, so they stay right. Not a
        field: never stored (`dumps`), compared or copied."""
        self.__dict__[KEPT_MOVES] = (seat, moves)

    def forget_moves(self) -> None:
        """Drop the kept moves and reaches: for a state changed in place after its moves were
        listed."""
        self.__dict__.pop(KEPT_MOVES, None)
        self.__dict__.pop(REACHES, None)
        self.__dict__.pop(PLAYED_FROM, None)

    def reaches(self) -> dict[Hashable, Any] | None:
        """Where each seat reaches on this board (engine/revive/costs.py `reach`, by seat, with
        the board's "layout") and where the pieces stand ("pieces": costs.py `occupancy`), kept
        beside the fields like the kept moves, or None while the board may still change (a move
        changing it is being played on this state: `successor`, `settled`). They depend on the
        board and the pieces only, so a successor that shares those shares them too (and one
        that places pieces keeps the reaches of the seats whose pieces stayed, and where the
        pieces stand updated for the space placed on: costs.py `carry_reaches`)."""
        if REACHES not in self.__dict__:
            self.__dict__[REACHES] = {}
        kept: dict[Hashable, Any] | None = self.__dict__[REACHES]
        return kept

    def kept_reaches(self) -> dict[Hashable, Any]:
        """What `reaches` keeps now, without starting to keep anything (empty: nothing kept, or
        the board may still change): what a successor may carry over (costs.py `carry_reaches`)."""
        return self.__dict__.get(REACHES) or {}

    def settled(self) -> None:
        """The move played on this state is done: its board and pieces change no more, so
        reaches may be kept from now on (`reaches`)."""
        if self.__dict__.get(REACHES, {}) is None:
            del self.__dict__[REACHES]
        self.__dict__.pop(PLAYED_FROM, None)

    def played_from(self) -> ReviveState | None:
        """The state a move changing the board is played from, until the move is done
        (`settled`): what it kept holds as long as the board and the pieces are that state's
        (costs.py `reach`)."""
        before: ReviveState | None = self.__dict__.get(PLAYED_FROM)
        return before

    def successor(
        self,
        map_changes: bool,
        seats: Collection[int] | None = None,
        tiles: bool = True,
        light: bool = False,
        slotted: Collection[str] = ("slots", "modules"),
    ) -> ReviveState:
        """The copy a move is played on, written out by the state's shape (several times faster
        than `copy`): the piles, displays, crater, final turns and the stack's list are new; the
        records of `seats` (None: every seat) too, the others shared with this state; the board,
        pieces and corners too when `map_changes` (explore, build, populate, rotate: the only
        moves that change them), else shared, with the reaches kept (`reaches`); their copies are
        shallow, since a move never changes a tile slot's dict, a space's list of pieces or a
        corner's dict in place but puts a new one in its place (actions.py `explore`, `reveal`,
        `build`, `populate`): a move changes one or two of them, and copying all took a third
        of a build's time. What is shared
        neither state may change (apply.py `MAP_VERBS`, `changing_seats` say which moves change
        what); with `tiles` False the board is shared even so (apply.py `TILE_VERBS`). A
        `light` move changes of a record only its own keys and resources (apply.py
        `LIGHT_VERBS`): the records of `seats` are new dicts with their resources new, sharing
        the rest. The decks and displays are shared, and copied by a move only when it draws
        from them (`drawing`): few moves do. Of a record's card slots and
        module spaces only those in `slotted` are copied (apply.py `SLOTTING`: the others are
        shared, the move changes none in place). Frames are shared: the
        rules never change one in place (a frame answered is popped and, when something is
        left, pushed again as a new dict). The final scoring is shared too: no move follows it
        but `resign`, which uses `copy`."""
        new = object.__new__(ReviveState)
        new.__dict__.update(self.__dict__)
        new.__dict__.pop(KEPT_MOVES, None)
        if map_changes:  # no reach kept until the move is played (`settled`); else shared
            new.__dict__[REACHES] = None
            new.__dict__[PLAYED_FROM] = self
        if seats is None:
            seats = range(len(self.seats))
        if light:
            new.seats = [_resources_only(me) if index in seats else me for index, me in enumerate(self.seats)]
        else:
            new.seats = [_seat(me, slotted) if index in seats else me for index, me in enumerate(self.seats)]
        new.__dict__[SHARED_PILES] = True  # copied by the move only if it draws (`drawing`)
        new.crater = list(self.crater)
        new.final_turns = list(self.final_turns)
        new.stack = list(self.stack)
        if map_changes:  # copied by key: a move puts a new value where it changes one (actions.py)
            if tiles:  # else the move only places pieces (build, populate): the board is shared
                new.board = dict(self.board)
            new.pieces = dict(self.pieces)
            new.corners = dict(self.corners)
        return new

    def drawing(self) -> None:
        """Make the decks and displays this state's own, before a move draws from one or takes
        from one (a card recruited, a machine, a module, a crate, a minor artifact): a
        successor shares them with the state before (`successor`) until it does. Every change
        to a pile goes through here first (actions.py, effects.py)."""
        if self.__dict__.pop(SHARED_PILES, False):
            self.decks = _piles(self.decks)
            self.displays = _piles(self.displays)

    def dumps(self) -> str:
        """Canonical JSON: equal states give equal text (the replay test relies on it)."""
        return json.dumps(asdict(self), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> ReviveState:
        return cls(**json.loads(text))


KEPT_MOVES = "_kept_moves"
"""Where `ReviveState.keep_moves` keeps the legal moves of the seat to move, beside the fields."""
SHARED_PILES = "_shared_piles"
"""Set beside the fields while a successor shares the decks and displays with the state before
(`ReviveState.drawing`)."""
REACHES = "_reaches"
"""Where `ReviveState.reaches` keeps each seat's reach and open sites, beside the fields."""

PLAYED_FROM = "_played_from"
"""Where a successor whose move may change the board keeps the state before, until it is
settled (`ReviveState.played_from`)."""

SEAT_LISTS = (
    "active",
    "resting",
    "machines",
    "powered",
    "unlocked",
    "crates",
    "opened",
    "majors",
    "owned_cards",
    "water_taken",
    "bonuses_reached",
)
"""A seat's lists of ids and numbers (setup.py `_player_board`)."""
SEAT_COUNTS = ("resources", "tracks", "buildings")
"""A seat's dicts of numbers."""
SEAT_SLOTS = ("slots", "modules")
"""A seat's dicts of lists: card slot -> cards played, modules held."""


def _seat(me: dict[str, Any], slotted: Collection[str] = SEAT_SLOTS) -> dict[str, Any]:
    """A deep copy of one seat's record, key by key (tests/engine/revive/test_fast_paths.py checks
    that it shares nothing a move changes with the record it copies), but for the card slots or
    module spaces not in `slotted`, shared (`ReviveState.successor`)."""
    copied = me.copy()
    for key in SEAT_LISTS:
        copied[key] = me[key][:]
    for key in SEAT_COUNTS:
        copied[key] = me[key].copy()
    for key in slotted:
        copied[key] = {slot: held[:] for slot, held in me[key].items()}
    if "discounts" in me:  # this turn's discounts: a list of dicts
        copied["discounts"] = [dict(discount) for discount in me["discounts"]]
    if "card_bonuses" in me:
        copied["card_bonuses"] = me["card_bonuses"][:]
    return copied


def _resources_only(me: dict[str, Any]) -> dict[str, Any]:
    """A copy of one seat's record for a light move (`successor`): its own keys and resources."""
    copied = me.copy()
    copied["resources"] = me["resources"].copy()
    return copied


def _piles(piles: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of the decks or the displays: lists of ids, a dict of them by machine colour,
    and a count."""
    copied = piles.copy()
    for key, value in piles.items():
        if type(value) is list:
            copied[key] = value[:]
        elif type(value) is dict:
            copied[key] = {colour: pile[:] for colour, pile in value.items()}
    return copied


def seat_to_move(state: ReviveState) -> int | None:
    """The seat whose move it is: whoever must answer the decision on top, else the current
    player (a neighbour's exploration can ask another player to choose a reward)."""
    if state.finished:
        return None
    return state.stack[-1].get("seat", state.current) if state.stack else state.current
