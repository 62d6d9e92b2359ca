"""The fallback player: a simple, sound, deterministic player for every game on `engine.base.Game`.

The service uses it when a player's turn clock runs out, to fill an empty seat (`/game add-bot`)
and for a player who leaves a running game. It is not meant to play well; it is meant to play
*sensibly* (never throw points away, never stall) and *reproducibly*: the same state and seed
always give the same move, in any process, so a game that contains fallback moves replays.

How a move is chosen (`choose_move`): every legal move is applied to the state (the engines
never change their input) and the state after it is valued for the mover; the move that raises
that value most wins. The value is the mover's score *if the game ended right after the move*
(the mover's part of the engine's own final scoring, worked out without changing the state),
plus a small per-game estimate of what is not points yet (resources, pending decisions, an
unused marker). Moves that only pass or close something (`end`, `hibernate`, `stop`, ...) count
as "no change"; they are played once nothing else gains. Equal values are broken by a draw
seeded with the game seed and what the seat can see (its own view), never by hidden information
or Python's salted `hash()`; the view is read only when there is a tie to break.

The evaluation never peeks at hidden information: a card drawn from a face-down pile is valued
as an average card, not as the card the state after the move happened to draw.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable
from typing import Any

from engine.base import AnyGame, FallbackPolicy

EPSILON = 1e-6  # a gain below this is no gain: rounding noise must not beat a closing move
MAX_TURN_MOVES = 500  # a turn is finite by the rules; this only guards against an engine bug


def seen_by(engine: AnyGame, state: Any, seat: int) -> str:
    """What `seat` knows of `state`, canonically: its own view as sorted JSON. Ties are drawn from
    this, never from the whole state, so a hidden tile or card cannot change the move."""
    return json.dumps(engine.view(state, seat), sort_keys=True, default=str)


Seen = Callable[[Any, int], str]
"""`seen(state, seat)`: what `seat` knows of `state`, canonically, as text (by default
`seen_by`). The bot passes its presenter's `seen_text`: the tie-break hashes this text, so
it must stay the same for a position across releases, or a game in play would see its
fallback seats choose differently after an upgrade."""


def choose_move(engine: AnyGame, state: Any, seat: int, seed: int, seen: Seen | None = None) -> str:
    """One legal move for `seat`, who must be the seat to move; the same inputs give the same move.
    Ties are drawn from the seed and `seen(state, seat)` (by default `seen_by`).

    Raises ValueError when `seat` has no legal move (not their turn, or the game is over)."""
    return choose_among(engine, state, seat, engine.legal_moves(state, seat), seed, seen)


def choose_among(
    engine: AnyGame, state: Any, seat: int, moves: list[str], seed: int, seen: Seen | None = None
) -> str:
    """`choose_move` given the seat's legal moves, listed by the caller: a search that counts
    its work by the moves valued lists them once."""
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    if len(moves) == 1:
        return moves[0]
    policy = engine.fallback_policy
    gains = _gains(engine, state, seat, moves)
    # A side move (a free trade open at any time) is no answer to a decision: it is played only
    # when it gains by itself, never because every answer looks worse than the decision did.
    candidates = [move for move in moves if not policy.side(move) or gains[move] > EPSILON] or moves

    def key(move: str) -> tuple[float, int]:
        gain = round(gains[move], 6)
        return (gain if gain > EPSILON else min(0.0, gain), int(move in policy.closing))

    best = max(key(move) for move in candidates)
    leaders = [move for move in candidates if key(move) == best]
    if len(leaders) == 1:
        return leaders[0]  # no tie to draw: the seat's view (the costly part) is not needed
    known = seen(state, seat) if seen is not None else seen_by(engine, state, seat)
    draw = random.Random(f"fallback:{seed}:{seat}:{zlib.crc32(known.encode())}")
    # Drawn in sorted order: a state loaded from the database may list its moves in another order.
    ties = {move: draw.random() for move in sorted(moves)}
    return max(leaders, key=ties.__getitem__)


def move_gains(engine: AnyGame, state: Any, seat: int) -> dict[str, float]:
    """What the fallback expects each legal move of `seat` to gain them, in points: the change in
    its valuation of the state (see the module docstring); a closing move (`end`, `stop`, ...)
    gets its fixed worth, usually 0. Public so tests and curious people can see why it chose."""
    moves = engine.legal_moves(state, seat)
    return _gains(engine, state, seat, moves) if moves else {}


def _gains(engine: Any, state: Any, seat: int, moves: list[str]) -> dict[str, float]:
    policy = engine.fallback_policy
    gains = _gains_by_policy(policy, engine, state, seat, moves)
    for move in moves:
        if move in policy.closing:
            gains[move] = policy.closing_worth(engine, state, seat, move, moves)
    return gains


def play_turn(engine: AnyGame, state: Any, seat: int, seed: int, seen: Seen | None = None) -> list[str]:
    """The moves the fallback plays for `seat` until the turn passes to someone else or the game
    ends: one placement in Rebirth (plus a tower's extra ones), a whole turn in Revive, or just
    the answer to a decision when it is asked in another player's turn.

    The caller applies them one by one (and stores them); they are legal in that order."""
    played: list[str] = []
    while not engine.is_over(state) and engine.to_move(state) == seat and len(played) < MAX_TURN_MOVES:
        move = choose_move(engine, state, seat, seed, seen)
        state = engine.after_legal(state, seat, move)
        played.append(move)
    return played


# --------------------------------------------------------------------------- valuing moves


def _gains_by_policy(
    policy: FallbackPolicy, engine: AnyGame, state: Any, seat: int, moves: list[str]
) -> dict[str, float]:
    """Each non-closing move's value after minus before (a valuation only reads the states it
    values: `ValueFn`). A move that draws from a hidden pile (`policy.hidden`) gets the mean
    gain of the visible moves of the same kind instead."""
    before = policy.value(engine, state, seat, state)
    gains: dict[str, float] = {}
    blind = []
    for move in moves:
        if move in policy.closing:
            continue
        if policy.hidden(move):
            blind.append(move)
            continue
        gains[move] = policy.value(engine, engine.after_legal(state, seat, move), seat, state) - before
    for move in blind:
        kind = move.split()[0]
        seen = [gain for other, gain in gains.items() if other.split()[0] == kind]
        gains[move] = sum(seen) / len(seen) if seen else 0.0
    for move in moves:
        if policy.side(move) and gains[move] <= EPSILON:
            gains[move] = max(gains[move], _enables(policy, engine, state, seat, move, set(moves), before))
    return gains


def _enables(
    policy: FallbackPolicy, engine: AnyGame, state: Any, seat: int, move: str, legal: set[str], before: float
) -> float:
    """A side move looked at one move further: the gain of the best move it makes legal
    that was not (a crystal traded for the food an exploration lacks), both moves together.
    Moves legal either way are no reason to trade, so a pointless trade stays unplayed."""
    after = engine.after_legal(state, seat, move)
    if engine.to_move(after) != seat:
        return float("-inf")
    best = float("-inf")
    for new in engine.legal_moves(after, seat):
        if new in legal or new in policy.closing or policy.side(new) or policy.hidden(new):
            continue
        best = max(best, policy.value(engine, engine.after_legal(after, seat, new), seat, state) - before)
    return best
