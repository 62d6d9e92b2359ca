"""Games, seats and moves, in a SQLite file or a PostgreSQL database (`db/store.py`).

Every write is one transaction. A game row carries a version: each write names the version it
was computed from and is refused (`StaleVersion`) if the row moved on meanwhile, so two racing
moves (a double submit, two players at once) apply at most once.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

from db.migrations import MIGRATIONS
from db.outbox import OutboxRows, promise
from db.packing import pack, unpack
from db.postgres_migrations import POSTGRES_MIGRATIONS
from db.postgres_store import PostgresStore
from db.ratings import GameResult, Rater, ResultRows, write_result
from db.sqlite_store import SqliteStore
from db.store import Conflict, Row, Store, Transaction, is_postgresql, sqlite_path

_GAME_COLUMNS = (
    "id, guild_id, channel_id, game, options, seed, status, creator_id, state, version, "
    "created_at, updated_at, turn_started_at, reminder_hours, reminded_at, muted_turn, clock_days, "
    "clock_action, clock_extra, clock_asked, language, stand_in"
)
_GAME_FIELDS = tuple(column.strip() for column in _GAME_COLUMNS.split(","))  # GameRecord's names
# A seed too wide for an SQLite integer is kept as text beside it (migration 7), read back last.
_GAME_SELECT = f"{_GAME_COLUMNS}, seed_text"
_SEED_AT = _GAME_FIELDS.index("seed")
_INTEGER_MAX = 2**63 - 1
# How many of a game's last moves keep the state they were played on, for `/undo` (migration 10):
# enough to take back any turn's moves one by one, while a long game stores a few states, not
# one per move. A move older than that is taken back by a replay from the seed.
UNDO_STATES = 64
# The order rows of a table came in: SQLite's rowid, or an identity column PostgreSQL fills.
_ARRIVAL = {"sqlite": "rowid", "postgresql": "ordinal"}
# More moves than this are read from their JSON off the event loop (`Database.moves`).
_PARSED_ON_LOOP = 64

# The columns a caller may set by keyword: their names go into the SQL text itself (values are
# bound), so a name is checked against these before it gets there, under `python -O` too.
TURN_NOTE_COLUMNS = frozenset({"reminded_at", "muted_turn", "clock_extra", "clock_asked"})
MEMBER_COLUMNS = frozenset({"dm", "dm_failed", "away_from", "away_until"})
AWAY_COLUMNS = frozenset({"away_from", "away_until"})


# The upkeep's searches (service/upkeep.py), each an index search of migration 8 on
# `games_by_status_age` (`tests/db/test_upkeep_rows.py` reads their query plans): lobbies nothing
# happened in since a time, and aborted lobbies that never started (no state, no move), aborted
# before a time, with no message still waiting to be posted.
IDLE_LOBBIES = "status = 'lobby' AND updated_at < ?"
UNSTARTED_ABORTED = (
    "status = 'aborted' AND state IS NULL AND updated_at < ?"
    " AND NOT EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id)"
    " AND NOT EXISTS (SELECT 1 FROM outbox WHERE outbox.game_id = games.id AND outbox.status = 'pending')"
)


# Games that ended and keep their moves as rows (the condition of `games_to_pack`, migration 17).
ENDED_UNPACKED = "status IN ('finished', 'aborted') AND record IS NULL"
# The upkeep's search for them, the longest ended first (migration 17's `games_to_pack`).
TO_PACK = f"SELECT id FROM games WHERE {ENDED_UNPACKED} AND updated_at < ? ORDER BY updated_at LIMIT ?"


def checked_columns(fields: Mapping[str, Any], allowed: frozenset[str], table: str) -> str:
    """`name = ?, ...` for `fields`; ValueError when there is none or one is not in `allowed`."""
    unknown = sorted(set(fields) - allowed)
    if not fields or unknown:
        raise ValueError(
            f"{table}: cannot set {', '.join(unknown) or 'no column'}; "
            f"the columns that can be set are {', '.join(sorted(allowed))}"
        )
    return ", ".join(f"{name} = ?" for name in fields)


def stored_seed(seed: int) -> tuple[int, str | None]:
    """The `seed` and `seed_text` columns for a seed: an SQLite integer holds 64 bits."""
    return (seed, None) if 0 <= seed <= _INTEGER_MAX else (0, str(seed))


class StaleVersion(Exception):
    """The game changed since it was read; the caller should reload and tell the user."""


class ChannelBusy(Exception):
    """The channel already hosts a game in its lobby or in play."""


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    creator_id: int
    state: str | None
    version: int
    created_at: float
    updated_at: float
    turn_started_at: float | None
    reminder_hours: float  # remind the player to move after this long without a move (0: never)
    reminded_at: float | None  # the last reminder of the current turn
    muted_turn: float | None  # `turn_started_at` of a turn whose reminders were muted
    clock_days: float | None  # the turn clock (None: no clock)
    clock_action: str  # when it runs out: "fallback" plays the turn, "vote" asks the others
    clock_extra: float  # seconds added to this turn's clock (waiting longer, time away)
    clock_asked: float | None  # `turn_started_at` of a turn whose timeout was put to the others
    players: tuple[int, ...]  # user ids: join order in the lobby, seat order once started
    names: tuple[str, ...]  # their display names when they joined, for images
    bots: tuple[bool, ...] = ()  # seats played by the fallback player or an AI
    language: str = "en"  # its channel messages' locale (`en`, `pt-BR`): the table's, not each reader's
    stand_in: str | None = None  # the level taking over a seat left or timed out (None: easy)
    levels: tuple[str | None, ...] = ()  # each `/game add-bot` seat's level (None: easy, or a person)

    def is_bot(self, seat: int) -> bool:
        return bool(self.bots) and self.bots[seat]

    def level(self, seat: int) -> str | None:
        """The AI level playing `seat` (engine/ai/levels.py), or None for a person; a seat its
        person left plays at the table's stand-in level, an added bot seat at its own."""
        if not self.is_bot(seat):
            return None
        own = self.levels[seat] if self.levels else None
        return own or self.stand_in or "easy"

    def roster(self) -> list[tuple[int, str]]:
        return list(zip(self.players, self.names, strict=True))


@dataclass(frozen=True)
class MoveRecord:
    number: int
    seat: int
    user_id: int | None
    move: str
    event: dict[str, Any]  # empty for a packed game's move (`Database.pack_game`): replay to know it
    created_at: float


class Database(OutboxRows, ResultRows):
    """The game database, whichever engine holds it; open with `await Database.open(target)`."""

    def __init__(self, store: Store, process: str = "all") -> None:
        self.store = store
        self.path = store.target
        self.process = process  # how this process signs its claims (db/outbox.py)

    @classmethod
    async def open(cls, target: str, *, process: str = "all") -> Database:
        """Open (and migrate) the database `target` names: a `postgresql://` address, or a SQLite
        file (a path, `sqlite:///path`, or ":memory:"). `process` names this process among those
        sharing the database (`ShardPlan.process_name`): the same after a restart."""
        store: Store
        if is_postgresql(target):
            store = await PostgresStore.open(target)
            await store.migrate(POSTGRES_MIGRATIONS)
        else:
            store = await SqliteStore.open(sqlite_path(target))
            await store.migrate(MIGRATIONS)
        await store.optimize(opening=True)
        return cls(store, process)

    @property
    def dialect(self) -> str:
        return self.store.dialect

    @property
    def sqlite(self) -> SqliteStore:
        """The SQLite store, for what only a file has (its backup, its journal); a PostgreSQL
        database is backed up by the server's own tools (docs/deploy.md)."""
        if not isinstance(self.store, SqliteStore):
            raise TypeError(f"{self.path} is not a SQLite file")
        return self.store

    @property
    def connection(self) -> Any:
        """The SQLite connection itself, for checks of the file (its journal mode, whether a
        transaction is left open); every read and write goes through the methods below."""
        return self.sqlite.connection

    async def close(self) -> None:
        await self.store.close()

    async def optimize(self) -> None:
        """Bring the query planner's statistics up to date where the data has changed much since
        they were gathered (`Store.optimize`): for a bot that runs for weeks while its history
        grows, from the upkeep."""
        await self.store.optimize()

    async def copy_to(self, target: str) -> None:
        """Write everything a SQLite database holds to a new file at `target`: how a bot whose
        file was deleted under it saves what it still has open."""
        await self.sqlite.copy_to(target)

    async def schema_version(self) -> int:
        return await self.store.schema_version()

    def _transaction(self) -> AbstractAsyncContextManager[Transaction]:
        return self.store.transaction()

    # ---------------------------------------------------------------- reads

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self.store.fetch(sql, params)

    async def _records(self, rows: list[Row]) -> list[GameRecord]:
        records = []
        for row in rows:
            values = list(row)
            seed_text = values.pop()
            if seed_text is not None:
                values[_SEED_AT] = int(seed_text)
            values[4] = json.loads(values[4])
            seats = await self._fetch(
                "SELECT user_id, name, bot, level FROM seats WHERE game_id = ? ORDER BY seat", (values[0],)
            )
            players = tuple(seat[0] for seat in seats)
            names = tuple(seat[1] for seat in seats)
            bots = tuple(bool(seat[2]) for seat in seats)
            levels = tuple(seat[3] for seat in seats)
            fields = dict(zip(_GAME_FIELDS, values, strict=True))
            records.append(GameRecord(**fields, players=players, names=names, bots=bots, levels=levels))
        return records

    async def _one(self, where: str, params: Sequence[Any]) -> GameRecord | None:
        rows = await self._fetch(f"SELECT {_GAME_SELECT} FROM games WHERE {where}", params)
        records = await self._records(rows[:1])
        return records[0] if records else None

    async def game(self, game_id: int) -> GameRecord | None:
        return await self._one("id = ?", (game_id,))

    async def open_game(self, channel_id: int) -> GameRecord | None:
        """The game in its lobby or in play in this channel, if any."""
        return await self._one("channel_id = ? AND status IN ('lobby', 'active')", (channel_id,))

    async def latest_game(self, channel_id: int, *, finished_only: bool = False) -> GameRecord | None:
        """The most recent game of this channel (with `finished_only`, played to the end)."""
        where = "channel_id = ?" + (" AND status = 'finished'" if finished_only else "")
        return await self._one(f"{where} ORDER BY id DESC LIMIT 1", (channel_id,))

    async def active_games(self) -> list[GameRecord]:
        """Every game in play: what a restarted bot resumes."""
        return await self._records(
            await self._fetch(f"SELECT {_GAME_SELECT} FROM games WHERE status = 'active' ORDER BY id")
        )

    async def count_in_play(self) -> int:
        [(count,)] = await self._fetch("SELECT COUNT(*) FROM games WHERE status = 'active'")
        return int(count)

    async def claim_due(self, now: float, lease_until: float, limit: int) -> list[GameRecord]:
        """Take up to `limit` games in play whose periodic check is due, the longest due first,
        for one process until `lease_until` (their `due_at` is set to it): another process's
        check skips them meanwhile, and takes them if this one dies before it is done. Found by
        `games_due` (migration 12); on PostgreSQL, rows another process is claiming right now are
        skipped rather than waited for."""
        skip = " FOR UPDATE SKIP LOCKED" if self.store.dialect == "postgresql" else ""
        async with self._transaction() as db:
            rows = await db.fetch(
                "UPDATE games SET due_at = ? WHERE id IN (SELECT id FROM games"
                f" WHERE status = 'active' AND due_at <= ? ORDER BY due_at LIMIT ?{skip}) RETURNING id",
                (lease_until, now, limit),
            )
        ids = sorted(int(row[0]) for row in rows)
        if not ids:
            return []
        marks = ", ".join("?" * len(ids))
        return await self._records(
            await self._fetch(f"SELECT {_GAME_SELECT} FROM games WHERE id IN ({marks}) ORDER BY id", ids)
        )

    async def set_due(self, game: GameRecord, due_at: float | None, claimed_until: float) -> bool:
        """After a check: when the game next needs one (None: only after it changes). Kept only
        if nothing changed since it was claimed (its version, and its `due_at` still the claim's):
        a change meanwhile left it due at once, for the next check to work out again."""
        async with self._transaction() as db:
            changed = await db.run(
                "UPDATE games SET due_at = ? WHERE id = ? AND version = ? AND due_at = ?",
                (due_at, game.id, game.version, claimed_until),
            )
        return changed == 1

    async def quiet_channels(self, before: float, limit: int) -> list[tuple[int, int]]:
        """(game id, channel id) of games in play nothing happened in since `before`, the quietest
        first: the threads that might archive (`games_by_status_age`, migration 8)."""
        rows = await self._fetch(
            "SELECT id, channel_id FROM games WHERE status = 'active' AND updated_at < ?"
            " ORDER BY updated_at LIMIT ?",
            (before, limit),
        )
        return [(int(row[0]), int(row[1])) for row in rows]

    async def idle_lobbies(self, before: float) -> list[GameRecord]:
        """Lobbies nothing happened in since `before` (no join, leave, bot seat or settings
        change: each of those sets `updated_at`), the longest idle first."""
        return await self._records(
            await self._fetch(
                f"SELECT {_GAME_SELECT} FROM games WHERE {IDLE_LOBBIES} ORDER BY updated_at", (before,)
            )
        )

    async def games_of(self, user_id: int, guild_id: int | None) -> list[GameRecord]:
        """The lobbies and games in play where `user_id` has a seat, in one server: their seats
        found by `seats_by_user` first, then each game by its key (the materialised seats and the
        `CROSS JOIN` keep both engines to that order, whatever the count of games open elsewhere)."""
        return await self._records(
            await self._fetch(
                "WITH mine AS MATERIALIZED (SELECT game_id FROM seats WHERE user_id = ?)"
                f" SELECT {_GAME_SELECT} FROM mine CROSS JOIN games WHERE games.id = mine.game_id"
                " AND games.status IN ('lobby', 'active') AND games.guild_id IS ? ORDER BY games.id",
                (user_id, guild_id),
            )
        )

    async def moves(self, game_id: int, *, last: int | None = None) -> list[MoveRecord]:
        """The game's moves in order; with `last`, only the most recent ones."""
        query = "SELECT number, seat, user_id, move, event, created_at FROM moves WHERE game_id = ?"
        params: tuple[Any, ...] = (game_id,)
        if last is not None:
            query += " AND number > (SELECT COALESCE(MAX(number), 0) - ? FROM moves WHERE game_id = ?)"
            params = (game_id, last, game_id)
        rows = await self._fetch(query + " ORDER BY number", params)
        if not rows:  # no move yet, or an ended game whose moves are packed (migration 13)
            packed = await self._packed(game_id)
            kept = packed[max(0, len(packed) - last) :] if last is not None else packed
            return [MoveRecord(number, seat, user, move, {}, at) for number, seat, user, move, at in kept]
        if len(rows) > _PARSED_ON_LOOP:  # a whole long game: its events are read in a worker thread
            return await asyncio.to_thread(_move_records, rows)
        return _move_records(rows)

    async def played(self, game_id: int) -> list[tuple[int, str]]:
        """Every move of the game as (seat, notation), in order: what a replay needs, without
        reading the events."""
        rows = await self._fetch("SELECT seat, move FROM moves WHERE game_id = ? ORDER BY number", (game_id,))
        if not rows:
            return [(seat, move) for _, seat, _, move, _ in await self._packed(game_id)]
        return [(row[0], row[1]) for row in rows]

    async def move_times(self, game_id: int) -> list[tuple[int, int | None, float, str]]:
        """Every move of the game as (seat, player, time, notation), in order, without reading
        the events: who resigned, and how long each person took to move (service/results.py)."""
        rows = await self._fetch(
            "SELECT seat, user_id, created_at, move FROM moves WHERE game_id = ? ORDER BY number", (game_id,)
        )
        if not rows:
            return [(seat, user, at, move) for _, seat, user, move, at in await self._packed(game_id)]
        return [(int(row[0]), row[1], float(row[2]), str(row[3])) for row in rows]

    async def _packed(self, game_id: int) -> list[tuple[int, int, int | None, str, float]]:
        """The moves of a packed game (`db/packing.py`); none for a game that is not packed."""
        rows = await self._fetch("SELECT record FROM games WHERE id = ?", (game_id,))
        record = rows[0][0] if rows else None
        return await asyncio.to_thread(unpack, record) if record is not None else []

    async def is_packed(self, game_id: int) -> bool:
        """Whether the game's moves are packed: its `MoveRecord`s then come with no event."""
        rows = await self._fetch("SELECT record IS NOT NULL FROM games WHERE id = ?", (game_id,))
        return bool(rows and rows[0][0])

    async def ended_unpacked(self, before: float, limit: int) -> list[int]:
        """Up to `limit` ids of games that ended (finished, or aborted) before `before` and keep
        their moves as rows, the longest ended first (`games_to_pack`, migration 17)."""
        rows = await self._fetch(TO_PACK, (before, limit))
        return [int(row[0]) for row in rows]

    async def pack_game(self, game_id: int) -> bool:
        """Pack an ended game's moves into `games.record` and delete their rows (with their
        events and states), in one transaction; False (nothing changed) when the game is not
        ended or is packed already. Its moves read the same after (`moves`, `played`), without
        their events, which a replay works out again (`service/tables.py` `Tables.moves`)."""
        rows = await self._fetch(
            "SELECT number, seat, user_id, move, created_at FROM moves WHERE game_id = ? ORDER BY number",
            (game_id,),
        )
        record = await asyncio.to_thread(pack, rows)  # an ended game's moves no longer change
        async with self._transaction() as db:
            changed = await db.run(
                f"UPDATE games SET record = ? WHERE id = ? AND {ENDED_UNPACKED}", (record, game_id)
            )
            if changed != 1:
                return False
            deleted = await db.run("DELETE FROM moves WHERE game_id = ?", (game_id,))
            if deleted != len(rows):  # a move came or went since they were read: not packed
                raise StaleVersion
        return True

    async def state_before(self, game_id: int, number: int) -> str | None:
        """The state move `number` was played on, as stored with it; None when the move keeps
        none (stored before states were kept, or older than the game's last `UNDO_STATES`)."""
        rows = await self._fetch(
            "SELECT state_before FROM moves WHERE game_id = ? AND number = ?", (game_id, number)
        )
        return rows[0][0] if rows else None

    async def resigned_seats(self, game_id: int, resign: str) -> set[int]:
        """The seats that played `resign` in the game."""
        rows = await self._fetch(
            "SELECT DISTINCT seat FROM moves WHERE game_id = ? AND move = ?", (game_id, resign)
        )
        return {row[0] for row in rows}

    # --------------------------------------------------------------- writes

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        creator_id: int,
        creator_name: str,
        now: float,
        language: str = "en",
    ) -> GameRecord:
        """Open a lobby in a channel with its creator seated; ChannelBusy if one is open there."""
        try:
            async with self._transaction() as db:
                [(game_id,)] = await db.fetch(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, seed_text, status,"
                    " creator_id, created_at, updated_at, language)"
                    " VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?) RETURNING id",
                    (
                        guild_id,
                        channel_id,
                        game,
                        json.dumps(options),
                        *stored_seed(seed),
                        creator_id,
                        now,
                        now,
                        language,
                    ),
                )
                await db.run(
                    "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                    (game_id, creator_id, creator_name),
                )
        except Conflict as error:
            raise ChannelBusy from error
        record = await self.game(game_id)
        assert record is not None
        return record

    async def _bump(self, db: Transaction, game: GameRecord, sets: str, params: tuple[Any, ...]) -> None:
        changed = await db.run(  # a changed game is due for the periodic check (migration 12)
            f"UPDATE games SET {sets}, version = version + 1, due_at = 0 WHERE id = ? AND version = ?",
            (*params, game.id, game.version),
        )
        if changed != 1:
            raise StaleVersion

    async def _set_players(
        self,
        db: Transaction,
        game_id: int,
        players: Sequence[tuple[int, str]],
        levels: Mapping[int, str | None] | None = None,
    ) -> None:
        """Seat `players` in order; an added bot seat keeps its level (`levels` by user id sets
        one anew)."""
        kept = {
            row[0]: row[1]
            for row in await db.fetch("SELECT user_id, level FROM seats WHERE game_id = ?", (game_id,))
        }
        kept.update(levels or {})
        await db.run("DELETE FROM seats WHERE game_id = ?", (game_id,))
        await db.run_many(  # negative user ids are seats filled by the fallback player or an AI
            "INSERT INTO seats (game_id, seat, user_id, name, bot, level) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (game_id, seat, user, name, int(user < 0), kept.get(user) if user < 0 else None)
                for seat, (user, name) in enumerate(players)
            ],
        )

    async def set_lobby_players(
        self,
        game: GameRecord,
        players: Sequence[tuple[int, str]],
        now: float,
        levels: Mapping[int, str | None] | None = None,
    ) -> GameRecord:
        """Replace the lobby's player list (join, leave, add a bot: `levels` gives an added bot
        seat's level by its user id)."""
        async with self._transaction() as db:
            await self._bump(db, game, "updated_at = ?", (now,))
            await self._set_players(db, game.id, players, levels)
        return await self._reload(game.id)

    async def start_game(
        self,
        game: GameRecord,
        players: Sequence[tuple[int, str]],
        state: str,
        now: float,
        options: Mapping[str, Any] | None = None,
        announce_by: float | None = None,
    ) -> GameRecord:
        """Seat the players in their final order and store the initial state (and the options
        it was made from, when given: the rules version is written there at the start); with
        `announce_by`, promise the start's announcement in the same transaction."""
        async with self._transaction() as db:
            await self._bump(
                db,
                game,
                "status = 'active', state = ?, options = ?, updated_at = ?, turn_started_at = ?",
                (state, json.dumps(dict(game.options if options is None else options)), now, now),
            )
            await self._set_players(db, game.id, players)
            if announce_by is not None:
                await promise(db, game.id, announce_by, now, self.process)
        return await self._reload(game.id)

    async def record_move(
        self,
        game: GameRecord,
        *,
        seat: int,
        user_id: int | None,
        move: str,
        event: Mapping[str, Any],
        state: str,
        finished: bool,
        turn_changed: bool,
        now: float,
        announce_by: float | None = None,
        result: GameResult | None = None,
        rater: Rater | None = None,
    ) -> GameRecord:
        """Store a move and the state after it, in one transaction, if `game` is still current;
        with `announce_by`, the same transaction promises the move's announcement (the outbox
        announces it from the stored game after that time if its message was never held). The
        move keeps the state it was played on (`game.state`) for `/undo`, and the move
        `UNDO_STATES` before it gives its own up. The move that ends the game brings its
        `result`, stored with the ratings `rater` makes of it in the same transaction
        (db/ratings.py): a game is never finished without its results."""
        status = "finished" if finished else "active"
        turn_started = now if turn_changed else game.turn_started_at
        async with self._transaction() as db:
            await self._bump(
                db,
                game,
                "state = ?, status = ?, updated_at = ?, turn_started_at = ?",
                (state, status, now, turn_started),
            )
            if turn_changed:  # a new turn: its clock starts without the last turn's extra day
                await db.run("UPDATE games SET clock_extra = 0, clock_asked = NULL WHERE id = ?", (game.id,))
            await db.run(
                "INSERT INTO moves (game_id, number, seat, user_id, move, event, created_at, state_before)"
                " VALUES (?, (SELECT COALESCE(MAX(number), 0) + 1 FROM moves WHERE game_id = ?),"
                " ?, ?, ?, ?, ?, ?)",
                (game.id, game.id, seat, user_id, move, json.dumps(event), now, game.state),
            )
            await db.run(
                "UPDATE moves SET state_before = NULL WHERE game_id = ?"
                " AND number = (SELECT MAX(number) FROM moves WHERE game_id = ?) - ?",
                (game.id, game.id, UNDO_STATES),
            )
            if announce_by is not None:
                await promise(db, game.id, announce_by, now, self.process)
            if finished and result is not None and rater is not None:
                await write_result(db, result, rater)
        return await self._reload(game.id)

    async def undo_move(self, game: GameRecord, number: int, state: str, now: float) -> GameRecord:
        """Take back the game's last move (`number`): delete it and restore the state before it,
        in one transaction, if `game` is still current."""
        async with self._transaction() as db:
            await self._bump(db, game, "state = ?, updated_at = ?", (state, now))
            deleted = await db.run(
                "DELETE FROM moves WHERE game_id = ? AND number = ?"
                " AND number = (SELECT MAX(number) FROM moves WHERE game_id = ?)",
                (game.id, number, game.id),
            )
            if deleted != 1:
                raise StaleVersion
        return await self._reload(game.id)

    async def abort_game(self, game: GameRecord, now: float) -> GameRecord:
        """End a game without a result, freeing its channel."""
        async with self._transaction() as db:
            await self._bump(db, game, "status = 'aborted', updated_at = ?", (now,))
        return await self._reload(game.id)

    async def forget_unstarted(self, before: float) -> int:
        """Delete the lobbies aborted before `before` that never started, with their seats and
        settled messages (ON DELETE CASCADE): a game nobody played is no history. Returns how
        many went."""
        async with self._transaction() as db:
            return await db.run(f"DELETE FROM games WHERE {UNSTARTED_ABORTED}", (before,))

    async def forget_ended_votes(self) -> int:
        """Delete the clock votes and waits of games that ended: each counts for its turn only."""
        ended = " WHERE game_id IN (SELECT id FROM games WHERE status IN ('finished', 'aborted'))"
        async with self._transaction() as db:
            votes = await db.run("DELETE FROM handover_votes" + ended)
            return votes + await db.run("DELETE FROM clock_waits" + ended)

    async def set_settings(
        self,
        game: GameRecord,
        *,
        reminder_hours: float,
        clock_days: float | None,
        clock_action: str,
        now: float,
    ) -> GameRecord:
        """The game's reminder interval and turn clock (its creator's choice)."""
        async with self._transaction() as db:
            await self._bump(
                db,
                game,
                "reminder_hours = ?, clock_days = ?, clock_action = ?, updated_at = ?",
                (reminder_hours, clock_days, clock_action, now),
            )
        return await self._reload(game.id)

    async def set_stand_in(self, game: GameRecord, level: str | None, now: float) -> GameRecord:
        """The level that plays a seat its person left or whose clock ran out (None: easy)."""
        async with self._transaction() as db:
            await self._bump(db, game, "stand_in = ?, updated_at = ?", (level, now))
        return await self._reload(game.id)

    async def set_language(self, game: GameRecord, language: str, now: float) -> GameRecord:
        """The game's language (`/game settings language:`). It bumps the version: the buttons
        already posted carry labels in the old language."""
        async with self._transaction() as db:
            await self._bump(db, game, "language = ?, updated_at = ?", (language, now))
        return await self._reload(game.id)

    async def note_turn(self, game_id: int, **fields: float | None) -> None:
        """Bookkeeping of the current turn's reminders and clock (`reminded_at`, `muted_turn`,
        `clock_extra`, `clock_asked`). It does not bump the version: a reminder must not make
        the player's buttons stale."""
        sets = checked_columns(fields, TURN_NOTE_COLUMNS, "games")
        async with self._transaction() as db:
            await db.run(f"UPDATE games SET {sets} WHERE id = ?", (*fields.values(), game_id))

    async def set_bot(self, game: GameRecord, seat: int, now: float) -> GameRecord:
        """Hand a seat to the fallback player for the rest of the game."""
        async with self._transaction() as db:
            await self._bump(db, game, "updated_at = ?", (now,))
            await db.run("UPDATE seats SET bot = 1 WHERE game_id = ? AND seat = ?", (game.id, seat))
        return await self._reload(game.id)

    async def take_seat_back(self, game: GameRecord, seat: int, now: float) -> GameRecord:
        """Give a seat the fallback player holds back to its person, if `game` is still current.

        It does not bump the version: whose move it is and what they may play are unchanged, so
        the buttons and offered moves of the player to move stay valid."""
        async with self._transaction() as db:
            changed = await db.run(
                "UPDATE games SET updated_at = ?, due_at = 0 WHERE id = ? AND version = ?",
                (now, game.id, game.version),
            )
            if changed != 1:
                raise StaleVersion
            await db.run("UPDATE seats SET bot = 0 WHERE game_id = ? AND seat = ?", (game.id, seat))
        return await self._reload(game.id)

    async def vote_handover(self, game_id: int, turn: float, seat: int, user_id: int, now: float) -> bool:
        """Record `user_id`'s vote to hand `seat` to the fallback player after the clock of turn
        `turn` ran out; False (nothing changed) when they had voted in that turn already."""
        async with self._transaction() as db:
            added = await db.run(
                "INSERT INTO handover_votes (game_id, turn, seat, user_id, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, turn, seat, user_id, now),
            )
        return added == 1

    async def ask_wait(self, game_id: int, turn: float, user_id: int, extra: float, now: float) -> bool:
        """`user_id` asks the clock of turn `turn`, which ran out, to wait `extra` seconds more:
        kept once per person and turn, the clock pushed back and put to the others again when it
        next runs out, in one transaction; False (nothing changed) when they had asked in that
        turn already; StaleVersion (nothing kept) when that turn is over."""
        async with self._transaction() as db:
            added = await db.run(
                "INSERT INTO clock_waits (game_id, turn, user_id, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (game_id, turn, user_id, now),
            )
            if added != 1:
                return False
            changed = await db.run(
                "UPDATE games SET clock_extra = clock_extra + ?, clock_asked = NULL, due_at = 0"
                " WHERE id = ? AND turn_started_at = ?",
                (extra, game_id, turn),
            )
            if changed != 1:
                raise StaleVersion  # the turn moved on: the wait is not kept either
        return True

    async def handover_votes(self, game_id: int, turn: float, seat: int) -> list[int]:
        """Who voted to hand `seat` over in turn `turn`, in the order they voted."""
        rows = await self._fetch(
            "SELECT user_id FROM handover_votes WHERE game_id = ? AND turn = ? AND seat = ?"
            f" ORDER BY created_at, {_ARRIVAL[self.store.dialect]}",
            (game_id, turn, seat),
        )
        return [int(row[0]) for row in rows]

    async def member(self, guild_id: int | None, user_id: int) -> dict[str, Any]:
        """A member's settings in one server: DM notifications and time away."""
        rows = await self._fetch(
            "SELECT dm, dm_failed, away_from, away_until FROM members WHERE guild_id IS ? AND user_id = ?",
            (guild_id or 0, user_id),
        )
        dm, dm_failed, away_from, away_until = rows[0] if rows else (0, 0, None, None)
        return {
            "dm": bool(dm),
            "dm_failed": dm_failed,  # 0 fine, 1 a DM failed, 2 the player was told
            "away_from": away_from,
            "away_until": away_until,
        }

    async def set_member(self, guild_id: int | None, user_id: int, **fields: Any) -> None:
        sets = checked_columns(fields, MEMBER_COLUMNS, "members")
        async with self._transaction() as db:
            await db.run(
                "INSERT INTO members (guild_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
                (guild_id or 0, user_id),
            )
            await db.run(
                f"UPDATE members SET {sets} WHERE guild_id = ? AND user_id = ?",
                (*fields.values(), guild_id or 0, user_id),
            )
            if AWAY_COLUMNS & fields.keys():  # their games' reminders and clocks move with them
                await db.run(
                    "UPDATE games SET due_at = 0 WHERE status = 'active' AND guild_id IS ?"
                    " AND id IN (SELECT game_id FROM seats WHERE user_id = ?)",
                    (guild_id, user_id),
                )

    async def person_locale(self, user_id: int) -> str | None:
        """The Discord locale `user_id` last used a command in (None: never seen), for DMs."""
        rows = await self._fetch("SELECT locale FROM people WHERE user_id = ?", (user_id,))
        return str(rows[0][0]) if rows else None

    async def set_person_locale(self, user_id: int, locale: str, now: float) -> None:
        async with self._transaction() as db:
            await db.run(
                "INSERT INTO people (user_id, locale, seen_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, seen_at = excluded.seen_at",
                (user_id, locale, now),
            )

    async def open_lobbies_by(self, user_id: int, guild_id: int | None) -> list[int]:
        """The channels of the lobbies `user_id` opened in one server and that have not started,
        oldest first (index `games_lobbies_by_creator`, migration 9)."""
        rows = await self._fetch(
            "SELECT channel_id FROM games WHERE creator_id = ? AND guild_id IS ? AND status = 'lobby'"
            " ORDER BY id",
            (user_id, guild_id),
        )
        return [int(row[0]) for row in rows]

    async def open_seats_of(self, user_id: int, guild_id: int | None) -> int:
        """How many lobbies and games in play of one server seat `user_id` in person (a seat
        handed to the fallback player is not theirs to play): found by `seats_by_user`, each
        game then by its primary key."""
        [(count,)] = await self._fetch(
            "SELECT COUNT(*) FROM seats JOIN games ON games.id = seats.game_id"
            " WHERE seats.user_id = ? AND seats.bot = 0 AND games.guild_id IS ?"
            " AND games.status IN ('lobby', 'active')",
            (user_id, guild_id),
        )
        return int(count)

    async def server_limits(self, guild_id: int | None) -> tuple[int | None, int | None]:
        """A server's own caps on open lobbies and tables per person (None: the bot's default)."""
        rows = await self._fetch(
            "SELECT lobbies, games FROM server_limits WHERE guild_id = ?", (guild_id or 0,)
        )
        return (rows[0][0], rows[0][1]) if rows else (None, None)

    async def set_server_limits(
        self, guild_id: int | None, *, lobbies: int | None, games: int | None, user_id: int, now: float
    ) -> None:
        """Store a server's caps (None: the bot's default), and who set them when."""
        async with self._transaction() as db:
            await db.run(
                "INSERT INTO server_limits (guild_id, lobbies, games, changed_by, changed_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET lobbies = excluded.lobbies,"
                " games = excluded.games, changed_by = excluded.changed_by, changed_at = excluded.changed_at",
                (guild_id or 0, lobbies, games, user_id, now),
            )

    async def _reload(self, game_id: int) -> GameRecord:
        record = await self.game(game_id)
        assert record is not None
        return record


def _move_records(rows: list[Row]) -> list[MoveRecord]:
    return [MoveRecord(r[0], r[1], r[2], r[3], json.loads(r[4]), r[5]) for r in rows]
