"""Applying a Rebirth move: a placement (scored, with what it sets off: a settlement completed,
castles changing hands, cathedral markers and their mission cards, Round Tower bonuses, public
missions met), a discard or a resignation; then the draw and the next player, or the end. Also
the undo policy: what a move showed that cannot be taken back."""

from __future__ import annotations

from typing import Any, TypeVar

from engine.base import RESIGN, Applied
from engine.errors import GameOver, IllegalMove, MalformedMove, NotAPlayer, NotYourTurn, Term, Typed
from engine.rebirth import missions as mission_rules
from engine.rebirth import scoring
from engine.rebirth.board import Board
from engine.rebirth.final import final_scoring
from engine.rebirth.moves import (
    DISCARD,
    DOUBLE,
    can_double,
    is_legal_space,
    legal_spaces,
    tile_to_place,
    typed_placement,
)
from engine.rebirth.state import NEUTRAL, RebirthState
from engine.rebirth.tables import RebirthTables
from engine.rebirth.views import DiscardEvent, PlaceEvent, RebirthEvent, ResignEvent, SeatPoints

T = TypeVar("T")

_LANDMARK_ERRORS = {
    "C": "error.rebirth.castle_space",
    "K": "error.rebirth.cathedral_space",
    "R": "error.rebirth.tower_space",
    "T": "error.rebirth.tara_space",
}


def apply(
    tables: RebirthTables, state: RebirthState, seat: int, move: str
) -> Applied[RebirthState, RebirthEvent]:
    """Play `move` for `seat`: a new state and a description of what happened.

    Raises a GameError saying why when the move is refused; `state` is never modified.
    """
    if not 0 <= seat < state.players:
        raise NotAPlayer("error.not_a_player")
    if state.finished:
        raise GameOver("error.game_over")
    text = move.strip().lower()
    if text == RESIGN:
        return _resign(tables, state, seat)
    if state.resigned[seat]:
        raise IllegalMove("error.resigned")
    if seat != state.current:
        raise NotYourTurn("error.not_your_turn")
    tile = tile_to_place(state, seat)
    assert tile is not None, "a seat to move always has a tile to place"
    if text == DISCARD:
        if legal_spaces(tables, state, tile):
            raise IllegalMove("error.rebirth.discard_with_space", tile=Term(f"tile.{tile}"))
        return _discard(tables, state, seat, tile)
    if move in tables.board(state).kind:  # a space as `legal_moves` spells it: no parsing
        space: str | None
        space, doubled = move, False
    else:
        space, doubled = typed_placement(text)  # any case and spacing: "f 7", "F7X2"
    if doubled and not state.doubling:  # a map without the marker (Scotland)
        raise IllegalMove("error.rebirth.no_doubling_map", map=Term(f"map.{state.map_id}"))
    if doubled and not can_double(state, seat):
        raise IllegalMove("error.rebirth.no_doubling")
    if space is None:
        raise MalformedMove("error.rebirth.malformed", text=Typed(move[:20]))
    _check_space(tables, state, tile, space)
    return place(tables, state, seat, tile, space, doubled)


_DOUBLED = f" {DOUBLE}"  # how `legal_moves` spells a placement with the Doubling Marker


def after_legal(tables: RebirthTables, state: RebirthState, seat: int, move: str) -> RebirthState:
    """`apply(tables, state, seat, move).state` for a move as `legal_moves` lists it: a
    placement is played without reading its spelling or checking it again (the fallback plays
    every legal move to value it)."""
    tile = tile_to_place(state, seat)
    if move in (DISCARD, RESIGN) or tile is None:
        return apply(tables, state, seat, move).state
    if move.endswith(_DOUBLED):
        return place(tables, state, seat, tile, move[: -len(_DOUBLED)], doubled=True).state
    return place(tables, state, seat, tile, move).state


def _check_space(tables: RebirthTables, state: RebirthState, tile: str, space: str) -> None:
    board = tables.board(state)
    kind = board.kind.get(space)
    if kind is None:
        raise IllegalMove("error.rebirth.off_board", space=space)
    if kind in "~w":
        raise IllegalMove("error.rebirth.water", space=space)
    if kind in _LANDMARK_ERRORS:
        raise IllegalMove(_LANDMARK_ERRORS[kind], space=space)
    if space in state.board:
        key = "error.rebirth.neutral" if state.board[space][0] == NEUTRAL else "error.rebirth.occupied"
        raise IllegalMove(key, space=space)
    if is_legal_space(tables, state, tile, space):
        return
    tile_name = Term(f"tile.{tile}")
    if tile.startswith("S"):
        raise IllegalMove("error.rebirth.settlement_only", space=space)
    if kind == "s":
        raise IllegalMove("error.rebirth.settlement_space", space=space, tile=tile_name)
    raise IllegalMove("error.rebirth.farm_fallback", space=space, tile=tile_name)


def _placement_points(
    board: Board, tiles: dict[str, tuple[int, str]], seat: int, tile: str, space: str
) -> dict[int, dict[str, int]]:
    """Points scored immediately by a placement (already on `tiles`), by seat and category."""
    points: dict[int, dict[str, int]] = {}
    if tile in scoring.FARMS:
        _add(points, seat, "farm", len(scoring.farm_cluster(board, tiles, seat, tile, space)))
        return points
    settlement = board.settlement_of[space]
    if settlement.size == 1:
        _add(points, seat, "settlement", scoring.influence(tile))
    elif scoring.is_complete(settlement, tiles):
        for who, value in scoring.settlement_payout(settlement, tiles).items():
            _add(points, who, "settlement", value)
    if space in board.bonus_spaces:
        _add(points, seat, board.bonus_spaces[space], 1)
    return points


def place(
    tables: RebirthTables,
    state: RebirthState,
    seat: int,
    tile: str,
    space: str,
    doubled: bool = False,
    preview: bool = False,
) -> Applied[RebirthState, RebirthEvent]:
    """Place `tile` for `seat` on a copy of `state`. A `preview` scores only what the mover
    scores (the others' public missions are not checked: the mover is checked first, so
    what they score never changes the mover's points) and does not end the turn."""
    board = tables.board(state)
    new = state.fork()  # shares what it does not copy: changed below only by replacing it
    if new.pending:
        new.pending = new.pending[1:]  # this placement is a tower's extra tile
    else:
        new.hands[seat] = None
    new.board[space] = (seat, tile)
    points = _placement_points(board, new.board, seat, tile, space)
    event: PlaceEvent = {
        "kind": "place",
        "seat": seat,
        "space": space,
        "tile": tile,
        "points": points,
    }
    private: dict[int, dict[str, Any]] = {}
    if doubled:
        new.doubling = _replaced(new.doubling, seat, False)
        event["doubled"] = True
        _add(points, seat, "doubling", sum(points.get(seat, {}).values()))
    settlement = board.settlement_of.get(space)
    if settlement and settlement.size > 1 and scoring.is_complete(settlement, new.board):
        event["completed"] = settlement.name
    for cathedral in board.adjacent_cathedrals[space]:
        markers = new.cathedral_markers[cathedral]
        if seat in markers:
            continue
        new.cathedral_markers = {**new.cathedral_markers, cathedral: [*markers, seat]}
        event.setdefault("cathedrals", []).append(board.cathedrals[cathedral])
        _draw_mission(new, seat, event, private)
    for castle in board.adjacent_castles[space]:
        holder = new.castles[castle]
        controller = scoring.castle_controller(board, new.board, castle, seat, holder, new.players)
        if controller != holder:
            new.castles = {**new.castles, castle: controller}
            event.setdefault("castles", []).append(
                {"castle": board.castles[castle], "from": holder, "to": controller}
            )
    _tower_bonuses(tables, new, board, seat, space, points, event, private)
    _public_missions(tables, new, seat, space, points, event, 1 if preview else new.players)
    if preview:
        return Applied(new, event, private, space)
    for who, categories in points.items():
        scores = new.scores[who] = dict(new.scores[who])
        for category, value in categories.items():
            scores[category] = scores.get(category, 0) + value
    new.last = {"seat": seat, "space": space, "tile": tile}
    new.turn += 1
    if new.pending:
        event["pending"] = len(new.pending)  # the same player places again before drawing
    else:
        _finish_turn(tables, new, seat)
    return Applied(new, event, private, f"{space} {DOUBLE}" if doubled else space)


def _draw_mission(
    state: RebirthState, seat: int, event: PlaceEvent, private: dict[int, dict[str, Any]]
) -> None:
    """A private mission card from the face-down pile, if any is left."""
    if not state.mission_deck:
        return
    card, state.mission_deck = state.mission_deck[0], state.mission_deck[1:]
    state.missions = _replaced(state.missions, seat, [*state.missions[seat], card])
    private.setdefault(seat, {}).setdefault("missions_drawn", []).append(card)
    event["missions_drawn"] = event.get("missions_drawn", 0) + 1


def tower_gives(state: RebirthState, seat: int, kind: str) -> bool:
    """Whether a tower bonus would give `seat` anything now (a pile may be empty)."""
    if kind == "mission":
        return bool(state.mission_deck)
    if kind == "extra_tile":
        return bool(state.supplies[seat])
    if kind == "recall":
        return bool(state.set_aside[seat])
    return True


def _tower_bonuses(
    tables: RebirthTables,
    state: RebirthState,
    board: Board,
    seat: int,
    space: str,
    points: dict[int, dict[str, int]],
    event: PlaceEvent,
    private: dict[int, dict[str, Any]],
) -> None:
    """Activate each Round Tower next to `space` that `seat` has not used yet."""
    for tower in board.adjacent_towers[space]:
        if tower not in state.towers or seat in state.towers_used[tower]:
            continue
        state.towers_used = {**state.towers_used, tower: [*state.towers_used[tower], seat]}
        bonus = tables.tower_tiles[state.towers[tower]]
        kind, outcome = bonus["bonus"], "ok"
        if kind == "points":
            _add(points, seat, "tower", bonus["value"])
        elif kind == "mission":
            outcome = "ok" if state.mission_deck else "empty"
            _draw_mission(state, seat, event, private)
        elif kind in ("extra_tile", "recall"):
            source = state.supplies[seat] if kind == "extra_tile" else state.set_aside[seat]
            if source:
                state.pending = [*state.pending, {"kind": "extra", "tile": source[0], "source": kind}]
                if kind == "extra_tile":
                    state.supplies[seat] = source[1:]
                else:
                    state.set_aside = _replaced(state.set_aside, seat, source[1:])
            else:
                outcome = "empty"
        elif kind == "doubling":
            if state.doubling[seat]:
                _add(points, seat, "tower", 2)
                outcome = "points"
            else:
                state.doubling = _replaced(state.doubling, seat, True)
        event.setdefault("towers", []).append(
            {"tower": board.towers[tower], "bonus": kind, "value": bonus.get("value"), "outcome": outcome}
        )


# The public missions a placement may complete for a seat other than the mover: only through
# castles it takes, or settlements the placement completes (every other condition counts the
# seat's own tiles and markers, which only its own placements change). By (took a castle, a
# settlement was completed).
_OTHERS_CONDITIONS = {
    (False, False): frozenset(),
    (True, False): frozenset({"castle", "castles"}),
    (False, True): frozenset({"settlements_won"}),
    (True, True): frozenset({"castle", "castles", "settlements_won"}),
}


def _public_missions(
    tables: RebirthTables,
    state: RebirthState,
    mover: int,
    space: str,
    points: SeatPoints,
    event: PlaceEvent,
    seats: int,
) -> None:
    """After every placement: anyone who now meets a public mission scores it, the first
    player the higher value, later ones the lower. The mover is checked first (then the
    next `seats - 1` players in turn order).

    Every placement checks everyone, so a card a seat has not scored was not met before this
    placement: only the cards this placement can change are checked again (`_cards_to_check`).
    Who scores what, and in which order, is what checking every card would give."""
    if not state.public_missions:
        return
    pos = tables.position(state)
    tile = state.board[space][1]
    took_castle = {change["to"] for change in event.get("castles", ())}
    completed = "completed" in event
    if not took_castle and not completed:
        seats = 1  # nobody but the mover can have met a card they had not
    for step in range(seats):
        who = (mover + step) % state.players
        if state.resigned[who]:
            continue
        kinds = None if step == 0 else _OTHERS_CONDITIONS[who in took_castle, completed]
        for card_id in _cards_to_check(tables, state, pos.board, who, space, kinds):
            card = tables.missions[card_id]
            if step == 0:
                met = mission_rules.met_by_placement(card["condition"], pos, who, space, tile)
            else:
                met = mission_rules.is_met(card["condition"], pos, who)
            if not met:
                continue
            done = state.public_done[card_id]
            value = card["low"] if done else card["high"]
            done = [*done, who]
            state.public_done = {**state.public_done, card_id: done}
            _add(points, who, "public", value)
            event.setdefault("public_missions", []).append(
                {"mission": card["name"], "seat": who, "points": value, "first": len(done) == 1}
            )


def _cards_to_check(
    tables: RebirthTables,
    state: RebirthState,
    board: Board,
    who: int,
    space: str,
    kinds: frozenset[str] | None,
) -> list[str]:
    """The public cards `who` has not scored whose progress a placement on `space` may have
    changed: for the mover (`kinds` None) those counting tiles wherever they stand or on
    `space`; for another seat those whose condition is of `kinds` (what the placement gave it)."""
    done = state.public_done
    if kinds is not None:
        missions = tables.missions
        return [
            card
            for card in state.public_missions
            if who not in done[card] and missions[card]["condition"]["type"] in kinds
        ]
    cards = []
    for card in state.public_missions:
        if who not in done[card]:
            where = tables.mission_places(board, card)
            if where is None or space in where:
                cards.append(card)
    return cards


def _discard(
    tables: RebirthTables, state: RebirthState, seat: int, tile: str
) -> Applied[RebirthState, RebirthEvent]:
    new = state.fork()
    if new.pending:
        new.pending = new.pending[1:]
    else:
        new.hands[seat] = None
    new.discarded = _replaced(new.discarded, seat, [*new.discarded[seat], tile])
    new.last = {"seat": seat, "space": None, "tile": tile}
    new.turn += 1
    event: DiscardEvent = {"kind": "discard", "seat": seat, "tile": tile, "points": {}}
    if new.pending:
        event["pending"] = len(new.pending)
    else:
        _finish_turn(tables, new, seat)
    return Applied(new, event, {}, DISCARD)


def _resign(tables: RebirthTables, state: RebirthState, seat: int) -> Applied[RebirthState, RebirthEvent]:
    if state.resigned[seat]:
        raise IllegalMove("error.resigned")
    new = state.fork()
    new.resigned = _replaced(new.resigned, seat, True)
    new.hands[seat] = None
    new.supplies[seat] = []
    if new.current == seat:
        new.pending = []
    event: ResignEvent = {"kind": RESIGN, "seat": seat, "points": {}}
    if sum(not r for r in new.resigned) <= 1:
        final_scoring(tables, new)
    elif new.current == seat:
        _advance(tables, new, seat)
    return Applied(new, event, {}, RESIGN)


def _finish_turn(tables: RebirthTables, state: RebirthState, seat: int) -> None:
    """Step 3 of a turn (draw), then pass the turn or end the game."""
    supply = state.supplies[seat]
    if state.hands[seat] is None and supply:
        state.hands[seat], state.supplies[seat] = supply[0], supply[1:]
    _advance(tables, state, seat)


def _advance(tables: RebirthTables, state: RebirthState, seat: int) -> None:
    for step in range(1, state.players + 1):
        nxt = (seat + step) % state.players
        if not state.resigned[nxt] and state.hands[nxt] is not None:
            state.current = nxt
            return
    final_scoring(tables, state)


def reveals(before: RebirthState, after: RebirthState, seat: int) -> str | None:
    """What a move showed anyone, the mover included, that they did not know: why it cannot
    be taken back (`/undo`, docs/async.md). A placement draws the mover's next tile from
    their face-down supply (or a tower brings a set-aside tile back, or draws an extra one):
    undoing it would let them place again knowing that tile. A mission card drawn from the
    face-down pile (a cathedral, a tower) is new too. The last placements, with the supply
    empty, draw nothing and may be undone."""
    drew_tile = len(after.supplies[seat]) < len(before.supplies[seat]) or len(after.set_aside[seat]) < len(
        before.set_aside[seat]
    )
    if drew_tile:
        return "undo.drew_tile"
    if len(after.mission_deck) < len(before.mission_deck):
        return "undo.drew_mission"
    return None


def _replaced(items: list[T], index: int, value: T) -> list[T]:
    """`items` with the item at `index` replaced: how a move changes a list its state shares
    with the state before (`RebirthState.fork`)."""
    changed = list(items)
    changed[index] = value
    return changed


def _add(points: dict[int, dict[str, int]], who: int, category: str, value: int) -> None:
    """Add `value` points for `who` in `category` to a move's points (zero adds nothing)."""
    if value:
        categories = points.setdefault(who, {})
        categories[category] = categories.get(category, 0) + value
