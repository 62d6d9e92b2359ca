"""The words of the games' content (mission card names, tribes, large locations) in a locale.

English stays in the data files, the source a designer edits. Each text a player reads there
is also a catalog entry, `content.<game>.<kind>.<item>.<field>` (`content.rebirth.mission.SC01.name`:
"Highland Cattle"), so translators find it in the template with every other message. Those
entries are generated from the data files into `i18n/en_content.py` (`python scripts/content_texts.py`,
from each game's `content_texts` hook in games/spec.py; `i18n/content_catalog.py` writes it), a
plain dict like every other English catalog: importing it reads no file, and i18n/ names no game.
`tests/i18n/test_content_text.py` fails when the module and the data files disagree.

A text an older content edition words differently (Revive's rules versions) has its own entry,
the key with `.until<version>` after it: the last rules version that read it. `text` is given
the English the caller holds (its edition's) and translates the entry with that English, so an
old game shows the translation of its own text; English it does not know comes back as it is.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from i18n import t
from i18n.en_content import MESSAGES as ENGLISH

PREFIX = "content"
EDITION_MARK = ".until"


def key(game: str, kind: str, item: str, field: str) -> str:
    """The catalog key of one content text: `content.rebirth.mission.SC01.name`."""
    return f"{PREFIX}.{game}.{kind}.{item}.{field}"


def text(game: str, kind: str, item: str, field: str, english: str, locale: str | None) -> str:
    """`english`, the data file's `field` of `item` (a `kind` of `game`'s content), in `locale`.

    The entry whose English is `english` is translated: the item's own, or an older edition's
    (`.until<n>`). English no entry holds (content edited since the catalog was generated) is
    returned unchanged, never another text's translation."""
    base = key(game, kind, item, field)
    found = _keys_by_english().get((base, english))
    return t(found, locale) if found else english


def named(game: str, kind: str, field: str, english: str, locale: str | None) -> str:
    """A text known only by its English, as a stored event may hold a card's name without its
    id: the entry of `kind` whose English is `english`, in `locale` (unchanged when none is)."""
    found = _keys_by_english_only().get((f"{PREFIX}.{game}.{kind}", field, english))
    return t(found, locale) if found else english


@functools.cache
def _keys_by_english() -> Mapping[tuple[str, str], str]:
    """(the key without its edition mark, English) -> the key holding that English."""
    return {(_base(name), english): name for name, english in ENGLISH.items()}


@functools.cache
def _keys_by_english_only() -> Mapping[tuple[str, str, str], str]:
    """(`content.<game>.<kind>`, field, English) -> the key holding it (the first, by id)."""
    found: dict[tuple[str, str, str], str] = {}
    for name, english in sorted(ENGLISH.items()):
        head, _, rest = _base(name).partition(".")
        game, kind, *_, field = rest.split(".")
        found.setdefault((f"{head}.{game}.{kind}", field, english), name)
    return found


def _base(name: str) -> str:
    """A key without its edition mark (`….about.until2` -> `….about`)."""
    head, mark, version = name.rpartition(EDITION_MARK)
    return head if mark and version.isdigit() else name
