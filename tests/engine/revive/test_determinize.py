"""Revive's `determinize`: a world the seat cannot tell from the real one, drawn from what it
cannot see and from nothing else (engine/revive/determinize.py).

The states come from seeded random games of 2 to 4 players, taken at several depths, decisions
open on the stack among them, and the end."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import pytest

from content.revive import load_revive
from engine.revive import Revive, ReviveState
from games.registry import load_engine
from tests.engine.revive.test_foundation import Checked
from tests.support.revive_play import random_play

EVERY = 41  # a state every so many moves of each random game
GAMES = {2: (11, 12), 3: (13,), 4: (14, 15)}  # seeds of the random games, by player count


@pytest.fixture(scope="module")
def game() -> Revive:
    return Revive(load_revive())


@functools.cache
def sampled(players: int, seed: int) -> tuple[ReviveState, ...]:
    """States of one seeded random game: the first, every `EVERY`-th move, the first where a
    seat answers a decision in another's turn, and the last."""
    engine = Revive(load_revive())
    states = [engine.new_game(players, {}, seed)]
    elsewhere = False
    for index, (state, _) in enumerate(random_play(engine, players, seed)):
        answering = engine.to_move(state) != state.current and not state.finished
        if index % EVERY == 0 or state.finished or (answering and not elsewhere):
            states.append(state)
        elsewhere = elsewhere or answering
    return tuple(states)


def states() -> list[ReviveState]:
    return [state for players, seeds in GAMES.items() for seed in seeds for state in sampled(players, seed)]


def game_to_move(state: ReviveState) -> int | None:
    return state.stack[-1].get("seat", state.current) if state.stack else state.current


def test_the_samples_hold_open_decisions_and_an_end():
    """The states tried below include decisions open on the stack, another seat's too."""
    sample = states()
    assert any(state.stack for state in sample)
    assert any(state.stack and game_to_move(state) != state.current for state in sample)
    assert len(sample) > 40
    assert any(state.finished for state in sample)


def test_the_seat_and_the_public_see_the_same_world(game):
    for number, state in enumerate(states()):
        before = game.dumps(state)
        for seat in range(state.players):
            world = game.determinize(state, seat, random.Random(number))
            assert world is not state
            assert game.view(world, seat) == game.view(state, seat)
            assert game.view(world, None) == game.view(state, None)
        assert game.dumps(state) == before  # the state given is unchanged


def test_the_world_depends_on_the_view_and_the_generator_only(game):
    """A state the seat sees alike but whose hidden parts are rewritten (`rewritten`) gives the
    same world for the same generator."""
    for number, state in enumerate(states()):
        for seat in range(state.players):
            other = rewritten(game, state, seat, random.Random(number))
            assert game.dumps(other) != game.dumps(state)
            assert game.view(other, seat) == game.view(state, seat)
            worlds = [game.determinize(s, seat, random.Random(number * 7 + seat)) for s in (state, other)]
            assert game.dumps(worlds[0]) == game.dumps(worlds[1])


def rewritten(game: Revive, state: ReviveState, seat: int, rng: random.Random) -> ReviveState:
    """`state` with everything hidden from `seat` changed as its view would never show: the
    piles reordered, face-down tiles of the same back swapped, another seat's artifact card
    changed, its resting cards reordered and one swapped with the citizen pile's top, the closed
    crates dealt again with the pile, a discarded module put back in the module pile, a new seed."""
    other = state.copy()
    other.seed = state.seed + 1
    for pile in ("citizens", "modules", "crates"):
        rng.shuffle(other.decks[pile])
    for pile in other.decks["machines"].values():
        rng.shuffle(pile)
    face_down = [placed for _, placed in sorted(other.board.items()) if not placed["face_up"]]
    by_back: dict[str, list[str]] = {}
    for placed in face_down:
        by_back.setdefault(back_of(game, placed["tile"]), []).append(placed["tile"])
    for tiles in by_back.values():
        rng.shuffle(tiles)
    for placed in face_down:
        placed["tile"] = by_back[back_of(game, placed["tile"])].pop()
    others = [me for index, me in enumerate(other.seats) if index != seat]
    closed = other.decks["crates"] + [crate for me in others for crate in me["crates"]]
    rng.shuffle(closed)
    other.decks["crates"], closed = closed[: len(other.decks["crates"])], closed[len(other.decks["crates"]) :]
    for me in others:
        me["crates"], closed = closed[: len(me["crates"])], closed[len(me["crates"]) :]
        rng.shuffle(me["resting"])
        if me["resting"] and other.decks["citizens"]:
            me["resting"][0], other.decks["citizens"][0] = other.decks["citizens"][0], me["resting"][0]
    if not state.final:
        held = {me["artifact_card"] for me in other.seats}
        cards = [card["id"] for card in game.tables.content["artifacts"]["cards"]]
        others[0]["artifact_card"] = rng.choice(sorted(set(cards) - held))
    present = set(other.decks["modules"]) | set(other.displays["modules"])
    present |= {module for me in other.seats for held in me["modules"].values() for module in held}
    discarded = sorted(set(game.tables.modules) - present)
    if discarded and other.decks["modules"]:
        other.decks["modules"][0] = discarded[0]
    return other


def back_of(game: Revive, tile: str) -> str:
    """A tile's back as text (what a face-down slot shows); "" for a starting tile."""
    return json.dumps(game.tables.area_tiles[tile].get("back", ""), sort_keys=True)


def hidden_parts(state: ReviveState) -> dict[str, Any]:
    """What a determinization draws (the seed aside)."""
    return {
        "decks": state.decks,
        "board": state.board,
        "secrets": [(me["artifact_card"], me["resting"], me["crates"]) for me in state.seats],
    }


def test_other_generators_draw_other_worlds(game):
    for number, state in enumerate(states()):
        if not state.decks["citizens"] or len(state.decks["citizens"]) < 3:
            continue
        seat = number % state.players
        worlds = [hidden_parts(game.determinize(state, seat, random.Random(n))) for n in (1, 2)]
        assert worlds[0] != worlds[1]


def test_what_the_seat_can_infer_stays_and_the_rest_comes_from_what_it_cannot_see(game):
    """The seat's own secrets and every count stay; another seat's resting cards are its own
    (its recruited cards and starting set); the pieces are each in the game once; a face-down
    slot keeps its back."""
    for number, state in enumerate(states()):
        seat = number % state.players
        world = game.determinize(state, seat, random.Random(number))
        for index, (real, drawn) in enumerate(zip(state.seats, world.seats, strict=True)):
            assert sorted(drawn["resting"]) == sorted(real["resting"])  # the letter shows in these games
            assert len(drawn["crates"]) == len(real["crates"])
            if index == seat:
                assert drawn == real
            if state.final:
                assert drawn["artifact_card"] == real["artifact_card"]  # shown by the final scoring
        assert world.seed != state.seed
        assert sorted(components(world)) == sorted(components(state))
        for slot, placed in state.board.items():
            assert back_of(game, world.board[slot]["tile"]) == back_of(game, placed["tile"])


def components(state: ReviveState) -> list[str]:
    """Every crate, machine and face-down tile in play (none is ever discarded)."""
    crates = state.decks["crates"] + [crate for me in state.seats for crate in me["crates"] + me["opened"]]
    machines = [m for pile in state.decks["machines"].values() for m in pile]
    machines += [m for shown in state.displays["machines"].values() for m in shown]
    machines += [m for me in state.seats for m in me["machines"]]
    return crates + machines + [placed["tile"] for placed in state.board.values()]


def test_an_unseen_starting_set_is_drawn_from_the_letters_nobody_shows(game):
    """A seat with every starting card at rest gives its letter away nowhere: it gets one of
    the letters no seat shows, with that whole set at rest."""
    state = game.new_game(2, {}, seed=21)
    me = state.seats[1]
    letter = game.tables.cards[me["active"][0]]["set"]
    me["resting"], me["active"] = me["active"] + me["resting"], []
    seen_letter = game.tables.cards[state.seats[0]["active"][0]]["set"]
    letters = set()
    for number in range(40):
        drawn = game.determinize(state, 0, random.Random(number)).seats[1]["resting"]
        sets = {game.tables.cards[card]["set"] for card in drawn}
        assert len(sets) == 1 and len(drawn) == 6
        letters |= sets
    assert letter in letters and seen_letter not in letters and len(letters) == 3


def test_the_registry_engine_determinizes_under_the_states_edition():
    engine = load_engine("revive")
    state = engine.new_game(3, {}, seed=5)
    world = engine.determinize(state, 1, random.Random(3))
    assert engine.view(world, 1) == engine.view(state, 1)
    assert world.decks != state.decks


def primed(game: Revive, state: ReviveState) -> Checked:
    """`Checked` (test_foundation.py) counting the pieces `state` holds, for a game that did not
    start from `new_game` (a determinized world)."""
    checked = Checked(game, state.players)
    citizens = state.decks["citizens"] + state.displays["citizens"]
    citizens += [card for me in state.seats for card in me["active"] + me["resting"]]
    citizens += [card for me in state.seats for played in me["slots"].values() for card in played]
    checked.citizens = sorted(citizens)
    checked.majors = sorted(state.crater + [major for me in state.seats for major in me["majors"]])
    present = set(state.decks["modules"]) | set(state.displays["modules"])
    present |= {module for me in state.seats for held in me["modules"].values() for module in held}
    checked.discarded = sorted(set(game.tables.modules) - present)
    checked.removed = []
    checked.minors = state.decks["minors"] + sum(me["minors"] for me in state.seats)
    placed = [{"small": 0, "large": 0} for _ in state.seats]
    for pieces in state.pieces.values():
        for owner, kind in pieces:
            if kind in placed[owner]:
                placed[owner][kind] += 1
    checked.supply = [
        (count["small"] + me["buildings"]["small"], count["large"] + me["buildings"]["large"])
        for me, count in zip(state.seats, placed, strict=True)
    ]
    checked.moves = 0
    checked.check(state, {})
    return checked


def play_out(game: Revive, state: ReviveState, rng: random.Random) -> ReviveState:
    """Random legal moves from `state` to the end, every invariant of `Checked` after each."""
    checked = primed(game, state)
    while not state.finished:
        seat = game.to_move(state)
        assert seat is not None
        moves = game.legal_moves(state, seat)
        assert moves, "no legal move before the end"
        state = checked.apply(state, seat, moves[rng.randrange(len(moves))]).state
    return state


def test_a_random_playout_from_a_world_reaches_the_end(game):
    state = sampled(4, 14)[2]
    world = game.determinize(state, 0, random.Random(4))
    end = play_out(game, world, random.Random(4))
    assert end.finished and end.final is not None


@pytest.mark.slow
def test_random_playouts_from_many_worlds_reach_the_end(game):
    for number, state in enumerate(states()):
        if state.finished:
            continue
        seat = number % state.players
        end = play_out(game, game.determinize(state, seat, random.Random(number)), random.Random(number))
        assert end.finished
