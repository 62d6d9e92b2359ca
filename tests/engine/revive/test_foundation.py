"""The Revive engine foundation: setup, hidden information, decisions as moves, hibernation, and
replay from the seed. (docs/revive.md says which test shows each rule.)"""

from __future__ import annotations

import json
import multiprocessing
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

from content.revive import load_revive
from engine.errors import IllegalMove, NotYourTurn
from engine.records import random_game, replay
from engine.revive import Revive, ReviveState, costs
from engine.revive import effects as rules_effects


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
    state = game.new_game(2, {"rules": 1}, seed=4)  # version 1: hibernating ends the turn
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
            assert all(0 <= me["resources"][r] <= game.tables.limits[r] for r in game.tables.limits)
    replay = game.new_game(3, {}, seed=12)
    for seat, move in moves:
        replay = game.apply(replay, seat, move).state
    assert replay.dumps() == state.dumps()


def resolve(game, state, seat, *effects):
    """Resolve `effects` for `seat` as a card would, returning the state (frames stay open)."""
    state = state.copy()
    rules_effects.resolve(game.tables, state, seat, list(effects))
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
    distance = costs.range_costs(game.tables, state, seat)
    assert all(distance[space] == 0 for space in game.tables.board.chasm)
    face_down = {
        s for slot, p in state.board.items() if not p["face_up"] for s in game.tables.board.slot_spaces[slot]
    }
    assert not face_down & set(distance)
    # a start tile touches the chasm: its spaces next to the chasm cost nothing to reach
    assert min(costs.cost_to(distance, s) for s in game.tables.board.slot_spaces["S1"]) == 0


def test_build_on_sand_pays_gears_and_advances_the_machine_tracks(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    state.current = 0
    builds = [m for m in game.legal_moves(state, 0) if m.startswith("build large")]
    assert builds and all(
        costs.space_type(game.tables, state, m.split()[2])["type"] == "sand" for m in builds
    )
    space = builds[0].split()[2]
    terrain = [costs.space_type(game.tables, state, n) for n in game.tables.board.neighbours[space]]
    steps = {
        c: 2 * sum(1 for t in terrain if t and game.tables.rules["terrain_tracks"].get(t["type"]) == c)
        for c in game.tables.rules["machine_colours"]
    }
    reach = costs.cost_to(costs.range_costs(game.tables, state, 0), space)
    after = game.apply(state, 0, builds[0]).state
    me = after.seats[0]
    assert me["resources"]["gear"] == 8 - 3 and me["resources"]["food"] <= 8 - reach
    assert after.pieces[space] == [[0, "large"]] and me["buildings"]["large"] == 3
    assert all(me["tracks"][c] >= min(steps[c], 10) for c in steps)
    assert not any(m.endswith(f" {space}") for m in game.legal_moves(after, 0) if m.startswith("build"))


def test_populate_the_lowest_technology_first_then_connected_ones(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    state.current = 0
    sun = game.tables.tribes[state.seats[0]["tribe"]]["sun"]
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
    back = game.tables.area_tiles[state.board[slot]["tile"]]["back"]
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
    tile_spaces = set(game.tables.board.slot_spaces[slot])
    neighbour = next(
        n
        for space in game.tables.board.slot_spaces[slot]
        for n in game.tables.board.neighbours[space]
        if n not in tile_spaces and costs.passable(game.tables, state, n) and n not in game.tables.board.chasm
    )
    state.pieces[neighbour] = [[1, "large"]]
    before = json.dumps(state.seats[1], sort_keys=True)
    state = game.apply(state, 0, f"explore {slot}").state
    while state.stack and state.stack[-1]["kind"] != "rotate":
        state = game.apply(state, game.to_move(state), game.legal_moves(state, game.to_move(state))[0]).state
    state = game.apply(state, 0, "rotate 0").state
    revealed = [
        costs.space_type(game.tables, state, n)["type"]
        for n in game.tables.board.neighbours[neighbour]
        if n in tile_spaces
    ]
    gains = [t for t in revealed if t in ("forest", "mountain", "field", "crystal", "water")]
    changed = json.dumps(state.seats[1], sort_keys=True) != before
    assert gains, "this setup reveals terrain, crystal or water next to the building"
    assert changed


def test_discounts_never_take_a_cost_below_one_and_zero_stays_zero(game):
    state = rich(game.new_game(2, {}, seed=6), 0)
    me = state.seats[0]
    me["discounts"] = [{"action": "build", "amount": 5}]
    assert costs.discount(game.tables, me, "build", 3) == 1
    assert costs.discount(game.tables, me, "range", 0) == 0
    assert costs.discount(game.tables, me, "build", 3, spend=True) == 1 and me["discounts"] == []
    assert costs.discount(game.tables, me, "build", 3) == 3  # a turn discount is used by the next payment


# ------------------------------------------------------- random-playout conformance

PLAYOUTS = 100  # seeded random games per player count
VIEW_EVERY = 3  # every third move, one seat's view in turn (or the public view) is searched


def tokens(data: Any) -> set[str]:
    """Every string in `data` as JSON shows it (ids are whole strings, so `"A1"` never matches
    inside `"MA1"`); the pieces between the quotes come along and match no id."""
    return set(json.dumps(data).split('"'))


class Checked:
    """The engine with every invariant checked after each move. `engine.records.random_game`
    plays through it, so the game is also recorded for `replay`.

    Checked after every move: resources within their tracks and energy never negative; every
    component exactly once (citizen cards, modules, machines, crates, buildings, population
    figures, major and minor artifacts); only the seat to move has moves; the public event names
    nothing hidden. Every `VIEW_EVERY` moves one view (the public one or a seat's, in turn) is
    searched for anything that viewer may not know: another seat's artifact card, resting cards
    (those it recruited in public excepted) or closed crates, any face-down pile's content (so
    also its order), and face-down tiles (shown as `"tile": null`)."""

    def __init__(self, game: Revive, players: int) -> None:
        self.game, self.players = game, players
        content = game.tables.content
        self.limits = game.tables.limits
        self.modules = sorted(game.tables.modules)
        self.machines = sorted(game.tables.machines)
        self.crates = sorted(game.tables.crates)
        self.minors = content["artifacts"]["minors"]["count"]
        self.buildings = [
            (tribe["id"], tribe["sun"]["small_buildings"], tribe["sun"]["large_buildings"])
            for tribe in content["tribes"]
        ]
        self.market = [card["id"] for card in content["citizens"]["market"]]
        # Tiles T10-T12 share their ids with technologies (public once unlocked): views show
        # face-down tiles as `"tile": null`, so only the other face-down tiles are searched for.
        self.technologies = {tech for techs in game.tables.technologies.values() for tech in techs}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> ReviveState:
        state = self.game.new_game(players, options, seed)
        starting = [card for me in state.seats for card in me["active"] + me["resting"]]
        assert (
            len(starting) == 6 * players
            and len({self.game.tables.cards[c]["set"] for c in starting}) == players
        )
        self.citizens = sorted(self.market + starting)
        self.majors = sorted(state.crater)
        self.supply = [
            next((small, large) for tribe, small, large in self.buildings if tribe == me["tribe"])
            for me in state.seats
        ]
        self.removed: list[str] = []  # majors removed at the 5th hibernation space
        self.discarded: list[str] = []  # modules discarded to make room
        self.moves = 0
        self.check(state, {})
        self.state = state
        return state

    def apply(self, state: ReviveState, seat: int, move: str) -> Any:
        applied = self.game.apply(state, seat, move)
        words = move.split()
        if words[0] == "remove":
            self.removed.append(words[1])
        if words[0] == "module" and len(words) == 4:
            self.discarded.append(words[3])
        self.moves += 1
        assert self.moves < 5000, "a random game that does not end"
        self.check(applied.state, applied.event)
        self.state = applied.state
        return applied

    def check(self, state: ReviveState, event: dict[str, Any]) -> None:
        game, seats = self.game, state.seats
        for me in seats:
            assert all(0 <= me["resources"][r] <= self.limits[r] for r in self.limits), me["resources"]
            assert me["energy"] >= 0
        # Components: each exactly once.
        citizens = state.decks["citizens"] + state.displays["citizens"]
        modules = state.decks["modules"] + state.displays["modules"] + self.discarded
        machines = [m for pile in state.decks["machines"].values() for m in pile]
        machines += [m for shown in state.displays["machines"].values() for m in shown]
        crates = list(state.decks["crates"])
        majors = state.crater + self.removed
        minors = state.decks["minors"]
        for me in seats:
            citizens += me["active"] + me["resting"] + [c for played in me["slots"].values() for c in played]
            modules += [m for held in me["modules"].values() for m in held]
            machines += me["machines"]
            crates += me["crates"] + me["opened"]
            majors += me["majors"]
            minors += me["minors"]
        assert sorted(citizens) == self.citizens
        assert sorted(modules) == self.modules
        assert sorted(machines) == self.machines
        assert sorted(crates) == self.crates
        assert sorted(majors) == self.majors
        assert minors == self.minors
        placed = [{"small": 0, "large": 0, "population": 0} for _ in seats]
        for space, pieces in state.pieces.items():
            buildings, figures = 0, set()
            for owner, kind in pieces:
                placed[owner][kind] += 1
                if kind == "population":
                    assert owner not in figures, space  # one figure per player a location
                    figures.add(owner)
                else:
                    buildings += 1
            assert buildings <= 1, space  # one building a space
        for me, count, supply in zip(seats, placed, self.supply, strict=True):
            assert (
                count["small"] + me["buildings"]["small"],
                count["large"] + me["buildings"]["large"],
            ) == supply
            assert count["population"] == len(me["unlocked"]) == len(set(me["unlocked"]))
        # Moves belong to the seat to move only.
        actor = game.to_move(state)
        assert all(not game.legal_moves(state, seat) for seat in range(self.players) if seat != actor)
        # Hidden information.
        hidden = set(state.decks["citizens"]) | set(state.decks["modules"]) | set(state.decks["crates"])
        hidden |= {m for pile in state.decks["machines"].values() for m in pile}
        hidden |= {tile["tile"] for tile in state.board.values() if not tile["face_up"]} - self.technologies
        # The artifact cards are secret until the final scoring counts them in the open.
        secret = [
            {
                *([] if state.final else [me["artifact_card"]]),
                *me["crates"],
                *(set(me["resting"]) - set(me["owned_cards"])),
            }
            for me in seats
        ]
        everything = hidden.union(*secret)
        assert not tokens(event) & everything, event
        if self.moves % VIEW_EVERY:
            return
        viewer = (self.moves // VIEW_EVERY) % (self.players + 1) - 1  # -1: the public view
        view = game.view(state, None if viewer < 0 else viewer)
        assert all(
            view["board"][slot]["tile"] is None for slot, tile in state.board.items() if not tile["face_up"]
        )
        shown = tokens(view)
        if viewer < 0:
            assert not shown & everything
        else:
            assert not shown & hidden.union(*(s for i, s in enumerate(secret) if i != viewer))
            assert seats[viewer]["artifact_card"] in shown  # the viewer's own secret is there
        if state.final:
            assert all(me["artifact_card"] in shown for me in seats)  # revealed at the end


def playouts(players: int, seeds: range) -> int:
    """Play the random games of `seeds` (in a worker process), every invariant of `Checked`
    after each move; each game must end by the artifact rule (the end-game tile taken, the
    crater empty) and its record replay to the same scores. Returns the moves played."""
    game = Revive(load_revive())
    checked = Checked(game, players)
    moves = 0
    for seed in seeds:
        try:
            record = random_game(checked, players, {}, 1000 + seed, random.Random(seed))
            state = checked.state
            assert state.finished and state.end_tile is not None and state.crater == [], "no artifact end"
            assert record["final"]["scores"] == game.scores(state)
            assert replay(game, record) == []
        except AssertionError as error:  # the worker's traceback is plain: say which game and move
            raise AssertionError(
                f"{players} players, seed {1000 + seed}, move {checked.moves}: {error!r}"
            ) from error
        moves += checked.moves
    return moves


@pytest.fixture(scope="module")
def workers():
    """Two worker processes: checking every move costs about as much as playing it, and a
    replay as much again, so the playouts share the two cores CI has."""
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        yield pool


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_every_invariant(workers, players):
    """PLAYOUTS seeded random games per player count, checked move by move (see `playouts`)."""
    chunks = [range(start, min(start + 10, PLAYOUTS)) for start in range(0, PLAYOUTS, 10)]
    moves = sum(future.result() for future in [workers.submit(playouts, players, seeds) for seeds in chunks])
    assert moves > PLAYOUTS * 100  # whole games, not stubs


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
