"""What keeps a random playout quick without changing a move: `apply` plays on a copy written
out by the state's shape (`ReviveState.successor`) and checks a move against the moves of its
own target only (engine/revive/moves.py `focus_of`). Both must give what the slow ways gave:
the state before unchanged, and the same answer for every move."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

import pytest

from content.revive import load_revive
from engine.errors import IllegalMove
from engine.fallback import move_gains
from engine.revive import Revive, ReviveState, costs
from engine.revive.moves import UNTARGETED, action_moves, focus_of
from tests.support.revive_play import random_play

GAMES = ((2, 31), (3, 32), (4, 33))  # player count, seed


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())


@functools.cache
def played(players: int, seed: int) -> tuple[ReviveState, ...]:
    engine = Revive(load_revive())
    return (engine.new_game(players, {}, seed), *(state for state, _ in random_play(engine, players, seed)))


def containers(data: Any, depth: int, inside: str = "") -> dict[int, str]:
    """Every list and dict in `data` down to `depth` levels, by id, with where it lies."""
    found: dict[int, str] = {}
    if depth <= 0 or not isinstance(data, dict | list):
        return found
    found[id(data)] = inside
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        found |= containers(value, depth - 1, f"{inside}.{key}")
    return found


def test_a_successor_is_the_same_state_and_shares_nothing_a_move_changes(game):
    for players, seed in GAMES:
        for state in played(players, seed)[::23]:
            for map_changes in (False, True):
                new = state.successor(map_changes)
                assert new.dumps() == state.dumps()
                assert new.decks is state.decks and new.displays is state.displays  # until it draws
                new.drawing()
                kept = ["seats", "decks", "displays", "crater", "final_turns"]
                kept += ["board", "pieces", "corners"] if map_changes else []
                for name in kept:
                    # A move puts a new tile slot's dict, space's list or corner's dict in place
                    # of the one it changes (checked below): those maps alone are new.
                    depth = 1 if name in ("board", "pieces", "corners") else 9
                    before, after = (
                        containers(getattr(state, name), depth),
                        containers(getattr(new, name), depth),
                    )
                    assert not before.keys() & after.keys(), [after[i] for i in before.keys() & after.keys()]
                assert new.stack is not state.stack
                if not map_changes:
                    assert new.board is state.board and new.pieces is state.pieces
            placing = state.successor(True, tiles=False)  # build, populate: pieces, not tiles
            assert placing.dumps() == state.dumps() and placing.board is state.board
            assert placing.pieces is not state.pieces and placing.corners is not state.corners
            light = state.successor(False, {0}, light=True)  # end, crystal, switch
            assert light.dumps() == state.dumps()
            assert light.decks is state.decks and light.displays is state.displays
            assert light.seats[0] is not state.seats[0] and light.seats[1] is state.seats[1]
            assert light.seats[0]["resources"] is not state.seats[0]["resources"]
            unslotted = state.successor(False, {0}, slotted=("modules",))  # a module taken
            assert unslotted.dumps() == state.dumps()
            assert unslotted.seats[0]["slots"] is state.seats[0]["slots"]
            assert unslotted.seats[0]["modules"] is not state.seats[0]["modules"]
            assert unslotted.seats[0]["active"] is not state.seats[0]["active"]


def test_a_move_on_the_map_changes_no_slot_space_or_corner_of_the_state_before_in_place(game):
    """Exploring, turning a tile, building and populating share the board's slots, the pieces'
    lists and the corners with the state before (`ReviveState.successor`) and put new ones
    where they change one: every such move from every position of the games leaves them, and
    the records of the seats it does not change, as they were; and it gives what it gives
    played on a deep copy, which shares nothing and keeps no reach."""
    map_verbs = ("explore", "rotate", "build", "populate")
    for players, seed in GAMES:
        for state in played(players, seed):
            if state.finished:
                continue
            seat = game.to_move(state)
            before = state.dumps()
            for move in game.legal_moves(state, seat):
                if move.split()[0] in map_verbs:
                    after = game.after_legal(state, seat, move)
                    assert state.dumps() == before, move
                    assert after.dumps() == game.after_legal(state.copy(), seat, move).dumps(), move


def positions_in_play(game: Revive, samples: int) -> Iterator[tuple[ReviveState, int]]:
    """About `samples` positions of each game, spread evenly over it, and the seat to move there:
    the states a check of every legal move plays from (the finished ones have none)."""
    for players, seed in GAMES:
        states = played(players, seed)
        for state in states[:: max(1, len(states) // samples)]:
            if not state.finished:
                yield state, game.to_move(state)


def test_every_move_leaves_the_state_it_was_played_on_as_it_was(game):
    for state, seat in positions_in_play(game, samples=60):
        before = state.dumps()
        for move in game.legal_moves(state, seat):
            game.apply(state, seat, move)
            assert state.dumps() == before, move


def test_a_listed_move_played_unchecked_gives_the_state_apply_gives(game):
    """`after_legal` (what the fallback values every move by) skips the check and the event:
    the state is `apply`'s, byte for byte, and the state played on is left as it was."""
    for state, seat in positions_in_play(game, samples=40):
        before = state.dumps()
        for move in game.legal_moves(state, seat):
            assert game.after_legal(state, seat, move).dumps() == game.apply(state, seat, move).state.dumps()
            assert state.dumps() == before, move


def test_the_moves_of_one_target_are_those_the_whole_list_names_there(game):
    for players, seed in GAMES:
        for state in played(players, seed)[::7]:
            if state.finished:
                continue
            seat = game.to_move(state)
            every = game.legal_moves(state, seat)
            for move in every:
                focus = focus_of(move)
                named = [other for other in every if focus_of(other) in (focus, UNTARGETED)]
                assert game.legal(state, seat, move) == named


def test_a_move_to_another_target_or_misspelt_is_still_read_or_refused(game):
    state = game.new_game(2, {}, seed=4)
    seat = state.current
    assert game.apply(state, seat, "  SWITCH   gear ").notation == "switch gear"
    with pytest.raises(IllegalMove):
        game.apply(state, seat, "explore NOWHERE")
    with pytest.raises(IllegalMove):
        game.apply(state, seat, "build small X.0")  # the chasm: no building there


def plain_distances(game: Revive, state: ReviveState, seat: int) -> dict[str, int]:
    """Range as the rules say it, step by step from the seat's pieces (or the chasm)."""
    tables = game.tables
    origins = [space for space, pieces in state.pieces.items() if any(p[0] == seat for p in pieces)]
    distance = dict.fromkeys(origins or sorted(tables.board.chasm), 0)
    frontier = list(distance)
    while frontier:
        reached = []
        for space in frontier:
            for near in tables.board.neighbours[space]:
                if near not in distance and costs.passable(tables, state, near):
                    distance[near] = distance[space] + 1
                    reached.append(near)
        frontier = reached
    return distance


def plain_action_moves(game: Revive, state: ReviveState, seat: int) -> list[str]:
    """The action moves as the rules functions give them one target at a time, nothing kept."""
    tables, me = game.tables, state.seats[seat]
    distance = plain_distances(game, state, seat)
    moves = []
    for slot, placed in sorted(state.board.items()):
        reach = costs.explore_cost(tables, distance, slot)
        if placed["face_up"] or reach is None:
            continue
        back = tables.area_tiles[placed["tile"]]["back"]["cost"]
        for off in costs.discount_parts(tables, me, "explore", back):
            if costs.affords(me, costs.discounted_cost(tables, me, "explore", back, reach, off=off)):
                moves.append(f"explore {slot} off {off}" if off else f"explore {slot}")
    places = [space for slot in sorted(state.board) for space in tables.board.slot_spaces[slot]]
    for space in places + sorted(tables.board.corners):
        kind = costs.space_type(tables, state, space)
        reach = costs.cost_to(distance, space)
        if reach is None or (kind is None and space not in tables.board.corners):
            continue
        if kind and kind["type"] == "sand" and not state.pieces.get(space):
            for size in ("small", "large"):
                cost = costs.discounted_cost(tables, me, "build", tables.rules["building_cost"][size], reach)
                if me["buildings"][size] > 0 and costs.affords(me, cost):
                    moves.append(f"build {size} {space}")
        if (not kind or kind["type"] == "location") and not any(
            p[0] == seat for p in state.pieces.get(space, [])
        ):
            for tech in costs.populate_candidates(tables, me):
                if costs.affords(me, costs.populate_cost(tables, state, seat, space, tech, reach)[0]):
                    moves.append(f"populate {space} {tech['id']}")
    return moves


def test_the_quick_listing_names_what_the_rules_name_one_target_at_a_time(game):
    """Every seat, in states of random games, as they are, richer, and with discounts."""
    tried = 0
    for players, seed in GAMES:
        for state in played(players, seed)[::11]:
            for seat in range(players):
                for variant in (state, richer(state, seat, 3), discounted(state, seat)):
                    assert action_moves(game.tables, variant, seat) == plain_action_moves(game, variant, seat)
                    tried += 1
    assert tried > 100


def richer(state: ReviveState, seat: int, more: int) -> ReviveState:
    rich = state.copy()
    for name in rich.seats[seat]["resources"]:
        rich.seats[seat]["resources"][name] += more
    return rich


def discounted(state: ReviveState, seat: int) -> ReviveState:
    cheaper = richer(state, seat, 1)
    cheaper.seats[seat]["discounts"] = [
        {"action": action, "amount": amount}
        for action, amount in (("explore", 1), ("build", 2), ("populate", 1), ("range", 1))
    ]
    return cheaper


def test_the_fallback_values_moves_without_changing_the_state_it_decides_on(game):
    """A state `apply` returns shares the records its move left alone with the state before:
    valuing it (a final scoring) must not reach back into that one."""
    for players, seed in GAMES:
        for state in played(players, seed)[::41]:
            if state.finished:
                continue
            before = state.dumps()
            seat = game.to_move(state)
            assert seat is not None
            move_gains(game, state, seat)
            assert state.dumps() == before


def test_a_space_grown_by_bits_gives_its_neighbours(game):
    """Range grows by shifting bits (`ReviveBoard.grow`): each space's neighbours, corners too,
    and no other space."""
    board = game.tables.board
    spaces = board.mask(board.neighbours)
    assert len(board.bits) == len(board.neighbours) == len(board.names)
    for space, near in board.neighbours.items():
        assert board.grow(board.bits[space]) & spaces == board.mask(near), space
