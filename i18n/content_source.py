"""Where `i18n/en_content.py` comes from: every content text a player reads, from the data files
through the games' content loaders (i18n/content.py says why it is a generated module).

`python -m i18n content` writes the module; `python -m i18n update` does it first, so the
template and the PO files always carry today's content. Only this module and the command line
read the data files for translation: the catalogs themselves read none.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from i18n.content import EDITION_MARK, key

MODULE = Path(__file__).resolve().parent / "en_content.py"
HEADER = '''"""English content texts, generated from the data files by `python -m i18n content`: do not edit.

Edit the data file instead and run `python -m i18n update` (i18n/content.py, i18n/content_source.py).
"""

MESSAGES: dict[str, str] = {
'''


def rebirth_texts() -> Iterator[tuple[str, str]]:
    """Rebirth: each map's mission card names (their conditions are worded by `mission.*`, the
    Round Tower bonuses by `tower.bonus.*`; castles, regions and settlements are place names)."""
    from content.rebirth.loader import load_missions, mission_map_ids

    for map_id in mission_map_ids():
        for card in load_missions(map_id):
            yield key("rebirth", "mission", card["id"], "name"), card["name"]


def revive_edition_texts(content: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Revive, one content edition: tribe names and blurbs, large location names (what cards,
    machines, modules, crates, technologies and rewards do is worded by `revive.fx.*`)."""
    for tribe in content["tribes"]:
        yield key("revive", "tribe", tribe["id"], "name"), tribe["name"]
        yield key("revive", "tribe", tribe["id"], "about"), tribe["about"]
    for location in content["large_locations"]:
        for side in location["sides"]:
            yield key("revive", "large_location", f"{location['id']}-{side['side']}", "name"), side["name"]


def revive_texts() -> Iterator[tuple[str, str]]:
    """Revive's texts of the newest edition, then each older edition's text that differs,
    marked with the last rules version that reads it."""
    from content.revive.loader import load_revive_edition
    from engine.revive.tables import RULES_VERSION, RULES_VERSIONS

    newest = dict(revive_edition_texts(load_revive_edition(RULES_VERSION)))
    yield from newest.items()
    seen = set(newest.items())
    for version in sorted(RULES_VERSIONS, reverse=True):
        for name, english in revive_edition_texts(load_revive_edition(version)):
            if (name, english) not in seen:
                seen.add((name, english))
                yield f"{name}{EDITION_MARK}{version}", english


def generated() -> dict[str, str]:
    """Every content text by key, in the order the module lists them."""
    return dict([*rebirth_texts(), *revive_texts()])


def module_source(entries: dict[str, str]) -> str:
    """The Python source of `i18n/en_content.py` for `entries` (a JSON string is a Python one)."""
    lines = [f"    {json.dumps(name)}: {json.dumps(english, ensure_ascii=False)},\n" for name, english in entries.items()]
    return HEADER + "".join(lines) + "}\n"


def write_module() -> bool:
    """Write `i18n/en_content.py` from the data files; True when it changed."""
    source = module_source(generated())
    if MODULE.exists() and MODULE.read_text(encoding="utf-8") == source:
        return False
    MODULE.write_text(source, encoding="utf-8")
    return True
