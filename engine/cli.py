"""`python -m engine selfplay ...` and `python -m engine replay FILE`.

This module is the engine's command-line edge: the one place in engine/ that reads content
and files and prints. The rules themselves stay pure.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from engine.records import random_game, replay
from games.registry import game_ids, load_engine


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
            path.write_text(json.dumps(record, indent=1))
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


def replay_file(args: argparse.Namespace) -> int:
    record = json.loads(Path(args.file).read_text())
    problems = replay(load_engine(record["game"]), record)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(json.dumps({"file": args.file, "ok": not problems, "scores": record["final"]["scores"]}))
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Play and check games offline.")
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("selfplay", help="play random legal games to the end")
    play.add_argument("game", choices=game_ids())
    play.add_argument("--map", default=None, help="the board, for games with several (see /game new)")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--games", type=int, default=10)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--records", default=None, help="write one JSON record per game in this folder")
    play.set_defaults(run=selfplay)
    check = commands.add_parser("replay", help="re-play a record; exit 1 if its scores differ")
    check.add_argument("file")
    check.set_defaults(run=replay_file)
    args = parser.parse_args(argv)
    return args.run(args)
