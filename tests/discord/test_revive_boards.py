"""A Revive player's board and the turn image through the slash commands (simcord), as a phone
reads them: `/board player:` posts a 640-px summary with a button for the whole board, which
answers the clicker alone; a turn of card plays changes the channel image.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from db import Database
from games.registry import load_engine
from tests.support.discord import make_table, pinged
from tests.support.locales import speaking

pytestmark = pytest.mark.asyncio

FULL = "📋 Full player board"


def public(table) -> list:
    return [m for m in table.channel.history() if not m.flags.ephemeral]


async def open_revive(table) -> None:
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="revive")
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")


async def image_of(message) -> Image.Image:
    [attachment] = message.attachments
    return Image.open(io.BytesIO(await attachment.read()))


def button_labels(message) -> list[str]:
    return [getattr(child, "label", None) for row in message.components for child in row.children]


async def test_board_player_posts_a_phone_summary_and_the_button_shows_the_whole_board_privately(
    simcord_env, monkeypatch
):
    """`/board player:` posts the 640-px summary in the channel (pinging nobody) with a button; a
    click answers the clicker alone with that seat's whole board, in the clicker's language, and
    posts nothing for everyone."""
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await open_revive(table)
    shown = await ann.slash(table.channel, "board", player=bob)
    message = shown.response.message
    assert not shown.ephemeral and pinged(simcord_env, message) == set()
    summary = await image_of(message)
    assert summary.width == 640 and summary.height < 1300
    assert FULL in button_labels(message)
    posted = len(public(table))
    looked = await ann.click(message, label=FULL)
    assert looked.ephemeral and len(public(table)) == posted
    whole = await image_of(looked.response)
    assert whole.width >= 1400, "every part of the board, at the whole board's size"
    speaking(monkeypatch, {bob.id: "pt-BR"})
    in_portuguese = await bob.click(message, label=FULL)
    assert in_portuguese.ephemeral
    theirs = await image_of(in_portuguese.response)
    assert (
        theirs.size == whole.size
        and ImageChops.difference(theirs.convert("RGB"), whole.convert("RGB")).getbbox()
    )


def card_only_turn(engine, state, seat) -> list[str]:
    """Moves for `seat`'s whole turn that play one card and change no place on the map: the
    play, then answers that change no place, then `end`."""
    moves: list[str] = []
    played = False
    while True:
        legal = engine.legal_moves(state, seat)
        quiet = [m for m in legal if not engine.apply(state, seat, m).event["changed"]]
        plays = [m for m in quiet if m.startswith("play ")]
        if not played and plays:
            move = plays[0]
            played = True
        elif played and "end" in legal:
            move = "end"
        else:
            move = next(m for m in quiet if not m.startswith(("play ", "hibernate")))
        applied = engine.apply(state, seat, move)
        moves.append(move)
        state = applied.state
        if applied.event.get("turn_over"):
            assert played
            return moves


async def test_a_turn_of_card_plays_changes_the_channel_image(simcord_env, database_path):
    """After a turn that only played a card, the turn message's image is not the one before it:
    under the same map it shows the card played on the mover's board."""
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    engine = load_engine("revive")
    database = await Database.open(database_path)
    try:
        game = await database.open_game(table.channel.id)
    finally:
        await database.close()
    state = engine.loads(game.state)
    seat = engine.to_move(state)
    mover = table.member(game.players[seat])
    moves = card_only_turn(engine, state, seat)
    before = await image_of(public(table)[-1])
    for move in moves:
        result = await mover.slash(table.channel, "move", action=move)
    message = result.response.message
    assert not message.flags.ephemeral
    after = await image_of(message)
    strip = 52  # the score strip of two seats (whose turn it is moves): the rest is compared
    below = (0, strip, before.width, before.height)
    assert (
        after.size != before.size
        or ImageChops.difference(
            after.convert("RGB").crop(below), before.convert("RGB").crop(below)
        ).getbbox()
    ), "the image shows what the turn did"
    assert after.width == 640 and after.height > before.height
