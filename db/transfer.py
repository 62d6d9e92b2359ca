"""Copying a whole database from one store to another (SQLite to PostgreSQL, or back), rows and
ids as they are: how a live bot moves to a server (`tabletop migrate`, docs/deploy.md).

Games go over a batch at a time with everything that hangs from them, so a large database
never sits in memory at once; the tables of people and servers follow whole. Only the columns
both sides have are copied (an identity column the target fills itself, such as PostgreSQL's
`handover_votes.ordinal`, is filled in the order the rows are written, which is the order they
came in).
"""

from __future__ import annotations

from collections.abc import Sequence

from db.store import Store, Transaction

# Each table that belongs to a game, with the order its rows are read in: the order they came in.
GAME_TABLES = (
    ("seats", "game_id, seat"),
    ("moves", "game_id, number"),
    ("outbox", "id"),
    ("handover_votes", "game_id, created_at, user_id"),
    ("clock_waits", "game_id, turn, user_id"),
    ("results", "game_id, seat"),
)
OTHER_TABLES = (
    ("members", "guild_id, user_id"),
    ("people", "user_id"),
    ("server_limits", "guild_id"),
    ("ratings", "guild_id, game, user_id, level"),
    ("rating_scopes", "guild_id, game"),
    ("backfills", "name"),
)
TABLES = ("games", *(name for name, _ in GAME_TABLES), *(name for name, _ in OTHER_TABLES))
BATCH = 200


async def row_counts(store: Store) -> dict[str, int]:
    """How many rows each table holds."""
    counts = {}
    for table in TABLES:
        [(count,)] = await store.fetch(f"SELECT COUNT(*) FROM {table}")
        counts[table] = int(count)
    return counts


async def is_empty(store: Store) -> bool:
    return not any((await row_counts(store)).values())


async def clear(store: Store) -> None:
    """Delete every row of every table, in one transaction: all of them go, or none (what
    `tabletop migrate --force` does to a destination before copying into it). A game's own
    rows go before the game, so no foreign key is ever left pointing nowhere."""
    async with store.transaction() as writing:
        for table in reversed(TABLES):
            await writing.run(f"DELETE FROM {table}")


async def games_with_state(store: Store) -> list[int]:
    """The ids of the games that have a state (started once), in order: the ones a replay from
    the seed can check."""
    rows = await store.fetch("SELECT id FROM games WHERE state IS NOT NULL ORDER BY id")
    return [int(row[0]) for row in rows]


async def copy_rows(source: Store, target: Store, *, batch: int = BATCH) -> dict[str, int]:
    """Write every row of `source` into `target` (migrated to the same version, and empty), in
    one transaction per batch of games; how many rows of each table were written."""
    columns = {table: await _shared_columns(source, target, table) for table in TABLES}
    written = dict.fromkeys(TABLES, 0)
    last_id = -1
    while True:
        games = await source.fetch(
            f"SELECT {', '.join(columns['games'])} FROM games WHERE id > ? ORDER BY id LIMIT ?",
            (last_id, batch),
        )
        if not games:
            break
        ids = [row[columns["games"].index("id")] for row in games]
        last_id = ids[-1]
        marks = ", ".join("?" * len(ids))
        async with target.transaction() as writing:
            await _write(writing, "games", columns["games"], games)
            written["games"] += len(games)
            for table, order in GAME_TABLES:
                rows = await source.fetch(
                    f"SELECT {', '.join(columns[table])} FROM {table} WHERE game_id IN ({marks})"
                    f" ORDER BY {order}",
                    ids,
                )
                await _write(writing, table, columns[table], rows)
                written[table] += len(rows)
    for table, order in OTHER_TABLES:
        rows = await source.fetch(f"SELECT {', '.join(columns[table])} FROM {table} ORDER BY {order}")
        async with target.transaction() as writing:
            await _write(writing, table, columns[table], rows)
        written[table] += len(rows)
    if target.dialect == "postgresql":  # the next game and message get ids after the copied ones
        async with target.transaction() as writing:
            for table in ("games", "outbox"):
                await writing.fetch(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                    f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
    return written


async def _shared_columns(source: Store, target: Store, table: str) -> list[str]:
    wanted = set(await target.columns(table))
    return [column for column in await source.columns(table) if column in wanted]


async def _write(
    writing: Transaction, table: str, columns: Sequence[str], rows: Sequence[Sequence[object]]
) -> None:
    if not rows:
        return
    marks = ", ".join("?" * len(columns))
    await writing.run_many(
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", [tuple(row) for row in rows]
    )
