"""Scenario tests for Ireland (advanced mode), on a small fixture map.

tests/fixtures/rebirth_ireland_test_map.json: an offshore small settlement B2, a sprawling
settlement Dublin (B3 C3 D3 E3), Blarney Castle F2, a cathedral D5, Round Towers C4 (next to
B4 C3 D3 D4 C5) and F5 (next to F4 E5 G5 E6 F6), and the Hill of Tara E4 (next to E3 F3 D4 F4 E5).
"""

from __future__ import annotations

import json

import pytest

from engine.errors import IllegalMove
from engine.rebirth import Rebirth, RebirthState
from presenters.rebirth import RebirthPresenter
from tests.support.paths import FIXTURES
from tests.support.refusals import refusing

FIXTURE = FIXTURES / "rebirth_ireland_test_map.json"
NEVER = {"type": "castles", "count": 9}
MISSIONS = [
    {
        "id": "P01",
        "name": "Two Winds",
        "high": 6,
        "low": 3,
        "condition": {"type": "cluster", "farm": "energy", "size": 2},
    },
    {"id": "P02", "name": "Chieftain", "high": 5, "low": 2, "condition": {"type": "castles", "count": 1}},
    *(
        {"id": f"P{n:02d}", "name": f"Never {n}", "high": 4, "low": 1, "condition": NEVER}
        for n in range(3, 11)
    ),
]
TOWER_TILES = [
    {"id": "RT1", "bonus": "points", "value": 3},
    {"id": "RT2", "bonus": "extra_tile"},
    {"id": "RT3", "bonus": "recall"},
    {"id": "RT4", "bonus": "mission"},
    {"id": "RT5", "bonus": "doubling"},
]


@pytest.fixture(scope="module")
def game() -> Rebirth:
    tiles = {"colour_tiles": {"E": 4, "F": 4, "S1": 2, "S2": 2, "S3": 2}, "set_aside": {"testireland": 4}}
    return Rebirth(
        {"testireland": json.loads(FIXTURE.read_text())},
        tiles,
        {"testireland": MISSIONS},
        {"testireland": TOWER_TILES},
    )


def fresh(game: Rebirth, players: int = 2, towers: tuple[str, str] = ("RT1", "RT2")) -> RebirthState:
    """Seat 0 to move; supplies of energy farms; public row P01, P02 + six never-met cards."""
    state = game.new_game(players, {"map": "testireland"}, seed=4)
    state.current = 0
    state.supplies = [["E"] * 5 for _ in range(players)]
    state.public_missions = [f"P{n:02d}" for n in range(1, 9)]
    state.public_done = {card: [] for card in state.public_missions}
    state.mission_deck = ["P09", "P10"]
    state.towers = {"C4": towers[0], "F5": towers[1]}
    state.towers_used = {"C4": [], "F5": []}
    return state


def place(game, state, seat, tile, move):
    state = state.copy()
    state.current = seat
    state.hands[seat] = tile
    return game.apply(state, seat, move)


def test_setup_four_set_aside_a_public_row_of_eight_and_a_bonus_on_each_tower(game):
    state = game.new_game(3, {"map": "testireland"}, seed=11)
    assert all(len(aside) == 4 for aside in state.set_aside)
    assert len(state.public_missions) == 8 and len(state.mission_deck) == 2
    assert set(state.towers) == {"C4", "F5"} and len(set(state.towers.values())) == 2
    assert state.doubling == [True, True, True]
    public = game.view(state, None)
    assert len(public["public_missions"]) == 8 and public["towers"]["C4"]["bonus"]
    assert "set_aside" not in json.dumps(public) and public["tara"] == "E4"


def test_sprawling_settlement_pays_twelve_eight_five_by_influence(game):
    state = fresh(game, 3)
    for seat, tile, space in [(0, "S3", "B3"), (1, "S2", "C3"), (2, "S1", "D3")]:
        state = place(game, state, seat, tile, space).state
    done = place(game, state, 0, "S1", "E3")
    assert done.event["points"] == {0: {"settlement": 12}, 1: {"settlement": 8}, 2: {"settlement": 5}}


def test_sprawling_settlement_ties_share_the_places(game):
    state = fresh(game, 2)
    for seat, tile, space in [(0, "S2", "B3"), (1, "S2", "C3"), (0, "S1", "D3")]:
        state = place(game, state, seat, tile, space).state
    # seat 0: 3, seat 1: 2 + 1 = 3: tied for first, they share 12 + 8
    assert place(game, state, 1, "S1", "E3").event["points"] == {0: {"settlement": 10}, 1: {"settlement": 10}}


def test_offshore_farm_scores_one_for_a_settlement_tile(game):
    assert place(game, fresh(game), 0, "S2", "B2").event["points"] == {0: {"settlement": 2, "offshore": 1}}


def test_public_mission_first_completer_scores_high_later_ones_low(game):
    state = place(game, fresh(game), 0, "E", "D2").state
    first = place(game, state, 0, "E", "C2")  # C2 and D2 touch; neither touches the castle
    assert first.event["points"][0]["public"] == 6
    assert first.event["public_missions"] == [{"mission": "Two Winds", "seat": 0, "points": 6, "first": True}]
    state = place(game, first.state, 1, "E", "B5").state
    later = place(game, state, 1, "E", "B6")
    assert later.event["points"][1]["public"] == 3 and later.state.public_done["P01"] == [0, 1]
    again = place(game, later.state, 0, "E", "E2")  # grows the cluster: "Two Winds" is not paid twice
    assert all(m["mission"] != "Two Winds" for m in again.event.get("public_missions", []))


def test_public_missions_are_checked_for_every_player_after_every_placement(game):
    # taking Blarney Castle completes "Chieftain" at once, in the same placement
    applied = place(game, fresh(game), 1, "E", "E2")
    assert applied.state.castles["F2"] == 1
    assert {"mission": "Chieftain", "seat": 1, "points": 5, "first": True} in applied.event["public_missions"]


def test_tower_points_once_per_player_per_tower(game):
    state = fresh(game)
    first = place(game, state, 0, "E", "B4")  # next to tower C4 (points 3)
    assert first.event["points"][0]["tower"] == 3 and first.state.towers_used["C4"] == [0]
    again = place(game, first.state, 0, "F", "C5")
    assert "tower" not in again.event["points"].get(0, {})
    other = place(game, again.state, 1, "E", "D4")
    assert other.event["points"][1]["tower"] == 3


def test_extra_tile_tower_is_a_second_placement_before_the_draw(game):
    state = fresh(game)
    state.supplies[0] = ["F", "E", "E"]
    applied = place(game, state, 0, "E", "E5")  # next to tower F5 (extra tile)
    after = applied.state
    assert after.current == 0 and after.pending == [{"kind": "extra", "tile": "F", "source": "extra_tile"}]
    assert game.view(after, None)["pending"] == {"seat": 0, "kind": "extra", "sources": ["extra_tile"]}
    assert "F" not in json.dumps(game.view(after, None)["pending"])
    assert all(game.board(after).kind[m.split()[0]] in ".f" for m in game.legal_moves(after, 0))
    extra = game.apply(after, 0, "G5")
    assert extra.state.board["G5"] == (0, "F") and extra.state.current == 1
    assert extra.state.hands[0] == "E" and extra.state.supplies[0] == ["E"]


def test_recall_tower_brings_the_top_set_aside_tile_back_into_play(game):
    state = fresh(game, towers=("RT3", "RT1"))
    state.set_aside[0] = ["S3", "E", "F", "F"]
    after = place(game, state, 0, "E", "B4").state  # next to C4 (recall)
    assert after.pending[0]["tile"] == "S3" and after.set_aside[0] == ["E", "F", "F"]
    placed = game.apply(after, 0, "B2").state
    assert placed.board["B2"] == (0, "S3") and placed.current == 1


def test_mission_tower_draws_a_private_card(game):
    state = fresh(game, towers=("RT4", "RT1"))
    applied = place(game, state, 0, "E", "B4")
    assert applied.state.missions[0] == ["P09"] and applied.private == {0: {"missions_drawn": ["P09"]}}


def test_doubling_marker_doubles_a_placement_once_per_game(game):
    state = place(game, fresh(game), 0, "E", "D2").state
    doubled = place(game, state, 0, "E", "E2 x2")
    own = doubled.event["points"][0]
    assert own["farm"] == 2 and own["doubling"] == 2 and doubled.event["doubled"]
    assert doubled.state.doubling[0] is False
    with refusing(IllegalMove, "already used your Doubling Marker"):
        place(game, doubled.state, 0, "E", "G3 x2")
    assert not any(m.endswith("x2") for m in game.legal_moves(place_ready(doubled.state, 0), 0))


def place_ready(state, seat):
    state = state.copy()
    state.current = seat
    state.hands[seat] = "E"
    return state


def test_doubling_tower_turns_the_marker_back_or_scores_two(game):
    state = fresh(game, towers=("RT5", "RT1"))
    unused = place(game, state, 0, "E", "B4")
    assert unused.event["points"][0]["tower"] == 2
    state.doubling[1] = False
    used = place(game, state, 1, "E", "B4")
    assert used.state.doubling[1] is True


def test_move_choices_offer_doubled_placements_and_tower_bonuses(game):
    state = place(game, fresh(game), 0, "E", "D2").state
    choices = RebirthPresenter(game).moves.move_choices(place_ready(state, 0), 0, None)
    labels = {c.notation: c.label for c in choices}
    # The doubled farm of 2 (4) and the public missions it meets at once: Two Winds 6, Chieftain 5.
    assert "E2 x2" in labels and "+15 (Doubling Marker)" in labels["E2 x2"]
    assert "tower +3" in labels["B4"]


def end_now(game, state, seat, tile, space):
    state = state.copy()
    state.supplies = [[] for _ in state.supplies]
    state.hands = [None] * state.players
    state.hands[seat] = tile
    state.current = seat
    return game.apply(state, seat, space).state


def test_private_missions_score_their_high_value_at_the_end(game):
    state = fresh(game)
    state.missions = [["P02"], []]
    final = end_now(game, state, 0, "E", "E2")  # takes Blarney: P02 met
    assert final.scores[0]["missions"] == 5


def test_tie_broken_by_blarney_then_hill_of_tara_then_shared(game):
    state = fresh(game)
    state.public_missions, state.public_done = [], {}
    state.castles = {"F2": 1}
    state.scores = [{"farm": 9}, {"farm": 5}]  # seat 1 holds Blarney: 5 + 5 = 10 = 9 + 1
    final = end_now(game, state, 0, "F", "C6")
    assert final.final["winners"] == [1] and final.final["decided_by"] == "Blarney Castle"

    state.castles = {"F2": None}
    state.scores = [{"farm": 9}, {"farm": 10}]
    state.board["F3"] = (0, "E")  # seat 0 has a tile next to the Hill of Tara
    final = end_now(game, state, 0, "F", "C6")
    assert final.final["winners"] == [0] and final.final["decided_by"] == "Hill of Tara"

    del state.board["F3"]
    final = end_now(game, state, 0, "F", "C6")
    assert final.final["winners"] == [0, 1] and final.final["decided_by"] == "shared"


def test_replay_with_towers_and_doubling_reproduces_the_state(game):
    state = game.new_game(3, {"map": "testireland"}, seed=21)
    moves = []
    while not state.finished:
        seat = state.current
        legal = game.legal_moves(state, seat)
        move = legal[len(moves) % len(legal)]
        moves.append((seat, move))
        state = game.apply(state, seat, move).state
    replay = game.new_game(3, {"map": "testireland"}, seed=21)
    for seat, move in moves:
        replay = game.apply(replay, seat, move).state
    assert replay.dumps() == state.dumps() and RebirthState.loads(state.dumps()).dumps() == state.dumps()


def test_hill_of_tara_leaves_out_players_behind_on_it(game):
    state = fresh(game, 3)
    state.public_missions, state.public_done = [], {}
    state.castles = {"F2": None}
    state.scores = [{"farm": 9}, {"farm": 10}, {"farm": 10}]
    state.board.update({"F3": (0, "E"), "D4": (1, "E")})  # seats 0 and 1 touch Tara, seat 2 does not
    final = end_now(game, state, 0, "F", "C6")
    assert final.final["winners"] == [0, 1] and final.final["decided_by"] == "shared"


def test_extra_placements_chain_before_the_draw(game):
    state = fresh(game, towers=("RT3", "RT2"))
    state.supplies[0] = ["F", "E"]
    state.set_aside[0] = ["S1", "E", "E", "E"]
    first = place(game, state, 0, "E", "D4").state  # D4 touches tower C4 (recall) and Tara
    assert [p["tile"] for p in first.pending] == ["S1"] and first.current == 0
    second = game.apply(first, 0, "B2").state  # the recalled settlement; B2 touches no tower
    assert second.pending == [] and second.current == 1 and second.hands[0] == "F"
    chain = place(game, fresh(game, towers=("RT3", "RT2")), 0, "E", "F4")  # F4 touches F5 (extra tile)
    assert chain.state.pending[0]["source"] == "extra_tile"
    on_c4 = game.apply(chain.state, 0, "B4")  # the extra tile lands next to C4: a recall follows
    assert on_c4.state.current == 0 and on_c4.state.pending[0]["source"] == "recall"


def test_empty_piles_give_nothing_and_are_not_advertised(game):
    state = fresh(game, towers=("RT3", "RT4"))
    state.set_aside[0] = []
    state.mission_deck = []
    choices = RebirthPresenter(game).moves.move_choices(place_ready(state, 0), 0, None)
    labels = {c.notation: c.label for c in choices}
    assert "tower" not in labels["B4"] and "tower" not in labels["E5"]
    applied = place(game, state, 0, "E", "B4")  # recall with an empty set-aside pile
    assert applied.state.pending == [] and applied.event["towers"][0]["outcome"] == "empty"
    assert applied.state.current == 1


def test_resigning_with_an_extra_tile_pending_passes_the_turn(game):
    state = fresh(game, 3, towers=("RT1", "RT2"))
    pending = place(game, state, 0, "E", "E5").state
    assert pending.pending and pending.current == 0
    after = game.apply(pending, 0, "resign").state
    assert after.pending == [] and after.current == 1


def test_a_placement_can_complete_a_public_mission_for_another_player(game):
    state = fresh(game)
    state.public_missions = ["P11"] + [f"P{n:02d}" for n in range(3, 10)]
    state.public_done = {card: [] for card in state.public_missions}
    game.missions["P11"] = {
        "id": "P11",
        "name": "Lord Mayor",
        "high": 7,
        "low": 3,
        "condition": {"type": "settlements_won", "size": 4, "count": 1},
    }
    try:
        for seat, tile, space in [(1, "S3", "B3"), (1, "S3", "C3"), (0, "S1", "D3")]:
            state = place(game, state, seat, tile, space).state
        done = place(game, state, 0, "S1", "E3")  # seat 0 completes Dublin; seat 1 leads it
        assert {"mission": "Lord Mayor", "seat": 1, "points": 7, "first": True} in done.event[
            "public_missions"
        ]
    finally:
        del game.missions["P11"]


def test_doubling_a_completion_doubles_only_the_movers_points(game):
    state = fresh(game, 3)
    for seat, tile, space in [(1, "S3", "B3"), (2, "S2", "C3"), (0, "S1", "D3")]:
        state = place(game, state, seat, tile, space).state
    done = place(game, state, 0, "S3", "E3 x2").event["points"]  # seat 0: 1 + 3 = 4, first
    assert done[1] == {"settlement": 8} and done[2] == {"settlement": 5}
    assert done[0] == {"settlement": 12, "doubling": 12}


def test_an_incomplete_sprawling_settlement_scores_as_small_ones_at_the_end(game):
    state = place(game, fresh(game), 1, "S3", "B3").state
    final = end_now(game, state, 0, "S2", "C3")
    assert final.scores[1]["incomplete"] == 3 and final.scores[0]["incomplete"] == 2
