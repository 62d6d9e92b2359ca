"""A refused request in words: the reason a `GameError` names by key and parameters, in the
reader's language."""

from __future__ import annotations

from engine.errors import GameError, Term
from i18n import t


def error_text(error: GameError, locale: str | None = None) -> str:
    """Why `error` was refused, in `locale` (None: English). A `Term` parameter (a tile's name)
    is worded in English whatever the reply's language (a translated tile name inside a
    Portuguese refusal is left for the translators to decide)."""
    params = {
        name: t(value.key) if isinstance(value, Term) else value for name, value in error.params.items()
    }
    return t(error.key, locale, **params)
