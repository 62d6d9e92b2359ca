"""Hexlink's registry entry: what `games.registry.registered(SPEC)` adds to the bot for a test.

A game of the bot's own is declared the same way in `games/<game>.py` and listed in
`games/registry.py`; this one lives in the tests, so the tests register it for as long as they
need it.
"""

from __future__ import annotations

from engine.base import AnyGame
from games.spec import GameSpec
from presenters.protocol import Presenter
from tests.support.tinygame.engine import Hexlink
from tests.support.tinygame.presenter import HexlinkPresenter
from tests.support.tinygame.texts import TEXTS


def presenter(engine: AnyGame) -> Presenter:
    if not isinstance(engine, Hexlink):
        raise TypeError(f"Hexlink's presenter needs Hexlink's engine, not {type(engine).__name__}")
    return HexlinkPresenter(engine)


SPEC = GameSpec(id="hexlink", name="Hexlink", load_engine=Hexlink, presenter=presenter, texts=TEXTS)
