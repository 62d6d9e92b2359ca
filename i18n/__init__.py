"""The one translation function every user-facing string goes through.

Catalogs are plain Python dicts (no file I/O), so the pure engine can build its error messages
with them too. English is complete; other locales fall back to English key by key, so a partial
Brazilian Portuguese catalog can land as soon as any of it is written.
"""

from __future__ import annotations

from i18n.en import MESSAGES as _EN

DEFAULT_LOCALE = "en"
CATALOGS: dict[str, dict[str, str]] = {"en": _EN}


def t(key: str, locale: str | None = None, /, **params: object) -> str:
    """Return the text for `key` in `locale` (falling back to English), formatted with `params`.

    A missing key returns the key itself, so a forgotten string shows up plainly in tests rather
    than crashing a command.
    """
    catalog = CATALOGS.get(_normalise(locale), _EN)
    template = catalog.get(key) or _EN.get(key)
    if template is None:
        return key
    return template.format(**params) if params else template


def lookup(key: str, locale: str | None) -> str | None:
    """The text for `key` in exactly `locale`, or None (no English fallback).

    Discord localisations use it: a missing translation must stay missing so Discord shows the
    default text instead of an English copy labelled as Portuguese.
    """
    catalog = CATALOGS.get(_normalise(locale))
    return catalog.get(key) if catalog else None


def _normalise(locale: str | None) -> str:
    """Map Discord locale names (`pt-BR`, `en-US`) onto catalog names."""
    if not locale:
        return DEFAULT_LOCALE
    if locale in CATALOGS:
        return locale
    return locale.split("-")[0]


def has(key: str) -> bool:
    """Whether the English catalog defines `key` (tests use it to catch typos)."""
    return key in _EN
