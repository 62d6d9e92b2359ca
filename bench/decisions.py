"""How good a level's decisions are, one position at a time, against whole games played out.

An arena game (`tabletop arena`) answers "does it win?" but a 4-player Rebirth game at
`strong`'s budget costs a minute of CPU, and its result is mostly the luck of the deal: telling
two searches apart takes hundreds of games. This asks a smaller question, many times over: in a
position of a real game, how much worse is the move a level chooses than the best of the
fallback's top moves?

- **Positions** come from games the fallback player plays against itself, every `every`-th
  decision with more than one legal move, each stored as the game's own text.
- **The oracle** values each of the fallback's `width` best moves by playing the whole rest of
  the game, every seat by the fallback, in `worlds` sampled worlds (`Game.determinize` from the
  seat's view, all moves in the same worlds): its final margin (the seat's score less half the
  best other's and half the others' mean) averaged. The arena's `easy` seats *are* the fallback,
  so against them this is the game itself, but for the seat's own later moves.
- **Regret**: the oracle's best value less the value of the move the level chose. Averaged
  over positions (and decision seeds), lower is better; the oracle's own noise weighs on every
  level alike, and two levels are compared position by position.

A level's search changes with the code, positions and oracle do not: `--oracle FILE` keeps the
oracle's values, so the same command run at another commit compares its decisions on the same
positions. Run as `python bench/decisions.py rebirth --players 4` (docs/ai.md "The horizon").
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as `python bench/decisions.py`: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.ai import choose  # noqa: E402
from engine.ai.ismcts import best_valued, deciding_moves, tie_text  # noqa: E402
from engine.ai.replies import margin  # noqa: E402
from engine.base import AnyGame  # noqa: E402
from engine.fallback import choose_move  # noqa: E402
from games.registry import load_engine  # noqa: E402


@dataclass(frozen=True)
class Position:
    """One decision of a fallback game: which game (by its seed), which decision, whose, and
    the state as the game stores it."""

    seed: int
    index: int
    seat: int
    state: str


def positions(
    game_id: str, options: dict[str, str], players: int, games: int, every: int, seed: int
) -> list[Position]:
    """Every `every`-th real decision (from a seeded offset) of `games` fallback games."""
    engine = load_engine(game_id)
    found = []
    for game_seed in range(seed, seed + games):
        state = engine.new_game(players, dict(options), game_seed)
        offset = random.Random(game_seed).randrange(every)
        index = 0
        while not engine.is_over(state):
            seat = engine.to_move(state)
            assert seat is not None, "a game not over has a seat to move"
            if len(engine.legal_moves(state, seat)) > 1 and index % every == offset:
                found.append(Position(game_seed, index, seat, engine.dumps(state)))
            state = engine.apply(
                state, seat, choose_move(engine, state, seat, game_seed * 1009 + index)
            ).state
            index += 1
    return found


def played_out(engine: AnyGame, state: Any, ties: str) -> list[int]:
    """The final scores once every seat has played the fallback's moves to the end."""
    while not engine.is_over(state):
        mover = engine.to_move(state)
        assert mover is not None, "a game not over has a seat to move"
        move = choose_move(engine, state, mover, 0, seen=tie_text(f"{ties}:{mover}"))
        state = engine.after_legal(state, mover, move)
    return engine.scores(state)


def oracle(game_id: str, position: Position, worlds: int, width: int) -> dict[str, float]:
    """The fallback's `width` best moves, each valued by its mean final margin over `worlds`
    whole games played out from the same sampled worlds."""
    engine = load_engine(game_id)
    state = engine.loads(position.state)
    seat = position.seat
    moves = best_valued(engine, state, seat, deciding_moves(engine, state, seat), width)
    rng = random.Random(f"oracle:{position.seed}:{position.index}")
    totals = dict.fromkeys(moves, 0.0)
    for _ in range(worlds):
        world = engine.determinize(state, seat, rng)
        ties = str(rng.random())
        for move in moves:
            scores = played_out(engine, engine.apply(world, seat, move).state, ties)
            totals[move] += margin([float(score) for score in scores], seat)
    return {move: total / worlds for move, total in totals.items()}


def decision(game_id: str, position: Position, level: str, seed: int) -> str:
    """The move `level` chooses in the position, with decision seed `seed`."""
    engine = load_engine(game_id)
    return choose(engine, engine.loads(position.state), position.seat, level=level, seed=seed)


def regrets(values: dict[str, float], chosen: list[str]) -> float | None:
    """The oracle's best value less the chosen moves' (their mean), or None when a chosen move
    is not among the moves the oracle valued."""
    if any(move not in values for move in chosen):
        return None
    best = max(values.values())
    return sum(best - values[move] for move in chosen) / len(chosen)


def summed(by_level: dict[str, list[float | None]]) -> dict[str, Any]:
    """Each level's mean regret with its standard error, and each level's paired difference
    from the first (over the positions both valued)."""
    out: dict[str, Any] = {}
    first = next(iter(by_level))
    for level, values in by_level.items():
        kept = [value for value in values if value is not None]
        pairs = [
            mine - theirs
            for mine, theirs in zip(values, by_level[first], strict=True)
            if mine is not None and theirs is not None
        ]
        out[level] = {
            "positions": len(kept),
            "regret": round(statistics.mean(kept), 3) if kept else None,
            "regret_se": round(_standard_error(kept), 3),
            f"less_{first}": round(statistics.mean(pairs), 3) if pairs else None,
            f"less_{first}_se": round(_standard_error(pairs), 3),
        }
    return out


def _decided(job: tuple[str, Position, str, int]) -> str:
    return decision(*job)


def _valued(job: tuple[str, Position, int, int]) -> dict[str, float]:
    return oracle(*job)


def _standard_error(values: list[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench/decisions.py", description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--map", default=None)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--every", type=int, default=18, help="one decision in this many")
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--worlds", type=int, default=32, help="the oracle's worlds a position")
    parser.add_argument("--width", type=int, default=10, help="the fallback's best moves the oracle values")
    parser.add_argument("--levels", default="easy,strong")
    parser.add_argument("--seeds", type=int, default=2, help="decision seeds a level and position")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--oracle", type=Path, default=None, help="keep (or reuse) the oracle's values here")
    args = parser.parse_args(argv)
    options = {"map": args.map} if args.map else {}
    found = positions(args.game, options, args.players, args.games, args.every, args.seed)
    levels = args.levels.split(",")
    with ProcessPoolExecutor(args.jobs) as pool:
        values = _oracle_values(pool, args, found)
        work = [
            (position, level, seed) for level in levels for position in found for seed in range(args.seeds)
        ]
        chosen = list(pool.map(_decided, [(args.game, *job) for job in work]))
    by_level: dict[str, list[float | None]] = {level: [] for level in levels}
    for number in range(len(found)):
        for level_number, level in enumerate(levels):
            start = (level_number * len(found) + number) * args.seeds
            by_level[level].append(regrets(values[number], chosen[start : start + args.seeds]))
    print(json.dumps({"positions": len(found), "worlds": args.worlds, "levels": summed(by_level)}))
    return 0


def _oracle_values(
    pool: ProcessPoolExecutor, args: argparse.Namespace, found: list[Position]
) -> list[dict[str, float]]:
    """The oracle's values for `found`, read from `args.oracle` when it was kept for the same
    positions and worlds, else worked out (and kept there when asked)."""
    key = {"positions": [asdict(position) for position in found], "worlds": args.worlds, "width": args.width}
    if args.oracle is not None and args.oracle.exists():
        kept = json.loads(args.oracle.read_text(encoding="utf-8"))
        if kept["key"] == key:
            return list(kept["values"])
    values = list(pool.map(_valued, [(args.game, position, args.worlds, args.width) for position in found]))
    if args.oracle is not None:
        args.oracle.write_text(json.dumps({"key": key, "values": values}), encoding="utf-8")
    return values


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
