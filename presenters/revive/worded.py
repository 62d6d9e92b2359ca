"""Temporary: Revive's engine behind the worded contract the service still reads
(`engine.base.LegacyGame`: `move_choices`, `with_previews`, `button_moves` and `view` with a
locale), its words from `labels.py`. It goes once the service asks the presenters for labelled
moves (`Presenter.move_choices`...) and the registry hands out the engine itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base import MoveChoice
from engine.editions import Editions
from presenters.revive import labels


class WordedRevive:
    """`engine` (Revive's editions) with labelled moves; every other call goes to `engine`."""

    def __init__(self, engine: Editions[Any, Any, Any]) -> None:
        self.engine = engine

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def move_choices(self, state: Any, seat: int, locale: str | None = None) -> list[MoveChoice]:
        return labels.move_choices(self.engine, state, seat, locale)

    def with_previews(
        self, state: Any, seat: int, choices: Sequence[MoveChoice], locale: str | None = None
    ) -> list[MoveChoice]:
        return labels.with_previews(self.engine, state, seat, choices, locale)

    def button_moves(self, state: Any, seat: int, limit: int, locale: str | None = None) -> list[MoveChoice]:
        return labels.button_moves(self.engine, state, seat, limit, locale)

    def view(self, state: Any, seat: int | None, locale: str | None = None) -> Any:
        return self.engine.view(state, seat)
