"""A game's legal moves as a player reads them: the engine's `MoveFacts` with the game's wording.

Written once for every game: a presenter gives `MoveWords` its engine and one function, `label`,
that words one move's facts in a language; the lists, the previews and the buttons follow. The
engine lists facts without words (an AI search lists moves thousands of times per decision and
needs none), so words are made only for the moves a person is shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.base import Game, MoveFacts
from presenters.protocol import MoveChoice

Label = Callable[[MoveFacts, str | None], str]
"""`label(move, locale)`: what a player reads for `move` (at most 100 characters, Discord's limit
on a choice's name)."""
Names = Callable[[MoveFacts, str | None], tuple[str, ...]]
"""`names(move, locale)`: the names that find `move` when typed without being in its label (the
places it touches, the missions it counts for)."""


def _no_names(move: MoveFacts, locale: str | None) -> tuple[str, ...]:
    return ()


class MoveWords:
    """`engine`'s moves labelled by `label` (and found by `names`): what the presenter hands the
    service."""

    def __init__(self, engine: Game[Any, Any, Any], label: Label, names: Names = _no_names) -> None:
        self.engine = engine
        self.label = label
        self.names = names

    def choice(self, move: MoveFacts, locale: str | None) -> MoveChoice:
        """One move as offered: its notation, its label, its rank and points, its facts and the
        names that find it."""
        label, names = self.label(move, locale), self.names(move, locale)
        return MoveChoice(move.notation, label, move.rank, move.points, move, names)

    def move_choices(self, state: Any, seat: int, locale: str | None) -> list[MoveChoice]:
        """Every legal move of `seat`, labelled, best first (no previews: `with_previews`)."""
        return [self.choice(move, locale) for move in self.engine.moves(state, seat)]

    def with_previews(
        self, state: Any, seat: int, choices: Sequence[MoveChoice], locale: str | None
    ) -> list[MoveChoice]:
        """`choices` labelled with what each would change now (the engine's `previews`; a
        preview may play the move on a copy, so only for the few shown). A choice whose move is
        not legal now stays as it is."""
        facts = [choice.facts for choice in choices]
        if any(move is None for move in facts):
            legal = {move.notation: move for move in self.engine.moves(state, seat)}
            facts = [move or legal.get(choice.notation) for choice, move in zip(choices, facts, strict=True)]
        known = [move for move in facts if move is not None]
        previewed = iter(self.engine.previews(state, seat, known))
        return [
            choice if move is None else self.choice(next(previewed), locale)
            for choice, move in zip(choices, facts, strict=True)
        ]

    def button_moves(self, state: Any, seat: int, limit: int, locale: str | None) -> list[MoveChoice]:
        """The moves worth a button for `seat` now (the engine's choice), labelled, no previews."""
        return [self.choice(move, locale) for move in self.engine.button_moves(state, seat, limit)]
