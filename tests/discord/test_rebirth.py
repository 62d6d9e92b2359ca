"""Rebirth through the real slash commands, as several people in one channel (simcord)."""

from __future__ import annotations

import io
import re

import discord
import pytest
from PIL import Image

from bot import create_bot
from service.move_text import explained
from tests.support.discord import current_player, make_table, notation_of, open_and_start, pinged, refused


def first_player(table, started):
    """The member the start message names as first to move."""
    return next(m for m in table.members if f"{m.mention} goes first" in started.response.content)


def png_size(data: bytes) -> tuple[int, int]:
    assert data.startswith(b"\x89PNG"), "a PNG image"
    return Image.open(io.BytesIO(data)).size


async def test_lobby_one_game_per_channel_and_start_seats_everyone(simcord_env):
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.members
    opened = await alice.slash(table.channel, "game new", game="rebirth", map="scotland")
    assert not opened.ephemeral and "/game join" in opened.response.content
    again = await bob.slash(table.channel, "game new", game="rebirth")
    refused(simcord_env, again, "already has a game")

    early = await bob.slash(table.channel, "game start")
    refused(simcord_env, early, "Only the player who created")
    alone = await alice.slash(table.channel, "game start")
    refused(simcord_env, alone, "2 to 4 players")

    await bob.slash(table.channel, "game join")
    twice = await bob.slash(table.channel, "game join")
    refused(simcord_env, twice, "already in this game")
    await carol.slash(table.channel, "game join")
    left = await carol.slash(table.channel, "game leave")
    assert carol.mention not in left.response.content.split("Seated")[1]

    started = await alice.slash(table.channel, "game start")
    message = started.response.message
    text = message.content
    assert "Rebirth: Scotland" in text and "goes first" in text
    assert all(f"<@{m.id}>" in text for m in (alice, bob))
    assert pinged(simcord_env, message) == {alice.id, bob.id}
    assert re.search(r"Orange \(circle\)", text) and re.search(r"Blue \(square\)", text)
    width, height = png_size(await started.response.attachments[0].read())
    assert 550 <= width <= 700, "the channel image is drawn near Discord's inline width"


async def test_move_autocomplete_lists_legal_spaces_with_points(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    first = first_player(table, started)
    other = next(m for m in table.members if m is not first)
    choices = await first.autocomplete(table.channel, "move", "action", "")
    assert 0 < len(choices) <= 25
    choices = [c for c in choices if explained(c["value"]) is None]  # the last line says how many
    assert all(re.match(r"^[A-Z]\d+  .+, \+\d+", c["name"]) for c in choices), choices[:3]
    typed = choices[0]["value"][0]
    narrowed = await first.autocomplete(table.channel, "move", "action", typed)
    assert narrowed and all(
        c["value"].startswith(typed) or typed.lower() in c["name"].lower() for c in narrowed
    )
    assert await other.autocomplete(table.channel, "move", "action", "") == []


async def test_a_move_posts_the_board_says_what_scored_and_pings_only_the_next_player(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    first = first_player(table, started)
    other = next(m for m in table.members if m is not first)
    before = await started.response.attachments[0].read()
    choice = (await first.autocomplete(table.channel, "move", "action", ""))[0]
    result = await first.slash(table.channel, "move", action=choice["value"])
    message = result.response.message
    assert not result.response.ephemeral
    assert f"on **{notation_of(choice['value'])}**" in message.content
    assert f"Your turn, {other.mention}" in message.content
    assert pinged(simcord_env, message) == {other.id}
    after = await result.response.attachments[0].read()
    assert after != before and png_size(after) == png_size(before)


async def test_refusals_are_private_one_liners_and_change_nothing(simcord_env):
    table = make_table(simcord_env, ["alice", "bob", "mallory"])
    alice, bob, mallory = table.members
    nothing = await alice.slash(table.channel, "move", action="F7")
    refused(simcord_env, nothing, "no game in this channel")
    started = await open_and_start(table, players=2)
    first = first_player(table, started)
    other = bob if first is alice else alice
    status_before = (await alice.slash(table.channel, "game status")).response.content

    refused(simcord_env, await mallory.slash(table.channel, "move", action="F7"), "not playing")
    refused(simcord_env, await other.slash(table.channel, "move", action="F7"), "not your turn")
    refused(simcord_env, await first.slash(table.channel, "move", action="hello"), "not a space")
    refused(simcord_env, await first.slash(table.channel, "move", action="A1"), "water")
    refused(simcord_env, await first.slash(table.channel, "move", action="Z40"), "not a space on this board")

    assert (await alice.slash(table.channel, "game status")).response.content == status_before
    public = [m for m in table.channel.history() if not m.flags.ephemeral]
    assert not any("not your turn" in m.content.lower() for m in public)


async def test_hand_is_private_and_never_reaches_the_channel(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.members
    await open_and_start(table)
    hand = await alice.slash(table.channel, "hand")
    assert hand.ephemeral
    text = hand.response.content
    assert "In hand:" in text and "Set aside" in text
    assert all(m.id != hand.response.id for m in table.channel.history(viewer=bob))
    set_aside = text.split("Set aside, out of play: ")[1].split("\n")[0]
    for message in table.channel.history(viewer=bob):
        assert set_aside not in message.content


async def test_board_status_and_log(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    first = first_player(table, started)
    choice = (await first.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    await first.slash(table.channel, "move", action=choice)

    board = await first.slash(table.channel, "board")
    assert board.response.attachments and pinged(simcord_env, board.response.message) == set()
    status = (await first.slash(table.channel, "game status")).response
    assert "turn 2" in status.content and "<t:" in status.content and "tiles left" in status.content
    assert pinged(simcord_env, status.message) == set()
    log = (await first.slash(table.channel, "game log")).response.content
    assert "1. " in log and notation_of(choice) in log


async def test_abort_needs_the_creator_or_manage_channels_and_frees_the_channel(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.members
    await open_and_start(table)
    refused(simcord_env, await bob.slash(table.channel, "game abort"), "Only the game's creator")
    aborted = await alice.slash(table.channel, "game abort")
    assert "aborted" in aborted.response.content
    reopened = await bob.slash(table.channel, "game new", game="rebirth")
    assert not reopened.ephemeral


async def test_resign_in_a_two_player_game_ends_it_with_the_other_player_winning(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.members
    await open_and_start(table)
    result = await bob.slash(table.channel, "game resign")
    text = result.response.content
    assert "resigned" in text and "Final scores" in text
    assert f"Winner: {alice.mention}" in text


async def play_until_over(table, started, limit: int = 400):
    """Each player in turn takes the top autocomplete choice until the final message."""
    message = started.response.message
    mover = first_player(table, started)
    for _ in range(limit):
        if "Final scores" in message.content:
            return message
        choice = (await mover.autocomplete(table.channel, "move", "action", ""))[0]["value"]
        result = await mover.slash(table.channel, "move", action=choice)
        message = result.response.message
        if "Final scores" not in message.content:
            mover = current_player(table, message)
    raise AssertionError("the game did not end")


async def test_a_whole_two_player_game_through_slash_commands(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    final = await play_until_over(table, started)
    text = final.content
    assert "Final scores" in text and "🏆" in text
    assert all(m.mention in text for m in table.members)
    assert pinged(simcord_env, final) == {m.id for m in table.members}
    assert final.attachments
    totals = [int(n) for n in re.findall(r": \*\*(\d+)\*\*", text)]
    assert len(totals) == 2 and max(totals) > 0
    after = await table.members[0].slash(table.channel, "move", action="F7")
    refused(simcord_env, after, "is over")
    final_board = await table.members[1].slash(table.channel, "board")
    assert "game over" in final_board.response.content and final_board.response.attachments


async def test_a_restarted_bot_continues_the_game(simcord_env, database_path):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    mover = first_player(table, started)
    choice = (await mover.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    moved = await mover.slash(table.channel, "move", action=choice)
    status_before = (await mover.slash(table.channel, "game status")).response.content

    await simcord_env.restart_bot(create_bot(database_path))

    status_after = (await mover.slash(table.channel, "game status")).response.content
    assert status_after == status_before
    nxt = current_player(table, moved.response.message)
    choice = (await nxt.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    result = await nxt.slash(table.channel, "move", action=choice)
    assert f"on **{notation_of(choice)}**" in result.response.content


async def test_a_member_with_manage_channels_may_abort(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    moderators = table.guild.create_role("Mods", permissions=discord.Permissions(manage_channels=True))
    mod = table.guild.add_member(simcord_env.create_user("mod"), roles=[moderators])
    await open_and_start(table)
    aborted = await mod.slash(table.channel, "game abort")
    assert not aborted.ephemeral and "aborted" in aborted.response.content


async def test_a_drawn_mission_card_is_told_only_to_its_owner(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    first = first_player(table, started)
    other = next(m for m in table.members if m is not first)
    [choice] = (await first.autocomplete(table.channel, "move", "action", "mission card"))[:1]
    result = await first.slash(table.channel, "move", action=choice["value"])
    assert "Draws 1 mission card" in result.response.content
    [private] = result.followups
    assert private.ephemeral and "You drew 1 mission card" in private.content
    card_name = private.content.split("**")[1]
    seen_by_other = " ".join(m.content for m in table.channel.history(viewer=other))
    assert card_name not in seen_by_other
    assert card_name in (await first.slash(table.channel, "hand")).response.content


@pytest.mark.parametrize("simcord_bot", ["deferring"], indirect=True)
async def test_a_deferred_move_still_pings_the_next_player_with_a_new_message(simcord_env):
    """When a command has to defer (a slow moment), the public board must not be an edit of
    the placeholder: Discord notifies nobody about edits."""
    table = make_table(simcord_env, ["alice", "bob"])
    await open_and_start(table)
    start_post = next(m for m in reversed(table.channel.history()) if "goes first" in m.content)
    assert pinged(simcord_env, start_post) == {m.id for m in table.members}
    first = next(m for m in table.members if f"{m.mention} goes first" in start_post.content)
    other = next(m for m in table.members if m is not first)
    choice = (await first.autocomplete(table.channel, "move", "action", ""))[0]["value"]
    result = await first.slash(table.channel, "move", action=choice)
    assert result.response.ephemeral and "posted in the channel" in result.response.content
    public = [
        m
        for m in table.channel.history()
        if not m.flags.ephemeral and f"**{notation_of(choice)}**" in m.content
    ]
    assert len(public) == 1 and public[0].attachments
    assert public[0].interaction_metadata is None, "a new channel message, not an edited reply"
    assert pinged(simcord_env, public[0]) == {other.id}
    refused(simcord_env, await other.slash(table.channel, "move", action="resign"), "/game resign")


async def test_status_after_the_end_and_resign_only_through_its_command(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.members
    await open_and_start(table)
    refused(simcord_env, await alice.slash(table.channel, "move", action="resign"), "/game resign")
    await alice.slash(table.channel, "game resign")
    status = await bob.slash(table.channel, "game status")
    assert "game over" in status.response.content and "(resigned)" in status.response.content


@pytest.mark.slow
async def test_a_whole_ireland_game_through_slash_commands(simcord_env):
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    started = await open_and_start(table, players=3, map_id="ireland")
    assert "Rebirth: Ireland" in started.response.content
    status = (await table.members[0].slash(table.channel, "game status")).response.content
    assert "Public missions" in status and "Round towers" in status
    hand = (await table.members[1].slash(table.channel, "hand")).response.content
    assert "Doubling Marker: available" in hand and "face down and shuffled" in hand
    final = await play_until_over(table, started)
    text = final.content
    assert "Final scores" in text and "🏆" in text and final.attachments
    log = " ".join(m.content for m in table.channel.history())
    assert "complete" in log and "Round tower" in log


# "With 2 to 4 players, place 32 Tiles of a color not in use face down on the spaces marked with
# the yellow hexagon icon": a 2-player game leaves Stornoway (C6, marked 3) open; the dense
# 2-player variant (ours, docs/rebirth.md) covers it with a neutral tile.
@pytest.mark.parametrize(("variant", "covered"), [(None, False), ("dense", True)])
async def test_two_player_neutral_tiles_follow_the_chosen_setup(simcord_env, variant, covered):
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.members
    options = {"variant": variant} if variant else {}
    opened = await alice.slash(table.channel, "game new", game="rebirth", map="scotland", **options)
    assert ("dense 2-player board" in opened.response.content) == covered
    await bob.slash(table.channel, "game join")
    started = await alice.slash(table.channel, "game start")
    mover = first_player(table, started)
    result = await mover.slash(table.channel, "move", action="C6")
    if covered:
        refused(simcord_env, result, "C6 is covered by a neutral tile")
    elif result.ephemeral:  # an open space: refused only if the tile in hand is not a settlement
        assert "neutral" not in refused(simcord_env, result, "C6 is a settlement space")
    else:
        assert "**C6**" in result.response.content


async def test_a_variant_is_refused_for_a_game_without_one(simcord_env):
    table = make_table(simcord_env, ["alice"])
    [alice] = table.members
    result = await alice.slash(table.channel, "game new", game="revive", variant="dense")
    refused(simcord_env, result, "Revive has no variant to choose")


async def test_a_placement_message_names_its_tile_with_the_right_article(simcord_env):
    table = make_table(simcord_env, ["ann", "bob"])
    started = await open_and_start(table)
    mover = first_player(table, started)
    for _ in range(6):  # a few turns: energy farms, food farms and settlements all come up
        choice = (await mover.autocomplete(table.channel, "move", "action", ""))[0]["value"]
        text = (await mover.slash(table.channel, "move", action=choice)).response.content
        assert "a energy" not in text and " a an " not in text
        assert re.search(r"placed (an energy farm|a food farm|a settlement \(influence \d\)) on", text), text
        mover = next(member for member in table.members if member is not mover)  # two players
