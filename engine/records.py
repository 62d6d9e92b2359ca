"""Game records: everything needed to re-play a game and check its scores (docs/records.md),
and a player's view of a game still in play, which holds only what that player may see.

Pure functions over an engine and its states; reading and writing files is the CLI's job, and
the bot's `/game export`'s, both through `record_text`, the one writer of the format.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.base import AnyGame

RECORD_FORMAT = "tabletop.record/2"
OLD_FORMAT = "tabletop.record/1"
# /1 came before rules versions (it replays as version 1) and had no game facts
# (`Game.record_seat`, `Game.record_move`): still replayed, its facts unchecked.
READABLE_FORMATS = (OLD_FORMAT, RECORD_FORMAT)
# A player's view of a game in play (`view_record`): no seed and no other seat's secrets, so it
# cannot be re-played; `replay` says so (`not_replayable`) rather than call it wrong.
VIEW_FORMAT = "tabletop.view/1"
SEAT_FIELDS = frozenset({"seat", "colour"})
MOVE_FIELDS = frozenset({"n", "seat", "move", "points", "tile"})


def random_game(
    engine: AnyGame, players: int, options: dict[str, Any], seed: int, chooser: random.Random
) -> dict[str, Any]:
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


def start_record(
    engine: AnyGame, state: Any, players: int, options: dict[str, Any], seed: int
) -> dict[str, Any]:
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
    record: dict[str, Any],
    seat: int,
    move: str,
    event: Mapping[str, Any],
    facts: Mapping[str, Any] | None = None,
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


def finish_record(engine: AnyGame, record: dict[str, Any], state: Any) -> None:
    record["final"] = final_summary(engine, state)


def record_text(record: Mapping[str, Any]) -> str:
    """A record (full or a player's view) as the text of its file: JSON, one space of indent (a
    long game stays readable and diffable), ASCII only (any encoding reads it)."""
    return json.dumps(record, indent=1)


def game_record(
    engine: AnyGame, players: int, options: dict[str, Any], seed: int, played: Sequence[tuple[int, str]]
) -> dict[str, Any]:
    """The full record of a game played from `seed` with the moves `played` ((seat, notation)
    in order, as a stored game keeps them): what `replay` re-plays and re-scores. `final` is
    filled once the moves reach the end."""
    state = engine.new_game(players, options, seed)
    record = start_record(engine, state, players, options, seed)
    for seat, move in played:
        applied = engine.apply(state, seat, move)
        add_move(record, seat, move, applied.event, engine.record_move(applied))
        state = applied.state
    if engine.is_over(state):
        finish_record(engine, record, state)
    return record


def view_record(
    engine: AnyGame,
    players: int,
    options: dict[str, Any],
    seed: int,
    played: Sequence[tuple[int, str]],
    seat: int,
) -> dict[str, Any]:
    """What `seat` may see of a game in play, as a record: the table (seats, colours, who moved
    first), each move's notation, points and public event (what the channel was told), the
    notes the move gave `seat` alone, and `seat`'s own view of the position now. No seed, no
    game facts (`Game.record_seat`, `record_move`: other seats' set-aside tiles and drawn
    missions), no content description (Ireland's would list what is dealt where), and no other
    seat's private notes: nothing from which a hidden part could be worked out. The seed is
    read here only to re-play the moves, as the bot does."""
    state = engine.new_game(players, options, seed)
    public = engine.view(state, None)
    record: dict[str, Any] = {
        "format": VIEW_FORMAT,
        "game": engine.id,
        "options": dict(options),
        "players": players,
        "seat": seat,
        "seats": [{"seat": s["seat"], "colour": s.get("colour")} for s in public["seats"]],
        "first": engine.to_move(state),
        "moves": [],
    }
    for mover, move in played:
        applied = engine.apply(state, mover, move)
        entry: dict[str, Any] = {"n": len(record["moves"]) + 1, "seat": mover, "move": move}
        entry["points"] = _points_of(applied.event)
        entry["event"] = _as_stored(applied.event)
        if applied.private.get(seat):
            entry["private"] = _as_stored(applied.private[seat])
        record["moves"].append(entry)
        state = applied.state
    record["position"] = _as_stored(engine.view(state, seat))
    return record


def not_replayable(record: Mapping[str, Any]) -> str | None:
    """Why a record cannot be re-played and re-scored (None: it can be tried): a player's view
    of a game in play holds no seed."""
    if record.get("format") == VIEW_FORMAT:
        return (
            f"this is a player's view of a game in play ({VIEW_FORMAT}): it holds no seed and no "
            "other seat's hidden information, so it cannot be re-played or re-scored; export "
            "the game again once it has ended for the full record"
        )
    return None


def _as_stored(value: Any) -> Any:
    """`value` as JSON reads it back (tuples as lists, keys as text): a view or an event the
    way a file holds it."""
    return json.loads(json.dumps(value))


def replay(engine: AnyGame, record: dict[str, Any]) -> list[str]:
    """Re-play a record from its seed; the differences from what it stored (empty if none)."""
    refusal = not_replayable(record)
    if refusal is not None:
        return [refusal]
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
