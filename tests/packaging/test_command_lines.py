"""The command lines: the offline tools (selfplay, replay, balance), and `python bot.py` without a token."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.support.paths import ROOT


def run(*args: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=120, env=env
    )


def test_selfplay_prints_one_json_line_with_per_seat_scores_and_writes_records(tmp_path):
    out = run(
        "-m",
        "offline",
        "selfplay",
        "rebirth",
        "--map",
        "scotland",
        "--players",
        "3",
        "--games",
        "4",
        "--seed",
        "1",
        "--records",
        str(tmp_path),
    )
    assert out.returncode == 0, out.stderr
    [line] = out.stdout.strip().splitlines()
    summary = json.loads(line)
    assert summary["games"] == 4 and summary["moves"] == 4 * 3 * 34 and summary["seconds"] >= 0
    assert [seat["seat"] for seat in summary["seats"]] == [0, 1, 2]
    assert all(seat["min"] <= seat["mean"] <= seat["max"] for seat in summary["seats"])
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    record = json.loads(records[0].read_text())
    spaces = record["content"]["map"]["spaces"]
    assert any("castle:Edinburgh Castle" in s["features"] for s in spaces)
    assert all({"space", "kind", "features", "neighbours"} <= set(s) for s in spaces)
    assert len(record["moves"]) == 3 * 34 and "points" in record["moves"][0]
    assert set(record["final"]) >= {"scores", "breakdown", "winners"}


def test_selfplay_and_replay_on_ireland(tmp_path):
    out = run(
        "-m",
        "offline",
        "selfplay",
        "rebirth",
        "--map",
        "ireland",
        "--players",
        "4",
        "--games",
        "2",
        "--records",
        str(tmp_path),
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["options"] == {"map": "ireland"}
    for path in tmp_path.glob("*.json"):
        record = json.loads(path.read_text())
        assert len(record["content"]["towers"]) == 7 and len(record["content"]["public_missions"]) == 8
        assert run("-m", "offline", "replay", str(path)).returncode == 0


def test_selfplay_and_replay_on_revive(tmp_path):
    out = run(
        "-m", "offline", "selfplay", "revive", "--players", "2", "--games", "2", "--records", str(tmp_path)
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["game"] == "revive"
    for path in tmp_path.glob("*.json"):
        assert run("-m", "offline", "replay", str(path)).returncode == 0


def test_replay_accepts_a_true_record_and_rejects_a_tampered_one(tmp_path):
    run(
        "-m",
        "offline",
        "selfplay",
        "rebirth",
        "--map",
        "scotland",
        "--players",
        "2",
        "--games",
        "1",
        "--records",
        str(tmp_path),
    )
    [path] = tmp_path.glob("*.json")
    good = run("-m", "offline", "replay", str(path))
    assert good.returncode == 0, good.stderr
    record = json.loads(path.read_text())
    record["moves"][5]["points"] = {"0": {"farm": 99}}
    bad_path = tmp_path / "bad.json"
    bad_path.write_text(json.dumps(record))
    bad = run("-m", "offline", "replay", str(bad_path))
    assert bad.returncode == 1 and "move 6" in bad.stderr


def test_the_offline_tools_list_their_commands():
    """`python -m offline --help` lists every command with its line of help (argparse reads a
    help text as a %-format, so a bare "%" in one broke the whole listing)."""
    listed = run("-m", "offline", "--help")
    assert listed.returncode == 0, listed.stderr
    for command in ("selfplay", "balance", "replay", "arena"):
        assert command in listed.stdout
    assert "win shares with 95 % intervals" in " ".join(listed.stdout.split())


def test_balance_prints_tribe_and_seat_win_shares_and_end_triggers():
    args = ("balance", "revive", "--players", "2", "--games", "2", "--seed", "1", "--jobs", "2")
    out = run("-m", "offline", *args)
    assert out.returncode == 0, out.stderr
    [line] = out.stdout.strip().splitlines()
    summary = json.loads(line)
    assert {"game": "revive", "players": 2, "games": 2}.items() <= summary.items()
    assert summary["seconds"] >= 0
    assert sorted(summary["seats"]) == ["0", "1"]
    for table in (summary["tribes"], summary["seats"]):
        assert table
        fields = {"seats", "wins", "win_share", "fair_share", "ratio", "mean_score"}
        assert all(set(row) == fields for row in table.values())
        assert abs(sum(row["win_share"] for row in table.values()) - 1) < 1e-3
        assert abs(sum(row["fair_share"] for row in table.values()) - 1) < 1e-3
        assert sum(row["seats"] for row in table.values()) == 2 * 2
    assert sum(summary["end_triggers"].values()) == 2
    assert all(isinstance(name, str) and name for name in summary["end_triggers"])


def test_a_shared_win_counts_one_over_the_number_of_winners():
    from engine.balance import measure

    seats = [{"tribe": "a", "score": 10}, {"tribe": "b", "score": 10}]
    shared = {"view": {"seats": seats, "final": {"winners": [0, 1]}}, "trigger": None}
    summary = measure([shared], 2)
    assert summary["tribes"]["a"]["wins"] == summary["seats"]["1"]["wins"] == 0.5
    assert summary["tribes"]["a"]["ratio"] == 1.0 and summary["end_triggers"] == {"no trigger": 1}


def test_a_refused_token_gets_one_line_saying_how_to_fix_it(tmp_path, monkeypatch, capsys):
    """A wrong or revoked token gets one line saying so and how to fix it, no traceback: the person
    starting the bot is not a Python programmer."""
    import discord

    import bot

    async def refused(self, token):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refused)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")
    code = bot.main(["--database", str(tmp_path / "t.sqlite3"), "--log-level", "warning"])
    err = capsys.readouterr().err
    assert code == 2 and err.strip().count("\n") == 0, err
    assert "refused the token" in err and "Reset Token" in err and "Traceback" not in err


async def test_no_network_gets_a_line_and_another_try_after_a_growing_wait(tmp_path, monkeypatch, capsys):
    """No network gets a line too, and the bot retries with a growing wait instead of giving up."""
    import aiohttp
    import discord

    import bot

    tries = []

    async def unreachable(self, token):
        tries.append(token)
        if len(tries) < 4:
            raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")
        raise discord.LoginFailure("Improper token has been passed.")

    waits: list[float] = []

    async def wait(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(discord.Client, "login", unreachable)
    code = await bot.run_until_stopped(lambda: bot.create_bot(str(tmp_path / "t.sqlite3")), "tok", sleep=wait)
    lines = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(tries) == 4 and len(waits) == 3
    assert [line.startswith("Cannot reach Discord") for line in lines] == [True, True, True, False]
    assert "Traceback" not in "\n".join(lines)


def test_a_fake_token_started_for_real_says_one_clear_line(tmp_path):
    """The newcomer's case: `python bot.py` with a made-up token. Here there is no network (one
    line, and it goes on trying); with a network Discord refuses the token (one line, exit 2).
    Either way, no raw traceback."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "fake.token.here"}
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "bot.py"), "--log-level", "warning"],
        cwd=tmp_path,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        _, err = process.communicate(timeout=8)
    except subprocess.TimeoutExpired:  # still retrying: read what it said so far
        process.kill()
        _, err = process.communicate()
    assert "Traceback" not in err, err
    assert "Cannot reach Discord" in err or "refused the token" in err, err


def test_live_only_without_a_token_says_how_to_get_one_instead_of_a_sandbox(tmp_path):
    """The Docker image runs `tabletop run --live`: a sandbox page on a container's own loopback
    would reach nobody, so with no token it says how to get one, and stops (exit 2)."""
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--live"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "DISCORD_TOKEN is not set" in done.stderr, done.stderr
    assert "Reset Token" in done.stderr and "Traceback" not in done.stderr
    assert "http://127.0.0.1" not in done.stdout, "no sandbox was started"


def test_run_bot_sets_up_again_only_when_the_dependencies_changed(tmp_path):
    """`./scripts/run-bot` reinstalls only when the dependencies changed, so a start stays quick."""
    import shutil

    (tmp_path / "scripts").mkdir()
    for name in ("run-bot", "ensure-venv"):
        shutil.copy(ROOT / "scripts" / name, tmp_path / "scripts" / name)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    calls = tmp_path / "calls.txt"
    for tool in ("pip", "python"):  # stand-ins that write down each call
        script = venv / tool
        script.write_text(f'#!/bin/sh\necho "{tool} $*" >> {calls}\n')
        script.chmod(0o755)

    def start() -> list[str]:
        calls.write_text("")
        out = subprocess.run(
            ["bash", "scripts/run-bot", "--help"], cwd=tmp_path, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        return calls.read_text().splitlines()

    first = start()
    assert any(line.startswith("pip install --quiet -e .") for line in first)
    assert start() == ["python bot.py --help"]  # nothing changed: straight to the bot
    with (tmp_path / "pyproject.toml").open("a") as toml:
        toml.write("\n# a dependency changed\n")
    assert any(line.startswith("pip install") for line in start())


def test_the_tabletop_command_runs_the_bot_and_the_offline_tools(tmp_path):
    """The package installs a `tabletop` console script (`tabletop run`, ... `tabletop backup`,
    `tabletop selfplay`/`replay`). The engine reads no file, so the offline tools' module is
    `python -m offline`. The script is the one pip installed beside this interpreter."""
    tabletop = Path(sys.executable).parent / "tabletop"
    assert tabletop.exists(), "pip install puts a tabletop command in the environment"
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}

    def call(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([str(tabletop), *args], cwd=tmp_path, capture_output=True, text=True, env=env)

    listed = call("--help")
    assert listed.returncode == 0 and "tabletop run" in listed.stdout and "tabletop replay" in listed.stdout
    played = call("selfplay", "rebirth", "--players", "2", "--games", "1", "--records", str(tmp_path))
    assert played.returncode == 0 and json.loads(played.stdout)["games"] == 1, played.stderr
    [record] = tmp_path.glob("*.json")
    assert call("replay", str(record)).returncode == 0
    # Without a token `tabletop run` starts the sandbox, as ./scripts/run-bot does
    # (tests/sandbox/test_without_browser.py starts it); `tabletop sandbox` always does.
    run_help = call("run", "--help").stdout
    assert "usage: tabletop run" in run_help and "--sandbox" in run_help and "--port" in run_help
    assert "usage: tabletop sandbox" in call("sandbox", "--help").stdout
    assert "tabletop sandbox" in listed.stdout
    assert run("-m", "offline", "selfplay", "revive", "--players", "2", "--games", "1").returncode == 0
    assert call("nonsense").returncode == 2
