"""tabletop: asynchronous board games in Discord channels.

`create_bot(database)` builds the configured, unstarted bot (the tests use it); running this
file reads the token and database path from the environment (or a `.env` file) and starts it.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import aiohttp
import discord
from discord import app_commands
from discord.backoff import ExponentialBackoff
from discord.ext import commands

from cogs.clock import ClockCog
from cogs.delivery import DeliveryCog
from cogs.games import GameCog
from cogs.paging import LeaderboardButton, LogButton
from cogs.play import PlayCog
from cogs.posting import ActionButton, MoveButton, MoveSelect, TableButton
from cogs.replies import report_error
from cogs.stats import StatsCog
from cogs.translator import CatalogTranslator
from db import Database, health, reach
from db.address import safe_target
from db.store import is_postgresql
from games.registry import game_ids, load_engine
from i18n import table_languages
from service.game_service import GameService
from service.images import drawing_workers
from service.ratings import GamesKeptEnding, backfill, rebuild
from service.relocation import relocate
from service.shards import ONE_SHARD, ShardPlan, ShardSettingError, shard_plan
from service.thinking import thinking_workers
from service.workers import Workers, configured_workers

log = logging.getLogger("tabletop")

DEFAULT_DATABASE = "tabletop.sqlite3"
# Defer a command (privately) only once it is this old and still has slow work left; the usual
# /move answers in a few tens of milliseconds, well inside Discord's 3 seconds.
DEFER_AFTER_SECONDS = 1.5
# How often reminders and turn clocks are checked: they are hours or days apart, so a reminder
# within ten minutes of its time is on time.
TICK_SECONDS = 600.0
TOKEN_HELP = """\
DISCORD_TOKEN is not set, so this is the sandbox. To go live on Discord instead: open
https://discord.com/developers/applications, create an application, open "Bot", press "Reset
Token" and copy it. Put DISCORD_TOKEN=... in a .env file here (or export it), then start again
with ./scripts/run-bot (or `tabletop run`). README.md explains how to invite the bot to a server.
"""
SANDBOX_BY_CHOICE = """\
DISCORD_TOKEN is set: start without --sandbox (./scripts/run-bot, or `tabletop run`) to go live.
"""
SANDBOX_DATABASE = "TABLETOP_SANDBOX_DATABASE"
# The sandbox players' Discord languages: simcord's own, and every language a catalog has.
SANDBOX_LOCALES = ("en-US", *(language for language in table_languages() if not language.startswith("en")))
NO_TOKEN_LIVE = """\
DISCORD_TOKEN is not set, and --live asks for Discord only (a sandbox page inside a container would
reach nobody). Open https://discord.com/developers/applications, create an application, open
"Bot", press "Reset Token", and give its token as DISCORD_TOKEN (docker run -e DISCORD_TOKEN=...).
"""


TOKEN_REFUSED = (
    "Discord refused the token in DISCORD_TOKEN: it is wrong, or it was reset. Copy a new one "
    '(https://discord.com/developers/applications, your application, "Bot", "Reset Token") into '
    "DISCORD_TOKEN or .env, then start again."
)
NO_NETWORK = "Cannot reach Discord ({reason}): trying again in {delay:.0f} s. Check the network."


class TabletopBot(commands.AutoShardedBot):
    """The bot: one database, one game service, the cogs, and one error funnel; the shards of
    its `ShardPlan` (all Discord recommends, unless a cluster gives each process its own)."""

    def __init__(
        self,
        database: str,
        *,
        seeds: Callable[[], int] | None = None,
        defer_after: float = DEFER_AFTER_SECONDS,
        warm_up: bool = False,
        tick_seconds: float = TICK_SECONDS,
        shards: ShardPlan = ONE_SHARD,
        workers: Workers | None = None,
        thinkers: Workers | None = None,
    ) -> None:
        """The configured, unstarted bot storing its games in `database` (a path, or ":memory:").

        `seeds` draws each new game's seed (tests fix it); `defer_after` is how old a command may get
        before the bot defers it (tests set 0 to exercise the deferred path); `warm_up` pre-draws
        the boards' static layers in the background at start (the running bot does); `tick_seconds`
        is how often reminders and turn clocks are checked; `shards` which shards this process runs.
        `workers` draw the images (`service.images.drawing_workers`); by default as many processes as
        `TABLETOP_RENDER_WORKERS` says, or one per processor when it is unset (0: a thread of the
        bot's process). `thinkers` run the AI players' searches (`service.thinking.thinking_workers`);
        by default as many processes as draw, at a lower priority. The bot owns both: it starts
        them and stops them when it closes.
        """
        intents = discord.Intents.default()  # slash commands need no privileged intent
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            shard_count=shards.count,
            shard_ids=list(shards.ids) if shards.ids is not None else None,  # type: ignore[arg-type]
        )
        self.shards_planned = shards
        self.database_path = database
        self._seeds = seeds
        self.defer_after = defer_after
        self.warm_up = warm_up
        self.tick_seconds = tick_seconds
        # The processes images are drawn in (service/workers.py): the bot's own, started with it
        # (warmed up with the boards' static layers when `warm_up`) and stopped when it closes.
        warmed = game_ids() if warm_up else ()
        self.workers = workers if workers is not None else drawing_workers(configured_workers(), warmed)
        # The AI players think in processes of their own (started at the first decision).
        self.thinkers = thinkers if thinkers is not None else thinking_workers(self.workers.processes)
        self.database: Database | None = None
        self.database_file: health.FileIdentity | None = None
        self.service: GameService | None = None
        self.tree.error(self._on_app_command_error)

    async def setup_hook(self) -> None:
        self.database = await Database.open(self.database_path, process=self.shards_planned.process_name)
        # A file deleted under a running bot is a SQLite risk; a server's database has no file here.
        if self.database.dialect == "sqlite":
            self.database_file = health.identity(self.database_path)
        await self.backfill_results(self.database)
        self.service = GameService(
            self.database,
            engines=load_engine,
            clock=lambda: discord.utils.utcnow().timestamp(),
            seeds=self._seeds,
            workers=self.workers,
            thinkers=self.thinkers,
        )
        await self.tree.set_translator(CatalogTranslator())
        await self.add_cog(GameCog(self.service, self.defer_after))
        await self.add_cog(PlayCog(self.service, self.defer_after))
        await self.add_cog(StatsCog(self.service, self.defer_after))
        await self.add_cog(ClockCog(self, self.service, self.tick_seconds, self.check_database_file))
        # What a stopped process had taken and not settled is due again, before anything new.
        waiting = await self.service.outbox.restarted()
        await self.add_cog(DeliveryCog(self))
        # Persistent components: they work after a restart.
        self.add_dynamic_items(
            MoveButton, MoveSelect, ActionButton, LogButton, LeaderboardButton, TableButton
        )
        await self.tree.sync()
        if self.warm_up or self.workers.in_processes:  # the workers start now, not at the first move
            warmed = game_ids() if self.warm_up else ()
            self._warming = asyncio.create_task(self.service.tables.warm_up(warmed))
        active = await self.database.count_in_play()
        log.info("ready to continue %d game(s) from %s", active, safe_target(self.database.path))
        if waiting:
            log.info("%d message(s) held from before the restart will be posted now", waiting)

    @staticmethod
    async def backfill_results(database: Database) -> None:
        """Before serving anyone: the results and ratings of games that finished before they were
        stored, worked out once (service/ratings.py `backfill`). A failure is logged and the bot
        serves on without them (stats are not worth a bot that will not start); the next start
        tries again, as does `tabletop ratings --rebuild`."""
        try:
            rated = await backfill(database, load_engine)
        except Exception:
            log.exception(
                "could not work out the results of the games that finished before ratings existed;"
                " the next start tries again (or run `tabletop ratings --rebuild` with the bot stopped)"
            )
            return
        if rated is not None:
            log.info(
                "worked out the results and ratings of %d game(s) finished before ratings existed", rated
            )

    async def check_database_file(self) -> bool:
        """False (and the bot stopping) when the database file was deleted or replaced while
        the bot ran: every write would go into a file nobody will open again. What the bot
        still holds open is saved beside it first, and the log says how to go on."""
        if self.database is None or self.database_file is None:
            return True
        if health.identity(self.database_path) == self.database_file:
            return True
        rescued = f"{self.database_path}.rescued-{int(time.time())}"
        await self.database.copy_to(rescued)
        log.critical(
            "the database file %s was deleted or replaced while the bot ran; what it held is saved "
            "in %s. The bot stops: put that file back as %s (or start anew with --init) and restart.",
            safe_target(self.database_path),
            safe_target(rescued),
            safe_target(self.database_path),
        )
        await self.close()
        return False

    def wake_delivery(self) -> None:
        """A message just failed: the delivery round plans its retry (cogs/delivery.py)."""
        delivery = self.get_cog(DeliveryCog.__cog_name__)
        if isinstance(delivery, DeliveryCog):
            delivery.wake()

    async def close(self) -> None:
        delivery = self.get_cog(DeliveryCog.__cog_name__)
        if isinstance(delivery, DeliveryCog):
            delivery.stop()  # no delivery round may start on a database being closed
        await super().close()
        await self.workers.close()
        await self.thinkers.close()
        if self.database is not None:
            await self.database.close()
            self.database = None

    async def _on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The one funnel (shared with buttons and menus, see cogs/replies.py `report_error`)."""
        await report_error(interaction, error)


create_bot = TabletopBot
"""The configured, unstarted bot: the name the scripts, the sandbox and the tests build it by."""


def arguments(argv: list[str] | None, prog: str = "python bot.py") -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Run the tabletop Discord bot.",
        epilog=(
            "Settings from the environment (or a .env file here): DISCORD_TOKEN, the bot's token "
            "(without one the bot starts in the sandbox, a local page that works like Discord); "
            f"TABLETOP_DATABASE, the database file (default {DEFAULT_DATABASE}), or a PostgreSQL "
            "server's postgresql://user:password@host/database address; "
            f"{SANDBOX_DATABASE}, the sandbox's own database file (default: beside the other one, "
            "tabletop-sandbox.sqlite3); TABLETOP_LOG_LEVEL (default INFO); TABLETOP_SHARDS and "
            "TABLETOP_SHARD_IDS, for a cluster: the shards in all and this process's (docs/deploy.md); "
            "TABLETOP_RENDER_WORKERS, the processes that draw images (default one per processor; 0 "
            "draws them in a thread, the sandbox's default)."
        ),
    )
    parser.add_argument("--database", default=None, help="the database file (overrides TABLETOP_DATABASE)")
    parser.add_argument(
        "--log-level", default=None, help="DEBUG, INFO, WARNING or ERROR (overrides TABLETOP_LOG_LEVEL)"
    )
    parser.add_argument(
        "--init", action="store_true", help="start a new, empty database where the configured one is missing"
    )
    parser.add_argument(
        "--sandbox",
        action="store_true",
        help="run in the sandbox (a local page that works like Discord) even when DISCORD_TOKEN is set",
    )
    parser.add_argument(
        "--live",
        action="store_true",
        help="Discord only: without DISCORD_TOKEN, say how to get one and stop instead of the sandbox",
    )
    parser.add_argument(
        "--port",
        type=int,
        default=0,
        help="the sandbox page's port on 127.0.0.1 (default: the one it had last time, else a free one)",
    )
    parser.add_argument(
        "--locale",
        choices=SANDBOX_LOCALES,
        default=SANDBOX_LOCALES[0],
        help="the sandbox players' Discord language (pt-BR: the bot as a Brazilian table meets it)",
    )
    commands_ = parser.add_subparsers(dest="command")
    copy = commands_.add_parser("backup", help="copy the database, safely while the bot runs, and exit")
    copy.add_argument("target", help="the new file to write")
    move = commands_.add_parser(
        "migrate",
        help="copy every game into another database (SQLite or PostgreSQL), check the copy, and exit",
        description=(
            "Copy every game from SOURCE into DESTINATION, each a SQLite file or a postgresql:// address, "
            "after bringing both to the current schema; then check that every table holds as many rows "
            "as the source's and that every started game replays from its seed to its stored state. "
            "Stop the bot first. Exit 0 when the copy is sound, 1 when it differs (each difference is "
            "named), 2 when nothing was copied."
        ),
    )
    move.add_argument("source", help="the database to copy from (it is migrated to the current schema first)")
    move.add_argument("destination", help="the database to copy into: empty, or given with --force")
    move.add_argument(
        "--force",
        action="store_true",
        help="delete everything the destination holds first (in one transaction), instead of refusing",
    )
    rating = commands_.add_parser(
        "ratings",
        help="work every rating out again from the stored games (--rebuild), and exit",
        description=(
            "With --rebuild: read every finished game (its seats, final state and moves), work its "
            "results and the ratings out again in the order the games ended, and store them in place "
            "of the ones kept, in one transaction. The same numbers the games' ends stored one by "
            "one. The bot does it by itself once, at its first start after the upgrade that brought "
            "ratings, for the games finished before; run it with the bot stopped when results were "
            "lost (docs/stats.md)."
        ),
    )
    rating.add_argument("--rebuild", action="store_true", help="rebuild every result and rating")
    return parser.parse_args(argv)


def load_settings_file(folder: Path) -> bool:
    """Read `folder`/.env into the environment (a variable already set wins); whether there was
    one. Only that folder's: dotenv's search would also read a parent folder's .env (another
    project's token, say), and its default looks beside this file, in site-packages."""
    from dotenv import load_dotenv

    return load_dotenv(folder / ".env")


def main(argv: list[str] | None = None, prog: str = "python bot.py") -> int:
    load_settings_file(Path.cwd())
    args = arguments(argv, prog)
    logging.basicConfig(
        level=(args.log_level or os.environ.get("TABLETOP_LOG_LEVEL", "INFO")).upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    database = args.database or os.environ.get("TABLETOP_DATABASE", DEFAULT_DATABASE)
    try:
        if args.command == "backup":
            return backup(database, args.target)
        if args.command == "migrate":
            return migrate(args.source, args.destination, force=args.force)
        if args.command == "ratings":
            return ratings(database, rebuild=args.rebuild)
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if is_postgresql(database) and not args.sandbox and (token or args.live):
            # The server is reached (and migrated) before Discord: a wrong address is one line now.
            log.info(asyncio.run(reach.server_ready(database)))
        if args.live and not token:
            print(NO_TOKEN_LIVE, file=sys.stderr)
            return 2
        if args.sandbox or not token:
            live_help = SANDBOX_BY_CHOICE if token else TOKEN_HELP
            return run_in_sandbox(database, args.port, live_help, args.locale)
        if not is_postgresql(database):
            log.info(health.prepare(database, init=args.init))
        shards = shard_plan(os.environ.get("TABLETOP_SHARDS"), os.environ.get("TABLETOP_SHARD_IDS"))
        if (
            shards.count is not None
            and not is_postgresql(database)
            and shards.ids != tuple(range(shards.count))
        ):
            # Another process runs the other shards: it cannot share a SQLite file.
            raise ShardSettingError(
                "a cluster of processes shares one PostgreSQL database: set TABLETOP_DATABASE"
            )
    except (health.DatabaseProblem, ShardSettingError) as problem:
        print(problem, file=sys.stderr)
        return 2
    try:
        return asyncio.run(
            run_until_stopped(lambda: create_bot(database, warm_up=True, shards=shards), token)
        )
    except KeyboardInterrupt:  # Ctrl+C, even while waiting to try Discord again: no traceback
        return 130


def backup(database: str, target: str) -> int:
    """`tabletop backup FILE`: 0 once the SQLite database is copied to `target`. SQLite's online
    backup has nothing to read on a server, so a PostgreSQL database is refused (raising
    `health.DatabaseProblem`) with the tool that does it."""
    if is_postgresql(database):
        raise health.DatabaseProblem(
            f"tabletop backup copies a SQLite file; back up the PostgreSQL database "
            f'{safe_target(database)} with pg_dump instead (docs/deploy.md, "Backups on each engine").'
        )
    games = health.backup(database, target)
    print(f"Copied {safe_target(database)} to {target} ({games} game(s)).")
    return 0


def migrate(source: str, destination: str, *, force: bool) -> int:
    """`tabletop migrate`: 0 and a short report when the copy is sound, 1 and every difference
    when it is not (service/relocation.py); a refusal raises `health.DatabaseProblem`."""
    done = asyncio.run(relocate(source, destination, engines=load_engine, force=force))
    print("\n".join(done.report()), file=sys.stdout if done.sound else sys.stderr)
    return 0 if done.sound else 1


def ratings(database: str, *, rebuild: bool) -> int:
    """`tabletop ratings --rebuild`: 0 and how many games were rated again; 2 without `--rebuild`
    (there is nothing else it does yet); a database it cannot open raises `health.DatabaseProblem`."""
    if not rebuild:
        print("tabletop ratings: say --rebuild to work every rating out again", file=sys.stderr)
        return 2
    try:
        count = asyncio.run(rebuild_ratings(database))
    except GamesKeptEnding as busy:
        print(f"tabletop ratings: {busy}; nothing changed. Stop the bot and run it again.", file=sys.stderr)
        return 1
    print(f"Rated {count} finished game(s) again from the stored games in {safe_target(database)}.")
    return 0


async def rebuild_ratings(database: str) -> int:
    opened = await reach.open_database(database)
    try:
        return await rebuild(opened, load_engine)
    finally:
        await opened.close()


def sandbox_database(database: str) -> str:
    """The sandbox's own file: never the live database, so no sandbox game lands among real ones."""
    named = os.environ.get(SANDBOX_DATABASE, "").strip()
    if named:
        return named
    if is_postgresql(database):  # the live games are on a server: the sandbox's file is here
        return "tabletop-sandbox.sqlite3"
    live = Path(database)
    return str(live.with_name(f"{live.stem}-sandbox{live.suffix}"))


def run_in_sandbox(database: str, port: int, live_help: str, locale: str = SANDBOX_LOCALES[0]) -> int:
    """The bot in the sandbox (sandbox/run.py), with its own database; `live_help` says how to
    go live. A damaged sandbox database refuses to start like any other; a missing one is made."""
    if not log.isEnabledFor(logging.DEBUG):  # discord.py's lines about voice and intents are noise here
        logging.getLogger("discord").setLevel(logging.ERROR)
    from sandbox.run import run_sandbox  # simcord checks discord.py with a client of its own

    path = sandbox_database(database)
    log.info(health.prepare(path, init=True))

    # No warm-up: simcord gives a starting bot 5 s to settle, and the first board draws its layers.
    # Images in a thread unless TABLETOP_RENDER_WORKERS asks for processes: one person plays.
    def make_bot() -> TabletopBot:
        return create_bot(path, workers=drawing_workers(configured_workers(default=0)))

    return run_sandbox(make_bot, path, port, live_help, locale=locale)


async def run_until_stopped(
    make_bot: Callable[[], TabletopBot],
    token: str,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> int:
    """Log in and run until stopped: 2 after one clear line when Discord refuses the token (no
    traceback: nothing in it helps), and, while Discord cannot be reached at all, a line and
    another try after a growing wait, as discord.py itself does once connected."""
    backoff = ExponentialBackoff()
    while True:
        bot = make_bot()
        try:
            async with bot:
                await bot.start(token)
            return 0
        except discord.LoginFailure:
            print(TOKEN_REFUSED, file=sys.stderr)
            return 2
        except (TimeoutError, aiohttp.ClientConnectionError, OSError) as problem:
            delay = max(1.0, backoff.delay())  # discord.py's backoff may say 0 s: "in 0 s" reads wrong
            print(NO_NETWORK.format(reason=type(problem).__name__, delay=delay), file=sys.stderr)
            await sleep(delay)


OFFLINE_COMMANDS = ("selfplay", "replay", "balance", "arena")  # offline.py's (also `python -m offline`)
CLI_HELP = """\
usage: tabletop COMMAND [ARGS]

  tabletop run [--database FILE] [--init] [--log-level LEVEL]
                                   run the bot on Discord (DISCORD_TOKEN from the environment or .env);
                                   without a token, in the sandbox
  tabletop sandbox [--port PORT] [--locale pt-BR]
                                   the bot in a local page that works like Discord, no token needed
                                   (--locale: its players' Discord language)
  tabletop backup FILE             copy the database, safely while the bot runs
  tabletop migrate SOURCE DESTINATION [--force]
                                   copy every game into another database (SQLite or PostgreSQL,
                                   e.g. postgresql://user:password@host/db) and check the copy
  tabletop ratings --rebuild       work every rating out again from the stored games (bot stopped)
  tabletop selfplay GAME [...]     play random legal games offline (as python -m offline)
  tabletop balance GAME [...]      the fallback player in every seat: win shares and scores
  tabletop replay RECORD           re-play a game record; exit 1 if its scores differ
  tabletop arena GAME --seats strong,easy [...]
                                   AI levels against each other: win shares with 95 % intervals

`tabletop COMMAND --help` says more about each.
"""


def cli(argv: list[str] | None = None) -> int:
    """The `tabletop` console script: one command for the bot and the offline tools, so an
    installed package needs no path to a source file."""
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else ""
    if command in OFFLINE_COMMANDS:
        from offline import main as offline

        return offline(args)
    if command == "run":
        return main(args[1:], prog="tabletop run")
    if command == "sandbox":
        return main(["--sandbox", *args[1:]], prog="tabletop sandbox")
    if command in ("backup", "migrate", "ratings"):
        return main(args, prog="tabletop")
    print(CLI_HELP, file=sys.stdout if command in ("-h", "--help", "help") else sys.stderr)
    return 0 if command in ("-h", "--help", "help") else 2


if __name__ == "__main__":
    sys.exit(main())
