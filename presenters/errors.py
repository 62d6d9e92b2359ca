"""A refused request in words: the reason a `GameError` names by key and parameters, in the
reader's language."""

from __future__ import annotations

from engine.errors import GameError, Term
from i18n import t


def error_text(error: GameError, locale: str | None = None) -> str:
    """Why `error` was refused, in `locale` (None: English). A `Term` parameter (a tile's name, a
    map's, an option's) is worded in that language too, as the rest of the bot names it there:
    a Portuguese refusal says "Energy Farm" and "Escócia", as its rules text does."""
    params = {
        name: t(value.key, locale) if isinstance(value, Term) else value
        for name, value in error.params.items()
    }
    return t(error.key, locale, **params)
