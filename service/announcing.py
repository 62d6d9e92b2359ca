"""What a change of a game posts, as the front end gets it: pings for people only, DM copies for
those who asked (`service/dms.py`), and every public message held in the outbox until Discord
took it (`service/outbox.py`, docs/delivery.md)."""

from __future__ import annotations

from db import GameRecord
from service.dms import DirectMessages
from service.messages import Message
from service.outbox import Outbox


class Announcer:
    """Addresses and holds the messages the use cases return."""

    def __init__(self, outbox: Outbox, dms: DirectMessages) -> None:
        self.outbox = outbox
        self.dms = dms

    async def announce(self, game: GameRecord, messages: list[Message], server: str = "") -> list[Message]:
        """Pings for people only, DM copies (naming `server`, the server's name, when known),
        and every public message held."""
        return await self.outbox.hold(game, await self.dms.addressed(game, messages, server))

    async def hold(self, game: GameRecord, messages: list[Message]) -> list[Message]:
        """Hold messages in the outbox as they are (their pings untouched, no DM copies)."""
        return await self.outbox.hold(game, messages)
