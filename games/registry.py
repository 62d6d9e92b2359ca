"""The one list of games: every lookup of a game by its id goes through here."""

from __future__ import annotations

import functools

from engine.base import AnyGame as Game
from games import rebirth, revive
from games.spec import GameOption, GameSpec

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (rebirth.SPEC, revive.SPEC)}


def game_ids() -> tuple[str, ...]:
    return tuple(GAMES)


def spec(game_id: str) -> GameSpec:
    """The game's declaration; KeyError for an id no game has."""
    return GAMES[game_id]


@functools.cache
def load_engine(game_id: str) -> Game:
    """The engine for `game_id`, built once over its content files."""
    return GAMES[game_id].load_engine()


def content_texts() -> dict[str, str]:
    """Every game's content texts, English by catalog key, game by game in registry order: what
    the generated catalog `i18n/en_content.py` holds (scripts/content_texts.py writes it)."""
    return {name: english for game in GAMES.values() for name, english in game.content_texts()}


def options_named(name: str) -> list[GameOption]:
    """Every game's option called `name` (the cogs build one `/game new` parameter from them)."""
    return [option for game in GAMES.values() for option in game.options if option.name == name]
