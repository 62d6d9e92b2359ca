"""At the table: seats that come back, clock votes by majority, the lobby's buttons and the Rematch
button, driven through simcord as players would (slash commands and clicks)."""

from __future__ import annotations

import pytest

from tests.support.discord import make_table, pass_time, pinged, refused

pytestmark = pytest.mark.asyncio

HOUR = 3600
DAY = 24 * HOUR


def said_privately(result, contains: str) -> None:
    """A button's refusal: a private answer with the reason (buttons answer their errors
    themselves, as `tree.on_error` does for commands)."""
    assert result.ephemeral, "refusals are private"
    assert contains.lower() in result.response.content.lower(), result.response.content


def labels(message) -> list[str]:
    """The button labels a player sees under a message (an answer or a channel message)."""
    rows = message.components
    if rows and isinstance(rows[0], dict):
        return [child["label"] for row in rows for child in row["components"]]
    return [child.label for row in rows for child in row.children]


async def to_move(table):
    """The seated member whose move it is (the only one offered moves)."""
    for member in table.members:
        if await member.autocomplete(table.channel, "move", "action", ""):
            return member
    return None


async def open_game(table, players: int, **options):
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game="rebirth", **options)
    for member in table.members[1:players]:
        await member.slash(table.channel, "game join")
    return await creator.slash(table.channel, "game start")


# ----------------------------------------------------------------------- seats come back


async def test_a_player_who_left_takes_the_seat_back_with_rejoin_or_the_button(simcord_env):
    """A player whose seat went to the fallback player (they left, or a clock vote handed it over)
    can take it back (`/game rejoin` or a button on the hand-over message) while the game runs. Not
    someone never seated, not a seat that is still theirs."""
    table = make_table(simcord_env, ["ann", "bob", "cy", "dee"])
    ann, bob, cy, dee = table.members
    await open_game(table, 3)
    left = await bob.slash(table.channel, "game leave")
    assert not left.ephemeral
    assert "left the game" in left.response.content and "plays that seat from now on" in left.response.content
    assert "/game rejoin" in left.response.content
    assert labels(left.response) == ["Take my seat back"]
    assert await bob.autocomplete(table.channel, "move", "action", "") == []  # the seat is not his now

    back = await bob.slash(table.channel, "game rejoin")
    assert not back.ephemeral and f"<@{bob.id}> takes the seat back" in back.response.content
    assert "🤖" not in back.response.content
    status = await cy.slash(table.channel, "game status")
    assert f"<@{bob.id}> 🤖" not in status.response.content
    # His seat plays again: when his turn comes, he is pinged and offered moves.
    for _ in range(3):
        mover = await to_move(table)
        if mover is bob:
            break
        [choice, *_] = await mover.autocomplete(table.channel, "move", "action", "")
        moved = await mover.slash(table.channel, "move", action=choice["value"])
    assert mover is bob and pinged(simcord_env, moved.response.message) == {bob.id}

    again = await bob.slash(table.channel, "game rejoin")
    refused(simcord_env, again, "You still hold your seat")
    stranger = await dee.slash(table.channel, "game rejoin")
    refused(simcord_env, stranger, "You are not playing in this game")
    by_button = await dee.click(left.response, label="Take my seat back")
    said_privately(by_button, "You are not playing in this game")

    second = await bob.slash(table.channel, "game leave")
    clicked = await bob.click(second.response, label="Take my seat back")
    assert not clicked.ephemeral and "takes the seat back" in clicked.response.content
    assert await ann.slash(table.channel, "game status")  # the game goes on


async def test_no_seat_comes_back_after_the_game_ended_nor_an_add_bot_seat(simcord_env):
    """A seat comes back "while the game runs"; a seat filled with add-bot was never anybody's."""
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await open_game(table, 3)
    left = await bob.slash(table.channel, "game leave")
    await ann.slash(table.channel, "game resign")
    ended = await cy.slash(table.channel, "game resign")  # only the fallback seat is left: over
    assert "Rematch" in labels(ended.response)
    over = await bob.slash(table.channel, "game rejoin")
    refused(simcord_env, over, "This game is over")
    late = await bob.click(left.response, label="Take my seat back")
    said_privately(late, "This game is over")

    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game add-bot")
    await ann.slash(table.channel, "game start")
    outsider = await cy.slash(table.channel, "game rejoin")  # the bot's seat is not cy's to take
    refused(simcord_env, outsider, "You are not playing in this game")
    left = await bob.slash(table.channel, "game leave")
    await ann.slash(table.channel, "game abort")
    refused(simcord_env, await bob.slash(table.channel, "game rejoin"), "This game is over")


async def test_a_clock_vote_hands_a_seat_over_only_on_a_majority_kept_across_a_restart(
    simcord_env, database_path
):
    """A clock vote hands a seat over only on a majority of the other humans, not on one click, and
    the message says the seat was handed over by vote, not that the player left. One vote per
    person; the vote says how many are still needed."""
    from bot import create_bot

    table = make_table(simcord_env, ["ann", "bob", "cy", "dee"])
    await open_game(table, 4, clock=1, on_timeout="vote", reminder_hours=0)
    late = await to_move(table)
    first, second, third = [m for m in table.members if m is not late]
    await pass_time(simcord_env, DAY + 600)
    [vote] = [m for m in table.channel.history() if "Wait one more day, or hand" in m.content]
    assert pinged(simcord_env, vote) == {first.id, second.id, third.id}
    assert "a majority of you: 2 of 3" in vote.content

    counted = await first.click(vote, label="Hand the seat to the fallback player")
    assert not counted.ephemeral
    assert "votes to hand the seat of" in counted.response.content
    assert "Votes still needed: 1" in counted.response.content
    twice = await first.click(vote, label="Hand the seat to the fallback player")
    assert twice.ephemeral and "already voted" in twice.response.content
    assert "Votes still needed: 1" in twice.response.content
    own = await late.click(vote, label="Hand the seat to the fallback player")
    assert own.ephemeral and "other players" in own.response.content
    assert await late.autocomplete(table.channel, "move", "action", "")  # still their seat

    await simcord_env.restart_bot(create_bot(database_path))  # the votes are stored
    handed = await second.click(vote, label="Hand the seat to the fallback player")
    text = handed.response.content
    assert "handed over by vote" in text and "left the game" not in text
    assert "plays that seat from now on" in text and "/game rejoin" in text
    assert pinged(simcord_env, handed.response.message) == {late.id}  # told that the seat went
    assert labels(handed.response) == ["Take my seat back"]
    assert any(f"<@{late.id}> 🤖" in m.content and m.attachments for m in table.channel.history())
    assert await late.autocomplete(table.channel, "move", "action", "") == []

    back = await late.click(handed.response, label="Take my seat back")
    assert not back.ephemeral and "takes the seat back" in back.response.content


# ----------------------------------------------------------------------- the lobby's buttons


async def test_the_lobby_has_join_leave_add_bot_and_start_buttons_that_survive_a_restart(
    simcord_env, database_path
):
    """The lobby has buttons: Join, Leave, Add bot, Start (creator), beside the slash commands,
    persistent across restarts, refusing what they must refuse privately."""
    from bot import create_bot

    table = make_table(simcord_env, ["ann", "bob", "cy", "dee"])
    ann, bob, cy, dee = table.members
    opened = await ann.slash(table.channel, "game new", game="rebirth")
    lobby = opened.response
    assert labels(lobby) == ["Join", "Leave", "Add bot", "Start"]
    assert "/game join" in lobby.content and "**Join**" in lobby.content

    joined = await bob.click(lobby, label="Join")
    assert not joined.ephemeral and f"<@{bob.id}> joined" in joined.response.content
    assert labels(joined.response) == ["Join", "Leave", "Add bot", "Start"]
    said_privately(await bob.click(lobby, label="Join"), "already in this game")
    said_privately(await cy.click(lobby, label="Add bot"), "Only the player who created this table")
    said_privately(await cy.click(lobby, label="Start"), "Only the player who created this game")
    said_privately(await ann.click(lobby, label="Leave"), "You created this game")
    said_privately(await dee.click(lobby, label="Leave"), "not playing")
    added = await ann.click(lobby, label="Add bot")
    assert "takes a seat" in added.response.content and "Seated (3)" in added.response.content
    left = await bob.click(lobby, label="Leave")
    assert f"<@{bob.id}> left" in left.response.content and "Seated (2)" in left.response.content

    await simcord_env.restart_bot(create_bot(database_path))
    rejoined = await cy.click(lobby, label="Join")  # a button posted before the restart
    assert f"<@{cy.id}> joined" in rejoined.response.content and "Seated (3)" in rejoined.response.content
    started = await ann.click(lobby, label="Start")
    assert not started.ephemeral and started.response.attachments
    assert cy.id in pinged(simcord_env, started.response.message)

    # After the start the lobby's buttons refuse, and Leave gives no seat away.
    said_privately(await cy.click(lobby, label="Join"), "already started")
    said_privately(await cy.click(lobby, label="Leave"), "/game leave")
    status = await cy.slash(table.channel, "game status")
    assert f"<@{cy.id}> 🤖" not in status.response.content
    # A lobby button of an earlier table in the channel does nothing to the next one.
    await ann.slash(table.channel, "game abort")
    await bob.slash(table.channel, "game new", game="revive")
    said_privately(await dee.click(lobby, label="Join"), "earlier table")
    lobby_now = await ann.slash(table.channel, "game status")
    assert f"<@{dee.id}>" not in lobby_now.response.content


async def test_a_lobby_in_its_own_thread_has_the_buttons_too(simcord_env):
    """The lobby's buttons, for a game opened with `thread:true`."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="revive", thread=True)
    [room] = table.channel.threads
    [lobby] = room.history()
    assert labels(lobby) == ["Join", "Leave", "Add bot", "Start"]
    joined = await bob.click(lobby, label="Join")
    assert f"<@{bob.id}> joined" in joined.response.content


# ----------------------------------------------------------------------------- rematch


async def test_rematch_seats_only_its_opener_and_invites_the_old_table(simcord_env):
    """A **Rematch** button opens a new lobby with the same settings, by anyone who played: its
    opener is seated alone, and the others who played are pinged with an invitation to join,
    never seated without asking (nor the old fallback seats). Refused privately when a game is
    already open there."""
    table = make_table(simcord_env, ["ann", "bob", "cy", "dee"])
    ann, bob, cy, dee = table.members
    await ann.slash(table.channel, "game new", game="rebirth", map="ireland", clock=2, reminder_hours=5)
    await bob.slash(table.channel, "game join")
    await cy.slash(table.channel, "game join")
    await ann.slash(table.channel, "game add-bot")
    await ann.slash(table.channel, "game start")
    await bob.slash(table.channel, "game resign")
    await ann.slash(table.channel, "game resign")
    ended = await cy.slash(table.channel, "game resign")  # the bot is left alone: the game is over
    final = ended.response
    assert "Rematch" in labels(final)

    said_privately(await dee.click(final, label="Rematch"), "Only someone who played this game")
    rematch = await bob.click(final, label="Rematch")
    text = rematch.response.content
    assert not rematch.ephemeral and "rematch of **Rebirth: Ireland**" in text
    assert f"Seated (1): <@{bob.id}>" in text and "🤖" not in text
    [invite] = [line for line in text.splitlines() if "you played the last game" in line]
    assert f"<@{ann.id}>" in invite and f"<@{cy.id}>" in invite and "**Join**" in invite
    assert f"<@{bob.id}>" not in invite and f"<@{dee.id}>" not in text
    assert "Reminders every 5 h" in text and "Turn clock: 2 day" in text
    assert pinged(simcord_env, rematch.response.message) == {ann.id, cy.id}
    assert labels(rematch.response) == ["Join", "Leave", "Add bot", "Start"]
    said_privately(await cy.click(final, label="Rematch"), "already has a game")
    said_privately(await ann.click(rematch.response, label="Start"), "Only the player who created")

    joined = await ann.click(rematch.response, label="Join")  # ann accepts; cy does not answer
    assert f"Seated (2): <@{bob.id}>, <@{ann.id}>" in joined.response.content
    started = await bob.click(rematch.response, label="Start")  # the rematch's creator starts it
    assert not started.ephemeral and started.response.attachments
    assert pinged(simcord_env, started.response.message) == {ann.id, bob.id}
    status = await dee.slash(table.channel, "game status")
    assert "Ireland" in status.response.content and "Turn clock: 2 day" in status.response.content
    assert f"<@{cy.id}>" not in status.response.content


# ------------------------------------------------------------ a button of another channel


async def test_a_button_naming_another_channel_s_game_is_refused_and_changes_nothing(
    simcord_env, database_path
):
    """A button's custom_id names its game; clicked in another channel (an id forged there), every
    kind of button is refused privately and changes nothing: no reminder muted, no day added, no
    vote counted, no move played, nobody seated, nothing said in either channel."""
    import discord

    from cogs.posting import ActionButton, MoveButton, TableButton
    from tests.support.discord import latest_game_and_moves, notation_of

    table = make_table(simcord_env, ["ann", "bob", "cy", "eve"])
    elsewhere = table.guild.create_text_channel("elsewhere")
    await open_game(table, 3, clock=1, on_timeout="vote", reminder_hours=6)
    late = await to_move(table)
    first, second = [m for m in table.members[:3] if m is not late]
    eve = table.members[3]
    await pass_time(simcord_env, DAY + 600)
    [vote] = [m for m in table.channel.history() if "Wait one more day, or hand" in m.content]
    game, moves = await latest_game_and_moves(database_path, table.channel.id)
    key = int(game.turn_started_at)
    [choice, *_] = await late.autocomplete(table.channel, "move", "action", "")
    view = discord.ui.View(timeout=None)
    for kind in ("mute", "wait", "handover"):
        view.add_item(ActionButton(kind, game.id, key, kind))
    view.add_item(MoveButton(game.id, game.version, notation_of(choice["value"]), "move"))
    view.add_item(TableButton("join", game.id, "join"))
    await simcord_env.bot.get_channel(elsewhere.id).send("forged", view=view)
    [forged] = elsewhere.history()
    seen = len(table.channel.history())

    clicks = ((late, "mute"), (first, "wait"), (second, "handover"), (late, "move"), (eve, "join"))
    for member, label in clicks:
        said_privately(await member.click(forged, label=label), "belongs to a game of another channel")
    assert len(elsewhere.history()) == 1 and len(table.channel.history()) == seen
    after, moves_after = await latest_game_and_moves(database_path, table.channel.id)
    assert after == game and moves_after == moves

    # In its own channel the game goes on as if nothing had been clicked.
    reminded = len([m for m in table.channel.history() if m.content.startswith("⏰ <@")])
    waited = await first.click(vote, label="Wait one more day")
    assert not waited.ephemeral and "chose to wait" in waited.response.content  # not "already asked"
    counted = await second.click(vote, label="Hand the seat to the fallback player")
    assert "Votes still needed: 1" in counted.response.content  # the forged vote counted nothing
    await pass_time(simcord_env, 6 * HOUR + 600)
    assert len([m for m in table.channel.history() if m.content.startswith("⏰ <@")]) > reminded  # not muted


async def test_posted_buttons_leave_nothing_behind_in_the_bot_s_memory(simcord_env):
    """Every button is rebuilt from its custom_id when clicked (discord.py's DynamicItem), so a
    posted message keeps no view in the bot's memory: a bot that runs for months must not hold
    one for every lobby, turn and final message it ever posted. The buttons still answer."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    opened = await ann.slash(table.channel, "game new", game="revive")
    await bob.click(opened.response, label="Join")
    started = await ann.click(opened.response, label="Start")
    assert started.response.attachments
    first = next(m for m in table.members if f"<@{m.id}> takes the first turn" in started.response.content)
    switched = await first.slash(table.channel, "move", action="switch gear")
    ended = await first.click(switched.response, label="end your turn")
    assert not ended.ephemeral and ended.response.components, "the turn message has its buttons"
    whole = await bob.click(ended.response, label="🗺️ Whole board")
    assert whole.ephemeral and whole.response.attachments
    assert not simcord_env.bot.persistent_views, "no view kept per posted message"
