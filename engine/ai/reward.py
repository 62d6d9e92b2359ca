"""What a finished (or cut-off) playout is worth to each seat: a vector, one value per seat.

A multiplayer search backs up every seat's own result, not one seat's against "the rest", so
each seat picks, at its own nodes, what is best for itself (the max^n idea, averaged by
sampling). A seat's value mixes its rank (how many seats it beats, ties half) with its margin
over the best other seat, squashed so that a landslide does not outweigh winning at all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

RANK_SHARE = 0.7
"""How much of a seat's reward is its rank; the rest is its margin over the best other seat."""

MARGIN_SCALE_MIN = 5.0
"""The margin (in points) that counts as a clear lead, at the least; scaled up with the scores."""


def rewards(scores: Sequence[float]) -> list[float]:
    """Each seat's reward in [0, 1] for `scores` (one per seat): 1 for a clear, wide win; for
    a single seat (a solo puzzle), its score's squashed size."""
    count = len(scores)
    if count == 1:
        return [0.5 + 0.5 * math.tanh(scores[0] / 50.0)]
    scale = max(MARGIN_SCALE_MIN, 0.1 * sum(abs(score) for score in scores) / count)
    result = []
    for seat, mine in enumerate(scores):
        others = [score for other, score in enumerate(scores) if other != seat]
        beaten = sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in others)
        rank = beaten / len(others)
        margin = 0.5 + 0.5 * math.tanh((mine - max(others)) / scale)
        result.append(RANK_SHARE * rank + (1 - RANK_SHARE) * margin)
    return result
