"""A season of simulated games in one server, then `/stats` and `/leaderboard` as the bot answers
them: the transcript in docs/stats.md.

    python -m bench.season [--tables 24] [--seed 5] [--locale pt-BR]

Six members of different skill play Rebirth on both maps and some Revive through the service
(tests/support/season.py: AI seats, resignations, seats left), on a clock that moves as turns
would; then the service's own answers are printed, each mention shown as the member's name.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import time

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.ratings import rebuild
from tests.support.season import GUILD, MEMBERS, SeasonClock, caller, play_season, schedule

GAMES = [("rebirth", {"map": "scotland"}), ("rebirth", {"map": "ireland"}), ("revive", {})]


def named(text: str) -> str:
    names = {member.user_id: member.name for member in MEMBERS}
    return re.sub(r"<@(\d+)>", lambda match: "@" + names.get(int(match[1]), match[1]), text)


async def season(tables: int, seed: int, locale: str | None) -> None:
    database = await Database.open(":memory:")
    clock = SeasonClock()
    service = GameService(database, engines=load_engine, clock=clock)
    started = time.perf_counter()
    games = await play_season(service, clock, schedule(tables, seed, GAMES), seed)
    took = time.perf_counter() - started
    print(f"# {len(games)} games ({sum(g.status == 'finished' for g in games)} finished) in {took:.0f} s\n")
    ana = MEMBERS[0]
    asking = caller(ana, 1, GUILD)
    asking = type(asking)(**{**asking.__dict__, "locale": locale})
    for title, messages in (
        ("/stats", await service.stats.player(asking, ana.user_id, ana.name)),
        ("/stats player:Davi", await service.stats.player(asking, MEMBERS[3].user_id, MEMBERS[3].name)),
        ("/stats game:rebirth", await service.stats.table(asking, "rebirth")),
        ("/stats game:revive", await service.stats.table(asking, "revive")),
    ):
        print(f"> {title}\n{named(messages[0].text)}\n")
    page = await service.stats.leaderboard(asking, "rebirth")
    print(f"> /leaderboard game:rebirth\n{named(page.message.text)}\n")
    before = sorted(tuple(row) for row in await database.store.fetch("SELECT * FROM ratings"))
    await rebuild(database, load_engine)
    after = sorted(tuple(row) for row in await database.store.fetch("SELECT * FROM ratings"))
    print(f"# tabletop ratings --rebuild gives the same ratings: {before == after}")
    await database.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--locale", default=None)
    args = parser.parse_args()
    asyncio.run(season(args.tables, args.seed, args.locale))


if __name__ == "__main__":
    main()
