"""The legal moves a Revive state keeps once listed (`ReviveState.keep_moves`): the same moves
a listing from scratch gives, at every step of random games; `apply` refuses and plays what it
did without them; and they never reach a stored game, a copy or a determinized world."""

from __future__ import annotations

import copy
import random

import pytest

from content.revive import load_revive
from engine.errors import GameError
from engine.revive import Revive, ReviveState
from engine.revive.moves import list_moves

GAMES = ((2, 51), (3, 52), (4, 53), (4, 54))  # player count, seed


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())


def afresh(game: Revive, state: ReviveState, seat: int) -> list[str]:
    """The moves listed from scratch: on a copy, which keeps nothing."""
    fresh = state.copy()
    assert fresh.kept_moves(seat) is None
    return list_moves(game.tables, fresh, seat)


def test_the_kept_moves_are_a_listing_from_scratch_at_every_step(game):
    steps = 0
    for players, seed in GAMES:
        rng = random.Random(seed)
        state = game.new_game(players, {}, seed)
        while not state.finished:
            seat = game.to_move(state)
            legal = game.legal_moves(state, seat)
            assert state.kept_moves(seat) == legal == afresh(game, state, seat)
            assert game.legal_moves(state, seat) == legal  # answered from the kept list
            for other in range(players):
                if other != seat:
                    assert game.legal_moves(state, other) == []
            move = legal[rng.randrange(len(legal))]
            played = game.apply(state, seat, move)
            unkept = game.apply(state.copy(), seat, move)  # checked against its target's moves
            assert played.state.dumps() == unkept.state.dumps()
            assert played.event == unkept.event
            assert played.state.kept_moves(game.to_move(played.state) or 0) is None
            state = played.state
            steps += 1
    assert steps > 1000


def test_apply_refuses_with_kept_moves_what_it_refuses_without(game):
    state = game.new_game(3, {}, 7)
    seat = game.to_move(state)
    legal = game.legal_moves(state, seat)
    assert "explore NOWHERE" not in legal
    for move in ("explore NOWHERE", "build small X.0", "dance wildly", "reward 1", "end"):
        refusals = []
        for tried in (state, state.copy()):
            try:
                game.apply(tried, seat, move)
            except GameError as error:
                refusals.append((type(error), error.args))
        assert len(refusals) == 2 and refusals[0] == refusals[1], move
    assert game.apply(state, seat, "  SWITCH   gear ").notation == "switch gear"  # respelt


def test_kept_moves_are_never_stored_copied_or_compared(game):
    state = game.new_game(4, {}, 8)
    seat = game.to_move(state)
    text = state.dumps()
    legal = game.legal_moves(state, seat)
    assert state.kept_moves(seat) == legal and state.dumps() == text
    assert ReviveState.loads(text).kept_moves(seat) is None
    for copied in (state.copy(), copy.copy(state), copy.deepcopy(state)):
        assert copied.kept_moves(seat) is None and copied == state
    world = game.determinize(state, seat, random.Random(1))
    assert world.kept_moves(seat) is None
    assert game.legal_moves(world, seat) == afresh(game, world, seat)
    assert state.successor(False).kept_moves(seat) is None
    state.forget_moves()
    assert state.kept_moves(seat) is None


def test_a_state_changed_in_place_lists_afresh_once_it_forgets(game):
    state = game.new_game(2, {}, 6)
    seat = game.to_move(state)
    me = state.seats[seat]
    me["resources"]["crystal"] = 0
    assert not any(move.startswith("crystal") for move in game.legal_moves(state, seat))
    me["resources"]["crystal"] = 1
    state.forget_moves()
    assert any(move.startswith("crystal") for move in game.legal_moves(state, seat))
