"""Bytes a finished game takes in the database, on each engine: its row, its seats and its moves
with their indexes, before and after its moves are packed (`db/packing.py`, docs/scale.md).

One Rebirth and one Revive game are played to the end through the service (seeded random moves)
and copied `copies` times into an empty database, as their moves' rows, or packed as the upkeep
leaves them; the growth of the three tables (every index and, on PostgreSQL, TOAST included:
SQLite's `dbstat`, PostgreSQL's `pg_total_relation_size`), over the copies, is the figure.
"""

from __future__ import annotations

from bench.scale import FINISHED, fill, opened, templates
from db import Database

BYTES_MAX = 15_000  # a finished game, packed, on either engine
TABLES = ("games", "seats", "moves")


async def table_bytes(database: Database) -> int:
    """The bytes the games, seats and moves tables take with their indexes."""
    names = ", ".join(f"'{table}'" for table in TABLES)
    if database.dialect == "sqlite":
        sql = (
            "SELECT COALESCE(SUM(pgsize), 0) FROM dbstat WHERE name IN"
            f" (SELECT name FROM sqlite_schema WHERE tbl_name IN ({names}))"
        )
    else:
        sql = f"SELECT SUM(pg_total_relation_size(c)) FROM unnest(ARRAY[{names}]::regclass[]) AS c"
    [(size,)] = await database.store.fetch(sql)
    return int(size)


async def bytes_per_finished_game(server: str | None, copies: int = 200) -> dict[str, int]:
    """`{game}_rows` and `{game}_packed`: the bytes one finished game takes, as rows and packed."""
    out = {}
    for packed in (False, True):
        found = await templates(FINISHED, packed=packed)
        for number, (game_id, *_) in enumerate(FINISHED):
            async with opened(server, f"bytes_{game_id}_{int(packed)}") as database:
                empty = await table_bytes(database)
                await fill(database, found, copies, [(number, False)] * copies)
                size = await table_bytes(database) - empty
            out[f"{game_id}_{'packed' if packed else 'rows'}"] = round(size / copies)
    return out
