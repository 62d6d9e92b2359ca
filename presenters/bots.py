"""How a seat played by the fallback or an AI player is named: by its level, in the reader's
language ("strong"; "strong 2" when two seats share a level), or, for a seat added before there
were levels, "Fallback bot 1"."""

from __future__ import annotations

from db import GameRecord
from i18n import t


def bot_name(game: GameRecord, user: int, locale: str | None) -> str:
    """The name of a seat `/game add-bot` filled (its user id is minus its number): its level
    ("strong"; "strong 2" when two seats share it), or "Fallback bot 1" for a seat added before
    there were levels."""
    seat = game.players.index(user)
    level = game.levels[seat] if game.levels else None
    if level is None:
        return t("fallback.name", locale, number=-user)
    alike = [other for index, other in enumerate(game.players) if other < 0 and game.levels[index] == level]
    word = t(f"ai.level.{level}", locale)
    if len(alike) == 1:
        return t("ai.name", locale, level=word)
    return t("ai.name_numbered", locale, level=word, number=alike.index(user) + 1)
