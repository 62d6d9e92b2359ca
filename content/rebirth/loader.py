"""Load Rebirth's content files from `content/data/rebirth/` (pure json + pathlib, cached).

The engine does no I/O: it gets these dicts as arguments. See docs/formats.md for the formats and
`content.rebirth.validate` for the checks the tests run over every file.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from content import DATA_DIR

REBIRTH_DIR = DATA_DIR / "rebirth"
MAP_IDS = ("scotland", "ireland")  # the maps games are played on (`/game new map:`), default first
ADVANCED_MAPS = ("ireland",)  # advanced mode: Round Towers, the Hill of Tara, public missions


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def _read_object(path: Path) -> dict[str, Any]:
    """A file whose top level is a json object (a map, the tiles, the towers)."""
    data = _read(path)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a json object expected at the top level")
    return data


def _read_list(path: Path) -> list[dict[str, Any]]:
    """A file whose top level is a json list (the mission cards)."""
    data = _read(path)
    if not isinstance(data, list):
        raise ValueError(f"{path}: a json list expected at the top level")
    return data


@functools.cache
def load_map(map_id: str) -> dict[str, Any]:
    """The map file `content/data/rebirth/<map_id>.json`."""
    return _read_object(REBIRTH_DIR / f"{map_id}.json")


@functools.cache
def load_tiles() -> dict[str, Any]:
    """The tile mix of one colour, `content/data/rebirth/tiles.json`."""
    return _read_object(REBIRTH_DIR / "tiles.json")


@functools.cache
def load_missions(map_id: str) -> list[dict[str, Any]]:
    """The mission cards of a map, `content/data/rebirth/missions_<map_id>.json`."""
    return _read_list(REBIRTH_DIR / f"missions_{map_id}.json")


@functools.cache
def load_towers(map_id: str) -> list[dict[str, Any]]:
    """The Round Tower bonus tiles of a map, from `content/data/rebirth/towers.json` (empty: none)."""
    path = REBIRTH_DIR / "towers.json"
    if not path.exists():
        return []
    return list(_read_object(path).get(map_id, []))


def map_ids() -> list[str]:
    """Every map file present in content/data/rebirth (everything but tiles, towers and missions)."""
    return sorted(
        path.stem
        for path in REBIRTH_DIR.glob("*.json")
        if path.stem not in ("tiles", "towers") and not path.stem.startswith("missions_")
    )


def mission_map_ids() -> list[str]:
    """Every map that has a missions file in content/data/rebirth."""
    return sorted(path.stem.removeprefix("missions_") for path in REBIRTH_DIR.glob("missions_*.json"))
