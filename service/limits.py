"""How many tables one person may hold open in a server, and who may open one where.

Opening a table costs a server something that stays: a lobby message in a channel, or a whole
thread. So one person's open tables are capped per server, and a table is opened only where
its opener may post (and, for a thread, where both they and the bot may create one):

- **lobbies**: the lobbies a person opened that have not started (default 3). A lobby is
  freed by starting it (`/game start`) or closing it (`/game abort`).
- **games**: the tables a person sits at and plays in person, lobbies and games in play alike
  (default 10): what they can follow at once. A seat is freed when its game ends, or by
  `/game leave` (in a lobby; in a game in play the fallback player takes the seat over) and
  `/game resign`. It is checked when a person opens a table (`/game new`, a rematch) or joins
  one; the other players a rematch seats again are not refused (they leave if they will not play).

A server's managers (Manage Server) set both with `/game limits`; the values are stored per
server (`server_limits`, migration 9). Counting is one indexed query each
(`db/database.py` `open_lobbies_by`, `open_seats_of`). Every check of one person runs under
that person's lock, which `Lobby` holds from the check until the table is stored, so requests
sent all at once stop exactly at the cap and no thread is made for a refused table.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from i18n import t
from service.messages import Caller, Message, ServiceError
from service.tables import Tables

DEFAULT_LOBBIES = 3
DEFAULT_GAMES = 10
MOST_LOBBIES = 25  # the largest caps a server may set (`/game limits` offers no more)
MOST_GAMES = 100
LISTED_AT_MOST = 5  # the open lobbies a refusal links to


@dataclass(frozen=True)
class TableLimits:
    """One server's caps per person, and whether each is the server's own or the default."""

    lobbies: int
    games: int
    own_lobbies: bool = False
    own_games: bool = False


class Limits:
    """The server's caps on open tables per person, the rights a new table needs, and
    `/game limits`."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.db = tables.db
        self._locks: dict[tuple[int | None, int], asyncio.Lock] = {}

    def lock(self, caller: Caller) -> asyncio.Lock:
        """The caller's own lock in this server: held from a check of their caps until the
        table it allowed is stored. Taken before any channel's lock, never inside one."""
        return self._locks.setdefault((caller.guild_id, caller.user_id), asyncio.Lock())

    async def of(self, guild_id: int | None) -> TableLimits:
        lobbies, games = await self.db.server_limits(guild_id)
        return TableLimits(
            lobbies=lobbies or DEFAULT_LOBBIES,
            games=games or DEFAULT_GAMES,
            own_lobbies=lobbies is not None,
            own_games=games is not None,
        )

    @staticmethod
    def check_rights(caller: Caller, *, thread: bool) -> None:
        """A table is opened only where its opener may post, and a thread only where both the
        opener and the bot may create one: nothing the caller could not do themselves."""
        if not caller.can_send:
            raise ServiceError("error.limits.cannot_send")
        if thread and not caller.can_create_threads:
            raise ServiceError("error.limits.no_thread_right")
        if thread and not caller.bot_can_create_threads:
            raise ServiceError("error.limits.bot_no_thread_right")

    async def check_opening(self, caller: Caller) -> None:
        """Refuse a new lobby (`/game new`, a rematch) past the caller's caps in this server.
        Call it holding `lock(caller)`."""
        limits = await self.of(caller.guild_id)
        lobbies = await self.db.open_lobbies_by(caller.user_id, caller.guild_id)
        if len(lobbies) >= limits.lobbies:
            where = ", ".join(f"<#{channel}>" for channel in lobbies[:LISTED_AT_MOST])
            raise ServiceError("error.limits.lobbies", count=limits.lobbies, where=where)
        await self.check_joining(caller, limits)

    async def check_joining(self, caller: Caller, limits: TableLimits | None = None) -> None:
        """Refuse one more seat past the caller's cap on open tables in this server. Call it
        holding `lock(caller)`."""
        limits = limits or await self.of(caller.guild_id)
        if await self.db.open_seats_of(caller.user_id, caller.guild_id) >= limits.games:
            raise ServiceError("error.limits.games", count=limits.games)

    async def show(self, caller: Caller) -> list[Message]:
        """`/game limits` without options: the server's caps, to anyone, privately."""
        return [Message(self.text(await self.of(caller.guild_id), caller.locale), ephemeral=True)]

    async def change(self, caller: Caller, lobbies: int | None, games: int | None) -> list[Message]:
        """`/game limits lobbies: games:`: a server manager sets either cap (the other keeps
        its value). Stored, so a restart keeps it; tables already open stay open."""
        if lobbies is None and games is None:
            return await self.show(caller)
        if not caller.can_manage_server:
            raise ServiceError("error.limits.rights")
        if (lobbies is not None and not 1 <= lobbies <= MOST_LOBBIES) or (
            games is not None and not 1 <= games <= MOST_GAMES
        ):
            raise ServiceError("error.limits.range", lobbies=MOST_LOBBIES, games=MOST_GAMES)
        stored_lobbies, stored_games = await self.db.server_limits(caller.guild_id)
        await self.db.set_server_limits(
            caller.guild_id,
            lobbies=lobbies if lobbies is not None else stored_lobbies,
            games=games if games is not None else stored_games,
            user_id=caller.user_id,
            now=self.tables.now(),
        )
        limits = await self.of(caller.guild_id)
        head = t("limits.changed", caller.locale)
        return [Message(f"{head}\n{self.text(limits, caller.locale)}", ephemeral=True)]

    @staticmethod
    def text(limits: TableLimits, locale: str | None) -> str:
        """The caps in words, each saying whether it is the server's own or the default."""

        def source(own: bool) -> str:
            return t("limits.set_here" if own else "limits.by_default", locale)

        return t(
            "limits.shown",
            locale,
            lobbies=t("limits.lobbies", locale, count=limits.lobbies),
            lobbies_source=source(limits.own_lobbies),
            games=t("limits.games", locale, count=limits.games),
            games_source=source(limits.own_games),
        )
