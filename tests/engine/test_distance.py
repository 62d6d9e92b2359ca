"""`Game.distance`: how far apart two board places are, which the service uses to offer the legal
moves nearest a space that cannot be played (a taken `J18` gets its neighbours, not `J10`)."""

from __future__ import annotations

import pytest

from games.registry import load_engine
from tests.support.tinygame.engine import Hexlink


@pytest.mark.parametrize("map_id", ["scotland", "ireland"])
def test_rebirth_spaces_next_to_each_other_are_one_step_apart(map_id):
    engine = load_engine("rebirth")
    state = engine.new_game(2, {"map": map_id}, 1)
    board = engine.board(state)
    for space, near in board.neighbours.items():
        assert engine.distance(state, space, space) == 0
        assert all(engine.distance(state, space, other) == 1 for other in near), space
    assert engine.distance(state, "j18", "J10") == 8  # alike in spelling, far on the board
    assert engine.distance(state, "J18", "I18") == 1
    assert engine.distance(state, "A0", "A1") == 1  # a typed space off the board still has neighbours
    assert engine.distance(state, "discard", "J18") is None


def test_revive_spaces_next_to_each_other_are_one_step_apart_and_tiles_by_their_centre():
    engine = load_engine("revive")
    state = engine.new_game(2, {}, 1)
    board = engine.edition(engine.current).tables.board
    for space, near in board.neighbours.items():
        if space in board.corners:
            continue
        assert all(engine.distance(state, space, other) == 1 for other in near if other not in board.corners)
    assert engine.distance(state, "s1.0", "S1") == 0  # a tile is where its centre space is
    assert engine.distance(state, "S1.0", "S1.3") == 1
    assert engine.distance(state, "end", "S1.0") is None


def test_a_game_that_says_nothing_of_its_geometry_has_no_distance():
    """The default: no place is near another, so refusals fall back to spelling."""
    game = Hexlink()
    state = game.new_game(2, {}, 1)
    assert game.distance(state, "A1", "A2") is None
