"""A refused request in words: the reason a `GameError` names by key and parameters, in the
reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import GameError, Phrase, Term
from i18n import t


def error_text(error: GameError, locale: str | None = None) -> str:
    """Why `error` was refused, in `locale` (None: English). A `Term` parameter (a tile's name)
    is worded in English whatever the reply's language (a translated tile name inside a
    Portuguese refusal is left for the translators to decide); a `Phrase` (a resource, an
    amount, a card slot) in the reader's."""
    return phrased(error.key, error.params, locale)


def phrased(key: str, params: Mapping[str, object], locale: str | None) -> str:
    """The catalog entry `key` in `locale`, its parameters worded: a `Term` in English, a
    `Phrase` by its own entry, a tuple as a list joined with commas."""
    return t(key, locale, **{name: _worded(value, locale) for name, value in params.items()})


def _worded(value: object, locale: str | None) -> object:
    if isinstance(value, Term):
        return t(value.key)
    if isinstance(value, Phrase):
        return phrased(value.key, dict(value.facts), locale)
    if isinstance(value, tuple):
        return ", ".join(str(_worded(item, locale)) for item in value)
    return value
