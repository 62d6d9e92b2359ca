"""The sandbox after a restart: the same page address, and every open game shown again.

A page left open (or bookmarked) must still lead to the sandbox after Ctrl+C and
`./scripts/run-bot` again, and the channels must not look empty while their games are stored.
"""

from __future__ import annotations

import json
import socket
import stat
import urllib.request

from bot import create_bot
from sandbox.run import Sandbox
from tests.support.sandbox_process import sandbox_process


async def started(database: str) -> Sandbox:
    sandbox = Sandbox(create_bot(database, seeds=lambda: 20261201), database)
    await sandbox.start()
    return sandbox


def test_the_page_keeps_its_address_across_restarts(tmp_path):
    """Port and capability are drawn at the first start and served again at the next: the same
    URL, so a tab left open reloads onto the sandbox. The file that keeps them is private."""
    with sandbox_process(tmp_path) as first:
        assert first.url, first.banner
    assert first.returncode == 0, first.err
    with sandbox_process(tmp_path) as second:
        assert second.url == first.url, (first.url, second.url)
        assert "stays the same at every start" in second.banner
        with urllib.request.urlopen(second.url.split("#")[0], timeout=10) as page:
            assert page.status == 200
    assert second.returncode == 0, second.err
    kept = tmp_path / "tabletop-sandbox.sqlite3.page"
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600  # the capability is a password


def test_a_saved_port_taken_since_moves_the_page_and_says_so(tmp_path):
    """Another program holds the saved port: the sandbox serves the page on a free port with the
    same capability, says the old address will not come back, and keeps the new port."""
    capability = "k" * 43
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        kept = tmp_path / "tabletop-sandbox.sqlite3.page"
        kept.write_text(json.dumps({"port": taken, "capability": capability}))
        with sandbox_process(tmp_path) as started_:
            assert started_.url and started_.url.endswith("#" + capability), started_.banner
            assert f":{taken}/" not in started_.url
            assert f"Port {taken}, where the page was last time, is taken now" in started_.banner
    assert started_.returncode == 0, started_.err
    saved = json.loads(kept.read_text())
    assert saved["capability"] == capability and saved["port"] != taken
    assert f":{saved['port']}/" in started_.url


async def test_every_open_game_is_shown_again_in_its_channel_after_a_restart(tmp_path):
    """simcord keeps no message across a restart: each channel with an open game gets its
    state again (a game in play its board and whose turn it is, a lobby who is seated and its
    buttons), and a channel without one stays empty."""
    database = str(tmp_path / "sandbox.sqlite3")
    first = await started(database)
    with first.env.time_context():
        alice, bob = first.world.players[:2]
        table, lobby = first.world.channels["rebirth-1"], first.world.channels["rebirth-2"]
        await alice.slash(table, "game new", game="rebirth")
        await bob.slash(table, "game join")
        begun = await alice.slash(table, "game start")
        first_player = next(p for p in (alice, bob) if f"<@{p.id}> goes first" in begun.response.content)
        await bob.slash(lobby, "game new", game="rebirth")
    await first.stop()

    second = await started(database)
    with second.env.time_context():
        world = second.world
        [shown] = world.channels["rebirth-1"].history()
        assert shown.content.startswith("The sandbox restarted. The game as it stands:"), shown.content
        assert f"Your turn, <@{first_player.id}>." in shown.content
        assert [a.filename for a in shown.attachments] == ["board.png"]
        [waiting] = world.channels["rebirth-2"].history()
        assert waiting.content.startswith("The sandbox restarted. This table is still open: **Rebirth")
        assert f"<@{bob.id}>" in waiting.content
        labels = [child.label for row in waiting.components for child in row.children]
        assert "Join" in labels and "Start" in labels, labels
        assert not world.channels["lounge"].history()
        assert not world.channels["revive-1"].history()
        # The lobby goes on from its message: Alice joins with its button.
        joined = await world.players[0].click(waiting, label="Join")
        assert f"<@{world.players[0].id}> joined" in joined.response.content
    await second.stop()
