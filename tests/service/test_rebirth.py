"""The game service without Discord: what to post, to whom, and races between players."""

from __future__ import annotations

import asyncio

import pytest

from db import Database
from engine.errors import NotYourTurn
from games.registry import load_engine
from presenters.errors import error_text
from service.game_service import GameService
from service.messages import Caller, ServiceError, StaleGame
from tests.support.refusals import refusing

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

ALICE, BOB = 101, 202
_OPENED: list[Database] = []


@pytest.fixture(autouse=True)
async def _close_databases():
    """Close what each test opened, so no aiosqlite thread outlives its event loop."""
    yield
    while _OPENED:
        await _OPENED.pop().close()


async def open_database(path: str) -> Database:
    database = await Database.open(path)
    _OPENED.append(database)
    return database


CHANNEL = 55


def caller(user: int, **extra) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}", **extra)


async def started_service(path: str = ":memory:") -> tuple[GameService, int, int]:
    database = await open_database(path)
    service = GameService(database, engines=load_engine, clock=lambda: 1_700_000_000.0, seeds=lambda: 77)
    await service.lobby.new_game(caller(ALICE), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    [start] = await service.lobby.start(caller(ALICE))
    first = ALICE if f"<@{ALICE}> goes first" in start.text else BOB
    return service, first, BOB if first == ALICE else ALICE


async def test_start_pings_the_seated_players_with_a_board_image():
    database = await open_database(":memory:")
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    await service.lobby.new_game(caller(ALICE), "rebirth", {})
    await service.lobby.join(caller(BOB))
    [start] = await service.lobby.start(caller(ALICE))
    assert set(start.ping) == {ALICE, BOB} and start.image.startswith(b"\x89PNG") and not start.ephemeral


async def test_a_move_pings_only_the_next_player_and_private_cards_go_only_to_the_mover():
    service, first, second = await started_service()
    with_card = (await service.turns.move_choices(caller(first), "mission card"))[0]  # next to a cathedral
    public, private = await service.turns.move(caller(first), with_card.notation)
    assert public.ping == (second,) and not public.ephemeral and public.image
    assert "Draws 1 mission card" in public.text
    assert private.ephemeral and not private.ping and "You drew 1 mission card" in private.text
    card_name = private.text.split("**")[1]
    assert card_name not in public.text


async def test_two_racing_moves_apply_at_most_once():
    service, first, _ = await started_service()
    choices = await service.turns.move_choices(caller(first), "")
    results = await asyncio.gather(
        service.turns.move(caller(first), choices[0].notation),
        service.turns.move(caller(first), choices[1].notation),
        return_exceptions=True,
    )
    applied = [r for r in results if isinstance(r, list)]
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], NotYourTurn | StaleGame)
    game = await service.db.open_game(CHANNEL)
    assert len(await service.db.moves(game.id)) == 1


async def test_a_write_from_a_stale_read_is_refused_with_a_plain_reason():
    service, first, _ = await started_service()
    game = await service.db.open_game(CHANNEL)
    await service.turns.move(caller(first), (await service.turns.move_choices(caller(first), ""))[0].notation)
    with refusing(StaleGame, "changed while your command ran"):
        await service.tables.write(service.db.abort_game(game, 2.0))  # `game` is the old version


async def test_a_new_service_on_the_same_file_continues_the_game(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    service, first, second = await started_service(path)
    await service.turns.move(caller(first), (await service.turns.move_choices(caller(first), ""))[0].notation)
    await service.db.close()
    reopened = GameService(await open_database(path), engines=load_engine, clock=lambda: 2.0)
    with pytest.raises(NotYourTurn):
        await reopened.turns.move(caller(first), "F7")
    choice = (await reopened.turns.move_choices(caller(second), ""))[0].notation
    [public, *_] = await reopened.turns.move(caller(second), choice)
    assert f"**{choice}**" in public.text and public.ping == (first,)


async def test_abort_by_a_channel_manager_who_is_not_the_creator():
    service, _, _ = await started_service()
    with pytest.raises(ServiceError):
        await service.lobby.abort(caller(999))
    [message] = await service.lobby.abort(caller(999, can_manage_channel=True))
    assert "aborted" in message.text and await service.db.open_game(CHANNEL) is None


async def test_autocomplete_is_empty_for_anyone_who_cannot_move():
    service, first, second = await started_service()
    assert await service.turns.move_choices(caller(second), "") == []
    assert await service.turns.move_choices(caller(999), "") == []
    assert len(await service.turns.move_choices(caller(first), "")) == 25


async def test_a_board_that_cannot_be_drawn_does_not_swallow_a_saved_move(monkeypatch):
    service, first, second = await started_service()
    from presenters import rebirth as presenters

    def broken(*args, **kwargs):
        raise RuntimeError("renderer down")

    monkeypatch.setattr(presenters.RebirthPresenter, "render", broken)
    choice = (await service.turns.move_choices(caller(first), ""))[0].notation
    [public, *_] = await service.turns.move(caller(first), choice)
    assert public.image is None and public.ping == (second,) and f"**{choice}**" in public.text


async def test_warm_up_caches_every_static_board_layer():
    from render.rebirth import static_cache_info, static_layer

    static_layer.cache_clear()
    database = await open_database(":memory:")
    service = GameService(database, engines=load_engine, clock=lambda: 1.0)
    await service.tables.warm_up(("rebirth",))
    # One static layer a map (2) and covered set: none (4 players), the rules' (2-3 players), and
    # the dense 2-player variant's.
    assert static_cache_info().misses == 6
    await service.lobby.new_game(caller(ALICE), "rebirth", {})
    await service.lobby.join(caller(BOB))
    await service.lobby.start(caller(ALICE))
    assert static_cache_info().misses == 6 and static_cache_info().hits >= 1


async def test_the_stored_moves_replay_from_the_seed_to_the_stored_state():
    service, first, second = await started_service()
    mover = first
    for _ in range(12):
        choice = (await service.turns.move_choices(caller(mover), ""))[0].notation
        await service.turns.move(caller(mover), choice)
        mover = second if mover == first else first
    await service.turns.resign(caller(second))
    game = await service.db.latest_game(CHANNEL)
    engine = load_engine("rebirth")
    state = engine.new_game(len(game.players), game.options, game.seed)
    for move in await service.db.moves(game.id):
        state = engine.apply(state, move.seat, move.move).state
    assert engine.dumps(state) == game.state and engine.is_over(state)


async def ireland_service(players: int = 4) -> tuple[GameService, list[int]]:
    database = await open_database(":memory:")
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 31)
    users = [ALICE, BOB, 303, 404][:players]
    await service.lobby.new_game(caller(ALICE), "rebirth", {"map": "ireland"})
    for user in users[1:]:
        await service.lobby.join(caller(user))
    await service.lobby.start(caller(ALICE))
    return service, users


async def play_top_choices(service: GameService, users: list[int], moves: int, prefer: str = "") -> None:
    """Each mover takes the best choice whose notation contains `prefer` (else the best)."""
    for _ in range(moves):
        game = await service.db.open_game(CHANNEL)
        if game is None:
            return
        state = load_engine("rebirth").loads(game.state)
        mover = game.players[state.current]
        choices = await service.turns.move_choices(caller(mover), "")
        pick = next((c for c in choices if prefer and prefer in c.notation), choices[0])
        await service.turns.move(caller(mover), pick.notation)


async def test_ireland_moves_with_the_doubling_marker_replay_from_the_stored_notation():
    service, users = await ireland_service(2)
    await play_top_choices(service, users, 30, prefer="x2")
    game = await service.db.open_game(CHANNEL)
    stored = await service.db.moves(game.id)
    assert any(m.move.endswith(" x2") for m in stored)
    engine = load_engine("rebirth")
    state = engine.new_game(len(game.players), game.options, game.seed)
    for move in stored:
        state = engine.apply(state, move.seat, move.move).state
    assert engine.dumps(state) == game.state


async def test_the_game_log_fits_in_one_discord_message():
    service, users = await ireland_service(4)
    await play_top_choices(service, users, 60)
    [log] = await service.looking.log(caller(ALICE), count=25)
    assert len(log.text) <= 2000 and log.text.count("\n") >= 5


async def test_hand_during_a_tower_extra_placement_shows_the_tile_being_placed():
    service, users = await ireland_service(2)
    engine = load_engine("rebirth")
    for _ in range(80):
        game = await service.db.open_game(CHANNEL)
        state = engine.loads(game.state)
        if state.pending:
            break
        mover = game.players[state.current]
        choices = await service.turns.move_choices(caller(mover), "tower: extra")
        choices = choices or await service.turns.move_choices(caller(mover), "")
        await service.turns.move(caller(mover), choices[0].notation)
    else:
        pytest.fail("no extra placement came up")
    mover = game.players[state.current]
    [hand] = await service.looking.hand(caller(mover))
    assert (
        "Placing now (round tower bonus)" in hand.text and "nothing (your supply is empty)" not in hand.text
    )


async def test_game_options_are_checked_against_the_registry_and_a_refusal_opens_nothing():
    database = await open_database(":memory:")
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    with pytest.raises(ServiceError) as unknown_map:
        await service.lobby.new_game(caller(ALICE), "rebirth", {"map": "narnia"})
    assert error_text(unknown_map.value) == "There is no Rebirth map called narnia."
    with pytest.raises(ServiceError) as no_maps:
        await service.lobby.new_game(caller(ALICE), "revive", {"map": "scotland"})
    assert error_text(no_maps.value) == "Revive has no map to choose: leave the map option empty."
    with pytest.raises(ServiceError) as no_game:
        await service.lobby.new_game(caller(ALICE), "chess", {})
    assert error_text(no_game.value) == "There is no game called chess."
    assert await database.open_game(CHANNEL) is None
    [opened] = await service.lobby.new_game(caller(ALICE), "rebirth", {})
    game = await database.open_game(CHANNEL)
    assert game is not None and game.options == {"map": "scotland", "variant": "standard"}
    assert "Scotland" in opened.text


async def test_after_the_last_move_status_ranks_the_players_and_hand_still_works():
    database = await open_database(":memory:")
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    await service.lobby.new_game(caller(ALICE), "rebirth", {})
    await service.lobby.join(caller(BOB))
    await service.lobby.start(caller(ALICE))
    engine = load_engine("rebirth")
    while True:
        game = await database.latest_game(CHANNEL)
        state = engine.loads(game.state)
        if engine.is_over(state):
            break
        mover = game.players[engine.to_move(state)]
        [choice, *_] = await service.turns.move_choices(caller(mover), "")
        said = await service.turns.move(caller(mover), choice.notation)
    # The last move's message reveals every mission card held, and whether it was met.
    final_text = "\n".join(message.text for message in said if not message.ephemeral)
    for cards in engine.view(state, None)["final"]["missions"]:
        for card in cards:
            assert ("✅ " if card["met"] else "❌ ") + card["name"] in final_text
    assert "↳ missions:" in final_text
    scores = dict(zip(game.players, engine.scores(state), strict=True))
    [status] = await service.looking.status(caller(ALICE))
    seat_lines = [line for line in status.text.splitlines() if "<@" in line and "🏆" not in line]
    ranked = sorted(scores, key=lambda user: -scores[user])
    assert [next(u for u in scores if f"<@{u}>" in line) for line in seat_lines] == ranked
    winner = max(scores, key=lambda user: scores[user])
    assert any("🏆" in line and f"<@{winner}>" in line for line in status.text.splitlines())
    [hand] = await service.looking.hand(caller(BOB))
    assert hand.ephemeral and "Mission" in hand.text
