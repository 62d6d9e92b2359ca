"""Rebirth's registry entry: tile placement on the Scotland and Ireland maps."""

from __future__ import annotations

from content.rebirth.loader import ADVANCED_MAPS, MAP_IDS, load_map, load_missions, load_tiles, load_towers
from content.rebirth.texts import content_texts
from engine.base import AnyGame
from engine.rebirth import Rebirth
from engine.rebirth.setup import DENSE, RULES_VERSION, STANDARD, VARIANT_OPTION
from games.spec import GameOption, GameSpec, OptionChoice
from presenters.protocol import Presenter
from presenters.rebirth import RebirthPresenter


def map_label(map_id: str) -> str:
    """`/game new`'s label for a map: its name in the map file, and whether it plays advanced."""
    name = load_map(map_id)["name"]
    return f"{name} (advanced)" if map_id in ADVANCED_MAPS else name


MAPS = GameOption("map", tuple(OptionChoice(map_id, map_label(map_id)) for map_id in MAP_IDS))
# The rules' setup first (the default); the denser 2-player board is ours (docs/rebirth.md
# "Neutral tiles and player count"), and with 3 or 4 players it changes nothing.
VARIANTS = GameOption(
    VARIANT_OPTION,
    (
        OptionChoice(STANDARD, "As the rules (one unused colour's neutral tiles)"),
        OptionChoice(DENSE, "Dense 2-player board (ours: two colours' neutral tiles)"),
    ),
)


def load_engine() -> Rebirth:
    """The engine with every map (the first is the default), its missions and (advanced maps) its
    towers, from content/data/rebirth/."""
    maps = {map_id: load_map(map_id) for map_id in MAP_IDS}
    missions = {map_id: load_missions(map_id) for map_id in MAP_IDS}
    towers = {map_id: load_towers(map_id) for map_id in ADVANCED_MAPS}
    return Rebirth(maps, load_tiles(), missions, towers)


def presenter(engine: AnyGame) -> Presenter:
    if not isinstance(engine, Rebirth):
        raise TypeError(f"Rebirth's presenter needs Rebirth's engine, not {type(engine).__name__}")
    return RebirthPresenter(engine)


SPEC = GameSpec(
    id="rebirth",
    name="Rebirth",
    load_engine=load_engine,
    presenter=presenter,
    options=(MAPS, VARIANTS),
    rules_version=RULES_VERSION,
    content_texts=content_texts,
)
