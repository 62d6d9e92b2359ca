"""Rebirth's content texts for the translators: each map's mission card names, under their
catalog keys (`content.rebirth.mission.SC01.name`).

Its registry entry declares this as its `content_texts` (games/spec.py); scripts/content_texts.py
writes every game's into `i18n/en_content.py`. Mission conditions are worded by `mission.*`,
the Round Tower bonuses by `tower.bonus.*`; castles, regions and settlements are place names,
never translated.
"""

from __future__ import annotations

from collections.abc import Iterator

from content.rebirth.loader import load_missions, mission_map_ids
from i18n.content import key


def content_texts() -> Iterator[tuple[str, str]]:
    """(catalog key, English) for every mission card of every map, map by map."""
    for map_id in mission_map_ids():
        for card in load_missions(map_id):
            yield key("rebirth", "mission", card["id"], "name"), card["name"]
