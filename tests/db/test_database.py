"""The database: migrations, one open game per channel, versioned writes, persistence."""

from __future__ import annotations

import asyncio

import pytest

from db import ChannelBusy, Database, StaleVersion
from db.migrations import MIGRATIONS

pytestmark = pytest.mark.both_backends


async def new_game(database: Database, channel: int = 1):
    return await database.create_game(
        guild_id=9,
        channel_id=channel,
        game="rebirth",
        options={"map": "scotland"},
        seed=7,
        creator_id=100,
        creator_name="alice",
        now=1.0,
    )


async def test_migrations_run_once_and_record_the_schema_version(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    database = await Database.open(path)
    assert await database.schema_version() == len(MIGRATIONS)
    await database.close()
    again = await Database.open(path)  # re-opening does not re-run them
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


@pytest.mark.sqlite_only
async def test_wal_mode_on_a_file(tmp_path):
    database = await Database.open(str(tmp_path / "t.sqlite3"))
    async with database.connection.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    await database.close()


async def test_one_open_game_per_channel_until_it_ends():
    database = await Database.open(":memory:")
    game = await new_game(database)
    with pytest.raises(ChannelBusy):
        await new_game(database)
    await new_game(database, channel=2)  # another channel is free
    await database.abort_game(game, now=2.0)
    await new_game(database)  # the channel is free again
    await database.close()


async def test_a_write_against_a_stale_version_is_refused_and_changes_nothing():
    database = await Database.open(":memory:")
    game = await new_game(database)
    game = await database.start_game(game, [(100, "alice"), (200, "bob")], '{"s": 0}', now=2.0)
    await database.record_move(
        game,
        seat=0,
        user_id=100,
        move="F7",
        event={},
        state='{"s": 1}',
        finished=False,
        turn_changed=True,
        now=3.0,
    )
    with pytest.raises(StaleVersion):
        await database.record_move(
            game,
            seat=0,
            user_id=100,
            move="G7",
            event={},
            state='{"s": 2}',
            finished=False,
            turn_changed=True,
            now=3.0,
        )
    stored = await database.game(game.id)
    assert stored.state == '{"s": 1}'
    assert [m.move for m in await database.moves(game.id)] == ["F7"]
    await database.close()


async def test_two_racing_moves_apply_at_most_once():
    database = await Database.open(":memory:")
    game = await new_game(database)
    game = await database.start_game(game, [(100, "alice"), (200, "bob")], "{}", now=2.0)

    async def submit(move: str):
        return await database.record_move(
            game,
            seat=0,
            user_id=100,
            move=move,
            event={},
            state=move,
            finished=False,
            turn_changed=True,
            now=3.0,
        )

    results = await asyncio.gather(submit("F7"), submit("F7"), return_exceptions=True)
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert len(await database.moves(game.id)) == 1
    await database.close()


async def test_games_survive_reopening_the_file(tmp_path):
    path = str(tmp_path / "t.sqlite3")
    database = await Database.open(path)
    game = await new_game(database)
    await database.start_game(game, [(200, "bob"), (100, "alice")], '{"x": 1}', now=2.0)
    await database.close()
    reopened = await Database.open(path)
    [active] = await reopened.active_games()
    assert active.players == (200, 100) and active.names == ("bob", "alice") and active.state == '{"x": 1}'
    await reopened.close()


async def test_recent_moves_only():
    database = await Database.open(":memory:")
    game = await new_game(database)
    game = await database.start_game(game, [(100, "a"), (200, "b")], "{}", now=2.0)
    for n in range(5):
        game = await database.record_move(
            game,
            seat=n % 2,
            user_id=None,
            move=f"m{n}",
            event={},
            state="{}",
            finished=False,
            turn_changed=True,
            now=3.0 + n,
        )
    assert [m.move for m in await database.moves(game.id, last=2)] == ["m3", "m4"]
    await database.close()


async def test_a_failed_write_rolls_back_and_leaves_the_database_usable():
    database = await Database.open(":memory:")
    game = await new_game(database)
    game = await database.start_game(game, [(100, "a"), (200, "b")], "{}", now=2.0)
    with pytest.raises(TypeError):
        await database.record_move(
            game,
            seat=0,
            user_id=None,
            move="F7",
            event={"bad": object()},
            state="{}",
            finished=False,
            turn_changed=True,
            now=3.0,
        )
    if database.dialect == "sqlite":  # the one shared connection is free again
        assert not database.connection.in_transaction
    assert (await database.game(game.id)).version == game.version  # the version bump was undone
    await database.record_move(
        game,
        seat=0,
        user_id=None,
        move="F7",
        event={},
        state="{}",
        finished=False,
        turn_changed=True,
        now=3.0,
    )
    assert len(await database.moves(game.id)) == 1
    await database.close()


async def test_a_column_name_outside_the_allow_list_is_refused_before_any_sql():
    """Column names go into the SQL text, so a bad one must raise even under `python -O`
    (where an `assert` would be gone), and change nothing."""
    database = await Database.open(":memory:")
    game = await new_game(database)
    with pytest.raises(ValueError, match="games: cannot set status"):
        await database.note_turn(game.id, status="over")
    with pytest.raises(ValueError, match="games: cannot set no column"):
        await database.note_turn(game.id)
    with pytest.raises(ValueError, match=r"members: cannot set dm = 1; --.*away_until"):
        await database.set_member(9, 100, **{"dm = 1; --": 0})
    assert (await database.game(game.id)) == game
    assert await database.store.fetch("SELECT COUNT(*) FROM members") == [(0,)]  # before its INSERT, too
    await database.note_turn(game.id, reminded_at=2.0)  # an allowed column still works
    assert (await database.game(game.id)).reminded_at == 2.0
    await database.close()
