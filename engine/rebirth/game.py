"""Rebirth: the rules of a whole game, from setup to final scoring, as the one `Game` the rest of
the bot plays.

A turn is one move: place the tile in hand on a legal space (its coordinate is the move, e.g.
`F7`), score it, draw. `discard` exists only for the case the text leaves open: a tile with no
legal space anywhere. `resign` may be played by any seated player at any time.

Ireland (advanced mode) adds public and private missions, Round Tower bonuses (an extra
placement is a move of its own, made before the turn ends), the Hill of Tara tie-break and the
once-per-game Doubling Marker (`F7 x2`).

This class only delegates: the rules are plain functions over the content (`tables.py`) and a
state (`state.py`): `setup.py` deals a game, `moves.py` lists legal moves and reads notation,
`previews.py` gives each move's facts, `apply.py` plays a move, `final.py` ends the game,
`views.py` shows it, `determinize.py` deals anew what a seat cannot see (for a search),
`record.py` says what a referee needs, `fallback.py` values a state.
"""

from __future__ import annotations

import random
from typing import Any

from engine.base import Applied, Game, Horizon, MoveFacts
from engine.rebirth import apply, determinize, final, moves, previews, record, setup, views
from engine.rebirth.board import Board
from engine.rebirth.fallback import POLICY
from engine.rebirth.missions import Position
from engine.rebirth.state import RebirthState
from engine.rebirth.tables import Card, RebirthTables, TowerTile
from engine.rebirth.views import RebirthEvent, RebirthView

ADVANCED_SEARCH_COST = 3.75
ADVANCED_FALLBACK_COST = 1.7
WEIGHING_COST = (9.5, 0.58)
"""Microseconds to weigh one move on a plain board, and more for each piece on it: a valuation
reads every cluster and mission (measured here before the valuation was carried one tile on,
docs/ai.md "Time: a decision's cap")."""
ADVANCED_WEIGHING_COST = (27.0, 0.1)
"""The same on a board with round towers, whose towers and public missions cost about the same
whatever the board holds."""
FAR_HORIZON = Horizon(own_turns=5, moves=24)
"""The sampled replies' horizon: six rounds, the candidate's and five more turns of the seat's,
each answered by the others (23 replies at four players, 11 at two)."""


class Rebirth(Game[RebirthState, RebirthView, RebirthEvent]):
    """The Rebirth rules over one set of content (maps, tile mix, mission cards, tower tiles)."""

    id = "rebirth"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    fallback_policy = POLICY
    hidden_information = True  # hands, supplies, set-aside tiles, missions: determinize.py

    def __init__(
        self,
        maps: dict[str, dict[str, Any]],
        tiles: dict[str, Any],
        missions: dict[str, list[Card]],
        towers: dict[str, list[TowerTile]] | None = None,
    ) -> None:
        self.tables = RebirthTables(maps, tiles, missions, towers)
        self.boards = self.tables.boards
        self.missions = self.tables.missions

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> RebirthState:
        return setup.new_game(self.tables, players, options, seed)

    def to_move(self, state: RebirthState) -> int | None:
        return None if state.finished else state.current

    def legal_moves(self, state: RebirthState, seat: int) -> list[str]:
        return moves.legal_moves(self.tables, state, seat)

    def moves(self, state: RebirthState, seat: int) -> list[MoveFacts]:
        return previews.move_facts(self.tables, state, seat)

    def distance(self, state: RebirthState, place: str, other: str) -> int | None:
        return moves.distance(place, other)

    def apply(self, state: RebirthState, seat: int, move: str) -> Applied[RebirthState, RebirthEvent]:
        return apply.apply(self.tables, state, seat, move)

    def after_legal(self, state: RebirthState, seat: int, move: str) -> RebirthState:
        return apply.after_legal(self.tables, state, seat, move)

    def reveals(self, before: RebirthState, after: RebirthState, seat: int) -> str | None:
        return apply.reveals(before, after, seat)

    def view(self, state: RebirthState, seat: int | None) -> RebirthView:
        return views.view(self.tables, state, seat)

    def determinize(self, state: RebirthState, seat: int, rng: random.Random) -> RebirthState:
        return determinize.determinize(self.tables, state, seat, rng)

    def search_cost(self, state: RebirthState) -> float:
        """A board with round towers (the advanced map) checks its public missions and tower
        bonuses in every move: measured about 3.75 times a plain board's iteration."""
        return ADVANCED_SEARCH_COST if self.tables.board(state).towers else 1.0

    def fallback_cost(self, state: RebirthState) -> float:
        """The advanced map's fallback move values its towers and public missions too:
        measured about 1.7 times a plain board's, in the decisions of a whole search."""
        return ADVANCED_FALLBACK_COST if self.tables.board(state).towers else 1.0

    def weighing_cost(self, state: RebirthState) -> float:
        fixed, per_piece = ADVANCED_WEIGHING_COST if self.tables.board(state).towers else WEIGHING_COST
        return fixed + per_piece * len(state.board)

    def reply_horizon(self, state: RebirthState) -> Horizon:
        """A placement's worth shows late: a settlement is shared and completed over several
        rounds, a cluster grows or is cut off by the others. Two rounds of replies judged moves
        worse than six did, against the final scores of whole games played out, and won fewer
        games against `easy` at two players as at four (docs/ai.md "The horizon")."""
        return FAR_HORIZON

    def is_over(self, state: RebirthState) -> bool:
        return state.finished

    def scores(self, state: RebirthState) -> list[int]:
        return final.scores(state)

    def score_if_ended(self, state: RebirthState) -> list[int]:
        return final.score_if_ended(self.tables, state)

    def played_on(self, state: RebirthState) -> str:
        return state.map_id

    def describe_content(self, state: RebirthState) -> dict[str, Any]:
        return record.describe_content(self.tables, state)

    def record_seat(self, state: RebirthState, seat: int) -> dict[str, Any]:
        return record.record_seat(state, seat)

    def record_move(self, applied: Applied[RebirthState, RebirthEvent]) -> dict[str, Any]:
        return record.record_move(applied)

    def dumps(self, state: RebirthState) -> str:
        return state.dumps()

    def loads(self, text: str) -> RebirthState:
        return RebirthState.loads(text)

    # The rules' own questions about a state, for the scenario tests.

    def board(self, state: RebirthState) -> Board:
        return self.tables.board(state)

    def position(self, state: RebirthState) -> Position:
        return self.tables.position(state)
