"""Moving every game from one database to another (`tabletop migrate SRC DST`): SQLite to
PostgreSQL when a bot outgrows one process, back again, or SQLite to SQLite.

Both databases are opened with `Database.open`, which migrates each to the current schema, so
the rows go over column for column (`db/transfer.py`). A destination that holds anything is
refused, since the copy keeps every id and would mix two bots' games; `force` empties it first,
in one transaction. A destination that is the source under another name (a hard link or a
symlink to the file; the same server as `localhost`, `127.0.0.1` or its socket) is refused
before anything is emptied, since emptying it would empty the source: the two are told apart by
what they are (`db.store.Identity`: the file's device and inode; the server's system identifier,
database and schema), never by how they are spelled. Afterwards the copy is checked, not
trusted: every table must hold as many rows as the source's, and every game that has a state
must hold the source's state and replay to it from its seed through every stored move, the way
the bot itself rebuilds a state for `/undo`. A copy that fails a check is reported, difference
by difference, and the bot must not be switched to it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from db import Database, GameRecord
from db.address import safe_target
from db.health import DatabaseProblem, create, damage
from db.health import identity as file_identity
from db.reach import open_database
from db.store import is_postgresql, sqlite_path
from db.transfer import clear, copy_rows, games_with_state, row_counts
from engine.base import AnyGame

Engines = Callable[[str], AnyGame]


class Refused(DatabaseProblem):
    """Nothing was copied; the message says why and what to do."""


@dataclass
class Relocation:
    """What one copy did and what its check found."""

    source: str  # where from and where to, without passwords
    target: str
    copied: dict[str, int]  # rows written, by table
    replayed: int  # games rebuilt from their seeds and found equal to their stored states
    problems: list[str]  # every difference found; empty when the copy is sound
    seconds: float
    emptied: dict[str, int] = field(default_factory=dict)  # what `force` deleted first

    @property
    def sound(self) -> bool:
        return not self.problems

    def report(self) -> list[str]:
        """The lines to print: short when all is well, every difference when not."""
        rows = self.copied
        lines = [
            f"Copied {self.source} to {self.target} in {self.seconds:.1f} s: {rows['games']} game(s), "
            f"{rows['moves']} move(s), {rows['outbox']} message(s)."
        ]
        if any(self.emptied.values()):
            lines.append(f"  --force: emptied the destination first ({_summary(self.emptied)}).")
        if self.sound:
            lines.append("  Checked: every table holds as many rows as the source's.")
            lines.append(f"  Checked: {self.replayed} game(s) replay from their seeds to the states stored.")
            return lines
        lines.append(f"  The copy differs from the source ({len(self.problems)} difference(s)):")
        lines.extend(f"  - {problem}" for problem in self.problems)
        lines.append(f"  Do not switch the bot to {self.target}; run the copy again with --force.")
        return lines


async def relocate(source: str, target: str, *, engines: Engines, force: bool = False) -> Relocation:
    """Copy every row of the database `source` into `target` and check the copy; `Refused`
    (nothing copied) when the source is missing or unreadable, the destination unreachable or
    not empty (without `force`), or both name the same database."""
    started = time.monotonic()
    _check_source(source)
    _refuse_one_file(source, target)  # before SQLite opens one file under two names
    reading = await open_database(source, "source")
    try:
        _check_destination(target)
        writing = await open_database(target, "destination")
        try:
            await _refuse_one_database(source, reading, target, writing)
            held = await row_counts(writing.store)
            if any(held.values()):
                if not force:
                    raise Refused(
                        f"The destination {safe_target(target)} is not empty ({_summary(held)}): "
                        "nothing was copied. Name an empty database, or add --force to delete "
                        "everything it holds first."
                    )
                await clear(writing.store)
            copied = await copy_rows(reading.store, writing.store)
            replayed, problems = await verify(reading, writing, engines)
        finally:
            await writing.close()
    finally:
        await reading.close()
    return Relocation(
        source=safe_target(source),
        target=safe_target(target),
        copied=copied,
        replayed=replayed,
        problems=problems,
        seconds=time.monotonic() - started,
        emptied=held if force else {},
    )


async def verify(source: Database, copy: Database, engines: Engines) -> tuple[int, list[str]]:
    """Check `copy` against `source`: the row count of every table, and every started game of
    the source: present in the copy with the same state, which its seed and its stored moves
    replay to. How many games replayed, and each difference found (none: a sound copy)."""
    problems = []
    theirs, ours = await row_counts(source.store), await row_counts(copy.store)
    for table, count in theirs.items():
        if ours[table] != count:
            problems.append(f"{table}: {count} row(s) in the source, {ours[table]} in the copy")
    replayed = 0
    for game_id in await games_with_state(source.store):
        original, game = await source.game(game_id), await copy.game(game_id)
        if original is None or game is None or game.state is None:
            problems.append(f"game {game_id}: missing from the copy, or without its state")
            continue
        name = f"game {game_id} ({game.game}, channel {game.channel_id})"
        if game.state != original.state:
            problems.append(f"{name}: its state differs from the source's")
        problem = await _replay_problem(copy, game, engines)
        if problem:
            problems.append(f"{name}: {problem}")
        else:
            replayed += 1
    return replayed, problems


async def _replay_problem(copy: Database, game: GameRecord, engines: Engines) -> str | None:
    """Why the stored game does not replay to its stored state, or None when it does."""
    try:
        engine = engines(game.game)
    except KeyError:
        return f"no game called {game.game!r} is known here, so it cannot be replayed"
    moves = await copy.moves(game.id)
    try:
        state = engine.new_game(len(game.players), game.options, game.seed)
    except Exception as error:
        return f"its opening cannot be dealt again ({type(error).__name__})"
    for move in moves:
        try:
            state = engine.apply(state, move.seat, move.move).state
        except Exception as error:
            return f"move {move.number} cannot be replayed ({type(error).__name__}: {error})"
    if engine.dumps(state) != engine.dumps(engine.loads(game.state or "")):
        return f"its {len(moves)} stored move(s) replay to another state than the stored one"
    return None


def _check_source(source: str) -> None:
    """Refuse a source file that is not there (opening it would create an empty one) or that
    SQLite cannot read."""
    if is_postgresql(source):
        return
    path = Path(sqlite_path(source))
    if not path.is_file():
        raise Refused(f"There is no database at {safe_target(source)} to copy.")
    problem = damage(str(path))
    if problem:
        raise Refused(f"The source {safe_target(source)} is damaged ({problem}): restore a backup first.")


def _check_destination(target: str) -> None:
    """Refuse a destination file that is not a SQLite database, or that cannot be created; make
    a missing one, private and with the marker the bot looks for (db/health.py)."""
    if is_postgresql(target):
        return
    path = Path(sqlite_path(target))
    if sqlite_path(target) == ":memory:":
        raise Refused("A copy in memory would be lost when the command ends: name a file.")
    if path.exists():
        problem = damage(str(path))
        if problem:
            raise Refused(
                f"The destination {safe_target(target)} is not a sound SQLite database ({problem})."
            )
    elif path.parent.is_dir():
        try:
            create(str(path))
        except DatabaseProblem as problem:  # a symlink to nowhere: the file would be made there
            raise Refused(str(problem)) from None
    else:
        raise Refused(f"There is no folder {path.parent} to write {safe_target(target)} in.")


def _refuse_one_file(source: str, target: str) -> None:
    """Refuse two SQLite names for one file (a hard link, a symlink, another spelling), before
    either is opened: SQLite keeps a write-ahead log per name, so one file opened under two
    names is read wrong and can be damaged."""
    if is_postgresql(source) or is_postgresql(target):
        return
    here, there = file_identity(sqlite_path(source)), file_identity(sqlite_path(target))
    if here is not None and here == there:
        raise _one_database(source, target, "the same file")


async def _refuse_one_database(source: str, reading: Database, target: str, writing: Database) -> None:
    """Refuse a destination that is the source itself, however each was named, before anything
    is counted, emptied or written."""
    theirs, ours = await reading.store.identity(), await writing.store.identity()
    if theirs != ours:
        return
    if theirs.engine == "postgresql":
        _, database, schema = theirs.place
        how = f"the database {database}, schema {schema}, of one server"
    else:
        how = "the same file"
    raise _one_database(source, target, how)


def _one_database(source: str, target: str, how: str) -> Refused:
    return Refused(
        f"The source {safe_target(source)} and the destination {safe_target(target)} are one "
        f"database ({how}): nothing was copied or deleted. Name two different databases."
    )


def _summary(counts: dict[str, int]) -> str:
    return ", ".join(f"{count} {table}" for table, count in counts.items() if count) or "nothing"
