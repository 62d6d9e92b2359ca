"""A move offered by autocomplete carries the game and version it was offered at, so a double
submit applies once (issue 12 item 4).

Two `/move crystal gear` sent in a hurry (a double tap, a retry after a slow answer) are two
interactions with the same text: both would apply, and in Revive a repeatable move (a crystal
trade) then happens twice. The autocomplete's value is what Discord submits, and players never
see it (they see the label), so it carries where the choice was offered: `crystal gear @12.40`
(game 12, version 40). A submission whose game has moved on since is refused, nothing applied,
like a stale button. A move typed by hand carries nothing and applies as typed.
"""

from __future__ import annotations

import re

OFFERED = re.compile(r"^(?P<notation>.*\S) @(?P<game>\d+)\.(?P<version>\d+)$")


VALUE_LIMIT = 100
"""Discord's limit on an autocomplete choice's value (../shared/notes/discord-limits.md)."""


def offered(notation: str, game_id: int, version: int) -> str:
    """The autocomplete value of `notation` offered in game `game_id` at `version` (the bare
    notation if the tag would not fit Discord's 100 characters)."""
    tagged = f"{notation} @{game_id}.{version}"
    return tagged if len(tagged) <= VALUE_LIMIT else notation


def submitted(value: str) -> tuple[str, tuple[int, int] | None]:
    """(the move's notation, the (game, version) it was offered at, None for a typed move)."""
    match = OFFERED.match(value.strip())
    if match is None:
        return value, None
    return match["notation"], (int(match["game"]), int(match["version"]))
