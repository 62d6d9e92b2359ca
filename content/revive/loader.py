"""Revive content: load `content/data/revive/*.json`, one dict with every file under its stem.

The engine does no I/O: it gets the loaded dict as an argument, like Rebirth's content.
`content/revive/validate.py` checks every promise of docs/revive.md "Content formats".
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from content import DATA_DIR

REVIVE_DIR = DATA_DIR / "revive"
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


EDITIONS_FILE = REVIVE_DIR / "editions.json"


@functools.cache
def load_revive_edition(version: int) -> dict[str, Any]:
    """The content a game of rules `version` plays with: the files with every change a later
    version made set back (`content/revive/editions.py`; the newest version is the files)."""
    from content.revive.editions import edition, read_changes

    return edition(load_revive(), version, read_changes(EDITIONS_FILE))
