"""No game without a human can stall: fallback seats alone would play for ever. Leaving is one way
to leave only fallback seats behind; resigning is the other (the last person resigns beside fallback
seats)."""

from __future__ import annotations

from tests.support.discord import make_table, pinged, refused


async def test_the_last_person_resigning_beside_fallback_seats_ends_the_game_and_frees_the_channel(
    simcord_env,
):
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await cy.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    await bob.slash(table.channel, "game leave")
    await cy.slash(table.channel, "game leave")
    resigned = await ann.slash(table.channel, "game resign")
    text = resigned.response.content
    assert "Nobody is left to play" in text and "free for `/game new`" in text
    later = [m for m in table.channel.history() if m.id > resigned.response.id]
    assert not [m for m in later if "fallback player played" in m.content]
    status = await ann.slash(table.channel, "game status")
    refused(simcord_env, status, "no game in this channel")
    again = await bob.slash(table.channel, "game new", game="rebirth")
    assert "opened a **Rebirth" in again.response.content
    assert pinged(simcord_env, again.response.message) == set()
