"""One turn, one message, through the slash commands: the turn message does not repeat, under "since
your last move", the move it has just announced; with fallback seats, one human move followed by bot
turns produces one message with one board, not one per seat (a channel is not flooded by the bots'
turns).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from db import Database
from engine.fallback import play_turn
from games.registry import load_engine
from tests.support.discord import latest_game_and_moves, make_table, pinged

pytestmark = pytest.mark.asyncio


def public(table) -> list:
    """The channel's messages everyone sees."""
    return [m for m in table.channel.history() if not m.flags.ephemeral]


async def open_with_bots(table, game: str, bots: int):
    """Open a game for ann and `bots` fallback seats and start it: the start (with the bots'
    first turns, when one sits first) is one message."""
    ann = table.members[0]
    await ann.slash(table.channel, "game new", game=game)
    for _ in range(bots):
        await ann.slash(table.channel, "game add-bot")
    lobby = len(public(table))
    start = await ann.slash(table.channel, "game start")
    assert len(public(table)) == lobby + 1 and pinged(table.env, start.response.message) == {ann.id}
    return start


async def test_a_rebirth_move_and_the_fallback_turns_after_it_are_one_message_with_one_board(
    simcord_env, database_path
):
    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    await open_with_bots(table, "rebirth", 2)
    for _ in range(3):
        before = len(public(table))
        [choice, *_] = await ann.autocomplete(table.channel, "move", "action", "")
        moved = await ann.slash(table.channel, "move", action=choice["value"])
        after = public(table)
        assert len(after) == before + 1, "one message for ann's move and both bot turns"
        message = after[-1]
        assert len(message.attachments) == 1 and pinged(simcord_env, message) == {ann.id}
        lines = message.content.splitlines()
        game, moves = await latest_game_and_moves(database_path, table.channel.id)
        ann_seat = game.players.index(ann.id)
        told = moves[-3:]  # ann's placement, then one by each bot seat, in play order
        assert [m.seat == ann_seat for m in told] == [True, False, False]
        assert f"<@{ann.id}> placed" in lines[0] and f"**{told[0].move.split()[0]}**" in lines[0]
        assert "🤖 easy" in lines[1] and "🤖 easy" in lines[2]
        for move, line in zip(told[1:], lines[1:3], strict=True):
            assert f"**{move.move.split()[0]}**" in line  # each bot's space, in order
        assert lines[-1] == f"Your turn, <@{ann.id}>."
        # Nothing else happened since ann's move: no catch-up repeating the bots' lines.
        assert "since your last move" not in message.content
        assert moved.response.message.id == message.id


async def test_the_board_rings_every_space_the_message_tells(simcord_env, database_path):
    """The image of a move followed by bot turns marks each placement, not only the last."""
    from content.rebirth.loader import load_map
    from render.rebirth import render_board

    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    await open_with_bots(table, "rebirth", 2)
    [choice, *_] = await ann.autocomplete(table.channel, "move", "action", "")
    await ann.slash(table.channel, "move", action=choice["value"])
    game, moves = await latest_game_and_moves(database_path, table.channel.id)
    engine = load_engine("rebirth")
    view = engine.view(engine.loads(game.state), None)
    names = list(game.names)
    spaces = tuple(m.move.split()[0] for m in moves[-3:])
    plain = Image.open(io.BytesIO(render_board(view, load_map(view["map"]), names))).convert("RGB")
    ringed = Image.open(io.BytesIO(render_board(view, load_map(view["map"]), names, spaces))).convert("RGB")
    from engine.rebirth.mapfile import parse_map
    from render.rebirth.geometry import layout_for

    info = parse_map(load_map(view["map"]))
    lay = layout_for(info)
    diff = ImageChops.difference(plain, ringed)
    for space in spaces[:2]:  # the last one is ringed in both (it is the view's last move)
        x, y = lay.center(*info.space_cell(space))
        reach = lay.size * 1.3
        box = (int(x - reach), int(y - reach), int(x + reach), int(y + reach))
        assert diff.crop(box).getbbox() is not None, f"{space} is ringed"
    far = diff.crop((0, 0, 40, 40))
    assert far.getbbox() is None, "nothing else on the board changed"


async def test_a_revive_turn_and_the_fallback_turn_after_it_are_one_message(simcord_env, database_path):
    table = make_table(simcord_env, ["ann"])
    [ann] = table.members
    await open_with_bots(table, "revive", 1)
    engine = load_engine("revive")
    for _ in range(2):
        game, _moves = await latest_game_and_moves(database_path, table.channel.id)
        state = engine.loads(game.state)
        seat = engine.to_move(state)
        assert game.players[seat] == ann.id, "the bot's turn never waits"
        before = len(public(table))
        for move in play_turn(engine, state, seat, 5):  # ann plays a whole turn, typed
            result = await ann.slash(table.channel, "move", action=move)
        after = public(table)
        assert len(after) == before + 1, "one message for ann's turn and the bot's"
        message = after[-1]
        assert len(message.attachments) == 1 and pinged(simcord_env, message) == {ann.id}
        text = message.content
        assert text.index(f"<@{ann.id}>'s turn") < text.index("🤖 easy") < text.index("Your turn")
        assert "since your last move" not in text
        assert result.response.message.id == message.id
        assert message.components, "ann's next options come as buttons"


async def test_the_options_image_goes_to_the_player_to_move_alone(simcord_env, monkeypatch):
    """Your private reply on your turn (and `/hand`) can show an image of the board with your legal
    spaces marked. Whatever a game draws there is drawn from the caller's own view and reaches
    nobody else: /hand on your turn carries it privately, off turn nothing."""
    from presenters.rebirth import RebirthPresenter

    seen: list[tuple[int, int, str | None]] = []

    def drawn(self, view, options, names, seat, choices, *, locale=None):
        seen.append((seat, len(choices), locale))
        out = io.BytesIO()
        Image.new("RGB", (8, 8), (200, 30, 30)).save(out, "PNG")
        return out.getvalue()

    monkeypatch.setattr(RebirthPresenter, "render_options", drawn)
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="rebirth")
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    mover = ann if await ann.autocomplete(table.channel, "move", "action", "") else bob
    other = bob if mover is ann else ann
    before = len(public(table))
    mine = await mover.slash(table.channel, "hand")
    assert mine.ephemeral and [a.filename for a in mine.response.attachments] == ["options.png"]
    assert seen and seen[-1][1] > 25, "all the legal moves are given to draw, not only 25"
    assert seen[-1][2] == "en-US", "a private image is drawn in its reader's own locale"
    theirs = await other.slash(table.channel, "hand")
    assert theirs.ephemeral and not theirs.response.attachments  # not their turn: no options
    assert len(public(table)) == before


async def test_a_turn_message_showing_part_of_the_board_offers_the_whole_board_privately(
    simcord_env, monkeypatch
):
    """The channel image may show only the part of the board that matters; the whole board is then
    one click away, for the clicker alone, and the turn's own buttons stay."""
    from presenters.revive.presenter import RevivePresenter

    monkeypatch.setattr(RevivePresenter, "partial_image", True)
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="revive")
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    engine = load_engine("revive")
    database = await Database.open(simcord_env.bot.database_path)
    try:
        game = await database.open_game(table.channel.id)
    finally:
        await database.close()
    state = engine.loads(game.state)
    seat = engine.to_move(state)
    mover = table.member(game.players[seat])
    for move in play_turn(engine, state, seat, 5):
        result = await mover.slash(table.channel, "move", action=move)
    message = result.response.message
    rows = message.components
    names = [
        getattr(child, "label", None) or getattr(child, "placeholder", None)
        for row in rows
        for child in row.children
    ]
    assert "🗺️ Whole board" in names and len(names) > 1, names  # the next player's moves too
    before = len(public(table))
    looked = await ann.click(message, label="🗺️ Whole board")
    assert looked.ephemeral and looked.response.attachments
    assert len(public(table)) == before  # nothing posted for everyone
