"""The one list of games: every lookup of a game by its id goes through here."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from engine.base import AnyGame
from games import rebirth, revive
from games.spec import GameOption, GameSpec
from i18n import carry, drop


def declared(*entries: GameSpec) -> dict[str, GameSpec]:
    """The entries by id, the words each carries made readable (`GameSpec.texts`)."""
    for entry in entries:
        carry(entry.id, entry.texts)
    return {entry.id: entry for entry in entries}


GAMES: dict[str, GameSpec] = declared(rebirth.SPEC, revive.SPEC)
_ENGINES: dict[str, AnyGame] = {}


def game_ids() -> tuple[str, ...]:
    return tuple(GAMES)


def spec(game_id: str) -> GameSpec:
    """The game's declaration; KeyError for an id no game has."""
    return GAMES[game_id]


def load_engine(game_id: str) -> AnyGame:
    """The engine for `game_id`, built once over its content files."""
    if game_id not in _ENGINES:
        _ENGINES[game_id] = GAMES[game_id].load_engine()
    return _ENGINES[game_id]


def content_texts() -> dict[str, str]:
    """Every game's content texts, English by catalog key, game by game in registry order: what
    the generated catalog `i18n/en_content.py` holds (scripts/content_texts.py writes it)."""
    return {name: english for game in GAMES.values() for name, english in game.content_texts()}


def options_named(name: str) -> list[GameOption]:
    """Every game's option called `name` (the cogs build one `/game new` parameter from them)."""
    return [option for game in GAMES.values() for option in game.options if option.name == name]


@contextlib.contextmanager
def registered(entry: GameSpec) -> Iterator[GameSpec]:
    """`entry` is a game for the block, as if listed above, then is gone again: how a game that
    lives outside games/ (the tests' Hexlink, tests/support/tinygame/) joins the bot. Enter it
    before the bot is made: `/game new` and `/rules` read their `game:` choices from the registry
    when their cogs are made."""
    if entry.id in GAMES:
        raise ValueError(f"a game called {entry.id} is registered already")
    GAMES.update(declared(entry))
    try:
        yield entry
    finally:
        del GAMES[entry.id]
        _ENGINES.pop(entry.id, None)
        drop(entry.id)
