"""The translations as gettext PO files, the format Poedit and Weblate read, so translators work
in the tools they know.

English stays where the developers write it (`i18n/en*.py`, next to the code that uses each
key). From it comes the template a translator starts from, `i18n/locale/messages.pot`: one entry
per key, the key as its context (`msgctxt`), the English text as `msgid` and, for a text that
counts, the English singular and plural as `msgid`/`msgid_plural`. Each language is
`i18n/locale/<ll_CC>/LC_MESSAGES/messages.po`, made from the template and kept in step with it by
`python -m i18n update` (Babel's catalog update, as `msgmerge` does). A translator never reads
Python, and a key whose English changed is marked fuzzy until someone checks it.

Plural forms in a PO file are numbered, as the file's `Plural-Forms` header says (Babel writes it
from CLDR's data: Portuguese has three, one for 0 and 1, one for whole millions, `other` for the
rest). So a translated plural entry is its forms plus that rule (`Translated`), and `t()` picks
the form by the rule.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
TEMPLATE = LOCALE_DIR / "messages.pot"
DOMAIN = "messages"


@dataclass(frozen=True)
class Translated:
    """A translated plural entry: its forms, in the PO file's order, and the rule that picks one
    for a count (the file's `Plural-Forms` expression)."""

    forms: tuple[str, ...]
    index: Callable[[int], int]

    def form(self, count: int) -> str:
        chosen = self.index(count)
        return self.forms[chosen] if 0 <= chosen < len(self.forms) and self.forms[chosen] else self.forms[-1]


def catalog_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages with a PO file (`pt_BR`, ...), sorted."""
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def template(english: Mapping[str, str | Mapping[str, str]]) -> Catalog:
    """The translator's template: every English entry under its key (but the empty ones: an
    empty text has nothing to translate, and an empty msgid is a PO file's header)."""
    catalog = Catalog(project="tabletop", domain=DOMAIN, fuzzy=False)
    for key, entry in english.items():
        if not entry:
            continue
        if isinstance(entry, str):
            catalog.add(entry, context=key)
        else:
            catalog.add((entry.get("one", entry["other"]), entry["other"]), context=key)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    """Write `catalog` as a PO file, unless only its creation date would change (so running
    `python -m i18n update` with nothing new leaves the files as they are)."""
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=False, omit_header=False)
    text = out.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(text):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


def _undated(text: bytes) -> bytes:
    return b"\n".join(line for line in text.split(b"\n") if not line.startswith(b'"POT-Creation-Date:'))


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=locale, domain=DOMAIN)


def entries(locale: str) -> dict[str, str | Translated]:
    """The translated entries of `locale`'s PO file by key: neither empty nor fuzzy (a fuzzy
    one's English changed since; English is shown until a translator confirms it)."""
    path = catalog_path(locale)
    if not path.exists():
        return {}
    catalog = read(path, locale)
    index = _plural_rule(catalog.plural_expr)
    found: dict[str, str | Translated] = {}
    for message in translated(catalog):
        key = str(message.context)
        if isinstance(message.string, tuple | list):
            found[key] = Translated(tuple(str(form) for form in message.string), index)
        else:
            found[key] = str(message.string)
    return found


def translated(catalog: Catalog) -> Iterator[Message]:
    """The entries of `catalog` a player would read: translated in every form, not fuzzy."""
    for message in catalog:
        if not message.id or message.context is None or message.fuzzy:
            continue
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        if all(forms):
            yield message


def _plural_rule(expression: str) -> Callable[[int], int]:
    """The PO header's C plural expression as a function (the standard library's reader)."""
    rule: Callable[[int], int] = gettext.c2py(expression)
    return rule
