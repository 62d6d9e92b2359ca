"""`tabletop migrate`'s copy and its check (service/relocation.py), on the stored-games fixture.

Each test runs on SQLite and on PostgreSQL (tests/support/storage.py): on PostgreSQL every file
named here stands for a schema of its own on the test server, so a copy from one file to another
is a copy between two PostgreSQL databases. The command line itself, SQLite to a real server and
back, is tests/packaging/test_migrate_command.py.
"""

from __future__ import annotations

import shutil

import pytest

from db import Database
from db.transfer import copy_rows, row_counts
from engine.fallback import choose_move
from games.registry import load_engine
from service.game_service import GameService
from service.relocation import Refused, relocate, verify
from tests.db.test_stored_games import FIXTURE, LATER, caller, record, replays_to_its_stored_state

pytestmark = pytest.mark.both_backends

STARTED = 8  # the fixture's games with a state: six in play, two finished


@pytest.fixture
def source(tmp_path):
    """A copy of the stored-games fixture (opening it migrates it)."""
    path = tmp_path / "source.sqlite3"
    shutil.copy(FIXTURE, path)
    return str(path)


async def counts(path: str) -> dict[str, int]:
    database = await Database.open(path)
    try:
        return await row_counts(database.store)
    finally:
        await database.close()


async def play_one_move(path: str, channel: int) -> int:
    """One move of the player to move in `channel`, through the service; the game's move count."""
    database = await Database.open(path)
    try:
        service = GameService(database, engines=load_engine, clock=lambda: LATER, seeds=lambda: 1)
        game = await record(service, channel)
        engine = load_engine(game.game)
        state = engine.loads(game.state or "")
        seat = engine.to_move(state)
        assert seat is not None
        move = choose_move(engine, state, seat, game.seed)
        sure = " confirm" if engine.caution(state, seat, move) else ""
        await service.turns.move(caller(game.players[seat], channel), move + sure)
        game = await record(service, channel)
        await replays_to_its_stored_state(service, game)
        return len(await database.moves(game.id))
    finally:
        await database.close()


async def test_a_copy_holds_every_row_and_every_stored_game_replays_and_plays_on(source, tmp_path):
    copy = str(tmp_path / "copy.sqlite3")
    done = await relocate(source, copy, engines=load_engine)
    assert done.sound, done.problems
    assert done.copied == await counts(source) == await counts(copy)
    assert done.copied["games"] == 10 and done.copied["moves"] > 0 and done.replayed == STARTED
    report = "\n".join(done.report())
    assert f"{done.copied['moves']} move(s)" in report and f"{STARTED} game(s) replay" in report
    before = len(await _moves_in(copy, 1001))
    assert await play_one_move(copy, 1001) == before + 1
    # A new table in the copy gets an id after every copied one (PostgreSQL's sequence moved on).
    database = await Database.open(copy)
    try:
        service = GameService(database, engines=load_engine, clock=lambda: LATER, seeds=lambda: 1)
        await service.lobby.new_game(caller(77, 4242), "rebirth", {"map": "scotland"})
        lobby = await record(service, 4242)
        assert lobby.id > 10 and lobby.status == "lobby"
    finally:
        await database.close()


async def _moves_in(path: str, channel: int) -> list[object]:
    database = await Database.open(path)
    try:
        game = await database.latest_game(channel)
        assert game is not None
        return list(await database.moves(game.id))
    finally:
        await database.close()


async def test_a_destination_that_holds_games_is_refused_and_left_untouched(source, tmp_path):
    copy = str(tmp_path / "copy.sqlite3")
    assert (await relocate(source, copy, engines=load_engine)).sound
    moves = await play_one_move(copy, 1002)  # the copy moved on: a bot played in it
    held = await counts(copy)
    with pytest.raises(Refused, match=r"not empty \(10 games, .*--force") as refused:
        await relocate(source, copy, engines=load_engine)
    assert "\n" not in str(refused.value)
    assert await counts(copy) == held and len(await _moves_in(copy, 1002)) == moves


async def test_force_empties_the_destination_then_copies(source, tmp_path):
    copy = str(tmp_path / "copy.sqlite3")
    await relocate(source, copy, engines=load_engine)
    await play_one_move(copy, 1002)
    database = await Database.open(copy)
    try:  # a table only the destination had: --force deletes it
        service = GameService(database, engines=load_engine, clock=lambda: LATER, seeds=lambda: 1)
        await service.lobby.new_game(caller(77, 4242), "rebirth", {"map": "scotland"})
    finally:
        await database.close()
    done = await relocate(source, copy, engines=load_engine, force=True)
    assert done.sound, done.problems
    assert done.emptied["games"] == 11 and "--force: emptied the destination first (11 games" in "\n".join(
        done.report()
    )
    assert await counts(copy) == await counts(source)
    assert len(await _moves_in(copy, 1002)) == len(await _moves_in(source, 1002))
    assert not await _has_game(copy, 4242)


async def _has_game(path: str, channel: int) -> bool:
    database = await Database.open(path)
    try:
        return await database.latest_game(channel) is not None
    finally:
        await database.close()


async def test_the_check_names_a_move_missing_from_the_copy(source, tmp_path):
    """The copy is checked, not trusted: a move lost on the way fails the row count and the
    replay of its game, and both are named."""
    reading, copy = await Database.open(source), await Database.open(str(tmp_path / "copy.sqlite3"))
    try:
        await copy_rows(reading.store, copy.store)
        assert await verify(reading, copy, load_engine) == (STARTED, [])
        game = await copy.latest_game(1001)
        assert game is not None
        stored = await copy.moves(game.id)
        last = stored[-1]
        async with copy.store.transaction() as writing:
            await writing.run("DELETE FROM moves WHERE game_id = ? AND number = ?", (game.id, last.number))
        replayed, problems = await verify(reading, copy, load_engine)
    finally:
        await reading.close()
        await copy.close()
    moves = (await counts(source))["moves"]
    assert replayed == STARTED - 1
    assert problems == [
        f"moves: {moves} row(s) in the source, {moves - 1} in the copy",
        f"game {game.id} (rebirth, channel 1001): its {len(stored) - 1} stored move(s) replay to another "
        "state than the stored one",
    ]


async def test_the_check_names_a_state_that_differs_from_the_source(source, tmp_path):
    reading, copy = await Database.open(source), await Database.open(str(tmp_path / "copy.sqlite3"))
    try:
        await copy_rows(reading.store, copy.store)
        game = await copy.latest_game(1003)
        assert game is not None and game.state is not None
        engine = load_engine(game.game)
        opening = engine.dumps(engine.new_game(len(game.players), game.options, game.seed))
        async with copy.store.transaction() as writing:
            await writing.run("UPDATE games SET state = ? WHERE id = ?", (opening, game.id))
        replayed, problems = await verify(reading, copy, load_engine)
        done = await relocate(source, str(tmp_path / "other.sqlite3"), engines=load_engine)
    finally:
        await reading.close()
        await copy.close()
    name = f"game {game.id} (revive, channel 1003)"
    assert replayed == STARTED - 1
    assert problems[0] == f"{name}: its state differs from the source's"
    assert problems[1].startswith(f"{name}: its ") and "replay to another state" in problems[1]
    assert done.sound  # the source itself is sound: only the damaged copy is named


async def test_the_report_of_a_copy_that_differs_names_every_difference():
    from service.relocation import Relocation

    copied = dict.fromkeys(("games", "moves", "outbox", "members", "people"), 1)
    done = Relocation("a.sqlite3", "postgresql://bot@db/tabletop", copied, 7, ["moves: 2 row(s) in ..."], 0.5)
    lines = done.report()
    assert not done.sound and lines[-2] == "  - moves: 2 row(s) in ..."
    assert "Do not switch the bot to postgresql://bot@db/tabletop" in lines[-1]


async def test_refusals_copy_nothing(source, tmp_path):
    missing = str(tmp_path / "nothing-here.sqlite3")
    with pytest.raises(Refused, match="There is no database at .*nothing-here"):
        await relocate(missing, str(tmp_path / "copy.sqlite3"), engines=load_engine)
    assert not (tmp_path / "nothing-here.sqlite3").exists() and not (tmp_path / "copy.sqlite3").exists()
    with pytest.raises(Refused, match="are one database \\(the same file\\)"):
        await relocate(source, str(tmp_path / "." / "source.sqlite3"), engines=load_engine, force=True)
    assert (await counts(source))["games"] == 10
    with pytest.raises(Refused, match="There is no folder"):
        await relocate(source, str(tmp_path / "no" / "copy.sqlite3"), engines=load_engine)
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all, just some bytes" * 200)
    with pytest.raises(Refused, match="not a sound SQLite database"):
        await relocate(source, str(junk), engines=load_engine)
