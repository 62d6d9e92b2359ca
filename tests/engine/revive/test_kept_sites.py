"""Where the pieces stand and where each seat reaches, kept on a Revive state and carried to the
state after a move that builds, populates or explores (costs.py `carry_reaches`, updated in place
for the space placed on): the same as found from scratch, for every seat, at every step of random
games; and the sites each seat is offered from them are those a listing from scratch offers."""

from __future__ import annotations

import functools
import random

import pytest

from content.revive import load_revive
from engine.revive import Revive, ReviveState, costs
from engine.revive.moves import action_moves
from engine.revive.state import REACHES

GAMES = ((2, 61), (3, 62), (4, 63), (4, 64), (4, 65))  # player count, seed


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())


@functools.cache
def untouched() -> Revive:
    """An engine of its own, its tables emptied before each use: what it finds is found anew."""
    return Revive(load_revive())


def from_scratch(state: ReviveState) -> tuple[Revive, ReviveState]:
    """An engine that has kept nothing, and a copy of `state`, which keeps nothing either."""
    engine = untouched()
    engine.tables.derived.clear()
    copied = state.copy()
    assert REACHES not in copied.__dict__
    return engine, copied


def check_carried(state: ReviveState) -> int:
    """What `state` keeps before anything is listed on it (carried from the state before, or
    shared with it) is what is found from scratch; how many seats' reaches it keeps."""
    kept = state.__dict__.get(REACHES) or {}
    engine, copied = from_scratch(state)
    if "pieces" in kept:
        assert kept["pieces"] == costs.occupancy_of(engine.tables, copied)
    if "layout" in kept:
        assert kept["layout"] == costs.layout(engine.tables, copied)
    seats = [key for key in kept if type(key) is int]
    for seat in seats:
        assert kept[seat] == costs.reach(engine.tables, copied, seat)
    return len(seats)


def check_listed(game: Revive, state: ReviveState) -> None:
    """Every seat's explore, build and populate moves, listed from what `state` keeps (and
    keeping it), are those listed from scratch."""
    for seat in range(state.players):
        engine, copied = from_scratch(state)
        assert action_moves(game.tables, state, seat) == action_moves(engine.tables, copied, seat)


def test_what_a_state_keeps_of_the_board_is_found_anew_for_every_seat_at_every_step(game):
    carried = placed = 0
    for players, seed in GAMES:
        rng = random.Random(seed)
        state = game.new_game(players, {}, seed)
        while not state.finished:
            carried += check_carried(state)
            check_listed(game, state)  # every seat's reach kept, so the next state carries them
            seat = game.to_move(state)
            assert seat is not None
            legal = game.legal_moves(state, seat)
            move = legal[rng.randrange(len(legal))]
            placed += move.split()[0] in ("build", "populate")
            state = game.apply(state, seat, move).state
    assert placed > 100 and carried > 1000
