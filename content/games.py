"""The games this project plays, each engine built once over its content files."""

from __future__ import annotations

import functools
from typing import Any

from content.loader import load_map, load_missions, load_tiles, load_towers
from engine.base import Game
from engine.rebirth import Rebirth

REBIRTH_MAPS = ("scotland", "ireland")
ADVANCED_MAPS = ("ireland",)  # maps with Round Towers
GAME_IDS = ("rebirth", "revive")


@functools.cache
def load_engine(game_id: str) -> Game:
    """The engine for `game_id`, with its maps and cards loaded from data/."""
    if game_id == "rebirth":
        maps = {map_id: load_map(map_id) for map_id in REBIRTH_MAPS}
        missions = {map_id: load_missions(map_id) for map_id in REBIRTH_MAPS}
        towers = {map_id: load_towers(map_id) for map_id in ADVANCED_MAPS}
        return Rebirth(maps, load_tiles(), missions, towers)
    if game_id == "revive":
        from content.revive import load_revive
        from engine.revive import Revive

        return Revive(load_revive())
    raise KeyError(game_id)


def map_data(game_id: str, map_id: str) -> dict[str, Any]:
    """The raw map file a renderer draws from."""
    if game_id == "rebirth":
        return load_map(map_id)
    raise KeyError(game_id)
