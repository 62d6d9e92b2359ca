"""Game records: everything needed to re-play a game and check its scores (docs/records.md).

Pure functions over an engine and its states; reading and writing files is the CLI's job.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.base import AnyGame

RECORD_FORMAT = "tabletop.record/2"
OLD_FORMAT = "tabletop.record/1"
# /1 came before rules versions (it replays as version 1) and had no game facts
# (`Game.record_seat`, `Game.record_move`): still replayed, its facts unchecked.
READABLE_FORMATS = (OLD_FORMAT, RECORD_FORMAT)
SEAT_FIELDS = frozenset({"seat", "colour"})
MOVE_FIELDS = frozenset({"n", "seat", "move", "points", "tile"})


def random_game(
    engine: AnyGame, players: int, options: dict[str, Any], seed: int, chooser: random.Random
) -> dict:
    """Play one game of uniformly random legal moves and return its record."""
    state = engine.new_game(players, options, seed)
    record = start_record(engine, state, players, options, seed)
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        moves = engine.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"seat {seat} has no legal move before the end (seed {seed})")
        move = moves[chooser.randrange(len(moves))]
        applied = engine.apply(state, seat, move)
        add_move(record, seat, move, applied.event, engine.record_move(applied))
        state = applied.state
    finish_record(engine, record, state)
    return record


def start_record(engine: AnyGame, state: Any, players: int, options: dict[str, Any], seed: int) -> dict:
    view = engine.view(state, None)
    return {
        "format": RECORD_FORMAT,
        "game": engine.id,
        "options": dict(options),
        "players": players,
        "seed": seed,
        "content": engine.describe_content(state),
        "seats": [
            {"seat": seat["seat"], "colour": seat.get("colour"), **engine.record_seat(state, seat["seat"])}
            for seat in view["seats"]
        ],
        "first": engine.to_move(state),
        "moves": [],
        "final": None,
    }


def add_move(
    record: dict, seat: int, move: str, event: Mapping[str, Any], facts: Mapping[str, Any] | None = None
) -> None:
    """One move's entry: the common fields, then the game's own facts (`Game.record_move`)."""
    points = _points_of(event)
    entry = {"n": len(record["moves"]) + 1, "seat": seat, "move": move, "points": points}
    if "tile" in event:
        entry["tile"] = event["tile"]
    entry.update(facts or {})
    record["moves"].append(entry)


def final_summary(engine: AnyGame, state: Any) -> dict[str, Any]:
    view = engine.view(state, None)
    final = view.get("final") or {}
    return {
        "scores": engine.scores(state),
        "breakdown": [dict(seat["breakdown"]) for seat in view["seats"]],
        "winners": final.get("winners"),
        "decided_by": final.get("decided_by"),
    }


def finish_record(engine: AnyGame, record: dict, state: Any) -> None:
    record["final"] = final_summary(engine, state)


def replay(engine: AnyGame, record: dict) -> list[str]:
    """Re-play a record from its seed; the differences from what it stored (empty if none)."""
    if record.get("format") not in READABLE_FORMATS:
        return [f"unknown record format {record.get('format')!r}"]
    old = record["format"] == OLD_FORMAT
    facts = not old  # /1 records carry no game facts to check
    options = {"rules": 1, **record["options"]} if old else record["options"]  # /1: before rules versions
    state = engine.new_game(record["players"], options, record["seed"])
    problems = []
    for seat in record["seats"] if facts else []:
        problems += _differences(
            f"seat {seat['seat']}", engine.record_seat(state, seat["seat"]), seat, SEAT_FIELDS
        )
    for entry in record["moves"]:
        applied = engine.apply(state, entry["seat"], entry["move"])
        points = _points_of(applied.event)
        if points != entry["points"]:
            problems.append(
                f"move {entry['n']} ({entry['move']}): scored {points}, record says {entry['points']}"
            )
        if facts:
            where = f"move {entry['n']} ({entry['move']})"
            problems += _differences(where, engine.record_move(applied), entry, MOVE_FIELDS)
        state = applied.state
    if not engine.is_over(state):
        problems.append("the game is not over after the recorded moves")
        return problems
    final = final_summary(engine, state)
    for key in ("scores", "breakdown", "winners"):
        if final[key] != record["final"][key]:
            problems.append(f"final {key}: replay gives {final[key]}, record says {record['final'][key]}")
    return problems


def _differences(
    where: str, facts: Mapping[str, Any], entry: Mapping[str, Any], common: frozenset[str]
) -> list[str]:
    """Where an entry's game facts (its fields beyond the `common` ones) differ from the replay's."""
    stored = {key: value for key, value in entry.items() if key not in common}
    return [
        f"{where}: {key} is {facts.get(key)}, record says {stored.get(key)}"
        for key in sorted(stored.keys() | facts.keys())
        if stored.get(key) != facts.get(key)
    ]


def _points_of(event: Mapping[str, Any]) -> dict[str, Any]:
    """An event's points by seat, copied: categories (Rebirth) or a plain number (Revive)."""
    return {
        str(who): dict(points) if isinstance(points, dict) else points
        for who, points in event.get("points", {}).items()
    }
