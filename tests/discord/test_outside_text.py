"""Names the bot did not choose (a server's, a member's) reach Discord as plain text: no masked
link in the bot's own DM, no bold, no mention; and the board image still draws them as they are."""

from __future__ import annotations

import re

import pytest

from tests.support.discord import HOUR, pass_time, refused

pytestmark = pytest.mark.asyncio

EVIL_SERVER = "[Claim Nitro](https://evil.example/login)"
EVIL_MEMBER = "**boss** @everyone"
ESCAPED_SERVER = r"\[Claim Nitro\](https\://evil.example/login)"

MASKED_LINK = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\(")
BOLD = re.compile(r"(?<!\\)\*\*boss")


def plain(text: str) -> None:
    """What a reader of `text` would be fooled by, if anything of the names got through."""
    assert not MASKED_LINK.search(text), text
    assert not BOLD.search(text), text
    assert "@everyone" not in text, text


async def test_a_server_and_a_member_named_in_markdown_read_as_text_and_draw_as_named(
    simcord_env, monkeypatch
):
    import service.images

    drawn_names: list[list[str]] = []
    draw = service.images.drawn

    async def spying(workers, presenter, game, method, *args, **kwargs):
        drawn_names.extend(arg for arg in args if isinstance(arg, list) and "bob" in arg)
        return await draw(workers, presenter, game, method, *args, **kwargs)

    monkeypatch.setattr(service.images, "drawn", spying)
    guild = simcord_env.create_guild(EVIL_SERVER)
    channel = guild.create_text_channel("games")
    boss = guild.add_member(simcord_env.create_user("boss", global_name=EVIL_MEMBER))
    bob = guild.add_member(simcord_env.create_user("bob"))
    for member in (boss, bob):
        assert (await member.slash(channel, "notify", dm="on")).ephemeral
    new = await boss.slash(channel, "game new", game="rebirth", reminder_hours=1)
    joined = await bob.slash(channel, "game join")
    started = await boss.slash(channel, "game start")
    first = boss if await boss.autocomplete(channel, "move", "action", "") else bob
    [choice, *_] = await first.autocomplete(channel, "move", "action", "")
    typed = await first.slash(channel, "move", action="**now** [x](y)")
    echoed = refused(simcord_env, typed, "is not a space")
    assert r"“\*\*now\*\* \[x\](y)”" in echoed, echoed  # the player's own text, as typed
    moved = await first.slash(channel, "move", action=choice["value"])
    await pass_time(simcord_env, HOUR + 600)  # a reminder, and its DM from the clock's tick
    status = await bob.slash(channel, "game status", share=True)
    log = await bob.slash(channel, "game log", share=True)
    texts = [new.response.content, joined.response.content, started.response.content]
    texts += [echoed, moved.response.content, status.response.content, log.response.content]
    texts += [message.content for message in channel.history()]
    dms = [message.content for member in (boss, bob) for message in member.user.dm_channel.history()]
    assert len(dms) >= 3, dms  # the first turn, the next turn, the reminder
    for text in texts + dms:
        plain(text)
    assert all(ESCAPED_SERVER in dm for dm in dms), dms
    assert any("⏰" in dm for dm in dms), dms
    # The images are drawn from the names as they are: pixels know no markdown.
    assert drawn_names and all(EVIL_MEMBER in names for names in drawn_names), drawn_names
