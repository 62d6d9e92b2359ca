"""Revive: exploring, building and populating a thawing world. `game.py` is its `Game`; the
rules are the modules beside it (docs/architecture.md "The engine's layout")."""

from engine.revive.game import Revive
from engine.revive.state import ReviveState

__all__ = ["Revive", "ReviveState"]
