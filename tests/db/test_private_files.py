"""Files that hold games hold every game's seed, from which every face-down pile can be dealt
again: the database, its journal, a backup and a rescued copy are readable by the bot's user
only, a backup is never written through something already at its path, and the bot reads the
.env of the folder it runs in, not a parent's."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from bot import load_settings_file
from db import Database, health
from tests.db.test_health import a_database_with_games, run_bot


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def usual_umask():
    """A machine's usual umask, under which a plain new file would be readable by everyone."""
    before = os.umask(0o022)
    yield
    os.umask(before)


async def test_a_new_database_and_its_journal_are_readable_by_the_bot_only(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    health.prepare(path)
    database = await Database.open(path)
    try:
        await a_database_with_games(path, games=1)
        assert os.path.exists(f"{path}-wal"), "the bot's open database keeps a write-ahead log"
        assert {mode(path), mode(f"{path}-wal"), mode(f"{path}-shm")} == {0o600}
    finally:
        await database.close()
    sandbox = str(tmp_path / "opened-directly.sqlite3")  # no prepare: Database.open creates it
    await (await Database.open(sandbox)).close()
    assert mode(sandbox) == 0o600


async def test_a_backup_is_private(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    health.prepare(path)
    await a_database_with_games(path, games=2)
    assert health.backup(path, str(tmp_path / "copy.sqlite3")) == 2
    assert mode(tmp_path / "copy.sqlite3") == 0o600


async def test_a_backup_never_writes_through_a_symlink_or_into_a_missing_folder(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    health.prepare(path)
    await a_database_with_games(path, games=1)
    victim = tmp_path / "elsewhere" / "victim.sqlite3"
    victim.parent.mkdir()
    (tmp_path / "link.sqlite3").symlink_to(victim)  # dangling: nothing at victim yet
    with pytest.raises(health.DatabaseProblem, match="exists already"):
        health.backup(path, str(tmp_path / "link.sqlite3"))
    assert not victim.exists(), "nothing was written where the link points"
    result = run_bot("backup", str(tmp_path / "no" / "such" / "copy.sqlite3"), cwd=tmp_path, database=path)
    assert result.returncode == 2
    assert "There is no folder" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


async def test_the_copy_a_bot_rescues_is_private(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    health.prepare(path)
    database = await Database.open(path)
    try:
        await database.copy_to(str(tmp_path / "games.sqlite3.rescued-1"))
    finally:
        await database.close()
    assert mode(tmp_path / "games.sqlite3.rescued-1") == 0o600


def test_the_settings_file_is_read_from_the_working_folder_only(tmp_path, monkeypatch):
    monkeypatch.delenv("TABLETOP_PROBE", raising=False)
    (tmp_path / ".env").write_text("TABLETOP_PROBE=from-the-parent\n")
    working = tmp_path / "bot"
    working.mkdir()
    assert not load_settings_file(working)
    assert "TABLETOP_PROBE" not in os.environ, "a parent folder's .env is not read"
    (working / ".env").write_text("TABLETOP_PROBE=here\n")
    assert load_settings_file(working)
    assert os.environ["TABLETOP_PROBE"] == "here"
    monkeypatch.delenv("TABLETOP_PROBE")


def test_the_bot_never_makes_its_database_through_a_symlink_to_nowhere(tmp_path, monkeypatch, capsys):
    """A symlink planted where the database will be, pointing nowhere: `--init` and the sandbox
    refuse in one line instead of making the file (readable by everyone) where the link points."""
    import bot
    import sandbox.run

    victim = tmp_path / "elsewhere" / "victim.sqlite3"
    victim.parent.mkdir()
    link = tmp_path / "games.sqlite3"
    link.symlink_to(victim)
    sandbox_link = tmp_path / "games-sandbox.sqlite3"
    sandbox_link.symlink_to(victim)
    ran: list[str] = []

    async def discord(make_bot, token):  # the bot would log in now: only the database decides
        ran.append("bot")
        return 0

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.delenv(bot.SANDBOX_DATABASE, raising=False)
    monkeypatch.setattr(bot, "run_until_stopped", discord)
    monkeypatch.setattr(sandbox.run, "run_sandbox", lambda *args, **kwargs: ran.append("sandbox") or 0)
    for args, path in (
        (["--database", str(link), "--init"], link),
        (["--database", str(link), "--sandbox"], sandbox_link),
    ):
        assert bot.main(args) == 2
        out, err = capsys.readouterr()
        assert err == (
            f"{path} is a symlink to {victim}, where there is no file: nothing was created. "
            "Remove the link, or point it at the database.\n"
        )
    assert ran == [] and list(victim.parent.iterdir()) == [], "nothing was made where the links point"


def test_the_marker_is_never_written_through_a_planted_symlink(tmp_path, monkeypatch):
    """`<database>.created` says the database existed once; a link planted at that name leaves
    the file it points to unmade, and the database is made as usual."""
    import bot

    victim = tmp_path / "elsewhere" / "victim"
    victim.parent.mkdir()
    database = tmp_path / "games.sqlite3"
    Path(f"{database}.created").symlink_to(victim)

    async def discord(make_bot, token):  # the bot would log in now: only the database decides
        return 0

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setattr(bot, "run_until_stopped", discord)
    assert bot.main(["--database", str(database), "--init"]) == 0
    assert database.is_file() and stat.S_IMODE(database.stat().st_mode) == 0o600
    assert not victim.exists(), "nothing was made where the marker's link points"
