"""Sampled replies: the seat's best few moves, each played in the same sampled worlds and
answered there by every other seat as the fallback player would, compared in pairs.

This is the one-ply form of the information-set search (`engine/ai/ismcts.py`): each iteration
samples a world the seat cannot tell from the real one (`Game.determinize`), and the root's
children are the seat's candidate moves. What differs is how an iteration is spent, measured
to matter at budgets of a few seconds (docs/ai.md):

- **Every candidate in every world.** An iteration plays each candidate in the same world, with
  the same tie-breaks for the replies (common random numbers), so two candidates are compared
  on the same deal: the luck of the draw cancels out of their difference instead of drowning it.
- **A model of the other seats.** After a candidate, the seat finishes its turn with the
  fallback player's moves (`engine/fallback.py`; a Revive turn is several moves, and the rest of
  it is where a move pays off), and the others reply with theirs until the seat begins a turn
  again; then the seat plays its own next turns (its next tile, drawn in that world) and the
  others reply to those too, as far as the game's horizon reaches (`Game.reply_horizon`: one
  more turn in most games, six rounds in Rebirth), so a move that sets up the seat's next ones,
  or leaves the others a settlement to complete, is seen. A random reply would say nothing
  about what a sensible opponent takes away; a tree over every reply spends a small budget on
  replies nobody would make.
- **Valued by margin.** Where that stops, each seat is valued by the fallback's valuation (its
  score if the game ended there, plus what is not points yet), and a candidate is worth the
  seat's value less the others' (half the best of them, half their mean): what it gains and
  what it leaves to the others, in points.
- **Only a clear improvement.** The fallback's own best move is kept unless another one beats
  it in pairs by more than `CONFIDENCE` standard errors: a noisy lead is no reason to change.

Pure and deterministic: the same state, seat, seed and iteration count give the same move. Like
the tree search, it reads the real state only through `determinize`, the seat's own legal
moves, and the fallback's valuation of them; the real hidden parts never steer a choice.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, NamedTuple

from engine.ai.ismcts import SearchResult, best_valued, checked_budget, deciding_moves, tie_text, valued
from engine.base import AnyGame, Horizon
from engine.fallback import choose_among

CONFIDENCE = 1.0
"""How many standard errors of the paired difference a move must beat the fallback's own by."""


def search_replies(
    game: AnyGame,
    state: Any,
    seat: int,
    *,
    seed: int | str,
    iterations: int | None,
    widest: int,
    moves: int | None = None,
    horizon: Horizon | None = None,
    work_at_most: float | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] | None = None,
) -> SearchResult:
    """Sample worlds until `iterations` of them, `moves` fallback moves played in them, or
    `seconds` on `clock` (whichever comes first; at least one given), play each of the `widest`
    moves the fallback ranks best in every world, and return the move with the best paired
    margin over the fallback's own (see the module docstring). A budget in moves played is
    what a decision costs: a fallback move costs about the same in every game (docs/ai.md).
    `work_at_most` caps the work of all those replies (`Answer.work`, in the game's
    `weighing_cost` units): where a position offers many moves, or every valuation reads a
    crowded board, a world costs more, so the search stops before a world that would pass the
    cap by its worlds' mean, once it has two (a world begun is finished, and one world has no
    spread to judge a lead by). The replies look as far as `horizon`, by default the game's
    own (`Game.reply_horizon`)."""
    checked_budget(seconds, clock, iterations, moves)
    candidates = best_valued(game, state, seat, deciding_moves(game, state, seat), widest)
    anchor = candidates[0]
    if len(candidates) == 1:
        return SearchResult(anchor, 0, {anchor: 0}, {anchor: 0.0})
    horizon = game.reply_horizon(state) if horizon is None else horizon
    rng = random.Random(f"replies:{seed}:{seat}")
    deadline = None if seconds is None or clock is None else clock() + seconds
    worths: dict[str, list[float]] = {move: [] for move in candidates}
    done = played = 0
    work = 0.0

    def more() -> bool:
        in_time = deadline is None or clock is None or clock() < deadline
        room = work_at_most is None or done < 2 or work + work / done <= work_at_most
        counts = (iterations is None or done < iterations) and (moves is None or played < moves)
        return in_time and room and counts

    while more():
        world = game.determinize(state, seat, rng)
        ties = str(rng.random())
        for move in candidates:
            after = game.apply(world, seat, move).state
            reply = answered(game, after, seat, ties, horizon.own_turns, horizon.moves)
            worths[move].append(margin(valued(game, reply.state), seat))
            played += reply.played + 1  # the candidate itself and the valuation at the end
            work += reply.work
        done += 1
    best = anchor
    best_edge = 0.0
    for move in candidates if done >= 2 else []:  # one world has no spread to judge a lead by
        pairs = zip(worths[move], worths[anchor], strict=True)
        edge = _paired_edge([mine - theirs for mine, theirs in pairs])
        if edge > best_edge:
            best, best_edge = move, edge
    means = {move: sum(values) / len(values) if values else 0.0 for move, values in worths.items()}
    return SearchResult(best, done, {move: done for move in candidates}, means)


class Answer(NamedTuple):
    """Where the replies stopped, how many moves they played, and what choosing them cost: each
    legal move the fallback weighed, at the game's `weighing_cost` where it was weighed (a move
    among many costs more, and so does one on a crowded board)."""

    state: Any
    played: int
    work: float


def answered(
    game: AnyGame, state: Any, seat: int, ties: str, own_turns: int | None, most: int = Horizon.moves
) -> Answer:
    """`state` after the seat's turn is over and the other seats' fallback moves until `seat`
    begins a turn again, `own_turns` times over its own next turn and their replies to it (None:
    as often as fit; or until the game's end, or `most` moves), with what that cost (`Answer`).
    A turn is the seat's moves in a row: in Revive a turn is several moves (a crystal, a
    placement, a machine, `end`), and the rest of it is where a move pays off; in Rebirth
    usually one placement.
    Ties are drawn from `ties`, a draw of the search, never from a view: the world is the
    search's own sample."""
    own = played = 0
    work = 0.0
    in_turn = True  # the candidate was the seat's own move: its turn goes on while it moves
    while played < most:
        mover = None if game.is_over(state) else game.to_move(state)
        if mover is None:
            break
        if mover == seat and not in_turn:
            if own_turns is not None and own >= own_turns:
                break
            own += 1
        in_turn = mover == seat
        legal = game.legal_moves(state, mover)
        move = choose_among(game, state, mover, legal, 0, seen=tie_text(f"{ties}:{mover}"))
        work += len(legal) * game.weighing_cost(state)
        state = game.after_legal(state, mover, move)  # a listed legal move: nothing to check
        played += 1
    return Answer(state, played, work)


def margin(values: list[float], seat: int) -> float:
    """The seat's value less the others': half the best other's, half their mean."""
    others = [value for other, value in enumerate(values) if other != seat]
    if not others:
        return values[seat]
    return values[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def _paired_edge(differences: list[float]) -> float:
    """The mean of the paired differences less `CONFIDENCE` standard errors (0 with none)."""
    if not differences:
        return 0.0
    mean = sum(differences) / len(differences)
    if len(differences) < 2:
        return mean
    spread = math.sqrt(sum((value - mean) ** 2 for value in differences) / (len(differences) - 1))
    return mean - CONFIDENCE * spread / math.sqrt(len(differences))
