"""The end of a Rebirth game: the final scoring (incomplete settlements as small ones, 5 per
castle, the private missions met) and the winners with the map's tie-breaks."""

from __future__ import annotations

from engine.rebirth import missions as mission_rules
from engine.rebirth import scoring
from engine.rebirth.missions import card_points
from engine.rebirth.state import NEUTRAL, RebirthState
from engine.rebirth.tables import RebirthTables


def scores(state: RebirthState) -> list[int]:
    return [state.total(seat) for seat in range(state.players)]


def score_if_ended(tables: RebirthTables, state: RebirthState) -> list[int]:
    """Each seat's total if the game ended now: the final scoring run on a copy."""
    if state.finished:
        return scores(state)
    ended = state.copy()
    final_scoring(tables, ended)
    return scores(ended)


def total_if_ended(tables: RebirthTables, state: RebirthState, seat: int, held: list[str]) -> tuple[int, int]:
    """`seat`'s total if the game ended now, had it held the mission cards `held`, and how many
    of them it meets: what `final_scoring` would give that seat, worked out for it alone and
    without changing `state` (the fallback values every legal move by it: the other seats'
    missions and the winners are not needed there)."""
    tiles = state.board
    total = state.total(seat)
    for spaces in tables.board(state).shared_settlements():
        mine, complete = 0, True
        for space in spaces:
            tile = tiles.get(space)
            if tile is None:
                complete = False
            elif tile[0] == seat:
                mine += scoring.influence(tile[1])
        if not complete:  # scored as small ones; a complete one scored when it was completed
            total += mine
    total += scoring.CASTLE_POINTS * sum(holder == seat for holder in state.castles.values())
    pos = tables.position(state)
    met = [c for c in held if mission_rules.is_met(tables.missions[c]["condition"], pos, seat)]
    return total + sum(card_points(tables.missions[c]) for c in met), len(met)


def final_scoring(tables: RebirthTables, state: RebirthState) -> None:
    """Incomplete settlements as small ones, 5 per castle, met missions; then the winner."""
    board = tables.board(state)
    state.finished = True
    state.current = None
    state.pending = []
    before = state.scores
    state.scores = [dict(s) for s in before]  # new dicts: a forked state shares the old ones
    for settlement in board.settlements:
        if settlement.size > 1 and not scoring.is_complete(settlement, state.board):
            for who, value in scoring.settlement_influence(settlement, state.board).items():
                if value:
                    state.scores[who]["incomplete"] = state.scores[who].get("incomplete", 0) + value
    for holder in state.castles.values():
        if holder is not None:
            state.scores[holder]["castles"] = state.scores[holder].get("castles", 0) + scoring.CASTLE_POINTS
    pos = tables.position(state)
    met: list[list[str]] = []
    for seat in range(state.players):
        done = [
            c
            for c in state.missions[seat]
            if mission_rules.is_met(tables.missions[c]["condition"], pos, seat)
        ]
        met.append(done)
        value = sum(card_points(tables.missions[c]) for c in done)
        if value:
            state.scores[seat]["missions"] = value
    final_points = [
        {k: v - before[seat].get(k, 0) for k, v in state.scores[seat].items() if v != before[seat].get(k, 0)}
        for seat in range(state.players)
    ]
    winners, decided_by = _winners(tables, state)
    state.final = {
        "winners": winners,
        "decided_by": decided_by,
        "final_points": final_points,
        "missions_met": met,
        "missions": [list(m) for m in state.missions],
    }


def _winners(tables: RebirthTables, state: RebirthState) -> tuple[list[int], str]:
    """Highest total among players who did not resign; then the map's castle tie-breaks."""
    candidates = [seat for seat in range(state.players) if not state.resigned[seat]]
    best = max(state.total(seat) for seat in candidates)
    tied = [seat for seat in candidates if state.total(seat) == best]
    if len(tied) == 1:
        return tied, "score"
    board = tables.board(state)
    for castle_name in board.tiebreak_castles:
        space = board.castle_of_name.get(castle_name)
        holder = state.castles.get(space) if space else None
        if holder in tied:
            return [holder], castle_name
    if board.tara:
        near = {
            seat: sum(state.board.get(n, (NEUTRAL, ""))[0] == seat for n in board.neighbours[board.tara])
            for seat in tied
        }
        most = max(near.values())
        leaders = [seat for seat, count in near.items() if count == most]
        if len(leaders) == 1:
            return leaders, "Hill of Tara"
        tied = leaders  # those behind on the Hill of Tara lost the tie-break
    return tied, "shared"
