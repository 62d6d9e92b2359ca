"""Files that hold games are private to the bot's user.

A database (and every copy of it: a backup, a rescued copy) holds each game's seed, from which
every face-down pile can be dealt again, so no other user of the machine may read it. Each is
created empty with mode 0600 before SQLite opens it; SQLite then gives its `-wal` and `-shm`
files the database file's mode. The file is created with `O_CREAT | O_EXCL | O_NOFOLLOW`, so a
file or a symlink already at the path (even one pointing nowhere) is never written through, and
checking and creating are one step (no race between a check and the write).

A symlink that points nowhere is refused rather than opened: SQLite follows it and would make the
database wherever the link points, with the umask's mode, not at the path the bot was given. A
symlink to an existing database is the operator's choice and is opened as it is.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

PRIVATE = 0o600


class TargetTaken(Exception):
    """Something (a file, a folder, a symlink) is already at the path."""


class NoFolder(Exception):
    """The folder the path names does not exist."""


class DanglingLink(TargetTaken):
    """The path is a symlink to where there is no file: opening it would create one there."""

    def __init__(self, path: str) -> None:
        super().__init__(f"{path} is a symlink to {os.readlink(path)}, where there is no file")


def create_private(path: str) -> None:
    """Create an empty file at `path` that only its owner may read and write; `TargetTaken` when
    anything is there already, `NoFolder` when its folder is missing."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, PRIVATE)
    except FileExistsError:
        raise TargetTaken(path) from None
    except FileNotFoundError:
        raise NoFolder(os.path.dirname(os.path.abspath(path))) from None
    try:
        os.fchmod(descriptor, PRIVATE)  # the umask may have taken bits away: make it exact
    finally:
        os.close(descriptor)


def private_if_new(path: str) -> None:
    """Before SQLite opens `path`: create it private when nothing is there yet (an existing
    database keeps its file and its mode; a missing folder is left for SQLite to report);
    `DanglingLink` for a symlink to nothing, which SQLite would follow to create the file."""
    try:
        create_private(path)
    except TargetTaken:
        if os.path.islink(path) and not os.path.exists(path):
            raise DanglingLink(path) from None
    except NoFolder:
        pass


def replace_private(path: Path, text: str) -> None:
    """Write `text` to `path` in one step (a private `.partial` file beside it, renamed over it):
    never half a file, never through a symlink planted at either name, and only the bot's user
    may read it, whatever the umask."""
    partial = path.with_name(path.name + ".partial")
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()  # a copy an interrupted save left behind, or a link (never its target)
    create_private(str(partial))
    descriptor = os.open(partial, os.O_WRONLY | os.O_NOFOLLOW)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(text)
    partial.replace(path)  # a rename replaces a link at `path` itself, not what it points to
