"""A Rebirth public view built by hand, for the renderer's tests: any tiles on any map, without
playing a game to get there."""

from __future__ import annotations

COLOURS = ["orange", "blue", "green", "purple"]


def make_view(
    map_data: dict,
    tiles: dict[str, tuple[int, str]] | None = None,
    players: int = 4,
    last: str | None = None,
    finished: bool = False,
) -> dict:
    """A public view in the docs/formats.md shape; yellow spaces above `players` are covered."""
    board: dict[str, dict] = {
        sp: {"seat": None, "tile": "N"} for sp, v in map_data.get("yellow", {}).items() if players < v
    }
    for sp, (seat, tile) in (tiles or {}).items():
        board[sp] = {"seat": seat, "tile": tile}
    seats = [
        {
            "seat": i,
            "colour": COLOURS[i],
            "score": 3 * i,
            "breakdown": {},
            "supply": 20 - i,
            "hand": 1,
            "missions": i % 3,
            "resigned": False,
        }
        for i in range(players)
    ]
    last_d = None
    if last is not None:
        seat, tile = (tiles or {})[last]
        last_d = {"seat": seat, "space": last, "tile": tile}
    return {
        "game": "rebirth",
        "map": map_data["id"],
        "players": players,
        "current": None if finished else 1,
        "finished": finished,
        "turn": len(tiles or {}),
        "seats": seats,
        "board": board,
        "castles": {k: None for k in map_data.get("castles", {})},
        "cathedrals": {k: [] for k in map_data.get("cathedrals", {})},
        "last": last_d,
        "private": None,
    }
