"""Kill -9 at any point loses at most the move in flight.

A real bot process (tests/support/crash_driver.py) plays moves at three tables while Discord fails
now and then; it is killed with SIGKILL at a random point, the database file is read as it was left,
and a new process on the same file must deliver everything the dead one had held or promised.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.registry import load_engine
from tests.support.paths import ROOT

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

CYCLES = 6


def driver(mode: str, database: Path, seed: int, log) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.support.crash_driver", mode]
        + ["--database", str(database), "--seed", str(seed)],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,  # a pytest-xdist worker's stdin is its channel to the controller
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def check_games(path: Path, offsets: dict[int, int]) -> int:
    """Every game replays from its stored moves to its stored state; moves are numbered 1..n;
    the version moved exactly once per move since the start. Returns the moves stored."""
    total = 0
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        games = db.execute(
            "SELECT id, game, options, seed, status, state, version FROM games WHERE status != 'lobby'"
        ).fetchall()
        for game_id, name, options, seed, status, state, version in games:
            moves = db.execute(
                "SELECT number, seat, move, event FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
            ).fetchall()
            assert [m[0] for m in moves] == list(range(1, len(moves) + 1)), game_id
            players = db.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,)).fetchone()[0]
            engine = load_engine(name)
            replayed = engine.new_game(players, json.loads(options), seed)
            for _, seat, move, event in moves:
                json.loads(event)
                replayed = engine.apply(replayed, seat, move).state
            assert engine.dumps(replayed) == state, f"game {game_id} does not replay"
            assert (status == "finished") == engine.is_over(replayed)
            assert offsets.setdefault(game_id, version - len(moves)) == version - len(moves)
            total += len(moves)
    return total


def outbox(path: Path) -> dict[int, tuple[int, bool, str, str | None]]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT id, game_id, body IS NULL, status, error FROM outbox").fetchall()
    return {row[0]: (row[1], bool(row[2]), row[3], row[4]) for row in rows}


def channels(path: Path) -> dict[int, int]:
    with sqlite3.connect(path) as db:
        return dict(db.execute("SELECT id, channel_id FROM games").fetchall())


@pytest.mark.slow
def test_a_killed_bot_loses_at_most_the_move_in_flight_and_delivers_what_it_promised(tmp_path):
    """A test kills a bot process (a real subprocess, not an in-process restart) at random points
    during a stream of moves, restarts it, and checks that every game replays from its stored moves,
    that no stored move is half-written, and that the outbox delivers what the dead process had
    promised."""
    rng = random.Random(12)
    database = tmp_path / "tabletop.sqlite3"
    offsets: dict[int, int] = {}
    stored = 0
    figures = {"kills": 0, "with_pending": 0, "with_promise": 0, "in_flight": 0, "duplicates": 0}
    with open(tmp_path / "stderr.log", "w") as log:
        for cycle in range(CYCLES):
            bot = driver("play", database, cycle + 1, log)
            assert bot.stdout is not None
            wanted, answered, taken = rng.randint(5, 40), 0, set()
            while answered < wanted:
                line = json.loads(bot.stdout.readline() or '{"eof": 1}')
                assert "eof" not in line and "error" not in line, line
                answered += "move" in line
                taken.update([line["sent"]] if "sent" in line else [])
            time.sleep(rng.uniform(0, 0.08))  # somewhere inside the next move
            os.kill(bot.pid, signal.SIGKILL)
            bot.wait()
            for rest in bot.stdout:
                line = json.loads(rest)
                answered += "move" in line
                taken.update([line["sent"]] if "sent" in line else [])
            figures["kills"] += 1
            now = check_games(database, offsets)
            # Every move the bot answered is stored; at most one more (the one in flight) too.
            assert answered <= now - stored <= answered + 1, (answered, now - stored)
            figures["in_flight"] += now - stored - answered
            stored = now
            before = outbox(database)
            pending = {i for i, row in before.items() if row[2] == "pending" and not row[1]}
            promised = {row[0] for row in before.values() if row[2] == "pending" and row[1]}
            figures["with_pending"] += bool(pending)
            figures["with_promise"] += bool(promised)

            resumed = driver("resume", database, cycle + 1, log)
            assert resumed.stdout is not None
            lines = []
            while not lines or "posted" not in lines[-1]:  # all delivered: its work is done
                lines.append(json.loads(resumed.stdout.readline() or '{"eof": 1}'))
                assert "eof" not in lines[-1], lines
            resumed.kill()
            resumed.wait()
            [report] = [line for line in lines if "posted" in line]
            assert report["errors"] == []
            sent_again = {line["sent"] for line in lines if "sent" in line}
            after = outbox(database)
            assert [i for i, row in after.items() if row[2] == "pending"] == []
            for i in pending:
                assert after[i][2] == "sent" or (after[i][2] == "refused" and after[i][3]), after[i]
            assert sent_again >= pending
            # Only what was not recorded as delivered is posted again.
            assert not {i for i in sent_again if i in before and before[i][2] != "pending"}
            figures["duplicates"] += len(sent_again & taken)
            where = channels(database)
            for game_id in promised:
                posted = report["posted"][str(where[game_id])]
                assert any(text.startswith("(Posted late") for text in posted), posted
            assert check_games(database, offsets) == stored
    print("kill figures:", figures)
    assert figures["kills"] == CYCLES
