"""`tabletop arena`: a long run written game by game, so a stopped run is summed up and resumed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from offline import main

RUN = ["arena", "rebirth", "--players", "2", "--seats", "easy,easy", "--seed", "3", "--jobs", "1"]


def _line(capsys: pytest.CaptureFixture[str]) -> dict:
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_a_logged_run_resumes_where_it_stopped_and_sums_up_the_same(tmp_path: Path, capsys) -> None:
    log = tmp_path / "games.jsonl"
    assert main([*RUN, "--games", "2", "--log", str(log)]) == 0
    first = _line(capsys)
    assert first["from_log"] == 0
    assert len(log.read_text().splitlines()) == 2

    assert main([*RUN, "--games", "3", "--log", str(log)]) == 0
    resumed = _line(capsys)
    assert resumed["from_log"] == 2  # only the third game was played
    assert len(log.read_text().splitlines()) == 3

    assert main([*RUN, "--games", "3"]) == 0
    fresh = _line(capsys)
    for kind in ("easy",):
        for figure in ("seat_games", "win_share", "mean_score"):
            assert resumed["kinds"][kind][figure] == fresh["kinds"][kind][figure]
        assert resumed["kinds"][kind]["decision_cpu_s_mean"] > 0, "CPU seconds come back from the log"


def test_a_log_of_other_games_is_not_counted(tmp_path: Path, capsys) -> None:
    log = tmp_path / "games.jsonl"
    assert main([*RUN, "--games", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    other_seed = [*RUN[:-4], "--seed", "4", "--jobs", "1"]
    assert main([*other_seed, "--games", "1", "--log", str(log)]) == 0
    assert _line(capsys)["from_log"] == 0


def test_a_run_split_across_two_machines_sums_up_as_one_once_the_logs_are_joined(
    tmp_path: Path, capsys
) -> None:
    first_half, second_half, joined = (tmp_path / name for name in ("a.jsonl", "b.jsonl", "ab.jsonl"))
    assert main([*RUN, "--games", "3", "--first", "2", "--log", str(second_half)]) == 0
    later = _line(capsys)
    assert later["played"] == 1 and len(second_half.read_text().splitlines()) == 1
    assert main([*RUN, "--games", "2", "--log", str(first_half)]) == 0
    capsys.readouterr()
    joined.write_text(first_half.read_text() + second_half.read_text())

    assert main([*RUN, "--games", "3", "--log", str(joined)]) == 0
    whole = _line(capsys)
    assert whole["from_log"] == 3 and whole["played"] == 3
    assert main([*RUN, "--games", "3"]) == 0
    fresh = _line(capsys)
    assert whole["kinds"]["easy"]["mean_score"] == fresh["kinds"]["easy"]["mean_score"]
