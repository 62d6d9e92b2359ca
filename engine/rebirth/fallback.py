"""How the fallback player (`engine/fallback.py`) values a Rebirth state: its `FallbackPolicy`.

Beside the rules because it leans on them: the value is the seat's total if the game ended now
(the seat's part of the engine's final scoring, `final.total_if_ended`), plus a
small estimate of what is not points yet. The engine exposes it as `Rebirth.fallback_policy`.
"""

from __future__ import annotations

from typing import Protocol

from engine.base import FallbackPolicy
from engine.rebirth.final import total_if_ended
from engine.rebirth.missions import card_points
from engine.rebirth.standing import Standing, standing
from engine.rebirth.state import RebirthState
from engine.rebirth.tables import RebirthTables

DOUBLING_WORTH = 4.0  # the engine's move labels rank `x2` 4 below its points: use it on 5 or more
PENDING_PLACEMENT = 2.0  # a tower's extra placement still to make (the engine ranks it 2 too)
UNMET_MISSION = 1.0  # a private mission held but not met yet
DRAWN_MISSION = 2.0  # a mission card drawn by this move, unseen by the evaluation


class RebirthRules(Protocol):
    """What the valuation reads from the engine: its content."""

    tables: RebirthTables


def rebirth_value(engine: RebirthRules, state: RebirthState, seat: int, before: RebirthState) -> float:
    """The seat's total if the game ended now (placements, castles at 5, incomplete
    settlements as small ones, missions met), plus an unused doubling marker while tiles are
    left to place, tower placements still owed, and mission cards held.

    The seat's part of the final scoring is worked out without changing `state`
    (`final.total_if_ended`), counting only the missions it held `before` the move: a mission
    card this move drew is valued at a flat `DRAWN_MISSION`, as the player could not know it
    before drawing."""
    known = before.missions[seat]
    drawn = len(state.missions[seat]) - len(known)
    worth = drawn * DRAWN_MISSION
    missions = engine.tables.missions
    if state.finished:  # this move ended the game: scored already, drawn cards included
        assert state.final is not None, "a finished game has its final scoring"
        unseen = [card for card in state.final["missions_met"][seat] if card not in known]
        return state.total(seat) + worth - sum(card_points(missions[card]) for card in unseen)
    if state.doubling and state.doubling[seat] and state.supplies[seat]:
        worth += DOUBLING_WORTH
    if state.current == seat:
        worth += PENDING_PLACEMENT * len(state.pending)
    total, met = _total_if_ended(engine.tables, state, seat, before, known)
    worth += UNMET_MISSION * (len(known) - met)
    return total + worth


class _Recent:
    """The standing of the seat last valued in the position it decides on: every legal move's
    state is valued next, each that position plus one tile. One at a time, as decisions are."""

    standing: Standing | None = None


RECENT = _Recent()
"""The standing last counted, for the states valued after it (a test clears it to compare a
value with the one worked out from scratch)."""


def _total_if_ended(
    tables: RebirthTables, state: RebirthState, seat: int, before: RebirthState, held: list[str]
) -> tuple[int, int]:
    """`final.total_if_ended`, from the seat's standing in `before` (`standing.py`) when
    `state` is `before` one tile later, as most states valued are; else from scratch. The
    standing is counted when the position itself is valued, which a decision does first."""
    board = tables.board(state)
    if state is before:
        RECENT.standing = standing(board, state, seat)
    known = RECENT.standing
    if known is not None and known.seat == seat and known.board is board:
        result = known.total_after(state, held, tables.missions)
        if result is not None:
            return result
    return total_if_ended(tables, state, seat, held)


POLICY = FallbackPolicy(value=rebirth_value)
"""Rebirth has no closing, hidden or side moves: every move is a placement (or discard/resign)."""
