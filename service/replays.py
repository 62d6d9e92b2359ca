"""The events of a packed game's moves, worked out again by replaying it from its seed.

An ended game keeps its moves packed without their events (`db/packing.py`); the log, the recap
and every other text made from a move's event read them through `Tables.moves`, which replays
the game here when its events are not stored. The replay takes as long as the game (a Revive
game is some 600 moves), so it runs in a worker thread, and the last few games replayed are
kept, since a player paging through a finished game's log asks for the same game again.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections import OrderedDict
from typing import Any

from db import GameRecord, MoveRecord
from engine.base import AnyGame

KEPT = 8  # finished games whose replayed events stay in memory


def replayed_events(engine: AnyGame, game: GameRecord, played: list[tuple[int, str]]) -> list[dict[str, Any]]:
    """Each move's event as the move stored it: applied to the state before it, from the seed,
    then read back through JSON (a stored event was written as JSON: tuples read as lists,
    numeric keys as text)."""
    state = engine.new_game(len(game.players), game.options, game.seed)
    events = []
    for seat, move in played:
        applied = engine.apply(state, seat, move)
        events.append(json.loads(json.dumps(applied.event)))
        state = applied.state
    return events


class Replays:
    """Events of packed games, replayed off the event loop, the last `KEPT` games remembered."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[int, int], list[dict[str, Any]]] = OrderedDict()

    async def told(self, engine: AnyGame, game: GameRecord, moves: list[MoveRecord]) -> list[MoveRecord]:
        """`moves` (every move of `game`, packed: without events) with their events."""
        key = (game.id, game.version)
        events = self._kept.get(key)
        if events is None or len(events) != len(moves):
            played = [(m.seat, m.move) for m in moves]
            events = await asyncio.to_thread(replayed_events, engine, game, played)
            self._kept[key] = events
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return [dataclasses.replace(move, event=event) for move, event in zip(moves, events, strict=True)]
