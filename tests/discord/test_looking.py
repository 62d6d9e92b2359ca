"""Looking at a game through the real commands (simcord): the start message in turn order, private
looking with `share`, the log's pages, forgiving typed moves, help without a game, and threads and
DMs that name the game."""

from __future__ import annotations

import re

import pytest

from tests.support.discord import make_table, notation_of, pinged, refused

pytestmark = pytest.mark.asyncio

MENTION = re.compile(r"<@(\d+)>")
SEED = 4  # a 3-player game of either game starts with seat 2, not seat 0: the turn-order tests can fail


@pytest.fixture
def simcord_bot(database_path):
    from bot import create_bot

    return create_bot(database_path, seeds=lambda: SEED)


ARTIFACT_CARD = re.compile(r"\bAC\d\d\b")


async def open_table(table, game: str, players: int, **options):
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game=game, **options)
    for member in table.members[1:players]:
        await member.slash(table.channel, "game join")
    return await creator.slash(table.channel, "game start")


async def to_move(table):
    """The member whose autocomplete offers moves: the one to move."""
    for member in table.members:
        if await member.autocomplete(table.channel, "move", "action", ""):
            return member
    raise AssertionError("nobody can move")


def seat_lines(start_text: str, marker: str) -> list[int]:
    """The user ids of the start message's seat lines, in the order listed."""
    return [int(MENTION.search(line)[1]) for line in start_text.splitlines() if marker in line]


async def test_the_start_message_lists_the_seats_in_turn_order_first_player_first(simcord_env):
    """The start message lists the seats in turn order, first player first. Rebirth: the first seat
    listed goes first, and the ping after each move follows the list."""
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    started = await open_table(table, "rebirth", 3, map="ireland")
    text = started.response.content
    listed = seat_lines(text, " plays ")
    assert len(listed) == 3
    assert not text.splitlines()[1].startswith("🟠"), "seat 0 (orange) is not first here: the test can fail"
    assert f"<@{listed[0]}> goes first" in text
    for expected in (listed[1], listed[2], listed[0]):
        mover = await to_move(table)
        [choice, *_] = await mover.autocomplete(table.channel, "move", "action", "")
        moved = await mover.slash(table.channel, "move", action=choice["value"])
        assert pinged(simcord_env, moved.response.message) == {expected}


async def test_revives_start_message_lists_the_tribes_in_turn_order(simcord_env):
    """The start message lists the seats in turn order, first player first. Revive: the first tribe
    listed takes the first turn, the next one the turn after."""
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    started = await open_table(table, "revive", 3)
    text = started.response.content
    listed = seat_lines(text, " leads the ")
    assert len(listed) == 3 and f"<@{listed[0]}> takes the first turn" in text
    assert not text.splitlines()[1].startswith("🟠"), "seat 0 (orange) is not first here: the test can fail"
    first = await to_move(table)
    assert first.id == listed[0]
    ended = await first.slash(table.channel, "move", action="hibernate confirm")
    while ended.ephemeral:  # hibernating asks for a reward and maybe more: answer the first offer
        [choice, *_] = await first.autocomplete(table.channel, "move", "action", "")
        ended = await first.slash(table.channel, "move", action=choice["value"])
    assert pinged(simcord_env, ended.response.message) == {listed[1]}


async def test_status_and_log_answer_the_caller_only_unless_shared_and_a_shared_post_pings_nobody(
    simcord_env,
):
    """`/game status` and `/game log` answer only the caller by default, with an option
    (`share:true`) to post for everyone: looking must not clutter the channel. A shared post carries
    nothing hidden (no artifact card) and pings nobody, though it names the players."""
    table = make_table(simcord_env, ["ann", "bob"])
    await open_table(table, "revive", 2)
    mover = await to_move(table)
    await mover.slash(table.channel, "move", action="hibernate confirm")
    ann, bob = table.members
    status = await bob.slash(table.channel, "game status")
    assert status.ephemeral and "to move" in status.response.content
    log = await bob.slash(table.channel, "game log")
    assert log.ephemeral and "Moves 1–" in log.response.content
    since = await mover.slash(table.channel, "game log", since="my-last-move")
    assert since.ephemeral
    hand = (await bob.slash(table.channel, "hand")).response.content
    assert ARTIFACT_CARD.search(hand), "the hand names the secret artifact card"
    for command in ("game status", "game log"):
        shared = await bob.slash(table.channel, command, share=True)
        assert not shared.ephemeral
        text = shared.response.content
        assert MENTION.search(text) and pinged(simcord_env, shared.response.message) == set()
        assert not ARTIFACT_CARD.search(text)


async def play_rebirth_moves(table, count: int) -> None:
    for _ in range(count):
        mover = await to_move(table)
        [choice, *_] = await mover.autocomplete(table.channel, "move", "action", "")
        await mover.slash(table.channel, "move", action=choice["value"])


def shown_moves(text: str) -> list[int]:
    return [int(line.split(".", 1)[0]) for line in text.splitlines()[1:] if line[:1].isdigit()]


async def test_the_log_pages_through_the_whole_game_with_a_page_option_and_older_newer_buttons(
    simcord_env, database_path
):
    """`/game log` can page through the whole game, not only the last ten moves. The latest page
    first; Older and Newer turn the caller's own page (also after a restart: the buttons are
    persistent) until the first move; `page:1` is the start of the game."""
    from bot import create_bot

    table = make_table(simcord_env, ["ann", "bob"])
    await open_table(table, "rebirth", 2)
    await play_rebirth_moves(table, 34)
    ann = table.members[0]
    log = await ann.slash(table.channel, "game log")
    latest = shown_moves(log.response.content)
    assert log.ephemeral and latest[-1] == 34 and 10 <= len(latest) <= 15
    assert log.response.content.startswith(f"**Moves {latest[0]}–34 of 34**")
    await simcord_env.restart_bot(create_bot(database_path))
    seen, page = latest, log.response
    while "◀ Older" in button_labels(page):
        older = await ann.click(page, label="◀ Older")
        page = older.response
        assert page.flags.ephemeral and page.id == log.response.id, "the caller's own page turns in place"
        shown = shown_moves(page.content)
        assert shown and shown[-1] == seen[0] - 1
        seen = shown + seen
    assert seen == list(range(1, 35)) and button_labels(page) == ["Newer ▶"]
    first = await ann.slash(table.channel, "game log", page=1)
    opening = shown_moves(first.response.content)
    assert opening[0] == 1 and first.ephemeral
    newer = await ann.click(first.response, label="Newer ▶")
    assert shown_moves(newer.response.content)[0] == opening[-1] + 1
    second = await ann.slash(table.channel, "game log", page=2)
    assert shown_moves(second.response.content) == shown_moves(newer.response.content)
    refused(simcord_env, await ann.slash(table.channel, "game log", page=9), "goes up to page")


def button_labels(message) -> list[str]:
    return [c.get("label") for row in message.components for c in row.get("components", [])]


async def test_a_shared_log_page_stays_as_it_is_and_a_click_answers_the_clicker_privately(simcord_env):
    """A log page posted with `share:true` is the table's; someone paging from it gets the older
    page privately, and the shared post does not change under everyone."""
    table = make_table(simcord_env, ["ann", "bob"])
    await open_table(table, "rebirth", 2)
    await play_rebirth_moves(table, 24)
    ann, bob = table.members
    shared = await ann.slash(table.channel, "game log", share=True)
    before = shared.response.content
    shown = shown_moves(before)
    assert not shared.ephemeral and shown[-1] == 24 and shown[0] > 1
    older = await bob.click(shared.response.message, label="◀ Older")
    assert older.ephemeral and shown_moves(older.response.content)[-1] == shown[0] - 1
    assert older.response.id != shared.response.id
    after = simcord_env.backend.get_message(table.channel.id, shared.response.id).content
    assert after == before


async def test_revive_reads_typed_moves_in_any_case_and_spacing_and_by_their_label(simcord_env):
    """Revive accepts a typed move in any case and spacing ("Switch Gear", "play b2 top left"), and
    a choice's own label text. The move is stored in the engine's own notation, so the log and
    replays read it as before."""
    table = make_table(simcord_env, ["ann", "bob"])
    await open_table(table, "revive", 2)
    mover = await to_move(table)
    offered = {
        notation_of(c["value"]): c["name"]
        for c in await mover.autocomplete(table.channel, "move", "action", "")
    }
    play = next(move for move in offered if move.startswith("play ") and move.endswith("top_left"))
    card = play.split()[1]
    typed = f"  PLAY {card.lower()}   top left "
    played = await mover.slash(table.channel, "move", action=typed)
    assert played.ephemeral and f"played {card} in top left" in played.response.content
    switched = await mover.slash(table.channel, "move", action="Switch Gear")
    assert "used the switch token for 1 gear" in switched.response.content
    await mover.slash(table.channel, "move", action="END")
    other = await to_move(table)
    offered = {
        notation_of(c["value"]): c["name"]
        for c in await other.autocomplete(table.channel, "move", "action", "")
    }
    label = offered["switch book"]
    assert label.lower() != "switch book"
    by_label = await other.slash(table.channel, "move", action=label.upper())
    assert "used the switch token for 1 book" in by_label.response.content
    log = (await other.slash(table.channel, "game log")).response.content
    assert f"played {card} in top left" in log


async def test_an_unreadable_move_is_refused_with_the_three_closest_legal_moves(simcord_env):
    """A typed move still unreadable gets the three closest legal moves in the reply, and `/move`'s
    hint fits the channel's game: the suggestions are this game's moves (Revive's words, Rebirth's
    spaces), while the option's description names neither game's."""
    table = make_table(simcord_env, ["ann", "bob"])
    await open_table(table, "revive", 2)
    mover = await to_move(table)
    legal = {notation_of(c["value"]) for c in await mover.autocomplete(table.channel, "move", "action", "")}
    reply = refused(simcord_env, await mover.slash(table.channel, "move", action="swtich gaer"), "Closest")
    suggested = re.findall(r"`([^`]+)`", reply.split("Closest", 1)[1])
    assert len(suggested) == 3 and set(suggested) <= legal and suggested[0] == "switch gear"
    move = simcord_env.bot.tree.get_command("move")
    assert "F7" not in str(move.parameters[0].description)
    await mover.slash(table.channel, "game abort")
    rebirth = make_table(simcord_env, ["cy", "dee"], channel="rebirth")
    await open_table(rebirth, "rebirth", 2)
    mover = await to_move(rebirth)
    reply = refused(simcord_env, await mover.slash(rebirth.channel, "move", action="place it"), "Closest")
    suggested = re.findall(r"`([^`]+)`", reply.split("Closest", 1)[1])
    assert len(suggested) == 3
    for space in suggested:  # each a legal space, as the list offers it
        offered = await mover.autocomplete(rebirth.channel, "move", "action", space)
        assert space in {notation_of(c["value"]) for c in offered}


async def test_rebirth_reads_a_space_in_any_case_and_spacing(simcord_env):
    """Rebirth reads a space in any case and spacing too (case and spaces in coordinates): `f 7`
    places on F7, and the channel says F7."""
    table = make_table(simcord_env, ["ann", "bob"])
    await open_table(table, "rebirth", 2)
    mover = await to_move(table)
    [choice, *_] = await mover.autocomplete(table.channel, "move", "action", "")
    space = notation_of(choice["value"])
    typed = f" {space[0].lower()} {space[1:]} "
    moved = await mover.slash(table.channel, "move", action=typed)
    assert not moved.ephemeral and f"on **{space}**" in moved.response.content


async def test_rules_and_help_without_a_game(simcord_env):
    """`/rules` in a channel with no game lists the games and answers `/rules game:rebirth` (and
    revive); `/help` says in a few lines how the bot works and which command does what. The
    descriptions of `/hand` and `/game status` fit both games: a newcomer finds their way."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann = table.members[0]
    listed = await ann.slash(table.channel, "rules")
    assert listed.ephemeral and "no game in this channel" in listed.response.content
    assert "**Rebirth**" in listed.response.content and "**Revive**" in listed.response.content
    rebirth = await ann.slash(table.channel, "rules", game="rebirth")
    assert rebirth.ephemeral and "Rebirth, a turn" in rebirth.response.content
    revive = await ann.slash(table.channel, "rules", game="revive")
    assert revive.ephemeral and "Revive, a turn" in revive.response.content
    await open_table(table, "revive", 2)
    other = await ann.slash(table.channel, "rules", game="rebirth")
    assert "Rebirth, a turn" in other.response.content  # another game's rules beside a game
    helped = await ann.slash(table.channel, "help")
    text = helped.response.content
    assert helped.ephemeral and len(text) <= 2000 and text.count("\n") <= 12
    for command in ("/game new", "/move", "/hand", "/board", "/rules", "/game status", "/game log"):
        assert f"`{command}" in text, command
    tree = simcord_env.bot.tree
    status = tree.get_command("game").get_command("status")
    for description in (str(tree.get_command("hand").description), str(status.description)):
        assert "tile" not in description and "mission" not in description, description


async def test_a_thread_is_titled_with_the_game_and_map(simcord_env):
    """A thread is titled with the game and map ("Rebirth: Ireland"), so it is found in a list."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann = table.members[0]
    opened = await ann.slash(table.channel, "game new", game="rebirth", map="ireland", thread=True)
    [room] = table.channel.threads
    assert room.name == "Rebirth: Ireland"
    assert "opened a **Rebirth: Ireland** table in" in opened.response.content


async def test_a_dm_says_which_game_in_which_server_is_waiting(simcord_env):
    """A DM says which game in which server is waiting: the turn DM after a move and the reminder's
    DM from the clock both name the game and the server."""
    from tests.support.discord import pass_time

    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    for member in table.members:
        await member.slash(table.channel, "notify", dm="on")
    await open_table(table, "rebirth", 2, map="ireland", reminder_hours=1)
    mover = await to_move(table)
    waiting = bob if mover is ann else ann
    [choice, *_] = await mover.autocomplete(table.channel, "move", "action", "")
    await mover.slash(table.channel, "move", action=choice["value"])
    head = f"**Rebirth: Ireland** on {table.guild.name}"
    dm = waiting.user.dm_channel.last_message
    assert dm is not None and dm.content.startswith(f"🎲 {head}") and "Your turn" in dm.content
    await pass_time(simcord_env, 3600 + 700)
    reminder = waiting.user.dm_channel.last_message
    assert reminder is not None and reminder.id != dm.id and "⏰" in reminder.content
    assert reminder.content.startswith(f"🎲 {head}")


def test_the_engines_store_their_own_notation_however_a_move_was_typed():
    """Typed moves, the engine side: Rebirth reads `f 7`, `F7X2` and `f7 x 2` as `F7` and `F7 x2`;
    Revive reads any case and spacing of exactly one legal move, and leaves alone a text that spells
    none, so the refusal can say so."""
    from engine.revive.moves import typed_move
    from games.registry import load_engine

    rebirth = load_engine("rebirth")
    state = rebirth.new_game(2, {"map": "ireland"}, 7)
    seat = rebirth.to_move(state)
    space = next(m.notation for m in rebirth.moves(state, seat) if " " not in m.notation)
    lower = space.lower()
    assert rebirth.apply(state, seat, f" {lower[0]} {lower[1:]} ").notation == space
    for typed in (f"{space}X2", f"{lower} x 2", f"{lower}×2"):
        assert rebirth.apply(state, seat, typed).notation == f"{space} x2"
    legal = ["play B2 top_left", "play B2 top_right", "switch gear"]
    assert typed_move("Play b2   TOP LEFT", legal) == "play B2 top_left"
    assert typed_move("play b2 top-right", legal) == "play B2 top_right"
    assert typed_move("play b2", legal) == "play b2"
    assert typed_move("SWITCH GEAR", legal + ["switch  gear"]) == "SWITCH GEAR"  # two spell it: neither


def test_a_label_is_read_whole_without_its_preview_or_by_the_start_of_a_cut_label():
    """A typed move may be a choice's own label text, as the list or a button shows it: with the
    preview in brackets, without it, or cut with "…"; a label two moves share is no one's."""
    from presenters.protocol import MoveChoice
    from service.move_text import by_label, offered_for

    explore = MoveChoice("explore S7", "explore S7 (sand, 2 food)", 70)
    play = MoveChoice("play B5 top_left", "play B5 (blue) in top left: trade ×3", 80)
    twins = [MoveChoice("trade gear book", "trade", 0), MoveChoice("trade gear food", "trade", 0)]
    choices = [explore, play, *twins]
    assert by_label("Explore S7 (sand, 2 food) (−2 food, +3 pts)", choices) is explore
    assert by_label("explore  s7 (sand, 2 food)", choices) is explore
    assert by_label("play B5 (blue) in top left: trade x3", choices) is play
    assert by_label("play B5 (blue) in top…", choices) is play
    assert by_label("trade", choices) is None
    # A label's first words are enough when they begin one label only: the way to type a move in
    # a language whose notation words differ (Revive's `end` is "encerrar a sua vez" in pt-BR).
    end = MoveChoice("end", "encerrar a sua vez", 0)
    crates = [MoveChoice(f"open {c}", f"abrir o caixote {c}: +1 livro", 0) for c in ("C1", "C2")]
    assert by_label("Encerrar", [end, *crates]) is end
    assert by_label("abrir", [end, *crates]) is None, "two crates begin so: neither"
    assert by_label("abrir o caixote c2", [end, *crates]) is crates[1]
    assert by_label("exp", choices) is None and by_label("b5", choices) is None, "short: never"
    lone = [MoveChoice("explore F04", "explorar F04 (areia)", 0), end]
    assert by_label("explorar", lone) is None, "a bare verb never picks the space for the player"
    assert by_label("explorar f04", lone) is lone[0]
    assert offered_for("play b5 top", choices) == [play]
    assert offered_for("qqq", choices) == [], "nothing matches: the list says so (service/move_text.py)"
