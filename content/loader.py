"""TRANSITIONAL: Rebirth's loader moved to `content.rebirth.loader`; this name stays only until
`content/games.py` (which still imports it) is replaced by `games/registry.py`."""

from content.rebirth.loader import load_map, load_missions, load_tiles, load_towers

__all__ = ["load_map", "load_missions", "load_tiles", "load_towers"]
