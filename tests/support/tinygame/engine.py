"""Hexlink's rules: the smallest complete game on the `Game` contract, and the template for a new
one (docs/architecture.md "Adding a game"). Pure: no words, no I/O; every shuffle from the seed.

A 5x5 rhombus of hexes, columns A-E and rows 1-5, for two seats. Orange links the top row to the
bottom row, blue the left column to the right one. A face-down bag holds eight single tiles (each
claims one empty hex) and five doubles (two adjacent empty hexes), shuffled at setup. Each seat
holds two tiles the other cannot see; a move places one of them and draws the bag's next. A
double with no two adjacent empty hexes left may be discarded, and replaced, instead. The first
seat to link its two sides wins; once every tile is played, the seat with more hexes does (equal:
shared). A score is the hexes claimed, plus LINK_BONUS for a link, so the winner scores most.
"""

from __future__ import annotations

import heapq
import json
import random
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from engine.base import RESIGN, SEAT_COLOURS, Applied, FallbackPolicy, Game, MoveFacts
from engine.errors import GameError, GameOver, IllegalMove, MalformedMove, NotAPlayer, NotYourTurn, Typed
from tests.support.tinygame.views import (
    DiscardEvent,
    Final,
    HexlinkEvent,
    HexlinkView,
    PlaceEvent,
    ResignEvent,
    SeatView,
    Tile,
)

SIZE = 5
COLUMNS = "ABCDE"
BAG: tuple[Tile, ...] = ("single",) * 8 + ("double",) * 5
HAND = 2
LINK_BONUS = SIZE * SIZE
DISCARD = "discard"
NOBODY = -1
BLOCKED = 99
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))  # a rhombus's six neighbours


def name(index: int) -> str:
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


def index_of(text: str) -> int | None:
    found = re.fullmatch(r"([A-E])([1-5])", text.upper())
    return None if found is None else (int(found[2]) - 1) * SIZE + COLUMNS.index(found[1])


def _neighbours_of(index: int) -> tuple[int, ...]:
    column, row = index % SIZE, index // SIZE
    return tuple(
        (row + dr) * SIZE + column + dc
        for dc, dr in STEPS
        if 0 <= column + dc < SIZE and 0 <= row + dr < SIZE
    )


# Worked out once: the fallback's valuation asks for them hundreds of thousands of times a decision.
NEIGHBOURS = tuple(_neighbours_of(index) for index in range(SIZE * SIZE))


def neighbours(index: int) -> tuple[int, ...]:
    return NEIGHBOURS[index]


@dataclass(frozen=True)
class HexlinkState:
    owners: tuple[int, ...]  # per hex, row by row (A1, B1, ... E5): its seat, or NOBODY
    hands: tuple[tuple[Tile, ...], ...]
    bag: tuple[Tile, ...]  # face down, the next draw first
    current: int | None  # None once the game is over
    turn: int = 0
    resigned: int | None = None


def distance(state: HexlinkState, seat: int) -> int:
    """The fewest empty hexes `seat` still needs to link its sides (BLOCKED: none will do), by a
    shortest-path search from its first side: its own hexes cost nothing, empty ones one, the
    other seat's are walls."""
    side: Callable[[int], int] = (lambda i: i // SIZE) if seat == 0 else (lambda i: i % SIZE)
    cost = {i: int(owner == NOBODY) for i, owner in enumerate(state.owners) if owner in (NOBODY, seat)}
    heap = [(c, i) for i, c in cost.items() if side(i) == 0]
    heapq.heapify(heap)
    reached: set[int] = set()
    while heap:
        spent, here = heapq.heappop(heap)
        if here in reached:  # reached already, at no more than this
            continue
        if side(here) == SIZE - 1:
            return spent
        reached.add(here)
        for there in neighbours(here):
            if there in cost and there not in reached:
                heapq.heappush(heap, (spent + cost[there], there))
    return BLOCKED


def placements(state: HexlinkState, seat: int) -> list[tuple[Tile, tuple[int, ...]]]:
    """Every placement of a tile of `seat`'s hand: singles on each empty hex, doubles on each
    adjacent empty pair (once, the lower hex first)."""
    empty = [i for i, owner in enumerate(state.owners) if owner == NOBODY]
    found: list[tuple[Tile, tuple[int, ...]]] = []
    if "single" in state.hands[seat]:
        found += [("single", (i,)) for i in empty]
    if "double" in state.hands[seat]:
        found += [("double", (i, j)) for i in empty for j in neighbours(i) if j > i and j in empty]
    return found


def unplayed(state: HexlinkState) -> dict[Tile, int]:
    """How many tiles of each kind are still to play, in the bag and both hands: public, since
    every move's event names the tile it played, and what tells a seat which tiles it has not
    seen (these less its own hand)."""
    left = [*state.bag, *(tile for hand in state.hands for tile in hand)]
    return {tile: left.count(tile) for tile in ("single", "double")}


class Hexlink(Game[HexlinkState, HexlinkView, HexlinkEvent]):
    id = "hexlink"
    min_players = 2
    max_players = 2
    hidden_information = True  # the other seat's hand and the bag: `determinize` redraws them

    def __init__(self) -> None:
        self.fallback_policy = FallbackPolicy(value=self.worth)

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> HexlinkState:
        if players != 2:
            raise GameError("error.players_range", low=2, high=2)
        chance = random.Random(f"hexlink:{seed}")
        bag = list(BAG)
        chance.shuffle(bag)
        hands = (tuple(bag[:HAND]), tuple(bag[HAND : 2 * HAND]))
        return HexlinkState((NOBODY,) * SIZE * SIZE, hands, tuple(bag[2 * HAND :]), chance.randrange(2))

    def to_move(self, state: HexlinkState) -> int | None:
        return state.current

    def legal_moves(self, state: HexlinkState, seat: int) -> list[str]:
        if seat != state.current:
            return []
        moves = ["-".join(name(i) for i in hexes) for _, hexes in placements(state, seat)]
        return moves or [DISCARD]

    def moves(self, state: HexlinkState, seat: int) -> list[MoveFacts]:
        """Best first: what the move claims and links, then how much nearer to a link it gets."""
        if seat != state.current:
            return []
        if not placements(state, seat):
            return [MoveFacts(DISCARD, DISCARD)]
        facts = []
        for tile, hexes in placements(state, seat):
            places = tuple(name(i) for i in hexes)
            after = self.apply(state, seat, "-".join(places)).state
            points = self.scores(after)[seat] - self.scores(state)[seat]
            nearer = distance(state, seat) - distance(after, seat)
            facts.append(MoveFacts("-".join(places), tile, places, points=points, rank=points + 2 * nearer))
        return sorted(facts, key=lambda move: -move.rank)

    def apply(self, state: HexlinkState, seat: int, move: str) -> Applied[HexlinkState, HexlinkEvent]:
        if state.current is None:
            raise GameOver("error.game_over")
        if seat not in (0, 1):
            raise NotAPlayer("error.not_a_player")
        text = move.strip().lower()
        if text == RESIGN:
            resigned: ResignEvent = {"kind": RESIGN, "seat": seat, "move": RESIGN}
            return Applied(replace(state, current=None, resigned=seat), resigned, {}, RESIGN)
        if seat != state.current:
            raise NotYourTurn("error.not_your_turn")
        if text == DISCARD:
            return self.discard(state, seat)
        read = [index_of(part) for part in re.split(r"[\s,+-]+", text) if part]
        if not read or None in read or len(read) > 2:
            raise MalformedMove("hexlink.error.malformed", text=Typed(move.strip()))
        hexes = tuple(sorted(i for i in read if i is not None))
        tile: Tile = "single" if len(hexes) == 1 else "double"
        if (tile, hexes) not in placements(state, seat):
            raise IllegalMove(f"hexlink.error.{tile}", hexes=" ".join(name(i) for i in hexes))
        owners = tuple(seat if i in hexes else owner for i, owner in enumerate(state.owners))
        placed, private = self.play(replace(state, owners=owners), seat, tile)
        linked = distance(placed, seat) == 0
        if linked:
            placed = replace(placed, current=None)
        changed = [name(i) for i in hexes]
        notation = "-".join(changed)
        event: PlaceEvent = {
            "kind": "place",
            "seat": seat,
            "tile": tile,
            "hexes": changed,
            "linked": linked,
            "changed": changed,
            "move": notation,
        }
        return Applied(placed, event, private, notation)

    def discard(self, state: HexlinkState, seat: int) -> Applied[HexlinkState, HexlinkEvent]:
        if self.legal_moves(state, seat) != [DISCARD]:
            raise IllegalMove("hexlink.error.discard")
        placed, private = self.play(state, seat, "double")
        event: DiscardEvent = {"kind": DISCARD, "seat": seat, "tile": "double", "move": DISCARD}
        return Applied(placed, event, private, DISCARD)

    def play(
        self, state: HexlinkState, seat: int, tile: Tile
    ) -> tuple[HexlinkState, dict[int, dict[str, Any]]]:
        """`tile` leaves `seat`'s hand, the bag's next tile joins it (told to that seat only), and
        the turn passes to whoever still holds a tile, the other seat first."""
        hand = list(state.hands[seat])
        hand.remove(tile)
        drawn = state.bag[:1]
        hands = tuple((*hand, *drawn) if s == seat else held for s, held in enumerate(state.hands))
        waiting = next((s for s in (1 - seat, seat) if hands[s]), None)
        after = replace(state, hands=hands, bag=state.bag[1:], turn=state.turn + 1, current=waiting)
        return after, ({seat: {"drew": drawn[0]}} if drawn else {})

    def linked(self, state: HexlinkState) -> int | None:
        return next((seat for seat in (0, 1) if distance(state, seat) == 0), None)

    def final(self, state: HexlinkState) -> Final | None:
        if state.current is not None:
            return None
        if state.resigned is not None:
            return {"winners": [1 - state.resigned], "decided_by": "resign"}
        if (seat := self.linked(state)) is not None:
            return {"winners": [seat], "decided_by": "link"}
        scores = self.scores(state)
        return {"winners": [s for s in (0, 1) if scores[s] == max(scores)], "decided_by": "count"}

    def view(self, state: HexlinkState, seat: int | None) -> HexlinkView:
        scores, linker = self.scores(state), self.linked(state)
        seats: list[SeatView] = [
            {
                "seat": s,
                "colour": SEAT_COLOURS[s],
                "goal": "rows" if s == 0 else "columns",
                "hexes": state.owners.count(s),
                "hand": len(state.hands[s]),
                "linked": linker == s,
                "resigned": state.resigned == s,
                "score": scores[s],
            }
            for s in (0, 1)
        ]
        return {
            "size": SIZE,
            "cells": {name(i): (None if owner == NOBODY else owner) for i, owner in enumerate(state.owners)},
            "seats": seats,
            "current": state.current,
            "turn": state.turn,
            "bag": len(state.bag),
            "unplayed": unplayed(state),
            "finished": state.current is None,
            "final": self.final(state),
            "seat": seat,
            "hand": None if seat is None else list(state.hands[seat]),
            "moves": None if seat is None else len(self.legal_moves(state, seat)),
        }

    def determinize(self, state: HexlinkState, seat: int, rng: random.Random) -> HexlinkState:
        """The board and `seat`'s own hand kept; the other seat's hand and the bag dealt anew
        from the tiles `seat` has not seen, as many as each held. Those tiles are the ones not
        yet played (the view's `unplayed`) less its own hand, put in order before the shuffle,
        so the world depends on the seat's view and `rng` only, never on the real deal."""
        other = 1 - seat
        unseen = sorted((*state.hands[other], *state.bag))
        rng.shuffle(unseen)
        held = len(state.hands[other])
        hands = tuple(tuple(unseen[:held]) if s == other else hand for s, hand in enumerate(state.hands))
        return replace(state, hands=hands, bag=tuple(unseen[held:]))

    def is_over(self, state: HexlinkState) -> bool:
        return state.current is None

    def scores(self, state: HexlinkState) -> list[int]:
        linker = self.linked(state)
        return [state.owners.count(seat) + (LINK_BONUS if linker == seat else 0) for seat in (0, 1)]

    def score_if_ended(self, state: HexlinkState) -> list[int]:
        return self.scores(state)

    def reveals(self, before: HexlinkState, after: HexlinkState, seat: int) -> str | None:
        return "hexlink.undo.drew" if len(after.bag) < len(before.bag) else None

    def worth(self, engine: Any, state: HexlinkState, seat: int, before: Any) -> float:
        """The fallback player's valuation: the score, and how near a link is (closing the
        other seat's way counts as much as opening one's own)."""
        return self.scores(state)[seat] + 2 * (distance(state, 1 - seat) - distance(state, seat))

    def dumps(self, state: HexlinkState) -> str:
        return json.dumps(asdict(state), sort_keys=True)

    def loads(self, text: str) -> HexlinkState:
        data = json.loads(text)
        data["owners"] = tuple(data["owners"])
        data["hands"] = tuple(tuple(hand) for hand in data["hands"])
        data["bag"] = tuple(data["bag"])
        return HexlinkState(**data)
