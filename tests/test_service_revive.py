"""The game service with Revive, without Discord: who is told what, when a decision changes hands."""

from __future__ import annotations

import pytest

from content.revive import load_revive
from db import Database
from engine.revive import Revive
from service.game_service import GameService
from service.messages import Caller

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


@pytest.fixture
async def database():
    opened = await Database.open(":memory:")
    yield opened
    await opened.close()


async def start(database, engine_class) -> tuple[GameService, int, int]:
    engine = engine_class(load_revive())
    service = GameService(database, engines=lambda game_id: engine, clock=lambda: 1.0, seeds=lambda: 9)
    await service.new_game(caller(ALICE), "revive", {})
    await service.join(caller(BOB))
    [started] = await service.start(caller(ALICE))
    first = ALICE if f"<@{ALICE}> takes the first turn" in started.text else BOB
    return service, first, BOB if first == ALICE else ALICE


async def test_a_decision_for_another_player_pings_them_and_the_turn_coming_back_pings_its_player(
    database,
):
    service, first, other = await start(database, HandOver)
    done, ask = await service.move(caller(first), "take gear")
    assert done.ephemeral and not done.ping
    assert not ask.ephemeral and ask.ping == (other,) and f"<@{other}>" in ask.text
    assert [choice.notation for choice in ask.moves] == ["take gear", "take book", "take food"]
    game_id, version = ask.ref
    back = await service.click(caller(other), game_id, version, "take book")
    assert back[0].ephemeral and back[1].ping == (first,) and not back[1].ephemeral
    assert [choice.notation for choice in back[1].moves] == ["end"]


async def test_a_player_who_cannot_act_is_told_to_hibernate_and_it_is_one_move(database):
    service, first, other = await start(database, CannotAct)
    [hand] = await service.hand(caller(first))
    assert "must hibernate" in hand.text and [c.notation for c in hand.moves] == ["hibernate"]
    [rules] = await service.rules(caller(first))
    assert "must hibernate" in rules.text
    messages = await service.move(caller(first), "hibernate")
    # The hibernation reward is the one question left; answering it ends the turn.
    assert messages[0].ephemeral and "hibernation reward" in messages[0].text.lower()
    while messages[0].ephemeral:  # the reward's own questions, answered with their first button
        messages = await service.move(caller(first), messages[0].moves[0].notation)
    [turn] = messages
    assert not turn.ephemeral and turn.ping == (other,) and "hibernated" in turn.text
