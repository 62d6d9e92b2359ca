"""A hashable handle on Revive's content, for the renderer's caches, with lookups by id.

Why: whatever does not depend on the game state (the board frame, a tile's sprite, a card's row)
is drawn once and kept in functools.lru_cache, keyed by the content. The content dict is not
hashable and is large, so a ContentRef stands for it: equal by a digest computed once per
content object (the bot loads the content once), so two loads of the same files share cache
entries and a test's edited copy does not.
"""

from __future__ import annotations

import threading
from typing import Any

from engine.revive.tables import ReviveTables
from render.common import ContentHandle


class ContentRef(ContentHandle):
    """The content dict, its digest, and its components by id (the rules engine's own indexes,
    engine/revive/tables.py, plus the major artifacts only the images look up)."""

    __slots__ = ("tables", "tiles", "tribes", "cards", "modules", "machines", "majors", "large")

    def __init__(self, data: dict[str, Any]) -> None:
        super().__init__(data)
        self.tables = tables = ReviveTables(data)
        self.tiles: dict[str, dict[str, Any]] = tables.area_tiles
        self.tribes: dict[str, dict[str, Any]] = tables.tribes
        self.cards: dict[str, dict[str, Any]] = tables.cards
        self.modules: dict[str, dict[str, Any]] = tables.modules
        self.machines: dict[str, dict[str, Any]] = tables.machines
        self.majors: dict[str, dict[str, Any]] = {m["id"]: m for m in data["artifacts"]["majors"]}
        self.large: dict[str, dict[str, dict[str, Any]]] = tables.large_sides

    @property
    def rules(self) -> dict[str, Any]:
        return self.tables.rules

    @property
    def last_hibernation(self) -> int:
        """The last space of the hibernation track (a seat's line shows `hibernation 3/8`)."""
        return max(0, len(self.tables.hibernation) - 1)

    def major_colour(self, major: str) -> str:
        """A major artifact's colour ("" when unknown: a grey gem)."""
        return str(self.majors.get(major, {}).get("colour", ""))

    def sun(self, tribe: str) -> dict[str, Any]:
        """A tribe's board (technologies, progress track, ability); {} for an unknown tribe."""
        sun: dict[str, Any] = self.tribes.get(tribe, {}).get("sun", {})
        return sun


_REFS: dict[int, ContentRef] = {}
LOCK = threading.RLock()  # the bot renders in worker threads: build each cached layer only once


def content_ref(content: dict[str, Any]) -> ContentRef:
    """The ContentRef of a content dict, digested once per object (a few ms) and then reused."""
    ref = _REFS.get(id(content))
    if ref is None or ref.data is not content:
        ref = ContentRef(content)
        if len(_REFS) > 8:
            _REFS.clear()
        _REFS[id(content)] = ref  # the ref holds the dict, so its id is not reused meanwhile
    return ref
