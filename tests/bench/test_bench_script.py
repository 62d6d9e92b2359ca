"""The benchmark script still runs end to end and prints what the notes expect (tiny counts)."""

from __future__ import annotations

import json
import subprocess

import pytest

from bench.run import ROOT, burst_modes, main, side_by_side

TINY = [
    *("--games", "3", "--revive-games", "1", "--playouts", "2", "--moves", "3", "--revive-moves", "4"),
    *("--renders", "2", "--replays", "1"),
    *("--channels", "2", "--alone", "1"),
]


def test_bench_prints_one_json_figure_per_line(capsys):
    assert main(TINY) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = [json.loads(line) for line in lines]
    assert all(
        {"name", "value", "unit"} <= set(f) <= {"name", "value", "unit", "budget", "ok"} for f in figures
    )
    names = [f["name"] for f in figures]
    assert names == [
        "rebirth_random_games_4p",
        "revive_random_games_4p",
        "playouts_rebirth_scotland_2p_per_s",
        "playouts_rebirth_scotland_4p_per_s",
        "playouts_rebirth_ireland_2p_per_s",
        "playouts_rebirth_ireland_4p_per_s",
        "playouts_revive_4p_per_s",
        "rebirth_move_roundtrip_p50_ms",
        "rebirth_move_roundtrip_p95_ms",
        "revive_decision_roundtrip_p50_ms",
        "revive_decision_roundtrip_p95_ms",
        "revive_turn_roundtrip_p50_ms",
        "revive_turn_roundtrip_p95_ms",
        *(
            f"{mode}_{figure}"
            for mode, _, _ in burst_modes()
            for figure in ("alone_ms", "p50_ms", "p95_ms", "burst_ms", "p95_per_alone", "median_share")
        ),
        "rebirth_render_full_board_ms",
        "rebirth_render_full_board_cold_ms",
        "rebirth_render_full_board_cold_per_warm",
        "rebirth_render_full_board_bytes",
        "rebirth_render_full_board_encode_ms",
        "rebirth_render_full_board_per_encode",
        "rebirth_render_full_board_encode_share",
        "rebirth_render_channel_ms",
        "rebirth_render_channel_bytes",
        "rebirth_render_full_board_ms_ireland",
        "rebirth_render_full_board_bytes_ireland",
        "revive_render_board_ms",
        "revive_render_board_bytes",
        "revive_render_board_encode_ms",
        "revive_render_board_per_encode",
        "revive_render_board_encode_share",
        "revive_render_channel_ms",
        "revive_render_channel_bytes",
        "revive_render_player_ms",
        "revive_render_player_bytes",
        *(
            f"replay_{mode}_{figure}"
            for mode in ("rebirth4", "ireland4", "revive4")
            for figure in ("s", "frames", "bytes")
        ),
        "arena_normal_vs_easy_2p_points_share",
        "arena_normal_2worlds_decision_ms_mean",
        "arena_normal_2worlds_decision_ms_p95",
        "budgets_ok",
    ]
    assert all(isinstance(f["value"], (int, float)) and f["value"] > 0 for f in figures[:-1])
    assert figures[-1]["value"] is all(f.get("ok", True) for f in figures[:-1])


def test_side_by_side_keeps_the_best_round_of_each_tree():
    current = [
        {
            "fast": {"name": "fast", "value": 10.0, "unit": "games/s"},
            "t": {"name": "t", "value": 5.0, "unit": "ms"},
        },
        {
            "fast": {"name": "fast", "value": 12.0, "unit": "games/s"},
            "t": {"name": "t", "value": 6.0, "unit": "ms"},
        },
    ]
    baseline = [
        {
            "fast": {"name": "fast", "value": 8.0, "unit": "games/s"},
            "ok": {"name": "ok", "value": True, "unit": "bool"},
        },
        {
            "fast": {"name": "fast", "value": 6.0, "unit": "games/s"},
            "old": {"name": "old", "value": 2.0, "unit": "ms"},
        },
    ]
    assert side_by_side(current, baseline) == [
        {"name": "fast", "value": 12.0, "baseline": 8.0, "ratio": 1.5, "unit": "games/s"},
        {"name": "t", "value": 5.0, "baseline": None, "ratio": None, "unit": "ms"},
        {"name": "old", "value": None, "baseline": 2.0, "ratio": None, "unit": "ms"},
    ]


def test_a_baseline_run_prints_each_figure_beside_the_other_commits(capsys):
    assert main([*TINY, "--baseline", "HEAD", "--rounds", "1"]) == 0
    figures = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [f["name"] for f in figures][:2] == ["rebirth_random_games_4p", "revive_random_games_4p"]
    assert len(figures) == 45 + 6 * len(burst_modes()) and "budgets_ok" not in {f["name"] for f in figures}
    for figure in figures:
        assert set(figure) == {"name", "value", "baseline", "ratio", "unit"}
        assert figure["value"] > 0 and figure["baseline"] > 0
        assert figure["ratio"] == round(figure["value"] / figure["baseline"], 3)
    trees = subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "list"], capture_output=True, text=True
    ).stdout
    assert "tabletop-baseline-" not in trees, "the baseline worktree is left behind"


@pytest.mark.slow
def test_the_sharing_bench_times_a_move_beside_thinking_tables_on_both_bots(capsys):
    assert main(["--sharing", "--solo-tables", "1", "--alone", "1"]) == 0
    figures = {f["name"]: f for f in map(json.loads, capsys.readouterr().out.splitlines())}
    for bot in ("sharing", "sharing_before"):
        assert figures[f"{bot}_alone_ms"]["value"] > 0 and figures[f"{bot}_busy_moves"]["value"] <= 1
    assert (
        figures["sharing_per_alone"]["budget"] == "<= 3"
        and "budget" not in figures["sharing_before_per_alone"]
    )
