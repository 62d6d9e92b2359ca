"""A new Rebirth game: the setup as the text describes it, every shuffle drawn from the seed, and
the options and rules versions it reads."""

from __future__ import annotations

import random
from typing import Any

from engine.base import RULES_OPTION
from engine.errors import IllegalMove
from engine.rebirth.state import NEUTRAL, RebirthState
from engine.rebirth.tables import RebirthTables

MIN_PLAYERS, MAX_PLAYERS = 2, 4
PUBLIC_ROW = 8  # Ireland's face-up public missions

RULES_VERSION = 2
"""Rebirth's current rules version (the `rules` option, docs/architecture.md "Rules versions").
1: the rules as played before issue 11, whose 2-player setup covered the spaces marked 3 too (68
neutral tiles on Scotland, 66 on Ireland). 2: the text's setup, one unused colour's 32 (24) tiles
with 2 or 3 players; the denser board stays as the `variant` option `dense`."""
RULES_VERSIONS = (1, 2)
VARIANT_OPTION = "variant"
STANDARD, DENSE = "standard", "dense"
"""The `variant` choices: the rules' setup, or our dense 2-player board (docs/rebirth.md)."""


def new_game(tables: RebirthTables, players: int, options: dict[str, Any], seed: int) -> RebirthState:
    """Setup as the text describes it for Scotland; every shuffle is drawn from `seed`. The
    options: `map` (the first is the default), `rules` (the rules version, absent: the current
    one) and `variant` (`dense`: our denser 2-player board; always so under version 1)."""
    map_id = options.get("map", next(iter(tables.boards)))  # the first map is the default
    if map_id not in tables.boards:
        raise IllegalMove("error.rebirth.unknown_map", map=map_id)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalMove("error.players_range", low=MIN_PLAYERS, high=MAX_PLAYERS)
    version = options.get(RULES_OPTION, RULES_VERSION)
    if version not in RULES_VERSIONS:
        raise IllegalMove("error.rules_version", version=str(version)[:10])
    variant = options.get(VARIANT_OPTION, STANDARD)
    if variant not in (STANDARD, DENSE):
        raise IllegalMove("error.rebirth.unknown_variant", variant=str(variant)[:20])
    dense = version == 1 or variant == DENSE
    board = tables.boards[map_id]
    rng = random.Random(f"rebirth:{seed}")
    deck = list(tables.mission_decks.get(map_id, []))
    rng.shuffle(deck)
    set_aside_count = tables.tiles["set_aside"][map_id]
    state = RebirthState(map_id=map_id, players=players, seed=seed, current=rng.randrange(players))
    for _ in range(players):
        tiles = [code for code, count in tables.tiles["colour_tiles"].items() for _ in range(count)]
        rng.shuffle(tiles)
        aside = tiles[:set_aside_count]  # Ireland keeps them shuffled, face down (recall draws)
        state.set_aside.append(aside if board.towers else sorted(aside))
        state.hands.append(tiles[set_aside_count])
        state.supplies.append(tiles[set_aside_count + 1 :])
        state.missions.append([])
        state.scores.append({})
        state.resigned.append(False)
        state.discarded.append([])
    if board.towers:  # Ireland: a public row, a private pile, tower bonuses, doubling
        state.public_missions, deck = deck[:PUBLIC_ROW], deck[PUBLIC_ROW:]
        state.public_done = {card: [] for card in state.public_missions}
        bonus_tiles = list(tables.tower_sets.get(map_id, []))
        rng.shuffle(bonus_tiles)
        state.towers = dict(zip(sorted(board.towers), bonus_tiles, strict=False))
        state.towers_used = {space: [] for space in state.towers}
        state.doubling = [True] * players
    state.mission_deck = deck
    for space in board.covered_spaces(players, dense):
        state.board[space] = (NEUTRAL, "N")
    state.castles = {space: None for space in board.castles}
    state.cathedral_markers = {space: [] for space in board.cathedrals}
    return state
