"""Rebirth: tile placement, settlement majorities and castles, on the Scotland and Ireland maps.

Its views and events are typed in `engine.rebirth.views`; its map files are read by
`engine.rebirth.mapfile`; the fallback player values its states with `engine.rebirth.fallback`.
"""

from engine.base import RESIGN
from engine.rebirth.game import Rebirth
from engine.rebirth.moves import DISCARD
from engine.rebirth.state import RebirthState
from engine.rebirth.views import COLOURS

__all__ = ["COLOURS", "DISCARD", "RESIGN", "Rebirth", "RebirthState"]
