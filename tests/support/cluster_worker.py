"""A cluster's other process, for tests/db/test_cluster.py: it takes what is due in the shared
database (the games' checks, the held messages), says how much it took, and then hangs as if
busy posting, until the test kills it.

    python -m tests.support.cluster_worker ADDRESS NOW
"""

from __future__ import annotations

import asyncio
import sys

from db import Database
from games.registry import load_engine
from service.game_service import GameService
from service.timekeeping import CHECK_BATCH, CHECK_LEASE


async def main(address: str, now: float) -> None:
    database = await Database.open(address, process="shards 1")
    service = GameService(database, engines=load_engine, clock=lambda: now, seeds=lambda: 1)
    games = await database.claim_due(now, now + CHECK_LEASE, CHECK_BATCH)
    messages = await service.outbox.due()
    print(len(games), len(messages), flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2])))
