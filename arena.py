"""`tabletop arena`: AI levels playing each other offline, for their measured strength.

Seats rotate through positions game by game (game g gives seat i the kind `seats[(i + g) % n]`),
so no kind keeps the first move; each game has its own seed. A seat's win counts 1, shared
equally among tied winners. One JSON line: per kind of seat, its games, win share with a 95 %
Wilson interval beside its fair share (1 / players), mean score, and seconds per decision (mean
and p95), on the wall clock and in the process's CPU time: on a machine busy with other work the
wall clock counts the waiting too, and a level's budget is seconds of one core. docs/ai.md has
the tables it made.

A run of a few hundred games takes hours on a small machine, so `--log FILE` writes each game
as it ends (one JSON line): a run stopped half-way is summed up from it, and run again with the
same arguments it plays only the games the log lacks.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import time
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.ai import MEASURED, choose
from games.registry import game_ids, load_engine

Z95 = 1.96


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (shared wins count in part)."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    middle = share + Z95**2 / (2 * trials)
    spread = Z95 * math.sqrt(share * (1 - share) / trials + Z95**2 / (4 * trials**2))
    scale = 1 + Z95**2 / trials
    return (max(0.0, (middle - spread) / scale), min(1.0, (middle + spread) / scale))


def play_one(job: tuple[str, dict[str, str], list[str], int, int | None, float | None]) -> dict[str, Any]:
    """One game: the kinds by seat, the final scores, each seat's win credit and decision times."""
    game_id, options, kinds, seed, iterations, seconds = job
    engine = load_engine(game_id)
    state = engine.new_game(len(kinds), options, seed)
    times: dict[int, list[float]] = defaultdict(list)
    cpu: dict[int, list[float]] = defaultdict(list)
    decisions = 0
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None, "a game not over has a seat to move"
        start, start_cpu = time.perf_counter(), time.process_time()
        move = choose(
            engine,
            state,
            seat,
            level=kinds[seat],
            seed=seed * 1009 + decisions,
            iterations=iterations if MEASURED[kinds[seat]].searches else None,
            seconds=seconds if MEASURED[kinds[seat]].searches else None,
            clock=time.perf_counter,
        )
        times[seat].append(time.perf_counter() - start)
        cpu[seat].append(time.process_time() - start_cpu)
        state = engine.apply(state, seat, move).state
        decisions += 1
    scores = engine.scores(state)
    best = max(scores)
    winners = [seat for seat, score in enumerate(scores) if score == best]
    credit = [1 / len(winners) if seat in winners else 0.0 for seat in range(len(kinds))]
    return {"kinds": kinds, "scores": scores, "credit": credit, "times": dict(times), "cpu": dict(cpu)}


def summary(results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Per kind of seat: games, win share and interval, fair share, mean score, decision seconds."""
    by_kind: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for result in results:
        for seat, kind in enumerate(result["kinds"]):
            by_kind[kind]["credit"].append(result["credit"][seat])
            by_kind[kind]["score"].append(result["scores"][seat])
            by_kind[kind]["times"].extend(result["times"].get(seat, []))
            by_kind[kind]["cpu"].extend(result.get("cpu", {}).get(seat, []))
    kinds = {}
    for kind, values in by_kind.items():
        credit, times, cpu = values["credit"], sorted(values["times"]), sorted(values["cpu"])
        low, high = wilson(sum(credit), len(credit))
        kinds[kind] = {
            "seat_games": len(credit),
            "win_share": round(sum(credit) / len(credit), 3),
            "ci95": [round(low, 3), round(high, 3)],
            "fair_share": round(1 / players, 3),
            "mean_score": round(statistics.fmean(values["score"]), 2),
            "decision_s_mean": round(statistics.fmean(times), 4) if times else 0.0,
            "decision_s_p95": _p95(times),
            "decision_cpu_s_mean": round(statistics.fmean(cpu), 4) if cpu else 0.0,
            "decision_cpu_s_p95": _p95(cpu),
            "decisions": len(times),
        }
    return kinds


def _p95(ordered: list[float]) -> float:
    """The 95th percentile of sorted seconds (0 with none)."""
    return round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 4) if ordered else 0.0


def arena(args: argparse.Namespace) -> int:
    seats = [seat.strip() for seat in args.seats.split(",")]
    unknown = [seat for seat in seats if seat not in MEASURED]
    if unknown or len(seats) != args.players:
        print(f"--seats: {args.players} levels of {', '.join(MEASURED)}, comma-separated", flush=True)
        return 2
    options = {"map": args.map} if args.map else {}
    jobs = [
        (
            args.game,
            options,
            [seats[(seat + index) % len(seats)] for seat in range(len(seats))],
            args.seed * 100_003 + index,
            args.iterations,
            args.seconds,
        )
        for index in range(args.games)
    ]
    started = time.perf_counter()
    log = Path(args.log) if args.log else None
    done = logged(log, jobs) if log else {}
    results = list(done.values())
    waiting = [(index, job) for index, job in enumerate(jobs) if index >= args.first and index not in done]
    for index, result in _played(waiting, args.jobs):
        results.append(result)
        if log:
            with log.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"index": index, "job": list(jobs[index]), **result}) + "\n")
    line = {
        "game": args.game,
        "map": args.map,
        "players": args.players,
        "games": args.games,
        "first": args.first,
        "played": len(results),
        "from_log": len(done),
        "seats": seats,
        "iterations": args.iterations,
        "seconds": args.seconds,
        "seed": args.seed,
        "kinds": summary(results, args.players),
        "wall_s": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(line), flush=True)
    return 0


def _played(
    waiting: list[tuple[int, tuple[Any, ...]]], processes: int
) -> Iterable[tuple[int, dict[str, Any]]]:
    """Each waiting game's index and result, as each ends (in any order with processes)."""
    if processes > 1 and len(waiting) > 1:
        with multiprocessing.get_context("forkserver").Pool(processes) as pool:
            yield from pool.imap_unordered(_indexed, waiting, chunksize=1)
    else:
        yield from map(_indexed, waiting)


def _indexed(item: tuple[int, tuple[Any, ...]]) -> tuple[int, dict[str, Any]]:
    index, job = item
    return index, play_one(job)


def logged(log: Path, jobs: list[tuple[Any, ...]]) -> dict[int, dict[str, Any]]:
    """The games of this run already in the log, by index: a line counts only if its game is the
    one this run would play at that index (the same game, options, seats, seed and budget)."""
    if not log.exists():
        return {}
    as_logged = [json.loads(json.dumps(list(job))) for job in jobs]  # tuples come back as lists
    done: dict[int, dict[str, Any]] = {}
    for text in log.read_text(encoding="utf-8").splitlines():
        if not text.strip():
            continue
        entry = json.loads(text)
        index = entry.get("index")
        same = isinstance(index, int) and 0 <= index < len(jobs)
        if same and entry.get("job") == as_logged[index]:
            done[index] = {
                "kinds": entry["kinds"],
                "scores": entry["scores"],
                "credit": entry["credit"],
                "times": {int(seat): times for seat, times in entry["times"].items()},
                "cpu": {int(seat): times for seat, times in entry.get("cpu", {}).items()},
            }
    return done


def add_arena(commands: Any) -> None:
    """`tabletop arena`'s arguments, on the offline tools' parser."""
    match = commands.add_parser("arena", help="AI levels against each other: win shares with 95 %% intervals")
    match.add_argument("game", choices=game_ids())
    match.add_argument("--map", default=None)
    match.add_argument("--players", type=int, default=2)
    match.add_argument("--games", type=int, default=20)
    match.add_argument("--seats", required=True, help="a level per seat, e.g. strong,easy")
    budget = match.add_mutually_exclusive_group()
    budget.add_argument("--iterations", type=int, default=None, help="search iterations a decision")
    budget.add_argument("--seconds", type=float, default=None, help="search seconds a decision")
    match.add_argument("--seed", type=int, default=1)
    match.add_argument(
        "--first",
        type=int,
        default=0,
        help="play the games from this index on (a run split across machines; logs concatenate)",
    )
    cores = os.cpu_count() or 1
    match.add_argument("--jobs", type=int, default=cores, help="processes (default: every core)")
    match.add_argument(
        "--log",
        default=None,
        help="each game written here as it ends; run again, it skips them",
    )
    match.set_defaults(run=arena)
