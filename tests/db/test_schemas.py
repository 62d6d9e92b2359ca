"""Both engines' migrations build the same database: the same count, the same tables with the
same columns, the same indexes (db/migrations.py, db/postgres_migrations.py)."""

from __future__ import annotations

from db import Database
from db.migrations import MIGRATIONS
from db.postgres_migrations import POSTGRES_MIGRATIONS
from tests.support.storage import run_statements, schema_target, server_or_skip

# What only one engine needs: PostgreSQL's order of arrival for votes (SQLite has its rowid), and
# the indexes each engine makes itself for primary keys and UNIQUE constraints.
ENGINE_ONLY_COLUMNS = {("handover_votes", "ordinal")}


def test_every_migration_exists_in_both_dialects():
    assert len(MIGRATIONS) == len(POSTGRES_MIGRATIONS)


async def sqlite_schema(path: str) -> tuple[set[tuple[str, str]], set[str]]:
    database = await Database.open(path)
    try:
        tables = [
            row[0]
            # Not SQLite's own tables: the planner's statistics (`sqlite_stat1`) the bot gathers.
            for row in await database.store.fetch(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        columns = {(table, column) for table in tables for column in await database.store.columns(table)}
        indexes = await database.store.fetch(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'"
        )
    finally:
        await database.close()
    return columns, {row[0] for row in indexes}


async def postgres_schema(address: str) -> tuple[set[tuple[str, str]], set[str]]:
    database = await Database.open(address)
    try:
        rows = await database.store.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name != 'tabletop_schema'"
        )
        indexes = await database.store.fetch(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"
            " AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"
        )
    finally:
        await database.close()
    return {(row[0], row[1]) for row in rows}, {row[0] for row in indexes}


async def test_both_engines_build_the_same_tables_columns_and_indexes(tmp_path):
    server = server_or_skip()
    schema = f"schemas_{tmp_path.name}"[:60].replace("-", "_")
    await run_statements(f'CREATE SCHEMA "{schema}"')
    try:
        lite_columns, lite_indexes = await sqlite_schema(str(tmp_path / "t.sqlite3"))
        pg_columns, pg_indexes = await postgres_schema(schema_target(server, schema))
    finally:
        await run_statements(f'DROP SCHEMA "{schema}" CASCADE')
    assert lite_columns == pg_columns - ENGINE_ONLY_COLUMNS
    assert lite_indexes == pg_indexes
