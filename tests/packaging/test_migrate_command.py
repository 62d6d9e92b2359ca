"""`tabletop migrate SOURCE DESTINATION`, run as a person runs it: the stored-games fixture from
its SQLite file into a real PostgreSQL server and back, its report, its refusals.

The PostgreSQL parts need the server `TABLETOP_TEST_POSTGRES` names (tests/support/storage.py);
each test gets a schema of its own there, dropped afterwards.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import cli
from db import Database
from db.transfer import row_counts
from engine.fallback import choose_move
from games.registry import load_engine
from service.game_service import GameService
from tests.db.test_stored_games import FIXTURE, LATER, caller, record, replays_to_its_stored_state
from tests.support.paths import ROOT
from tests.support.server import run_on_server, server_or_skip, tcp_server_or_skip
from tests.support.storage import schema_target

PASSWORD = "hunter2-never-printed"
_numbers = itertools.count()


def migrate(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "migrate", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def with_password(address: str, password: str) -> str:
    """`address` with `password` given for its user (the test server trusts it and never asks,
    so the address still works, and the output can be searched for it)."""
    scheme, rest = address.split("://", 1)
    if "@" in rest.split("/", 1)[0]:
        user, place = rest.split("@", 1)
        return f"{scheme}://{user.split(':', 1)[0]}:{password}@{place}"
    return f"{scheme}://postgres:{password}@{rest}"


@pytest.fixture
def server() -> Iterator[str]:
    """An empty schema of its own on the test server, as an address with a password in it."""
    address = server_or_skip()
    schema = f"t_migrate_{os.getpid()}_{next(_numbers)}"
    run_on_server(f'CREATE SCHEMA "{schema}"')
    try:
        yield with_password(schema_target(address, schema), PASSWORD)
    finally:
        run_on_server(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "tabletop.sqlite3"
    shutil.copy(FIXTURE, path)
    return path


async def counts(target: str) -> dict[str, int]:
    database = await Database.open(target)
    try:
        return await row_counts(database.store)
    finally:
        await database.close()


async def play_on(target: str, channel: int, moves: int) -> None:
    """`moves` moves in `channel`, chosen by the fallback player and sent through the service,
    then the game still replays from its seed; and a new table opens in another channel."""
    database = await Database.open(target)
    try:
        service = GameService(database, engines=load_engine, clock=lambda: LATER, seeds=lambda: 1)
        for _ in range(moves):
            game = await record(service, channel)
            engine = load_engine(game.game)
            state = engine.loads(game.state or "")
            seat = engine.to_move(state)
            assert seat is not None and not game.is_bot(seat)
            move = choose_move(engine, state, seat, game.seed + game.version)
            sure = " confirm" if engine.caution(state, seat, move) else ""
            await service.turns.move(caller(game.players[seat], channel), move + sure)
        await replays_to_its_stored_state(service, await record(service, channel))
        await service.lobby.new_game(caller(77, 4242), "rebirth", {"map": "scotland"})
        assert (await record(service, 4242)).id > 10
    finally:
        await database.close()


REPORT = re.compile(
    r"Copied (?P<source>\S+) to (?P<target>\S+) in [\d.]+ s: "
    r"(?P<games>\d+) game\(s\), (?P<moves>\d+) move\(s\), "
    r"(?P<messages>\d+) message\(s\)\.\n"
    r"  Checked: every table holds as many rows as the source's\.\n"
    r"  Checked: (?P<replayed>\d+) game\(s\) replay from their seeds to the states stored\.\n$"
)


@pytest.mark.slow
def test_sqlite_to_postgresql_and_back_keeps_every_game_playable(source, server, tmp_path):
    there = migrate(str(source), server, cwd=tmp_path)
    assert there.returncode == 0, there.stderr
    assert PASSWORD not in there.stdout + there.stderr
    report = REPORT.match(there.stdout)
    assert report, there.stdout
    expected = asyncio.run(counts(str(source)))
    assert int(report["games"]) == expected["games"] == 10
    assert int(report["moves"]) == expected["moves"] and int(report["messages"]) == expected["outbox"]
    assert int(report["replayed"]) == 8 and report["target"].startswith("postgresql://postgres:***@")
    assert asyncio.run(counts(server)) == expected

    back = tmp_path / "back" / "tabletop.sqlite3"
    back.parent.mkdir()
    returned = migrate(server, f"sqlite:///{back}", cwd=tmp_path)
    assert returned.returncode == 0 and REPORT.match(returned.stdout), returned.stdout + returned.stderr
    assert asyncio.run(counts(str(back))) == expected
    assert back.stat().st_mode & 0o077 == 0, "the copy holds every seed: private like the database"

    # Both copies play on through the service, and a new table gets a fresh id on each.
    asyncio.run(play_on(server, 1001, moves=3))
    asyncio.run(play_on(str(back), 1004, moves=3))


@pytest.mark.slow
def test_a_destination_server_that_holds_games_is_refused_and_force_replaces_them(source, server, tmp_path):
    assert migrate(str(source), server, cwd=tmp_path).returncode == 0
    asyncio.run(play_on(server, 1005, moves=2))
    held = asyncio.run(counts(server))
    again = migrate(str(source), server, cwd=tmp_path)
    assert again.returncode == 2 and again.stdout == "", again.stdout
    [line] = again.stderr.splitlines()
    assert "is not empty (11 games" in line and "--force" in line and PASSWORD not in line
    assert asyncio.run(counts(server)) == held

    forced = migrate(str(source), server, "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert "  --force: emptied the destination first (11 games" in forced.stdout
    assert asyncio.run(counts(server)) == asyncio.run(counts(str(source)))


def test_refusals_are_one_line_with_exit_code_2(source, tmp_path):
    def refused(*args: str) -> str:
        done = migrate(*args, cwd=tmp_path)
        assert done.returncode == 2 and done.stdout == "", done.stdout
        assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr
        return done.stderr

    assert "There is no database at" in refused(str(tmp_path / "gone.sqlite3"), str(tmp_path / "new.sqlite3"))
    assert not (tmp_path / "gone.sqlite3").exists() and not (tmp_path / "new.sqlite3").exists()
    nowhere = f"postgresql://tabletop:{PASSWORD}@/tabletop?host={tmp_path / 'no-server'}&port=5999"
    unreachable = refused(str(source), nowhere)
    assert "Cannot open the destination postgresql://tabletop:***@/tabletop" in unreachable
    assert PASSWORD not in unreachable
    assert "are one database (the same file)" in refused(str(source), f"sqlite:///{source}")
    copy = tmp_path / "copy.sqlite3"
    assert migrate(str(source), str(copy), cwd=tmp_path).returncode == 0
    assert "is not empty (10 games" in refused(str(source), str(copy))


def refused_in_one_line(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """`tabletop migrate ARGS` as an operator types it: exit 2, nothing on stdout, one line on
    stderr (no traceback); that line."""
    code = cli(["migrate", *args])
    out, err = capsys.readouterr()
    assert code == 2 and out == "", out + err
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    return err


@pytest.fixture
def one_server_three_ways() -> Iterator[tuple[str, str, str]]:
    """A schema of its own on the test server, named as 127.0.0.1, as localhost and through the
    server's Unix socket."""
    tcp = tcp_server_or_skip()
    schema = f"t_migrate_{os.getpid()}_{next(_numbers)}"
    run_on_server(f'CREATE SCHEMA "{schema}"')
    try:
        numeric = schema_target(tcp, schema)
        yield numeric, numeric.replace("@127.0.0.1:", "@localhost:"), schema_target(server_or_skip(), schema)
    finally:
        run_on_server(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


def test_one_server_under_another_name_is_refused_and_keeps_its_games(
    source, one_server_three_ways, tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    numeric, named, socket = one_server_three_ways
    assert cli(["migrate", str(source), numeric]) == 0, capsys.readouterr()
    capsys.readouterr()
    held = asyncio.run(counts(numeric))
    assert held["games"] == 10
    for there, back in ((numeric, named), (named, socket), (socket, numeric)):
        line = refused_in_one_line(capsys, there, back, "--force")
        assert "are one database (the database postgres, schema t_migrate_" in line, line
        assert "nothing was copied or deleted" in line and "hunter2" not in line
        assert asyncio.run(counts(numeric)) == held, f"{there} -> {back} emptied the source"


def test_one_sqlite_file_under_another_name_is_refused_and_keeps_its_games(source, tmp_path, capsys):
    expected = asyncio.run(counts(str(source)))
    hard = tmp_path / "hard-link.sqlite3"
    hard.hardlink_to(source)
    soft = tmp_path / "symlink.sqlite3"
    soft.symlink_to(source)
    for other in (str(hard), f"sqlite:///{soft}"):
        line = refused_in_one_line(capsys, str(source), other, "--force")
        assert line.startswith(f"The source {source} and the destination {other} are one database"), line
    assert asyncio.run(counts(str(source))) == expected
    assert asyncio.run(counts(str(hard))) == expected


def test_a_destination_that_is_a_symlink_to_nowhere_is_refused_and_nothing_is_made_there(
    source, tmp_path, capsys
):
    victim = tmp_path / "elsewhere" / "planted.sqlite3"
    victim.parent.mkdir()
    link = tmp_path / "copy.sqlite3"
    link.symlink_to(victim)
    line = refused_in_one_line(capsys, str(source), str(link))
    assert line == (
        f"{link} is a symlink to {victim}, where there is no file: nothing was created. "
        "Remove the link, or point it at the database.\n"
    )
    assert not victim.exists() and list(victim.parent.iterdir()) == []
    assert link.is_symlink() and not (tmp_path / "copy.sqlite3.created").exists()
