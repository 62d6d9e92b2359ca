"""The benchmark script still runs end to end and prints what the notes expect (tiny counts)."""

from __future__ import annotations

import json

from bench.run import main


def test_bench_prints_one_json_figure_per_line(capsys):
    args = ["--games", "3", "--revive-games", "1", "--moves", "3", "--revive-moves", "4", "--renders", "2"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = [json.loads(line) for line in lines]
    assert all(
        {"name", "value", "unit"} <= set(f) <= {"name", "value", "unit", "budget", "ok"} for f in figures
    )
    names = [f["name"] for f in figures]
    assert names == [
        "rebirth_random_games_4p",
        "revive_random_games_4p",
        "rebirth_move_roundtrip_p50_ms",
        "rebirth_move_roundtrip_p95_ms",
        "revive_decision_roundtrip_p50_ms",
        "revive_decision_roundtrip_p95_ms",
        "revive_turn_roundtrip_p50_ms",
        "revive_turn_roundtrip_p95_ms",
        "rebirth_render_full_board_ms",
        "rebirth_render_full_board_bytes",
        "revive_render_board_ms",
        "revive_render_board_bytes",
        "revive_render_player_ms",
        "budgets_ok",
    ]
    assert all(isinstance(f["value"], (int, float)) and f["value"] > 0 for f in figures[:-1])
    assert figures[-1]["value"] is all(f.get("ok", True) for f in figures[:-1])
