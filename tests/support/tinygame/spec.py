"""Hexlink's registry entry: what `games.registry.registered(SPEC)` adds to the bot for a test.

A game of the bot's own is declared the same way in `games/<game>.py` and listed in
`games/registry.py`; this one lives in the tests, so the tests register it for as long as they
need it.
"""

from __future__ import annotations

from engine.base import MoveChoice
from games.spec import GameSpec
from tests.support.tinygame.engine import Hexlink as Rules
from tests.support.tinygame.engine import HexlinkState
from tests.support.tinygame.presenter import HexlinkPresenter
from tests.support.tinygame.texts import TEXTS
from tests.support.tinygame.views import HexlinkView


class Hexlink(Rules):
    """The rules as the service still reads a game (`engine.base.LegacyGame`): moves with their
    labels, a view asked with a locale. The labels are the presenter's wording of the rules'
    `MoveFacts`; this class goes once the service asks presenters for worded moves."""

    def move_choices(self, state: HexlinkState, seat: int, locale: str | None = None) -> list[MoveChoice]:
        words = HexlinkPresenter(self)
        return [
            MoveChoice(move.notation, words.label(move, locale), move.rank, move.points)
            for move in self.moves(state, seat)
        ]

    def with_previews(
        self, state: HexlinkState, seat: int, choices: list[MoveChoice], locale: str | None = None
    ) -> list[MoveChoice]:
        return choices  # the labels already say what each move scores

    def button_moves(  # type: ignore[override]  # the worded signature, until it goes
        self, state: HexlinkState, seat: int, limit: int, locale: str | None = None
    ) -> list[MoveChoice]:
        return []

    def view(self, state: HexlinkState, seat: int | None, locale: str | None = None) -> HexlinkView:
        return super().view(state, seat)


SPEC = GameSpec(id="hexlink", name="Hexlink", load_engine=Hexlink, presenter=HexlinkPresenter, texts=TEXTS)
