"""The shortcuts that make a Rebirth move cheap for a search's playouts give what the full
checks give: a public mission is scored as soon as anyone meets it though only the cards a
placement can change are checked again, `is_legal_space` agrees with `legal_spaces`, and a move
played on a state that shares its lists with the state before (`RebirthState.fork`) leaves
every earlier state as it was."""

from __future__ import annotations

import random

import pytest

from engine.rebirth import Rebirth, RebirthState
from engine.rebirth import missions as mission_rules
from engine.rebirth.moves import is_legal_space, legal_spaces
from games.registry import load_engine

TILES = ("E", "F", "S1", "S2", "S3")


@pytest.fixture(scope="module")
def engine() -> Rebirth:
    game = load_engine("rebirth")
    assert isinstance(game, Rebirth)
    return game


def playout(engine: Rebirth, map_id: str, players: int, seed: int) -> list[tuple[RebirthState, str]]:
    """Every state of a seeded random playout with its text when it was reached."""
    chooser = random.Random(seed)
    state = engine.new_game(players, {"map": map_id}, seed)
    states = [(state, state.dumps())]
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        state = engine.apply(state, seat, chooser.choice(engine.legal_moves(state, seat))).state
        states.append((state, state.dumps()))
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_public_mission_met_is_scored_at_once(engine, players):
    """After every placement, every seat that meets a public card has scored it (a seat may
    stop meeting a card it scored: a castle changes hands)."""
    scored = 0
    for seed in range(3):
        for state, _ in playout(engine, "ireland", players, seed):
            position = engine.position(state)
            for card_id in state.public_missions:
                condition = engine.tables.missions[card_id]["condition"]
                for seat in range(players):
                    if mission_rules.is_met(condition, position, seat):
                        assert seat in state.public_done[card_id], (state.turn, card_id, seat)
            scored += sum(map(len, state.public_done.values()))
    assert scored


@pytest.mark.parametrize("map_id", ["scotland", "ireland"])
def test_is_legal_space_agrees_with_the_list_of_legal_spaces(engine, map_id):
    board_states = playout(engine, map_id, 2, seed=5)[::9]
    for state, _ in board_states:
        board = engine.board(state)
        for tile in TILES:
            legal = set(legal_spaces(engine.tables, state, tile))
            for space in board.kind:
                assert is_legal_space(engine.tables, state, tile, space) == (space in legal), (tile, space)


@pytest.mark.parametrize("map_id", ["scotland", "ireland"])
def test_moves_leave_every_earlier_state_as_it_was(engine, map_id):
    """States share lists with the states before them: a whole game later, each one still dumps
    as it did when it was reached."""
    states = playout(engine, map_id, 4, seed=8)
    assert all(state.dumps() == text for state, text in states)


@pytest.mark.parametrize("map_id", ["scotland", "ireland"])
@pytest.mark.parametrize("players", [2, 4])
def test_after_legal_is_the_state_apply_returns(engine, map_id, players):
    """`after_legal` (what the fallback values every move by) plays a listed move without
    reading or checking it: the state is `apply`'s, byte for byte, doubled placements and
    tower placements included."""
    for state, _ in playout(engine, map_id, players, seed=9)[:-1:3]:
        seat = engine.to_move(state)
        assert seat is not None
        for move in engine.legal_moves(state, seat):
            played = engine.apply(state, seat, move).state
            assert engine.after_legal(state, seat, move).dumps() == played.dumps(), move
