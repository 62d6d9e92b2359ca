"""The one translation function every user-facing string goes through.

English is written as plain Python dicts (`i18n/en*.py`, no file I/O), so the pure engine can
build its error messages with them too. Other languages are gettext PO files, for translators
and their tools (`i18n/po.py`: the template, the files, how plurals map), read on first use;
they fall back to English key by key, so a partial catalog can land as soon as any of it is
written.

A catalog entry is either a template (`"It is not your turn."`) or, for a text that counts
something, its plural forms by CLDR plural category (`{"one": "{count} mission card", "other":
"{count} mission cards"}`). `t(key, locale, count=n)` picks the form of `n` under the plural
rules of the locale the entry came from (Babel's CLDR data: English has `one`/`other`,
Portuguese counts 0 and 1 as `one` and a million as `many`), falling back to `other` when the
entry lacks that category. docs/architecture.md (Translation) says how gettext catalogs map
onto this.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from decimal import Decimal

from babel import Locale, UnknownLocaleError
from babel.plural import PluralRule

from i18n.en import MESSAGES as _EN
from i18n.po import Translated, entries, languages

DEFAULT_LOCALE = "en"
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
"""CLDR's plural categories: the keys a plural entry may have (`other` is required)."""

Plural = Mapping[str, str]
"""A plural entry: CLDR category -> template."""
Entry = str | Plural | Translated
CATALOGS: dict[str, Mapping[str, Entry]] = {"en": _EN}
"""The catalogs read so far, by Discord locale name (`en`, `pt-BR`): `_catalog` reads a PO file
the first time its language is asked for."""
Catalogs = Mapping[str, Mapping[str, Entry]]
"""A set of catalogs by catalog name (`{"en": {...}, "pt-BR": {...}}`)."""
_CARRIED: dict[str, Catalogs] = {}
"""The words games carry themselves (`GameSpec.texts`), by game id: found after the bot's own
catalogs, so a game that lives outside this package (a test's) needs no entry in them."""


@dataclass(frozen=True)
class Lookup:
    """One `t` call, as `recording` keeps it: the key, the locale asked for, and the catalog
    that answered (`en` when the entry fell back to English, or None when no catalog had it)."""

    key: str
    asked: str | None
    served: str | None


_RECORDERS: list[list[Lookup]] = []


@contextlib.contextmanager
def recording() -> Iterator[list[Lookup]]:
    """Every lookup made inside the block (on any thread), for a test that plays a whole game in
    a language and fails on any text that fell back to English."""
    seen: list[Lookup] = []
    _RECORDERS.append(seen)
    try:
        yield seen
    finally:
        _RECORDERS.remove(seen)


def t(key: str, locale: str | None = None, /, **params: object) -> str:
    """Return the text for `key` in `locale` (falling back to English), formatted with `params`.

    A plural entry needs `count`, whose plural category (in the locale whose catalog had the
    entry) picks the form. A missing key returns the key itself, so a forgotten string shows up
    plainly in tests rather than crashing a command.
    """
    name = _normalise(locale)
    entry = found(key, name)
    if entry is None:
        name, entry = DEFAULT_LOCALE, found(key, DEFAULT_LOCALE)
    for seen in _RECORDERS:
        seen.append(Lookup(key, locale, name if entry is not None else None))
    if entry is None:
        return key
    if isinstance(entry, str):
        template = entry
    else:
        if "count" not in params:
            raise TypeError(f"{key} has plural forms: t() needs count=")
        template = plural_form(entry, params["count"], name)
    return template.format(**params) if params else template


def plural_form(entry: Plural | Translated, count: object, locale: str | None) -> str:
    """The form of a plural `entry` for `count` in `locale`: its category's, else `other`; for
    a translated entry, the form its PO file's plural rule numbers."""
    if isinstance(entry, Translated):
        return entry.form(int(Decimal(str(count))))
    return entry.get(plural_category(count, locale)) or entry["other"]


def plural_category(count: object, locale: str | None) -> str:
    """The CLDR plural category of `count` in `locale` (`one`, `few`, `many`, `other`...), from
    Babel's plural rules; a locale Babel does not know counts as English. A count given as text
    (`"1.5"`, as displayed) is read as a decimal number."""
    number = Decimal(count) if isinstance(count, int) else Decimal(str(count))
    rule: PluralRule = _rules(locale or DEFAULT_LOCALE)
    return rule(abs(number))


@functools.cache
def _rules(locale: str) -> PluralRule:
    try:
        parsed = Locale.parse(locale.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        parsed = Locale.parse(DEFAULT_LOCALE)
    return parsed.plural_form


def lookup(key: str, locale: str | None) -> str | None:
    """The text for `key` in exactly `locale`, or None (no English fallback).

    Discord localisations use it: a missing translation must stay missing so Discord shows the
    default text instead of an English copy labelled as Portuguese. Command texts never count,
    so a plural entry is not one.
    """
    name = _normalise(locale)
    if name == DEFAULT_LOCALE and (locale or DEFAULT_LOCALE).split("-")[0] != DEFAULT_LOCALE:
        return None  # a language with no catalog at all: English stands in, by `t` only
    entry = found(key, name)
    return entry if isinstance(entry, str) else None


def found(key: str, name: str) -> Entry | None:
    """The entry for `key` in catalog `name`: the bot's own, else the one a game carries."""
    entry = _catalog(name).get(key)
    return carried(key, name) if entry is None else entry


def carry(owner: str, texts: Catalogs) -> None:
    """Make the catalogs a game carries (`texts`, by catalog name: `en` and any language the bot
    has a PO file for) readable by `t`, `lookup` and `has`, after the bot's own. Their keys start
    with `owner.` (the game's id), so they never shadow another entry."""
    strays = [key for catalog in texts.values() for key in catalog if not key.startswith(f"{owner}.")]
    if strays:
        raise ValueError(f"{owner} carries keys outside its own name: {strays[:3]}")
    _CARRIED[owner] = texts


def drop(owner: str) -> None:
    """Forget the catalogs `owner` carried (a game a test registered for a while)."""
    _CARRIED.pop(owner, None)


def carried(key: str, name: str) -> Entry | None:
    """The entry for `key` in catalog `name` among the catalogs games carry, or None."""
    texts = _CARRIED.get(key.split(".", 1)[0])
    return None if texts is None else texts.get(name, {}).get(key)


def _catalog(name: str) -> Mapping[str, Entry]:
    """The catalog of locale `name`, read from its PO file the first time (empty when none)."""
    if name not in CATALOGS:
        CATALOGS[name] = entries(name.replace("-", "_"))
    return CATALOGS[name]


def reload() -> None:
    """Forget the catalogs read so far, so the PO files are read again at their next use (a
    translator's edit shows without a restart of a test or a sandbox)."""
    for name in [name for name in CATALOGS if name != DEFAULT_LOCALE]:
        del CATALOGS[name]
    _known.cache_clear()


@functools.cache
def _known() -> frozenset[str]:
    """The locales with a catalog: English and every PO file's language (`pt-BR`)."""
    return frozenset({DEFAULT_LOCALE, *(language.replace("_", "-") for language in languages())})


def _normalise(locale: str | None) -> str:
    """Map Discord locale names (`pt-BR`, `en-US`) onto catalog names: the locale itself when it
    has a catalog, else its language's (`en-US` is `en`; `pt-PT` reads `pt-BR` when that is the
    only Portuguese there is)."""
    if not locale:
        return DEFAULT_LOCALE
    if locale in _known():
        return locale
    language = locale.split("-")[0]
    if language in _known():
        return language
    return next((name for name in sorted(_known()) if name.split("-")[0] == language), DEFAULT_LOCALE)


def catalog_name(locale: str | None) -> str:
    """The catalog `t` reads first for `locale` (`en-US` and None read `en`, `pt-BR` reads
    `pt-BR`): what a cache of drawn words keys on, so an image is drawn once per language, not
    once per Discord locale name."""
    return _normalise(locale)


def table_languages() -> list[str]:
    """The languages a game may be played in: English and every language with a catalog
    (`["en", "pt-BR"]`), as `/game new language:` offers them."""
    return sorted(_known(), key=lambda name: (name != DEFAULT_LOCALE, name))


def language_name(locale: str) -> str:
    """A language's name in that language (`Português (Brasil)`), from CLDR: what a choice of
    language shows, so a reader finds their own language whatever the client's is."""
    try:
        name = Locale.parse(locale.replace("-", "_")).get_display_name() or locale
    except (UnknownLocaleError, ValueError):
        return locale
    return name[:1].upper() + name[1:]


def table_language(guild_locale: str | None, creator_locale: str | None = None) -> str:
    """The language a new game is played in by default: the server's preferred
    locale, as far as a catalog has it. Discord reports `en-US` for every server that is not a
    Community server (it has no setting there), so a server saying `en-US` while the creator
    reads a language we have gets the creator's: a Brazilian group on a plain server plays in
    Portuguese. `/game new language:` and `/game settings language:` choose otherwise."""
    server = _normalise(guild_locale)
    if (guild_locale in (None, "en-US")) and creator_locale:
        creator = _normalise(creator_locale)
        if creator != DEFAULT_LOCALE:
            return creator
    return server


def has(key: str) -> bool:
    """Whether the English catalog, or the English a game carries, defines `key` (tests use it
    to catch typos; the service, to use a game's own hint or blurb when it has one)."""
    return key in _EN or carried(key, DEFAULT_LOCALE) is not None
