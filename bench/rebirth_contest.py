"""How contested a Rebirth board plays, per setup: the figures behind docs/rebirth.md "Neutral tiles
and player count" (issue 11 item 1: does the rules' 2-player setup play too open?).

    python bench/rebirth_contest.py --games 200 --seed 1

Every seat is the fallback player (`engine.fallback`), as in `python -m engine balance`. Per map
and setup (players, variant) it prints one JSON line:

- `fill`: tiles on the board at the end over the open placement spaces.
- `castles_contested`: castles with tiles of two or more colours next to them at the end.
- `castles_unheld`: castles nobody controls at the end.
- `settlements_complete`: settlements not under neutral tiles whose every space holds a tile.
- `settlements_shared`: completed settlements with tiles of two or more colours.
- `margin`: the winner's lead over the runner-up, in points (mean).
- `points`: the mean share of final points by category (farms, settlements, castles, ...).

A measurement, not a test: the fallback does not block its opponents, so every contest figure
is a floor of what people playing for position would see.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fallback import play_turn  # noqa: E402
from games.registry import load_engine, spec  # noqa: E402

SETUPS = ((2, "standard"), (2, "dense"), (3, "standard"), (4, "standard"))
MAPS = ("scotland", "ireland")


def play(map_id: str, players: int, variant: str, seed: int) -> dict[str, Any]:
    """One fallback-only game; its contest figures."""
    engine: Any = load_engine("rebirth")
    seen = spec("rebirth").presenter(engine).seen_text  # the fallback's tie-breaks, as the bot draws them
    state = engine.new_game(players, {"map": map_id, "variant": variant}, seed)
    while not engine.is_over(state):
        seat = engine.to_move(state)
        for move in play_turn(engine, state, seat, seed, seen):
            state = engine.apply(state, seat, move).state
    board = engine.board(state)
    view = engine.view(state, None)
    tiles = view["board"]
    owners = {space: tile["seat"] for space, tile in tiles.items() if tile["seat"] is not None}
    open_spaces = [s for s in board.placement_spaces if s not in tiles or tiles[s]["seat"] is not None]
    near = [{owners[n] for n in board.neighbours[c] if n in owners} for c in board.castles]
    playable = [
        st
        for st in board.settlements
        if all(tiles.get(s, {"seat": 0})["seat"] is not None for s in st.spaces)
    ]
    complete = [st for st in playable if all(s in owners for s in st.spaces)]
    scores = sorted((seat["score"] for seat in view["seats"]), reverse=True)
    points: Counter[str] = Counter()
    for seat in view["seats"]:
        points.update(seat["breakdown"])
    total = sum(points.values()) or 1
    return {
        "fill": len(owners) / len(open_spaces),
        "castles_contested": sum(len(seats) >= 2 for seats in near) / len(near),
        "castles_unheld": sum(holder is None for holder in view["castles"].values()) / len(near),
        "settlements_complete": len(complete) / len(playable),
        "settlements_shared": sum(len({owners[s] for s in st.spaces}) >= 2 for st in complete)
        / max(1, len(complete)),
        "margin": scores[0] - scores[1],
        "points": {category: value / total for category, value in points.items()},
    }


def summarise(map_id: str, players: int, variant: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    mean = {key: round(sum(g[key] for g in games) / len(games), 3) for key in games[0] if key != "points"}
    categories = sorted({c for g in games for c in g["points"]})
    shares = {c: round(sum(g["points"].get(c, 0.0) for g in games) / len(games), 3) for c in categories}
    return {
        "map": map_id,
        "players": players,
        "variant": variant,
        "games": len(games),
        **mean,
        "points": shares,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    for map_id in MAPS:
        for players, variant in SETUPS:
            tasks = [(map_id, players, variant, args.seed * 100_003 + i) for i in range(args.games)]
            with multiprocessing.Pool(args.jobs) as pool:
                games = pool.starmap(play, tasks)
            print(json.dumps(summarise(map_id, players, variant, games)), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
