"""Asynchronous life through the service: catch-up, log since my last move."""

from __future__ import annotations

import pytest

from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller
from tests.support.refusals import refusing

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

ANN, BOB, CY = 11, 22, 33
CHANNEL = 77


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


async def three_player_rebirth(database) -> tuple[GameService, list[int]]:
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    await service.lobby.join(caller(CY))
    await service.lobby.start(caller(ANN))
    game = await database.open_game(CHANNEL)
    first = load_engine("rebirth").to_move(load_engine("rebirth").loads(game.state))
    players = list(game.players)
    return service, players[first:] + players[:first]  # in turn order


async def play_first_choice(service, user) -> list:
    [choice, *_] = await service.turns.move_choices(caller(user), "")
    return await service.turns.move(caller(user), choice.notation)


def caught_up(text: str) -> list[str]:
    """The catch-up's lines of a turn message (under its title, each with `›`)."""
    return [line for line in text.splitlines() if line.startswith("› ")]


async def test_the_turn_ping_catches_the_next_player_up_on_everything_since_their_last_move(database):
    service, order = await three_player_rebirth(database)
    first, second, third = order
    [to_second, *_] = await play_first_choice(service, first)
    assert "since your last move" not in to_second.text  # only the move just shown
    [to_third, *_] = await play_first_choice(service, second)
    # The move just announced heads the message; the catch-up below adds only what came before.
    assert to_third.ping == (third,) and "since your last move** (1 move)" in to_third.text
    assert to_third.text.splitlines()[0].split(" ", 1)[1].startswith(f"<@{second}> placed")  # after the tag
    [caught] = caught_up(to_third.text)
    assert f"<@{first}> placed" in caught  # the move before, never the one just told
    [to_first, *_] = await play_first_choice(service, third)
    assert to_first.text.splitlines()[0].split(" ", 1)[1].startswith(f"<@{third}> placed")
    [caught] = caught_up(to_first.text)
    assert f"<@{second}> placed" in caught and "(1 move)" in to_first.text


async def test_log_since_my_last_move_shows_the_same_on_demand(database):
    service, (first, second, third) = await three_player_rebirth(database)
    await play_first_choice(service, first)
    [none_yet] = await service.looking.log(caller(first), since_my_move=True)
    assert "Nothing has happened since your last move" in none_yet.text
    await play_first_choice(service, second)
    await play_first_choice(service, third)
    [log] = await service.looking.log(caller(first), since_my_move=True)
    lines = log.text.splitlines()[1:]
    assert len(lines) == 2 and f"<@{second}>" in lines[0] and f"<@{third}>" in lines[1]


async def test_undo_is_refused_after_a_drawn_tile_and_takes_back_a_last_tile(database):
    """/undo never shows what you could not know: a placement that drew the mover's next tile
    cannot be taken back (they would place again knowing it); a last tile, which draws nothing,
    can; nothing can once someone else has acted."""
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    await service.lobby.new_game(caller(ANN), "rebirth", {"map": "scotland"})
    await service.lobby.join(caller(BOB))
    await service.lobby.start(caller(ANN))
    engine = load_engine("rebirth")
    game = await database.open_game(CHANNEL)
    first = game.players[engine.to_move(engine.loads(game.state))]
    second = BOB if first == ANN else ANN
    with refusing(Exception, "no move to take back"):
        await service.turns.undo(caller(first))
    await play_first_choice(service, first)
    with refusing(Exception, "only take back your own move"):
        await service.turns.undo(caller(second))
    placed = await database.open_game(CHANNEL)
    with refusing(Exception, "drew your next tile"):
        await service.turns.undo(caller(first))
    assert (await database.open_game(CHANNEL)).state == placed.state  # nothing changed
    await play_first_choice(service, second)
    with refusing(Exception, "only take back your own move"):
        await service.turns.undo(caller(first))  # someone else has acted since
    while True:  # on to the first placement that draws nothing: the mover's supply is empty
        game = await database.open_game(CHANNEL)
        state = engine.loads(game.state)
        seat = engine.to_move(state)
        if not state.supplies[seat]:
            break
        await play_first_choice(service, game.players[seat])
    mover = game.players[seat]
    await play_first_choice(service, mover)
    [undone] = await service.turns.undo(caller(mover))
    assert not undone.ephemeral and undone.image and "took back" in undone.text and not undone.ping
    after = await database.open_game(CHANNEL)
    assert after.state == game.state and after.version > game.version


async def test_revive_undo_is_refused_once_hidden_information_was_revealed(database):
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 5)
    await service.lobby.new_game(caller(ANN), "revive", {})
    await service.lobby.join(caller(BOB))
    await service.lobby.start(caller(ANN))
    engine = load_engine("revive")
    game = await database.open_game(CHANNEL)
    state = engine.loads(game.state)
    mover = game.players[engine.to_move(state)]
    [done] = await service.turns.move(caller(mover), "switch gear")
    [undone] = await service.turns.undo(caller(mover))
    assert undone.ephemeral and "took back" in undone.text
    assert (await database.open_game(CHANNEL)).state == game.state
    # Turning up a face-down tile shows everyone something new: that cannot be taken back.
    seat = engine.to_move(state)
    state.seats[seat]["resources"].update({"food": 8, "gear": 8, "book": 8})
    before = state
    explore = next(m for m in engine.legal_moves(state, seat) if m.startswith("explore"))
    state = engine.apply(state, seat, explore).state
    while state.stack and state.stack[-1]["kind"] != "rotate":
        state = engine.apply(state, seat, engine.legal_moves(state, seat)[0]).state
    flipped = engine.apply(state, seat, "rotate 0").state
    assert engine.reveals(state, flipped, seat) == "undo.revealed_tile"
    assert engine.reveals(before, engine.apply(before, seat, "switch food").state, seat) is None


@pytest.mark.parametrize("game_id", ["rebirth", "revive"])
async def test_a_bot_seat_from_the_lobby_plays_its_turns_at_once_and_says_so(database, game_id):
    service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 3)
    await service.lobby.new_game(caller(ANN), game_id, {})
    [added] = await service.lobby.add_bot(caller(ANN))
    assert "🤖 **easy** takes a seat" in added.text and "<@-1>" not in added.text
    started, *bot_first = await service.lobby.start(caller(ANN))
    assert started.ping == (ANN,)
    engine = load_engine(game_id)
    for _ in range(6):  # ANN plays the fallback's own choices; the bot answers each turn at once
        game = await database.open_game(CHANNEL)
        state = engine.loads(game.state)
        seat = engine.to_move(state)
        assert game.players[seat] == ANN, "the bot's turns are never left waiting"
        from engine.fallback import play_turn

        for move in play_turn(engine, state, seat, 1):
            messages = await service.turns.move(caller(ANN), move)
        # One message, one board: ANN's move, then the bot's turn, then ANN's ping.
        [told] = [m for m in messages if not m.ephemeral]
        assert told.ping == (ANN,) and told.image is not None
        assert told.text.index(f"<@{ANN}>") < told.text.index("🤖 easy") < told.text.index("Your turn")
        assert all(-1 not in m.ping for m in messages)


async def test_leaving_a_running_game_hands_the_seat_to_the_fallback_player(database):
    service, (first, second, third) = await three_player_rebirth(database)
    [left, played] = await service.lobby.leave(caller(first))
    assert "left the game" in left.text and f"<@{first}> 🤖" in left.text
    assert f"<@{first}> 🤖 placed" in played.text.splitlines()[0]  # the fallback played that seat
    assert played.ping == (second,) and played.image is not None
    game = await database.open_game(CHANNEL)
    assert game.is_bot(game.players.index(first)) and len(await database.moves(game.id)) == 1
    with refusing(Exception, "already plays your seat"):
        await service.lobby.leave(caller(first))


async def test_a_handed_over_seat_is_never_pinged_and_an_extra_day_lasts_one_turn(database):
    service, (first, second, third) = await three_player_rebirth(database)
    await service.time.settings(caller(ANN), None, 3, "vote")
    game = await database.open_game(CHANNEL)
    await database.note_turn(game.id, clock_extra=86_400.0)  # "wait one more day" for this turn
    await service.lobby.leave(caller(first))  # the fallback plays the first seat's turn at once
    game = await database.open_game(CHANNEL)
    assert game.clock_extra == 0 and game.clock_asked is None  # a new turn, a fresh clock
    for user in (second, third, second, third):
        messages = await play_first_choice(service, user)
        assert all(first not in m.ping for m in messages), "a handed-over seat pings nobody"
        assert not any(m.dm_to == first for m in messages)


def test_revive_undo_is_refused_once_a_crate_from_the_pile_was_seen_by_its_taker():
    """A crate taken closed is seen by its owner (/hand lists what it does): new to the mover."""
    from engine.fallback import choose_move

    engine = load_engine("revive")
    state = engine.new_game(2, {}, 3)
    reasons = []
    while not engine.is_over(state) and len(reasons) < 5:
        seat = engine.to_move(state)
        after = engine.apply(state, seat, choose_move(engine, state, seat, 3)).state
        if len(after.decks["crates"]) < len(state.decks["crates"]):
            reasons.append(engine.reveals(state, after, seat))  # a tile or a card may come first
        state = after
    assert None not in reasons and "undo.drew_crate" in reasons
