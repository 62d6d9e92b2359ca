"""What a finished game's result is, seat by seat: who played each seat, how it ended for them,
their place, and how long each person took to move.

Worked out from the stored game alone (its seats, final state and moves' times), the same when
the game ends (`Tables.record`) and when `tabletop ratings --rebuild` reads it back years later
(service/ratings.py), so the two store the same rows. It knows games only through the `Game`
contract: scores, the public view's winners, `played_on` and `faction`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from db import GameRecord
from db.ratings import GameResult, SeatResult
from engine.base import RESIGN, AnyGame

MoveTime = tuple[int, int | None, float, str]
"""A stored move as results read it: (seat, the person who played it or None, time, notation)."""


def places(engine: AnyGame, state: Any, out: set[int]) -> list[int]:
    """Each seat's place, 0 first: the engine's winners (after its tie-breaks) first, then the
    other seats by score, equal scores sharing a place; seats in `out` (resigned, left) share
    the last place, below every seat that played on."""
    scores = engine.scores(state)
    final = engine.view(state, None).get("final") or {}
    winners = set(final.get("winners") or ())
    playing = [seat for seat in range(len(scores)) if seat not in out]
    keys = {seat: (seat not in winners, -scores[seat]) for seat in playing}
    return [
        sum(keys[other] < keys[seat] for other in playing) if seat in keys else len(playing)
        for seat in range(len(scores))
    ]


def waits(moves: Sequence[MoveTime], seat: int) -> tuple[int, ...]:
    """How long the person of `seat` took to answer each turn that came to them: from the move
    before to their first move after it, in whole seconds. Moves the fallback player or an AI
    made for the seat are not the person's, and neither is a game's first move (nothing stored
    says when it was the person's to play), nor a resignation (it may come at any time, not
    only on the person's turn)."""
    taken = []
    for before, (mover, person, at, notation) in zip(moves, moves[1:], strict=False):
        if mover == seat and person is not None and before[0] != seat and notation != RESIGN:
            taken.append(max(0, round(at - before[2])))
    return tuple(taken)


def outcome(game: GameRecord, seat: int, resigned: set[int]) -> str:
    """How the game ended for a seat: a person's seat handed to a stand-in (they left, or
    their clock ran out and the seat was handed over) is `left`, whoever ended it."""
    if game.players[seat] > 0 and game.is_bot(seat):
        return "left"
    return "resigned" if seat in resigned else "played"


def is_rated(seats: Sequence[SeatResult]) -> bool:
    """A game is rated when a person played it to its end or resigned it in person, and it had
    another player to be measured against: another person (even one who left), or an AI seat
    rated as its level (docs/stats.md "Which games are rated"). A game whose people all left
    measured nobody; one of AI seats alone has nobody to rate."""
    people_in_person = [seat for seat in seats if seat.level is None and seat.outcome != "left"]
    return bool(people_in_person) and len(seats) >= 2


def game_result(engine: AnyGame, game: GameRecord, state: Any, moves: Sequence[MoveTime]) -> GameResult:
    """The result of `game`, finished in `state` after `moves` (the last one its end). Times
    count to the millisecond, which is what a packed game keeps of them (db/packing.py): the
    result is the same before and after the game is packed."""
    moves = [(seat, person, _millisecond(at), notation) for seat, person, at, notation in moves]
    resigned = {seat for seat, _, _, notation in moves if notation == RESIGN}
    out = {seat for seat in range(len(game.players)) if outcome(game, seat, resigned) != "played"}
    placed = places(engine, state, out)
    scores = engine.scores(state)
    seats = tuple(
        SeatResult(
            seat=seat,
            user_id=user,
            level=game.level(seat) if user < 0 else None,
            outcome=outcome(game, seat, resigned),
            score=scores[seat],
            place=placed[seat],
            faction=engine.faction(state, seat),
            waits=waits(moves, seat) if user > 0 else (),
        )
        for seat, user in enumerate(game.players)
    )
    return GameResult(
        game_id=game.id,
        guild_id=game.guild_id or 0,
        game=game.game,
        board=engine.played_on(state),
        moves=len(moves),
        started_at=moves[0][2] if moves else 0.0,
        ended_at=moves[-1][2] if moves else 0.0,
        seats=seats,
        rated=is_rated(seats),
    )


def _millisecond(at: float) -> float:
    """`at` as packing keeps it: whole milliseconds."""
    return round(at * 1000) / 1000
