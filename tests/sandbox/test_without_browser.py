"""The sandbox: the real bot in simcord's local page, with no token.

These drive the sandbox's world and driver in-process, without a browser;
`tests/sandbox/test_browser.py` drives the page itself in headless Chromium.
"""

from __future__ import annotations

import os
import re
import stat
import urllib.request
from datetime import timedelta
from pathlib import Path

from bot import create_bot
from i18n import t
from sandbox.commands import Request
from sandbox.run import Sandbox
from sandbox.world import PLAYERS, channel_names, load_clock
from tests.support.sandbox_process import sandbox_process

TABLE = "rebirth-1"


async def started(database: str, locale: str = "en-US") -> Sandbox:
    sandbox = Sandbox(create_bot(database, seeds=lambda: 20261201), database, locale=locale)
    await sandbox.start()
    return sandbox


async def test_a_game_opened_in_the_sandbox_is_there_after_a_restart(tmp_path):
    """The sandbox keeps its games in its own database file across restarts: the server, its
    channels and players have the same ids on every start, so a stored lobby is found again in its
    channel."""
    database = str(tmp_path / "sandbox.sqlite3")
    first = await started(database)
    with first.env.time_context():
        world = first.world
        assert [member.name for member in world.players] == [name for name, _ in PLAYERS]
        assert list(world.channels) == list(channel_names()) and TABLE in world.channels
        await world.players[0].slash(world.channels[TABLE], "game new", game="rebirth")
    ids = (world.guild.id, [c.id for c in world.channels.values()], [p.id for p in world.players])
    await first.stop()

    second = await started(database)
    with second.env.time_context():
        again = second.world
        assert (again.guild.id, [c.id for c in again.channels.values()], [p.id for p in again.players]) == ids
        joined = await again.players[1].slash(again.channels[TABLE], "game join")
        assert f"<@{again.players[1].id}> joined" in joined.response.content
        assert f"<@{again.players[0].id}>" in joined.response.content  # the creator kept her seat
    await second.stop()


async def test_sandbox_wait_brings_the_reminder_and_the_clock_survives_a_restart(tmp_path):
    """A clock control (fast-forward an hour, a day), so reminders and turn clocks can be seen
    without waiting. `/sandbox wait` answers and hands the wait to the driver, which moves simcord's
    clock an hour at a time; the bot's own loop posts the reminder on the way."""
    database = str(tmp_path / "sandbox.sqlite3")
    sandbox = await started(database)
    with sandbox.env.time_context():
        alice, bob = sandbox.world.players[:2]
        channel = sandbox.world.channels[TABLE]
        await alice.slash(channel, "game new", game="rebirth")
        await bob.slash(channel, "game join")
        await alice.slash(channel, "game start")
        assert not [m for m in channel.history() if m.content.startswith("⏰")]
        asked = await alice.slash(channel, "sandbox wait", hours=24)
        assert asked.response.ephemeral and "1 day" in asked.response.content
        assert sandbox.requests.get_nowait() == Request(hours=24)
        before = sandbox.env.now()
        await sandbox.wait(24)
        assert sandbox.env.now() - before >= timedelta(hours=24)
        [reminder] = [m for m in channel.history() if m.content.startswith("⏰")]
        assert "your move" in reminder.content
    later = sandbox.env.now()
    await sandbox.stop()
    assert load_clock(database) == later

    again = await started(database)
    assert again.env.now() >= later  # the games' times do not lie in the clock's future
    await again.stop()


def test_without_a_token_run_bot_starts_the_sandbox_and_says_how_to_go_live(tmp_path):
    """With no `DISCORD_TOKEN`, the run command starts the real bot inside a local Discord-like
    page, prints the URL (it is a credential: loopback only, and it says so) and says how to go live
    with a token; it keeps its games in its own database file."""
    with sandbox_process(tmp_path) as started:
        text = started.banner
        [url] = re.findall(r"http://127\.0\.0\.1:\d+/#\S+", text)
        assert "password" in text and "127.0.0.1" in text, text
        assert "DISCORD_TOKEN" in text and "discord.com/developers" in text, text
        with urllib.request.urlopen(url.split("#")[0], timeout=10) as page:
            assert page.status == 200
        assert (tmp_path / "tabletop-sandbox.sqlite3").exists()
        assert not (tmp_path / "tabletop.sqlite3").exists()  # the live database is not touched
    assert started.returncode == 0, started.err
    assert "stopped" in started.out and "Traceback" not in started.err, started.err
    assert (tmp_path / "tabletop-sandbox.sqlite3.clock").exists()


async def test_a_sandbox_in_portuguese_is_a_brazilian_table(tmp_path):
    """`tabletop sandbox --locale pt-BR`: the four players use Discord in Portuguese on a server
    that prefers it, so a game opened there is played in Portuguese, the topics read Portuguese,
    and simcord speaks English again once the sandbox stopped."""
    import simcord.interactions

    original = simcord.interactions.base_payload
    database = str(tmp_path / "sandbox.sqlite3")
    sandbox = await started(database, locale="pt-BR")
    with sandbox.env.time_context():
        alice, bob = sandbox.world.players[:2]
        channel = sandbox.world.channels[TABLE]
        assert "/game new game:rebirth" in sandbox.env.backend.get_channel(channel.id).topic
        opened = await alice.slash(channel, "game new", game="rebirth")
        assert "abriu uma mesa" in opened.response.content
        assert "🌐 Português (Brasil)" in opened.response.content
        joined = await bob.slash(channel, "game join")
        assert "entrou" in joined.response.content and "Sentados (2)" in joined.response.content
        help_reply = await alice.slash(channel, "help")
        assert help_reply.ephemeral and "`/move`" in help_reply.response.content
        assert "Como este bot funciona" in help_reply.response.content  # the words stay Portuguese
    await sandbox.stop()
    assert simcord.interactions.base_payload is original
    assert "/jogo novo jogo:rebirth" in t("sandbox.topic.table", "pt-BR", game="Rebirth", id="rebirth")


def test_the_sandbox_takes_a_language_and_refuses_one_without_a_catalog(capsys):
    import pytest

    from bot import arguments

    assert arguments(["--sandbox", "--locale", "pt-BR"], "tabletop sandbox").locale == "pt-BR"
    assert arguments([], "tabletop").locale == "en-US"
    with pytest.raises(SystemExit):
        arguments(["--locale", "xx-YY"], "tabletop sandbox")
    assert "invalid choice" in capsys.readouterr().err


async def test_the_clock_file_is_private_and_never_written_through_a_planted_link(tmp_path):
    """The sandbox saves its clock beside its database: the file is the user's alone, like the
    database, and a symlink planted at its name or at the name of its partial copy is replaced,
    never written through."""
    before = os.umask(0o022)
    try:
        database = str(tmp_path / "sandbox.sqlite3")
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        Path(f"{database}.clock.partial").symlink_to(elsewhere / "partial")
        Path(f"{database}.clock").symlink_to(elsewhere / "clock")
        sandbox = await started(database)
        now = sandbox.env.now()
        await sandbox.stop()
    finally:
        os.umask(before)
    clock = Path(f"{database}.clock")
    assert list(elsewhere.iterdir()) == [], "nothing was written where the links point"
    assert not clock.is_symlink() and stat.S_IMODE(clock.stat().st_mode) == 0o600
    assert load_clock(database) == now
