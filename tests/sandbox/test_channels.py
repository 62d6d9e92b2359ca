"""`/sandbox channel` moves the open page to another channel, with no reload and the same viewer.

These talk to the page's server as the browser does (its HTTP API, with the address's
capability); `tests/sandbox/test_browser.py` clicks through the same in Chromium.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

import aiohttp

from bot import create_bot
from sandbox.run import Sandbox


async def test_sandbox_channel_moves_an_open_page_and_keeps_its_viewer(tmp_path):
    """A tab viewing as Bob runs `/sandbox channel to:revive-1`: the same tab (its session) then
    shows #revive-1, still as Bob, and what is posted there; nothing had to be reloaded."""
    database = str(tmp_path / "sandbox.sqlite3")
    sandbox = Sandbox(create_bot(database, seeds=lambda: 1), database)
    await sandbox.start()
    urls: list[str] = []
    with sandbox.env.time_context():
        served = asyncio.ensure_future(sandbox.serve(urls.append))
        while not urls:
            await asyncio.sleep(0.05)
        world = sandbox.world
        bob = world.players[1]
        address = urlsplit(urls[0])
        base, capability = f"http://127.0.0.1:{address.port}", address.fragment
        async with aiohttp.ClientSession(headers={"X-Simcord-Capability": capability}) as http:
            async with http.post(f"{base}/api/pages", json={"viewer_id": str(bob.id)}) as opened:
                tab = await opened.json()
            context = tab["context"]["id"]
            assert tab["channel"]["name"] == "rebirth-1" and tab["viewerId"] == str(bob.id)

            asked = await bob.slash(world.channels["rebirth-1"], "sandbox channel", to="revive-1")
            assert asked.response.ephemeral and "Going to #revive-1" in asked.response.content
            revive = world.channels["revive-1"]
            for _ in range(100):  # the driver switches once the command has been answered
                if sandbox.preview.channel.id == revive.id:
                    break
                await asyncio.sleep(0.05)
            await bob.slash(revive, "game new", game="revive")

            async def state() -> dict:
                async with http.get(f"{base}/api/state", headers={"X-Simcord-Context": context}) as read:
                    assert read.status == 200, await read.text()  # the same session, still open
                    return await read.json()

            await sandbox.preview.refresh()
            now = await state()
            assert now["channel"]["name"] == "revive-1"
            assert now["viewerId"] == str(bob.id)  # "Viewing as" kept
            assert now["context"]["generation"] > tab["context"]["generation"]
            shown = [message["content"] for message in now["messages"].values()]
            assert any(f"<@{bob.id}> opened a **Revive**" in text for text in shown), shown
            assert not any("Going to #revive-1" in text for text in shown)  # #rebirth-1's reply stays there
        sandbox.stopping.set()
        await served
    await sandbox.stop()
