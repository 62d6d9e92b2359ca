"""Moves played only once confirmed: a legal move the engine says may be a slip (`Game.caution`:
hibernating while actions are left) is answered privately with the reason and a **Confirm**
button instead of being played. The button, or the move typed with `confirm` after it, plays it.

Why a second step and not a refusal: the rules allow the move, and a player who means it should
get it with one more click; but the list's first choice is sent by pressing Enter, and a button
on a channel post is one tap away, so a move that gives up the turn should never happen by
accident. Nothing is stored until the player confirms.
"""

from __future__ import annotations

from engine.base import Caution
from i18n import t
from presenters.errors import phrased
from presenters.protocol import MoveChoice
from service.messages import Message

CONFIRM = "confirm"
"""The word after a move that confirms it (`/move hibernate confirm`); the caller's language's
own word (`move.confirm_word`) is read too."""


def confirmed(text: str, locale: str | None) -> tuple[str, bool]:
    """`text` without a last word that confirms it, and whether it had one."""
    words = text.split()
    said = {CONFIRM, t("move.confirm_word", locale).casefold()}
    if len(words) > 1 and words[-1].casefold() in said:
        return " ".join(words[:-1]), True
    return text, False


def asked(caution: Caution, notation: str, ref: tuple[int, int], locale: str | None) -> Message:
    """The private question for a move played only once confirmed: why (the engine's
    `caution`), how to confirm, and the **Confirm** button, valid for the game's version `ref`."""
    move = f"{notation} {CONFIRM}"
    text = "\n".join([phrased(caution.key, caution.facts, locale), t("move.confirm_how", locale, move=move)])
    button = MoveChoice(move, t("move.confirm_button", locale))
    return Message(text, ephemeral=True, moves=(button,), ref=ref)
