"""The offline tools: `tabletop selfplay ...`, `tabletop balance ...`, `tabletop arena ...` and
`tabletop replay FILE` (also `python -m offline ...`).

They play and check whole games without Discord, so they read content through the registry,
write records and print: a front end above games/, beside cogs/, which keeps the engine a pure
layer that reads no file (docs/architecture.md, "Layers").
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from arena import add_arena
from engine.balance import measure
from engine.fallback import play_turn
from engine.records import not_replayable, random_game, record_text, replay
from games.registry import game_ids, load_engine, spec


def selfplay(args: argparse.Namespace) -> int:
    engine = load_engine(args.game)
    options = {"map": args.map} if args.map else {}
    chooser = random.Random(f"selfplay:{args.seed}")
    records_dir = Path(args.records) if args.records else None
    if records_dir:
        records_dir.mkdir(parents=True, exist_ok=True)
    totals: list[list[int]] = [[] for _ in range(args.players)]
    moves = 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = args.seed * 100_003 + index
        record = random_game(engine, args.players, options, seed, chooser)
        moves += len(record["moves"])
        for seat, score in enumerate(record["final"]["scores"]):
            totals[seat].append(score)
        if records_dir:
            path = records_dir / f"{args.game}-{args.map or 'default'}-{args.players}p-{seed}.json"
            path.write_text(record_text(record))
    seconds = time.perf_counter() - started
    summary = {
        "game": args.game,
        "options": options,
        "players": args.players,
        "games": args.games,
        "moves": moves,
        "seconds": round(seconds, 3),
        "seats": [
            {"seat": seat, "mean": round(sum(s) / len(s), 2), "min": min(s), "max": max(s)}
            for seat, s in enumerate(totals)
            if s
        ],
    }
    print(json.dumps(summary))
    return 0


def balance(args: argparse.Namespace) -> int:
    """Measure a game's fairness: K fallback-only games, spread over `--jobs` processes since
    each game is independent and the fallback is slow; one JSON line so runs can be compared."""
    started = time.perf_counter()
    tasks = [(args.game, args.players, args.seed * 100_003 + index) for index in range(args.games)]
    if args.jobs > 1 and args.games > 1:
        with multiprocessing.Pool(min(args.jobs, args.games)) as pool:
            results = pool.starmap(play_fallback_game, tasks)
    else:
        results = [play_fallback_game(*task) for task in tasks]
    summary = {"game": args.game, "players": args.players, "games": args.games}
    summary["seconds"] = round(time.perf_counter() - started, 3)
    print(json.dumps({**summary, **measure(results, args.players)}))
    return 0


def play_fallback_game(game: str, players: int, seed: int) -> dict[str, Any]:
    """One game with the fallback in every seat (a module-level function so a worker process
    can run it); what the balance table needs from its public view and events."""
    engine = load_engine(game)
    seen = spec(game).presenter(engine).seen_text  # the fallback's tie-breaks, as the bot draws them
    state = engine.new_game(players, {}, seed)
    trigger: dict[str, Any] | None = None
    while not engine.is_over(state):
        seat = engine.to_move(state)
        assert seat is not None
        turn_start = engine.view(state, None)
        # this turn's moves with the public views around each, until the trigger
        steps: list[dict[str, Any]] = []
        for move in play_turn(engine, state, seat, seed, seen):
            applied = engine.apply(state, seat, move)
            state = applied.state
            if trigger is None:
                before = steps[-1]["after"] if steps else turn_start
                steps.append({"move": move, "before": before, "after": engine.view(state, None)})
            if trigger is None and "end_triggered" in applied.event:
                trigger = {"event": dict(applied.event), "before": turn_start, "after": steps[-1]["after"]}
                trigger["steps"] = steps
    return {"view": engine.view(state, None), "trigger": trigger}


def replay_file(args: argparse.Namespace) -> int:
    """Exit 0: the record re-plays to the scores it states; 1: it differs (each difference on
    standard error); 2: it cannot be re-played at all (a player's view of a game in play)."""
    record = json.loads(Path(args.file).read_text())
    refusal = not_replayable(record)
    if refusal is not None:
        print(f"{args.file}: {refusal}", file=sys.stderr)
        print(json.dumps({"file": args.file, "ok": False, "replayable": False}))
        return 2
    problems = replay(load_engine(record["game"]), record)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(json.dumps({"file": args.file, "ok": not problems, "scores": record["final"]["scores"]}))
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description="Play and check games offline.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("selfplay", help="play random legal games to the end")
    play.add_argument("game", choices=game_ids())
    play.add_argument("--map", default=None, help="the board, for games with several (see /game new)")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--games", type=int, default=10)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--records", default=None, help="write one JSON record per game in this folder")
    play.set_defaults(run=selfplay)
    fair = commands.add_parser("balance", help="the fallback in every seat: win shares, scores, end triggers")
    fair.add_argument("game", choices=game_ids())
    fair.add_argument("--players", type=int, default=3)
    fair.add_argument("--games", type=int, default=10)
    fair.add_argument("--seed", type=int, default=1)
    fair.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    fair.set_defaults(run=balance)
    check = commands.add_parser("replay", help="re-play a record; exit 1 if its scores differ")
    check.add_argument("file")
    check.set_defaults(run=replay_file)
    add_arena(commands)
    args = parser.parse_args(argv)
    code: int = args.run(args)  # the chosen command's function (`set_defaults(run=...)`)
    return code


if __name__ == "__main__":
    sys.exit(main())
