"""Run the real bot in simcord's offline Discord and serve it as a page on loopback.

Only the sandbox imports this module (bot.py does when it starts one), so the live bot never
loads simcord. `run_sandbox(make_bot, database, port)` is what `./scripts/run-bot` does without a token (and
`tabletop sandbox` always): the bot `make_bot` builds (bot.py's `create_bot`, so the same
database code, commands and cogs), plus `sandbox.commands.SandboxCog`; the server of
`sandbox.world`; simcord's preview of one channel at a time (`sandbox.page`), for the four
players, at the address an earlier start saved (`sandbox.address`); and every open game shown
again once the bot is ready (`sandbox.resume`). A `Sandbox` is the driver: the part outside the
bot that drives simcord (opens the page, moves the clock, shows another channel) on the requests
the sandbox's commands leave it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TextIO
from urllib.parse import urlsplit

import simcord
from discord.ext import commands
from simcord import SetupError

from db.address import safe_target
from sandbox.address import Address, address_path, load_address, save_address
from sandbox.commands import Request, SandboxCog
from sandbox.page import SandboxPreview
from sandbox.resume import ResumeCog
from sandbox.speaking import DEFAULT, speak
from sandbox.world import World, build_world, channel_names, load_clock, save_clock

log = logging.getLogger("tabletop.sandbox")

STEP_SECONDS = 3600.0  # the clock moves an hour at a time, so the bot's loops tick in between
SETTLE_SECONDS = 60.0  # how long one command or one step may keep the bot busy (a first board)
SAVE_EVERY = 60.0  # real seconds between two saves of the sandbox's clock
BOT_NAME = "Tabletop"
PORT_PROBLEM = (
    "Cannot serve the sandbox's page on 127.0.0.1:{port} ({reason}): choose another port with "
    "--port, or leave it out for a free one."
)


class Sandbox:
    """One sandbox run: the simcord world around the bot, and the page that shows it."""

    def __init__(
        self, bot: commands.Bot | commands.AutoShardedBot, database: str, port: int = 0, locale: str = DEFAULT
    ) -> None:
        self.database = database
        # The page's address: the one an earlier start served, unless --port names a port.
        saved = load_address(database)
        self.address = Address(port or saved.port, saved.capability)
        self.pinned = bool(port)  # a port asked for is served or refused, never replaced
        self.moved_from: int | None = None  # the saved port, when it was taken at this start
        self.locale = locale  # the players' Discord language and the server's (sandbox/speaking.py)
        self._stop_speaking = speak(locale)  # before the world: its topics name commands
        self.requests: asyncio.Queue[Request] = asyncio.Queue()
        self.showing = [channel_names()[1]]  # the first game's first table
        self.bot = bot
        self.env = simcord.Env(bot, settle_timeout=SETTLE_SECONDS)
        self.env.backend.edit_bot_profile(BOT_NAME)  # simcord calls its bot "TestBot"
        self.world: World = build_world(self.env, locale)  # before anything else takes an id
        self.preview: SandboxPreview | None = None
        self.stopping = asyncio.Event()

    async def start(self) -> None:
        """Move the clock on to the sandbox's saved time (or now, the first time), then start
        the bot. Nothing is scheduled yet, so the jump fires no reminder."""
        await self.bot.add_cog(SandboxCog(self.requests, self.showing))
        await self.bot.add_cog(ResumeCog(self.bot, [channel.id for channel in self.world.channels.values()]))
        resume = load_clock(self.database) or datetime.now(UTC)
        jump = (resume - self.env.now()).total_seconds()
        if jump > 0:
            self.env.backend.advance_clock(jump)  # simcord's own clock, before the bot runs
        await self.env.start()

    async def stop(self) -> None:
        save_clock(self.database, self.env.now())
        await self.env.shutdown()
        await self.bot.close()  # simcord detaches the bot without closing it: the database too
        self._stop_speaking()

    def open_page(self, port: int) -> SandboxPreview:
        """The page, on the channel shown now, for the four players, with the run's capability."""
        preview = SandboxPreview(
            self.env, self.world.channels[self.showing[0]], self.world.players, port=port, locale=self.locale
        )
        preview.capability = self.address.capability
        return preview

    async def _entered(self) -> SandboxPreview:
        """The page served: on the saved port, or (taken since) on a free one, saying so."""
        preview = self.open_page(self.address.port)
        try:
            await preview.__aenter__()
            return preview
        except SetupError as problem:
            if self.pinned or not self.address.port or not isinstance(problem.__cause__, OSError):
                raise
        self.moved_from = self.address.port
        preview = self.open_page(0)
        await preview.__aenter__()
        return preview

    async def serve(self, ready: Callable[[str], None]) -> None:
        """Serve the page until stopped (a signal, `stopping`, or "End preview session" on the
        page); `ready` gets the page's address once it is served, and the address is kept for
        the next start."""
        preview = await self._entered()
        try:
            self.preview = preview
            self.address = Address(urlsplit(preview.url).port or 0, self.address.capability)
            save_address(self.database, self.address)
            ready(preview.url)
            await self._until_stopped(preview)
        finally:
            self.preview = None
            await preview.close()

    async def _until_stopped(self, preview: SandboxPreview) -> None:
        """Handle the commands' requests on this page until the sandbox stops."""
        closed = asyncio.ensure_future(preview.wait_closed())
        stopping = asyncio.ensure_future(self.stopping.wait())
        try:
            while True:
                asked = asyncio.ensure_future(self.requests.get())
                done, _ = await asyncio.wait(
                    {closed, stopping, asked}, timeout=SAVE_EVERY, return_when=asyncio.FIRST_COMPLETED
                )
                save_clock(self.database, self.env.now())
                if asked not in done:
                    asked.cancel()
                if closed in done or stopping in done:
                    return
                if asked in done:
                    await self.handle(asked.result())
        finally:
            for task in (closed, stopping):
                task.cancel()

    async def handle(self, request: Request) -> None:
        """Do what a sandbox command asked: show another channel, or move the clock."""
        if request.channel:
            await self.show(request.channel)
            return
        try:
            await self.wait(request.hours)
        except TimeoutError:  # the bot stayed busy past SETTLE_SECONDS: keep serving
            log.warning("the clock stopped early, at %s: the bot was still busy", self.env.now())

    async def show(self, name: str) -> None:
        """Every open page shows channel `name` from now on, each with its own viewer."""
        self.showing[0] = name
        if self.preview is None:
            return
        preview, channel = self.preview, self.world.channels[name]

        async def switch() -> None:
            preview.show_channel(channel)

        await self._when_free(switch)

    async def wait(self, hours: int) -> None:
        """The clock moves `hours` forward, an hour at a time; then the page shows what the bot
        posted meanwhile."""
        for _ in range(hours):
            await self._when_free(lambda: self.env.advance_time(STEP_SECONDS))
        save_clock(self.database, self.env.now())
        if self.preview is not None:
            await self._when_free(self.preview.refresh)

    async def _when_free(self, operation: Callable[[], Any]) -> None:
        """Run a simcord operation once no other one (a click on the page) is running."""
        while True:
            try:
                await operation()
                return
            except SetupError as busy:
                if "overlaps" not in str(busy):
                    raise
                await asyncio.sleep(0.1)


def banner(url: str, database: str, live_help: str, moved_from: int | None = None) -> str:
    names = ", ".join(f"#{name}" for name in channel_names())
    moved = (
        f"\nPort {moved_from}, where the page was last time, is taken now: it moved to the port above, "
        "so a tab\nstill open on the old address will not come back; open this one.\n"
        if moved_from
        else ""
    )
    return f"""\
The sandbox: the real bot in a local page that works like Discord (no Discord, no token).

  Open {url}
{moved}
That address is a password: whoever has it plays as any of the four players. It is served on
this machine only (127.0.0.1); do not share it. It stays the same at every start (kept in
{safe_target(str(address_path(database)))}; delete that file for a new one), so an open tab just reloads.

The server "Tabletop sandbox" has {names}.
Players: Alice, Bob, Carol and Dave ("Viewing as", at the top of the page, switches).
/sandbox channel shows another channel in the same page; /sandbox wait moves the clock
forward, so reminders and turn clocks can be seen.
Games are kept in {safe_target(database)} (the sandbox's clock in {safe_target(database)}.clock).

{live_help}
Ctrl+C stops the sandbox.
"""


def run_sandbox(
    make_bot: Callable[[], commands.Bot | commands.AutoShardedBot],
    database: str,
    port: int = 0,
    live_help: str = "",
    out: TextIO = sys.stdout,
    locale: str = DEFAULT,
) -> int:
    """Run the sandbox until Ctrl+C (or SIGTERM); 0 when it stopped cleanly. `locale`: the
    players' Discord language (`pt-BR` tries the bot as a Brazilian table meets it)."""

    async def main() -> int:
        sandbox = Sandbox(make_bot(), database, port, locale)

        def said(url: str) -> str:
            return banner(url, database, live_help, sandbox.moved_from)

        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, sandbox.stopping.set)
        await sandbox.start()
        try:
            with sandbox.env.time_context():
                await sandbox.serve(lambda url: print(said(url), file=out, flush=True))
        except SetupError as problem:
            if not isinstance(problem.__cause__, OSError):  # simcord could not bind the port
                raise
            reason = problem.__cause__.strerror or problem.__cause__
            print(PORT_PROBLEM.format(port=port, reason=reason), file=sys.stderr)
            return 2
        finally:
            await sandbox.stop()
            for signum in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(ValueError, RuntimeError):
                    loop.remove_signal_handler(signum)
        print("The sandbox stopped; its games are kept for the next start.", file=out, flush=True)
        return 0

    return asyncio.run(main())
