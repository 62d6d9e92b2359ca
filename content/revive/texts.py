"""Revive's content texts for the translators: tribe names and one-line abilities, large
location names, under their catalog keys (`content.revive.tribe.tinkers.about`).

Its registry entry declares this as its `content_texts` (games/spec.py); scripts/content_texts.py
writes every game's into `i18n/en_content.py`. What cards, machines, modules, crates,
technologies and rewards do is worded by `revive.fx.*`, so needs no entry here.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from content.revive.loader import load_revive_edition
from engine.revive.tables import RULES_VERSION, RULES_VERSIONS
from i18n.content import EDITION_MARK, key


def edition_texts(content: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """One content edition's texts: each tribe's name and blurb, each large location side's name."""
    for tribe in content["tribes"]:
        yield key("revive", "tribe", tribe["id"], "name"), tribe["name"]
        yield key("revive", "tribe", tribe["id"], "about"), tribe["about"]
    for location in content["large_locations"]:
        for side in location["sides"]:
            yield key("revive", "large_location", f"{location['id']}-{side['side']}", "name"), side["name"]


def content_texts() -> Iterator[tuple[str, str]]:
    """The newest edition's texts, then each older edition's text that differs, its key marked
    with the last rules version that reads it (`….about.until2`), so an old game shows the
    translation of its own words."""
    newest = dict(edition_texts(load_revive_edition(RULES_VERSION)))
    yield from newest.items()
    seen = set(newest.items())
    for version in sorted(RULES_VERSIONS, reverse=True):
        for name, english in edition_texts(load_revive_edition(version)):
            if (name, english) not in seen:
                seen.add((name, english))
                yield f"{name}{EDITION_MARK}{version}", english
