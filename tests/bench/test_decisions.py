"""bench/decisions.py: a level's decisions against whole games played out."""

from __future__ import annotations

import json

from bench.decisions import main, oracle, positions, regrets
from games.registry import load_engine


def test_positions_are_real_decisions_stored_as_the_game_stores_them():
    found = positions("rebirth", {"map": "scotland"}, 2, games=1, every=20, seed=3)
    engine = load_engine("rebirth")
    assert found and len({position.index for position in found}) == len(found)
    for position in found:
        state = engine.loads(position.state)
        assert engine.to_move(state) == position.seat and len(engine.legal_moves(state, position.seat)) > 1


def test_the_oracle_values_the_fallbacks_best_moves_the_same_way_twice():
    position = positions("rebirth", {"map": "scotland"}, 2, games=1, every=20, seed=3)[-1]
    values = oracle("rebirth", position, worlds=2, width=4)
    assert len(values) == 4 and values == oracle("rebirth", position, worlds=2, width=4)
    best = max(values, key=lambda move: values[move])
    worst = min(values, key=lambda move: values[move])
    assert (
        regrets(values, [best]) == 0.0
        and regrets(values, [best, worst]) == (values[best] - values[worst]) / 2
    )
    assert regrets(values, ["not a move"]) is None


def test_the_command_prints_each_levels_regret(capsys, tmp_path):
    kept = tmp_path / "oracle.json"
    arguments = [
        "rebirth",
        "--players",
        "2",
        "--games",
        "1",
        "--every",
        "30",
        "--worlds",
        "1",
        "--width",
        "3",
    ]
    assert main([*arguments, "--levels", "easy", "--seeds", "1", "--oracle", str(kept)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["positions"] >= 1 and first["levels"]["easy"]["regret"] >= 0 and kept.exists()
    assert main([*arguments, "--levels", "easy", "--seeds", "1", "--oracle", str(kept)]) == 0
    assert json.loads(capsys.readouterr().out) == first, "the kept oracle gives the same figures"
