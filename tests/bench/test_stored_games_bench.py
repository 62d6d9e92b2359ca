"""The stored-games benchmark (`bench/run.py --stored`) still runs end to end, at a tiny size:
its databases fill, every timed command answers, and the figures come out with their budgets."""

from __future__ import annotations

import json

import pytest

from bench.run import main
from bench.scale import BENCH_USER, MINE, plan

TINY = [
    "--stored",
    "--postgres",
    "",
    "--stored-sizes",
    "60,120",
    "--stored-repeats",
    "1",
    "--stored-copies",
    "2",
]


def test_both_sizes_hold_the_timed_games_alike():
    small, large = plan(60, 4), plan(120, 4)
    assert large[:60] == small
    assert sum(mine for _, mine in small) == MINE and BENCH_USER < 1_000


@pytest.mark.slow
def test_the_stored_games_bench_prints_its_figures(capsys):
    assert main(TINY) == 0
    figures = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    names = [f["name"] for f in figures]
    for command in ("move", "games", "check"):
        assert f"stored_sqlite_{command}_ms_60" in names and f"stored_sqlite_{command}_ms_120" in names
        [ratio] = [f for f in figures if f["name"] == f"stored_sqlite_{command}_ratio"]
        assert ratio["budget"] == "<= 1.2" and ratio["value"] > 0
    [packed] = [f for f in figures if f["name"] == "stored_sqlite_revive_finished_bytes"]
    assert packed["budget"] == "<= 15000" and packed["ok"], packed
    assert names[-1] == "budgets_ok"
