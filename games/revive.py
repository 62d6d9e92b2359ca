"""Revive's registry entry: exploring, building and populating a thawing world."""

from __future__ import annotations

from content.revive import load_revive
from engine.base import Game
from engine.revive import Revive
from engine.revive.tables import RULES_VERSION
from games.spec import GameSpec
from service.presenters.revive import RevivePresenter
from service.presenting import Presenter


def load_engine() -> Revive:
    """The engine over Revive's content files (data/revive/, validated)."""
    return Revive(load_revive())


def presenter(engine: Game) -> Presenter:
    """Revive's presenter, which looks content up in the engine's tables (cards, tribes)."""
    if not isinstance(engine, Revive):
        raise TypeError(f"Revive's presenter needs the Revive engine, not {type(engine).__name__}")
    return RevivePresenter(engine)


SPEC = GameSpec(
    id="revive", name="Revive", load_engine=load_engine, presenter=presenter, rules_version=RULES_VERSION
)
