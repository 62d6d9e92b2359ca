"""Revive: the rules engine (docs/revive.md "Engine status"), as the one `engine.base.Game` the
rest of the bot talks to.

This class only holds the content it plays with (`tables`) and the legal-move cache, and sends
each call to the module that does the job, each a set of plain functions over (tables, state):
setup.py (a new game), moves.py (legal moves, their facts, reading the notation), apply.py
(applying a move, its event, previews, what `/undo` may take back), actions.py and effects.py
(what actions, answers and effects do), costs.py (range, discounts, payments), scoring.py
(final scoring), views.py (what each seat may see), determinize.py (a world the seat cannot
tell from the real one), fallback.py (the fallback player's valuation). A search calls those
functions directly; it needs no words (presenters/revive/).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.base import RESIGN, Caution, Decision, FallbackPolicy, Game, MoveFacts
from engine.revive import apply, determinize, scoring, setup, views
from engine.revive.apply import ReviveApplied
from engine.revive.fallback import POLICY
from engine.revive.moves import LegalMoves, acting, facts_of
from engine.revive.state import ReviveState, seat_to_move
from engine.revive.tables import COLOURS, GAME_ID, ReviveTables
from engine.revive.views import ReviveEvent, ReviveView

QUIET = frozenset({"pass", "skip", "stop", "end", "crystal"})
"""First words of moves a catch-up leaves out: passing, stopping, ending, crystal trades."""

__all__ = ["COLOURS", "QUIET", "Revive"]


SEARCH_COST = 2.0
FALLBACK_COST = 0.7
WEIGHING_COST = 51.0
"""Microseconds to weigh one legal move (`Game.weighing_cost`), measured here."""


class Revive(Game[ReviveState, ReviveView, ReviveEvent]):
    """The Revive rules over one set of content (content/revive `load_revive()`)."""

    id = GAME_ID
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    fallback_policy: FallbackPolicy = POLICY
    hidden_information = True  # piles, face-down tiles, artifact and resting cards: determinize.py

    def __init__(self, content: dict[str, Any]) -> None:
        self.tables = ReviveTables(content)
        self.legal = LegalMoves(self.tables)

    def new_game(self, players: int, options: dict[str, Any], seed: int) -> ReviveState:
        """General and player setup as the text lists them, every shuffle drawn from `seed`,
        under the rules version `options["rules"]` (absent: the current one)."""
        return setup.new_game(self.tables, players, options, seed)

    # ------------------------------------------------------------ questions

    def to_move(self, state: ReviveState) -> int | None:
        """Whoever must answer the decision on top, else the current player (a neighbour's
        exploration can ask another player to choose a reward)."""
        return seat_to_move(state)

    def is_over(self, state: ReviveState) -> bool:
        return state.finished

    def faction(self, state: ReviveState, seat: int) -> str:
        return str(state.seats[seat]["tribe"])

    def scores(self, state: ReviveState) -> list[int]:
        return scoring.scores(state)

    def score_if_ended(self, state: ReviveState) -> list[int]:
        return scoring.score_if_ended(self.tables, state)

    def caution(self, state: ReviveState, seat: int, move: str) -> Caution | None:
        """Hibernating while a main action is still possible gives up the turn's actions (the
        rules allow it: "cannot or do not want to"): worth a confirmation. Facts: the actions
        left this turn and how many main-action moves are possible now."""
        if move != "hibernate" or state.stack:
            return None
        possible = acting(self.legal(state, seat))
        if not possible:
            return None
        left = self.tables.rules["actions_per_turn"] - state.actions_taken
        return Caution("revive.caution.hibernate", {"count": left, "moves": possible})

    def open_decision(self, state: ReviveState) -> Decision | None:
        """The frame on top of the stack and who answers it (None with no decision open)."""
        seat = seat_to_move(state)
        if seat is None or not state.stack:
            return None
        return Decision(seat=seat, kind=state.stack[-1]["kind"])

    def is_quiet(self, move: str) -> bool:
        """Passing, stopping, ending and crystal trades (`QUIET`) change nothing worth retelling."""
        return move.split(" ", 1)[0] in QUIET

    def reveals(self, before: ReviveState, after: ReviveState, seat: int) -> str | None:
        return apply.reveals(before, after, seat)

    def determinize(self, state: ReviveState, seat: int, rng: random.Random) -> ReviveState:
        """Tiles, piles, the others' crates, artifact cards and resting cards drawn anew from
        what `seat` cannot see (engine/revive/determinize.py)."""
        return determinize.determinize(self.tables, state, seat, rng)

    def search_cost(self, state: ReviveState) -> float:
        """Longer turns, each a chain of decisions: measured about twice a Rebirth iteration."""
        return SEARCH_COST

    def fallback_cost(self, state: ReviveState) -> float:
        """A Revive fallback move lists fewer moves, each cheap to value: about half a
        Scotland one alone, but a search's worlds cost more around them (a Revive world is
        redealt from more hidden parts): 0.7, measured in whole decisions."""
        return FALLBACK_COST

    def weighing_cost(self, state: ReviveState) -> float:
        """Weighing a Revive move also looks a side move (a trade) one move further, so it
        costs about the same whatever the board: measured in whole decisions."""
        return WEIGHING_COST

    # ------------------------------------------------------------ moves

    def legal_moves(self, state: ReviveState, seat: int) -> list[str]:
        """Every move `seat` may make now (empty when it is not their turn); the listing is kept
        on the state (engine/revive/moves.py `LegalMoves`)."""
        return self.legal(state, seat)

    def moves(self, state: ReviveState, seat: int) -> list[MoveFacts]:
        """Legal moves with their facts (engine/revive/moves.py `facts_of`), in the order
        offered: the open decision's answers, then the actions, the free actions and ending the
        turn (first once no main action is left; `hibernate` last while one is)."""
        legal = self.legal(state, seat)
        main = acting(legal) > 0
        listed = [facts_of(self.tables, state, seat, move, main) for move in legal]
        return sorted(listed, key=lambda facts: -facts.rank)

    def previews(self, state: ReviveState, seat: int, moves: Sequence[MoveFacts]) -> list[MoveFacts]:
        return apply.previews(self.tables, self.legal, state, seat, moves)

    def button_moves(self, state: ReviveState, seat: int, limit: int) -> list[MoveFacts]:
        """With a decision open, every answer but crystal trades; otherwise only `end` or
        `hibernate`; none when there would be more than `limit`. Without previews: the caller
        adds them with `previews` (each plays the move on a copy)."""
        listed = self.moves(state, seat)
        if state.stack:
            offered = [facts for facts in listed if facts.kind != "crystal"]
        else:
            offered = [facts for facts in listed if facts.kind in ("end", "hibernate")]
        return offered if len(offered) <= limit else []

    def distance(self, state: ReviveState, place: str, other: str) -> int | None:
        return self.tables.board.distance(place, other)

    def apply(self, state: ReviveState, seat: int, move: str) -> ReviveApplied:
        """Play `move` for `seat`; raises a GameError saying why when it is refused."""
        return apply.apply(self.tables, self.legal, state, seat, move)

    def after_legal(self, state: ReviveState, seat: int, move: str) -> ReviveState:
        """The state after a move as `legal_moves` lists it, neither checked nor described."""
        if move == RESIGN:
            return self.apply(state, seat, move).state
        return apply.played(self.tables, state, seat, move)

    # ------------------------------------------------------------ views and storage

    def view(self, state: ReviveState, seat: int | None) -> ReviveView:
        """What `seat` may see (engine/revive/views.py)."""
        main = 0
        if seat is not None and not state.stack and seat == seat_to_move(state):
            main = acting(self.legal(state, seat))
        return views.view(self.tables, state, seat, main)

    def dumps(self, state: ReviveState) -> str:
        return state.dumps()

    def loads(self, text: str) -> ReviveState:
        return ReviveState.loads(text)
