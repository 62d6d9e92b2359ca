"""Errors a player can cause. Each carries a translation key and its parameters, facts not words,
so the reason reaches the player in their language: `presenters/errors.py` `error_text` words it
(the bot's one error funnel, `cogs/replies.py`, replies with it). `str()` gives the key and the
parameters, for logs.

They subclass ValueError, as python-chess does for illegal moves: bad input, not a crash.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """A parameter that is a word of the catalog (`Term("tile.E")`: an energy farm), which the
    engine names by its key and the wording looks up."""

    key: str


@dataclass(frozen=True)
class Typed:
    """A parameter that is what a person typed (`Typed("hello")`, not a space), echoed back in
    the refusal: the wording shows it as plain text, never as markdown."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Phrase:
    """A parameter worded in the reader's language by its own catalog entry and facts
    (`Phrase("revive.slot.top_left")`, `Phrase("revive.why.amount", count=2, noun=...)`): a
    resource, a slot, an amount of something. A facts value may be a `Phrase` too, and a tuple
    of them is a list (worded one by one, joined with commas)."""

    key: str
    facts: tuple[tuple[str, object], ...] = ()

    def __init__(self, key: str, **facts: object) -> None:
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "facts", tuple(sorted(facts.items())))


class GameError(ValueError):
    """A request the rules refuse. Nothing changed; `key` and `params` say why."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(key, params)

    def __str__(self) -> str:
        return f"{self.key} {self.params}" if self.params else self.key


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
