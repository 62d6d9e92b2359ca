"""Opening a database from a command line, with one line instead of a traceback when it cannot be.

A person typing `tabletop migrate` or starting the bot against a PostgreSQL server meets the
common failures first: the server is down, the address is wrong, the database or the user does
not exist, a SQLite "database" is some other file. None of them needs a traceback; each gets a
`DatabaseProblem` that says what was tried (the address without its password) and what failed.
"""

from __future__ import annotations

import sqlite3

from db.address import address_problem, safe_target, scrubbed
from db.database import Database
from db.files import DanglingLink
from db.health import DatabaseProblem
from db.store import is_postgresql


class Unreachable(DatabaseProblem):
    """The database could not be opened; the message says which and why, never the password."""


async def open_database(target: str, role: str = "database") -> Database:
    """`Database.open(target)` (which migrates it to the current schema), or `Unreachable`; a
    PostgreSQL address the driver cannot read (a port that is not a number) is refused before
    any connection is tried, rather than failing with the driver's traceback."""
    problem = address_problem(target) if is_postgresql(target) else None
    if problem:
        raise Unreachable(f"Cannot open the {role} {safe_target(target)}: {problem}.")
    try:
        return await Database.open(target)
    except Exception as error:
        if not _expected(error):
            raise
        where = safe_target(target)
        reason = scrubbed(f"{type(error).__name__}: {error}".rstrip(": "), target)
        if is_postgresql(target):
            raise Unreachable(
                f"Cannot open the {role} {where} ({reason}): is the server running, and are its "
                "address, user, password and database name right?"
            ) from None
        raise Unreachable(f"Cannot open the {role} {where} as a SQLite database ({reason}).") from None


async def server_ready(target: str) -> str:
    """Open a PostgreSQL database (migrating it) and close it again, before the bot goes on to
    Discord: a wrong address or a stopped server is found at once, in one line; what to log."""
    database = await open_database(target)
    try:
        [(games,)] = await database.store.fetch("SELECT COUNT(*) FROM games")
        version = await database.schema_version()
    finally:
        await database.close()
    return f"using the PostgreSQL database {safe_target(target)} (schema {version}, {games} game(s))"


def _expected(error: Exception) -> bool:
    """Whether `error` is a database that cannot be reached or read, rather than a bug."""
    if isinstance(error, OSError | TimeoutError | sqlite3.DatabaseError | DanglingLink):
        return True
    try:
        import asyncpg
    except ImportError:  # pragma: no cover - asyncpg is a dependency
        return False
    return isinstance(error, asyncpg.PostgresError | asyncpg.InterfaceError)
