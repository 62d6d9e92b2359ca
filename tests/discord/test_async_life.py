"""Asynchronous life on Discord (simcord): /games."""

from __future__ import annotations

import pytest

from tests.support.discord import pass_time

# On SQLite only: the same life through the service runs on both engines (tests/service), and
# CI's time goes further there than through simcord.
pytestmark = pytest.mark.asyncio


async def test_games_lists_mine_in_this_server_waiting_on_me_first_with_links(simcord_env):
    guild = simcord_env.create_guild()
    ann = guild.add_member(simcord_env.create_user("ann"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    rooms = [guild.create_text_channel(name) for name in ("one", "two", "three")]
    for room in rooms[:2]:
        await ann.slash(room, "game new", game="rebirth")
        await bob.slash(room, "game join")
        await ann.slash(room, "game start")
    await bob.slash(rooms[2], "game new", game="revive")  # a lobby ann is not in
    # Both games start alike (same seed); one move in the first makes them differ for ann.
    mover = ann if await ann.autocomplete(rooms[0], "move", "action", "") else bob
    [choice, *_] = await mover.autocomplete(rooms[0], "move", "action", "")
    await mover.slash(rooms[0], "move", action=choice["value"])
    waiting = {room.id: bool(await ann.autocomplete(room, "move", "action", "")) for room in rooms[:2]}
    assert waiting[rooms[0].id] != waiting[rooms[1].id]
    listing = await ann.slash(rooms[0], "games")
    assert listing.ephemeral
    lines = listing.response.content.splitlines()
    assert lines[0].startswith("**Your games** (2)")
    mine_first = sorted(rooms[:2], key=lambda room: not waiting[room.id])
    for line, room in zip(lines[1:], mine_first, strict=True):
        assert f"/{room.id}" in line
        assert ("your turn" in line) == waiting[room.id]
    assert f"/{rooms[2].id}" not in listing.response.content
    other = await bob.slash(rooms[0], "games")
    assert "(3)" in other.response.content and "lobby" in other.response.content


HOUR = 3600
DAY = 24 * HOUR


async def start_two(simcord_env, **new_options):
    """A 2-player Rebirth game; returns (table, player to move, the other player)."""
    from tests.support.discord import make_table

    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="rebirth", **new_options)
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    first = ann if await ann.autocomplete(table.channel, "move", "action", "") else bob
    return table, first, bob if first is ann else ann


def reminders(table) -> list:
    return [m for m in table.channel.history() if m.content.startswith("⏰")]


async def move_first_choice(table, member):
    [choice, *_] = await member.autocomplete(table.channel, "move", "action", "")
    return await member.slash(table.channel, "move", action=choice["value"])


async def test_a_reminder_after_the_interval_none_while_muted_or_away_and_after_a_restart(
    simcord_env, database_path
):
    from bot import create_bot
    from tests.support.discord import pinged

    table, first, other = await start_two(simcord_env, reminder_hours=2)
    await pass_time(simcord_env, HOUR)
    assert reminders(table) == []
    await pass_time(simcord_env, HOUR + 120)
    [reminder] = reminders(table)
    assert (
        pinged(simcord_env, reminder) == {first.id}
        and "<t:" in reminder.content
        and ":R>" in reminder.content
    )
    # A restart forgets nothing: the next reminder comes one interval after the first.
    await simcord_env.restart_bot(create_bot(database_path))
    await pass_time(simcord_env, HOUR)
    assert len(reminders(table)) == 1
    await pass_time(simcord_env, HOUR + 120)
    assert len(reminders(table)) == 2
    muted = await first.click(reminders(table)[-1], label="Mute reminders for this turn")
    assert muted.ephemeral and "No more reminders" in muted.response.content
    await pass_time(simcord_env, 6 * HOUR)
    assert len(reminders(table)) == 2
    # The next turn is the other player's; while they are away, no reminder either.
    await move_first_choice(table, first)
    away = await other.slash(table.channel, "away set", days=1)
    assert away.ephemeral and "away until" in away.response.content
    status = await first.slash(table.channel, "game status")
    assert f"<@{other.id}> is away until" in status.response.content
    await pass_time(simcord_env, 6 * HOUR)
    assert len(reminders(table)) == 2
    await other.slash(table.channel, "away off")
    await pass_time(simcord_env, 2 * HOUR + 120)
    assert pinged(simcord_env, reminders(table)[-1]) == {other.id} and len(reminders(table)) == 3


async def test_a_turn_clock_running_out_lets_the_fallback_player_play_that_turn(simcord_env, database_path):
    from bot import create_bot
    from tests.support.discord import pinged

    table, first, other = await start_two(simcord_env, clock=1, reminder_hours=0)
    status = await first.slash(table.channel, "game status")
    assert "Turn clock: 1 day" in status.response.content and "runs out <t:" in status.response.content
    await pass_time(simcord_env, DAY / 2)
    await simcord_env.restart_bot(create_bot(database_path))  # the clock is stored, not in memory
    await pass_time(simcord_env, DAY / 2 + 120)
    # One message: the clock ran out, the fallback player's move for that seat, the next ping.
    played = [m for m in table.channel.history() if "turn clock of" in m.content and "ran out" in m.content]
    assert len(played) == 1 and pinged(simcord_env, played[0]) == {other.id}
    assert f"<@{first.id}> placed" in played[0].content and played[0].attachments
    assert "clock runs out <t:" in played[0].content  # the ping says when the next clock runs out
    assert await other.autocomplete(table.channel, "move", "action", "")  # the turn passed on


async def test_a_turn_clock_put_to_the_others_wait_a_day_then_hand_the_seat_over(simcord_env):
    from tests.support.discord import pinged

    table, first, other = await start_two(simcord_env, clock=1, on_timeout="vote", reminder_hours=0)
    await pass_time(simcord_env, DAY + 120)
    [vote] = [m for m in table.channel.history() if "Wait one more day, or hand" in m.content]
    assert pinged(simcord_env, vote) == {other.id}
    refused = await first.click(vote, label="Wait one more day")
    assert refused.ephemeral and "other players" in refused.response.content
    waited = await other.click(vote, label="Wait one more day")
    assert "wait one more day" in waited.response.content
    await pass_time(simcord_env, HOUR)
    assert len([m for m in table.channel.history() if "Wait one more day, or hand" in m.content]) == 1
    await pass_time(simcord_env, DAY)
    second_vote = [m for m in table.channel.history() if "Wait one more day, or hand" in m.content][-1]
    handed = await other.click(second_vote, label="Hand the seat to the fallback player")
    assert "plays that seat from now on" in handed.response.content
    assert any(f"<@{first.id}> 🤖 placed" in m.content for m in table.channel.history())
    stale = await other.click(vote, label="Hand the seat to the fallback player")
    assert stale.ephemeral and "changed" in stale.response.content


def votes(table) -> list:
    return [m for m in table.channel.history() if "Wait one more day, or hand" in m.content]


def waits(table) -> list:
    return [m for m in table.channel.history() if "chose to wait one more day" in m.content]


async def test_one_wait_per_person_and_turn_however_often_they_click(simcord_env, database_path):
    """**Wait one more day** is one day per person and turn: five clicks by one person give one
    day and one message (the other clicks are answered privately and change nothing), kept across
    a restart; another person's wait gives one more day."""
    from bot import create_bot
    from tests.support.discord import make_table

    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await ann.slash(table.channel, "game new", game="rebirth", clock=1, on_timeout="vote", reminder_hours=0)
    await bob.slash(table.channel, "game join")
    await cy.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    [late] = [m for m in table.members if await m.autocomplete(table.channel, "move", "action", "")]
    first, second = [m for m in table.members if m is not late]
    await pass_time(simcord_env, DAY + 600)
    [vote] = votes(table)

    clicks = [await first.click(vote, label="Wait one more day") for _ in range(5)]
    assert not clicks[0].ephemeral and f"<@{first.id}> chose to wait" in clicks[0].response.content
    for again in clicks[1:]:
        assert again.ephemeral and "already asked for a wait this turn" in again.response.content
    assert len(waits(table)) == 1

    await simcord_env.restart_bot(create_bot(database_path))  # the waits are stored
    await pass_time(simcord_env, DAY)  # one day later, not five: the clock ran out again
    assert len(votes(table)) == 2
    again = await first.click(votes(table)[-1], label="Wait one more day")
    assert again.ephemeral and "already asked for a wait this turn" in again.response.content
    waited = await second.click(votes(table)[-1], label="Wait one more day")
    assert not waited.ephemeral and f"<@{second.id}> chose to wait" in waited.response.content
    assert len(waits(table)) == 2
    await pass_time(simcord_env, DAY - 2 * HOUR)
    assert len(votes(table)) == 2  # the second person's day runs
    await pass_time(simcord_env, 3 * HOUR)
    assert len(votes(table)) == 3 and len(waits(table)) == 2
    assert await late.autocomplete(table.channel, "move", "action", "")  # still their turn


async def test_reminders_come_at_most_once_an_hour(simcord_env, monkeypatch):
    """A reminder interval under an hour would ping the player at every check: `/game new` and
    `/game settings` refuse it privately, in the caller's language, and change nothing; 0 still
    turns reminders off, and 1 hour reminds hourly."""
    from tests.support.discord import make_table, refused
    from tests.support.locales import speaking

    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    opened = await ann.slash(table.channel, "game new", game="rebirth", reminder_hours=0.01)
    refused(simcord_env, opened, "at most once an hour")
    assert table.channel.history() == []  # no lobby opened
    await ann.slash(table.channel, "game new", game="rebirth", reminder_hours=2)
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    speaking(monkeypatch, {ann.id: "pt-BR"})
    half = await ann.slash(table.channel, "game settings", reminder_hours=0.5)
    refused(simcord_env, half, "no máximo uma vez por hora")
    status = await bob.slash(table.channel, "game status")
    assert "Reminders every 2 h" in status.response.content

    await ann.slash(table.channel, "game settings", reminder_hours=1)
    # Checks every ten minutes may each come a little late: three reminders in 3 h 40 min, not 22.
    await pass_time(simcord_env, 3 * HOUR + 40 * 60)
    assert len(pings(table)) == 3
    off = await ann.slash(table.channel, "game settings", reminder_hours=0)
    assert not off.ephemeral and "No reminders" in off.response.content
    await pass_time(simcord_env, 3 * HOUR)
    assert len(pings(table)) == 3


def pings(table) -> list:
    """The reminders themselves (a settings message starts with ⏰ too)."""
    return [m for m in reminders(table) if m.content.startswith("⏰ <@")]


async def test_a_game_stored_with_reminders_under_an_hour_is_reminded_hourly(simcord_env, database_path):
    """A game stored before the minimum, with reminders every 0.01 h, is reminded once an hour and
    its settings say so."""
    from db import Database

    table, first, other = await start_two(simcord_env)
    database = await Database.open(database_path)  # written behind the bot's back, as older code did
    try:
        game = await database.latest_game(table.channel.id)
        await database.set_settings(
            game, reminder_hours=0.01, clock_days=None, clock_action="fallback", now=game.updated_at
        )
    finally:
        await database.close()
    await pass_time(simcord_env, 3 * HOUR + 40 * 60)
    assert len(reminders(table)) == 3
    status = await other.slash(table.channel, "game status")
    assert "Reminders every 1 h" in status.response.content


async def test_turn_dms_for_those_who_ask_and_the_channel_mention_when_dms_are_closed(simcord_env):
    table, first, other = await start_two(simcord_env, reminder_hours=0)
    on = await other.slash(table.channel, "notify", dm="on")
    assert on.ephemeral
    await move_first_choice(table, first)
    dm = other.user.dm_channel.last_message
    assert dm is not None and "Your turn" in dm.content and f"/{table.channel.id}" in dm.content
    assert dm.attachments
    # Closed DMs (Discord answers 50007): the channel mention stands, and the player is told once.
    await first.slash(table.channel, "notify", dm="on")
    simcord_env.backend.users[first.id].bot = True  # simcord refuses DMs to bot accounts with 50007
    moved = await move_first_choice(table, other)
    simcord_env.backend.users[first.id].bot = False
    assert f"<@{first.id}>" in moved.response.content
    told = await first.slash(table.channel, "hand")
    notes = [f.content for f in told.followups if "could not DM you" in f.content]
    assert len(notes) == 1
    again = await first.slash(table.channel, "hand")
    assert not [f for f in again.followups if "could not DM you" in f.content]


async def test_a_game_in_its_own_thread_and_the_thread_kept_open(simcord_env):
    import discord

    from tests.support.discord import make_table

    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    opened = await ann.slash(table.channel, "game new", game="revive", thread=True)
    assert not opened.ephemeral and "opened a **Revive** table in" in opened.response.content
    [room] = table.channel.threads
    assert room.name == "Revive"
    assert "opened a **Revive** table here" in room.history()[-1].content
    joined = await bob.slash(room, "game join")
    assert "joined" in joined.response.content
    started = await ann.slash(room, "game start")
    assert not started.ephemeral and started.response.attachments
    thread = simcord_env.bot.get_channel(room.id)
    assert isinstance(thread, discord.Thread)
    await thread.edit(archived=True)
    await pass_time(simcord_env, 3600)
    reopened = simcord_env.bot.get_channel(room.id)
    assert reopened is not None and reopened.archived is False


async def test_undo_and_catch_up_through_the_commands(simcord_env):

    from tests.support.discord import make_table, pinged

    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await cy.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")

    async def to_move():
        for member in table.members:
            if await member.autocomplete(table.channel, "move", "action", ""):
                return member

    first = await to_move()
    moved = await move_first_choice(table, first)
    second = await to_move()
    # The placement drew first's next tile: taking it back would let them place knowing it.
    drew = await first.slash(table.channel, "undo")
    assert not simcord_env.errors, "a refusal is an answer, not an error"
    assert drew.ephemeral and "drew your next tile" in drew.response.content
    assert await to_move() is second
    moved = await move_first_choice(table, second)
    refused = await first.slash(table.channel, "undo")
    assert not simcord_env.errors, "a refusal is an answer, not an error"
    assert refused.ephemeral and "only take back your own move" in refused.response.content
    third = await to_move()
    # The ping that gives the third player the turn tells the move just made, then catches them
    # up on the one before it, each once.
    text = moved.response.content
    assert pinged(simcord_env, moved.response.message) == {third.id}
    assert text.split(" ", 1)[1].startswith(f"<@{second.id}> placed")
    assert "since your last move** (1 move)" in text
    [caught] = [line for line in text.splitlines() if line.startswith("› ")]
    assert f"<@{first.id}> placed" in caught
    assert text.count(f"<@{second.id}> placed") == 1
    log = await third.slash(table.channel, "game log", since="my-last-move")
    assert "Since your last move" in log.response.content


@pytest.mark.parametrize(
    ("language", "head"),
    [
        ("en-US", "**before that, since your last move** (1 move):"),
        ("pt-BR", "**antes disso, desde a sua última jogada** (1 jogada):"),
    ],
)
async def test_the_catch_up_in_the_channel_names_the_player_it_addresses(
    simcord_env, monkeypatch, language, head
):
    """The message that hands the turn over is read by the whole table, right under the move
    just made: its catch-up ("since your last move") says whose last move it means, the
    player it pings, not the one who just moved; in the game's language."""
    from tests.support.discord import make_table, pinged
    from tests.support.locales import speaking

    table = make_table(simcord_env, ["ann", "bob", "cy"])
    speaking(monkeypatch, {}, {table.guild.id: language})
    ann, bob, cy = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await cy.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")

    async def to_move():
        for member in table.members:
            if await member.autocomplete(table.channel, "move", "action", ""):
                return member

    first = await to_move()
    await move_first_choice(table, first)
    second = await to_move()
    moved = await move_first_choice(table, second)
    third = await to_move()
    assert pinged(simcord_env, moved.response.message) == {third.id}
    lines = moved.response.content.splitlines()
    [caught] = [n for n, line in enumerate(lines) if line.startswith("› ")]
    assert lines[caught - 1] == f"<@{third.id}>, {head}"
    assert f"<@{first.id}>" in lines[caught], "the move it catches up on"


async def test_a_refused_game_in_a_thread_leaves_no_thread_behind(simcord_env):
    from tests.support.discord import make_table, refused

    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    for _ in range(2):  # a retry leaves nothing either
        result = await ann.slash(table.channel, "game new", game="revive", map="ireland", thread=True)
        refused(simcord_env, result, "Revive has no map to choose")
    assert table.channel.threads == []
    assert table.channel.history() == []


async def test_a_game_nobody_is_left_to_play_ends_and_frees_the_channel(simcord_env):
    from tests.support.discord import make_table

    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    first = await bob.slash(table.channel, "game leave")
    assert "fallback player plays that seat" in first.response.content
    last = await ann.slash(table.channel, "game leave")
    assert "Nobody is left to play" in last.response.content and "without a result" in last.response.content
    again = await bob.slash(table.channel, "game new", game="revive")
    assert not again.ephemeral and "/game join" in again.response.content


async def test_once_the_creator_has_left_anyone_still_seated_may_abort(simcord_env):

    from tests.support.discord import make_table, refused

    table = make_table(simcord_env, ["ann", "bob", "cy", "dee"])
    ann, bob, cy, dee = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await cy.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    early = await bob.slash(table.channel, "game abort")
    refused(simcord_env, early, "Only the game's creator")
    await ann.slash(table.channel, "game leave")
    outsider = await dee.slash(table.channel, "game abort")
    assert not simcord_env.errors, "a refusal is an answer, not an error"
    assert outsider.ephemeral
    aborted = await bob.slash(table.channel, "game abort")
    assert not aborted.ephemeral and "aborted the game" in aborted.response.content


async def test_a_player_who_left_cannot_resign_for_the_fallback_seat(simcord_env):
    from tests.support.discord import make_table, refused

    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await cy.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    await bob.slash(table.channel, "game leave")
    resigned = await bob.slash(table.channel, "game resign")
    refused(simcord_env, resigned, "You left this game")
    status = await cy.slash(table.channel, "game status")
    assert "resigned" not in status.response.content.lower()


async def test_add_bot_by_someone_else_says_only_the_creator_may_add_it(simcord_env):
    from tests.support.discord import make_table, refused

    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    result = await bob.slash(table.channel, "game add-bot")
    refused(simcord_env, result, "Only the player who created this table can add the fallback player")


def closings(table) -> list:
    return [m for m in table.channel.history() if "closed before it started" in m.content]


async def test_an_idle_lobby_closes_after_two_days_across_a_restart_and_frees_the_channel(
    simcord_env, database_path
):
    from bot import create_bot
    from tests.support.discord import make_table, pinged, refused

    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    opened = await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await pass_time(simcord_env, DAY)
    await simcord_env.restart_bot(create_bot(database_path))  # the rule reads stored times only
    refused(simcord_env, await cy.slash(table.channel, "game new", game="revive"), "already has a game")
    await pass_time(simcord_env, DAY - HOUR)
    assert closings(table) == []
    await pass_time(simcord_env, HOUR + 20 * 60)
    [closed] = closings(table)
    assert pinged(simcord_env, closed) == {ann.id}
    assert f"<@{ann.id}>, your **Rebirth: Scotland** table" in closed.content
    assert "2 days" in closed.content and "anyone can open a new table with `/game new`" in closed.content
    join = await cy.click(opened.response.message, label="Join")
    refused(simcord_env, join, "no game in this channel")
    again = await cy.slash(table.channel, "game new", game="revive")
    assert not again.ephemeral and "opened a **Revive** table" in again.response.content
    await pass_time(simcord_env, HOUR)
    assert len(closings(table)) == 1


async def test_a_lobby_someone_joined_a_day_ago_stays_open(simcord_env):
    from tests.support.discord import make_table, refused

    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await pass_time(simcord_env, DAY)
    await bob.slash(table.channel, "game join")
    await pass_time(simcord_env, DAY + 20 * 60)
    assert closings(table) == []
    refused(simcord_env, await cy.slash(table.channel, "game new", game="revive"), "already has a game")
    started = await ann.slash(table.channel, "game start")
    assert not started.ephemeral and started.response.attachments


@pytest.mark.slow  # eight simulated days: about a minute
async def test_a_finished_games_log_still_reads_after_its_messages_are_pruned(simcord_env, database_path):
    from db import Database

    table, first, other = await start_two(simcord_env, reminder_hours=0)
    await move_first_choice(table, first)
    await move_first_choice(table, other)
    await first.slash(table.channel, "game resign")
    before = await other.slash(table.channel, "game log")
    await pass_time(simcord_env, 8 * DAY)
    database = await Database.open(database_path)
    try:
        game = await database.latest_game(table.channel.id)
        assert game.status == "finished" and await database.outbox_rows(game.id) == []
        assert len(await database.moves(game.id)) == 3
    finally:
        await database.close()
    after = await other.slash(table.channel, "game log")
    assert after.response.content == before.response.content
    assert "Moves 1–3 of 3" in after.response.content and "resigned" in after.response.content
    board = await other.slash(table.channel, "board")
    assert board.response.attachments
