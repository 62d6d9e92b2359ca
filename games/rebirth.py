"""Rebirth's registry entry: tile placement on the Scotland and Ireland maps."""

from __future__ import annotations

from content.rebirth.loader import ADVANCED_MAPS, load_map, load_missions, load_tiles, load_towers
from engine.base import Game
from engine.rebirth import Rebirth
from games.spec import GameOption, GameSpec, OptionChoice
from service.presenters.rebirth import RebirthPresenter
from service.presenting import Presenter

MAPS = GameOption(
    "map", (OptionChoice("scotland", "Scotland"), OptionChoice("ireland", "Ireland (advanced)"))
)


def load_engine() -> Rebirth:
    """The engine with every map, its missions and (advanced maps) its towers, from data/rebirth/."""
    map_ids = [choice.value for choice in MAPS.choices]
    maps = {map_id: load_map(map_id) for map_id in map_ids}
    missions = {map_id: load_missions(map_id) for map_id in map_ids}
    towers = {map_id: load_towers(map_id) for map_id in ADVANCED_MAPS}
    return Rebirth(maps, load_tiles(), missions, towers)


def presenter(engine: Game) -> Presenter:
    return RebirthPresenter(engine)


SPEC = GameSpec(id="rebirth", name="Rebirth", load_engine=load_engine, presenter=presenter, options=(MAPS,))
