"""Rebirth (Scotland, and the Ireland advanced map): tile placement, majorities, castles."""

from engine.rebirth.game import COLOURS, DISCARD, RESIGN, Rebirth
from engine.rebirth.state import RebirthState

__all__ = ["COLOURS", "DISCARD", "RESIGN", "Rebirth", "RebirthState"]
