"""`/stats` and `/leaderboard` through the slash commands (simcord), after a season of games the
server's members played (tests/support/season.py, over the bot's own database): what a member
reads of themselves, of another and of a game's table, the chart, the pages, a page that is not
there, nobody pinged, and both languages."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from db import Database
from games.registry import load_engine
from service import stats
from service.game_service import GameService
from tests.support.discord import make_table, refused
from tests.support.locales import english_phrases, speaking
from tests.support.season import Member, SeasonClock, play_season, schedule

pytestmark = pytest.mark.asyncio

SEED = 11
NAMES = ["ana", "bruno", "carla", "davi", "elis"]
SKILLS = (0.95, 0.8, 0.6, 0.4, 0.7)


async def played_season(env, tables: int = 7, revive: bool = False):
    """A server whose members played `tables` games (one of them Revive with `revive`), stored
    by a service of their own over the bot's database, on a clock of their own."""
    table = make_table(env, NAMES + ["newcomer"])
    members = [
        Member(member.id, name, skill, 3_600)
        for member, name, skill in zip(table.members, NAMES, SKILLS, strict=False)
    ]
    boards = [("rebirth", {"map": "scotland"}), ("rebirth", {"map": "ireland"})]
    planned = schedule(tables, SEED, boards, members)
    if revive:
        planned[0] = type(planned[0])("revive", {}, tuple(members[:2]))
    database: Database = env.bot.database
    clock = SeasonClock()
    season = GameService(database, engines=load_engine, clock=clock)
    await play_season(season, clock, planned, SEED, channel=70_000, guild=table.guild.id)
    async with database.store.transaction() as writing:  # their channels are not this server's
        await writing.run("DELETE FROM outbox")
    return table


def notified(env, table, result) -> set[int]:
    """Who Discord notified for a command's public answer."""
    return set(env.backend.get_message(table.channel.id, result.response.id).ping_user_ids)


def text_of(result) -> str:
    return result.response.content if result.response else result.followups[-1].content


async def test_a_member_reads_their_stats_with_a_chart_and_another_members_shared(simcord_env):
    table = await played_season(simcord_env)
    ana, bruno = table.members[0], table.members[1]
    mine = await ana.slash(table.channel, "stats")
    assert mine.ephemeral and not simcord_env.errors
    said = text_of(mine)
    assert f"Stats of <@{ana.id}>" in said and "**Rebirth**" in said and "games played" in said
    assert "Rating **" in said and "Median time to move" in said and "Scotland" in said
    [chart] = mine.response.attachments
    image = Image.open(io.BytesIO(await chart.read()))
    assert image.size == (1100, 600)

    shared = await ana.slash(table.channel, "stats", player=bruno, share=True)
    assert not shared.ephemeral
    assert f"<@{bruno.id}>" in text_of(shared)
    assert not notified(simcord_env, table, shared)  # named, never notified

    newcomer = table.members[-1]
    nothing = await newcomer.slash(table.channel, "stats")
    assert "has not played a game" in text_of(nothing) and not nothing.response.attachments


async def test_the_servers_table_of_a_game_and_the_leaderboard_pages(simcord_env, monkeypatch):
    table = await played_season(simcord_env)
    ana = table.members[0]
    board = await ana.slash(table.channel, "stats", game="rebirth")
    said = text_of(board)
    assert "**Rebirth in this server**: 7 finished games" in said
    assert "Top players: 1." in said and "Longest game:" in said and "Average score of a person" in said

    monkeypatch.setattr(stats, "PAGE", 2)
    first = await ana.slash(table.channel, "leaderboard", game="rebirth")
    assert first.ephemeral
    page_one = text_of(first)
    assert "page 1 of" in page_one and "1. " in page_one and "3. " not in page_one
    clicked = await ana.click(first.response, label="Next ▶")
    assert "page 2 of" in clicked.response.content and "3. " in clicked.response.content
    assert not simcord_env.errors
    refused(simcord_env, await ana.slash(table.channel, "leaderboard", game="rebirth", page=40), "no page 40")
    shared = await ana.slash(table.channel, "leaderboard", game="rebirth", share=True)
    assert not shared.ephemeral and not notified(simcord_env, table, shared)


async def test_ai_levels_are_on_the_leaderboard_by_level(simcord_env):
    table = await played_season(simcord_env, tables=6)
    ranks = text_of(await table.members[0].slash(table.channel, "leaderboard", game="rebirth"))
    assert "🤖 normal" in ranks or "🤖 easy" in ranks


async def test_revive_stats_name_the_favourite_tribe_and_tribe_win_rates(simcord_env):
    table = await played_season(simcord_env, tables=1, revive=True)
    ana = table.members[0]
    said = text_of(await ana.slash(table.channel, "stats", game="revive", player=ana))
    assert "Favourite tribe: **" in said
    rates = text_of(await ana.slash(table.channel, "stats", game="revive"))
    assert "Tribe win rates" in rates


async def test_stats_and_leaderboard_read_in_brazilian_portuguese(simcord_env, monkeypatch):
    table = await played_season(simcord_env, tables=4)
    ana = table.members[0]
    speaking(monkeypatch, {ana.id: "pt-BR"})
    english = english_phrases("pt-BR")
    for result in (
        await ana.slash(table.channel, "stats"),
        await ana.slash(table.channel, "stats", game="rebirth"),
        await ana.slash(table.channel, "leaderboard", game="rebirth"),
    ):
        said = text_of(result)
        assert not [phrase for phrase in english if phrase in said], said
    assert "Estatísticas" in text_of(await ana.slash(table.channel, "stats"))
