"""The legal moves a Revive state keeps once listed (`ReviveState.keep_moves`) and the reaches it
keeps (`ReviveState.reaches`): the same as found from scratch, at every step of random games;
`apply` refuses and plays what it did without them; and they never reach a stored game, a copy
or a determinized world."""

from __future__ import annotations

import copy
import functools
import random

import pytest

from content.revive import load_revive
from engine.errors import GameError
from engine.revive import Revive, ReviveState, costs
from engine.revive.moves import list_moves
from engine.revive.state import REACHES

GAMES = ((2, 51), (3, 52), (4, 53), (4, 54))  # player count, seed


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())


def afresh(game: Revive, state: ReviveState, seat: int) -> list[str]:
    """The moves listed from scratch: on a copy, which keeps nothing."""
    fresh = state.copy()
    assert fresh.kept_moves(seat) is None
    return list_moves(game.tables, fresh, seat)


@functools.cache
def untouched() -> Revive:
    """An engine of its own, its tables emptied before each use (`fresh`)."""
    return Revive(load_revive())


def fresh() -> Revive:
    """An engine whose tables have kept nothing, so what it finds is found from scratch."""
    engine = untouched()
    engine.tables.derived.clear()
    return engine


def reach_afresh(state: ReviveState, seat: int) -> costs.Reach:
    """A seat's reach found on a copy, with tables of its own that have kept nothing."""
    engine = fresh()
    copied = state.copy()
    assert REACHES not in copied.__dict__
    found = costs.reach(engine.tables, copied, seat)
    assert wholes(engine) == 2  # the layout and this reach, both found now
    return found


def fresh_layout(state: ReviveState) -> costs.Layout:
    """The board's layout found on a copy, with tables of its own that have kept nothing."""
    engine = fresh()
    found = costs.layout(engine.tables, state.copy())
    assert wholes(engine) == 1
    return found


def wholes(engine: Revive) -> int:
    """How many entries the tables keep, but the tiles' parts a layout is put together from."""
    return sum(not (type(key) is tuple and key[:1] == ("part",)) for key in engine.tables.derived)


def check_kept_reaches(state: ReviveState) -> int:
    """Every reach, layout and occupancy kept on `state` is the one found from scratch; how
    many there are."""
    kept = state.__dict__.get(REACHES) or {}
    for key, found in kept.items():
        if isinstance(key, int):
            afresh = reach_afresh(state, key)
            assert found == afresh and dict(found.distance) == dict(afresh.distance)
        elif key == "layout":
            assert found == fresh_layout(state)
        else:
            assert key == "pieces"
            assert found == costs.occupancy_of(fresh().tables, state.copy()) == plain_occupancy(state)
    return len(kept)


def plain_occupancy(state: ReviveState) -> costs.Occupancy:
    """Where the pieces stand, space by space as the rules say it, as bits."""
    bits = fresh().tables.board.bits
    taken = sum(bits[space] for space, pieces in state.pieces.items() if pieces)
    own = tuple(
        sum(bits[space] for space, pieces in state.pieces.items() if any(p[0] == seat for p in pieces))
        for seat in range(state.players)
    )
    crowds = [~taken] + [
        sum(bits[space] for space, pieces in state.pieces.items() if len(pieces) == count)
        for count in range(1, state.players + 1)
    ]
    return costs.Occupancy(taken, own, tuple(crowds))


def test_the_kept_moves_are_a_listing_from_scratch_at_every_step(game):
    steps = reaches = 0
    for players, seed in GAMES:
        rng = random.Random(seed)
        state = game.new_game(players, {}, seed)
        while not state.finished:
            seat = game.to_move(state)
            reaches += check_kept_reaches(state)  # those shared with the state before, unlisted
            legal = game.legal_moves(state, seat)
            reaches += check_kept_reaches(state)
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
    assert steps > 1000 and reaches > steps


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
    assert state.reaches()  # the seat's, found for the listing
    assert REACHES not in ReviveState.loads(text).__dict__
    for copied in (state.copy(), copy.copy(state), copy.deepcopy(state)):
        assert REACHES not in copied.__dict__
    world = game.determinize(state, seat, random.Random(1))
    assert world.kept_moves(seat) is None and REACHES not in world.__dict__
    assert game.legal_moves(world, seat) == afresh(game, world, seat)
    assert state.successor(False).kept_moves(seat) is None
    assert state.successor(False).reaches() is state.reaches()  # the same board: shared
    assert state.successor(True).reaches() is None  # none kept while a move changes the board
    state.forget_moves()
    assert state.kept_moves(seat) is None and REACHES not in state.__dict__


def test_a_state_changed_in_place_lists_afresh_once_it_forgets(game):
    state = game.new_game(2, {}, 6)
    seat = game.to_move(state)
    me = state.seats[seat]
    me["resources"]["crystal"] = 0
    assert not any(move.startswith("crystal") for move in game.legal_moves(state, seat))
    me["resources"]["crystal"] = 1
    state.forget_moves()
    assert any(move.startswith("crystal") for move in game.legal_moves(state, seat))


def test_a_move_that_changes_the_board_keeps_only_the_reaches_that_still_hold(game):
    """Exploring finds the range to its tile on the new state, and the rotation turns the tile
    up; building and populating move one seat's pieces: each state handed out keeps only the
    reaches that still hold (checked before its moves are listed, and after)."""
    for players, seed in GAMES:
        rng = random.Random(seed)
        state = game.new_game(players, {}, seed)
        changed = carried = 0
        while not state.finished and changed < 40:
            seat = game.to_move(state)
            legal = game.legal_moves(state, seat)
            mapped = [move for move in legal if move.split()[0] in ("explore", "rotate", "build", "populate")]
            move = mapped[0] if mapped else legal[rng.randrange(len(legal))]
            state = game.apply(state, seat, move).state
            changed += bool(mapped)
            carried += check_kept_reaches(state) if mapped else 0
            game.legal_moves(state, game.to_move(state))
            check_kept_reaches(state)
        assert changed == 40 and carried > 0
