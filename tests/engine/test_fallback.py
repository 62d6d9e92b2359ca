"""The fallback player (engine/fallback.py): the same state and seed give the same move, in any
process; its moves are legal; games where every seat is the fallback end normally; it plays
better than chance; it never values a card it could not have seen."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
from typing import Any

import pytest

from engine.base import AnyGame
from engine.fallback import choose_move, move_gains, play_turn
from games.registry import load_engine
from tests.support.paths import ROOT


def fallback_game(
    engine: AnyGame, players: int, options: dict[str, Any], seed: int
) -> tuple[Any, list[list[str]]]:
    """A whole game in which every seat is the fallback player: the final state and each turn's
    moves. Every turn must end with another seat to move (or the game over)."""
    state = engine.new_game(players, options, seed)
    turns: list[list[str]] = []
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        moves = play_turn(engine, state, seat, seed)
        assert moves, f"no move for seat {seat}"
        for move in moves:
            state = engine.apply(state, seat, move).state  # raises if a move is illegal
        assert engine.is_over(state) or engine.to_move(state) != seat
        turns.append(moves)
        assert len(turns) < 2000, "the game does not end"
    return state, turns


def states_along(engine: AnyGame, players: int, options: dict[str, Any], seed: int, count: int) -> list[Any]:
    """The first `count` states of a fallback game, one per move."""
    state = engine.new_game(players, options, seed)
    states = []
    while len(states) < count and not engine.is_over(state):
        states.append(state)
        seat = engine.to_move(state)
        state = engine.apply(state, seat, choose_move(engine, state, seat, seed)).state
    return states


@pytest.mark.parametrize(("game_id", "options"), [("rebirth", {"map": "ireland"}), ("revive", {})])
def test_the_same_state_and_seed_give_the_same_legal_move(game_id, options):
    engine = load_engine(game_id)
    for state in states_along(engine, 3, options, seed=11, count=120)[::6]:
        seat = engine.to_move(state)
        move = choose_move(engine, state, seat, 11)
        assert move in engine.legal_moves(state, seat)
        assert choose_move(engine, state, seat, 11) == move
        # A state loaded from the database (keys in another order) gives the same move.
        assert choose_move(engine, engine.loads(engine.dumps(state)), seat, 11) == move


CHOICES_SCRIPT = """
import json, sys
from games.registry import load_engine
from engine.fallback import choose_move
engine = load_engine("revive")
state, moves = engine.new_game(3, {}, 5), []
while len(moves) < 60:
    seat = engine.to_move(state)
    moves.append(choose_move(engine, state, seat, 5))
    state = engine.apply(state, seat, moves[-1]).state
print(json.dumps(moves))
"""


def test_another_process_chooses_the_same_moves():
    """Ties are drawn from the seed and the state's canonical text, never from Python's salted
    `hash()`: a restarted bot continues a game exactly as it would have."""
    here = json.loads(_run(CHOICES_SCRIPT, hash_seed="1"))
    there = json.loads(_run(CHOICES_SCRIPT, hash_seed="2"))
    assert here == there


def _run(script: str, hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_the_seed_breaks_ties():
    """At the start of Rebirth many placements score the same: the seed picks among them, and
    only among the best."""
    engine = load_engine("rebirth")
    state = engine.new_game(2, {"map": "scotland"}, 3)
    seat = engine.to_move(state)
    gains = move_gains(engine, state, seat)
    best = max(gains.values())
    chosen = {choose_move(engine, state, seat, seed) for seed in range(12)}
    assert len(chosen) > 1
    assert all(gains[move] == pytest.approx(best) for move in chosen)


def test_a_seat_not_to_move_has_no_fallback_move():
    engine = load_engine("revive")
    state = engine.new_game(2, {}, 1)
    with pytest.raises(ValueError):
        choose_move(engine, state, 1 - engine.to_move(state), 1)
    assert play_turn(engine, state, 1 - engine.to_move(state), 1) == []


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("board", ["scotland", "ireland"])
def test_rebirth_games_of_fallback_players_end(board, players):
    engine = load_engine("rebirth")
    state, turns = fallback_game(engine, players, {"map": board}, seed=players)
    moves = sum(len(turn) for turn in turns)
    assert state.finished and state.final["winners"]
    assert all(len(turn) <= 4 for turn in turns)  # a placement and a tower's extra ones at most
    assert moves < 45 * players
    assert min(engine.scores(state)) > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_revive_games_of_fallback_players_end_by_the_artifact_rule(players):
    engine = load_engine("revive")
    state, turns = fallback_game(engine, players, {}, seed=players)
    moves = sum(len(turn) for turn in turns)
    assert state.finished
    assert state.end_tile is not None and not state.crater  # the last major artifact was taken
    assert moves < 3000
    assert min(engine.scores(state)) > 20


def test_revive_fallback_trades_a_crystal_only_for_a_move_it_could_not_make():
    """Each crystal the fallback trades makes legal the move it plays next (a crystal for the
    food an exploration lacks); it never trades one away for nothing."""
    engine = load_engine("revive")
    state = engine.new_game(2, {}, 8)
    traded = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)
        before = None
        for move in play_turn(engine, state, seat, 8):
            if before is not None and not move.startswith("crystal "):
                assert move not in before, f"a crystal traded before {move}, which was legal already"
            before = set(engine.legal_moves(state, seat)) if move.startswith("crystal ") else None
            traded += move.startswith("crystal ")
            state = engine.apply(state, seat, move).state
    assert traded


def versus_random(engine: AnyGame, options: dict[str, Any], seed: int) -> int:
    """A 2-player game, the fallback against uniformly random moves: the fallback's margin."""
    state = engine.new_game(2, options, seed)
    fallback, chooser = seed % 2, random.Random(seed)
    while not engine.is_over(state):
        seat = engine.to_move(state)
        if seat == fallback:
            move = choose_move(engine, state, seat, seed)
        else:
            moves = engine.legal_moves(state, seat)
            move = moves[chooser.randrange(len(moves))]
        state = engine.apply(state, seat, move).state
    scores = engine.scores(state)
    return scores[fallback] - scores[1 - fallback]


def test_the_fallback_beats_random_play_at_rebirth():
    engine = load_engine("rebirth")
    margins = [
        versus_random(engine, {"map": board}, seed) for board in ("scotland", "ireland") for seed in range(3)
    ]
    assert sum(margin > 0 for margin in margins) >= 5, margins
    assert statistics.mean(margins) > 15, margins


@pytest.mark.slow
def test_the_fallback_beats_random_play_at_revive():
    engine = load_engine("revive")
    margins = [versus_random(engine, {}, seed) for seed in range(4)]
    assert sum(margin > 0 for margin in margins) >= 3, margins
    assert statistics.mean(margins) > 15, margins


def test_revive_gains_do_not_depend_on_face_down_piles():
    """The citizen, crate, module and machine piles are face down: reordering them changes no
    move's worth (`recruit deck` is worth an average displayed card, not the card it would draw)."""
    engine = load_engine("revive")
    checked = recruits = 0
    for state in states_along(engine, 2, {}, seed=4, count=300)[::3]:
        seat = engine.to_move(state)
        other = engine.loads(engine.dumps(state))
        for name in ("citizens", "crates", "modules"):
            other.decks[name].reverse()
        for pile in other.decks["machines"].values():
            pile.reverse()
        if other.decks == state.decks:
            continue
        gains, other_gains = move_gains(engine, state, seat), move_gains(engine, other, seat)
        assert other_gains == pytest.approx(gains)
        checked += 1
        if "recruit deck" in gains:
            recruits += 1
            shown = [
                gain for move, gain in gains.items() if move.startswith("recruit ") and move != "recruit deck"
            ]
            assert gains["recruit deck"] == pytest.approx(statistics.mean(shown))
    assert checked > 50 and recruits


def test_rebirth_gains_do_not_depend_on_the_mission_pile():
    """A cathedral draws a mission card from the face-down pile: worth the same whichever it is."""
    engine = load_engine("rebirth")
    checked = 0
    for state in states_along(engine, 3, {"map": "scotland"}, seed=6, count=100)[::4]:
        seat = engine.to_move(state)
        other = engine.loads(engine.dumps(state))
        other.mission_deck.reverse()
        assert move_gains(engine, other, seat) == pytest.approx(move_gains(engine, state, seat))
        checked += len(state.mission_deck) > 1
    assert checked > 20


def hidden_rewritten(engine, state, seat):
    """The state with everything `seat` cannot see reordered: face-down piles, and the other
    seats' shuffled supplies and set-aside tiles (Rebirth) or their secret cards (Revive)."""
    other = engine.loads(engine.dumps(state))
    if engine.id == "rebirth":
        other.mission_deck.reverse()
        for index, supply in enumerate(other.supplies):
            if index != seat:
                supply.reverse()
    else:
        for name in ("citizens", "crates", "modules"):
            other.decks[name].reverse()
        for pile in other.decks["machines"].values():
            pile.reverse()
    return other


@pytest.mark.parametrize(("game_id", "options"), [("rebirth", {"map": "scotland"}), ("revive", {})])
def test_the_fallback_move_does_not_depend_on_what_its_seat_cannot_see(game_id, options):
    """Ties are drawn from the seat's own view: rewriting hidden information changes no move."""
    engine = load_engine(game_id)
    checked = 0
    for state in states_along(engine, 3, options, seed=8, count=120)[::3]:
        seat = engine.to_move(state)
        other = hidden_rewritten(engine, state, seat)
        if engine.dumps(other) == engine.dumps(state):
            continue
        assert choose_move(engine, other, seat, 11) == choose_move(engine, state, seat, 11)
        checked += 1
    assert checked > 20
