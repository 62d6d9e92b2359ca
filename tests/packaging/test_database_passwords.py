"""No command prints a database password, as an operator meets them: `tabletop backup`, `migrate`,
`ratings --rebuild` and `run` with a PostgreSQL address holding a password (in `user:password@`
or a `?password=` setting), one the server does not answer at, and one the driver cannot read
(a port that is not a number): one line each, no traceback, and the password in neither stdout
nor stderr nor the log."""

from __future__ import annotations

import logging

import pytest

import bot
from db import health
from tests.support.server import own_schema

PASSWORD = "hunter2-never-printed"
MALFORMED = f"postgresql://tabletop:{PASSWORD}@db.example:abc/tabletop"


@pytest.fixture
def operator(tmp_path, monkeypatch, caplog):
    """A folder of the operator's own (no .env), a token, and the log captured from INFO up."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.delenv("TABLETOP_DATABASE", raising=False)
    caplog.set_level(logging.INFO)
    return tmp_path


def refused(argv: list[str], capsys, caplog) -> str:
    """`tabletop ARGV` exits 2 with one line on stderr, nothing on stdout, and no password
    anywhere; the line."""
    code = bot.cli(argv)
    out, err = capsys.readouterr()
    assert code == 2 and out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert PASSWORD not in err + caplog.text
    return err


def test_backup_of_a_postgresql_database_is_refused_in_one_line_naming_pg_dump(
    operator, monkeypatch, capsys, caplog
):
    monkeypatch.setenv("TABLETOP_DATABASE", f"postgresql://tabletop:{PASSWORD}@db.example:5432/tabletop")
    line = refused(["backup", "copy.sqlite3"], capsys, caplog)
    assert "pg_dump" in line and "postgresql://tabletop:***@db.example:5432/tabletop" in line
    assert not (operator / "copy.sqlite3").exists()


@pytest.mark.parametrize(
    "argv",
    [["run"], ["backup", "copy.sqlite3"], ["ratings", "--rebuild"]],
    ids=["run", "backup", "ratings"],
)
def test_an_address_with_a_port_that_is_no_number_gets_one_line(operator, monkeypatch, capsys, caplog, argv):
    monkeypatch.setenv("TABLETOP_DATABASE", MALFORMED)
    line = refused(argv, capsys, caplog)
    assert "postgresql://tabletop:***@db.example:abc/tabletop" in line


@pytest.mark.parametrize("side", ["source", "destination"])
def test_migrate_names_an_address_it_cannot_read_in_one_line(operator, capsys, caplog, side):
    sqlite = str(operator / "games.sqlite3")
    health.create(sqlite)
    argv = ["migrate", MALFORMED, sqlite] if side == "source" else ["migrate", sqlite, MALFORMED]
    line = refused(argv, capsys, caplog)
    assert f"Cannot open the {side} postgresql://tabletop:***@db.example:abc/tabletop" in line
    assert "port 'abc' is not a number" in line


@pytest.mark.parametrize(
    "query",
    ["user=tabletop&password=" + PASSWORD, "password=" + PASSWORD + "&user=tabletop"],
)
def test_migrate_from_a_server_it_cannot_reach_hides_a_password_setting(operator, capsys, caplog, query):
    source = f"postgresql:///tabletop?host={operator / 'no-server'}&port=5999&{query}"
    line = refused(["migrate", source, str(operator / "copy.sqlite3")], capsys, caplog)
    assert line.startswith("Cannot open the source postgresql:///tabletop?host=") and "password=***" in line
    assert not (operator / "copy.sqlite3").exists()


def test_run_logs_which_server_it_uses_without_the_password(operator, monkeypatch, capsys, caplog):
    """The bot's first line about a PostgreSQL database, against the test server (it trusts its
    socket, so a password given there is never asked for, and the address still works)."""

    async def no_discord(make_bot, token):
        return 0

    monkeypatch.setattr(bot, "run_until_stopped", no_discord)
    with own_schema("t_passwords") as server:
        monkeypatch.setenv("TABLETOP_DATABASE", f"{server}&password={PASSWORD}")
        assert bot.cli(["run"]) == 0
    out, err = capsys.readouterr()
    assert PASSWORD not in out + err + caplog.text
    [line] = [
        record.getMessage() for record in caplog.records if "using the PostgreSQL" in record.getMessage()
    ]
    assert line.startswith("using the PostgreSQL database postgresql://postgres@/postgres?host=")
    assert "password=***" in line and "(schema " in line
