"""The fallback values each legal move from the seat's standing in the position decided on,
carried one tile on (engine/rebirth/standing.py): it must give what the final scoring worked
out from the whole board gives (`final.total_if_ended`, `missions.is_met`), for every mission
condition, in every position, for the mover and for the seats whose settlement the move
completes; and it must not answer for a state that is not the position one tile later."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from engine.fallback import choose_move
from engine.rebirth import Rebirth, RebirthState
from engine.rebirth import fallback as rebirth_fallback
from engine.rebirth import missions as mission_rules
from engine.rebirth.final import total_if_ended
from engine.rebirth.standing import standing
from games.registry import load_engine

Deck = dict[str, dict[str, Any]]  # mission cards by id

# Thresholds each kind of condition is tried at, beside the cards' own: low enough that a
# game's positions cross them, one tile at a time.
THRESHOLDS = {"count": range(1, 8), "size": range(1, 7), "length": range(1, 6), "total": range(1, 16, 2)}
# Kinds no card of the decks asks for, which the rules still read (docs/formats.md).
UNDEALT = [
    {"type": "farms", "farm": "energy", "count": 1},
    {"type": "farms", "farm": "food", "count": 1},
    {"type": "influence", "total": 1},
    {"type": "each_kind", "count": 1},
]


@pytest.fixture(scope="module")
def engine() -> Rebirth:
    game = load_engine("rebirth")
    assert isinstance(game, Rebirth)
    return game


def conditions(engine: Rebirth, map_id: str) -> list[dict[str, Any]]:
    """Every condition of the map's deck and the undealt kinds, at each of its thresholds (each
    pair of them, for a condition with two: a size and a count)."""
    found: dict[str, dict[str, Any]] = {}
    dealt = [engine.missions[card]["condition"] for card in engine.tables.mission_decks[map_id]]
    for condition in dealt + UNDEALT:
        if condition["type"] == "cluster":
            condition = {"count": 1, **condition}  # several clusters as well as one
        keys = [key for key in THRESHOLDS if condition.get(key) is not None]
        for values in itertools.product(*(THRESHOLDS[key] for key in keys)):
            varied = {**condition, **dict(zip(keys, values, strict=True))}
            found[repr(sorted(varied.items()))] = varied
    return list(found.values())


SHIFT = 16  # the cards' points start above any total a game reaches without them


def cards(engine: Rebirth, map_id: str) -> Deck:
    """A card for each condition, each worth its own power of two above `SHIFT`: a total says
    which of them were met (`total >> SHIFT`, a bit a card)."""
    return {
        f"T{index}": {"id": f"T{index}", "condition": condition, "points": 1 << (index + SHIFT)}
        for index, condition in enumerate(conditions(engine, map_id))
    }


def expected(engine: Rebirth, state: RebirthState, seat: int, deck: Deck) -> tuple[int, int]:
    """The seat's total if the game ended now holding every card of `deck`, worked out from
    the whole board."""
    total, _ = total_if_ended(engine.tables, state, seat, [])
    pos = engine.tables.position(state)
    met = [card for card in deck.values() if mission_rules.is_met(card["condition"], pos, seat)]
    return total + sum(card["points"] for card in met), len(met)


def positions(engine: Rebirth, map_id: str, players: int, seed: int, every: int) -> list[RebirthState]:
    """Every `every`-th position of a seeded game, the fallback's moves and random ones mixed."""
    state = engine.new_game(players, {"map": map_id}, seed)
    draw = random.Random(seed)
    kept, count = [], 0
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        if count % every == every - 1:
            kept.append(state)
        legal = engine.legal_moves(state, seat)
        move = choose_move(engine, state, seat, seed) if draw.random() < 0.5 else draw.choice(legal)
        state = engine.after_legal(state, seat, move)
        count += 1
    return kept


GAMES = [("scotland", 4, 11), ("scotland", 2, 12), ("ireland", 4, 13), ("ireland", 2, 14)]


@pytest.mark.parametrize(("map_id", "players", "seed"), GAMES)
def test_a_standing_carried_one_tile_gives_the_whole_boards_total(engine, map_id, players, seed):
    deck = cards(engine, map_id)
    held = list(deck)
    board = engine.tables.board
    changed: dict[str, int] = {}
    for state in positions(engine, map_id, players, seed, every=6):
        mover = engine.to_move(state)
        assert mover is not None
        legal = engine.legal_moves(state, mover)
        after = [engine.after_legal(state, mover, move) for move in legal[:: max(1, len(legal) // 6)]]
        for seat in range(players):
            known = standing(board(state), state, seat)
            now = known.total_after(state, held, deck)
            assert now == expected(engine, state, seat, deck)
            for successor in after:
                if successor.finished:
                    continue
                result = known.total_after(successor, held, deck)
                assert result == expected(engine, successor, seat, deck)
                assert result[0] % (1 << SHIFT) < 1 << (SHIFT - 1)
                flipped = (now[0] ^ result[0]) >> SHIFT
                for index, card in enumerate(deck.values()):
                    if flipped >> index & 1:
                        kind = card["condition"]["type"]
                        changed[kind] = changed.get(kind, 0) + 1
    # The tile changed whether a condition was met, for every kind the map's cards ask for.
    kinds = {card["condition"]["type"] for card in deck.values()} - {"castles", "castle", "cathedrals"}
    assert kinds <= set(changed), kinds - set(changed)


def test_a_standing_answers_only_for_its_position_one_tile_later(engine):
    state = engine.new_game(4, {"map": "scotland"}, 21)
    for _ in range(30):
        seat = engine.to_move(state)
        assert seat is not None
        state = engine.after_legal(state, seat, choose_move(engine, state, seat, 21))
    seat = engine.to_move(state)
    assert seat is not None
    deck = engine.missions
    held = state.missions[seat]
    known = standing(engine.tables.board(state), state, seat)
    one = engine.after_legal(state, seat, engine.legal_moves(state, seat)[0])
    assert known.total_after(one, held, deck) == total_if_ended(engine.tables, one, seat, held)
    mover = engine.to_move(one)
    two = engine.after_legal(one, mover, engine.legal_moves(one, mover)[0])
    assert known.total_after(two, held, deck) is None  # two tiles later
    moved = state.copy()
    space, tile = next(iter(moved.board.items()))
    del moved.board[space]
    moved.board[engine.legal_moves(state, seat)[0]] = tile
    assert known.total_after(moved, held, deck) is None  # as many tiles, elsewhere
    changed = state.copy()
    known = standing(engine.tables.board(changed), changed, seat)
    changed.board[space] = (seat if tile[0] != seat else (seat + 1) % 4, tile[1])  # changed in place later
    assert known.total_after(changed, held, deck) is None


@pytest.mark.parametrize(("map_id", "players", "seed"), GAMES)
def test_the_fallbacks_value_is_the_one_worked_out_from_scratch(engine, map_id, players, seed, monkeypatch):
    policy = engine.fallback_policy
    for state in positions(engine, map_id, players, seed, every=7):
        seat = engine.to_move(state)
        assert seat is not None
        policy.value(engine, state, seat, state)  # the position first, as a decision values it
        for move in engine.legal_moves(state, seat):
            after = engine.after_legal(state, seat, move)
            fast = policy.value(engine, after, seat, state)
            with monkeypatch.context() as patch:
                patch.setattr(rebirth_fallback.RECENT, "standing", None)
                assert repr(fast) == repr(policy.value(engine, after, seat, state))
