"""Delivery: the round that posts what the outbox holds (service/outbox.py) and Discord has not
taken yet: retries with backoff, and, after a restart, whatever the stopped process had promised.

The round runs on discord.py's `tasks.loop` (whose clock simcord drives in tests), as soon as the
bot is connected and then when the next held message is due: never sooner than `SOONEST` apart,
never more than `LATEST`. A failed attempt elsewhere (`wake`) starts a round at once, which then
waits for that message's backoff.
"""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from cogs.posting import deliver_due

log = logging.getLogger("tabletop")
SOONEST = 5.0  # the shortest backoff: a retry is never much later than it is due
LATEST = 600.0  # an idle outbox is looked at as often as reminders are


class DeliveryCog(commands.Cog):
    """Posts the outbox's due messages in the background."""

    def __init__(self, bot: commands.Bot | commands.AutoShardedBot) -> None:
        self.bot = bot
        self._in_round = False

    async def cog_load(self) -> None:
        self.rounds.start()

    async def cog_unload(self) -> None:
        self.stop()

    def stop(self) -> None:
        self.rounds.cancel()

    def wake(self) -> None:
        """Something new is due soon (a failed attempt's retry): plan the next round now."""
        if self.rounds.is_running() and not self._in_round:
            self.rounds.restart()

    @tasks.loop(seconds=SOONEST)
    async def rounds(self) -> None:
        self._in_round = True
        try:
            delivered = await deliver_due(self.bot)
            if delivered:
                log.info("delivered %d held message(s)", delivered)
            outbox = self.bot.service.outbox  # type: ignore[union-attr]
            self.rounds.change_interval(seconds=await outbox.next_round_in(SOONEST, LATEST))
        except Exception:
            log.exception("a delivery round failed")
        finally:
            self._in_round = False

    @rounds.before_loop
    async def _connected(self) -> None:
        await self.bot.wait_until_ready()
