"""Scenario tests, one or more per sentence of the Rebirth rules text, on a small fixture map.

The fixture (tests/fixtures/rebirth_engine_map.json) has a port small settlement (B2), a medium
settlement Midton (B3 C3), a large settlement Bigburgh (E4 F4 G4), Edinburgh Castle (F2),
Stirling Castle (F5), a cathedral (C4), a loch (D5) and yellow spaces B6 (4), C6 and G6 (3).
"""

from __future__ import annotations

import json

import pytest

from engine.errors import GameOver, IllegalMove, MalformedMove, NotYourTurn
from engine.rebirth import Rebirth, RebirthState
from presenters.rebirth import RebirthPresenter
from tests.support.rebirth_fixture import fixture_rebirth
from tests.support.refusals import refusing


@pytest.fixture(scope="module")
def game() -> Rebirth:
    return fixture_rebirth()


def fresh(game: Rebirth, players: int = 2, supply: int = 5) -> RebirthState:
    """A game where every player's supply is `supply` energy farms and seat 0 moves first."""
    state = game.new_game(players, {"map": "testmap"}, seed=3)
    state.current = 0
    state.supplies = [["E"] * supply for _ in range(players)]
    return state


def place(game: Rebirth, state: RebirthState, seat: int, tile: str, space: str):
    """Give `seat` the turn and `tile` in hand, then place it; returns the Applied result."""
    state = state.copy()
    state.current = seat
    state.hands[seat] = tile
    return game.apply(state, seat, space)


def play(game: Rebirth, state: RebirthState, *moves: tuple[int, str, str]) -> RebirthState:
    for seat, tile, space in moves:
        state = place(game, state, seat, tile, space).state
    return state


# ------------------------------------------------------------------ placement


def test_energy_farm_goes_on_energy_or_blank_spaces(game):
    state = fresh(game)
    assert place(game, state, 0, "E", "D2").state.board["D2"] == (0, "E")  # energy space
    assert place(game, state, 0, "E", "C2").state.board["C2"] == (0, "E")  # blank space
    with refusing(IllegalMove, "other farm type only when none"):
        place(game, state, 0, "E", "E3")  # a food farm space while energy/blank remain


def test_food_farm_falls_back_to_energy_spaces_only_when_its_own_and_blank_are_full(game):
    state = fresh(game)
    board = game.board(state)
    own_or_blank = [s for s in board.open_spaces(2) if board.kind[s] in ".f"]
    state.board.update({s: (1, "E") for s in own_or_blank})
    legal = game.legal_moves(place_ready(state, 0, "F"), 0)
    assert legal and all(board.kind[s] == "e" for s in legal)
    assert place(game, state, 0, "F", legal[0]).state.board[legal[0]] == (0, "F")


def place_ready(state: RebirthState, seat: int, tile: str) -> RebirthState:
    state = state.copy()
    state.current = seat
    state.hands[seat] = tile
    return state


def test_settlement_tiles_only_on_settlement_spaces(game):
    state = fresh(game)
    with refusing(IllegalMove, "only go on settlement spaces"):
        place(game, state, 0, "S1", "C2")
    with refusing(IllegalMove, "settlement space"):
        place(game, state, 0, "E", "B3")


@pytest.mark.parametrize(
    ("space", "reason"),
    [("F2", "castle"), ("C4", "cathedral"), ("D5", "water"), ("A1", "water"), ("Z9", "not a space")],
)
def test_no_tiles_on_castles_cathedrals_or_water(game, space, reason):
    with refusing(IllegalMove, reason):
        place(game, fresh(game), 0, "E", space)


def test_occupied_space_and_malformed_text_are_refused_with_the_reason(game):
    state = play(game, fresh(game), (0, "E", "D2"))
    with refusing(IllegalMove, "already has a tile"):
        place(game, state, 1, "E", "D2")
    with refusing(MalformedMove, "not a space"):
        place(game, state, 1, "E", "hello")


def test_out_of_turn_and_after_the_end_are_refused(game):
    state = fresh(game)
    with pytest.raises(NotYourTurn):
        game.apply(state, 1, "D2")
    state.finished = True
    with pytest.raises(GameOver):
        game.apply(state, 0, "D2")


# "With 2 to 4 players, place 32 Tiles of a color not in use face down on the spaces marked with
# the yellow hexagon icon": the rules' yellow spaces are the ones marked 4 (B6 on the test map),
# covered with 2 or 3 players; with 4 no colour is unused. The spaces marked 3 (C6, G6) are ours,
# covered only by the dense 2-player variant and by every game of rules version 1.
@pytest.mark.parametrize(
    ("players", "options", "covered"),
    [
        (2, {}, {"B6"}),
        (3, {}, {"B6"}),
        (4, {}, set()),
        (2, {"variant": "dense"}, {"B6", "C6", "G6"}),
        (3, {"variant": "dense"}, {"B6"}),
        (2, {"rules": 1}, {"B6", "C6", "G6"}),
        (3, {"rules": 1}, {"B6"}),
    ],
)
def test_neutral_tiles_cover_yellow_spaces_by_player_count(game, players, options, covered):
    state = game.new_game(players, {"map": "testmap", **options}, seed=1)
    assert {s for s, (seat, _) in state.board.items() if seat == -1} == covered
    if covered:
        state.current = 0
        state.hands[0] = "E"
        with refusing(IllegalMove, "neutral"):
            game.apply(state, 0, "B6")


def test_an_unknown_variant_or_rules_version_is_refused(game):
    with refusing(IllegalMove, "no Rebirth variant called sparse"):
        game.new_game(2, {"map": "testmap", "variant": "sparse"}, seed=1)
    with refusing(IllegalMove, "rules version 9"):
        game.new_game(2, {"map": "testmap", "rules": 9}, seed=1)


def test_discard_only_when_the_tile_has_no_legal_space(game):
    state = fresh(game)
    with refusing(IllegalMove, "cannot be discarded"):
        game.apply(place_ready(state, 0, "S1"), 0, "discard")
    board = game.board(state)
    state.board.update({s: (1, "S1") for s in board.open_spaces(2) if board.kind[s] == "s"})
    ready = place_ready(state, 0, "S2")
    assert game.legal_moves(ready, 0) == ["discard"]
    after = game.apply(ready, 0, "discard").state
    assert after.discarded[0] == ["S2"] and after.current == 1


# -------------------------------------------------------------------- scoring


def test_small_settlement_scores_its_influence_and_a_port_one_more(game):
    applied = place(game, fresh(game), 0, "S3", "B2")
    assert applied.event["points"] == {0: {"settlement": 3, "port": 1}}
    assert applied.state.total(0) == 4


def test_medium_settlement_scores_only_when_complete_five_and_three(game):
    first = place(game, fresh(game), 0, "S3", "B3")
    assert first.event["points"] == {}
    done = place(game, first.state, 1, "S1", "C3")
    assert done.event["points"] == {0: {"settlement": 5}, 1: {"settlement": 3}}
    assert done.event["completed"] == "Midton"


def test_medium_settlement_held_alone_scores_eight(game):
    state = play(game, fresh(game), (0, "S1", "B3"))
    assert place(game, state, 0, "S1", "C3").event["points"] == {0: {"settlement": 8}}


def test_medium_settlement_tie_shares_five_plus_three(game):
    state = play(game, fresh(game), (0, "S2", "B3"))
    assert place(game, state, 1, "S2", "C3").event["points"] == {0: {"settlement": 4}, 1: {"settlement": 4}}


def test_large_settlement_eight_five_and_nothing_for_third(game):
    state = play(game, fresh(game, 3), (0, "S3", "E4"), (1, "S2", "F4"))
    assert place(game, state, 2, "S1", "G4").event["points"] == {0: {"settlement": 8}, 1: {"settlement": 5}}


def test_large_settlement_influence_adds_up_per_player(game):
    state = play(game, fresh(game), (0, "S1", "E4"), (1, "S3", "F4"))
    # seat 0 holds two tiles (1 + 3 = 4) against seat 1's 3
    assert place(game, state, 0, "S3", "G4").event["points"] == {0: {"settlement": 8}, 1: {"settlement": 5}}


def test_large_settlement_held_alone_scores_thirteen(game):
    state = play(game, fresh(game), (0, "S1", "E4"), (0, "S1", "F4"))
    assert place(game, state, 0, "S1", "G4").event["points"] == {0: {"settlement": 13}}


def test_large_settlement_three_way_tie_shares_the_places(game):
    state = play(game, fresh(game, 3), (0, "S2", "E4"), (1, "S2", "F4"))
    # 8 + 5 + 0 shared by three: 4 each (rounded down)
    assert place(game, state, 2, "S2", "G4").event["points"] == {s: {"settlement": 4} for s in range(3)}


def test_farm_scores_the_cluster_it_creates_or_expands(game):
    state = play(game, fresh(game), (0, "E", "D2"), (1, "E", "D3"), (0, "E", "C2"))
    # C2 joins D2 (both seat 0): cluster of 2; seat 1's D3 and food farms do not count
    assert place(game, state, 0, "E", "E2").event["points"] == {0: {"farm": 3}}
    assert place(game, state, 0, "F", "E3").event["points"] == {0: {"farm": 1}}


def test_farm_joining_two_clusters_counts_the_whole_new_cluster(game):
    # B4 and C6 are not adjacent; C5 touches both (C6 is open with 3 players)
    state = play(game, fresh(game, 3), (0, "F", "B4"), (0, "F", "C6"))
    assert place(game, state, 0, "F", "C5").event["points"] == {0: {"farm": 3}}


def test_cathedral_marker_and_one_mission_card_per_player_per_cathedral(game):
    state = fresh(game)
    deck_before = list(state.mission_deck)
    first = place(game, state, 0, "E", "D3")  # next to the cathedral C4
    assert first.state.cathedral_markers["C4"] == [0]
    assert first.private == {0: {"missions_drawn": [deck_before[0]]}}
    assert first.event["missions_drawn"] == 1 and "missions_drawn" not in str(first.event.get("points"))
    again = place(game, first.state, 0, "E", "D4")  # same cathedral again: no second card
    assert again.state.missions[0] == [deck_before[0]] and again.private == {}
    other = place(game, again.state, 1, "E", "B4")
    assert other.state.cathedral_markers["C4"] == [0, 1] and other.state.missions[1] == [deck_before[1]]


def test_no_mission_card_when_the_deck_is_empty(game):
    state = fresh(game)
    state.mission_deck = []
    applied = place(game, state, 0, "E", "D3")
    assert applied.state.cathedral_markers["C4"] == [0] and applied.state.missions[0] == []


# -------------------------------------------------------------------- castles


def test_castle_goes_to_most_adjacent_tiles(game):
    applied = place(game, fresh(game), 0, "E", "E2")
    assert applied.state.castles["F2"] == 0
    assert applied.event["castles"] == [{"castle": "Edinburgh Castle", "from": None, "to": 0}]


def test_castle_tie_goes_to_more_adjacent_farms(game):
    # Stirling (F5): seat 0 has a settlement next to it, seat 1 a farm: 1 tile each, seat 1 has more farms
    state = play(game, fresh(game), (0, "S1", "E4"))
    assert state.castles["F5"] == 0
    after = place(game, state, 1, "F", "G5")
    assert after.state.castles["F5"] == 1


def test_castle_full_tie_goes_to_the_active_player(game):
    state = play(game, fresh(game), (0, "E", "E2"))
    after = place(game, state, 1, "E", "G3")  # one farm each next to Edinburgh: the mover takes it
    assert after.state.castles["F2"] == 1
    back = place(game, after.state, 0, "F", "F3")
    assert back.state.castles["F2"] == 0 and back.event["castles"][0]["from"] == 1


# ------------------------------------------------------------ end and scoring


def test_draw_after_placing_and_the_game_ends_when_every_supply_is_placed(game):
    state = fresh(game, supply=1)
    state.hands = ["E", "E"]
    state = game.apply(state, 0, "D2").state
    assert state.hands[0] == "E" and state.supplies[0] == [] and state.current == 1
    state = game.apply(state, 1, "E2").state
    state = game.apply(state, 0, "C2").state
    assert not state.finished and state.hands[0] is None
    state = game.apply(state, 1, "G3").state
    assert state.finished and state.current is None and game.legal_moves(state, 0) == []


def end_now(game: Rebirth, state: RebirthState, seat: int, tile: str, space: str) -> RebirthState:
    """Make this placement the last one of the game."""
    state = state.copy()
    state.supplies = [[] for _ in state.supplies]
    state.hands = [None] * state.players
    state.hands[seat] = tile
    state.current = seat
    return game.apply(state, seat, space).state


def test_final_scoring_incomplete_settlements_castles_and_missions(game):
    state = fresh(game)
    state = play(game, state, (0, "S3", "B3"), (1, "S2", "E4"), (0, "S1", "F4"))
    state.missions = [["T01", "T03"], ["T02"]]
    state = play(game, state, (0, "E", "E2"))  # seat 0 controls Edinburgh
    final = end_now(game, state, 0, "E", "D2")
    assert final.finished
    # incomplete Midton (3) and Bigburgh (1) score as small settlements; castles 5 each
    assert final.scores[0]["incomplete"] == 3 + 1
    assert final.scores[1]["incomplete"] == 2
    assert final.scores[0]["castles"] == 5 * sum(h == 0 for h in final.castles.values())
    # T01 (2 energy farms) met, T03 (a port) not; T02 (2 castles) not met by seat 1
    assert final.scores[0]["missions"] == 4 and "missions" not in final.scores[1]
    assert final.final["missions_met"] == [["T01"], []]


def test_winner_is_the_highest_total(game):
    state = play(game, fresh(game), (0, "S3", "B2"))
    final = end_now(game, state, 1, "E", "D2")
    assert final.final["winners"] == [0] and final.final["decided_by"] == "score"


@pytest.mark.parametrize(
    ("castles", "scores", "winners", "decided_by"),
    [
        # each seat holds one castle (5 each); the last placement (seat 0, +1) evens the totals
        ({"F2": 1, "F5": 0}, [9, 10], [1], "Edinburgh Castle"),
        ({"F2": None, "F5": 0}, [4, 10], [0], "Stirling Castle"),
        ({"F2": None, "F5": None}, [9, 10], [0, 1], "shared"),
    ],
)
def test_tie_broken_by_edinburgh_castle_then_stirling_then_shared(game, castles, scores, winners, decided_by):
    state = fresh(game)
    state.castles = dict(castles)
    state.scores = [{"farm": value} for value in scores]
    final = end_now(game, state, 0, "E", "B5")  # B5 touches no castle: control stays
    assert final.total(0) == final.total(1)
    assert final.final["winners"] == winners and final.final["decided_by"] == decided_by


def test_resigned_player_is_skipped_and_cannot_win(game):
    state = fresh(game, 3)
    state.scores = [{"farm": 50}, {}, {}]
    after = game.apply(state, 0, "resign").state
    assert after.resigned[0] and after.current == 1 and after.hands[0] is None
    last = game.apply(after, 2, "resign").state
    assert last.finished and last.final["winners"] == [1]


# -------------------------------------------------------------- views, replay


def test_views_hide_hands_supplies_set_asides_and_missions(game):
    state = game.new_game(3, {"map": "testmap"}, seed=9)
    public = game.view(state, None)
    text = json.dumps(public)
    assert public["private"] is None
    assert "set_aside" not in text and 'mission_deck": [' not in text
    mine = game.view(state, 1)
    assert mine["private"]["hand"] == state.hands[1]
    assert mine["private"]["set_aside"] == state.set_aside[1]
    assert all(isinstance(seat["supply"], int) for seat in mine["seats"])


def test_setup_is_decided_by_the_seed(game):
    a = game.new_game(4, {"map": "testmap"}, seed=42)
    b = game.new_game(4, {"map": "testmap"}, seed=42)
    c = game.new_game(4, {"map": "testmap"}, seed=43)
    assert a.dumps() == b.dumps() and a.dumps() != c.dumps()
    assert all(len(s) == 2 for s in a.set_aside)
    assert all(len(s) + 1 + 2 == 14 for s in a.supplies)  # the tile mix of this fixture: 14 a colour


def test_state_json_round_trip_and_replay_reproduce_the_state(game):
    state = game.new_game(2, {"map": "testmap"}, seed=5)
    moves = []
    while not state.finished:
        seat = state.current
        move = game.legal_moves(state, seat)[0]
        moves.append((seat, move))
        state = game.apply(state, seat, move).state
        assert RebirthState.loads(state.dumps()).dumps() == state.dumps()
    replay = game.new_game(2, {"map": "testmap"}, seed=5)
    for seat, move in moves:
        replay = game.apply(replay, seat, move).state
    assert replay.dumps() == state.dumps()


def test_move_choices_are_labelled_with_points_and_sorted_best_first(game):
    state = play(game, fresh(game), (0, "S3", "B3"))
    ready = place_ready(state, 0, "S1")
    choices = RebirthPresenter(game).moves.move_choices(ready, 0, None)
    assert choices[0].notation == "C3" and "+8" in choices[0].label  # completes Midton alone
    assert {c.notation for c in choices} == set(game.legal_moves(ready, 0))
    assert RebirthPresenter(game).moves.move_choices(ready, 1, None) == []


def test_seat_order_comes_from_the_seed():
    from engine.base import seat_order

    assert seat_order(4, 11) == seat_order(4, 11)
    assert sorted(seat_order(4, 11)) == [0, 1, 2, 3]
    assert len({tuple(seat_order(4, seed)) for seed in range(20)}) > 5


# ------------------------------------------------------- mission conditions


def position_with(game: Rebirth, tiles: dict[str, tuple[int, str]], castles=None, markers=None):
    from engine.rebirth.missions import Position

    board = game.boards["testmap"]
    return Position(board, tiles, castles or {"F2": None, "F5": None}, markers or {"C4": []})


@pytest.mark.parametrize(
    ("condition", "tiles", "expected"),
    [
        ({"type": "cluster", "farm": "energy", "size": 3}, {"D2": "E", "E2": "E", "G3": "E"}, (2, 3)),
        (
            {"type": "cluster", "farm": "any", "size": 2, "count": 2},
            {"D2": "E", "E2": "E", "E3": "F", "F3": "F"},
            (2, 2),
        ),
        ({"type": "farms", "farm": "food", "count": 3}, {"E3": "F", "C5": "F"}, (2, 3)),
        ({"type": "settlements_present", "size": 3, "count": 1}, {"F4": "S1"}, (1, 1)),
        ({"type": "sole_settlement", "size": 2, "count": 1}, {"B3": "S1", "C3": "S2"}, (1, 1)),
        ({"type": "settlements_won", "size": None, "count": 1}, {"B3": "S3"}, (0, 1)),
        ({"type": "ports", "count": 1}, {"B2": "S1"}, (1, 1)),
        ({"type": "adjacent", "feature": "sea", "count": 2}, {"B2": "S1", "D2": "E", "D4": "E"}, (2, 2)),
        ({"type": "adjacent", "feature": "loch", "count": 2}, {"D4": "E", "E5": "E", "B2": "S1"}, (2, 2)),
        ({"type": "adjacent", "feature": "castle", "count": 1}, {"E2": "E"}, (1, 1)),
        (
            {"type": "region", "region": "South", "count": 2, "tile": "settlement"},
            {"E4": "S1", "B5": "E"},
            (1, 2),
        ),
        ({"type": "regions", "count": 2}, {"B2": "S1", "B5": "E"}, (2, 2)),
        ({"type": "influence", "total": 5}, {"B2": "S3", "E4": "S1"}, (4, 5)),
        ({"type": "line", "length": 3}, {"B5": "E", "C5": "F", "E5": "E"}, (2, 3)),  # D5 is a loch
        ({"type": "line", "length": 3}, {"C2": "E", "D2": "E", "E2": "E"}, (3, 3)),
        (
            {"type": "line", "length": 3},
            {"D2": "E", "D3": "E", "D4": "E"},
            (2, 3),
        ),  # D2-D3 touch, D3-D4 do not
        ({"type": "each_kind", "count": 1}, {"B2": "S1", "D2": "E"}, (0, 1)),
    ],
)
def test_each_mission_condition_counts_only_what_it_says(game, condition, tiles, expected):
    from engine.rebirth.missions import progress

    board_tiles = {space: (0, tile) for space, tile in tiles.items()}
    board_tiles.setdefault("G3", (1, "E"))  # an opponent's tile, which never counts for seat 0
    assert progress(condition, position_with(game, board_tiles), 0) == expected


def test_castle_and_cathedral_conditions_read_the_markers(game):
    from engine.rebirth.missions import progress

    pos = position_with(game, {}, castles={"F2": 0, "F5": 1}, markers={"C4": [0, 1]})
    assert progress({"type": "castles", "count": 2}, pos, 0) == (1, 2)
    assert progress({"type": "castle", "name": "Stirling Castle"}, pos, 1) == (1, 1)
    assert progress({"type": "cathedrals", "count": 1}, pos, 1) == (1, 1)
