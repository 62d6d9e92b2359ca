"""A database written by an older bot still opens and every game in it goes on.

`fixtures/stored-games-362bf5a.sqlite3` was written by commit 362bf5a (the code before the game
registry) with `fixtures/make_stored_games.py`: mid-way games of each map, Revive mid-turn with a
decision open and at a turn boundary, seats handed to the fallback player, lobbies with a fallback
seat, finished games and turn settings. Today's code must migrate it, load and replay every state,
and play every game on to its end. A change that breaks the stored state JSON, the move notation or
the event dicts fails here.
"""

from __future__ import annotations

import shutil

import pytest

from db import Database, GameRecord
from db.migrations import MIGRATIONS
from engine.fallback import choose_move
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller, ServiceError
from tests.support.paths import FIXTURES

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

FIXTURE = FIXTURES / "stored-games-362bf5a.sqlite3"
LATER = 1_800_000_000.0  # after every stored timestamp
NEWCOMER = 505
MAX_MOVES = 2_000  # a guard: every stored game ends well before this

ACTIVE = {  # channel -> what make_stored_games.py left there
    1001: "Rebirth Scotland, 2 players, mid-way, with reminder and clock settings",
    1002: "Rebirth Ireland, 4 players, mid-way after tower bonuses and a doubling",
    1003: "Revive, 3 players, mid-turn with a decision open",
    1004: "Revive, 3 players, at a turn boundary, with settings",
    1005: "Rebirth, 3 players, one seat handed to the fallback player",
    1006: "Revive, 2 players, one seat handed to the fallback player",
}
LOBBIES = (1007, 1008)  # each with a fallback seat added
FINISHED = (1009, 1010)


@pytest.fixture
async def stored(tmp_path):
    """The fixture database, copied (the tests change it), opened with today's code."""
    path = tmp_path / FIXTURE.name
    shutil.copy(FIXTURE, path)
    database = await Database.open(str(path))
    yield GameService(database, engines=load_engine, clock=lambda: LATER, seeds=lambda: 1)
    await database.close()


def caller(user: int, channel: int) -> Caller:
    return Caller(user_id=user, channel_id=channel, guild_id=1, display_name=f"user{user}")


async def record(service: GameService, channel: int) -> GameRecord:
    game = await service.db.latest_game(channel)
    assert game is not None, f"no game stored in channel {channel}"
    return game


async def replays_to_its_stored_state(service: GameService, game: GameRecord) -> None:
    engine = load_engine(game.game)
    stored = engine.loads(game.state or "")
    state = engine.new_game(len(game.players), game.options, game.seed)
    for move in await service.db.moves(game.id):
        state = engine.apply(state, move.seat, move.move).state
    assert engine.dumps(state) == engine.dumps(stored), f"game {game.id} replays to another state"
    assert engine.is_over(stored) == (game.status == "finished")


async def play_to_the_end(service: GameService, channel: int) -> int:
    """Every person's move chosen by the fallback player, sent through `Turns.move` (confirmed
    when the engine asks for it; the fallback seats answer by themselves); the number of moves
    sent."""
    for sent in range(MAX_MOVES):
        game = await record(service, channel)
        if game.status == "finished":
            return sent
        engine = load_engine(game.game)
        state = engine.loads(game.state or "")
        seat = engine.to_move(state)
        assert seat is not None and not game.is_bot(seat), f"channel {channel} waits on nobody"
        move = choose_move(engine, state, seat, game.seed + game.version)
        sure = " confirm" if engine.caution(state, seat, move) else ""  # a move asked about first
        messages = await service.turns.move(caller(game.players[seat], channel), move + sure)
        assert messages and all(m.text for m in messages), f"{move!r} in channel {channel} said nothing"
    raise AssertionError(f"channel {channel} did not end in {MAX_MOVES} moves")


async def test_the_database_migrates_and_holds_every_game(stored):
    assert await stored.db.schema_version() == len(MIGRATIONS)
    assert [g.channel_id for g in await stored.db.active_games()] == list(ACTIVE)
    assert [(await record(stored, c)).status for c in LOBBIES] == ["lobby", "lobby"]
    assert [(await record(stored, c)).status for c in FINISHED] == ["finished", "finished"]
    game = await record(stored, 1001)
    assert (game.reminder_hours, game.clock_days, game.clock_action) == (12.0, 3.0, "fallback")
    # Games stored before languages existed were played in English, and stay so (migration 6).
    assert {(await record(stored, c)).language for c in (*ACTIVE, *LOBBIES, *FINISHED)} == {"en"}
    for channel in (1005, 1006):  # a player left: their seat went to the fallback player
        game = await record(stored, channel)
        assert any(game.is_bot(seat) for seat in range(len(game.players)))


@pytest.mark.parametrize("channel", [*ACTIVE, *FINISHED])
async def test_every_stored_game_loads_and_replays_from_its_seed(stored, channel):
    await replays_to_its_stored_state(stored, await record(stored, channel))


@pytest.mark.parametrize("channel", [*ACTIVE, *FINISHED])
async def test_the_looking_commands_answer_on_every_stored_game(stored, channel):
    game = await record(stored, channel)
    person = next(user for seat, user in enumerate(game.players) if not game.is_bot(seat))
    who = caller(person, channel)
    [status] = await stored.looking.status(who)
    [board] = await stored.looking.board(who)
    [log] = await stored.looking.log(who)
    assert status.text and board.text and board.image and board.image.startswith(b"\x89PNG") and log.text
    if game.status == "active":
        [hand, *_] = await stored.looking.hand(who)
        assert hand.text and hand.ephemeral


@pytest.mark.parametrize("channel", list(ACTIVE))
async def test_undo_replays_a_stored_game_or_says_why_not(stored, channel):
    """`/undo` rebuilds the state before the last move from the seed and the stored moves."""
    game = await record(stored, channel)
    last = (await stored.db.moves(game.id, last=1))[0]
    if last.user_id is None:  # the fallback player moved last: nobody may take it back
        return
    try:
        [message] = await stored.turns.undo(caller(last.user_id, channel))
    except ServiceError as refused:
        assert refused.args, "a refusal without a reason"
        return
    assert message.text
    await replays_to_its_stored_state(stored, await record(stored, channel))


@pytest.mark.parametrize("channel", LOBBIES)
async def test_a_stored_lobby_takes_a_newcomer_and_starts(stored, channel):
    lobby = await record(stored, channel)
    assert any(lobby.is_bot(seat) for seat in range(len(lobby.players))) or min(lobby.players) < 0
    [joined] = await stored.lobby.join(caller(NEWCOMER, channel))
    assert f"<@{NEWCOMER}>" in joined.text
    [start, *_] = await stored.lobby.start(caller(lobby.creator_id, channel))
    assert start.image and (await record(stored, channel)).status == "active"
    [status] = await stored.looking.status(caller(NEWCOMER, channel))
    assert status.text


@pytest.mark.slow
@pytest.mark.parametrize("channel", list(ACTIVE))
async def test_every_stored_game_plays_on_to_its_end(stored, channel):
    assert await play_to_the_end(stored, channel) > 0
    game = await record(stored, channel)
    await replays_to_its_stored_state(stored, game)
    [log] = await stored.looking.log(caller(game.creator_id, channel))
    assert log.text


@pytest.mark.slow
@pytest.mark.parametrize("channel", LOBBIES)
async def test_a_stored_lobby_plays_to_its_end(stored, channel):
    lobby = await record(stored, channel)
    await stored.lobby.join(caller(NEWCOMER, channel))
    await stored.lobby.start(caller(lobby.creator_id, channel))
    assert await play_to_the_end(stored, channel) > 0
    await replays_to_its_stored_state(stored, await record(stored, channel))


@pytest.mark.parametrize("channel", FINISHED)
async def test_a_stored_finished_game_packs_and_still_replays_and_reads_the_same(stored, channel):
    """The upkeep packs a finished game stored by an older bot (migration 13's `record`): it still
    replays from its seed to its stored state, and its log reads as before."""
    game = await record(stored, channel)
    who = caller(game.players[0], channel)
    [log_before] = await stored.looking.log(who)
    assert not await stored.db.is_packed(game.id)
    await stored.upkeep.tick()  # long after it ended
    assert await stored.db.is_packed(game.id)
    await replays_to_its_stored_state(stored, await record(stored, channel))
    [log_after] = await stored.looking.log(who)
    assert log_after.text == log_before.text
