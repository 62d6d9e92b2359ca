"""A refused request in words: the reason a `GameError` names by key and parameters, in the
reader's language."""

from __future__ import annotations

from engine.errors import GameError, Term, Typed
from i18n import t
from i18n.outside import outside_text


def error_text(error: GameError, locale: str | None = None) -> str:
    """Why `error` was refused, in `locale` (None: English). A `Term` parameter (a tile's name, a
    map's, an option's) is worded in that language too, as the rest of the bot names it there:
    a Portuguese refusal says "Energy Farm" and "Escócia", as its rules text does. A `Typed`
    parameter, the player's own text, is shown as text."""
    return t(error.key, locale, **{name: worded(value, locale) for name, value in error.params.items()})


def worded(value: object, locale: str | None) -> object:
    """One parameter of a refusal as its text shows it."""
    if isinstance(value, Term):
        return t(value.key, locale)
    if isinstance(value, Typed):
        return outside_text(value.text)
    return value
