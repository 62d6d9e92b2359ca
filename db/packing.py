"""A finished game's moves in one compressed value (`games.record`, migration 13).

A game in play keeps a row per move, with its event (the words of the log) and, for the last few,
the state it was played on (`/undo`). Once the game has ended, neither can be used again: no move
is taken back after the end, and every event follows from the seed and the moves. So an ended
game keeps only what a replay and its log need: each move's number, seat, notation, player and
time, packed column by column (a column of small repeating values compresses far better than the
same values row by row) and zlib-compressed. Times are kept to the millisecond, as differences
from the move before, which compress to a byte or two each.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from typing import Any

# The format's version, written first, so a later format can still read this one.
FORMAT = 1
_LEVEL = 9  # packing happens once per game, off the hot path: compress as small as zlib can


def pack(moves: Sequence[Sequence[Any]]) -> bytes:
    """`moves`: (number, seat, user_id, move, created_at) in order, as `moves` rows hold them."""
    numbers = [int(m[0]) for m in moves]
    millis = [round(float(m[4]) * 1000) for m in moves]
    body: dict[str, Any] = {
        "v": FORMAT,
        "seat": [int(m[1]) for m in moves],
        "user": [None if m[2] is None else int(m[2]) for m in moves],
        "move": [str(m[3]) for m in moves],
        "t0": millis[0] if millis else 0,
        "dt": [later - earlier for earlier, later in zip(millis, millis[1:], strict=False)],
    }
    if numbers != list(range(1, len(numbers) + 1)):  # numbered 1, 2, ... unless told otherwise
        body["number"] = numbers
    return zlib.compress(json.dumps(body, separators=(",", ":")).encode(), _LEVEL)


def unpack(record: bytes) -> list[tuple[int, int, int | None, str, float]]:
    """The moves `pack` was given, as (number, seat, user_id, move, created_at), times to the
    millisecond."""
    body = json.loads(zlib.decompress(bytes(record)))
    if body.get("v") != FORMAT:
        raise ValueError(f"a packed game in format {body.get('v')!r}, this code reads {FORMAT}")
    count = len(body["move"])
    numbers = body.get("number") or list(range(1, count + 1))
    millis = [body["t0"]]
    for step in body["dt"]:
        millis.append(millis[-1] + step)
    return [
        (numbers[n], body["seat"][n], body["user"][n], body["move"][n], millis[n] / 1000)
        for n in range(count)
    ]
