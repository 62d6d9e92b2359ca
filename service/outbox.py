"""The outbox: every channel message, ping and DM the service decides on is held in the database
until Discord has taken it, so a saved move is always announced (docs/delivery.md).

- A move's transaction also writes a promise (`announce_by`): "this move will be announced".
- `hold` stores the messages that announce a game at a version and retires the promises they
  keep, in one transaction; the front end then posts them and reports back (`sent`, `failed`).
- A failed attempt is retried with backoff by the delivery round (`due`), which a front end
  runs every few seconds and once at start: it also announces any move whose promise was never
  kept, from the stored game: the process died between saving the move and holding its message
  (a promise found at start), or, in this process, a failure cut the request short.
- A permanent refusal (the channel is gone, the bot may not post there) is logged and reported
  once to the game's creator, by DM.

Delivery is at least once: a message Discord took just before the process died (or whose answer
was lost in a timeout) may be posted again. An announcement twice is better than none.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any

from db import Database, GameRecord
from db.outbox import Delivery, HeldMessage
from i18n import t
from presenters.protocol import MoveChoice
from service.messages import Message

log = logging.getLogger(__name__)

IN_FLIGHT = 120.0  # seconds a message belongs to the attempt that took it (the live answer first)
PROMISE_GRACE = 120.0  # a move whose message is not held by then is announced from the stored game
BACKOFF = (5.0, 15.0, 60.0, 300.0, 900.0, 3600.0)  # seconds before the next attempt, then hourly
ATTEMPTS_AT_MOST = 12  # about six hours of a failing Discord: then it counts as refused
ROUND_SIZE = 50  # messages one delivery round takes at most
KEEP_SETTLED = 7 * 86_400.0  # how long delivered and refused rows stay as a record


def backoff(attempts: int) -> float:
    """Seconds to wait after the `attempts`-th failed attempt (1 = the first)."""
    return BACKOFF[min(attempts, len(BACKOFF)) - 1]


class Outbox:
    """Holding, handing out and settling the messages a game's changes produce."""

    def __init__(
        self,
        database: Database,
        *,
        clock: Callable[[], float],
        recap: Callable[[int, bool], Awaitable[tuple[GameRecord | None, list[Message]]]],
        dm_refused: Callable[[int | None, int], Awaitable[None]],
    ) -> None:
        self.db = database
        self._clock = clock
        self._recap = recap  # the messages that announce a game as it stands now (after a restart?)
        self._dm_refused = dm_refused  # a member's DMs are closed: they are told once
        self._attempts: dict[int, int] = {}
        self._inherited: set[int] = set()  # games whose promise a stopped process left (`restarted`)

    async def hold(
        self, game: GameRecord, messages: Sequence[Message], *, now_due: bool = False
    ) -> list[Message]:
        """Store the public messages (channel posts and DMs) announcing `game` as it is now and
        return them marked with their outbox ids; private answers pass through untouched (only
        the interaction they answer can carry them). They are the caller's to post first (for
        `IN_FLIGHT` seconds), or, with `now_due`, the next delivery round's."""
        now = self._clock()
        public = [m for m in messages if not m.ephemeral]
        rows = [
            HeldMessage(
                channel_id=m.channel_id or game.channel_id, dm_to=m.dm_to, body=encode(m), image=m.image
            )
            for m in public
        ]
        due_at = now if now_due else now + IN_FLIGHT
        ids = iter(await self.db.hold(game.id, game.version, rows, due_at=due_at, now=now))
        channel = game.channel_id
        return [
            m
            if m.ephemeral
            else replace(m, outbox_id=next(ids), game_id=game.id, channel_id=m.channel_id or channel)
            for m in messages
        ]

    async def due(self) -> list[Message]:
        """The messages whose next attempt is due, oldest first, each taken for one attempt;
        first announcing every game whose promise was never kept."""
        now = self._clock()
        for game_id in await self.db.broken_promises(now):
            restart = game_id in self._inherited
            try:
                game, messages = await self._recap(game_id, restart)
                if game is not None:
                    why = "the process restarted" if restart else "a failure cut its request short"
                    log.warning("game %s: announcing a move whose message was lost (%s)", game_id, why)
                    await self.hold(game, messages, now_due=True)
                self._inherited.discard(game_id)
            except Exception:  # one broken game must not hold up every other delivery
                log.exception("could not announce game %s", game_id)
        taken: list[Message] = []
        blocked: set[int] = set()  # channels where an older message is still waiting
        for row in await self.db.due_deliveries(now, ROUND_SIZE):
            if row.dm_to is None and (
                row.channel_id in blocked or await self.db.waiting_before(row.channel_id, row.id)
            ):
                blocked.add(row.channel_id)
                continue
            if await self.db.claim(row.id, now + IN_FLIGHT, now):
                taken.append(self._decode(row))
        return taken

    async def next_round_in(self, at_least: float, at_most: float) -> float:
        """Seconds until the next delivery round has something to do, within the bounds."""
        due = await self.db.next_due()
        if due is None:
            return at_most
        return min(at_most, max(at_least, due - self._clock()))

    async def waiting(self, channel_id: int, before_id: int) -> bool:
        """Whether an older message for this channel is still undelivered (a new one waits for it)."""
        return bool(await self.db.waiting_before(channel_id, before_id))

    async def later(self, message: Message) -> None:
        """Leave a held message to the next delivery round (an older one goes first)."""
        if message.outbox_id is not None:
            await self.db.retry_at(
                message.outbox_id, self._clock(), "waiting for an older message", failed=False
            )

    async def sent(self, message: Message) -> None:
        if message.outbox_id is not None:
            self._attempts.pop(message.outbox_id, None)
            await self.db.delivered(message.outbox_id, self._clock())

    async def failed(self, message: Message, error: str, *, permanent: bool) -> None:
        """An attempt failed: retry with backoff, or give up on a permanent refusal (and on too
        many attempts) and say so once to whoever can fix it."""
        if message.outbox_id is None:
            return
        attempts = self._attempts.pop(message.outbox_id, 0) + 1
        now = self._clock()
        if not permanent and attempts < ATTEMPTS_AT_MOST:
            log.info(
                "message %s failed (%s); attempt %d in %.0f s",
                message.outbox_id,
                error,
                attempts + 1,
                backoff(attempts),
            )
            await self.db.retry_at(message.outbox_id, now + backoff(attempts), error)
            return
        log.warning("message %s for channel %s given up: %s", message.outbox_id, message.channel_id, error)
        first = await self.db.refused(message.outbox_id, error, now, report=message.dm_to is None)
        game = await self.db.game(message.game_id) if message.game_id is not None else None
        if game is None:
            return
        if message.dm_to is not None:
            await self._dm_refused(game.guild_id, message.dm_to)
        elif first:
            locale = await self.db.person_locale(game.creator_id) or game.language  # a DM: theirs
            await self.hold(game, [creator_report(game, message, locale)], now_due=True)

    async def restarted(self) -> int:
        """At start: what the last process had taken and not settled is due again now, and
        every promise found is one it left (its recap says the bot restarted)."""
        await self.db.prune_outbox(self._clock() - KEEP_SETTLED)
        released = await self.db.release_claims(self._clock())
        self._inherited = set(await self.db.broken_promises(self._clock()))
        return released

    def _decode(self, row: Delivery) -> Message:
        self._attempts[row.id] = row.attempts
        return replace(
            decode(row.body, row.image), outbox_id=row.id, game_id=row.game_id, channel_id=row.channel_id
        )


def creator_report(game: GameRecord, message: Message, locale: str | None) -> Message:
    """The one DM telling a game's creator that Discord refuses the game's channel messages, in
    the creator's own language (`locale`)."""
    text = t("delivery.refused", locale, channel=f"<#{message.channel_id}>", link=f"<#{game.channel_id}>")
    return Message(text, dm_to=game.creator_id, channel_id=game.channel_id)


def encode(message: Message) -> str:
    """A message as the outbox stores it (its image is stored beside it)."""
    body: dict[str, Any] = {
        "text": message.text,
        "image_name": message.image_name,
        "ping": list(message.ping),
        "moves": [[choice.notation, choice.label] for choice in message.moves],
        "ref": list(message.ref) if message.ref else None,
        "actions": [list(action) for action in message.actions],
        "table": [list(button) for button in message.table],
        "dm_to": message.dm_to,
        "channel_id": message.channel_id,
    }
    return json.dumps(body, ensure_ascii=False)


def decode(body: str, image: bytes | None) -> Message:
    data = json.loads(body)
    return Message(
        data["text"],
        image=image,
        image_name=data["image_name"],
        ping=tuple(data["ping"]),
        moves=tuple(MoveChoice(notation, label) for notation, label in data["moves"]),
        ref=(data["ref"][0], data["ref"][1]) if data["ref"] else None,
        actions=tuple((kind, int(game), int(key), label) for kind, game, key, label in data["actions"]),
        table=tuple((kind, int(game), label) for kind, game, label in data.get("table", ())),
        dm_to=data["dm_to"],
        channel_id=data["channel_id"],
    )
