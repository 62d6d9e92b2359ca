"""Errors a player can cause. Each carries a translation key, so the reason reaches the player
in their language; `str()` gives the English text (handy in logs and tests).

They subclass ValueError, as python-chess does for illegal moves: bad input, not a crash.
"""

from __future__ import annotations

from i18n import t


class GameError(ValueError):
    """A request the rules refuse. Nothing changed; `message()` says why."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(t(key, **params))

    def message(self, locale: str | None = None) -> str:
        """The reason in the reader's locale."""
        return t(self.key, locale, **self.params)


class MalformedMove(GameError):
    """The move text could not be read at all."""


class IllegalMove(GameError):
    """The move is readable but the rules forbid it now."""


class NotYourTurn(GameError):
    """Someone tried to move out of turn."""


class NotAPlayer(GameError):
    """The caller has no seat in this game."""


class GameOver(GameError):
    """The game has ended; no more moves."""
