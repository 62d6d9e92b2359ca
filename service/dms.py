"""Direct messages: who asked for a DM copy of the pings meant for them, what language each
reader reads, and a DM Discord refused (the player is told once, privately).

Everything is stored (members.dm, dm_failed; people.locale), so a restart forgets nothing.
"""

from __future__ import annotations

from db import GameRecord
from i18n import catalog_name, t
from i18n.outside import outside_text
from service.messages import MESSAGE_LIMIT, Caller, Message, jump_link, people_only
from service.tables import Tables


def same_language(one: str | None, other: str | None) -> bool:
    """Whether two locales read the same catalog (`en-US` and `en` do)."""
    return catalog_name(one) == catalog_name(other)


class DirectMessages:
    """DM copies of a game's pings, and the settings and failures behind them."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.db = tables.db
        self._locales: dict[int, str] = {}  # what this process last stored per person

    async def seen(self, caller: Caller) -> None:
        """Keep the caller's Discord locale as their last known one (written when it changed)."""
        if caller.locale and self._locales.get(caller.user_id) != caller.locale:
            await self.db.set_person_locale(caller.user_id, caller.locale, self.tables.now())
            self._locales[caller.user_id] = caller.locale

    async def notify(self, caller: Caller, dm: bool) -> list[Message]:
        """`/notify`: a DM copy of every ping for the caller in this server, or none."""
        await self.db.set_member(caller.guild_id, caller.user_id, dm=int(dm), dm_failed=0)
        return [Message(t("notify.on" if dm else "notify.off", caller.locale), ephemeral=True)]

    async def addressed(self, game: GameRecord, messages: list[Message], server: str = "") -> list[Message]:
        """Pings for people only (not seats the fallback player holds), with a DM copy for each
        pinged player who asked for DMs (naming `server`, the server's name, when known)."""
        return await self.with_dms(game, people_only(game, messages), server)

    async def with_dms(self, game: GameRecord, messages: list[Message], server: str = "") -> list[Message]:
        """A copy by DM (board and jump link) for every pinged player who asked for DMs, headed
        with the game and the server (`server`: its name, when the caller knows it) it waits in.

        A DM is read alone, so it is written in its reader's language: the locale they last used
        a command in (`Database.person_locale`; the game's language for someone never seen),
        the message told again in it when it can be (`Message.retell`). The board is the
        channel's, in the game's language: drawing it again for one reader would cost a render."""
        out = list(messages)
        for message in messages:
            if message.ephemeral or message.dm_to is not None:
                continue
            for user in message.ping:
                member = await self.db.member(game.guild_id, user)
                if not member["dm"]:
                    continue
                locale = await self.db.person_locale(user) or game.language
                body = message.text
                if message.retell is not None and not same_language(locale, game.language):
                    body = await message.retell(locale)
                text = f"{self.dm_head(game, server, locale)}\n{body}"
                name = message.image_name
                out.append(Message(text[:MESSAGE_LIMIT], image=message.image, image_name=name, dm_to=user))
        return out

    def dm_head(self, game: GameRecord, server: str, locale: str | None) -> str:
        """A DM's first line: which game, on which server, and a link to its channel. The server's
        name is its owner's text, shown as text (a name in markdown would format the bot's DM)."""
        title = self.tables.presenter(game).title(game.options, locale)
        if not server:
            return t("notify.dm_game_nameless", locale, title=title, link=jump_link(game))
        return t("notify.dm_game", locale, title=title, server=outside_text(server), link=jump_link(game))

    async def dm_failed(self, guild_id: int | None, user_id: int) -> None:
        """A DM could not be delivered (closed DMs): the channel mention stands; the player is
        told once, privately, at their next command (`take_notes`)."""
        member = await self.db.member(guild_id, user_id)
        if not member["dm_failed"]:
            await self.db.set_member(guild_id, user_id, dm_failed=1)

    async def take_notes(self, caller: Caller) -> list[Message]:
        """What is owed to the caller privately at their next command (a DM that failed); and
        the locale they use, noted for the DMs they will get (`with_dms`)."""
        await self.seen(caller)
        member = await self.db.member(caller.guild_id, caller.user_id)
        if member["dm_failed"] == 1:
            await self.db.set_member(caller.guild_id, caller.user_id, dm_failed=2)  # told once
            return [Message(t("notify.failed", caller.locale), ephemeral=True)]
        return []
