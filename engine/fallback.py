"""The fallback player: a simple, sound, deterministic player for every game on `engine.base.Game`.

The service uses it when a player's turn clock runs out, to fill an empty seat (`/game add-bot`)
and for a player who leaves a running game. It is not meant to play well; it is meant to play
*sensibly* (never throw points away, never stall) and *reproducibly*: the same state and seed
always give the same move, in any process, so a game that contains fallback moves replays.

How a move is chosen (`choose_move`): every legal move is applied to the state (the engines
never change their input) and the state after it is valued for the mover; the move that raises
that value most wins. The value is the mover's score *if the game ended right after the move*
(the engine's own final scoring, run on the throwaway state), plus a small per-game estimate of
what is not points yet (resources, pending decisions, an unused marker). Moves that only pass or
close something (`end`, `hibernate`, `stop`, ...) count as "no change"; they are played once
nothing else gains. Equal values are broken by a draw seeded with the game seed and the state
itself, never by Python's salted `hash()`.

The evaluation never peeks at hidden information: a card drawn from a face-down pile is valued
as an average card, not as the card the throwaway state happened to draw.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import Any

from engine.base import FallbackPolicy, Game

EPSILON = 1e-6  # a gain below this is no gain: rounding noise must not beat a closing move
MAX_TURN_MOVES = 500  # a turn is finite by the rules; this only guards against an engine bug


def choose_move(engine: Game, state: Any, seat: int, seed: int) -> str:
    """One legal move for `seat`, who must be the seat to move; the same inputs give the same move.

    Raises ValueError when `seat` has no legal move (not their turn, or the game is over)."""
    moves = engine.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    if len(moves) == 1:
        return moves[0]
    text = engine.dumps(state)  # canonical: the same for a live state and one loaded from the database
    draw = random.Random(f"fallback:{seed}:{seat}:{zlib.crc32(text.encode())}")
    # Drawn in sorted order: a state loaded from the database may list its moves in another order.
    ties = {move: draw.random() for move in sorted(moves)}
    policy = _policy(engine)
    gains = _gains(engine, state, seat, moves, text)
    # A side move (a free trade open at any time) is no answer to a decision: it is played only
    # when it gains by itself, never because every answer looks worse than the decision did.
    candidates = [move for move in moves if not policy.side(move) or gains[move] > EPSILON] or moves

    def key(move: str) -> tuple[float, int, float]:
        gain = round(gains[move], 6)
        return (gain if gain > EPSILON else min(0.0, gain), int(move in policy.closing), ties[move])

    return max(candidates, key=key)


def move_gains(engine: Game, state: Any, seat: int) -> dict[str, float]:
    """What the fallback expects each legal move of `seat` to gain them, in points: the change in
    its valuation of the state (see the module docstring); a closing move (`end`, `stop`, ...)
    gets its fixed worth, usually 0. Public so tests and curious people can see why it chose."""
    moves = engine.legal_moves(state, seat)
    return _gains(engine, state, seat, moves, engine.dumps(state)) if moves else {}


def _gains(engine: Any, state: Any, seat: int, moves: list[str], text: str) -> dict[str, float]:
    policy = _policy(engine)
    gains = _gains_by_policy(policy, engine, state, seat, moves, engine.loads(text))
    for move in moves:
        if move in policy.closing:
            gains[move] = policy.closing_worth(engine, state, seat, move, moves)
    return gains


def play_turn(engine: Game, state: Any, seat: int, seed: int) -> list[str]:
    """The moves the fallback plays for `seat` until the turn passes to someone else or the game
    ends: one placement in Rebirth (plus a tower's extra ones), a whole turn in Revive, or just
    the answer to a decision when it is asked in another player's turn.

    The caller applies them one by one (and stores them); they are legal in that order."""
    played: list[str] = []
    while not engine.is_over(state) and engine.to_move(state) == seat and len(played) < MAX_TURN_MOVES:
        move = choose_move(engine, state, seat, seed)
        state = engine.apply(state, seat, move).state
        played.append(move)
    return played


# --------------------------------------------------------------------------- valuing moves


def _gains_by_policy(
    policy: FallbackPolicy, engine: Game, state: Any, seat: int, moves: list[str], spare: Any
) -> dict[str, float]:
    """Each non-closing move's value after minus before (`spare` is a copy of `state` to
    value it on). A move that draws from a hidden pile (`policy.hidden`) gets the mean gain of
    the visible moves of the same kind instead."""
    before = policy.value(engine, spare, seat, state)
    gains: dict[str, float] = {}
    blind = []
    for move in moves:
        if move in policy.closing:
            continue
        if policy.hidden(move):
            blind.append(move)
            continue
        gains[move] = policy.value(engine, engine.apply(state, seat, move).state, seat, state) - before
    for move in blind:
        kind = move.split()[0]
        seen = [gain for other, gain in gains.items() if other.split()[0] == kind]
        gains[move] = sum(seen) / len(seen) if seen else 0.0
    for move in moves:
        if policy.side(move) and gains[move] <= EPSILON:
            gains[move] = max(gains[move], _enables(policy, engine, state, seat, move, set(moves), before))
    return gains


def _enables(
    policy: FallbackPolicy, engine: Game, state: Any, seat: int, move: str, legal: set[str], before: float
) -> float:
    """A side move looked at one move further: the gain of the best move it makes legal
    that was not (a crystal traded for the food an exploration lacks), both moves together.
    Moves legal either way are no reason to trade, so a pointless trade stays unplayed."""
    after = engine.apply(state, seat, move).state
    if engine.to_move(after) != seat:
        return float("-inf")
    best = float("-inf")
    for new in engine.legal_moves(after, seat):
        if new in legal or new in policy.closing or policy.side(new) or policy.hidden(new):
            continue
        best = max(best, policy.value(engine, engine.apply(after, seat, new).state, seat, state) - before)
    return best


def _score_value(engine: Any, state: Any, seat: int, before: Any) -> float:
    """Any game: the seat's score now (the issue's "best immediate score")."""
    return float(engine.scores(state)[seat])


# --------------------------------------------------------------------------- Revive

# What a thing is worth in points mid-game. Leftover resources score 1 point per 3 at the end,
# but mid-game a resource buys about a point (an exploration costs one per point it scores).
REVIVE_WORTH = {
    "basic": 0.5,  # gear, book, food
    "crystal": 0.6,  # above a basic resource: trading one away for a basic loses value
    "energy": 0.5,  # powers a machine (about 2 resources)
    "step": 0.25,  # a machine-track step beyond what its space gives now (later spaces, tie-break)
    "machine": 1.0,  # a machine token: a resource or two each hibernation cycle
    "crate": 0.8,  # a closed crate: opening gives about 2 resources, so it is opened
    "module": 1.0,
    "card": 1.0,  # a recruited citizen (more actions), colour bonuses are in the projection
    "active": 0.4,  # a card that may still be played before hibernating
    "discount": 0.3,  # a discount for this turn
    "artifact": 3.0,  # a major artifact to take (the projection counts it once taken)
    "tribe": 1.0,  # the tribe ability: a progress step and its effect
    "action": 0.5,  # a free action granted by an effect
}
CLOSING_REVIVE = frozenset({"end", "hibernate", "stop", "skip", "pass"})
HIBERNATE_BAR = 1.0  # with no card left to play, an action must gain this much to beat hibernating


def _revive_value(engine: Any, state: Any, seat: int, before: Any) -> float:
    """Revive: the seat's points if the game ended now (engine final scoring: progress track,
    technologies, large locations, colour bonuses, artifacts and the artifact card), with
    leftover resources at `REVIVE_WORTH` instead of 1 per 3, plus what is not points yet:
    machines, crates, modules, cards, energy, track steps, and the decisions this seat still
    has to take on the stack (valued by what they offer at best).

    A decision taken later is valued now, so a card whose effect is "gain 2 of your choice"
    is not worth less than one that gives 2 gears at once."""
    me = state.seats[seat]
    worth = REVIVE_WORTH
    resources = me["resources"]
    extra = worth["crystal"] * resources["crystal"]
    extra += worth["basic"] * sum(resources[name] for name in engine.basic)
    extra += worth["energy"] * me["energy"]
    extra += worth["step"] * sum(me["tracks"].values())
    extra += worth["machine"] * len(me["machines"])
    extra += worth["crate"] * len(me["crates"])
    extra += worth["module"] * sum(len(held) for held in me["modules"].values())
    extra += worth["card"] * len(me["owned_cards"])
    extra += worth["active"] * len(me["active"])
    extra += worth["discount"] * len(me.get("discounts", []))
    for frame in state.stack:
        if frame.get("seat", state.current) == seat:
            extra += _frame_worth(engine, state, seat, frame)
    if not state.finished:
        engine._final_scoring(state)  # the engine's own final scoring, on a throwaway copy
    return me["points"] - state.final["breakdown"][seat]["resources"] + extra


def _frame_worth(engine: Any, state: Any, seat: int, frame: dict[str, Any]) -> float:
    """What a decision waiting on the stack is worth to the seat who will take it."""
    kind = frame["kind"]
    if kind == "gain_any":
        return REVIVE_WORTH["basic"] * frame["left"]
    if kind == "choice":
        return max(_effects_worth(engine, option) for option in frame["options"])
    if kind == "track":
        return _effect_worth(engine, {"kind": "machine_step", "steps": frame["steps"]})
    if kind == "reward":
        level = state.seats[seat]["hibernation"]
        return max(_effects_worth(engine, engine.hibernation[n]["effects"]) for n in range(1, level + 1))
    if kind == "effects":
        return _effects_worth(engine, frame["effects"])
    if kind in ("recruit", "machine_token", "module", "artifact"):
        return _effect_worth(engine, {"kind": kind})
    return 0.0  # trade, action (`stop` / `skip` are worth no change), rotate, remove


def _effects_worth(engine: Any, effects: list[dict[str, Any]]) -> float:
    return sum(_effect_worth(engine, effect) for effect in effects)


def _effect_worth(engine: Any, effect: dict[str, Any]) -> float:
    """A rough worth of one effect before it resolves (the same units as `_revive_value`)."""
    worth = REVIVE_WORTH
    kind = effect["kind"]
    if kind == "gain":
        return sum(
            worth[name if name in ("crystal", "energy") else "basic"] * amount
            for name, amount in effect["resources"].items()
        )
    if kind == "points":
        return float(effect["amount"])
    if kind == "machine_step":
        return (worth["step"] + worth["basic"]) * effect["steps"]  # a space usually gives something
    if kind == "gain_any":
        return worth["basic"] * effect["amount"]
    if kind == "trade":
        return 0.1 * effect.get("times", 1)
    if kind == "choice":
        return max(_effects_worth(engine, option) for option in effect["options"])
    if kind == "recruit":
        return worth["card"] + worth["active"]
    if kind in ("tribe", "tribe_only", "module_or_tribe"):
        return worth["tribe"]
    return {
        "crate": worth["crate"],
        "module": worth["module"],
        "machine_token": worth["machine"],
        "artifact": worth["artifact"],
        "discount": worth["discount"],
        "action": worth["action"],
    }.get(kind, 0.0)


def _revive_closing_worth(engine: Any, state: Any, seat: int, move: str, moves: list[str]) -> float:
    """`hibernate` is worth `HIBERNATE_BAR` once no card can be played: a turn of one weak
    action (a switch, a lone build) is worse than taking the cards back and a reward. Any other
    closing move is "no change"."""
    if move != "hibernate":
        return 0.0
    return 0.0 if any(other.startswith("play ") for other in moves) else HIBERNATE_BAR


def _revive_side(move: str) -> bool:
    """Crystal trades: free actions at any time in one's turn, also while a decision is open."""
    return move.startswith("crystal ")


def _revive_hidden(move: str) -> bool:
    """`recruit deck` takes the face-down top card: value it as an average displayed card."""
    return move == "recruit deck"


_GENERIC = FallbackPolicy(_score_value)
_POLICIES: dict[str, FallbackPolicy] = {  # TRANSITIONAL: until each engine declares fallback_policy
    "revive": FallbackPolicy(_revive_value, CLOSING_REVIVE, _revive_hidden, _revive_side, _revive_closing_worth),
}


def _policy(engine: Any) -> FallbackPolicy:
    """The game's policy (`engine.fallback_policy`, declared beside its rules)."""
    return getattr(engine, "fallback_policy", None) or _POLICIES.get(engine.id, _GENERIC)
