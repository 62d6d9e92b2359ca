"""Revive: exploring, building and populating a thawing world (engine foundation in progress)."""

from engine.revive.game import Revive
from engine.revive.state import ReviveState

__all__ = ["Revive", "ReviveState"]
