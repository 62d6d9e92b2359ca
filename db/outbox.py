"""The outbox's rows: messages the service decided on, kept until Discord took them.

`service/outbox.py` decides what goes in and when it is due; this module only stores it. A row
without a body is a promise, written in the same transaction as a move (`Database.record_move`):
if the process dies before the move's message is drawn and held, the promise survives and the
next delivery round announces the move from the stored game instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from db.store import Row, Transaction


@dataclass(frozen=True)
class Delivery:
    """One held message: where it goes and what it says (`body`: the service's JSON)."""

    id: int
    game_id: int
    version: int
    channel_id: int
    dm_to: int | None
    body: str
    image: bytes | None
    attempts: int


@dataclass(frozen=True)
class HeldMessage:
    """A message to hold: its destination and its body (the service's JSON) and image."""

    channel_id: int
    dm_to: int | None
    body: str
    image: bytes | None


_DELIVERY = "id, game_id, version, channel_id, dm_to, body, image, attempts"
# Rows Discord took or refused for good before a time: found by `outbox_settled` (migration 8).
SETTLED_BEFORE = "status != 'pending' AND sent_at < ?"


class _Connection(Protocol):
    """What the outbox's methods need of the database (`db/database.py` `Database`)."""

    process: str

    def _transaction(self) -> AbstractAsyncContextManager[Transaction]: ...
    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...


async def promise(db: Transaction, game_id: int, due_at: float, now: float, by: str) -> None:
    """Inside a move's transaction: the move will be announced (the game's version after it), by
    the process `by` unless it has not done so by `due_at`."""
    await db.run(
        "INSERT INTO outbox (game_id, version, channel_id, due_at, created_at, claimed_by)"
        " SELECT id, version, channel_id, CAST(? AS DOUBLE PRECISION), CAST(? AS DOUBLE PRECISION),"
        " CAST(? AS TEXT) FROM games WHERE id = ?",
        (due_at, now, by, game_id),
    )


class OutboxRows:
    """The outbox's reads and writes, mixed into `Database` (one connection, one lock)."""

    async def hold(
        self: _Connection,
        game_id: int,
        version: int,
        messages: Sequence[HeldMessage],
        due_at: float,
        now: float,
    ) -> list[int]:
        """Store the messages announcing the game at `version`, in one transaction that also
        retires the promises they keep (every promise up to that version)."""
        ids = []
        async with self._transaction() as db:
            await db.run(
                "DELETE FROM outbox WHERE game_id = ? AND body IS NULL AND version <= ?",
                (game_id, version),
            )
            for message in messages:
                [(row_id,)] = await db.fetch(
                    "INSERT INTO outbox (game_id, version, channel_id, dm_to, body, image, due_at,"
                    " created_at, claimed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        game_id,
                        version,
                        message.channel_id,
                        message.dm_to,
                        message.body,
                        message.image,
                        due_at,
                        now,
                        self.process,
                    ),
                )
                ids.append(int(row_id))
        return ids

    async def due_deliveries(self: _Connection, now: float, limit: int) -> list[Delivery]:
        """Held messages whose (next) attempt is due, oldest first."""
        # Found by `outbox_pending` and then put in order: planned as one query, SQLite would
        # rather walk every row ever kept in id order than sort the few that are due.
        rows = await self._fetch(
            f"WITH due AS MATERIALIZED (SELECT {_DELIVERY} FROM outbox WHERE status = 'pending'"
            " AND body IS NOT NULL AND due_at <= ?) SELECT * FROM due ORDER BY id LIMIT ?",
            (now, limit),
        )
        return [_delivery(row) for row in rows]

    async def next_due(self: _Connection) -> float | None:
        """When the earliest undelivered message or promise is due (None: nothing waits)."""
        [(due,)] = await self._fetch("SELECT MIN(due_at) FROM outbox WHERE status = 'pending'")
        return None if due is None else float(due)

    async def waiting_before(self: _Connection, channel_id: int, before_id: int) -> list[Delivery]:
        """Held messages for this channel older than `before_id` that are still undelivered (a
        new message must not overtake them): found by `outbox_waiting` (migration 12)."""
        rows = await self._fetch(
            f"SELECT {_DELIVERY} FROM outbox WHERE status = 'pending' AND body IS NOT NULL"
            " AND channel_id = ? AND dm_to IS NULL AND id < ? ORDER BY id",
            (channel_id, before_id),
        )
        return [_delivery(row) for row in rows]

    async def broken_promises(self: _Connection, now: float) -> list[int]:
        """Games with a move whose message was never held (the process died in between)."""
        rows = await self._fetch(
            "WITH due AS MATERIALIZED (SELECT game_id FROM outbox WHERE status = 'pending'"
            " AND body IS NULL AND due_at <= ?) SELECT DISTINCT game_id FROM due ORDER BY game_id",
            (now,),
        )
        return [int(row[0]) for row in rows]

    async def claim(self: _Connection, delivery_id: int, until: float, now: float) -> bool:
        """Take a due message for one attempt (until `until`), unless someone else has it."""
        async with self._transaction() as db:
            changed = await db.run(
                "UPDATE outbox SET due_at = ?, claimed_by = ? WHERE id = ? AND status = 'pending'"
                " AND due_at <= ?",
                (until, self.process, delivery_id, now),
            )
        return changed == 1

    async def delivered(self: _Connection, delivery_id: int, now: float) -> None:
        """Discord took it: keep the row (without its image) as a record; a channel message
        taken means the channel works again, so a later refusal there is reported again."""
        async with self._transaction() as db:
            await db.run(
                "UPDATE outbox SET status = 'sent', sent_at = ?, image = NULL, error = NULL WHERE id = ?",
                (now, delivery_id),
            )
            await db.run(
                "UPDATE games SET delivery_reported = 0"
                " WHERE id = (SELECT game_id FROM outbox WHERE id = ? AND dm_to IS NULL)",
                (delivery_id,),
            )

    async def retry_at(
        self: _Connection, delivery_id: int, due_at: float, error: str, *, failed: bool = True
    ) -> None:
        """Try again at `due_at`: after a failed attempt (counted), or, not `failed`, after a
        message that had to wait for an older one (no attempt made)."""
        async with self._transaction() as db:
            await db.run(
                "UPDATE outbox SET attempts = attempts + ?, due_at = ?, error = ?, claimed_by = NULL"
                " WHERE id = ?",
                (int(failed), due_at, error, delivery_id),
            )

    async def refused(self: _Connection, delivery_id: int, error: str, now: float, *, report: bool) -> bool:
        """Discord will never take it (no channel, no permission): give up on it. With `report`
        (a channel message), True the first time since the game's last delivered message, when
        the creator should be told."""
        async with self._transaction() as db:
            await db.run(
                "UPDATE outbox SET status = 'refused', attempts = attempts + 1, error = ?, sent_at = ?,"
                " image = NULL WHERE id = ?",
                (error, now, delivery_id),
            )
            if not report:
                return False
            first = await db.run(
                "UPDATE games SET delivery_reported = 1 WHERE delivery_reported = 0"
                " AND id = (SELECT game_id FROM outbox WHERE id = ?)",
                (delivery_id,),
            )
        return first == 1

    async def release_claims(self: _Connection, now: float) -> int:
        """At start: nothing this process had taken is in flight any more (it is a new process of
        the same name), so every undelivered message and promise it held, and every retry waiting
        for its time, is due now. What another process of a cluster holds stays its own until
        its claim lapses: it may be posting it right now."""
        async with self._transaction() as db:
            return await db.run(
                "UPDATE outbox SET due_at = ?, claimed_by = NULL WHERE status = 'pending' AND due_at > ?"
                " AND (claimed_by IS NULL OR claimed_by = ?)",
                (now, now, self.process),
            )

    async def outbox_rows(self: _Connection, game_id: int) -> list[dict[str, Any]]:
        """Every row of a game's outbox, for checks and the record (status, attempts, error)."""
        rows = await self._fetch(
            "SELECT id, version, channel_id, dm_to, body IS NULL, status, attempts, error FROM outbox"
            " WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        keys = ("id", "version", "channel_id", "dm_to", "promise", "status", "attempts", "error")
        return [dict(zip(keys, row, strict=True)) for row in rows]

    async def prune_outbox(self: _Connection, before: float) -> int:
        """Forget delivered and refused messages settled before `before`."""
        async with self._transaction() as db:
            return await db.run(f"DELETE FROM outbox WHERE {SETTLED_BEFORE}", (before,))


def _delivery(row: Row) -> Delivery:
    return Delivery(
        id=row[0],
        game_id=row[1],
        version=row[2],
        channel_id=row[3],
        dm_to=row[4],
        body=row[5],
        image=bytes(row[6]) if row[6] is not None else None,
        attempts=row[7],
    )


__all__ = ["SETTLED_BEFORE", "Delivery", "HeldMessage", "OutboxRows", "promise"]
