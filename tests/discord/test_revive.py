"""Revive played through Discord (simcord): the real commands, autocomplete, buttons and menus.

A Revive turn is many small moves: the channel gets one message per turn (board, summary, the
next player's ping); the small decisions are answered to the acting player only.
"""

from __future__ import annotations

import random
import re

import pytest

from db import Database
from games.registry import load_engine
from service.move_text import explained
from tests.support.discord import make_table, pinged

pytestmark = pytest.mark.asyncio

ARTIFACT_CARD = re.compile(r"\bAC\d\d\b")


async def open_revive(table, players: int = 2):
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game="revive")
    for member in table.members[1:players]:
        await member.slash(table.channel, "game join")
    return await creator.slash(table.channel, "game start")


async def to_move(table):
    """The member whose move it is: the one whose autocomplete offers moves."""
    for member in table.members:
        if await member.autocomplete(table.channel, "move", "action", ""):
            return member
    return None


async def stored_game_any(database_path: str, channel_id: int):
    """The channel's latest game, finished or not, and its state."""
    database = await Database.open(database_path)
    try:
        game = await database.latest_game(channel_id)
        return game, load_engine("revive").loads(game.state)
    finally:
        await database.close()


async def stored_game(database_path: str):
    database = await Database.open(database_path)
    try:
        game = (await database.active_games() or [None])[0]
        return game, load_engine("revive").loads(game.state) if game else None
    finally:
        await database.close()


@pytest.mark.slow
async def test_a_whole_two_player_game_through_the_slash_commands(simcord_env, database_path):
    table = make_table(simcord_env, ["ann", "bob"])
    start = await open_revive(table)
    assert not start.ephemeral and "Revive" in start.response.content
    assert pinged(simcord_env, start.response.message) == {m.id for m in table.members}
    rng = random.Random(7)
    turn_messages = 0
    for _ in range(2000):
        game, state = await stored_game(database_path)
        if game is None:
            break
        member = table.member(game.players[load_engine("revive").to_move(state)])
        choices = await member.autocomplete(table.channel, "move", "action", "")
        assert 0 < len(choices) <= 25 and all(len(c["name"]) <= 100 for c in choices)
        # Mostly real actions, so the game ends: a player who just ends turns never finishes.
        values = [c["value"] for c in choices if explained(c["value"]) is None]  # moves, not the hint
        useful = [v for v in values if not v.startswith(("crystal", "use ", "open "))] or values
        result = await member.slash(table.channel, "move", action=rng.choice(useful))
        assert result.acknowledged
        # A player thinks between moves: private replies' views time out (after 15 minutes)
        # as they do on Discord, instead of piling up in simcord's clock.
        await simcord_env.advance_time(30)
        if not result.ephemeral:
            turn_messages += 1
            assert result.response.attachments, "each turn posts the board"
    else:
        pytest.fail("the game did not end")
    assert await to_move(table) is None, "nobody has a move once the game is over"
    history = table.channel.history()
    public = [m for m in history if not m.flags.ephemeral]
    final = public[-1]
    assert "Final scores" in final.content and pinged(simcord_env, final) == {m.id for m in table.members}
    assert final.attachments
    # The secret artifact cards never reach the channel before the final message reveals them.
    assert not any(ARTIFACT_CARD.search(m.content) for m in public[:-1])
    _, ended = await stored_game_any(database_path, table.channel.id)
    assert all(f"artifact card {me['artifact_card']}:" in final.content for me in ended.seats)
    assert turn_messages >= 10


async def test_small_decisions_are_private_and_the_turn_message_pings_the_next_player(simcord_env):
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    first = await to_move(table)
    other = next(m for m in table.members if m is not first)
    result = await first.slash(table.channel, "move", action="switch gear")
    assert result.ephemeral and "Done" in result.response.content
    buttons = [c for row in result.response.components for c in row.get("components", [])]
    assert any(b.get("label") == "end your turn" for b in buttons)
    end = await first.click(result.response, label="end your turn")
    assert not end.ephemeral
    assert pinged(simcord_env, end.response.message) == {other.id}
    assert "switch token" in end.response.content and end.response.attachments
    assert await to_move(table) is other


async def test_a_stale_button_and_an_out_of_turn_move_are_refused_and_change_nothing(
    simcord_env, database_path
):
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    first = await to_move(table)
    other = next(m for m in table.members if m is not first)
    old = await first.slash(table.channel, "move", action="switch gear")
    newer = await first.slash(table.channel, "move", action="crystal food")  # the game moves on
    assert newer.ephemeral
    before, _ = await stored_game(database_path)
    stale = await first.click(old.response, label="end your turn")
    assert stale.ephemeral and "changed" in stale.response.content
    wrong = await other.slash(table.channel, "move", action="switch food")
    assert not simcord_env.errors, "a refusal is an answer, not an error"
    assert wrong.ephemeral and "not your turn" in wrong.response.content.lower()
    after, _ = await stored_game(database_path)
    assert after.version == before.version and after.state == before.state


async def test_hand_shows_the_secret_artifact_card_privately(simcord_env, database_path):
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    _, state = await stored_game(database_path)
    game, _ = await stored_game(database_path)
    for member in table.members:
        seat = game.players.index(member.id)
        result = await member.slash(table.channel, "hand")
        assert result.ephemeral
        assert state.seats[seat]["artifact_card"] in result.response.content
        assert "Resting cards** (3," in result.response.content
    public = [m for m in table.channel.history() if not m.flags.ephemeral]
    assert not any(ARTIFACT_CARD.search(m.content) for m in public)


@pytest.mark.parametrize(
    ("locale", "in_hand", "resting"),
    [
        ("en-US", "**Cards in hand** (3;", "**Resting cards** (3,"),
        ("pt-BR", "**Cartas na mão** (3;", "**Cartas em descanso** (3,"),
    ],
)
async def test_hand_lists_the_cards_to_play_with_what_they_do_then_the_resting_ones(
    simcord_env, database_path, monkeypatch, locale, in_hand, resting
):
    """`/hand` is where a player decides what to play: it lists the cards in hand (face up),
    each with its colour and what its top and bottom halves do, as the player board draws
    them, then the resting cards; privately, in the caller's language."""
    from i18n.revive_words import effects_text
    from tests.support.locales import english_in, speaking

    table = make_table(simcord_env, ["ann", "bob"])
    speaking(monkeypatch, {member.id: locale for member in table.members})
    await open_revive(table)
    game, state = await stored_game(database_path)
    cards = load_engine("revive").edition(state.rules).tables.cards
    for member in table.members:
        me = state.seats[game.players.index(member.id)]
        result = await member.slash(table.channel, "hand")
        assert result.ephemeral
        lines = result.response.content.splitlines()
        assert in_hand in result.response.content and resting in result.response.content
        start = next(n for n, line in enumerate(lines) if line.startswith(in_hand))
        shown = lines[start + 1 : start + 1 + len(me["active"])]
        assert lines[start + 1 + len(me["active"])].startswith(resting), "the resting cards come next"
        assert [line.split(" ", 2)[1] for line in shown] == me["active"]
        for line, card_id in zip(shown, me["active"], strict=True):
            card = cards[card_id]
            assert effects_text(card["top"], locale) in line and effects_text(card["bottom"], locale) in line
        if locale != "en-US":
            assert not english_in([result.response.content], locale)


async def test_a_hand_too_long_for_one_message_keeps_what_you_can_do_now(simcord_env, monkeypatch):
    """A late hand (many cards in hand and resting) can outgrow Discord's 2000 characters: the
    lists are cut, never the options at the end, which say what the turn asks."""
    from presenters.revive.presenter import RevivePresenter

    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    mover = await to_move(table)
    long_hand = "\n".join(f"• card {n}: " + "x" * 60 for n in range(40))
    monkeypatch.setattr(RevivePresenter, "hand_text", lambda self, view, locale: long_hand)
    result = await mover.slash(table.channel, "hand")
    text = result.response.content
    assert result.ephemeral and len(text) <= 2000
    assert "• card 0:" in text and "• card 39:" not in text
    assert text.splitlines()[-1].startswith("**Now:**")


def _components(response) -> list[dict]:
    return [c for row in response.components for c in row.get("components", [])]


async def test_a_restart_in_the_middle_of_an_action_continues_it_and_its_buttons_still_work(
    simcord_env, database_path
):
    from bot import create_bot

    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    engine = load_engine("revive")
    for _ in range(20):  # play on until a move asks a question, leaving its action half done
        game, state = await stored_game(database_path)
        seat = engine.to_move(state)
        member = table.member(game.players[seat])
        moves = engine.legal_moves(state, seat)
        asking = [
            m
            for m in moves
            if not m.startswith(("crystal", "hibernate")) and engine.apply(state, seat, m).state.stack
        ]
        if asking:
            break
        await member.slash(table.channel, "move", action="end" if "end" in moves else moves[0])
    half = await member.slash(table.channel, "move", action=asking[0])
    assert half.ephemeral
    components = _components(half.response)
    assert components, "the open decision comes with buttons or a menu"
    _, before = await stored_game(database_path)
    assert before.stack

    await simcord_env.restart_bot(create_bot(database_path))

    status = await member.slash(table.channel, "game status")
    assert "to move" in status.response.content
    answer = components[0]
    if answer.get("type") == 3:  # a select menu: choose its first option
        result = await member.select(
            half.response, [answer["options"][0]["value"]], custom_id=answer["custom_id"]
        )
    else:
        result = await member.click(half.response, custom_id=answer["custom_id"])
    assert result.acknowledged and "changed" not in result.response.content
    _, after = await stored_game(database_path)
    assert after.dumps() != before.dumps() and len(after.stack) < len(before.stack) + 1


async def test_board_of_a_player_and_rules_for_both_games(simcord_env):
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    ann, bob = table.members
    shown = await ann.slash(table.channel, "board", player=bob)
    assert not shown.ephemeral and shown.response.attachments
    assert shown.response.attachments[0].filename == "player.png"
    png = await shown.response.attachments[0].read()
    assert png.startswith(b"\x89PNG") and pinged(simcord_env, shown.response.message) == set()
    rules = await bob.slash(table.channel, "rules")
    assert rules.ephemeral and "Revive, a turn" in rules.response.content
    assert "You, now" in rules.response.content or "not your turn" in rules.response.content
    await ann.slash(table.channel, "game abort")
    await ann.slash(table.channel, "game new", game="rebirth")
    rebirth_rules = await bob.slash(table.channel, "rules")
    assert rebirth_rules.ephemeral and "Rebirth, a turn" in rebirth_rules.response.content


async def test_few_answers_become_buttons_more_become_a_menu_with_ids_that_carry_game_and_version():
    from cogs.posting import moves_view
    from presenters.protocol import MoveChoice
    from service.messages import Message

    few = Message(
        "pick", moves=tuple(MoveChoice(f"take {r}", f"take 1 {r}") for r in ("gear", "book")), ref=(7, 42)
    )
    [first, second] = moves_view(few).children
    assert first.custom_id == "tt:m:7:42:take gear" and first.item.label == "take 1 gear"
    rotations = tuple(MoveChoice(f"rotate {k}", f"turn F03 to rotation {k}") for k in range(6))
    [menu] = moves_view(Message("pick", moves=rotations, ref=(7, 43))).children
    assert menu.custom_id == "tt:s:7:43" and [o.value for o in menu.item.options] == [
        c.notation for c in rotations
    ]
    assert moves_view(Message("no buttons")) is None


async def test_a_move_picked_from_autocomplete_and_sent_twice_applies_once(simcord_env, database_path):
    """Two `/move crystal gear` in a hurry (a double tap): the second is refused, one crystal
    traded (the value carries the version it was offered at, service/move_text.py)."""

    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    member = await to_move(table)
    choices = await member.autocomplete(table.channel, "move", "action", "crystal")
    trade = next(c["value"] for c in choices if c["value"].startswith("crystal gear"))
    _, before = await stored_game(database_path)
    seat = before.current
    first = await member.slash(table.channel, "move", action=trade)
    assert first.acknowledged
    second = await member.slash(table.channel, "move", action=trade)
    assert not simcord_env.errors, "a refusal is an answer, not an error"
    assert second.ephemeral and "was it sent twice?" in second.response.content
    _, after = await stored_game(database_path)
    assert after.seats[seat]["resources"]["crystal"] == before.seats[seat]["resources"]["crystal"] - 1
    assert after.seats[seat]["resources"]["gear"] == before.seats[seat]["resources"]["gear"] + 1
