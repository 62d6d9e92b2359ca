"""What Rebirth shows: its views (`view`, what a seat may see of a state) and the shapes of its
views and its events (`Applied.event`).

Presenters and renderers read a game only through these, so they are typed here, beside the
rules that fill them. A view is a plain dict (JSON-friendly, cheap to build): `RebirthView` is
the public view (`view(state, None)`: `private` is None) and a seat's view (`view(state, seat)`:
`private` holds that seat's hand, set-aside tiles and mission cards). Keys marked NotRequired
appear only in some views (`final` once the game is over) or some events.

Events are stored with the move (JSON), so once read back the seat keys of `points` are strings:
readers normalise them with `int()`.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from engine.base import SEAT_COLOURS, EventBase
from engine.rebirth import missions as mission_rules
from engine.rebirth.missions import Condition, card_points
from engine.rebirth.moves import can_double, legal_moves, tile_to_place
from engine.rebirth.state import NEUTRAL, RebirthState
from engine.rebirth.tables import RebirthTables

COLOURS = SEAT_COLOURS  # seat order

SeatPoints = dict[int, dict[str, int]]
"""Points by seat, then by category (`farm`, `settlement`, `port`, `tower`, ...)."""


# ---------------------------------------------------------------------------------- views


class SeatSummary(TypedDict):
    """What everybody may know about one seat."""

    seat: int
    colour: str  # COLOURS[seat]
    score: int
    breakdown: dict[str, int]  # points by category
    supply: int  # tiles left to draw
    hand: int  # 1 while a tile is in hand, else 0
    aside: int  # tiles set aside face down: how many (their faces are private; `recall` takes one)
    discarded: list[str]  # tiles discarded for want of a legal space, in order (each a public move)
    missions: int  # private mission cards held (their faces are private)
    castles: int  # castles held
    resigned: bool
    doubling: bool  # the Doubling Marker is still unused (Ireland; False on Scotland)


class BoardTile(TypedDict):
    """A tile on a space: `seat` None for a face-down neutral tile."""

    seat: int | None
    tile: str  # `E`, `F`, `S1`..`S3`, `N` (neutral)


class LastPlacement(TypedDict):
    """The last move that placed or discarded a tile (`space` None for a discard)."""

    seat: int
    space: str | None
    tile: str


MissionCondition = Condition
"""A mission card's condition as its data file has it (`type` and its parameters, docs/formats.md):
the presenter words it, `engine.rebirth.missions` evaluates it."""


class MissionCard(TypedDict):
    """A private mission card with how far its holder is from meeting it now."""

    id: str
    name: str  # the data file's English name (the presenter shows its translation: i18n/content.py)
    points: int
    condition: MissionCondition
    have: int
    need: int
    met: bool


class PublicCard(TypedDict):
    """A card of Ireland's public mission row."""

    id: str
    name: str  # the data file's English name
    condition: MissionCondition
    high: int  # for the first seat to meet it
    low: int  # for every later seat
    completed_by: list[int]  # seats, in the order they met it


class TowerView(TypedDict):
    """A Round Tower (Ireland) and its face-up bonus tile."""

    name: str
    bonus: str  # `points`, `mission`, `extra_tile`, `recall`, `doubling`
    value: int | None  # points of a `points` bonus, else None
    used_by: list[int]


class PendingView(TypedDict):
    """A tower's extra placement still to be made before the turn ends."""

    seat: int | None
    kind: Literal["extra"]
    sources: list[str]  # the tower bonus each extra placement still to make came from, in order


class FinalView(TypedDict):
    """The end of the game: winners, how the tie was broken and what the final scoring added."""

    winners: list[int]
    decided_by: str  # `score`, `shared`, `Hill of Tara` or the name of a tie-break castle
    final_points: list[dict[str, int]]  # per seat: points the final scoring added, by category
    missions_met: list[list[str]]  # per seat: ids of the mission cards met
    missions: list[list[MissionCard]]  # per seat: every card held, face up at the end


class PrivateView(TypedDict):
    """One seat's own things, only in that seat's view."""

    seat: int
    hand: str | None
    set_aside: list[str]  # sorted
    placing: str | None  # the tile this seat places now (a tower's extra tile first)
    extra: bool  # the tile being placed is a tower's extra tile
    doubling: bool  # the seat may play `<space> x2` now
    missions: list[MissionCard]
    legal_moves: int  # how many moves the seat may make now (0 when it is not their turn)


class RebirthView(TypedDict):
    """`Rebirth.view(state, seat)`: the whole table, plus `private` for a seat's own view."""

    game: str
    map: str
    players: int
    current: int | None  # the seat to move; None once the game is over
    finished: bool
    turn: int  # moves made so far (0-based)
    seats: list[SeatSummary]
    board: dict[str, BoardTile]  # occupied spaces only
    castles: dict[str, int | None]  # castle space -> holder
    cathedrals: dict[str, list[int]]  # cathedral space -> seats that placed a marker
    last: LastPlacement | None
    mission_deck: int  # cards left in the face-down pile
    private: PrivateView | None
    public_missions: list[PublicCard]  # Ireland; empty on Scotland
    towers: dict[str, TowerView]  # tower space -> tower; empty on Scotland
    tara: str | None  # the Hill of Tara's space (Ireland)
    pending: PendingView | None
    final: NotRequired[FinalView]  # only once the game is over


# --------------------------------------------------------------------------------- events

CastleChange = TypedDict("CastleChange", {"castle": str, "from": int | None, "to": int | None})
"""A castle changing hands (`from` None: it had no holder). Functional form: `from` is a keyword."""


class TowerActivation(TypedDict):
    """A Round Tower's bonus taken by the mover. `outcome`: `ok`, `empty` (nothing left to draw)
    or `points` (a doubling bonus with the marker unused: 2 points instead)."""

    tower: str
    bonus: str
    value: int | None
    outcome: str


class PublicMissionMet(TypedDict):
    """A public mission met after a placement (by the mover or, through their tile, anyone)."""

    mission: str  # the card's English name (unique in its map: a presenter translates it by it)
    seat: int
    points: int
    first: bool


class PlaceEvent(EventBase):
    """`F7` or `F7 x2`: a tile placed, what it scored and what it set off."""

    seat: int
    space: str
    tile: str
    points: SeatPoints
    doubled: NotRequired[bool]
    completed: NotRequired[str]  # the name of a medium, large or sprawling settlement completed
    cathedrals: NotRequired[list[str]]  # names of cathedrals the mover marked
    castles: NotRequired[list[CastleChange]]
    towers: NotRequired[list[TowerActivation]]
    public_missions: NotRequired[list[PublicMissionMet]]
    missions_drawn: NotRequired[int]  # private cards drawn (their faces are in Applied.private)
    pending: NotRequired[int]  # extra placements the mover still makes this turn


class DiscardEvent(EventBase):
    """`discard`: a tile with no legal space anywhere, set out of the game."""

    seat: int
    tile: str
    points: SeatPoints  # always empty
    pending: NotRequired[int]


class ResignEvent(EventBase):
    """`resign`: the seat leaves the game."""

    seat: int
    points: SeatPoints  # always empty


RebirthEvent = PlaceEvent | DiscardEvent | ResignEvent
"""Any Rebirth event; `kind` (`place`, `discard`, `resign`) tells which."""


# ---------------------------------------------------------------------------------- the views


def view(tables: RebirthTables, state: RebirthState, seat: int | None) -> RebirthView:
    """What `seat` may see (None: the public view, the only one channel messages use)."""
    board = tables.board(state)
    last = state.last
    view: RebirthView = {
        "game": "rebirth",
        "map": state.map_id,
        "players": state.players,
        "current": state.current,
        "finished": state.finished,
        "turn": state.turn,
        "seats": [_seat_summary(state, s) for s in range(state.players)],
        "board": {
            space: {"seat": None if owner == NEUTRAL else owner, "tile": tile}
            for space, (owner, tile) in state.board.items()
        },
        "castles": dict(state.castles),
        "cathedrals": {space: list(seats) for space, seats in state.cathedral_markers.items()},
        "last": {"seat": last["seat"], "space": last["space"], "tile": last["tile"]} if last else None,
        "mission_deck": len(state.mission_deck),
        "private": None,
        "public_missions": [public_card(tables, card, state) for card in state.public_missions],
        "towers": {
            space: {
                "name": board.towers[space],
                "bonus": tables.tower_tiles[tile_id]["bonus"],
                "value": tables.tower_tiles[tile_id].get("value"),
                "used_by": list(state.towers_used[space]),
            }
            for space, tile_id in state.towers.items()
        },
        "tara": board.tara,
        "pending": _pending_view(state),
    }
    if state.finished and state.final:
        view["final"] = _final_view(tables, state, state.final)
    if seat is not None and 0 <= seat < state.players:
        view["private"] = _private_view(tables, state, seat)
    return view


def _seat_summary(state: RebirthState, s: int) -> SeatSummary:
    return {
        "seat": s,
        "colour": COLOURS[s],
        "score": state.total(s),
        "breakdown": dict(state.scores[s]),
        "supply": len(state.supplies[s]),
        "hand": int(state.hands[s] is not None),
        "aside": len(state.set_aside[s]),
        "discarded": list(state.discarded[s]),
        "missions": len(state.missions[s]),
        "castles": sum(holder == s for holder in state.castles.values()),
        "resigned": state.resigned[s],
        "doubling": bool(state.doubling) and state.doubling[s],
    }


def _pending_view(state: RebirthState) -> PendingView | None:
    """The extra placements the seat to move still makes, by the bonus each came from
    (`extra_tile`: its supply, `recall`: its set-aside tiles); the tiles themselves are private."""
    if not state.pending:
        return None
    return {"seat": state.current, "kind": "extra", "sources": [extra["source"] for extra in state.pending]}


def _final_view(tables: RebirthTables, state: RebirthState, final: dict[str, Any]) -> FinalView:
    """`state.final` with each seat's mission cards face up (text and progress)."""
    return {
        "winners": final["winners"],
        "decided_by": final["decided_by"],
        "final_points": final["final_points"],
        "missions_met": final["missions_met"],
        "missions": [
            [mission_card(tables, card, pos_seat, state) for card in cards]
            for pos_seat, cards in enumerate(final["missions"])
        ],
    }


def _private_view(tables: RebirthTables, state: RebirthState, seat: int) -> PrivateView:
    return {
        "seat": seat,
        "hand": state.hands[seat],
        "set_aside": sorted(state.set_aside[seat]),
        "placing": tile_to_place(state, seat) if state.current == seat else None,
        "extra": bool(state.pending) and state.current == seat,
        "doubling": can_double(state, seat),
        "missions": [mission_card(tables, card, seat, state) for card in state.missions[seat]],
        "legal_moves": len(legal_moves(tables, state, seat)),
    }


def mission_card(tables: RebirthTables, card_id: str, seat: int, state: RebirthState) -> MissionCard:
    """A mission card (its name as the data file has it, its condition) and how far `seat` is
    from meeting it now."""
    card = tables.missions[card_id]
    have, need = mission_rules.progress(card["condition"], tables.position(state), seat)
    return {
        "id": card_id,
        "name": card["name"],
        "points": card_points(card),
        "condition": dict(card["condition"]),
        "have": have,
        "need": need,
        "met": have >= need,
    }


def public_card(tables: RebirthTables, card_id: str, state: RebirthState) -> PublicCard:
    """A card of the public row, with who completed it (first at the high value)."""
    card = tables.missions[card_id]
    return {
        "id": card_id,
        "name": card["name"],
        "condition": dict(card["condition"]),
        "high": card["high"],
        "low": card["low"],
        "completed_by": list(state.public_done.get(card_id, [])),
    }
