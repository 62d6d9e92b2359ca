"""Information-set Monte Carlo tree search (single observer), for any game on `Game`.

The seat deciding never sees the hidden parts of the real state. Each iteration first samples a
world it cannot tell from the real one (`Game.determinize`: its own view kept, the rest drawn
anew), then walks one tree shared by every world: a node is a sequence of moves from the
decision, so it stands for every state those moves lead to in any world consistent with what
the seat knows (its information set, from its own point of view), as in Cowling, Powley and
Whitehouse's SO-ISMCTS and OpenSpiel's `ismcts.py`.

A move legal in one world may not be in another (an opponent's card it happens to hold), so a
child counts how often it was available and the selection rule (UCB1) uses that count where
plain UCT uses the parent's visits. Each node keeps one total per seat: the seat to move at a
node picks by its own result, so three opponents are three players, not one "rest".

Every iteration plays on from the new node with the level's playout policy (random moves, or the
greedy fallback's) for a bounded number of moves, then values the position by each seat's score
if the game ended there (`Game.score_if_ended`) turned into rewards (`engine/ai/reward.py`).

Pure and deterministic: the same state, seat, seed and iteration count give the same move; the
only randomness comes from `random.Random` seeded by the caller. A time budget (`seconds`, read
on a `clock` the caller hands in: the engine reads no clock of its own) stops early and is then
no longer reproducible: the service gives iterations.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.ai.reward import rewards
from engine.base import RESIGN, AnyGame
from engine.fallback import choose_move, move_gains

EXPLORATION = 0.7
"""UCB1's exploration constant; rewards lie in [0, 1]."""

ANCHOR_MARGIN = 0.03
"""How much better (in mean reward) the most visited move must look than the fallback's own
choice to be played instead: a few hundred noisy playouts must not overturn a sound move on a
coin's toss."""

Playout = Callable[[AnyGame, Any, random.Random, int], Any]
"""`playout(game, state, rng, moves)`: the state after at most `moves` moves of a policy."""


@dataclass
class Node:
    """Moves from the decision to here: visits, times available, and each seat's summed reward."""

    seats: int
    visits: int = 0
    available: int = 0
    totals: list[float] = field(default_factory=list)
    children: dict[str, Node] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0.0] * self.seats

    def score(self, seat: int, exploration: float) -> float:
        """UCB1 for `seat` choosing this child, with availability for the parent's visits."""
        mean = self.totals[seat] / self.visits
        return mean + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


@dataclass(frozen=True)
class SearchResult:
    """The move chosen, and what the search saw: visits and mean reward of each root move."""

    move: str
    iterations: int
    visits: dict[str, int]
    means: dict[str, float]


def playable(game: AnyGame, state: Any, seat: int) -> list[str]:
    """`seat`'s legal moves a search considers, in a canonical order: resigning is never one."""
    return sorted(move for move in game.legal_moves(state, seat) if move != RESIGN)


def random_playout(game: AnyGame, state: Any, rng: random.Random, moves: int) -> Any:
    """Uniformly random legal moves (never resigning), at most `moves` of them."""

    def pick(state: Any, mover: int) -> str | None:
        legal = [move for move in game.legal_moves(state, mover) if move != RESIGN]
        return legal[rng.randrange(len(legal))] if legal else None

    return _played_on(game, state, moves, pick)


def greedy_playout(game: AnyGame, state: Any, rng: random.Random, moves: int) -> Any:
    """The fallback player's moves (engine/fallback.py), at most `moves` of them: stronger moves,
    each costing every legal move applied once. Its ties are drawn from `rng`, never from a
    view (the world is the search's own sample: nothing in it is hidden from the search)."""

    def pick(state: Any, mover: int) -> str | None:
        return choose_move(game, state, mover, 0, seen=tie_text(str(rng.random())))

    return _played_on(game, state, moves, pick)


def _played_on(game: AnyGame, state: Any, moves: int, pick: Callable[[Any, int], str | None]) -> Any:
    """The state after at most `moves` moves chosen by `pick` (None: no move to play)."""
    for _ in range(moves):
        mover = None if game.is_over(state) else game.to_move(state)
        move = None if mover is None else pick(state, mover)
        if mover is None or move is None:
            break
        state = game.apply(state, mover, move).state
    return state


def valued(game: AnyGame, state: Any) -> list[float]:
    """Each seat's worth where a playout stopped: its final score once the game is over, else
    the fallback's valuation (the score if the game ended now, plus what is not points yet: an
    unused doubling marker, resources, a pending decision), which only reads the state."""
    if game.is_over(state):
        return [float(score) for score in game.scores(state)]
    policy = game.fallback_policy
    return [policy.value(game, state, seat, state) for seat in range(len(game.scores(state)))]


def tie_text(text: str) -> Callable[[Any, int], str]:
    """The fallback's tie-break text for one move a search plays (a playout's, a reply's): a
    draw of the search, not a view, since the world played in is the search's own sample."""
    return lambda _state, _seat: text


def search(
    game: AnyGame,
    state: Any,
    seat: int,
    *,
    seed: int | str,
    iterations: int | None,
    seconds: float | None = None,
    playout: Playout = random_playout,
    playout_moves: int = 40,
    exploration: float = EXPLORATION,
    clock: Callable[[], float] | None = None,
    widest: int | None = None,
) -> SearchResult:
    """Search `iterations` times (or until `seconds` pass, whichever comes first; at least one
    of them given) from `state`, where `seat` is to move, and pick the root move visited most
    (the fallback's own choice unless that move looks clearly better, `ANCHOR_MARGIN`).

    `state` is read only through `determinize`, the seat's own legal moves, which its view
    decides, and the fallback's valuation of them (which values a face-down draw as an average
    draw, engine/fallback.py): the real hidden parts never steer a choice. With `widest`, only
    that many of the seat's moves are searched, the ones the fallback's valuation ranks best:
    a budget of a few hundred iterations spread over a hundred placements would try each once."""
    checked_budget(seconds, clock, iterations)
    root_moves = deciding_moves(game, state, seat)
    anchor = None
    if widest is not None and len(root_moves) > 1:
        ranked = best_valued(game, state, seat, root_moves, len(root_moves))
        anchor = ranked[0]
        root_moves = sorted(ranked[:widest])
    if len(root_moves) == 1:
        return SearchResult(root_moves[0], 0, {root_moves[0]: 0}, {root_moves[0]: 0.0})
    rng = random.Random(f"ismcts:{seed}:{seat}")
    seats = len(game.scores(state))
    root = Node(seats)
    deadline = None if seconds is None or clock is None else clock() + seconds

    def more(done: int) -> bool:
        in_time = deadline is None or clock is None or clock() < deadline
        return (iterations is None or done < iterations) and in_time

    done = 0
    while more(done):
        world = game.determinize(state, seat, rng)
        _iterate(game, world, root, frozenset(root_moves), rng, playout, playout_moves, exploration)
        done += 1
    visits = {move: root.children[move].visits if move in root.children else 0 for move in root_moves}
    means = {
        move: root.children[move].totals[seat] / root.children[move].visits if visits[move] else 0.0
        for move in root_moves
    }
    best = max(root_moves, key=lambda move: (visits[move], means[move], _reversed(move)))
    if anchor is not None and visits[anchor] and means[best] - means[anchor] < ANCHOR_MARGIN:
        best = anchor  # the search found no clear better move than the fallback's own
    return SearchResult(best, done, visits, means)


def checked_budget(seconds: float | None, clock: Callable[[], float] | None, *counts: int | None) -> None:
    """Refuse a search with no budget at all (no count and no time), or a time without a clock:
    the engine reads none of its own."""
    if seconds is None and all(count is None for count in counts):
        raise ValueError("a search needs a budget: a count or seconds")
    if seconds is not None and clock is None:
        raise ValueError("a time budget needs a clock (time.perf_counter)")


def deciding_moves(game: AnyGame, state: Any, seat: int) -> list[str]:
    """`playable` moves of the seat deciding, which must have one."""
    moves = playable(game, state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return moves


def best_valued(game: AnyGame, state: Any, seat: int, moves: list[str], count: int) -> list[str]:
    """The `count` moves the fallback's valuation ranks best, best first (ties in notation order)."""
    gains = move_gains(game, state, seat)
    return sorted(moves, key=lambda move: (-round(gains.get(move, 0.0), 6), move))[:count]


def _reversed(move: str) -> tuple[int, ...]:
    """A tie-break key that prefers the alphabetically first move under `max`."""
    return tuple(-ord(letter) for letter in move)


def _iterate(
    game: AnyGame,
    world: Any,
    root: Node,
    searched: frozenset[str],
    rng: random.Random,
    playout: Playout,
    playout_moves: int,
    exploration: float,
) -> None:
    """One iteration in one sampled world: select, expand one node, play out, back up. At the
    root only the `searched` moves are tried."""
    node = root
    path = [root]
    while not game.is_over(world):
        mover = game.to_move(world)
        if mover is None:
            break
        legal = playable(game, world, mover)
        if node is root:
            legal = [move for move in legal if move in searched]
        if not legal:
            break
        untried = []
        for move in legal:
            child = node.children.get(move)
            if child is None:
                untried.append(move)
            else:
                child.available += 1
        if untried:
            move = untried[rng.randrange(len(untried))]
            child = Node(root.seats, available=1)
            node.children[move] = child
            world = game.apply(world, mover, move).state
            path.append(child)
            break
        move = max(legal, key=lambda move: node.children[move].score(mover, exploration))
        world = game.apply(world, mover, move).state
        node = node.children[move]
        path.append(node)
    end = playout(game, world, rng, playout_moves)
    reward = rewards(valued(game, end))
    for visited in path:
        visited.visits += 1
        for index, value in enumerate(reward):
            visited.totals[index] += value
