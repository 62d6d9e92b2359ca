"""Who may have the bot post or draw a look, and how often (simcord, virtual clock): the channel's
posts are for the game's players, a stranger gets the same look privately; public boards are
spaced out per channel and per person; every board drawn counts against the asker's and the
channel's budget, past which the answer is a private "look again in N seconds" and nothing is
drawn (service/look_limits.py)."""

from __future__ import annotations

import pytest

from presenters.rebirth.presenter import RebirthPresenter
from tests.support.discord import make_table, open_and_start, refused
from tests.support.locales import speaking

pytestmark = pytest.mark.asyncio

PLAYERS_ONLY = "posts in the channel are for the game's players"
POSTED_RECENTLY = "a board was posted here moments ago"


def public(table) -> list:
    """The channel's messages everyone sees."""
    return [m for m in table.channel.history() if not m.flags.ephemeral]


def first_player(table, started):
    """The member the start message names as first to move."""
    return next(m for m in table.members if f"{m.mention} goes first" in started.response.content)


@pytest.fixture
def drawings(monkeypatch) -> list[int]:
    """Every Rebirth board drawn from now on, counted (one entry per drawing)."""
    drawn: list[int] = []
    original = RebirthPresenter.render

    def render(self, *args, **kwargs):
        drawn.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(RebirthPresenter, "render", render)
    return drawn


async def rebirth_table(env, names: list[str], players: int = 2):
    """A started 2-player Rebirth game of the first `players` members; the rest are strangers.
    Returns the table and the start message (with the Whole board button under it)."""
    table = make_table(env, names)
    started = await open_and_start(table, players=players)
    return table, started


async def test_a_stranger_s_board_is_private_and_a_seated_player_s_is_posted(simcord_env):
    """Someone not seated asks for `/board`: they see the board, the channel gets nothing. A
    seated player's `/board` is posted for everyone, pinging nobody."""
    table, _ = await rebirth_table(simcord_env, ["ann", "bob", "cy"])
    ann, _, cy = table.members
    before = len(public(table))
    looked = await cy.slash(table.channel, "board")
    assert looked.ephemeral and looked.response.attachments
    assert PLAYERS_ONLY in looked.response.content
    assert len(public(table)) == before, "a stranger's board reached the channel"
    posted = await ann.slash(table.channel, "board")
    assert not posted.ephemeral and posted.response.attachments
    assert PLAYERS_ONLY not in posted.response.content
    assert len(public(table)) == before + 1


async def test_a_stranger_s_shared_log_and_status_are_private(simcord_env):
    """`/game log share:true` and `/game status share:true` by someone not seated answer them
    alone, with a note why; a seated player's share is still posted."""
    table, _ = await rebirth_table(simcord_env, ["ann", "bob", "cy"])
    _, bob, cy = table.members
    before = len(public(table))
    for command in ("game log", "game status"):
        shared = await cy.slash(table.channel, command, share=True)
        assert shared.ephemeral, command
        assert PLAYERS_ONLY in shared.response.content, command
    assert len(public(table)) == before
    posted = await bob.slash(table.channel, "game log", share=True)
    assert not posted.ephemeral and len(public(table)) == before + 1


async def test_boards_in_a_row_go_private_then_wait_without_drawing(simcord_env, drawings):
    """One person asks for `/board` eight times in a row: the first is posted, the next ones are
    shown privately (the board was just posted), and past six drawings a minute the answer is a
    private "look again in 60 seconds" with nothing drawn. A minute later the board is posted
    again."""
    table, _ = await rebirth_table(simcord_env, ["ann", "bob"])
    ann = table.members[0]
    before = len(public(table))
    drawings.clear()
    answers = [await ann.slash(table.channel, "board") for _ in range(6)]
    assert [a.ephemeral for a in answers] == [False] + [True] * 5
    assert all(a.response.attachments for a in answers)
    assert all(POSTED_RECENTLY in a.response.content for a in answers[1:])
    for _ in range(2):
        waited = await ann.slash(table.channel, "board")
        refused(simcord_env, waited, "you can look again in 60 seconds")
        assert not waited.response.attachments
    assert len(drawings) == 6, "a refused look drew a board"
    assert len(public(table)) == before + 1
    await simcord_env.advance_time(60)
    again = await ann.slash(table.channel, "board")
    assert not again.ephemeral and again.response.attachments and len(public(table)) == before + 2


async def test_public_boards_are_spaced_out_per_channel_and_per_person(simcord_env):
    """After a board is posted, another player's `/board` within 20 seconds is shown to them
    privately, saying when the channel can have one again; after 20 seconds it is posted. The
    same person posts again after 30 seconds, not 20."""
    table, _ = await rebirth_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    assert not (await ann.slash(table.channel, "board")).ephemeral
    await simcord_env.advance_time(5)
    soon = await bob.slash(table.channel, "board")
    assert soon.ephemeral and soon.response.attachments
    assert "The channel can have another in 15 seconds" in soon.response.content
    await simcord_env.advance_time(15)
    assert not (await bob.slash(table.channel, "board")).ephemeral
    await simcord_env.advance_time(20)  # 40 s after ann's board, 20 s after bob's
    mine = await ann.slash(table.channel, "board")
    assert not mine.ephemeral, "the channel's 20 s and ann's own 30 s have both passed"
    await simcord_env.advance_time(20)
    twice = await ann.slash(table.channel, "board")
    assert twice.ephemeral and "another in 10 seconds" in twice.response.content


async def test_the_whole_board_button_answers_a_stranger_privately_within_the_same_budget(
    simcord_env, drawings
):
    """The **Whole board** button answers anyone privately, and its drawings count with
    `/board`'s: a stranger's three boards and three clicks use up the minute, the next click is
    told to wait and draws nothing, and the channel never gets a thing."""
    table, started = await rebirth_table(simcord_env, ["ann", "bob", "cy"])
    mover = first_player(table, started)
    [choice, *_] = await mover.autocomplete(table.channel, "move", "action", "")
    turn = (await mover.slash(table.channel, "move", action=choice["value"])).response
    cy = table.members[2]
    before = len(public(table))
    drawings.clear()
    for _ in range(3):
        assert (await cy.slash(table.channel, "board")).ephemeral
    for _ in range(3):
        clicked = await cy.click(turn, label="🗺️ Whole board")
        assert clicked.ephemeral and clicked.response.attachments
    waited = await cy.click(turn, label="🗺️ Whole board")
    assert waited.ephemeral and not waited.response.attachments
    assert "look again in 60 seconds" in waited.response.content
    assert len(drawings) == 6 and len(public(table)) == before


async def test_a_channel_draws_at_most_twelve_boards_a_minute_whoever_asks(simcord_env, drawings):
    """Strangers taking turns cannot multiply the drawing: two of them use a channel's twelve
    boards a minute, the third is told to wait, and a seated player too, until the minute has
    passed; then the seated player's board is posted."""
    table, _ = await rebirth_table(simcord_env, ["ann", "bob", "cy", "dee", "eve"])
    ann, _, cy, dee, eve = table.members
    drawings.clear()
    for stranger in (cy, dee):
        for _ in range(6):
            assert (await stranger.slash(table.channel, "board")).response.attachments
    refused(simcord_env, await eve.slash(table.channel, "board"), "look again in 60 seconds")
    refused(simcord_env, await ann.slash(table.channel, "board"), "look again in 60 seconds")
    assert len(drawings) == 12
    await simcord_env.advance_time(60)
    assert not (await ann.slash(table.channel, "board")).ephemeral


async def test_the_notes_and_the_wait_are_in_the_asker_s_language(simcord_env, monkeypatch):
    """A stranger whose Discord speaks Portuguese reads the private look's note and the wait in
    Portuguese."""
    table, _ = await rebirth_table(simcord_env, ["ann", "bob", "cy"])
    cy = table.members[2]
    speaking(monkeypatch, {cy.id: "pt-BR"})
    looked = await cy.slash(table.channel, "board")
    assert looked.ephemeral and "são para quem joga esta partida" in looked.response.content
    for _ in range(5):
        await cy.slash(table.channel, "board")
    waited = refused(simcord_env, await cy.slash(table.channel, "board"), "olhar de novo em 60 segundos")
    assert "look again" not in waited
