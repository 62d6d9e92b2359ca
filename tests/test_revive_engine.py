"""The Revive engine foundation: setup, hidden information, decisions as moves, hibernation,
and replay from the seed. (The full rules are issue 4; docs/revive.md says what is left.)"""

from __future__ import annotations

import json
import random

import pytest

from content.revive import load_revive
from engine.errors import IllegalMove, NotYourTurn
from engine.revive import Revive, ReviveState


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())



def answers(game: Revive, state: ReviveState, seat: int) -> list[str]:
    """The answers to the open decision: legal moves without the crystal trades, which are
    free actions offered at any time in the player's own turn."""
    return [move for move in game.legal_moves(state, seat) if not move.startswith("crystal ")]


def test_setup_follows_the_text(game):
    state = game.new_game(4, {}, seed=8)
    content = load_revive()
    assert sum(p["face_up"] for p in state.board.values()) == sum(t["start"] for t in content["tiles"])
    assert len(state.corners) == 4 and len({c["location"] for c in state.corners.values()}) == 4
    assert len(state.displays["citizens"]) == content["rules"]["displays"]["citizens"]
    assert len(state.crater) == sum(m["players"] <= 4 for m in content["artifacts"]["majors"])
    assert len({seat["tribe"] for seat in state.seats}) == 4
    assert len({seat["artifact_card"] for seat in state.seats}) == 4
    for seat in state.seats:
        assert len(seat["active"]) == 3 and len(seat["resting"]) == 3 and seat["energy"] == 1
        assert not seat["switch_used"] and seat["hibernation"] == 0


def test_starting_resources_go_by_turn_order(game):
    state = game.new_game(4, {}, seed=8)
    order = [(state.current + step) % 4 for step in range(4)]
    totals = [sum(state.seats[seat]["resources"].values()) for seat in order]
    assert totals == [1, 2, 3, 4]
    assert all(state.seats[seat]["resources"]["crystal"] == 1 for seat in order)


def test_views_hide_artifact_cards_resting_cards_and_deck_order(game):
    state = game.new_game(3, {}, seed=2)
    public = json.dumps(game.view(state, None))
    for seat in state.seats:
        assert seat["artifact_card"] not in public
    assert state.decks["citizens"][0] not in public
    mine = game.view(state, 1)
    assert mine["private"]["artifact_card"] == state.seats[1]["artifact_card"]
    assert mine["seats"][0]["resting"] == 3  # a count only


def test_switch_once_until_hibernation_and_crystals_are_a_free_action(game):
    state = game.new_game(2, {}, seed=3)
    seat = state.current
    state = game.apply(state, seat, "switch food").state
    assert state.seats[seat]["resources"]["food"] >= 1 and state.actions_taken == 1
    assert not any(m.startswith("switch") for m in game.legal_moves(state, seat))
    before = dict(state.seats[seat]["resources"])
    state = game.apply(state, seat, "crystal gear").state
    assert state.seats[seat]["resources"]["crystal"] == before["crystal"] - 1
    assert state.actions_taken == 1  # free
    with pytest.raises(NotYourTurn):
        game.apply(state, 1 - seat, "end")
    with pytest.raises(IllegalMove):
        game.apply(state, seat, "hibernate")  # only instead of actions


def test_a_turn_has_at_most_two_actions(game):
    state = game.new_game(2, {}, seed=3)
    seat = state.current
    state = game.apply(state, seat, "switch food").state
    card = state.seats[seat]["active"][0]
    state = game.apply(state, seat, f"play {card} top_left").state
    while state.stack:
        state = game.apply(state, seat, game.legal_moves(state, seat)[0]).state
    assert state.actions_taken == 2
    assert not any(m.startswith(("play", "switch")) for m in game.legal_moves(state, seat))
    assert game.apply(state, seat, "end").state.current == 1 - seat


def test_decisions_inside_an_action_are_moves(game):
    state = game.new_game(2, {}, seed=3)
    seat = state.current
    state.stack.append({"kind": "gain_any", "amount": 2, "left": 2})
    moves = game.legal_moves(state, seat)
    assert moves[:3] == ["take gear", "take book", "take food"]
    # Crystals trade at any time in your turn, so also in the middle of a decision.
    assert moves[3:] == ["crystal gear", "crystal book", "crystal food"]
    state = game.apply(state, seat, "take book").state
    assert state.stack == [{"kind": "gain_any", "amount": 2, "left": 1}]
    state = game.apply(state, seat, "take book").state
    assert state.stack == [] and state.seats[seat]["resources"]["book"] >= 2
    restored = ReviveState.loads(state.dumps())
    assert restored.dumps() == state.dumps()


def test_hibernate_runs_the_five_steps_and_offers_the_rewards(game):
    state = game.new_game(2, {}, seed=4)
    seat = state.current
    me = state.seats[seat]
    me["slots"]["top_left"] = [me["active"].pop(0)]
    me["switch_used"], me["powered"], me["energy"] = True, ["MG1"], 0
    me["hibernation"] = 1
    resting = list(me["resting"])
    state = game.apply(state, seat, "hibernate").state
    me = state.seats[seat]
    assert me["energy"] == 1 and me["powered"] == []  # 1
    assert set(resting) <= set(me["active"])  # 2
    assert len(me["resting"]) == 1 and all(not cards for cards in me["slots"].values())  # 3
    assert me["switch_used"] is False  # 4
    assert me["hibernation"] == 2  # 5, then a reward from this space or below
    assert answers(game, state, seat) == ["reward 1", "reward 2"] and state.current == seat
    state = game.apply(state, seat, "reward 2").state
    while state.stack:
        state = game.apply(state, seat, game.legal_moves(state, seat)[0]).state
    assert state.current == 1 - seat


def test_random_games_replay_from_the_seed(game):
    rng = random.Random(5)
    state = game.new_game(3, {}, seed=12)
    moves = []
    for _ in range(250):
        seat = game.to_move(state)
        legal = game.legal_moves(state, seat)
        move = legal[rng.randrange(len(legal))]
        moves.append((seat, move))
        state = game.apply(state, seat, move).state
        for me in state.seats:
            assert all(0 <= me["resources"][r] <= game.limits[r] for r in game.limits)
    replay = game.new_game(3, {}, seed=12)
    for seat, move in moves:
        replay = game.apply(replay, seat, move).state
    assert replay.dumps() == state.dumps()


def resolve(game, state, seat, *effects):
    """Resolve `effects` for `seat` as a card would, returning the state (frames stay open)."""
    state = state.copy()
    game._resolve(state, seat, list(effects))
    return state


def test_recruit_takes_a_displayed_card_and_refills_the_display(game):
    state = game.new_game(2, {}, seed=6)
    seat = state.current
    state = resolve(game, state, seat, {"kind": "recruit"})
    shown = list(state.displays["citizens"])
    assert answers(game, state, seat) == [f"recruit {c}" for c in shown] + ["recruit deck"]
    top = state.decks["citizens"][0]
    state = game.apply(state, seat, f"recruit {shown[1]}").state
    assert shown[1] in state.seats[seat]["active"] and shown[1] in state.seats[seat]["owned_cards"]
    assert top in state.displays["citizens"] and len(state.displays["citizens"]) == len(shown)


def test_machine_tokens_modules_and_the_free_actions_they_enable(game):
    state = game.new_game(2, {}, seed=6)
    seat = state.current
    state = resolve(game, state, seat, {"kind": "machine_token", "colour": "grey"})
    token = state.displays["machines"]["grey"][0]
    state = game.apply(state, seat, f"machine {token}").state
    assert state.seats[seat]["machines"] == [token]
    assert f"use {token}" in game.legal_moves(state, seat)
    state = game.apply(state, seat, f"use {token}").state
    while state.stack:
        state = game.apply(state, seat, game.legal_moves(state, seat)[0]).state
    assert state.seats[seat]["energy"] == 0 and f"use {token}" not in game.legal_moves(state, seat)
    state = resolve(game, state, seat, {"kind": "module"}, {"kind": "module"}, {"kind": "module"})
    for _ in range(3):
        move = next(m for m in game.legal_moves(state, seat) if " top_left" in m)
        state = game.apply(state, seat, move).state
        while state.stack and state.stack[-1]["kind"] != "module":
            state = game.apply(state, seat, game.legal_moves(state, seat)[0]).state
    assert len(state.seats[seat]["modules"]["top_left"]) == 2  # two spaces: the third replaced one


def test_tribe_ability_moves_a_progress_marker(game):
    state = game.new_game(2, {}, seed=6)
    seat = state.current
    before = state.seats[seat]["tribe_markers"]
    state = resolve(game, state, seat, {"kind": "tribe"})
    assert state.seats[seat]["tribe_markers"] == before - 1 and state.seats[seat]["progress"] == 1


def test_crates_are_taken_closed_and_opened_as_a_free_action(game):
    state = game.new_game(2, {}, seed=6)
    seat = state.current
    state = resolve(game, state, seat, {"kind": "crate"})
    [crate] = state.seats[seat]["crates"]
    assert crate not in json.dumps(game.view(state, None))  # closed crates are private
    state = game.apply(state, seat, f"open {crate}").state
    assert state.seats[seat]["opened"] == [crate] and state.actions_taken == 0


def test_the_last_major_artifact_ends_the_game_after_everyone_elses_final_turn(game):
    state = game.new_game(3, {}, seed=6)
    seat = state.current
    state.crater = state.crater[:1]
    state = resolve(game, state, seat, {"kind": "artifact"})
    state = game.apply(state, seat, f"artifact {state.crater[0]}").state
    assert state.end_tile == seat and state.crater == []
    state = game.apply(state, seat, "switch food").state
    state = game.apply(state, seat, "end").state
    others = [(seat + 1) % 3, (seat + 2) % 3]
    for other in others:
        assert state.current == other and not state.finished
        state = game.apply(state, other, "switch food").state
        state = game.apply(state, other, "end").state
    assert state.finished and state.final["breakdown"][seat]["end_tile"] == 5
    after = resolve(game, game.new_game(2, {}, seed=1), 0, {"kind": "artifact"})
    assert after.stack  # a crater still full offers a choice


def test_the_fifth_hibernation_space_removes_a_major_artifact_of_the_players_choice(game):
    state = game.new_game(2, {}, seed=6)
    seat = state.current
    state.seats[seat]["hibernation"] = 4
    state = game.apply(state, seat, "hibernate").state
    assert answers(game, state, seat) == [f"remove {m}" for m in state.crater]
    gone = state.crater[-1]
    state = game.apply(state, seat, f"remove {gone}").state
    assert gone not in state.crater and game.legal_moves(state, seat)[0].startswith("reward")


# ------------------------------------------------------- explore, build, populate


def rich(state, seat):
    state.seats[seat]["resources"].update({"gear": 8, "book": 8, "food": 8})
    return state


def test_range_starts_at_the_chasm_and_never_crosses_face_down_tiles(game):
    state = game.new_game(2, {}, seed=6)
    seat = state.current
    distance = game.range_costs(state, seat)
    assert all(distance[space] == 0 for space in game.board.chasm)
    face_down = {
        s for slot, p in state.board.items() if not p["face_up"] for s in game.board.slot_spaces[slot]
    }
    assert not face_down & set(distance)
    # a start tile touches the chasm: its spaces next to the chasm cost nothing to reach
    assert min(game._cost_to(distance, s) for s in game.board.slot_spaces["S1"]) == 0


def test_build_on_sand_pays_gears_and_advances_the_machine_tracks(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    state.current = 0
    builds = [m for m in game.legal_moves(state, 0) if m.startswith("build large")]
    assert builds and all(game.space_type(state, m.split()[2])["type"] == "sand" for m in builds)
    space = builds[0].split()[2]
    terrain = [game.space_type(state, n) for n in game.board.neighbours[space]]
    steps = {
        c: 2 * sum(1 for t in terrain if t and game.rules["terrain_tracks"].get(t["type"]) == c)
        for c in game.rules["machine_colours"]
    }
    reach = game._cost_to(game.range_costs(state, 0), space)
    after = game.apply(state, 0, builds[0]).state
    me = after.seats[0]
    assert me["resources"]["gear"] == 8 - 3 and me["resources"]["food"] <= 8 - reach
    assert after.pieces[space] == [[0, "large"]] and me["buildings"]["large"] == 3
    assert all(me["tracks"][c] >= min(steps[c], 10) for c in steps)
    assert not any(m.endswith(f" {space}") for m in game.legal_moves(after, 0) if m.startswith("build"))


def test_populate_the_lowest_technology_first_then_connected_ones(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    state.current = 0
    sun = game.tribes[state.seats[0]["tribe"]]["sun"]
    first = [m for m in game.legal_moves(state, 0) if m.startswith("populate")]
    assert first and all(m.split()[2] == sun["lowest"] for m in first)
    state = game.apply(state, 0, first[0]).state
    while state.stack:
        state = game.apply(state, game.to_move(state), game.legal_moves(state, game.to_move(state))[0]).state
    assert state.seats[0]["unlocked"] == [sun["lowest"]]
    linked = {t["id"] for t in sun["technologies"] if sun["lowest"] in t["connections"]}
    linked |= set(next(t for t in sun["technologies"] if t["id"] == sun["lowest"])["connections"])
    state.actions_taken = 0
    later = {m.split()[2] for m in game.legal_moves(state, 0) if m.startswith("populate")}
    assert later and later <= linked


def test_populating_where_others_are_pays_them_a_book(game):
    state = rich(rich(game.new_game(2, {}, seed=6), 0), 1)
    state.current = 0
    move = next(m for m in game.legal_moves(state, 0) if m.startswith("populate"))
    space = move.split()[1]
    state.pieces[space] = [[1, "population"]]
    books_before = state.seats[1]["resources"]["book"] = 3
    state = game.apply(state, 0, move).state
    assert state.seats[1]["resources"]["book"] == books_before + 1
    assert [0, "population"] in state.pieces[space]


def test_explore_pays_scores_recruits_then_flips_with_a_chosen_rotation(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    state.current = 0
    state.seats[0]["points"] = 0
    explores = [m for m in game.legal_moves(state, 0) if m.startswith("explore")]
    assert explores
    slot = explores[0].split()[1]
    back = game.area_tiles[state.board[slot]["tile"]]["back"]
    state = game.apply(state, 0, explores[0]).state
    assert state.seats[0]["points"] == back["points"]
    assert game.legal_moves(state, 0)[0].startswith("recruit")
    state = game.apply(state, 0, game.legal_moves(state, 0)[0]).state
    assert answers(game, state, 0) == [f"rotate {k}" for k in range(6)]
    state = game.apply(state, 0, "rotate 2").state
    assert (state.board[slot]["face_up"], state.board[slot]["rotation"], state.board[slot]["explorer"]) == (
        True,
        2,
        0,
    )
    assert game.view(state, None)["board"][slot]["tile"] == state.board[slot]["tile"]


def test_exploring_pays_every_player_with_a_building_next_to_a_revealed_space(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    state.current = 0
    slot = next(m for m in game.legal_moves(state, 0) if m.startswith("explore")).split()[1]
    tile_spaces = set(game.board.slot_spaces[slot])
    neighbour = next(
        n
        for space in game.board.slot_spaces[slot]
        for n in game.board.neighbours[space]
        if n not in tile_spaces and game._passable(state, n) and n not in game.board.chasm
    )
    state.pieces[neighbour] = [[1, "large"]]
    before = json.dumps(state.seats[1], sort_keys=True)
    state = game.apply(state, 0, f"explore {slot}").state
    while state.stack and state.stack[-1]["kind"] != "rotate":
        state = game.apply(state, game.to_move(state), game.legal_moves(state, game.to_move(state))[0]).state
    state = game.apply(state, 0, "rotate 0").state
    revealed = [
        game.space_type(state, n)["type"] for n in game.board.neighbours[neighbour] if n in tile_spaces
    ]
    gains = [t for t in revealed if t in ("forest", "mountain", "field", "crystal", "water")]
    changed = json.dumps(state.seats[1], sort_keys=True) != before
    assert gains, "this setup reveals terrain, crystal or water next to the building"
    assert changed


def test_discounts_never_take_a_cost_below_one_and_zero_stays_zero(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    me = state.seats[0]
    me["discounts"] = [{"action": "build", "amount": 5}]
    assert game._discount(me, "build", 3) == 1
    assert game._discount(me, "range", 0) == 0
    assert game._discount(me, "build", 3, spend=True) == 1 and me["discounts"] == []
    assert game._discount(me, "build", 3) == 3  # a turn discount is used by the next payment


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(game, players):
    """30 seeded games per player count: resources stay within their tracks, every citizen
    card is somewhere exactly once, no view shows another player's secret artifact card."""
    content = load_revive()
    all_cards = len(content["citizens"]["market"]) + sum(1 for _ in content["citizens"]["starting"])
    for seed in range(30):
        rng = random.Random(seed)
        state = game.new_game(players, {}, seed=1000 + seed)
        for step in range(5000):
            if state.finished:
                break
            actor = game.to_move(state)
            legal = game.legal_moves(state, actor)
            state = game.apply(state, actor, legal[rng.randrange(len(legal))]).state
            if step % 25:
                continue
            for seat, me in enumerate(state.seats):
                assert all(0 <= me["resources"][r] <= game.limits[r] for r in game.limits)
                assert me["energy"] >= 0
                others = json.dumps(game.view(state, (seat + 1) % players))
                assert me["artifact_card"] not in others.replace(
                    json.dumps(state.seats[(seat + 1) % players]["artifact_card"]), ""
                )
            cards = (
                len(state.decks["citizens"])
                + len(state.displays["citizens"])
                + sum(
                    len(m["active"]) + len(m["resting"]) + sum(map(len, m["slots"].values()))
                    for m in state.seats
                )
            )
            used_starting = len(content["citizens"]["starting"]) - 6 * players
            assert cards + used_starting == all_cards
        assert state.finished and state.end_tile is not None


def test_an_action_effect_is_a_free_action_or_skipped(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    state.current = 0
    state = resolve(game, state, 0, {"kind": "action", "action": "build"}, {"kind": "points", "amount": 2})
    moves = game.legal_moves(state, 0)
    assert moves[-1] == "skip" and all(m.startswith("build") for m in moves[:-1]) and len(moves) > 1
    points = state.seats[0]["points"]
    after = game.apply(state, 0, moves[0]).state
    assert after.actions_taken == 0 and after.seats[0]["buildings"] != state.seats[0]["buildings"]
    while after.stack:
        after = game.apply(after, game.to_move(after), game.legal_moves(after, game.to_move(after))[0]).state
    assert after.seats[0]["points"] >= points + 2  # the effects after it still resolve
    skipped = game.apply(state, 0, "skip").state
    assert skipped.seats[0]["points"] == points + 2
