"""A database address as logs and messages show it (`db/address.py`): every form of PostgreSQL
address libpq and asyncpg read, each password in it hidden, everything an operator checks kept."""

from __future__ import annotations

import asyncio
from urllib.parse import quote, unquote

import pytest

from db import Database, health
from db.address import address_problem, safe_target, scrubbed
from db.reach import server_ready
from tests.support.server import own_schema

# (address, its password as the operator means it, what must still show)
FORMS = [
    ("postgresql://bot:s3cret@db.example:5432/tabletop", "s3cret", ["bot", "db.example:5432", "/tabletop"]),
    ("postgres://bot:s3cret@db.example/tabletop", "s3cret", ["postgres://bot", "db.example/tabletop"]),
    ("postgresql://bot@db.example/tabletop?password=s3cret", "s3cret", ["bot@db.example/tabletop"]),
    (
        "postgresql://db.example/tabletop?sslmode=require&PassWord=s3cret",
        "s3cret",
        ["db.example/tabletop", "sslmode=require"],
    ),
    ("postgresql://db.example/tabletop?pass%77ord=s%40cret", "s@cret", ["db.example/tabletop"]),
    (
        "postgresql://db.example/tabletop?user=bot&password=s3cret&application_name=tt",
        "s3cret",
        ["db.example/tabletop", "user=bot", "application_name=tt"],
    ),
    (
        "postgresql:///tabletop?host=/var/run/postgresql&user=bot&password=s3cret",
        "s3cret",
        ["/tabletop", "host=/var/run/postgresql", "user=bot"],
    ),
    (
        "postgresql://bot:s3cret@%2Fvar%2Frun%2Fpostgresql/tabletop",
        "s3cret",
        ["bot", "%2Fvar%2Frun%2Fpostgresql/tabletop"],
    ),
    (
        "postgresql://bot:s3cret@host1:5432,host2:5433/tabletop?target_session_attrs=read-write",
        "s3cret",
        ["host1:5432,host2:5433/tabletop", "target_session_attrs=read-write"],
    ),
    ("postgresql://bot:s3cret@[::1]:5432/tabletop", "s3cret", ["[::1]:5432/tabletop"]),
    ("postgresql://bot:p@ss@db.example/tabletop", "p@ss", ["bot", "db.example/tabletop"]),
    ("postgresql://bot:pa:ss@db.example/tabletop", "pa:ss", ["bot", "db.example/tabletop"]),
    ("postgresql://bot:pa/ss@db.example/tabletop", "pa/ss", ["bot", "db.example/tabletop"]),
    ("postgresql://bot:pa?ss@db.example/tabletop", "pa?ss", ["bot", "db.example/tabletop"]),
    ("postgresql://bot:pa#ss@db.example/tabletop", "pa#ss", ["bot", "db.example/tabletop"]),
    ("postgresql://bot:p%40ss%3A%2F%3F%23@db.example/tabletop", "p@ss:/?#", ["bot", "db.example/tabletop"]),
    ("postgresql://:s3cret@db.example/tabletop", "s3cret", ["db.example/tabletop"]),
    (
        "postgresql://db.example/tabletop?user=admin@srv&password=s3cret",
        "s3cret",
        ["db.example/tabletop", "user=admin@srv"],
    ),
    ("postgresql://db.example/tabletop?password=se&cret&sslmode=require", "se&cret", ["sslmode=require"]),
    ("postgresql://bot@db.example/tabletop?sslpassword=keyphrase", "keyphrase", ["bot@db.example/tabletop"]),
    ("postgresql://bot:s3cret@db.example:abc/tabletop", "s3cret", ["db.example:abc/tabletop"]),
    ("host=db.example user=bot password=s3cret dbname=tabletop", "s3cret", ["host=db.example", "user=bot"]),
    (
        "host=db.example password='s3 cr et' dbname=tabletop",
        "s3 cr et",
        ["host=db.example", "dbname=tabletop"],
    ),
]


def written_forms(password: str) -> set[str]:
    """The password as the operator means it and as an address may carry it, percent-encoded."""
    return {password, quote(password, safe=""), quote(password, safe=":&"), unquote(password)}


@pytest.mark.parametrize(("address", "password", "kept"), FORMS, ids=[form[0] for form in FORMS])
def test_an_address_is_shown_without_its_password_and_with_everything_else(address, password, kept):
    shown = safe_target(address)
    assert not any(form in shown for form in written_forms(password)), shown
    assert "***" in shown
    assert all(part in shown for part in kept), shown


@pytest.mark.parametrize(
    ("address", "shown"),
    [
        ("postgresql://bot:s3cret@db.example:5432/tabletop", "postgresql://bot:***@db.example:5432/tabletop"),
        (
            "postgresql://bot@db/t?password=s3cret&sslmode=require",
            "postgresql://bot@db/t?password=***&sslmode=require",
        ),
        (
            "postgresql://bot:@db.example/tabletop",
            "postgresql://bot:@db.example/tabletop",
        ),  # an empty password
        ("postgresql://bot@db.example/tabletop", "postgresql://bot@db.example/tabletop"),
        ("postgresql://db.example/tabletop", "postgresql://db.example/tabletop"),  # no user
        ("postgresql:///tabletop?host=/run/pg&port=5433", "postgresql:///tabletop?host=/run/pg&port=5433"),
        ("tabletop.sqlite3", "tabletop.sqlite3"),
        ("sqlite:////data/tabletop.sqlite3", "sqlite:////data/tabletop.sqlite3"),
        (":memory:", ":memory:"),
    ],
)
def test_only_the_password_changes(address, shown):
    assert safe_target(address) == shown


def test_a_driver_message_loses_the_password_wherever_it_quotes_it(monkeypatch):
    monkeypatch.setenv("PGPASSWORD", "from-the-environment")
    address = "postgresql://bot:s%40cret@db.example/tabletop?sslpassword=keyphrase"
    message = (
        f"cannot connect to {address}: password 's@cret' (s%40cret) refused; key keyphrase; "
        "PGPASSWORD=from-the-environment"
    )
    said = scrubbed(message, address)
    assert not any(secret in said for secret in ("s@cret", "s%40cret", "keyphrase", "from-the-environment"))
    assert "postgresql://bot:***@db.example/tabletop?sslpassword=***" in said


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("postgresql://bot:s3cret@db.example:abc/tabletop", "port 'abc' is not a number"),
        ("postgresql://bot:s3cret@db.example:99999/tabletop", "port '99999' is not a number from 1 to 65535"),
        ("postgresql://bot:s3cret@[::1]:abc/tabletop", "port 'abc' is not a number"),
        ("postgresql://bot:s3cret@db.example/tabletop?port=x", "port 'x' is not a number"),
        ("postgresql://bot:s3cret@[::1/tabletop", "not an IPv6 address"),
        ("postgresql://bot:pa/ss@db.example/tabletop", "write them as %40, %2F, %3F and %23"),
        ("postgresql://db.example/tabletop?password=se&cret", "write & inside a value as %26"),
    ],
)
def test_an_address_the_driver_cannot_read_is_named_without_its_password(address, problem):
    said = address_problem(address)
    assert said is not None and problem in said
    assert not any(secret in said for secret in ("s3cret", "pa/ss", "se&cret", "cret"))


@pytest.mark.parametrize(
    "address",
    [
        "postgresql://bot:s3cret@db.example:5432/tabletop",
        "postgresql://bot:s3cret@host1:5432,host2:5433/tabletop",
        "postgresql://bot:s3cret@[::1]:5432/tabletop",
        "postgresql://bot:p%40ss@%2Fvar%2Frun%2Fpostgresql/tabletop?port=5433&password=x",
    ],
)
def test_an_address_the_driver_reads_has_no_problem(address):
    assert address_problem(address) is None


def test_a_file_named_like_a_keyword_address_is_reported_without_the_password(tmp_path):
    path = str(tmp_path / "host=db user=bot password=s3cret dbname=tabletop")
    said = health.prepare(path)
    assert "created a new database at" in said and "host=db user=bot" in said and "s3cret" not in said


def with_password_setting(address: str, password: str) -> str:
    """`address` with `?password=` added (the test server trusts its socket and never asks)."""
    return f"{address}{'&' if '?' in address else '?'}password={password}"


def test_the_servers_log_line_and_the_databases_path_hide_a_password_setting():
    with own_schema("t_address") as server:
        address = with_password_setting(server, "hunter2-in-the-query")
        line = asyncio.run(server_ready(address))
        assert line.startswith("using the PostgreSQL database postgresql://postgres@/postgres?host=")
        assert "hunter2" not in line and "password=***" in line
        assert "hunter2" not in asyncio.run(opened_path(address))


async def opened_path(address: str) -> str:
    """What `Database.path` (the bot's "ready to continue ... from" line) says of `address`."""
    database = await Database.open(address)
    try:
        return database.path
    finally:
        await database.close()
