"""Rebirth: tile placement, settlement majorities and castles, on the Scotland and Ireland maps.

Its views and events are typed in `engine.rebirth.views`; its map files are read by
`engine.rebirth.mapfile`; the fallback player values its states with `engine.rebirth.fallback`.
"""

from engine.base import RESIGN
from engine.rebirth.game import COLOURS, DISCARD, Rebirth
from engine.rebirth.state import RebirthState

__all__ = ["COLOURS", "DISCARD", "RESIGN", "Rebirth", "RebirthState"]
