"""`docker-compose.yml`: the bot, built from the Dockerfile, on the PostgreSQL server beside it.

There is no Docker engine here, so the file is read the way Compose reads it (YAML, then
`${VARIABLE}` filled in from the environment or `.env`) and held to what Compose and the
`postgres` image would do with it: the bot's address must name the server's service, user,
password and database; the server must be healthy before the bot starts; the database must live
on a named volume. Then the bot's own command runs outside Docker with the compose file's
environment, its address moved to the test server (where a user and database are made as the
image makes them on its first start): it must reach and migrate that database before it stops
for want of a token.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import tomllib
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from db.postgres_migrations import POSTGRES_MIGRATIONS
from tests.support.paths import ROOT
from tests.support.server import run_on_server, server_or_skip
from tests.support.storage import SERVER

yaml = pytest.importorskip("yaml", reason="PyYAML (a dev dependency, pyproject.toml) reads the compose file")

COMPOSE = ROOT / "docker-compose.yml"
SETTINGS = {"DISCORD_TOKEN": "a.token.from-env", "POSTGRES_PASSWORD": "s3cretpass"}  # what .env gives
_VARIABLE = re.compile(r"\$\{(?P<name>\w+)(?:(?P<how>:?[-?])(?P<word>[^}]*))?\}|\$\$")


class Missing(Exception):
    """Compose stops before starting anything: a required variable has no value."""


def interpolated(value: Any, settings: dict[str, str]) -> Any:
    """`value` with `${NAME}`, `${NAME:-default}` and `${NAME:?message}` filled in from
    `settings`, as Compose fills them in from the environment and `.env`."""
    if isinstance(value, dict):
        return {key: interpolated(item, settings) for key, item in value.items()}
    if isinstance(value, list):
        return [interpolated(item, settings) for item in value]
    if not isinstance(value, str):
        return value

    def fill(found: re.Match[str]) -> str:
        if found.group(0) == "$$":
            return "$"
        name, how, word = found["name"], found["how"] or "", found["word"] or ""
        given = settings.get(name)
        empty = given is None or (given == "" and how.startswith(":"))
        if how.endswith("?") and empty:
            raise Missing(f"{name}: {word}")
        if how.endswith("-") and empty:
            return word
        return given or ""

    return _VARIABLE.sub(fill, value)


def compose(settings: dict[str, str] = SETTINGS) -> dict[str, Any]:
    return interpolated(yaml.safe_load(COMPOSE.read_text()), settings)


def test_compose_builds_the_bot_from_the_dockerfile_and_runs_its_installed_command():
    bot = compose()["services"]["bot"]
    build = bot["build"]
    context = build if isinstance(build, str) else build.get("context", ".")
    assert (ROOT / context).resolve() == ROOT and (ROOT / context / "Dockerfile").is_file()
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert bot["command"][0] in scripts, "the wheel's console script, as the Dockerfile's CMD"
    assert bot["command"][1:] == ["run", "--live"]
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    assert bot["environment"]["DISCORD_TOKEN"] == SETTINGS["DISCORD_TOKEN"]
    assert "ports" not in bot, "the bot dials out to Discord: nothing listens in it"
    assert "compose" in (ROOT / "Dockerfile").read_text().split("FROM", 1)[0], "the Dockerfile says so"


def test_the_bots_address_names_the_server_its_user_password_and_database():
    services = compose()["services"]
    db, bot = services["db"], services["bot"]
    assert db["image"] == "postgres:15"
    address = urllib.parse.urlsplit(bot["environment"]["TABLETOP_DATABASE"])
    assert address.scheme == "postgresql" and address.hostname == "db" and address.port in (None, 5432)
    assert address.username == db["environment"]["POSTGRES_USER"]
    assert address.password == db["environment"]["POSTGRES_PASSWORD"] == SETTINGS["POSTGRES_PASSWORD"]
    assert address.path == f"/{db['environment']['POSTGRES_DB']}"
    pool = int(bot["environment"].get("TABLETOP_DATABASE_POOL", 10))
    assert 1 <= pool <= 90, "one process, well under the server's max_connections (100)"


def test_the_server_keeps_its_data_on_a_named_volume_and_says_when_it_is_healthy():
    whole = compose()
    db = whole["services"]["db"]
    mounts = dict(volume.split(":", 1) for volume in db["volumes"])
    data = {target: source for source, target in mounts.items()}["/var/lib/postgresql/data"]
    assert data in whole["volumes"], "a named volume, so a new container keeps the games"
    check = " ".join(db["healthcheck"]["test"])
    user, name = db["environment"]["POSTGRES_USER"], db["environment"]["POSTGRES_DB"]
    assert "pg_isready" in check and f"-U {user}" in check and f"-d {name}" in check
    assert "-h 127.0.0.1" in check, "over TCP: the image's first-start server listens on a socket only"


def test_compose_refuses_to_start_without_a_token_or_a_password():
    for left_out in SETTINGS:
        with pytest.raises(Missing, match=left_out):
            compose({name: value for name, value in SETTINGS.items() if name != left_out})


def moved_to_test_server(address: str, suffix: str) -> tuple[str, str, str, str]:
    """The compose file's address with its host and port replaced by the test server's (and
    its user and database names made this run's own); the address, user, password, database."""
    compose_address = urllib.parse.urlsplit(address)
    server = urllib.parse.urlsplit(SERVER)
    user, database = f"{compose_address.username}_{suffix}", f"{compose_address.path.lstrip('/')}_{suffix}"
    password = compose_address.password or ""
    place = server.netloc.rsplit("@", 1)[-1]
    moved = urllib.parse.urlunsplit(
        (compose_address.scheme, f"{user}:{password}@{place}", f"/{database}", server.query, "")
    )
    return moved, user, password, database


def test_the_bots_command_reaches_and_migrates_the_compose_database(tmp_path: Path):
    """The compose file's command and environment, run here: with the address pointed at the
    test server, the bot opens and migrates the database the compose file names, then stops
    for want of a token (the one thing it cannot have here) in one line."""
    server_or_skip()
    bot = compose()["services"]["bot"]
    environment = dict(bot["environment"])
    moved = moved_to_test_server(environment["TABLETOP_DATABASE"], str(os.getpid()))
    address, user, password, database = moved
    # What the postgres image does on its first start, from the db service's environment.
    run_on_server(
        f'DROP DATABASE IF EXISTS "{database}"',
        f'DROP ROLE IF EXISTS "{user}"',
        f"CREATE ROLE \"{user}\" LOGIN PASSWORD '{password}'",
        f'CREATE DATABASE "{database}" OWNER "{user}"',
    )
    try:
        environment["TABLETOP_DATABASE"] = address
        del environment["DISCORD_TOKEN"]
        env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
        command = [sys.executable, "-c", "import sys, bot; sys.exit(bot.cli())", *bot["command"][1:]]
        done = subprocess.run(
            command,
            cwd=tmp_path,
            env={**env, **environment, "PYTHONPATH": str(ROOT)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 2 and "DISCORD_TOKEN is not set" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and password not in done.stderr + done.stdout
        assert f"using the PostgreSQL database postgresql://{user}:***@" in done.stderr
        assert asyncio.run(_schema_version(address)) == len(POSTGRES_MIGRATIONS)
        assert not list(tmp_path.iterdir()), "no SQLite file or folder made beside the bot"
    finally:
        run_on_server(f'DROP DATABASE IF EXISTS "{database}"', f'DROP ROLE IF EXISTS "{user}"')


async def _schema_version(address: str) -> int:
    import asyncpg

    connection = await asyncpg.connect(address)
    try:
        owner = await connection.fetchval("SELECT tableowner FROM pg_tables WHERE tablename = 'games'")
        assert owner == urllib.parse.urlsplit(address).username, "made by the compose file's user"
        return int(await connection.fetchval("SELECT version FROM tabletop_schema"))
    finally:
        await connection.close()
