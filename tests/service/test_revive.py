"""The game service with Revive, without Discord: who is told what, when a decision changes hands."""

from __future__ import annotations

import pytest

from content.revive import load_revive
from engine.revive import Revive
from service.game_service import GameService
from service.messages import Caller

# Each test runs on SQLite and on PostgreSQL (tests/support/storage.py).
pytestmark = pytest.mark.both_backends

ALICE, BOB = 101, 202
CHANNEL = 56


def caller(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CHANNEL, guild_id=1, display_name=f"user{user}")


class HandOver(Revive):
    """Revive whose first turn starts with two open decisions: the first player's, then (beneath
    it) one for the other player, as a water reward next to their building would be."""

    def new_game(self, players, options, seed):
        state = super().new_game(players, options, seed)
        other = (state.current + 1) % players
        state.stack = [
            {"kind": "gain_any", "seat": other, "amount": 1, "left": 1},
            {"kind": "gain_any", "seat": state.current, "amount": 1, "left": 1},
        ]
        state.actions_taken = 1
        return state


class CannotAct(Revive):
    """Revive where the first player has nothing to play, no switch and no resources."""

    def new_game(self, players, options, seed):
        state = super().new_game(players, options, seed)
        me = state.seats[state.current]
        me["resting"] += me["active"]
        me["active"] = []
        me["switch_used"] = True
        me["resources"] = {name: 0 for name in me["resources"]}
        return state


async def start(database, engine_class) -> tuple[GameService, int, int]:
    engine = engine_class(load_revive())
    service = GameService(database, engines=lambda game_id: engine, clock=lambda: 1.0, seeds=lambda: 9)
    await service.lobby.new_game(caller(ALICE), "revive", {})
    await service.lobby.join(caller(BOB))
    [started] = await service.lobby.start(caller(ALICE))
    first = ALICE if f"<@{ALICE}> takes the first turn" in started.text else BOB
    return service, first, BOB if first == ALICE else ALICE


async def test_a_decision_for_another_player_pings_them_and_the_turn_coming_back_pings_its_player(
    database,
):
    service, first, other = await start(database, HandOver)
    done, ask = await service.turns.move(caller(first), "take gear")
    assert done.ephemeral and not done.ping
    assert not ask.ephemeral and ask.ping == (other,) and f"<@{other}>" in ask.text
    assert [choice.notation for choice in ask.moves] == ["take gear", "take book", "take food"]
    game_id, version = ask.ref
    back = await service.turns.click(caller(other), game_id, version, "take book")
    assert back[0].ephemeral and back[1].ping == (first,) and not back[1].ephemeral
    assert [choice.notation for choice in back[1].moves] == ["end"]


async def test_a_decision_asked_of_another_player_reaches_their_dm_in_their_own_language(database):
    """A DM uses the recipient's last known locale: the question handed to the other player is asked
    in the channel in the game's English, and again in Portuguese in the DM of a player whose client
    was last seen in pt-BR."""
    service, first, other = await start(database, HandOver)
    await database.set_member(1, other, dm=1)
    await database.set_person_locale(other, "pt-BR", 1.0)
    done, ask, dm = await service.turns.move(caller(first), "take gear")
    assert ask.ping == (other,) and "over to you" in ask.text
    assert dm.dm_to == other and "com você" in dm.text and "over to you" not in dm.text


async def test_a_player_who_cannot_act_is_told_to_hibernate_and_it_is_one_move(database):
    service, first, other = await start(database, CannotAct)
    [hand] = await service.looking.hand(caller(first))
    assert "must hibernate" in hand.text and [c.notation for c in hand.moves] == ["hibernate"]
    [rules] = await service.looking.rules(caller(first))
    assert "must hibernate" in rules.text
    messages = await service.turns.move(caller(first), "hibernate")
    # The hibernation reward is the one question left; answering it ends the turn.
    assert messages[0].ephemeral and "hibernation reward" in messages[0].text.lower()
    while messages[0].ephemeral:  # the reward's own questions, answered with their first button
        messages = await service.turns.move(caller(first), messages[0].moves[0].notation)
    [turn] = messages
    assert not turn.ephemeral and turn.ping == (other,) and "hibernated" in turn.text


def test_the_final_scores_add_up_to_each_total():
    """ "61 (progress 19, technologies 10, resources 6, artifact card 16)" summed to 51: the
    points scored during play are a category of their own, so every line adds up."""
    import re

    from db import GameRecord
    from engine.fallback import play_turn
    from games.registry import load_engine, spec

    engine = load_engine("revive")
    presenter = spec("revive").presenter(engine)
    state = engine.new_game(3, {}, 12)
    while not engine.is_over(state):
        seat = engine.to_move(state)
        for move in play_turn(engine, state, seat, 12):
            state = engine.apply(state, seat, move).state
    game = GameRecord(
        id=1,
        guild_id=1,
        channel_id=5,
        game="revive",
        options={},
        seed=12,
        status="finished",
        creator_id=101,
        state=None,
        version=1,
        created_at=0.0,
        updated_at=0.0,
        turn_started_at=None,
        reminder_hours=0,
        reminded_at=None,
        muted_turn=None,
        clock_days=None,
        clock_action="fallback",
        clock_extra=0.0,
        clock_asked=None,
        language="en",
        players=(101, 202, 303),
        names=("a", "b", "c"),
    )
    lines = [
        line
        for line in presenter.final_text(engine.view(state, None), game, None).splitlines()
        if "<@" in line and "**" in line
    ]
    assert len(lines) == 3
    # Each seat's secret artifact card is shown at the end, with what its categories count.
    text = presenter.final_text(engine.view(state, None), game, None)
    for me in state.seats:
        assert f"artifact card {me['artifact_card']}: " in text
    for line in lines:
        total = int(re.search(r"\*\*(\d+)\*\*", line).group(1))
        detail = re.search(r"\((.*)\)", line).group(1)
        assert "during play" in detail
        assert sum(int(n) for n in re.findall(r"(\d+)(?:,|$)", detail)) == total, line
