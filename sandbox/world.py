"""The sandbox's server: the same guild, channels and players, with the same ids, every start.

simcord gives every new object a snowflake from its clock, which starts at the same instant in
every process, and a counter. So the world is built first, before the bot starts and before the
clock is moved on to the sandbox's saved time: the ids come out the same on every start, and
the games stored for a channel are found again. `tests/sandbox/test_without_browser.py` checks it.

The sandbox's time is kept beside its database (`<database>.clock`, an ISO instant): games
stored with one time must not find the clock back in January after a restart. While the sandbox
is stopped its clock stands still. The file is the bot's user's alone, like the database beside
it, and is replaced whole, never written through a symlink planted at its name.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from db.files import replace_private
from games.registry import game_ids, spec
from i18n import t

GUILD_ID = 1_000_000_000_000_000_001  # pinned, so the server is the same one on every start
GUILD_NAME = "Tabletop sandbox"
LOUNGE = "lounge"
TABLES_PER_GAME = 2
# (username, display name): "Viewing as" switches between them.
PLAYERS = (("alice", "Alice"), ("bob", "Bob"), ("carol", "Carol"), ("dave", "Dave"))


def channel_names() -> tuple[str, ...]:
    """The lounge, then a channel per table of each registered game (`<game>-1`, `<game>-2`), in
    the registry's order, so a game added at the end adds channels without moving any id."""
    tables = (f"{game}-{n}" for game in game_ids() for n in range(1, TABLES_PER_GAME + 1))
    return (LOUNGE, *tables)


def topic(name: str, locale: str | None = None) -> str:
    game, _, _ = name.rpartition("-")
    if name == LOUNGE or not game:
        return t("sandbox.topic.lounge", locale)
    return t("sandbox.topic.table", locale, game=spec(game).name, id=game)


@dataclass(frozen=True)
class World:
    guild: Any  # simcord's GuildHandle
    channels: dict[str, Any]  # name -> ChannelHandle, in channel_names() order
    players: tuple[Any, ...]  # MemberActors, in PLAYERS order


def build_world(env: Any, locale: str | None = None) -> World:
    """The guild, its members and its channels, created in one fixed order (ids stay the same);
    the channels' topics in `locale`."""
    guild = env.create_guild(GUILD_NAME, id=GUILD_ID)
    players = tuple(guild.add_member(env.create_user(name, global_name=display)) for name, display in PLAYERS)
    channels = {name: guild.create_text_channel(name, topic=topic(name, locale)) for name in channel_names()}
    return World(guild, channels, players)


def clock_path(database: str) -> Path:
    return Path(f"{database}.clock")


def load_clock(database: str) -> datetime | None:
    """The sandbox's time when it last stopped, or None the first time (or for a bad file)."""
    try:
        saved = json.loads(clock_path(database).read_text(encoding="utf-8"))
        when = datetime.fromisoformat(saved["now"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def save_clock(database: str, when: datetime) -> None:
    replace_private(clock_path(database), json.dumps({"now": when.isoformat()}) + "\n")
