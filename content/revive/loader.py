"""Revive content: load `data/revive/*.json`, one dict with every file under its stem.

The engine does no I/O: it gets the loaded dict as an argument, like Rebirth's content.
`content/revive/validate.py` checks every promise of docs/revive.md "Content formats".
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

REVIVE_DIR = Path(__file__).resolve().parents[2] / "data" / "revive"
FILES = (
    "rules",
    "board",
    "tiles",
    "large_locations",
    "tribes",
    "citizens",
    "modules",
    "machines",
    "machine_tracks",
    "crates",
    "hibernation",
    "artifacts",
)


def _read(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


@functools.cache
def load_revive() -> dict[str, Any]:
    """Every Revive content file, keyed by file stem (the dict is shared: do not mutate it)."""
    return {name: _read(REVIVE_DIR / f"{name}.json") for name in FILES}
