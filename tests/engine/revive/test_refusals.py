"""A refused Revive move says why: the rule it breaks or what it lacks, with the numbers
(engine/revive/refusals.py), as facts the presenter words in the reader's language.

States come from `new_game` with fields set directly, as in test_rules.py.
"""

from __future__ import annotations

import re

import pytest

from content.revive import load_revive
from engine.errors import IllegalMove
from engine.revive import Revive, costs
from presenters.errors import error_text
from tests.support.refusals import refusing


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())


def fresh(game, seed=6):
    """A new 2-player game with the current player's resources emptied, and that player."""
    state = game.new_game(2, {}, seed)
    seat = state.current
    state.seats[seat]["resources"] = {name: 0 for name in state.seats[seat]["resources"]}
    return state, seat


def space(game, state, seat, kind, reach):
    """A space of `kind` (sand, location...) on an explored tile, `reach` food away."""
    distance = costs.range_costs(game.tables, state, seat)
    return next(
        name
        for slot, placed in sorted(state.board.items())
        if placed["face_up"]
        for name in game.tables.board.slot_spaces[slot]
        if (costs.space_type(game.tables, state, name) or {}).get("type") == kind
        and costs.cost_to(distance, name) == reach
    )


def refusal(game, state, seat, move, locale=None) -> str:
    with pytest.raises(IllegalMove) as caught:
        game.apply(state, seat, move)
    return error_text(caught.value, locale)


def test_an_exploration_short_of_food_says_the_cost_the_range_and_what_is_missing(game):
    state, seat = fresh(game)
    face_down = sorted(slot for slot, placed in state.board.items() if not placed["face_up"])
    distance = costs.range_costs(game.tables, state, seat)
    slot = next(s for s in face_down if (costs.explore_cost(game.tables, distance, s) or 0) >= 2)
    reach = costs.explore_cost(game.tables, distance, slot)
    back = game.tables.area_tiles[state.board[slot]["tile"]]["back"]["cost"]
    food = back.get("food", 0) + reach
    text = refusal(game, state, seat, f"explore {slot.lower()}")
    assert f"Exploring {slot} costs " in text and f"{food} food ({reach} food of it for range)" in text
    assert re.search(rf"and you have (0 gears, )?0 food: (\d gears?, )?{food} food short\.$", text), text
    portuguese = refusal(game, state, seat, f"explore {slot}", "pt-BR")
    assert f"Explorar {slot} custa" in portuguese and f"({reach} comida disso pelo alcance)" in portuguese
    assert "ainda precisa de" in portuguese and "food" not in portuguese, portuguese


def test_building_names_the_gears_and_the_free_range_next_to_you(game):
    state, seat = fresh(game)
    sand = space(game, state, seat, "sand", 0)
    state.seats[seat]["resources"]["gear"] = 1
    with refusing(
        IllegalMove, rf"^A small building on {sand} costs 2 gears, and you have 1 gear: 1 gear short\.$"
    ):
        game.apply(state, seat, f"build small {sand}")
    farther = space(game, state, seat, "sand", 2)
    text = refusal(game, state, seat, f"Build Large {farther}")
    assert "costs 3 gears, 2 food (2 food of it for range)" in text
    assert "you have 1 gear, 0 food: 2 gears, 2 food short" in text, text


@pytest.mark.parametrize(
    ("setup", "move", "reason"),
    [
        # the turn
        (lambda s, me, g: None, "end", "taken no action yet"),
        (
            lambda s, me, g: setattr(s, "actions_taken", 1),
            "hibernate",
            "cannot hibernate after taking an action",
        ),
        (lambda s, me, g: setattr(s, "actions_taken", 2), "switch gear", "taken your 2 actions this turn"),
        (lambda s, me, g: me.update(hibernating=True), "play D1 top_left", "You hibernated this turn"),
        (lambda s, me, g: None, "take gear", "No question is open"),
        # cards
        (lambda s, me, g: None, "play A1 top_left", "You have no card A1 in your hand"),
        (lambda s, me, g: me.update(resting=["A1"]), "play a1 top left", "A1 is resting"),
        (lambda s, me, g: me["slots"].update(top_left=["A2"]), "play A2 bottom_left", "A2 is already played"),
        (
            lambda s, me, g: me.update(active=["A1"], slots={**me["slots"], "top_left": ["A2"]}),
            "play A1 Top-Left",
            "Your top left slot holds A2, which has no slot symbol",
        ),
        (lambda s, me, g: me.update(active=["A1"]), "play A1 middle", "Name a card slot"),
        # the switch, crystals, machines, crates
        (lambda s, me, g: me.update(switch_used=True), "switch gear", "switch token is used"),
        (lambda s, me, g: None, "switch crystal", "Choose a basic resource"),
        (lambda s, me, g: None, "crystal food", "no crystal to trade"),
        (
            lambda s, me, g: me["resources"].update(crystal=1, food=g.tables.limits["food"]),
            "crystal food",
            "You have 8 food already, the most you may hold",
        ),
        (lambda s, me, g: None, "use MG1", "You have no machine MG1"),
        (lambda s, me, g: me.update(machines=["MG1"], powered=["MG1"]), "use MG1", "MG1 already has energy"),
        (lambda s, me, g: me.update(machines=["MG1"], energy=0), "use mg1", "no energy left"),
        (lambda s, me, g: me.update(opened=["CR01"]), "open CR01", "Crate CR01 is open already"),
        (lambda s, me, g: None, "open CR01", "no closed crate CR01"),
        # the board
        (lambda s, me, g: None, "explore S1", "S1 is explored already"),
        (lambda s, me, g: None, "explore", "Name a face-down area tile"),
        (lambda s, me, g: me["buildings"].update(small=0), "build small S1.0", "no small building left"),
        (lambda s, me, g: None, "build small S1.1", "S1.1 is not sand"),
        (
            lambda s, me, g: s.pieces.update({"S1.0": [[1, "small"]]}),
            "build small S1.0",
            "S1.0 has a building",
        ),
        (lambda s, me, g: None, "build small F01.2", "F01.2 is on F01, which nobody has explored yet"),
        (lambda s, me, g: None, "populate S1.0 T1", "S1.0 is not a location"),
        (
            lambda s, me, g: None,
            "populate S1.3 T3",
            "first population figure comes from your lowest technology, T1",
        ),
        (
            lambda s, me, g: s.pieces.update({"S1.3": [[s.current, "population"]]}),
            "populate S1.3 T1",
            "populated S1.3",
        ),
    ],
)
def test_each_refusal_names_its_rule(game, setup, move, reason):
    state, seat = fresh(game)
    setup(state, state.seats[seat], game)
    assert move not in game.legal_moves(state, seat)
    with refusing(IllegalMove, reason):
        game.apply(state, seat, move)


def test_populating_names_the_books_and_the_technologies_next_in_line(game):
    state, seat = fresh(game)
    location = space(game, state, seat, "location", 0)
    text = refusal(game, state, seat, f"populate {location} T1")
    assert text.startswith(f"Populating {location} from T1 costs ") and "book" in text and "short" in text
    state.seats[seat]["unlocked"] = ["T1"]
    linked = [tech["id"] for tech in costs.populate_candidates(game.tables, state.seats[seat])]
    with refusing(IllegalMove, "You have unlocked T1 already"):
        game.apply(state, seat, f"populate {location} T1")
    far = next(
        tech
        for tech in game.tables.technologies[state.seats[seat]["tribe"]]
        if tech not in linked and tech != "T1"
    )
    with refusing(IllegalMove, f"only a technology connected to one you have: {', '.join(linked)}"):
        game.apply(state, seat, f"populate {location} {far}")


def test_a_move_that_is_no_answer_to_the_open_question_says_to_answer_it_first(game):
    state, seat = fresh(game)
    state.stack = [{"kind": "gain_any", "seat": seat, "amount": 1, "left": 1}]
    with refusing(IllegalMove, "First answer the question that is open"):
        game.apply(state, seat, "switch gear")
    assert "Primeiro responda" in refusal(game, state, seat, "end", "pt-BR")


def test_words_that_name_no_rule_keep_the_general_refusal(game):
    state, seat = fresh(game)
    with refusing(IllegalMove, "is not possible now"):
        game.apply(state, seat, "dance wildly")


def test_hibernating_with_actions_left_asks_for_a_second_thought_and_is_offered_last(game):
    state, seat = fresh(game)
    caution = game.caution(state, seat, "hibernate")
    assert caution is not None and caution.facts["count"] == 2 and caution.facts["moves"] > 0
    assert game.caution(state, seat, "switch gear") is None
    offered = [facts.kind for facts in game.moves(state, seat)]
    assert offered[-1] == "hibernate" and offered[0] != "hibernate"
    # With no action possible, hibernating is the move to make: first, and no question asked.
    me = state.seats[seat]
    me["resting"] += me["active"]
    me["active"], me["switch_used"] = [], True
    state.forget_moves()  # changed in place after its moves were listed
    assert game.caution(state, seat, "hibernate") is None
    assert game.moves(state, seat)[0].kind == "hibernate"


def test_ending_the_turn_comes_after_the_actions_left_and_first_once_none_is(game):
    state, seat = fresh(game)
    state = game.apply(state, seat, "switch gear").state
    kinds = [facts.kind for facts in game.moves(state, seat)]
    assert kinds[0] != "end" and kinds.index("end") > max(
        index
        for index, kind in enumerate(kinds)
        if kind in ("play", "switch", "explore", "build", "populate")
    )
    state.actions_taken = 2
    state.forget_moves()  # changed in place after its moves were listed
    assert game.moves(state, seat)[0].kind == "end"
