"""Adding a game, proved: Hexlink (tests/support/tinygame/) joins the bot through its registry
entry alone, keeps the `Game` contract, and plays a whole game through the real slash commands.

Its registry entry is entered before the bot is made (`registered`): `/game new` and `/rules`
read their `game:` choices from the registry when their cogs are made, and the bot declares its
commands when it starts.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from PIL import Image

from bot import create_bot
from games.registry import GAMES, load_engine, registered
from i18n import has, recording, t
from tests.conftest import SEED
from tests.engine.test_contract import QUICK_CHECKS, SPEC_CHECKS, WHOLE_CHECKS, case_id, cases
from tests.support.discord import make_table, notation_of, pinged, refused
from tests.support.locales import speaking
from tests.support.tinygame import render
from tests.support.tinygame.engine import Hexlink
from tests.support.tinygame.spec import SPEC

PRIVATE_WORDS = ("In hand", "single tile", "double tile", "You drew")  # a hand's words, never public


@pytest.fixture
def hexlink() -> Iterator[None]:
    with registered(SPEC):
        yield


@pytest.fixture
def simcord_bot(hexlink: None, database_path: str) -> Any:
    """The bot, made once Hexlink is registered."""
    return create_bot(database_path, seeds=lambda: SEED)


with registered(SPEC):
    CASES = cases([SPEC])


# ------------------------------------------------------------------------------- the contract


@pytest.mark.parametrize("check", SPEC_CHECKS, ids=lambda check: check.__name__)
def test_the_entry_declares_the_game_and_carries_its_words(hexlink, check):
    check(SPEC)


@pytest.mark.parametrize("check", QUICK_CHECKS + WHOLE_CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_hexlink_keeps_the_contract(hexlink, case, check):
    check(case)


def test_a_world_deals_the_other_hand_and_the_bag_anew_from_the_tiles_the_seat_has_not_seen():
    """What the search plays in (`determinize`): the board and the seat's own hand as they are,
    the other seat's hand and the bag redrawn (not only the bag's order: the other seat's tiles
    too), as many tiles in each and the same tiles in all."""
    game = Hexlink()
    start = game.new_game(2, {}, seed=7)
    assert start.current is not None
    state = game.apply(start, start.current, "C3").state  # a tile played, one drawn
    for seat in (0, 1):
        other = 1 - seat
        worlds = [game.determinize(state, seat, random.Random(number)) for number in range(8)]
        for world in worlds:
            assert (world.owners, world.hands[seat], world.current) == (
                state.owners,
                state.hands[seat],
                state.current,
            )
            assert len(world.hands[other]) == len(state.hands[other]) and len(world.bag) == len(state.bag)
            assert Counter(world.hands[other] + world.bag) == Counter(state.hands[other] + state.bag)
        assert any(world.hands[other] != state.hands[other] for world in worlds), "the other hand is kept"
        assert len({world.bag for world in worlds}) > 1, "the bag is not shuffled"


def test_registering_adds_the_game_and_its_words_for_the_block_only():
    assert "hexlink" not in GAMES and not has("hexlink.title")
    with registered(SPEC):
        assert load_engine("hexlink").id == "hexlink"
        assert t("hexlink.count.hexes", "pt-BR", count=2) == "2 hexágonos"
        with pytest.raises(ValueError, match="registered already"), registered(SPEC):
            pass
    assert "hexlink" not in GAMES and t("hexlink.title") == "hexlink.title"


# ------------------------------------------------------------------------ through Discord


def board_colour(png: bytes, hex_name: str) -> tuple[int, int, int]:
    """The colour inside a hex of the board image, beside its name."""
    x, y = render.centre(ord(hex_name[0]) - ord("A"), int(hex_name[1:]) - 1)
    pixel = Image.open(io.BytesIO(png)).convert("RGB").getpixel((int(x), int(y - render.RADIUS / 2)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def first_player(table: Any, started: Any, goes_first: str = "goes first") -> Any:
    """The member the start message names as first to move (it pings everyone)."""
    return next(m for m in table.members if f"{m.mention} {goes_first}" in started.response.content)


async def play_to_the_end(table: Any, started: Any, first: Any, moves: list[str]) -> discord.Message:
    """From `first` on, each player to move picks the best `/move` offered until the game ends;
    every move is checked as it is posted. Returns the final message."""
    env, (alice, bob) = table.env, table.members[:2]
    message, board = started.response.message, await started.response.attachments[0].read()
    colours = {m.id: "orange" if f"🟠O {m.mention}" in message.content else "blue" for m in (alice, bob)}
    mover = first
    while True:
        other = bob if mover is alice else alice
        offered = await mover.autocomplete(table.channel, "move", "action", "")
        assert offered and await other.autocomplete(table.channel, "move", "action", "") == []
        played = await mover.slash(table.channel, "move", action=offered[0]["value"])
        message, notation = played.response.message, notation_of(offered[0]["value"])
        moves.append(notation)
        assert not played.response.ephemeral and notation.split("-")[0] in message.content
        after = await played.response.attachments[0].read()
        colour = render.SEAT_FILL[colours[mover.id]]
        for hex_name in notation.split("-"):
            assert board_colour(board, hex_name) == render.EMPTY and board_colour(after, hex_name) == colour
        board = after
        if "🏆" in message.content:
            assert pinged(env, message) == {alice.id, bob.id}, "the final message pings everyone"
            return message
        assert pinged(env, message) == {other.id} and other.mention in message.content
        mover = other


async def test_a_whole_game_through_the_slash_commands(simcord_env):
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.members
    declared = next(c for c in simcord_env.backend.commands[None].values() if c["name"] == "game")
    new = next(o for o in declared["options"] if o["name"] == "new")
    game_option = next(o for o in new["options"] if o["name"] == "game")
    assert {"name": "Hexlink", "value": "hexlink"} in [
        {"name": c["name"], "value": c["value"]} for c in game_option["choices"]
    ]
    listed = await carol.slash(table.channel, "rules")
    assert "Hexlink" in listed.response.content and t("hexlink.blurb") in listed.response.content

    opened = await alice.slash(table.channel, "game new", game="hexlink")
    assert not opened.ephemeral and "Hexlink" in opened.response.content
    await bob.slash(table.channel, "game join")
    started = await alice.slash(table.channel, "game start")
    assert "**Hexlink** begins!" in started.response.content and "goes first" in started.response.content
    first = first_player(table, started)

    hand = await first.slash(table.channel, "hand")
    assert hand.ephemeral and "In hand:" in hand.response.content and "Your turn: " in hand.response.content
    offered = await first.autocomplete(table.channel, "move", "action", "")
    assert 0 < len(offered) <= 25 and offered[0]["name"].startswith("claim ")
    assert "moves: type a hex (C3)" in offered[-1]["name"], "the game's own hint, on a line of its own"
    narrowed = await first.autocomplete(table.channel, "move", "action", "C3")
    assert narrowed and all("C3" in notation_of(c["value"]).split("-") for c in narrowed)
    refused(simcord_env, await first.slash(table.channel, "move", action="Z9"), "is not a move: type a hex")

    moves: list[str] = []
    final = await play_to_the_end(table, started, first, moves)
    assert "**Final scores**" in final.content and (
        "linked their sides and wins" in final.content or "Winner" in final.content
    )

    public = [m.content for m in table.channel.history(viewer=carol)]
    assert public and not [text for text in public if any(word in text for word in PRIVATE_WORDS)]
    mine = [m.content for m in table.channel.history(viewer=alice) if m.flags.ephemeral]
    assert any("You drew" in text for text in mine), "a drawn tile is told to its drawer only"
    log = (await carol.slash(table.channel, "game log")).response.content
    assert f"**{moves[0].replace('-', ' + ')}**" in log and len(log.splitlines()) == len(moves) + 1


async def test_a_move_that_drew_a_tile_cannot_be_taken_back_and_a_taken_hex_is_refused(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    alice, bob = table.members
    await alice.slash(table.channel, "game new", game="hexlink")
    await bob.slash(table.channel, "game join")
    started = await alice.slash(table.channel, "game start")
    first = first_player(table, started)
    other = bob if first is alice else alice
    played = await first.slash(table.channel, "move", action="C3")
    assert "claimed **C3**" in played.response.content
    refused(simcord_env, await first.slash(table.channel, "undo"), "drew your next tile")
    refused(simcord_env, await other.slash(table.channel, "move", action="C3"), "You cannot claim C3")


async def test_a_game_in_portuguese_reads_the_words_the_game_carries(simcord_env, monkeypatch):
    table = make_table(simcord_env, ["alice", "bob", "carol"])
    alice, bob, carol = table.members
    speaking(monkeypatch, {member.id: "pt-BR" for member in table.members})
    await alice.slash(table.channel, "game new", game="hexlink", language="pt-BR")
    await bob.slash(table.channel, "game join")
    with recording() as lookups:
        started = await alice.slash(table.channel, "game start")
        assert "**Hexlink** começou!" in started.response.content
        hand = await alice.slash(table.channel, "hand")
        assert "Na mão:" in hand.response.content
        final = await play_to_the_end(table, started, first_player(table, started, "começa"), [])
    assert "**Pontuação final**" in final.content
    fell_back = {seen.key for seen in lookups if seen.asked == "pt-BR" and seen.served != "pt-BR"}
    assert not {key for key in fell_back if key.startswith("hexlink.")}
