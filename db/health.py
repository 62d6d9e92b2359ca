"""Whether the database file the bot is configured with is the one it should play from.

A bot that silently starts with an empty database loses every game it hosts: every channel then
says "there is no game here", and nobody knows why. So the bot refuses to start (with a message
that says what to do) when its database is missing but has existed before, or is damaged; and a
running bot notices when its file is deleted under it. `backup` copies a running bot's database
with SQLite's online backup, which reads a consistent snapshot while the bot keeps writing.

"Has existed before" is a marker beside the file, `<database>.created`, written when the bot
creates a database: a database file deleted while its marker stays is a lost database, not a
first run. `--init` (`prepare(..., init=True)`) starts a new database anyway.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from db.address import safe_target
from db.files import DanglingLink, NoFolder, TargetTaken, create_private, private_if_new

log = logging.getLogger("tabletop.db")

MEMORY = ":memory:"


class DatabaseProblem(Exception):
    """The configured database cannot be used; the message says what to do."""


def marker(path: str) -> Path:
    """The file that says a database was created at `path` (so its absence later is a loss)."""
    return Path(f"{path}.created")


def mark(path: str) -> None:
    """Write the marker, empty and private, never through a symlink planted at its name (a
    `touch` would create or stamp whatever file the link points to)."""
    with contextlib.suppress(TargetTaken):
        create_private(str(marker(path)))


def prepare(path: str, init: bool = False) -> str:
    """Check the configured database before the bot opens it; what to log about it.

    - A missing file on the first run (no marker) or with `init`: created (said in the log).
    - A missing file whose marker exists: DatabaseProblem (it was deleted or moved).
    - A file SQLite cannot read, or that fails `PRAGMA quick_check`: DatabaseProblem.
    """
    if path == MEMORY:
        return "an in-memory database (nothing is kept)"
    file = Path(path)
    if not file.exists():
        if marker(path).exists() and not init:
            raise DatabaseProblem(
                f"The database {safe_target(path)} is missing, but a bot has run with it before "
                f"({safe_target(str(marker(path)))} exists): its games would be lost. Put the file back "
                "(or restore a backup made with `python bot.py backup FILE`), or start a new, empty database "
                "with `python bot.py --init`."
            )
        create(path)
        return f"created a new database at {safe_target(path)} ({'--init' if init else 'first run'})"
    problem = damage(path)
    if problem:
        raise DatabaseProblem(
            f"The database {safe_target(path)} is damaged ({problem}). Stop here: restore a backup "
            "(made with `python bot.py backup FILE`) in its place, or move the file aside and start a new, "
            "empty database with `python bot.py --init`."
        )
    if not marker(path).exists():
        mark(path)  # a database from before markers existed
    return f"using the database {safe_target(path)}"


def create(path: str) -> None:
    """A new, empty SQLite file, private (db/files.py), and its marker (the schema is made by
    the migrations). A symlink to nowhere at `path` is refused: the file would be made where it
    points, not where the bot was told."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    try:
        private_if_new(path)
    except DanglingLink as link:
        raise DatabaseProblem(
            f"{link}: nothing was created. Remove the link, or point it at the database."
        ) from None
    sqlite3.connect(path).close()
    mark(path)


def damage(path: str) -> str | None:
    """What is wrong with the file at `path` as a SQLite database, or None when it is sound."""
    try:
        with closing(sqlite3.connect(path)) as connection:
            rows = connection.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as error:
        return str(error)
    found = [str(row[0]) for row in rows]
    return None if found == ["ok"] else "; ".join(found[:3])


@dataclass(frozen=True)
class FileIdentity:
    """Which file a path named when the bot opened it (device and inode)."""

    device: int
    inode: int


def identity(path: str) -> FileIdentity | None:
    """The file `path` names now; None when there is none (or for an in-memory database)."""
    if path == MEMORY:
        return None
    try:
        stat = os.stat(path)
    except FileNotFoundError:
        return None
    return FileIdentity(stat.st_dev, stat.st_ino)


def backup(source: str, target: str) -> int:
    """Copy the database `source` to `target` with SQLite's online backup (safe while a bot
    writes to it: the copy is one consistent snapshot); the number of games copied. The copy is
    created private (db/files.py), never through a file or a symlink already at `target`."""
    if not Path(source).exists():
        raise DatabaseProblem(f"There is no database at {safe_target(source)} to back up.")
    try:
        create_private(target)
    except TargetTaken:
        raise DatabaseProblem(f"{target} exists already: choose a new file for the backup.") from None
    except NoFolder as missing:
        raise DatabaseProblem(f"There is no folder {missing} to write {target} in.") from None
    with closing(sqlite3.connect(source)) as reading, closing(sqlite3.connect(target)) as writing:
        reading.backup(writing)
    with closing(sqlite3.connect(target)) as copied:
        [(games,)] = copied.execute("SELECT count(*) FROM games").fetchall()
    return int(games)
