"""`./scripts/with-postgres CMD`: CMD runs beside a PostgreSQL server of its own, reached through
TABLETOP_TEST_POSTGRES (its socket) and TABLETOP_TEST_POSTGRES_TCP (127.0.0.1, with a password),
and nothing of that server is left once CMD is done, however it ends."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.support.paths import ROOT

SCRIPT = ROOT / "scripts" / "with-postgres"

# What the command run by the script sees: the DSN, the server's process (from its data folder's
# postmaster.pid) and what psql (beside initdb) answers through that DSN. Then it fails on purpose.
CHILD = """
import json, os, subprocess, sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit
dsn = os.environ.get("TABLETOP_TEST_POSTGRES", "")
host = parse_qs(urlsplit(dsn).query)["host"][0]
pid = int((Path(host) / "data" / "postmaster.pid").read_text().split()[0])
sql = ["-c", "create database probe", "-c", "select rolsuper from pg_roles where rolname = current_user"]
answer = subprocess.run([sys.argv[1], dsn, "-At", *sql], capture_output=True, text=True)
tcp = os.environ.get("TABLETOP_TEST_POSTGRES_TCP", "")
ask = "select system_identifier from pg_control_system()"
over = [subprocess.run([sys.argv[1], at, "-Atc", ask], capture_output=True, text=True) for at in (dsn, tcp)]
print(json.dumps({"dsn": dsn, "tcp": tcp, "pid": pid, "psql": answer.stdout.strip(), "err": answer.stderr,
                  "servers": [done.stdout.strip() for done in over], "tcp_err": over[1].stderr}))
sys.exit(7)
"""


def server_programs() -> Path | None:
    """The folder the script takes initdb and pg_ctl from (the newest Debian version), if any."""
    if os.environ.get("TABLETOP_POSTGRES_BIN"):
        return Path(os.environ["TABLETOP_POSTGRES_BIN"])
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda path: [int(part) for part in path.parts[-3].split(".") if part.isdigit()],
    )
    return found[-1].parent if found else None


def alive(pid: int, folder: str) -> bool:
    """Whether process `pid` is still a server of that folder (a pid may be reused meanwhile)."""
    try:
        return folder in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except FileNotFoundError:
        return False


@pytest.mark.skipif(server_programs() is None, reason="no PostgreSQL server programs on this machine")
def test_the_command_gets_its_own_server_which_is_gone_afterwards():
    programs = server_programs()
    assert programs is not None
    psql = programs / "psql"
    if not psql.exists():
        pytest.skip(f"no psql beside {programs}/initdb")
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_TEST_POSTGRES"}
    done = subprocess.run(
        [str(SCRIPT), sys.executable, "-c", CHILD, str(psql)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 7, done.stderr  # the command's own status
    seen = json.loads(done.stdout)
    dsn = urlsplit(seen["dsn"])
    query = parse_qs(dsn.query)
    assert (dsn.scheme, dsn.username, dsn.path) == ("postgresql", "postgres", "/postgres"), seen
    assert query["port"][0].isdigit() and dsn.hostname is None  # a Unix socket
    tcp = urlsplit(seen["tcp"])
    assert (tcp.hostname, str(tcp.port), tcp.username) == ("127.0.0.1", query["port"][0], "postgres")
    assert tcp.password, "TCP, which every user of the machine reaches, asks for a password"
    [socket, over_tcp] = seen["servers"]
    assert socket and socket == over_tcp, seen["tcp_err"]  # one server, whichever way
    # It may create a database: a superuser.
    assert seen["psql"].splitlines() == ["CREATE DATABASE", "t"], seen["err"]
    folder = query["host"][0]
    assert not Path(folder).exists(), "the server's folder is left behind"
    assert not alive(seen["pid"], folder), "the server still runs"


def test_without_server_programs_it_says_what_to_install_and_runs_nothing(tmp_path):
    marker = tmp_path / "ran"
    done = subprocess.run(
        [str(SCRIPT), "touch", str(marker)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TABLETOP_POSTGRES_BIN": str(tmp_path / "nowhere")},
    )
    assert done.returncode != 0 and not marker.exists()
    assert "no PostgreSQL server programs" in done.stderr and "apt-get install postgresql" in done.stderr
