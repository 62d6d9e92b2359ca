"""Scenario tests for Revive rules that tests/engine/revive/test_foundation.py does not show yet, one rule
of ../shared/rules/revive.en.txt each (docs/revive.md, section (c), names them per row).

States come from `new_game` with fields set directly; moves go through `legal_moves`/`apply`.
"""

from __future__ import annotations

import json

import pytest

from content.revive import load_revive
from content.revive.loader import load_revive_edition
from engine.errors import IllegalMove
from engine.revive import Revive, ReviveState, costs
from engine.revive import effects as rules_effects


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())


@pytest.fixture(scope="module")
def game_v2() -> Revive:
    """The rules over the content of versions 1-2 (before the rebalance of version 3)."""
    return Revive(load_revive_edition(2))


def fresh(game, players=2, seed=6):
    """A new game with the current player's resources emptied, and that player."""
    state = game.new_game(players, {}, seed)
    seat = state.current
    for me in state.seats:
        me["resources"] = {name: 0 for name in me["resources"]}
        me["points"] = 0
    return state, seat


def settle(game, state):
    """Answer every open decision with its first legal move."""
    while state.stack:
        actor = game.to_move(state)
        state = game.apply(state, actor, game.legal_moves(state, actor)[0]).state
    return state


def resolve(game, state, seat, *effects):
    state = state.copy()
    rules_effects.resolve(game.tables, state, seat, list(effects))
    return state


def score_now(game, state):
    """End the game after the current player's turn: the next seat holds the end-game tile and
    the current player's is the last final turn (the engine's own end path)."""
    seat = state.current
    state.end_tile = (seat + 1) % state.players
    state.final_turns = [seat]
    state.actions_taken = 1
    state.forget_moves()  # changed in place: moves listed before would be stale
    state = game.apply(state, seat, "end").state
    assert state.finished
    return state


# ------------------------------------------------------------------ play a card


def answers(game: Revive, state: ReviveState, seat: int) -> list[str]:
    """The answers to the open decision: legal moves without the crystal trades, which are
    free actions offered at any time in the player's own turn."""
    return [move for move in game.legal_moves(state, seat) if not move.startswith("crystal ")]


def test_a_top_slot_uses_the_top_half_and_a_bottom_slot_the_bottom_half(game):
    state, seat = fresh(game)
    state.seats[seat]["active"] = ["A1", "A2", "A3"]  # A1: top 2 gears, bottom 1 grey step
    top = game.apply(state, seat, "play A1 top_left").state
    assert top.seats[seat]["resources"]["gear"] == 2 and top.seats[seat]["tracks"]["grey"] == 0
    bottom = game.apply(state, seat, "play A1 bottom_right").state
    assert bottom.seats[seat]["resources"]["gear"] == 0 and bottom.seats[seat]["tracks"]["grey"] == 1
    assert bottom.seats[seat]["slots"]["bottom_right"] == ["A1"] and "A1" not in bottom.seats[seat]["active"]


def test_a_slot_symbol_keeps_the_slot_vacant_and_reactivates_same_colour_cards(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["active"] = ["A1", "A2", "A3"]
    me["slots"]["bottom_left"] = ["A6"]  # blue, slot symbol, bottom: 1 crystal
    me["slots"]["bottom_right"] = ["A5"]  # no slot symbol: the slot is taken
    moves = game.legal_moves(state, seat)
    assert "play A2 bottom_left" in moves and not any(m.endswith("bottom_right") for m in moves)
    blue = game.apply(state, seat, "play A2 bottom_left").state  # blue: green step + A6 again
    assert blue.seats[seat]["resources"]["crystal"] == 1 and blue.seats[seat]["tracks"]["green"] == 1
    assert not any(m.endswith("bottom_left") for m in game.legal_moves(blue, seat))  # A2 has none
    red = game.apply(state, seat, "play A1 bottom_left").state  # red: A6 is not reactivated
    assert red.seats[seat]["resources"]["crystal"] == 0 and red.seats[seat]["tracks"]["grey"] == 1


def test_a_reactivated_card_uses_the_half_of_its_slot(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["active"] = ["A2"]
    me["slots"]["top_left"] = ["A6"]  # top half of A6: take a module
    state = game.apply(state, seat, "play A2 top_left").state
    assert state.seats[seat]["resources"]["book"] == 2  # A2's top half
    assert state.stack and state.stack[-1]["kind"] == "module"  # then A6's top half again
    assert state.seats[seat]["resources"]["crystal"] == 0  # not A6's bottom half


def test_only_the_modules_of_the_slot_that_show_the_cards_colour_activate(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["active"] = ["A1", "A2"]
    me["modules"]["top_left"] = ["M01", "M07"]  # red: 1 gear, blue: 1 book
    me["modules"]["top_right"] = ["M02"]  # red: 1 gear, in another slot
    state = game.apply(state, seat, "play A1 top_left").state  # red card
    assert state.seats[seat]["resources"]["gear"] == 2 + 1  # the card, then M01 only
    assert state.seats[seat]["resources"]["book"] == 0
    state = game.apply(state, seat, "play A2 top_right").state  # blue card, red module there
    assert state.seats[seat]["resources"]["book"] == 2 and state.seats[seat]["resources"]["gear"] == 3


def test_tribe_ability_without_markers_left_and_module_or_tribe_move_no_marker(game_v2):
    game = game_v2  # the Lorekeepers' ability of content before version 3: 2 books
    state, seat = fresh(game)
    state.rules = 1  # version 1: the tribe ability chosen instead of a module moves no marker
    me = state.seats[seat]
    me["tribe"] = "lorekeepers"  # ability: 2 books
    me["tribe_markers"] = 0
    after = resolve(game, state, seat, {"kind": "tribe"})
    assert after.seats[seat]["resources"]["book"] == 2 and after.seats[seat]["progress"] == 0
    me["tribe_markers"] = 4
    after = resolve(game, state, seat, {"kind": "module_or_tribe"})
    assert answers(game, after, seat) == ["option 1", "option 2"]
    after = game.apply(after, seat, "option 2").state
    assert after.seats[seat]["resources"]["book"] == 2
    assert after.seats[seat]["tribe_markers"] == 4 and after.seats[seat]["progress"] == 0


def test_trade_basic_for_another_basic_up_to_three_times(game):
    state, seat = fresh(game)
    state.seats[seat]["resources"].update({"gear": 4, "crystal": 2})
    state = resolve(game, state, seat, {"kind": "trade", "times": 3})
    moves = game.legal_moves(state, seat)
    assert "trade gear book" in moves and "trade book gear" not in moves  # nothing to give
    assert not any(m.startswith("trade crystal") or m.endswith(" crystal") for m in moves)  # basic only
    for _ in range(3):
        state = game.apply(state, seat, "trade gear book").state
    assert not state.stack  # the third trade was the last
    assert state.seats[seat]["resources"]["gear"] == 1 and state.seats[seat]["resources"]["book"] == 3


# ------------------------------------------------------- switch, limits, free actions


def test_the_switch_gives_a_basic_resource_and_hibernation_slides_it_back(game):
    state, seat = fresh(game)
    state.rules = 1  # version 1: hibernating ends the turn at once
    other = 1 - seat
    moves = game.legal_moves(state, seat)
    assert [m for m in moves if m.startswith("switch")] == ["switch gear", "switch book", "switch food"]
    with pytest.raises(IllegalMove):
        game.apply(state, seat, "switch crystal")  # not a crystal
    state = game.apply(state, seat, "switch book").state
    assert state.seats[seat]["resources"]["book"] == 1 and state.seats[seat]["switch_used"]
    state = game.apply(state, seat, "end").state
    state = game.apply(state, other, "switch food").state
    state = game.apply(state, other, "end").state
    assert not any(m.startswith("switch") for m in game.legal_moves(state, seat))  # still used
    state = settle(game, game.apply(state, seat, "hibernate").state)
    assert state.seats[seat]["switch_used"] is False
    state = settle(game, game.apply(state, other, "hibernate").state)
    assert state.current == seat and "switch gear" in game.legal_moves(state, seat)


def test_resource_limits_cap_every_gain(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["active"] = ["A1", "A6"]
    me["resources"].update({"gear": 7, "crystal": 6})
    state = game.apply(state, seat, "play A1 top_left").state  # +2 gears
    assert state.seats[seat]["resources"]["gear"] == game.tables.limits["gear"] == 8
    state = game.apply(state, seat, "play A6 bottom_left").state  # +1 crystal
    assert state.seats[seat]["resources"]["crystal"] == game.tables.limits["crystal"] == 6
    assert "crystal gear" not in game.legal_moves(state, seat)  # no room on the gear track
    assert "crystal book" in game.legal_moves(state, seat)


def test_crystals_trade_for_basic_resources_as_free_actions(game):
    state, seat = fresh(game)
    assert not any(m.startswith("crystal") for m in game.legal_moves(state, seat))  # none held
    state.seats[seat]["resources"]["crystal"] = 2
    state.forget_moves()  # changed in place after its moves were listed
    assert [m for m in game.legal_moves(state, seat) if m.startswith("crystal")] == [
        "crystal gear",
        "crystal book",
        "crystal food",
    ]
    state = game.apply(state, seat, "crystal food").state
    state = game.apply(state, seat, "crystal food").state
    me = state.seats[seat]
    assert (me["resources"]["crystal"], me["resources"]["food"], state.actions_taken) == (0, 2, 0)
    assert "hibernate" in game.legal_moves(state, seat)  # still no action taken


def test_a_machine_runs_once_until_hibernation_returns_its_energy(game):
    state, seat = fresh(game)
    state.rules = 1  # version 1: hibernating ends the turn at once
    other = 1 - seat
    me = state.seats[seat]
    me["machines"], me["energy"] = ["MG1"], 2  # MG1: 2 gears
    assert "use MG2" not in game.legal_moves(state, seat)  # only unlocked machines
    state = game.apply(state, seat, "use MG1").state
    me = state.seats[seat]
    assert me["resources"]["gear"] == 2 and me["energy"] == 1 and state.actions_taken == 0
    assert "use MG1" not in game.legal_moves(state, seat)  # energy left, but MG1 is powered
    state = settle(game, game.apply(state, seat, "hibernate").state)
    assert state.seats[seat]["energy"] >= 2 and state.seats[seat]["powered"] == []
    state = game.apply(state, other, "switch food").state
    state = game.apply(state, other, "end").state
    assert "use MG1" in game.legal_moves(state, seat)


def test_no_energy_no_machine(game):
    state, seat = fresh(game)
    state.seats[seat]["machines"], state.seats[seat]["energy"] = ["MG1"], 0
    assert "use MG1" not in game.legal_moves(state, seat)


# ------------------------------------------------------------------- hibernate


def test_hibernation_reward_is_this_space_or_any_below(game):
    state, seat = fresh(game)
    state.rules = 1  # version 1: hibernating ends the turn at once
    state.seats[seat]["hibernation"] = 3
    state = game.apply(state, seat, "hibernate").state
    assert state.seats[seat]["hibernation"] == 4
    assert answers(game, state, seat) == ["reward 1", "reward 2", "reward 3", "reward 4"]
    state = game.apply(state, seat, "reward 2").state  # space 2: a crystal
    assert state.seats[seat]["resources"]["crystal"] == 1
    assert not state.stack and state.current == 1 - seat  # the hibernation was the turn


def test_removing_the_last_major_on_the_fifth_space_triggers_the_end(game):
    state, seat = fresh(game, players=3)
    state.rules = 1  # version 1: hibernating ends the turn at once
    state.crater = state.crater[:1]
    state.seats[seat]["hibernation"] = 4
    state = game.apply(state, seat, "hibernate").state
    state = game.apply(state, seat, game.legal_moves(state, seat)[0]).state  # remove it
    assert state.crater == [] and state.end_tile == seat
    state = settle(game, state)
    assert state.current == (seat + 1) % 3 and state.final_turns == [(seat + 1) % 3, (seat + 2) % 3]


# ----------------------------------------------------------------- populate


def test_a_large_location_is_populated_like_a_location_and_scores_at_the_end(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["resources"].update({"gear": 8, "book": 8, "food": 8, "crystal": 2})
    near = game.tables.board.neighbours["NW"][0]
    state.board[game.tables.board.slot_of[near]]["face_up"] = True  # the tile next to the corner
    state.pieces[near] = [[seat, "small"]]  # range 0 from there
    corner = state.corners["NW"]
    side = game.tables.large_sides[corner["location"]][corner["side"]]
    lowest = game.tables.tribes[me["tribe"]]["sun"]["lowest"]
    assert f"populate NW {lowest}" in game.legal_moves(state, seat)
    before = dict(me["resources"])
    state = settle(game, game.apply(state, seat, f"populate NW {lowest}").state)
    after = state.seats[seat]["resources"]
    unlock = {  # the lowest technology's unlock ability may pay resources back
        name: amount
        for effect in game.tables.tribes[me["tribe"]]["sun"]["technologies"][0]["ability"]["effects"]
        for name, amount in effect.get("resources", {}).items()
    }
    paid = {"book": 1, **{k: v + (1 if k == "book" else 0) for k, v in side["cost"].items()}}
    for name, amount in paid.items():
        assert after[name] == min(8 if name != "crystal" else 6, before[name] - amount + unlock.get(name, 0))
    assert state.corners["NW"]["population"] == [seat] and [seat, "population"] in state.pieces["NW"]
    state.actions_taken = 0
    state.forget_moves()  # changed in place after its moves were listed
    assert not any(m.startswith("populate NW") for m in game.legal_moves(state, seat))  # once
    state = score_now(game, state)
    assert state.final["breakdown"][seat]["large_locations"] == side["points"]
    assert state.final["breakdown"][1 - seat]["large_locations"] == 0


# ------------------------------------------------------------------ end game


def test_final_scoring_counts_each_category(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    sun = game.tables.tribes[me["tribe"]]["sun"]
    me["progress"] = 3
    me["unlocked"] = ["T1", "T2"]
    me["minors"] = 2
    me["resources"] = {"crystal": 2, "gear": 3, "book": 2, "food": 0}  # 7: 2 points
    me["energy"] = 5  # energy is not a resource
    me["artifact_card"] = "AC02"  # azure: modules, per 2
    me["modules"]["top_left"] = ["M01", "M02"]
    me["modules"]["top_right"] = ["M07", "M08"]
    me["majors"] = ["MA03"]  # azure: the modules category once more
    state = score_now(game, state)
    parts = state.final["breakdown"][seat]
    techs = {t["id"]: t["points"] for t in sun["technologies"]}
    assert parts["progress"] == sun["progress_track"][3]
    assert parts["technologies"] == techs["T1"] + techs["T2"]
    assert parts["minors"] == 2 * 3
    assert parts["resources"] == 2
    assert parts["artifact_card"] == 2 * 2
    assert parts["end_tile"] == 0 and state.final["breakdown"][1 - seat]["end_tile"] == 5
    assert state.seats[seat]["points"] == sum(parts.values())


def test_an_artifact_after_the_trigger_is_a_minor_worth_three(game):
    state, seat = fresh(game)
    state.crater = []
    state.end_tile = 1 - seat
    stack = state.decks["minors"]
    state = resolve(game, state, seat, {"kind": "artifact"})
    assert state.seats[seat]["minors"] == 1 and state.decks["minors"] == stack - 1
    state.final_turns = [seat]
    state.actions_taken = 1
    state = game.apply(state, seat, "end").state
    assert state.final["breakdown"][seat]["minors"] == 3


def test_the_machine_track_card_bonus_counts_recruited_cards_of_its_colour_only(game_v2):
    game = game_v2  # tracks of 10 spaces (content before version 3): the card bonus on space 7
    state, seat = fresh(game)
    me = state.seats[seat]
    me["tracks"]["grey"] = 6
    state = resolve(game, state, seat, {"kind": "machine_step", "colour": "grey", "steps": 1})
    me = state.seats[seat]
    assert me["tracks"]["grey"] == 7 and me.get("card_bonuses") == ["red"]
    me["owned_cards"] = ["RE01", "RE02", "BL01"]  # two red market cards, one blue
    me["active"] = ["A1", "RE01", "RE02", "BL01"]  # A1 is red but a starting card
    state = score_now(game, state)
    assert state.final["breakdown"][seat]["machine_bonus"] == 2 * 3


def test_final_scoring_gives_no_score_track_bonuses(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["points"] = 9
    during = resolve(game, state, seat, {"kind": "points", "amount": 1})
    assert during.seats[seat]["bonuses_reached"] == [10] and during.stack  # a bonus in play
    me["resources"] = {"crystal": 6, "gear": 8, "book": 8, "food": 8}  # 30: 10 points
    state = score_now(game, state)
    assert state.seats[seat]["points"] >= 19
    assert state.seats[seat]["bonuses_reached"] == [] and state.seats[seat]["crates"] == []


def tie(game, mine, theirs, my_steps=0, their_steps=0):
    """Two players level on points before the tie-breaks (the other one holds the end tile)."""
    state, seat = fresh(game)
    other = 1 - seat
    state.seats[seat]["points"] = 5  # matches the other player's end-game tile
    state.seats[seat]["resources"]["gear"] = mine
    state.seats[other]["resources"]["gear"] = theirs
    state.seats[seat]["tracks"]["grey"] = my_steps
    state.seats[other]["tracks"]["grey"] = their_steps
    state = score_now(game, state)
    assert state.seats[seat]["points"] == state.seats[other]["points"]
    return state, seat, other


def test_ties_go_to_the_most_remaining_resources(game):
    state, seat, other = tie(game, mine=5, theirs=4, their_steps=3)  # both 1 leftover point
    assert state.final["winners"] == [seat] and state.final["decided_by"] == "tie-break"


def test_then_to_the_furthest_on_the_machine_tracks_then_shared(game):
    state, seat, other = tie(game, mine=4, theirs=4, my_steps=1, their_steps=3)
    assert state.final["winners"] == [other] and state.final["decided_by"] == "tie-break"
    state, seat, other = tie(game, mine=4, theirs=4, my_steps=2, their_steps=2)
    assert sorted(state.final["winners"]) == [0, 1] and state.final["decided_by"] == "shared"


# ------------------------------------------------------------------ explore


def touching_one(game, state, slot):
    """Sand spaces of face-up tiles that touch exactly one space of `slot`, each with the board
    position it touches (a building there neighbours that one space of the slot only)."""
    found = []
    for space in sorted(game.tables.board.neighbours):
        kind = costs.space_type(game.tables, state, space)
        if kind is None or kind["type"] != "sand" or state.pieces.get(space):
            continue
        touched = [
            game.tables.board.position[n]
            for n in game.tables.board.neighbours[space]
            if game.tables.board.slot_of.get(n) == slot
        ]
        if len(touched) == 1:
            found.append((space, touched[0]))
    return found


def place_tile(state, slot, tile):
    """Put `tile` face down in `slot`, swapping it with the tile there."""
    holder = next(other for other, placed in state.board.items() if placed["tile"] == tile)
    state.board[holder]["tile"], state.board[slot]["tile"] = state.board[slot]["tile"], tile


def explore_beside(game, state, explorer, owner, tile, index, size="small"):
    """`explorer` explores a face-down slot holding `tile` and turns it so that the tile's space
    `index` lands next to a building of `owner` that touches no other space of the slot.

    Returns the state right after the rotation (rewards gained or asked) and the building's space."""
    slot = next(
        s
        for s, placed in sorted(state.board.items())
        if not placed["face_up"] and touching_one(game, state, s)
    )
    space, position = touching_one(game, state, slot)[0]
    place_tile(state, slot, tile)
    state.pieces[space] = [[owner, size]]
    state.seats[explorer]["resources"].update({"gear": 8, "book": 8, "food": 8})
    state = game.apply(state, explorer, f"explore {slot}").state
    state = game.apply(state, explorer, answers(game, state, explorer)[0]).state  # recruit
    state = game.apply(state, explorer, f"rotate {(position - index) % 6}").state
    revealed = next(
        n for n in game.tables.board.neighbours[space] if game.tables.board.slot_of.get(n) == slot
    )
    assert costs.space_type(game.tables, state, revealed) == game.tables.area_tiles[tile]["spaces"][index]
    return state, space


def explores(game, state, seat, slot):
    """The explore moves onto `slot`, listed afresh: the tests change `state` in place between."""
    state.forget_moves()
    return [
        move
        for move in game.legal_moves(state, seat)
        if move.startswith("explore") and move.split()[1] == slot
    ]


def test_a_discount_on_a_mixed_explore_cost_comes_off_the_resource_the_player_names(game):
    state, seat = fresh(game)
    space, _ = touching_one(game, state, "F03")[0]
    state.pieces[space] = [[seat, "small"]]  # range 0 to F03
    place_tile(state, "F03", "T15")  # back: 2 food + 1 gear
    me = state.seats[seat]
    me["resources"].update({"food": 2, "gear": 1})
    assert explores(game, state, seat, "F03") == ["explore F03"]  # no discount: one way to pay
    me["discounts"] = [{"action": "explore", "amount": 1}]
    assert explores(game, state, seat, "F03") == ["explore F03 off food", "explore F03 off gear"]
    off_gear = game.apply(state, seat, "explore F03 off gear").state.seats[seat]
    assert (off_gear["resources"]["food"], off_gear["resources"]["gear"]) == (0, 1)  # paid 2 food
    off_food = game.apply(state, seat, "explore F03 off food").state.seats[seat]
    assert (off_food["resources"]["food"], off_food["resources"]["gear"]) == (1, 0)  # 1 food, 1 gear
    assert off_gear["discounts"] == off_food["discounts"] == []  # used by this payment
    with pytest.raises(IllegalMove):
        game.apply(state, seat, "explore F03 off book")  # not part of the cost
    # A discount larger than the cost: the whole cost is still 1, of the resource not named.
    place_tile(state, "F03", "T13")  # 1 food + 1 gear
    me["discounts"] = [{"action": "explore", "amount": 5}]
    me["resources"].update({"food": 1, "gear": 0})
    assert explores(game, state, seat, "F03") == ["explore F03 off gear"]  # off food costs a gear
    after = game.apply(state, seat, "explore F03 off gear").state.seats[seat]["resources"]
    assert (after["food"], after["gear"]) == (0, 0)


def test_crystals_trade_in_the_middle_of_the_players_own_decision(game):
    state, seat = fresh(game)
    me = state.seats[seat]
    me["active"] = ["A5"]  # bottom: 1 basic resource of choice
    me["resources"]["crystal"] = 1
    state = game.apply(state, seat, "play A5 bottom_left").state
    assert answers(game, state, seat) == ["take gear", "take book", "take food"]
    assert "crystal food" in game.legal_moves(state, seat)
    state = game.apply(state, seat, "crystal food").state
    me = state.seats[seat]
    assert (me["resources"]["crystal"], me["resources"]["food"], state.actions_taken) == (0, 1, 1)
    assert game.legal_moves(state, seat) == ["take gear", "take book", "take food"]  # still open
    state = game.apply(state, seat, "take gear").state
    assert state.seats[seat]["resources"]["gear"] == 1 and not state.stack


def test_no_crystal_trades_for_a_player_answering_in_someone_elses_turn(game):
    state, explorer = fresh(game)
    owner = 1 - explorer
    state.seats[owner]["resources"]["crystal"] = 2
    state.seats[explorer]["resources"]["crystal"] = 2
    state, _ = explore_beside(game, state, explorer, owner, "T15", 6)  # water: 1 resource of choice
    assert game.to_move(state) == owner and state.current == explorer
    assert game.legal_moves(state, owner) == ["take gear", "take book", "take food"]
    assert game.legal_moves(state, explorer) == []
    with pytest.raises(IllegalMove):
        game.apply(state, owner, "crystal food")
    state = game.apply(state, owner, "take book").state
    assert state.seats[owner]["resources"] == {"crystal": 2, "gear": 0, "book": 1, "food": 0}
    assert game.to_move(state) == explorer and "crystal food" in game.legal_moves(state, explorer)


def test_only_the_answering_player_sees_the_open_decision(game):
    state, explorer = fresh(game, players=3)
    owner, third = (explorer + 1) % 3, (explorer + 2) % 3
    state, _ = explore_beside(game, state, explorer, owner, "T15", 6)
    mine = game.view(state, owner)["private"]["stack"]
    assert mine and mine[-1]["kind"] == "gain_any" and mine[-1]["seat"] == owner
    assert game.view(state, explorer)["private"]["stack"] == []
    assert game.view(state, third)["private"]["stack"] == []
    assert game.view(state, None)["private"] is None
    assert game.view(state, third)["deciding"] == "gain_any"  # everyone sees that a decision is open
    state = game.apply(state, owner, "take food").state
    assert game.view(state, owner)["private"]["stack"] == []


def test_a_neighbours_exploration_pays_steps_crystals_and_water_like_a_build(game):
    base, explorer = fresh(game)
    owner = 1 - explorer
    # A large building next to a revealed forest: two green steps.
    state, _ = explore_beside(game, base.copy(), explorer, owner, "T10", 2, size="large")
    assert state.seats[owner]["tracks"] == {"grey": 0, "green": 2, "yellow": 0}
    assert state.seats[explorer]["tracks"] == {"grey": 0, "green": 0, "yellow": 0}
    # A small building next to a revealed crystal: one crystal; a large one: two.
    state, _ = explore_beside(game, base.copy(), explorer, owner, "T08", 6)
    assert state.seats[owner]["resources"]["crystal"] == 1
    state, _ = explore_beside(game, base.copy(), explorer, owner, "T08", 6, size="large")
    assert state.seats[owner]["resources"]["crystal"] == 2
    # Water: its reward (here a crystal), noted as taken by that player.
    state, space = explore_beside(game, base.copy(), explorer, owner, "T09", 4)
    water = next(
        n
        for n in game.tables.board.neighbours[space]
        if costs.space_type(game.tables, state, n)["type"] == "water"
    )
    assert state.seats[owner]["resources"]["crystal"] == 1 and state.seats[owner]["water_taken"] == [water]
    # Sand or a location next to the building: nothing.
    before = json.dumps(base.seats[owner], sort_keys=True)
    state, _ = explore_beside(game, base.copy(), explorer, owner, "T10", 1)
    assert json.dumps(state.seats[owner], sort_keys=True) == before


# -------------------------------------------------------------------- build


def neighbour_types(game, state, space):
    return sorted(
        costs.space_type(game.tables, state, n)["type"]
        for n in game.tables.board.neighbours[space]
        if costs.space_type(game.tables, state, n)
    )


def builder(game):
    """Seed 6, two players: the current player with gears and food to build anywhere in range."""
    state, seat = fresh(game)
    state.seats[seat]["resources"].update({"gear": 8, "food": 8})
    return state, seat


def test_a_building_next_to_a_crystal_gains_one_crystal_two_for_a_large_one(game):
    state, seat = builder(game)
    assert neighbour_types(game, state, "S4.5") == ["crystal", "forest", "location", "sand"]
    small = game.apply(state, seat, "build small S4.5").state.seats[seat]
    assert small["resources"]["crystal"] == 1 and small["tracks"]["green"] == 1
    large = game.apply(state, seat, "build large S4.5").state.seats[seat]
    assert large["resources"]["crystal"] == 2 and large["tracks"]["green"] == 2


def test_a_water_reward_is_taken_once_per_player(game):
    state, seat = builder(game)
    other = 1 - seat
    assert neighbour_types(game, state, "S2.5") == ["location", "mountain", "water"]  # S2.6: 1 energy
    assert neighbour_types(game, state, "S2.1") == ["forest", "location", "water", "water"]  # and S1.5
    energy = state.seats[seat]["energy"]
    state = game.apply(state, seat, "build small S2.5").state
    assert state.seats[seat]["energy"] == energy + 1 and state.seats[seat]["water_taken"] == ["S2.6"]
    # A second building next to the same water: only the other water space (S1.5) pays.
    second = game.apply(state, seat, "build small S2.1").state
    assert second.seats[seat]["energy"] == energy + 1
    assert second.seats[seat]["water_taken"] == ["S2.6", "S1.5"]
    assert answers(game, second, seat) == ["take gear", "take book", "take food"]  # S1.5's reward
    # Another player still takes S2.6's reward once.
    state.current, state.actions_taken = other, 0
    state.seats[other]["resources"].update({"gear": 8, "food": 8})
    theirs = game.apply(state, other, "build small S2.1").state
    assert theirs.seats[other]["energy"] == state.seats[other]["energy"] + 1
    assert theirs.seats[other]["water_taken"] == ["S1.5", "S2.6"]


def test_a_large_building_doubles_the_terrain_steps(game):
    state, seat = builder(game)
    assert neighbour_types(game, state, "S5.4") == ["field", "field", "forest", "sand"]
    small = game.apply(state, seat, "build small S5.4").state.seats[seat]["tracks"]
    large = game.apply(state, seat, "build large S5.4").state.seats[seat]["tracks"]
    assert small == {"grey": 0, "green": 1, "yellow": 2}
    assert large == {"grey": 0, "green": 2, "yellow": 4}


# ------------------------------------------------------- technology abilities


def test_a_hibernate_technology_acts_at_every_hibernation_after_the_reward(game):
    state, seat = fresh(game)
    state.rules = 1  # version 1: hibernating ends the turn at once
    other = 1 - seat
    me = state.seats[seat]
    me["tribe"], me["unlocked"] = "ironroot", ["T1", "T3", "T6"]  # T6: 1 gear each hibernation
    assert game.tables.technologies["ironroot"]["T6"]["ability"]["timing"] == "hibernate"
    for gears in (1, 2):
        state = game.apply(state, seat, "hibernate").state
        assert state.seats[seat]["resources"]["gear"] == gears - 1  # the reward comes first
        state = game.apply(state, seat, "reward 1").state  # 1 resource of choice
        state = game.apply(state, seat, "take food").state
        assert state.seats[seat]["resources"]["gear"] == gears and state.current == other
        state = settle(game, game.apply(state, other, "hibernate").state)
    without = fresh(game)[0]
    without.seats[seat].update({"tribe": "ironroot", "unlocked": ["T1", "T3"]})
    without = game.apply(without, seat, "hibernate").state
    without = game.apply(game.apply(without, seat, "reward 1").state, seat, "take food").state
    assert without.seats[seat]["resources"]["gear"] == 0


def test_an_always_technology_discounts_every_payment_of_its_action_never_below_one(game):
    state, seat = builder(game)
    me = state.seats[seat]
    me["tribe"], me["unlocked"] = "ironroot", ["T1", "T2"]  # T2: building always 1 gear cheaper
    assert game.tables.technologies["ironroot"]["T2"]["ability"] == {
        "timing": "always",
        "discount": {"action": "build", "amount": 1},
    }
    state = settle(game, game.apply(state, seat, "build small S4.5").state)
    assert state.seats[seat]["resources"]["gear"] == 8 - 1
    state = settle(game, game.apply(state, seat, "build large S5.4").state)  # the second build too
    assert state.seats[seat]["resources"]["gear"] == 8 - 1 - 2
    # With this turn's discount on top, a small building still costs 1 gear.
    state, seat = builder(game)
    state.seats[seat].update({"tribe": "ironroot", "unlocked": ["T1", "T2"]})
    state.seats[seat]["discounts"] = [{"action": "build", "amount": 2}]
    state = game.apply(state, seat, "build small S4.5").state
    assert state.seats[seat]["resources"]["gear"] == 8 - 1


# ------------------------------------------------------------- must hibernate


def test_a_player_who_cannot_act_has_only_hibernate_and_free_actions(game):
    state, seat = fresh(game)
    state.rules = 1  # version 1: hibernating ends the turn at once
    me = state.seats[seat]
    me["active"] = ["A1"]
    for slot, card in zip(game.tables.slots, ["A2", "A3", "A4", "A5"], strict=True):
        me["slots"][slot] = [card]  # no slot symbol: no vacant slot
    me["switch_used"] = True
    assert game.legal_moves(state, seat) == ["hibernate"]  # and nothing to pay an action with
    me["slots"] = {slot: [] for slot in game.tables.slots}
    me["active"] = []  # vacant slots but no active card: the same
    state.forget_moves()  # changed in place after its moves were listed
    assert game.legal_moves(state, seat) == ["hibernate"]
    me["slots"]["top_left"] = ["A2"]
    me["machines"], me["energy"], me["resources"]["crystal"] = ["MG3"], 1, 1
    state.forget_moves()
    assert sorted(game.legal_moves(state, seat)) == [
        "crystal book",
        "crystal food",
        "crystal gear",
        "hibernate",
        "use MG3",
    ]
    resting = list(me["resting"])
    state = game.apply(state, seat, "hibernate").state
    me = state.seats[seat]
    assert me["hibernation"] == 1 and me["active"] == resting and me["resting"] == ["A2"]
    assert me["switch_used"] is False and me["energy"] == 1
    state = game.apply(state, seat, "reward 1").state
    state = game.apply(state, seat, "take gear").state
    assert state.current == 1 - seat


def test_an_end_triggered_in_someone_elses_turn_still_gives_that_player_a_final_turn(game):
    """A reward in another player's turn can take the last major artifact: that turn ends, then
    every player but the taker, the interrupted player included, has one final complete turn."""
    for players in (2, 3):
        state, seat = fresh(game, players=players)
        state.rules = 1  # version 1: hibernating ends the turn at once
        taker = (seat + 1) % players
        state.crater = state.crater[:1]
        state.actions_taken = 1
        state.stack.append({"kind": "artifact", "seat": taker})
        state = game.apply(state, taker, f"artifact {state.crater[0]}").state
        assert state.end_tile == taker and state.current == seat
        played = []
        while not state.finished:
            played.append(state.current)
            if state.actions_taken == 0:
                state = settle(game, game.apply(state, state.current, "hibernate").state)
            else:
                state = game.apply(state, state.current, "end").state
        others = [
            (seat + step) % players for step in range(1, players + 1) if (seat + step) % players != taker
        ]
        assert played == [seat, *others], (players, played)


def test_a_seat_that_resigned_is_asked_nothing_and_the_game_goes_on(game):
    """Beyond the text: a resigned seat's pieces stay, so another player's move can reach a
    reward of theirs that asks a decision (a water space's "any resource"). It is skipped, as
    their open decisions were when they left: the turn stays with the player who moved."""
    state, seat = fresh(game, players=3)
    gone = (seat + 1) % 3
    state = game.apply(state, gone, "resign").state
    assert state.seats[gone]["resigned"] and game.to_move(state) == seat
    after = resolve(game, state, gone, {"kind": "gain_any", "amount": 2}, {"kind": "points", "amount": 3})
    assert after.stack == state.stack
    assert game.to_move(after) == seat
    assert after.seats[gone]["points"] == state.seats[gone]["points"] + 3  # what asks nothing still counts
    # a player still present is asked
    kept = resolve(game, state, seat, {"kind": "gain_any", "amount": 2})
    assert game.to_move(kept) == seat and kept.stack[-1]["kind"] == "gain_any"
