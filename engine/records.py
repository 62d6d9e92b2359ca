"""Game records: everything needed to re-play a game and check its scores (docs/records.md).

Pure functions over an engine and its states; reading and writing files is the CLI's job.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.base import Game

RECORD_FORMAT = "tabletop.record/2"


def random_game(
    engine: Game, players: int, options: dict[str, Any], seed: int, chooser: random.Random
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
        add_move(record, seat, move, applied.event)
        state = applied.state
    finish_record(engine, record, state)
    return record


def start_record(engine: Game, state: Any, players: int, options: dict[str, Any], seed: int) -> dict:
    view = engine.view(state, None)
    return {
        "format": RECORD_FORMAT,
        "game": engine.id,
        "options": dict(options),
        "players": players,
        "seed": seed,
        "content": engine.describe_content(state),
        "seats": [{"seat": seat["seat"], "colour": seat.get("colour")} for seat in view["seats"]],
        "first": engine.to_move(state),
        "moves": [],
        "final": None,
    }


def add_move(record: dict, seat: int, move: str, event: Mapping[str, Any]) -> None:
    points = _points_of(event)
    entry = {"n": len(record["moves"]) + 1, "seat": seat, "move": move, "points": points}
    if "tile" in event:
        entry["tile"] = event["tile"]
    record["moves"].append(entry)


def final_summary(engine: Game, state: Any) -> dict[str, Any]:
    view = engine.view(state, None)
    final = view.get("final") or {}
    return {
        "scores": engine.scores(state),
        "breakdown": [dict(seat["breakdown"]) for seat in view["seats"]],
        "winners": final.get("winners"),
        "decided_by": final.get("decided_by"),
    }


def finish_record(engine: Game, record: dict, state: Any) -> None:
    record["final"] = final_summary(engine, state)


def replay(engine: Game, record: dict) -> list[str]:
    """Re-play a record from its seed; the differences from what it stored (empty if none)."""
    if record.get("format") not in (RECORD_FORMAT, "tabletop.record/1"):
        return [f"unknown record format {record.get('format')!r}"]
    old = record["format"] == "tabletop.record/1"  # made before rules versions: version 1
    options = {"rules": 1, **record["options"]} if old else record["options"]
    state = engine.new_game(record["players"], options, record["seed"])
    problems = []
    for entry in record["moves"]:
        applied = engine.apply(state, entry["seat"], entry["move"])
        points = _points_of(applied.event)
        if points != entry["points"]:
            problems.append(
                f"move {entry['n']} ({entry['move']}): scored {points}, record says {entry['points']}"
            )
        state = applied.state
    if not engine.is_over(state):
        problems.append("the game is not over after the recorded moves")
        return problems
    final = final_summary(engine, state)
    for key in ("scores", "breakdown", "winners"):
        if final[key] != record["final"][key]:
            problems.append(f"final {key}: replay gives {final[key]}, record says {record['final'][key]}")
    return problems


def _points_of(event: Mapping[str, Any]) -> dict[str, Any]:
    """An event's points by seat, copied: categories (Rebirth) or a plain number (Revive)."""
    return {
        str(who): dict(points) if isinstance(points, dict) else points
        for who, points in event.get("points", {}).items()
    }
