"""A missing or damaged database is an error, not a fresh start: the checks at start
(`db/health.py`), the backup command, and a database file deleted under a running bot."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db import Database, health
from tests.support.discord import make_table
from tests.support.paths import ROOT


async def a_database_with_games(path: str, games: int = 3) -> None:
    database = await Database.open(path)
    try:
        for channel in range(games):
            await database.create_game(
                guild_id=1,
                channel_id=100 + channel,
                game="rebirth",
                options={},
                seed=channel,
                creator_id=7,
                creator_name="ann",
                now=1.0,
            )
    finally:
        await database.close()


def run_bot(*args: str, cwd: Path, database: str) -> subprocess.CompletedProcess[str]:
    """`python bot.py ARGS` as a real process, with a (fake) token so only the database decides."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "TABLETOP_DATABASE": database}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_first_run_creates_the_database_and_says_so(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    said = health.prepare(path)
    assert "created a new database" in said and "first run" in said
    assert Path(path).exists() and health.marker(path).exists()
    assert "using the database" in health.prepare(path)


async def test_a_database_deleted_after_it_was_used_stops_the_start(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    health.prepare(path)
    await a_database_with_games(path)
    for suffix in ("", "-wal", "-shm"):
        Path(path + suffix).unlink(missing_ok=True)
    with pytest.raises(health.DatabaseProblem, match="is missing, but a bot has run with it before"):
        health.prepare(path)
    assert not Path(path).exists(), "nothing was created in its place"
    assert "--init" in health.prepare(path, init=True)
    assert Path(path).exists()


@pytest.mark.parametrize("damage", ["garbage", "torn page"])
async def test_a_damaged_database_stops_the_start_and_says_what_to_do(tmp_path, damage):
    path = str(tmp_path / "games.sqlite3")
    if damage == "garbage":
        Path(path).write_bytes(b"these are not the games you are looking for" * 100)
    else:
        await a_database_with_games(path, games=200)
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        data = bytearray(Path(path).read_bytes())
        page = 4096
        data[3 * page : 3 * page + 200] = b"\xff" * 200  # a table page torn in the middle
        Path(path).write_bytes(bytes(data))
    with pytest.raises(health.DatabaseProblem, match="is damaged") as problem:
        health.prepare(path)
    assert "restore a backup" in str(problem.value)


async def test_the_bot_process_refuses_a_lost_database_with_one_clear_message(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    health.prepare(path)
    Path(path).unlink()
    result = run_bot(cwd=tmp_path, database=path)
    assert result.returncode == 2
    assert "is missing, but a bot has run with it before" in result.stderr
    assert "Traceback" not in result.stderr


async def test_backup_copies_a_database_in_use(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    health.prepare(path)
    await a_database_with_games(path, games=5)
    running = await Database.open(path)  # the bot is running: its connection holds the file (WAL)
    try:
        await running.create_game(
            guild_id=1,
            channel_id=999,
            game="revive",
            options={},
            seed=1,
            creator_id=7,
            creator_name="ann",
            now=2.0,
        )
        result = run_bot("backup", str(tmp_path / "copy.sqlite3"), cwd=tmp_path, database=path)
    finally:
        await running.close()
    assert result.returncode == 0, result.stderr
    assert "6 game(s)" in result.stdout
    copy = await Database.open(str(tmp_path / "copy.sqlite3"))
    try:
        assert await copy.open_game(999) is not None
    finally:
        await copy.close()
    again = run_bot("backup", str(tmp_path / "copy.sqlite3"), cwd=tmp_path, database=path)
    assert again.returncode == 2 and "exists already" in again.stderr


async def test_a_database_deleted_under_the_running_bot_is_saved_and_the_bot_stops(
    simcord_env, database_path
):
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    for suffix in ("", "-wal", "-shm"):
        Path(database_path + suffix).unlink(missing_ok=True)
    await simcord_env.advance_time(700)  # past the next check of reminders
    rescued = list(Path(database_path).parent.glob(Path(database_path).name + ".rescued-*"))
    assert len(rescued) == 1
    saved = await Database.open(str(rescued[0]))
    try:
        game = await saved.open_game(table.channel.id)
        assert game is not None and len(game.players) == 2
    finally:
        await saved.close()
    assert simcord_env.bot.is_closed()
