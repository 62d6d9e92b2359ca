"""The periodic upkeep through the service: idle lobbies close and free their channel, and pruning
forgets settled messages and unplayed lobbies while a finished game keeps what its history needs."""

from __future__ import annotations

import pytest

from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller, ServiceError, StaleGame
from service.upkeep import KEEP_UNSTARTED, LOBBY_IDLE, OPTIMIZE_EVERY
from tests.support.refusals import refusing

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

ANN, BOB, CY = 11, 22, 33
CHANNEL = 77
DAY = 86_400.0
START = 1_000_000.0


def caller(user: int, channel: int = CHANNEL, **extra) -> Caller:
    return Caller(user_id=user, channel_id=channel, guild_id=1, display_name=f"user{user}", **extra)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def service(database, clock):
    return GameService(database, engines=load_engine, clock=clock, seeds=lambda: 5)


async def settle(service: GameService, messages) -> None:
    """What the front end does: every held message posted and reported taken."""
    for message in messages:
        await service.outbox.sent(message)


async def test_a_lobby_idle_for_two_days_closes_with_a_message_and_the_channel_is_free(service, clock):
    await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    with refusing(ServiceError, "already has a game"):
        await service.lobby.new_game(caller(CY), "revive", {})
    clock.now += LOBBY_IDLE - 60
    assert await service.upkeep.tick() == []
    clock.now += 120
    [closed] = await service.upkeep.tick()
    assert closed.channel_id == CHANNEL and closed.ping == (ANN,) and not closed.ephemeral
    assert closed.outbox_id is not None  # held, so a failed post is retried
    assert f"<@{ANN}>" in closed.text and "**Rebirth: Scotland**" in closed.text
    assert "2 days" in closed.text and "`/game new`" in closed.text
    assert await service.db.open_game(CHANNEL) is None
    assert await service.upkeep.tick() == []  # closed once
    [opened] = await service.lobby.new_game(caller(CY), "revive", {})
    assert f"<@{CY}>" in opened.text
    with refusing(StaleGame, "earlier table"):  # the old lobby's buttons belong to an earlier table
        await service.table_button(caller(BOB), "join", closed.game_id or 0)


async def test_a_lobby_with_activity_a_day_ago_is_kept(service, clock):
    await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    clock.now += DAY
    await service.lobby.join(caller(BOB))
    clock.now += DAY + 60
    assert await service.upkeep.tick() == []
    clock.now += DAY / 2
    await service.time.settings(caller(ANN), reminder_hours=12, clock_days=None, on_timeout=None)
    clock.now += 1.5 * DAY + 60
    assert await service.upkeep.tick() == []
    lobby = await service.db.open_game(CHANNEL)
    assert lobby is not None and lobby.status == "lobby"
    clock.now += DAY / 2
    [closed] = await service.upkeep.tick()
    assert "closed before it started" in closed.text


async def test_the_closing_message_is_in_the_tables_language(service, clock):
    await service.lobby.new_game(caller(ANN), "revive", {}, {"language": "pt-BR"})
    clock.now += LOBBY_IDLE + 60
    [closed] = await service.upkeep.tick()
    assert "foi fechada antes de começar" in closed.text and "2 dias" in closed.text
    assert "`/jogo novo`" in closed.text


async def test_a_game_in_play_is_never_closed_as_idle(service, clock):
    await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    await service.lobby.start(caller(ANN))
    clock.now += 5 * LOBBY_IDLE
    assert not [m for m in await service.upkeep.tick() if "closed before it started" in m.text]
    game = await service.db.open_game(CHANNEL)
    assert game is not None and game.status == "active"


async def test_pruning_keeps_a_finished_games_log_board_and_status(service, database, clock):
    await settle(service, await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"}))
    await settle(service, await service.lobby.join(caller(BOB)))
    await settle(service, await service.lobby.start(caller(ANN)))
    game = await database.open_game(CHANNEL)
    played = 0
    while played < 6:
        game = await database.open_game(CHANNEL)
        seat = load_engine("rebirth").to_move(load_engine("rebirth").loads(game.state))
        [choice, *_] = await service.turns.move_choices(caller(game.players[seat]), "")
        clock.now += 600
        await settle(service, await service.turns.move(caller(game.players[seat]), choice.notation))
        played += 1
    await settle(service, await service.turns.resign(caller(ANN)))
    finished = await database.latest_game(CHANNEL)
    assert finished is not None and finished.status == "finished"
    [log_before] = await service.looking.log(caller(BOB))
    moves_before = await database.moves(finished.id)
    assert await database.outbox_rows(finished.id)
    clock.now += 6 * DAY
    await service.upkeep.tick()
    assert await database.outbox_rows(finished.id)  # a week's record of what was posted
    clock.now += 2 * DAY
    await service.upkeep.tick()
    assert await database.outbox_rows(finished.id) == []
    kept = await database.game(finished.id)
    assert kept is not None and kept.state == finished.state and kept.players == finished.players
    assert await database.is_packed(finished.id)  # its moves packed, their events replayed
    assert await service.tables.moves(finished) == moves_before
    [log_after] = await service.looking.log(caller(BOB))
    assert log_after.text == log_before.text and f"<@{ANN}> resigned" in log_after.text
    [status] = await service.looking.status(caller(BOB))
    assert "resigned" in status.text
    [board, *_] = await service.looking.board(caller(BOB))
    assert board.image


async def test_an_unplayed_lobby_is_forgotten_a_week_after_it_closed_a_played_one_is_kept(
    service, database, clock
):
    await settle(service, await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"}))
    unplayed = await database.open_game(CHANNEL)
    await settle(service, await service.lobby.abort(caller(ANN)))
    await settle(service, await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"}))
    await settle(service, await service.lobby.join(caller(BOB)))
    await settle(service, await service.lobby.start(caller(ANN)))
    played = await database.open_game(CHANNEL)
    await settle(service, await service.lobby.abort(caller(ANN)))
    opened = await service.lobby.new_game(caller(CY, channel=88), "revive", {})
    clock.now += LOBBY_IDLE + 60
    [closed] = await service.upkeep.tick()
    idle = await database.game(closed.game_id or 0)
    clock.now += KEEP_UNSTARTED - 60
    await service.upkeep.tick()
    assert await database.game(unplayed.id) is None
    assert await database.outbox_rows(unplayed.id) == []
    assert await database.game(played.id) is not None  # it started: its row and seats stay
    assert await database.game(idle.id) is not None  # closed a week ago, less a minute
    clock.now += 120
    await service.upkeep.tick()
    assert await database.game(idle.id) is not None  # its messages still wait to be posted
    await settle(service, [*opened, closed])
    await service.upkeep.tick()
    assert await database.game(idle.id) is None
    assert await database.game(played.id) is not None


async def test_the_clock_votes_of_an_ended_game_are_forgotten(service, database, clock):
    await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    await service.lobby.join(caller(CY))
    await service.lobby.start(caller(ANN))
    game = await database.open_game(CHANNEL)
    assert await database.vote_handover(game.id, game.turn_started_at, 0, BOB, clock.now)
    await service.upkeep.tick()
    assert await database.handover_votes(game.id, game.turn_started_at, 0) == [BOB]  # still in play
    await service.lobby.abort(caller(ANN))
    await service.upkeep.tick()
    assert await database.handover_votes(game.id, game.turn_started_at, 0) == []


async def test_the_upkeep_brings_the_planners_statistics_up_to_date_every_few_hours(
    service, database, clock, monkeypatch
):
    """The open gathered them; then once a period, however often the check runs, and a failure
    to gather them fails no check."""
    asked: list[float] = []

    async def optimize() -> None:
        asked.append(clock.now)
        raise OSError("the disk is full")

    monkeypatch.setattr(database, "optimize", optimize)
    for _ in range(3):
        assert await service.upkeep.tick() == []
        clock.now += OPTIMIZE_EVERY / 2
    assert asked == [START + OPTIMIZE_EVERY]
