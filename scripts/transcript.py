"""Scripted games through the real bot, every message it sends recorded in one JSON file.

A dev tool for refactors that promise "behaviour unchanged": run it in a checkout, compare the
file with a baseline made from the code before the change. It drives `bot.create_bot` through
simcord (an offline Discord) exactly as players would (slash commands, autocomplete, button
clicks, menus, time passing) and uses nothing from tests/ or the service's internals, so it runs
unchanged against code whose insides were reshaped.

    python scripts/transcript.py --out FILE.json            # run every scenario
    python scripts/transcript.py --out FILE.json --only revive_en
    python scripts/transcript.py --compare BASE.json --out FILE.json   # run, then compare
    python scripts/transcript.py --compare BASE.json --against FILE.json  # compare two files

Run it from the checkout's root: that directory goes first on sys.path, so its code is the one
driven. Snowflakes of messages, interactions and channels are replaced by stable names (m12,
#games, dm:ana); user ids and game ids are kept, as they appear in mentions and custom ids.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import hashlib
import io
import json
import logging
import os
import random
import re
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

sys.path.insert(0, os.getcwd())

SEED = 20261129
HOUR = 3600.0
FORMAT = 1


# --------------------------------------------------------------------------- the recording


class Recorder:
    """Every message the backend stores, edits or deletes, as stable JSON-able snapshots."""

    def __init__(self) -> None:
        self.env: Any = None
        self.events: list[dict[str, Any]] = []
        self.message_names: dict[int, str] = {}
        self.other_names: dict[int, str] = {}
        self.images = 0
        self.messages = 0

    # names ---------------------------------------------------------------

    def channel_name(self, channel_id: int) -> str:
        backend = self.env.backend
        channel = backend.channels.get(channel_id)
        if channel is None:
            return self.other(channel_id)
        if channel.recipient_ids:
            names = sorted(self.user_name(uid) for uid in channel.recipient_ids)
            return "dm:" + ",".join(names)
        prefix = "thread:" if channel.is_thread else "#"
        return f"{prefix}{channel.name}"

    def user_name(self, user_id: int) -> str:
        backend = self.env.backend
        if user_id == backend.bot_user.id:
            return "BOT"
        user = backend.users.get(user_id)
        return user.name if user is not None else str(user_id)

    def message_name(self, message_id: int) -> str:
        if message_id not in self.message_names:
            self.message_names[message_id] = f"m{len(self.message_names) + 1}"
        return self.message_names[message_id]

    def other(self, snowflake: int) -> str:
        if snowflake not in self.other_names:
            self.other_names[snowflake] = f"id{len(self.other_names) + 1}"
        return self.other_names[snowflake]

    def stable_id(self, value: int) -> str:
        backend = self.env.backend
        if value in backend.users:
            return str(value)  # kept: mentions and custom ids carry it
        if value in self.message_names:
            return self.message_names[value]
        if value in backend.channels:
            return self.channel_name(value)
        if value in backend.guilds:
            return "guild:" + str(backend.guilds[value].name)
        return self.other(value)

    def stable(self, value: Any) -> Any:
        """`value` with every snowflake in it (17 to 20 digits) replaced by its stable name."""
        if isinstance(value, str):
            return re.sub(r"\d{17,20}", lambda m: self.stable_id(int(m.group())), value)
        if isinstance(value, bool) or value is None or isinstance(value, float):
            return value
        if isinstance(value, int):
            return self.stable_id(value) if value >= 10**16 else value
        if isinstance(value, dict):
            return {str(self.stable(k)): self.stable(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [self.stable(v) for v in value]
        if isinstance(value, frozenset | set):
            return sorted(self.stable(v) for v in value)
        return self.stable(repr(value))

    # snapshots -----------------------------------------------------------

    def attachment(self, attachment: dict[str, Any]) -> dict[str, Any]:
        data = self.env.backend.cdn.get(attachment.get("url", "")) or b""
        out = {
            "filename": attachment.get("filename"),
            "description": attachment.get("description"),
            "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
        }
        if data.startswith(b"\x89PNG") or data[:3] == b"GIF" or data[:2] == b"\xff\xd8":
            from PIL import Image

            with Image.open(io.BytesIO(data)) as image:
                out["size"] = list(image.size)
                out["mode"] = image.mode
            self.images += 1
        return out

    def snapshot(self, message: Any) -> dict[str, Any]:
        policy = message.allowed_mentions
        meta = message.interaction_metadata or {}
        snap: dict[str, Any] = {
            "message": self.message_name(message.id),
            "channel": self.channel_name(message.channel_id),
            "author": self.user_name(message.author_id),
            "content": self.stable(message.content),
            "ephemeral": message.is_ephemeral,
            "flags": message.flags,
            "pings": sorted(message.ping_user_ids),
            "ping_roles": sorted(message.ping_role_ids),
            "mentions": sorted(message.mention_user_ids),
            "allowed_mentions": {
                "everyone": policy.everyone,
                "users": None if policy.users is None else sorted(policy.users),
                "roles": None if policy.roles is None else sorted(policy.roles),
                "replied_user": policy.replied_user,
            },
            "components": self.stable(message.components),
            "embeds": self.stable(message.embeds),
            "attachments": [self.attachment(a) for a in message.attachments],
        }
        if meta:
            user = (meta.get("user") or {}).get("id")
            snap["reply_to"] = self.user_name(int(user)) if user else None
        if message.reference:
            snap["reference"] = self.stable(message.reference.get("message_id"))
        return snap

    def add(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def posted(self, message: Any) -> None:
        self.messages += 1
        self.add({"event": "send", **self.snapshot(message)})

    def edited(self, message: Any) -> None:
        self.messages += 1
        self.add({"event": "edit", **self.snapshot(message)})

    def deleted(self, channel_id: int, message_id: int) -> None:
        self.add(
            {
                "event": "delete",
                "message": self.message_name(message_id),
                "channel": self.channel_name(channel_id),
            }
        )


RECORDER: Recorder | None = None


def install_recording() -> None:
    """Wrap the backend's three message writes (every route that sends, edits or deletes goes
    through them) and simcord's interaction payloads (to give members and servers a locale)."""
    import simcord.interactions
    from simcord.backend import Backend

    commit, edit, delete = Backend.commit_message, Backend.edit_message, Backend.delete_message

    def commit_message(self: Any, message: Any, *, broadcast: bool = True) -> Any:
        stored = commit(self, message, broadcast=broadcast)
        if RECORDER is not None and RECORDER.env is not None and RECORDER.env.backend is self:
            RECORDER.posted(stored)
        return stored

    def edit_message(self: Any, channel_id: int, message_id: int, fields: dict[str, Any]) -> Any:
        stored = edit(self, channel_id, message_id, fields)
        if RECORDER is not None and RECORDER.env is not None and RECORDER.env.backend is self:
            RECORDER.edited(stored)
        return stored

    def delete_message(self: Any, channel_id: int, message_id: int) -> None:
        delete(self, channel_id, message_id)
        if RECORDER is not None and RECORDER.env is not None and RECORDER.env.backend is self:
            RECORDER.deleted(channel_id, message_id)

    Backend.commit_message = commit_message  # type: ignore[method-assign]
    Backend.edit_message = edit_message  # type: ignore[method-assign]
    Backend.delete_message = delete_message  # type: ignore[method-assign]

    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **fields: Any) -> tuple[Any, dict[str, Any]]:
        record, payload = original(backend, **fields)
        payload["locale"] = LOCALES["members"].get(fields["user_id"], "en-US")
        if "guild_locale" in payload:
            payload["guild_locale"] = LOCALES["guilds"].get(fields["guild_id"], "en-US")
        return record, payload

    simcord.interactions.base_payload = base_payload


LOCALES: dict[str, dict[int, str]] = {"members": {}, "guilds": {}}


# --------------------------------------------------------------------------- the player's side


@dataclasses.dataclass
class Table:
    """One scenario's world: a server, its games channel, its members, and the record."""

    env: Any
    guild: Any
    channel: Any
    members: dict[str, Any]
    rec: Recorder

    def __getitem__(self, name: str) -> Any:
        return self.members[name]

    def name_of(self, user_id: int) -> str | None:
        return next((n for n, m in self.members.items() if m.id == user_id), None)

    # actions -------------------------------------------------------------

    def _note(self, entry: dict[str, Any]) -> None:
        self.rec.add({"event": "action", **entry})

    def _errors(self, cursor: int) -> None:
        """Acknowledge what the bot raised (a refusal is raised on purpose) without recording it:
        whether a refusal travels as an exception is the code's inside; its private reply, which
        is recorded, is what a player sees."""
        self.env._errors_acknowledged = self.env.error_cursor

    async def _do(self, entry: dict[str, Any], call: Callable[[], Awaitable[Any]]) -> Any:
        self._note(entry)
        cursor = self.env.error_cursor
        try:
            result = await call()
        except Exception as error:  # a refusal Discord itself makes (an option out of range)
            self.rec.add(
                {"event": "raised", "type": type(error).__name__, "text": self.rec.stable(str(error))}
            )
            self._errors(cursor)
            return None
        self._errors(cursor)
        if result is not None and hasattr(result, "acknowledged"):
            self.rec.add(
                {
                    "event": "result",
                    "acknowledged": result.acknowledged,
                    "deferred": result.deferred,
                    "ephemeral": result.ephemeral,
                    "response": None
                    if result.response is None
                    else self.rec.message_name(result.response.id),
                    "followups": [self.rec.message_name(f.id) for f in result.followups],
                }
            )
        return result

    async def slash(self, who: str, command: str, **options: Any) -> Any:
        shown = {k: (self.name_of(v.id) if hasattr(v, "id") else v) for k, v in options.items()}
        return await self._do(
            {"by": who, "slash": command, "options": shown},
            lambda: self.members[who].slash(self.channel, command, **options),
        )

    async def autocomplete(
        self, who: str, typed: str, command: str = "move", option: str = "action"
    ) -> list[Any]:
        self._note({"by": who, "autocomplete": f"{command} {option}", "typed": typed})
        cursor = self.env.error_cursor
        choices = await self.members[who].autocomplete(self.channel, command, option, typed)
        self._errors(cursor)
        self.rec.add({"event": "choices", "choices": [[c["name"], c["value"]] for c in choices]})
        return choices

    async def click(
        self, who: str, message: Any, *, label: str | None = None, custom_id: str | None = None
    ) -> Any:
        return await self._do(
            {
                "by": who,
                "click": self.rec.message_name(message.id),
                "label": label,
                "custom_id": self.rec.stable(custom_id),
            },
            lambda: self.members[who].click(message, label=label, custom_id=custom_id),
        )

    async def select(self, who: str, message: Any, values: list[str], custom_id: str) -> Any:
        return await self._do(
            {
                "by": who,
                "select": self.rec.message_name(message.id),
                "values": values,
                "custom_id": custom_id,
            },
            lambda: self.members[who].select(message, values, custom_id=custom_id),
        )

    async def advance(self, seconds: float) -> None:
        self._note({"advance": seconds})
        cursor = self.env.error_cursor
        await self.env.advance_time(seconds)
        self._errors(cursor)

    # reading what the bot said -------------------------------------------

    def public(self) -> list[Any]:
        """The bot's non-private messages in the games channel, oldest first."""
        backend = self.env.backend
        stored = backend.messages.get(self.channel.id, {})
        return [m for m in stored.values() if not m.is_ephemeral and m.author_id == backend.bot_user.id]

    def last_public(self) -> Any:
        return self.public()[-1]

    def handle(self, message: Any) -> Any:
        import simcord

        return simcord.ResponseMessage(self.env, message)


def buttons(message: Any) -> list[dict[str, Any]]:
    """Every interactive component of a stored (or response) message, rows flattened."""
    out = []
    for row in message.components:
        for item in row.get("components", [row]):
            if item.get("custom_id"):
                out.append(item)
    return out


async def make_table(env: Any, rec: Recorder, names: list[str], locale: str | None = None) -> Table:
    guild = (
        env.create_guild("Tabletop Test", preferred_locale=locale)
        if locale
        else env.create_guild("Tabletop Test")
    )
    channel = guild.create_text_channel("games")
    members = {name: guild.add_member(env.create_user(name)) for name in names}
    LOCALES["members"] = {m.id: locale for m in members.values()} if locale else {}
    LOCALES["guilds"] = {guild.id: locale} if locale else {}
    return Table(env, guild, channel, members, rec)


async def to_move(table: Table, names: list[str]) -> str | None:
    """The member whose `/move` autocomplete offers something (asked in order, recorded)."""
    for name in names:
        if await table.autocomplete(name, ""):
            return name
    return None


def pinged_one(table: Table, message: Any) -> str | None:
    ids = [uid for uid in message.ping_user_ids if table.name_of(uid)]
    return table.name_of(ids[0]) if len(ids) == 1 else None


# --------------------------------------------------------------------------- the scenarios


def probe_texts(choices: list[Any], extra: tuple[str, ...]) -> list[str]:
    """The texts typed into `/move` at a probed position: "+2", "F", a word of the first choice's
    label (a region's name), and the scenario's own."""
    texts = ["+2", "F"]
    if choices:
        region = re.search(r"· (?:in|em) (\w+)", choices[0]["name"])
        if region:
            texts.append(region.group(1))
    return texts + list(extra)


async def probe(table: Table, who: str, extra: tuple[str, ...] = ("urq",)) -> None:
    choices = await table.autocomplete(who, "")
    for text in probe_texts(choices, extra):
        await table.autocomplete(who, text)


async def rebirth_english(table: Table) -> None:
    """Rebirth, Scotland, two players, in English, to its end, with the side commands."""
    await table.slash("alice", "help")
    await table.slash("alice", "games")
    await table.slash("alice", "rules")
    await table.slash("alice", "move", action="F7")  # no game here
    await table.slash("alice", "game new", game="rebirth", map="scotland")
    await table.slash("bob", "game join")
    await table.slash("alice", "game start")
    mover = pinged_one(table, table.last_public()) or await to_move(table, ["alice", "bob"])
    assert mover is not None
    other = "bob" if mover == "alice" else "alice"
    await table.slash(other, "move", action="F7")  # out of turn
    await table.slash("mallory", "move", action="F7")  # not a player
    await table.slash(mover, "move", action="hello")  # not a space
    await table.slash(mover, "move", action="Z40")
    await table.slash(mover, "move", action="A1")
    await table.slash(mover, "move", action="resign")
    await table.slash("mallory", "hand")
    await table.slash(mover, "hand")
    await table.slash(other, "board")
    await table.slash(mover, "game status")
    await table.slash(mover, "rules")
    choices = await table.autocomplete(mover, "")
    await table.slash(mover, "move", action=choices[0]["name"])  # the best move's label, as listed
    await table.slash(mover, "move", action=choices[1]["name"])  # a typed label
    await table.slash(mover, "undo")
    await table.slash(other, "undo")
    await table.slash(mover, "game log")
    await table.slash(mover, "games")
    for moves in range(400):
        last = table.last_public()
        if "🏆" in last.content or not last.ping_user_ids:
            nxt = await to_move(table, ["alice", "bob"])
        else:
            nxt = pinged_one(table, last)
        if nxt is None:
            break
        if moves % 6 == 0:
            await probe(table, nxt)
        if moves == 10:
            await click_named(table, nxt, last, 0)  # the whole board, privately
            await table.slash(nxt, "hand")
            await table.slash(nxt, "game status")
            await table.slash(nxt, "game log")
            await table.slash(nxt, "game log", since="my-last-move")
        choices = await table.autocomplete(nxt, "")
        if not choices:
            break
        await table.slash(nxt, "move", action=choices[0]["value"])
    await table.slash("alice", "move", action="F7")
    await table.slash("bob", "board")
    await table.slash("alice", "game status")
    await table.slash("alice", "game log")
    await table.slash("alice", "game log", page=2)
    await click_log_pages(table, "alice")
    await table.slash("bob", "games")


async def rebirth_portuguese(table: Table) -> None:
    """Rebirth, Ireland, three seats (one the fallback player), in Portuguese."""
    await table.slash("ana", "help")
    await table.slash("ana", "game new", game="rebirth", map="ireland")
    await table.slash("bia", "game join")
    await table.slash("ana", "game add-bot")
    await table.slash("ana", "game start")
    await table.slash("bia", "hand")
    await table.slash("ana", "game status")
    await table.slash("ana", "rules")
    for moves in range(400):
        nxt = await to_move(table, ["ana", "bia"])
        if nxt is None:
            break
        if moves % 5 == 0:
            await probe(table, nxt, ("urq", "torre"))
        choices = await table.autocomplete(nxt, "")
        await table.slash(nxt, "move", action=choices[0]["value"])
        if moves == 7:
            await table.slash(nxt, "board")
            await table.slash(nxt, "game log")
    await table.slash("ana", "game status")
    await table.slash("bia", "game log")
    await click_log_pages(table, "bia")


def revive_pick(rng: random.Random, choices: list[Any]) -> str:
    values = [c["value"] for c in choices if not c["value"].startswith("?")]  # "?": a line that explains
    useful = [v for v in values if not v.split("@")[0].startswith(("crystal", "use ", "open "))]
    return rng.choice(useful or values)


async def answer_privately(table: Table, who: str, result: Any, rng: random.Random) -> Any:
    """Answer the private reply's decision with its own button or menu, when it has one."""
    if result is None or result.response is None or not result.ephemeral:
        return None
    items = buttons(result.response)
    if not items:
        return None
    item = items[rng.randrange(len(items))]
    if item.get("type") == 3:
        option = item["options"][rng.randrange(len(item["options"]))]["value"]
        return await table.select(who, result.response, [option], custom_id=item["custom_id"])
    return await table.click(who, result.response, custom_id=item["custom_id"])


async def revive_turns(
    table: Table, humans: list[str], rng: random.Random, turns: int, probes: tuple[str, ...]
) -> int:
    """Revive moves until the end or `turns` turn messages; every few moves a button instead of
    a typed move, every few turns the autocomplete probed."""
    told = seen = len(table.public())
    moves = 0
    nxt: str | None = None
    for _ in range(1500):
        if len(table.public()) - told >= turns:
            break
        if len(table.public()) != seen or nxt is None:  # a turn message: the next one it pings
            seen = len(table.public())
            pinged = pinged_one(table, table.last_public())
            nxt = pinged if pinged in humans else await to_move(table, humans)
        if nxt is None:
            break
        if moves % 15 == 0:
            choices = await table.autocomplete(nxt, "")
            for text in probes:
                await table.autocomplete(nxt, text)
        choices = await table.autocomplete(nxt, "")
        if not choices:  # not this player's move after all (a turn message without a ping)
            nxt = None
            continue
        result = await table.slash(nxt, "move", action=revive_pick(rng, choices))
        moves += 1
        await table.advance(30)
        if moves % 3 == 0:
            await answer_privately(table, nxt, result, rng)
            await table.advance(30)
    return moves


async def revive_english(table: Table) -> None:
    """Revive, two players, in English, to its end: typed moves, buttons and menus, refusals."""
    await table.slash("ann", "game new", game="revive")
    await table.slash("bob", "game join")
    await table.slash("ann", "game start")
    await table.slash("ann", "hand")
    await table.slash("bob", "hand")
    await table.slash("ann", "board", player=table["bob"])
    await table.slash("bob", "rules")
    mover = await to_move(table, ["ann", "bob"])
    assert mover is not None
    other = "bob" if mover == "ann" else "ann"
    await table.slash(other, "move", action="switch food")  # out of turn
    await table.slash("zed", "move", action="switch food")  # not a player
    await table.slash(mover, "move", action="hello")
    switched = await table.slash(mover, "move", action="switch gear")
    await table.slash(mover, "game status")
    await table.slash(mover, "undo")  # inside the turn
    await table.slash(mover, "move", action="switch gear")
    if switched is not None and switched.response is not None:
        await table.click(mover, switched.response, label="end your turn")  # a stale button
    await table.slash(mover, "move", action="end")
    await table.slash(other, "board")
    await revive_turns(table, ["ann", "bob"], random.Random(7), 10**6, ("explore", "end", "F"))
    await table.slash("ann", "move", action="end")
    await table.slash("bob", "game status")
    await table.slash("ann", "board")


async def revive_portuguese(table: Table) -> None:
    """Revive, three seats (one the fallback player), in Portuguese, a few rounds."""
    await table.slash("ana", "game new", game="revive")
    await table.slash("bia", "game join")
    await table.slash("ana", "game add-bot")
    await table.slash("ana", "game start")
    await table.slash("ana", "hand")
    await table.slash("bia", "rules")
    await revive_turns(table, ["ana", "bia"], random.Random(11), 12, ("encerrar", "explorar", "urq"))
    await table.slash("ana", "game status")
    await table.slash("bia", "hand")
    await table.slash("ana", "game log")


async def click_log_pages(table: Table, who: str, pages: int = 2) -> None:
    """Page back through `/game log` with its own buttons, from the last private reply."""
    for _ in range(pages):
        stored = table.env.backend.messages.get(table.channel.id, {})
        reply = next((m for m in reversed(stored.values()) if m.is_ephemeral and buttons(m)), None)
        if reply is None:
            return
        await click_named(table, who, reply, 0)


def last_with_buttons(table: Table) -> Any:
    return next(m for m in reversed(table.public()) if buttons(m))


async def click_named(table: Table, who: str, message: Any, index: int) -> Any:
    items = buttons(message)
    if index >= len(items):
        return None
    return await table.click(who, table.handle(message), custom_id=items[index]["custom_id"])


async def lobby_and_clocks(table: Table) -> None:
    """Lobby, seats, settings, lobby buttons; notify and away; a reminder, a clock running out
    (the fallback plays the seat), DM copies; resign, abort, rematch."""
    await table.slash("alice", "game new", game="rebirth", map="scotland", reminder_hours=2.0)
    opened = table.last_public()
    await table.slash("bob", "game new", game="rebirth")  # the channel has a table already
    await table.slash("bob", "game start")  # not the creator
    await table.slash("alice", "game start")  # alone
    await click_named(table, "carol", opened, 0)  # Join
    await click_named(table, "carol", opened, 0)  # Join again
    await click_named(table, "carol", opened, 1)  # Leave
    await click_named(table, "bob", opened, 2)  # Add bot, not the creator
    await click_named(table, "bob", opened, 3)  # Start, not the creator
    await click_named(table, "bob", opened, 0)  # Join
    await table.slash("carol", "game join")
    await table.slash("carol", "game join")
    await table.slash("carol", "game leave")
    await table.slash("dave", "game join")
    await table.slash("dave", "game leave")
    await click_named(table, "dave", table.last_public(), 0)  # Join, on the newest lobby message
    await click_named(table, "alice", table.last_public(), 2)  # Add bot
    await table.slash("alice", "game add-bot")  # the table is full
    await table.slash("bob", "game settings", reminder_hours=1.0)
    await table.slash("alice", "game settings", clock=1, on_timeout="fallback", reminder_hours=3.0)
    await table.slash("dave", "game join")
    await table.slash("alice", "game status")
    await table.slash("bob", "notify", dm="on")
    await table.slash("dave", "notify", dm="on")
    await table.slash("carol", "notify", dm="off")
    await table.slash("dave", "away set", days=1)
    await table.slash("dave", "away set", days=0)  # out of range: Discord refuses
    await click_named(table, "alice", last_with_buttons(table), 3)  # Start
    await table.slash("alice", "game start")  # started already
    await table.slash("carol", "game join")  # too late
    told = len(table.public())
    await table.slash("alice", "game leave")  # the fallback plays the seat
    seat_back = table.public()[told]
    await table.slash("alice", "game rejoin")
    await click_named(table, "alice", seat_back, 0)  # the seat is back already
    humans = ["alice", "bob", "dave"]
    for _ in range(4):
        nxt = await to_move(table, humans)
        if nxt is None:
            break
        choices = await table.autocomplete(nxt, "")
        await table.slash(nxt, "move", action=choices[0]["value"])
    await table.slash("dave", "away off")
    for hour in range(30):  # a day and a half in hours: reminders, then the clock runs out
        await table.advance(HOUR)
        if hour == 7:
            reminder = next(
                (m for m in reversed(table.public()) if buttons(m) and m.content.startswith("⏰")), None
            )
            if reminder is not None:
                await click_named(table, "carol", reminder, 0)  # Mute, by someone else
                await click_named(table, pinged_one(table, reminder) or "bob", reminder, 0)
    await table.slash("alice", "game status")
    await table.slash("bob", "game log")
    await table.slash("bob", "game resign")
    await table.slash("dave", "game abort")
    await table.slash("alice", "game abort")
    # A two-seat table to the end by resignation, then its rematch button.
    await table.slash("bob", "game new", game="revive", clock=2, on_timeout="vote")
    await table.slash("carol", "game join")
    await table.slash("bob", "game start")
    await table.slash("carol", "game resign")
    final = table.last_public()
    for index in range(len(buttons(final))):
        await click_named(table, "bob", final, index)
    await table.slash("carol", "game join")
    await table.slash("bob", "game start")
    for _ in range(50):  # two days and more: the clock vote
        await table.advance(HOUR)
    vote = table.last_public()
    for index in range(len(buttons(vote))):
        await click_named(table, ["bob", "carol"][index % 2], vote, index)
    for _ in range(26):  # the day waited runs out too: this time the seat is handed over
        await table.advance(HOUR)
    vote = last_with_buttons(table)
    await click_named(table, "bob", vote, 1)
    await table.slash("bob", "game status")
    await table.slash("bob", "game abort")
    await table.slash("alice", "game new", game="rebirth", thread=True)
    await table.slash("alice", "games")


async def deferring(table: Table) -> None:
    """A bot that defers every command drawing a board (as it does on a slow day): the private
    "thinking" reply, then the public message as a new, pinging one."""
    await table.slash("ann", "game new", game="rebirth", map="scotland")
    await table.slash("bob", "game join")
    await table.slash("ann", "game start")
    for _ in range(3):
        last = table.last_public()
        mover = pinged_one(table, last) or await to_move(table, ["ann", "bob"])
        if mover is None:
            break
        choices = await table.autocomplete(mover, "")
        await table.slash(mover, "move", action=choices[0]["value"])
    await table.slash("ann", "board")
    await table.slash("bob", "board")
    await table.slash("ann", "undo")
    await table.slash("bob", "undo")
    await table.slash("ann", "hand")
    await table.slash("bob", "move", action="resign")
    await table.slash("bob", "game resign")
    await table.slash("ann", "game status")
    await table.slash("bob", "game new", game="revive")
    await table.slash("ann", "game join")
    await table.slash("bob", "game start")
    mover = await to_move(table, ["ann", "bob"])
    if mover is not None:
        switched = await table.slash(mover, "move", action="switch gear")
        await answer_privately(table, mover, switched, random.Random(3))
        await table.slash("ann", "board", player=table["bob"])


SCENARIOS: dict[str, tuple[Callable[[Table], Awaitable[None]], list[str], str | None]] = {
    "rebirth_en": (rebirth_english, ["alice", "bob", "mallory"], None),
    "rebirth_pt": (rebirth_portuguese, ["ana", "bia"], "pt-BR"),
    "revive_en": (revive_english, ["ann", "bob", "zed"], None),
    "revive_pt": (revive_portuguese, ["ana", "bia"], "pt-BR"),
    "lobby": (lobby_and_clocks, ["alice", "bob", "carol", "dave"], None),
    "deferring": (deferring, ["ann", "bob"], None),
}
# How old a command may be before the bot defers it, where a scenario needs it (create_bot's
# `defer_after`): 0 defers every command that draws a board.
DEFER_AFTER = {"deferring": 0.0}


async def run_scenario(name: str, folder: str) -> dict[str, Any]:
    import simcord

    from bot import create_bot

    global RECORDER
    script, names, locale = SCENARIOS[name]
    rec = Recorder()
    RECORDER = rec
    extra: dict[str, Any] = {"defer_after": DEFER_AFTER[name]} if name in DEFER_AFTER else {}
    bot = create_bot(os.path.join(folder, f"{name}.sqlite3"), seeds=lambda: SEED, **extra)
    started = time.monotonic()
    async with simcord.run(bot, check_errors=False) as env:
        rec.env = env
        table = await make_table(env, rec, names, locale)
        rec.add(
            {
                "event": "world",
                "members": {n: m.id for n, m in table.members.items()},
                "bot": env.backend.bot_user.id,
                "locale": locale,
            }
        )
        try:
            await script(table)
            await env.settle()
        except Exception as error:  # a changed bot may break the script: say where
            rec.add({"event": "crash", "type": type(error).__name__, "text": rec.stable(str(error))[:500]})
            print(f"{name}: the script stopped: {type(error).__name__}: {error}", file=sys.stderr)
        summary = {
            "messages": rec.messages,
            "images": rec.images,
            "actions": sum(1 for e in rec.events if e["event"] == "action"),
        }
    RECORDER = None
    return {"summary": summary, "seconds": round(time.monotonic() - started, 1), "events": rec.events}


# --------------------------------------------------------------------------- comparing


def flatten(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(e, ensure_ascii=False, sort_keys=True) for e in events]


def script_digest() -> str:
    """The first characters of this script's sha256: two transcripts compare only when the same
    script made them (a changed script plays other games)."""
    with open(os.path.abspath(__file__), "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:16]


def compare(base: dict[str, Any], other: dict[str, Any], limit: int = 5) -> int:
    """Print the first differences of each scenario readably; the number of scenarios that differ."""
    import difflib

    if base.get("script") != other.get("script"):
        print(
            f"!! the two files were made by different versions of the script ({base.get('script')} and "
            f"{other.get('script')}): differences may come from the script, not the bot"
        )
    differing = 0
    for name in sorted(set(base["scenarios"]) | set(other["scenarios"])):
        a = base["scenarios"].get(name)
        b = other["scenarios"].get(name)
        if a is None or b is None:
            print(f"== {name}: only in {'the other file' if a is None else 'the baseline'}")
            differing += 1
            continue
        left, right = flatten(a["events"]), flatten(b["events"])
        if left == right:
            print(f"== {name}: identical ({len(left)} events)")
            continue
        differing += 1
        print(f"== {name}: DIFFERENT ({len(left)} events in the baseline, {len(right)} here)")
        matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
        shown = 0
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal":
                continue
            shown += 1
            if shown > limit:
                print("   ... more differences follow")
                break
            context = [a["events"][k] for k in range(max(0, i1 - 2), i1)]
            print(f"-- at event {i1} (baseline) / {j1} (here): {tag}")
            for event in context:
                print("   context:", describe(event))
            for old, new in _pairs(a["events"][i1:i2], b["events"][j1:j2]):
                _show_pair(old, new)
    return differing


def _pairs(old: list[Any], new: list[Any]) -> list[tuple[Any, Any]]:
    length = max(len(old), len(new))
    out = [(old[k] if k < len(old) else None, new[k] if k < len(new) else None) for k in range(length)]
    return out[:6]


def describe(event: dict[str, Any]) -> str:
    kind = event.get("event")
    if kind == "action":
        return json.dumps({k: v for k, v in event.items() if k != "event"}, ensure_ascii=False)
    if kind in ("send", "edit"):
        return f"{kind} {event['message']} in {event['channel']}: {event['content'][:100]!r}"
    return json.dumps(event, ensure_ascii=False)[:160]


def _show_pair(old: dict[str, Any] | None, new: dict[str, Any] | None) -> None:
    if old is None or new is None:
        print("   baseline:", "(nothing)" if old is None else describe(old))
        print("   here:    ", "(nothing)" if new is None else describe(new))
        return
    keys = sorted(set(old) | set(new))
    changed = [k for k in keys if old.get(k) != new.get(k)]
    print(f"   {describe(old)[:120]}")
    for key in changed:
        before, after = old.get(key), new.get(key)
        if isinstance(before, str) and isinstance(after, str):
            print(f"     {key}: baseline {before!r}")
            print(f"     {key}: here     {after!r}")
            first = next((i for i, (x, y) in enumerate(zip(before, after, strict=False)) if x != y), None)
            if first is None:
                first = min(len(before), len(after))
            where = slice(first, first + 40)
            print(f"     first differing character at {first}: {before[where]!r} vs {after[where]!r}")
        else:
            print(f"     {key}: baseline {json.dumps(before, ensure_ascii=False)[:300]}")
            print(f"     {key}: here     {json.dumps(after, ensure_ascii=False)[:300]}")


# --------------------------------------------------------------------------- main


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python scripts/transcript.py",
        description=(
            "Drive the real bot (bot.create_bot, through simcord) through scripted games and record "
            "every message it sends as JSON. Run from the root of the checkout to test."
        ),
    )
    parser.add_argument("--out", help="write the transcript to this JSON file")
    parser.add_argument("--only", action="append", choices=sorted(SCENARIOS), help="run only these scenarios")
    parser.add_argument(
        "--compare", metavar="BASE.json", help="compare with this transcript, print the first differences"
    )
    parser.add_argument(
        "--against", metavar="OTHER.json", help="with --compare: compare this file instead of running"
    )
    parser.add_argument("--limit", type=int, default=5, help="differences shown per scenario (default 5)")
    return parser.parse_args(argv)


async def run_all(names: list[str]) -> dict[str, Any]:
    import bot

    # Which checkout is driven: the one the command was started in (its root first on sys.path).
    print(f"driving {os.path.dirname(os.path.abspath(bot.__file__))}", file=sys.stderr, flush=True)
    install_recording()
    scenarios = {}
    with tempfile.TemporaryDirectory(prefix="transcript-") as folder:
        for name in names:
            print(f"{name} ...", file=sys.stderr, flush=True)
            scenarios[name] = await run_scenario(name, folder)
            s = scenarios[name]
            print(f"{name}: {s['summary']} in {s['seconds']} s", file=sys.stderr, flush=True)
    return scenarios


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    logging.basicConfig(level=logging.CRITICAL)
    if args.against:
        if not args.compare:
            raise SystemExit("--against needs --compare")
        with open(args.compare, encoding="utf-8") as base, open(args.against, encoding="utf-8") as other:
            return 1 if compare(json.load(base), json.load(other), args.limit) else 0
    if not args.out and not args.compare:
        raise SystemExit("nothing to do: give --out FILE.json and/or --compare BASE.json")
    names = args.only or list(SCENARIOS)
    scenarios = asyncio.run(run_all(names))
    seconds = {name: s.pop("seconds") for name, s in scenarios.items()}
    result = {"format": FORMAT, "seed": SEED, "script": script_digest(), "scenarios": scenarios}
    print(f"run took {sum(seconds.values()):.1f} s: {seconds}", file=sys.stderr)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(result, out, ensure_ascii=False, indent=1, sort_keys=True)
            out.write("\n")
    if args.compare:
        with open(args.compare, encoding="utf-8") as base:
            return 1 if compare(json.load(base), result, args.limit) else 0
    return 0


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    # Leave at once: a thread the bot's database left behind would keep the process waiting.
    os._exit(code)
