"""Rebirth: tile placement, settlement majorities and castles (the Scotland map; Ireland to come)."""

from engine.rebirth.game import COLOURS, DISCARD, RESIGN, Rebirth
from engine.rebirth.state import RebirthState

__all__ = ["COLOURS", "DISCARD", "RESIGN", "Rebirth", "RebirthState"]
