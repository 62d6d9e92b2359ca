"""The fallback values a move by one seat's part of the final scoring, worked out for that seat
alone and without changing the state (engine/rebirth/final.py `total_if_ended`,
engine/revive/scoring.py `final_parts`): it must give what the whole final scoring gives that
seat, in every position."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.base import RESIGN, AnyGame
from engine.rebirth.final import final_scoring, total_if_ended
from engine.revive import scoring as revive_scoring
from games.registry import load_engine


def random_states(engine: AnyGame, players: int, options: dict[str, Any], seed: int, every: int) -> list[Any]:
    """Every `every`-th state of a seeded random game (never a resignation)."""
    state = engine.new_game(players, dict(options), seed)
    draw = random.Random(seed)
    states, count = [], 0
    while not engine.is_over(state):
        if count % every == 0:
            states.append(state)
        seat = engine.to_move(state)
        legal = [move for move in engine.legal_moves(state, seat) if move != RESIGN]
        state = engine.apply(state, seat, legal[draw.randrange(len(legal))]).state
        count += 1
    return states


@pytest.mark.parametrize("board", ["scotland", "ireland"])
def test_a_rebirth_seats_total_if_ended_is_its_final_score(board):
    engine = load_engine("rebirth")
    checked = 0
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        for state in random_states(engine, players, {"map": board}, seed, every=5):
            text = engine.dumps(state)
            ended = state.copy()
            final_scoring(engine.tables, ended)
            for seat in range(players):
                total, met = total_if_ended(engine.tables, state, seat, state.missions[seat])
                assert (total, met) == (ended.total(seat), len(ended.final["missions_met"][seat]))
                checked += met > 0
            assert engine.dumps(state) == text  # only read
    assert checked > 10  # missions met were counted, not only placements


def test_a_revive_seats_final_parts_are_its_final_breakdown():
    engine = load_engine("revive")
    for seed, players in ((1, 2), (2, 4)):
        for state in random_states(engine, players, {}, seed, every=29):
            tables = engine.of(state).tables
            text = engine.dumps(state)
            ended = state.copy()
            revive_scoring.final_scoring(tables, ended)
            for seat in range(players):
                parts = revive_scoring.final_parts(tables, state, seat)
                assert parts == ended.final["breakdown"][seat]
                assert state.seats[seat]["points"] + sum(parts.values()) == ended.seats[seat]["points"]
            assert engine.dumps(state) == text


def test_an_artifact_card_counts_what_it_names_and_nothing_else():
    engine = load_engine("revive")
    state = random_states(engine, 2, {}, 5, every=200)[-1]
    assert revive_scoring.count(state, 0, "citizens") == len(state.seats[0]["owned_cards"])
    assert revive_scoring.count(state, 0, "no such thing") == 0
