"""Rules versions (docs/architecture.md "Rules versions") and Revive's version 2 (issue 11 items
5-8, docs/revive.md "Rules versions"). Each item's test quotes the sentence of
../shared/rules/revive.en.txt it follows, for the current version, and shows that version 1,
which every game stored before the change plays under, still does what it did.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from content.revive.loader import load_revive_edition
from db import Database
from engine import records
from engine.errors import IllegalMove, NotYourTurn
from engine.fallback import play_turn
from engine.rebirth.setup import RULES_VERSION as REBIRTH_RULES_VERSION
from engine.revive import Revive
from engine.revive.tables import RULES_VERSION
from games.registry import load_engine
from service.game_service import GameService
from service.messages import Caller

FIXTURE = Path(__file__).parent / "fixtures" / "stored-games-362bf5a.sqlite3"
STORED_CHANNELS = range(1001, 1011)


@pytest.fixture(scope="module")
def game() -> Revive:
    # Versions 1 and 2 are played with their own content (version 3 changed only content).
    return Revive(load_revive_edition(2))


def fresh(game, rules=None, players=2, seed=6):
    """A new game (under `rules`, None: the option left out) with every resource and point
    emptied, and the current player."""
    state = game.new_game(players, {} if rules is None else {"rules": rules}, seed)
    for me in state.seats:
        me["resources"] = {name: 0 for name in me["resources"]}
        me["points"] = 0
    return state, state.current


def settle(game, state):
    """Answer every open decision with its first legal move."""
    while state.stack:
        actor = game.to_move(state)
        state = game.apply(state, actor, game.legal_moves(state, actor)[0]).state
    return state


# ------------------------------------------------------------------ the mechanism


def test_a_game_without_the_option_plays_the_current_rules_and_an_unknown_one_is_refused(game):
    assert RULES_VERSION == 3
    assert game.new_game(2, {}, 1).rules == RULES_VERSION
    assert game.new_game(2, {"rules": 1}, 1).rules == 1
    with pytest.raises(IllegalMove):
        game.new_game(2, {"rules": 4}, 1)


def test_the_version_changes_nothing_in_the_setup(game):
    old, new = game.new_game(3, {"rules": 1}, 5), game.new_game(3, {}, 5)
    new.rules = 1
    assert old.dumps() == new.dumps()


def test_a_state_stored_without_a_version_loads_as_version_1_and_a_new_one_keeps_its_own(game):
    state = game.new_game(2, {}, 1)
    stored = json.loads(game.dumps(state))
    del stored["rules"]  # as every state was stored before rules versions
    assert game.loads(json.dumps(stored)).rules == 1
    assert game.loads(game.dumps(state)).rules == RULES_VERSION


async def test_the_migration_pins_every_stored_game_to_version_1(tmp_path):
    path = tmp_path / FIXTURE.name
    shutil.copy(FIXTURE, path)
    database = await Database.open(str(path))
    try:
        stored = [await database.latest_game(channel) for channel in STORED_CHANNELS]
    finally:
        await database.close()
    assert stored and all(g is not None and g.options["rules"] == 1 for g in stored)
    assert {g.game for g in stored if g is not None} == {"rebirth", "revive"}
    revive = next(g for g in stored if g is not None and g.game == "revive" and g.state)
    assert load_engine("revive").loads(revive.state or "").rules == 1


@pytest.mark.parametrize(
    ("game_id", "version"), [("revive", RULES_VERSION), ("rebirth", REBIRTH_RULES_VERSION)]
)
async def test_a_game_gets_the_current_version_in_its_options_when_it_starts(game_id, version):
    database = await Database.open(":memory:")
    try:
        service = GameService(database, engines=load_engine, clock=lambda: 1.0, seeds=lambda: 9)
        alice = Caller(user_id=101, channel_id=7, guild_id=1, display_name="alice")
        await service.new_game(alice, game_id, {})
        await service.join(Caller(user_id=202, channel_id=7, guild_id=1, display_name="bob"))
        lobby = await database.latest_game(7)
        assert lobby is not None and "rules" not in lobby.options  # a lobby: absent, the current rules
        await service.start(alice)
        started = await database.latest_game(7)
        assert started is not None and started.options["rules"] == version
    finally:
        await database.close()


def test_an_old_record_replays_under_version_1_and_a_new_one_under_its_own(game):
    made = records.random_game(game, 2, {"rules": 1}, 3, random.Random(3))
    old = {**made, "format": "tabletop.record/1", "options": {}}  # made before rules versions
    assert records.replay(game, old) == []
    with pytest.raises(NotYourTurn):  # under the current rules its hibernations end no turn
        records.replay(game, {**old, "format": records.RECORD_FORMAT})
    new = records.random_game(game, 2, {}, 3, random.Random(3))
    assert new["format"] == records.RECORD_FORMAT == "tabletop.record/2"
    assert records.replay(game, new) == []


# ------------------------------------------------- item 5: free actions after hibernating


def hibernated(game, rules):
    """The current player, with a used machine and a closed crate, hibernates and takes the
    rewards; the state after that and the seat."""
    state, seat = fresh(game, rules)
    me = state.seats[seat]
    me["machines"], me["powered"], me["energy"] = ["MG1"], ["MG1"], 0
    me["crates"] = ["CR01"]
    return settle(game, game.apply(state, seat, "hibernate").state), seat


def test_after_hibernating_free_actions_until_the_player_ends_the_turn(game):
    """ "In addition to your main actions, you can always perform any number of free actions on
    your turn: Trade crystals for other resources, Activate machines, and Open crates.\""""
    state, seat = hibernated(game, None)
    assert state.current == seat
    moves = game.legal_moves(state, seat)
    assert "use MG1" in moves and "open CR01" in moves and "end" in moves  # the energy came back
    assert not [m for m in moves if m.split()[0] in ("play", "switch", "explore", "build", "populate")]
    assert "hibernate" not in moves
    state = settle(game, game.apply(state, seat, "use MG1").state)  # use, hibernate, use again
    state = settle(game, game.apply(state, seat, "open CR01").state)
    assert state.current == seat and "end" in game.legal_moves(state, seat)
    state = game.apply(state, seat, "end").state
    assert state.current == 1 - seat and not state.seats[seat].get("hibernating")


def test_version_1_ends_the_turn_once_the_hibernation_reward_is_taken(game):
    state, seat = hibernated(game, 1)
    assert state.current == 1 - seat


def test_the_fallback_player_ends_its_turn_after_hibernating(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["resting"] += me["active"]
    me["active"], me["switch_used"] = [], True  # nothing to do but hibernate
    me["machines"], me["powered"], me["energy"] = ["MG1"], ["MG1"], 0
    moves = play_turn(game, state, seat, seed=1)
    assert moves[0] == "hibernate" and "use MG1" in moves and moves[-1] == "end"
    for move in moves:
        state = game.apply(state, game.to_move(state), move).state
    assert state.current == 1 - seat


# ------------------------------------------- item 6: machine capacity checked on resolving


def two_queued_machine_rewards(game, rules):
    """A player one machine short of the board's 9 spaces advances the grey track from space 1
    by 4: spaces 2 and 5 each queue a grey machine reward before either resolves."""
    state, seat = fresh(game, rules)
    me = state.seats[seat]
    me["machines"] = [f"MN{n}" for n in range(1, 5)] + [f"MY{n}" for n in range(1, 5)]
    me["tracks"]["grey"] = 1
    game.resolve(state, seat, [{"kind": "machine_step", "colour": "grey", "steps": 4}])
    assert [frame["kind"] for frame in state.stack] == ["machine_token", "machine_token"]
    first = next(m for m in game.legal_moves(state, seat) if m.startswith("machine "))
    return game.apply(state, seat, first).state, seat


def test_a_machine_reward_that_no_longer_fits_when_it_resolves_gives_nothing(game):
    """ "spend 1 energy from your energy storage to activate an unlocked machine": a machine is
    unlocked on a free machine space of the player board (9 here); a reward finding none free
    when it resolves gives nothing (docs/revive.md, effect `machine_token`)."""
    state, seat = two_queued_machine_rewards(game, None)
    assert len(state.seats[seat]["machines"]) == 9
    assert game.legal_moves(state, seat) == ["pass"]
    state = game.apply(state, seat, "pass").state
    assert len(state.seats[seat]["machines"]) == 9 and not state.stack


def test_version_1_checks_the_capacity_only_when_the_reward_is_queued(game):
    state, seat = two_queued_machine_rewards(game, 1)
    second = next(m for m in game.legal_moves(state, seat) if m.startswith("machine "))
    assert len(game.apply(state, seat, second).state.seats[seat]["machines"]) == 10


# ------------------------------------------ item 7: the tie-break on unscored resources


def tied(game, rules):
    """Level on points: 7 gears (2 points, 1 unscored) against 5 gears (1 point, 2 unscored)
    and one point more elsewhere; the other player holds the end-game tile."""
    state, seat = fresh(game, rules)
    other = 1 - seat
    state.seats[seat]["points"], state.seats[other]["points"] = 5, 1
    state.seats[seat]["resources"]["gear"], state.seats[other]["resources"]["gear"] = 7, 5
    state.end_tile, state.final_turns, state.actions_taken = other, [seat], 1
    state = game.apply(state, seat, "end").state
    assert state.finished and state.seats[seat]["points"] == state.seats[other]["points"] == 7
    return state, seat, other


def test_ties_go_to_the_most_remaining_unscored_resources(game):
    """ "Ties are broken in favor of the player with the most remaining unscored resources.\""""
    state, seat, other = tied(game, None)
    assert state.final["winners"] == [other] and state.final["decided_by"] == "tie-break"


def test_version_1_compares_every_remaining_resource(game):
    state, seat, other = tied(game, 1)
    assert state.final["winners"] == [seat] and state.final["decided_by"] == "tie-break"


# ---------------------------------- item 8: the tribe ability chosen instead of a module


def module_or_tribe(game, rules):
    state, seat = fresh(game, rules)
    state.seats[seat]["tribe"] = "lorekeepers"  # ability: 2 books
    game.resolve(state, seat, [{"kind": "module_or_tribe"}])
    assert game.legal_moves(state, seat) == ["option 1", "option 2"]
    return game.apply(state, seat, "option 2").state.seats[seat]


def test_the_tribe_ability_chosen_instead_of_a_module_moves_a_progress_marker(game):
    """ "Gain a slot module OR activate your tribe ability." and "Activate your tribe ability.
    This also moves a progress marker to your progress track.\""""
    me = module_or_tribe(game, None)
    assert me["resources"]["book"] == 2 and me["tribe_markers"] == 3 and me["progress"] == 1


def test_version_1_moves_no_marker_with_the_tribe_ability_chosen_instead_of_a_module(game):
    me = module_or_tribe(game, 1)
    assert me["resources"]["book"] == 2 and me["tribe_markers"] == 4 and me["progress"] == 0
