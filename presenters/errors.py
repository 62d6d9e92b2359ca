"""A refused request in words: the reason a `GameError` names by key and parameters, in the
reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import GameError, Phrase, Term, Typed
from i18n import t
from i18n.outside import outside_text


def error_text(error: GameError, locale: str | None = None) -> str:
    """Why `error` was refused, in `locale` (None: English). A `Term` parameter (a tile's name, a
    map's, an option's) is worded in that language too, as the rest of the bot names it there:
    a Portuguese refusal says "Energy Farm" and "Escócia", as its rules text does. A `Phrase`
    (a resource, an amount, a card slot) is worded by its own entry in the reader's language,
    and a `Typed` parameter, the player's own text, is shown as text."""
    return phrased(error.key, error.params, locale)


def phrased(key: str, params: Mapping[str, object], locale: str | None) -> str:
    """The catalog entry `key` in `locale`, its parameters worded: a `Term` and a `Phrase` by
    their own entries, a `Typed` as plain text, a tuple as a list joined with commas."""
    return t(key, locale, **{name: worded(value, locale) for name, value in params.items()})


def worded(value: object, locale: str | None) -> object:
    """One parameter of a refusal as its text shows it."""
    if isinstance(value, Term):
        return t(value.key, locale)
    if isinstance(value, Typed):
        return outside_text(value.text)
    if isinstance(value, Phrase):
        return phrased(value.key, dict(value.facts), locale)
    if isinstance(value, tuple):
        return ", ".join(str(worded(item, locale)) for item in value)
    return value
