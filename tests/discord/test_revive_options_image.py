"""Revive's options image, through the slash commands (simcord): your private reply on your turn
(and `/hand`) can show an image of the board with your legal spaces marked; Revive marks the spaces
you can explore, build on or populate now, so a player sees where before choosing.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from db import Database
from games.registry import load_engine, spec
from presenters.revive.presenter import option_places
from render.revive.focus import focus_image, render_focus
from render.revive.ref import content_ref
from service.images import seat_names
from tests.support.discord import make_table

pytestmark = pytest.mark.asyncio
PLACE_VERBS = ("explore", "build", "populate")


def public(table) -> list:
    return [m for m in table.channel.history() if not m.flags.ephemeral]


async def stored(database_path: str, channel_id: int):
    database = await Database.open(database_path)
    try:
        game = await database.latest_game(channel_id)
        return game, load_engine("revive").loads(game.state)
    finally:
        await database.close()


def next_move(legal: list[str]) -> str:
    """An action with a place when there is one, else the first answer, else the end."""
    for move in legal:
        if move.split()[0] in PLACE_VERBS:
            return move
    others = [m for m in legal if m != "end"]
    return others[0] if others else "end"


async def test_the_private_reply_in_a_turn_shows_your_options_to_you_alone(simcord_env, database_path):
    """The reply inside the mover's turn carries options.png, privately; its gold marks are the
    places of the legal explore, build and populate moves; it differs from the public image of
    the same window only at those places; the channel gets nothing while the turn is open."""
    engine = load_engine("revive")
    words = spec("revive").presenter(engine)
    table = make_table(simcord_env, ["ann", "bob"])
    ann, bob = table.members
    await ann.slash(table.channel, "game new", game="revive")
    await bob.slash(table.channel, "game join")
    await ann.slash(table.channel, "game start")
    game, state = await stored(database_path, table.channel.id)
    by_id = {ann.id: ann, bob.id: bob}
    checked = 0
    for _ in range(200):
        if checked >= 2 or state.finished:
            break
        seat = engine.to_move(state)
        mover = by_id[game.players[seat]]
        before = public(table)
        result = await mover.slash(table.channel, "move", action=next_move(engine.legal_moves(state, seat)))
        game, state = await stored(database_path, table.channel.id)
        if not result.ephemeral or engine.to_move(state) != seat:
            continue  # the turn is over, or the next decision is someone else's: not a private reply
        assert public(table) == before, "inside the turn the channel hears nothing"
        places = option_places(words.moves.move_choices(state, seat, None))
        names = [a.filename for a in result.response.attachments]
        if not places:
            assert names == [], "no place to mark: no image"
            continue
        assert names == ["options.png"]
        data = await result.response.attachments[0].read()
        content = engine.edition(engine.view(state, None)["rules"]).tables.content
        seats = seat_names(game, game.language)
        assert data == render_focus(engine.view(state, seat), content, seats, (), places)
        own = focus_image(engine.view(state, seat), content_ref(content), seats, (), places)
        assert own.marks and set(own.marks) <= set(places)
        sent = Image.open(io.BytesIO(data)).convert("RGB")
        public_png = render_focus(engine.view(state, None), content, seats, (), (), places)
        shown = Image.open(io.BytesIO(public_png)).convert("RGB")
        bottom = int(own.board_top + (own.window[3] - own.window[1]) * own.scale)
        mask = ImageChops.difference(sent, shown).crop((0, 0, sent.width, bottom)).convert("L")
        mask = mask.point(lambda v: 255 if v else 0)
        assert mask.getbbox() is not None, "the options are marked"
        for x0, y0, x1, y1 in own.marks.values():
            mask.paste(0, (int(x0), int(y0), int(x1) + 1, int(y1) + 1))
        assert mask.getbbox() is None, "nothing changed away from the marked places"
        checked += 1
    assert checked, "the turn offered a place to explore, build or populate"
    for message in public(table):
        assert "options.png" not in [a.filename for a in message.attachments], "never in the channel"
    waiting = bob if by_id[game.players[engine.to_move(state)]] is ann else ann
    theirs = await waiting.slash(table.channel, "hand")
    assert theirs.ephemeral and not theirs.response.attachments, "not your turn: no options image"
