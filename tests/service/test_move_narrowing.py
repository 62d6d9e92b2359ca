"""Every legal move reachable through `/move`'s autocomplete.

"With more legal moves than 25, typing narrows the list by region name, column letter, tile kind or
score ("+3"), and an empty field says how many there are and how to narrow them; the first 25 are
the most useful, as now."

The simcord tests drive the real `/move` command on real positions of both games with more than 25
legal moves; the unit tests pin the narrowing rules of `service/typed.py`.
"""

from __future__ import annotations

import random
import re

import pytest

from db import Database
from games.registry import load_engine, spec
from presenters.protocol import MoveChoice
from service.move_text import offered_for, with_hint
from tests.support.discord import make_table, notation_of

pytestmark = pytest.mark.asyncio

SHOWN = 25  # Discord's most autocomplete choices
COUNT = re.compile(r"(\d+) moves: type")


def farm(space: str, points: int, region: str = "Munster") -> MoveChoice:
    return MoveChoice(space, f"{space}  food farm, +{points} · in {region}", points, points)


async def stored(database_path: str, channel_id: int):
    database = await Database.open(database_path)
    try:
        return await database.open_game(channel_id)
    finally:
        await database.close()


async def played_on(database_path: str, channel_id: int, game_id: str, plies: int, wanted: int) -> None:
    """Play the channel's game on with seeded random moves, stored as the bot stores them,
    until the player to move has more than `wanted` legal moves (at least `plies` moves)."""
    engine = load_engine(game_id)
    rng = random.Random(14)
    database = await Database.open(database_path)
    try:
        game = await database.open_game(channel_id)
        assert game is not None
        state = engine.loads(game.state or "")
        for played in range(2000):
            seat = engine.to_move(state)
            if played >= plies and len(engine.legal_moves(state, seat)) > wanted:
                return
            move = rng.choice(engine.legal_moves(state, seat))
            applied = engine.apply(state, seat, move)
            state = applied.state
            game = await database.record_move(
                game,
                seat=seat,
                user_id=game.players[seat],
                move=applied.notation or move,
                event=applied.event,
                state=engine.dumps(state),
                finished=engine.is_over(state),
                turn_changed=engine.to_move(state) != seat,
                now=float(played),
            )
        pytest.fail("no position with that many moves")
    finally:
        await database.close()


async def legal_choices(database_path: str, channel_id: int, game_id: str) -> tuple[int, list[MoveChoice]]:
    """The seat to move and its legal moves, as the engine lists them (in English words)."""
    engine = load_engine(game_id)
    game = await stored(database_path, channel_id)
    state = engine.loads(game.state)
    seat = engine.to_move(state)
    return game.players[seat], spec(game_id).presenter(engine).moves.move_choices(state, seat, None)


async def offered(member, channel, typed: str) -> list[str]:
    choices = await member.autocomplete(channel, "move", "action", typed)
    assert len(choices) <= SHOWN and all(len(c["name"]) <= 100 for c in choices), choices
    return [notation_of(c["value"]) for c in choices]


async def assert_every_move_reachable(member, channel, choices, texts) -> dict[str, int]:
    """Each legal move is among the choices offered for one of its simple narrowing texts
    (`texts(choice)`); returns how often each kind of text was the one that reached it."""
    lists: dict[str, list[str]] = {}
    used: dict[str, int] = {}
    for choice in choices:
        for kind, text in texts(choice):
            if text not in lists:
                lists[text] = await offered(member, channel, text)
            if choice.notation in lists[text]:
                used[kind] = used.get(kind, 0) + 1
                break
        else:
            pytest.fail(f"{choice.notation} ({choice.label}) is offered for none of {texts(choice)}")
    return used


async def assert_empty_field_says_how_many(member, channel, choices) -> None:
    """An empty field: 25 moves, the best first as now, its name saying how many and how to narrow."""
    listed = await member.autocomplete(channel, "move", "action", "")
    assert len(listed) == SHOWN
    assert [notation_of(c["value"]) for c in listed] == [c.notation for c in choices[:SHOWN]]
    found = COUNT.search(listed[0]["name"])
    assert found and int(found.group(1)) == len(choices), listed[0]["name"]
    assert not any(COUNT.search(c["name"]) for c in listed[1:])


def rebirth_texts(choice: MoveChoice) -> list[tuple[str, str]]:
    region = re.search(r" · in ([^,]+)", choice.label)
    texts = [("column", choice.notation[0]), ("score", f"+{choice.points}")]
    return ([("region", region.group(1))] if region else []) + texts


@pytest.mark.parametrize("map_id", ["scotland", "ireland"])
async def test_every_rebirth_space_is_reachable_by_its_region_column_or_score(
    simcord_env, database_path, map_id
):
    """Rebirth: "typing narrows the list by region name, column letter ... or score ("+3")", and
    every legal space, however many, is in the list for one of them."""
    table = make_table(simcord_env, ["ann", "bob", "cat", "dan"])
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game="rebirth", map=map_id)
    for member in table.members[1:]:
        await member.slash(table.channel, "game join")
    await creator.slash(table.channel, "game start")
    await played_on(database_path, table.channel.id, "rebirth", 2, 50)
    user, choices = await legal_choices(database_path, table.channel.id, "rebirth")
    assert len(choices) > 2 * SHOWN
    member = table.member(user)
    await assert_empty_field_says_how_many(member, table.channel, choices)
    used = await assert_every_move_reachable(member, table.channel, choices, rebirth_texts)
    assert used.get("region", 0) > 0
    # The column letter is the F column, not every food farm; a region only its own spaces.
    column = choices[-1].notation[0]
    assert all(n.startswith(column) for n in await offered(member, table.channel, column))
    region = re.search(r" · in ([^,]+)", choices[0].label).group(1)
    in_region = [c.notation for c in choices if f" · in {region}" in c.label]
    assert await offered(member, table.channel, region.lower()) == in_region[:SHOWN]
    scoring = [c.notation for c in choices if c.points == choices[0].points]
    assert await offered(member, table.channel, f"+{choices[0].points}") == scoring[:SHOWN]


def revive_texts(choice: MoveChoice) -> list[tuple[str, str]]:
    """A move's verb, its verb with its first word (`build small`), each card or space it names,
    and the tile a space is on (`F02` for `F02.4`)."""
    words = choice.notation.split()
    texts = [("verb", words[0])] + [("verb+1", " ".join(words[:2]))] * (len(words) > 1)
    for word in words[1:]:
        texts.append(("word", word))
        if "." in word:
            texts.append(("tile", word.split(".")[0]))
    return texts


async def test_every_revive_move_is_reachable_by_its_action_card_or_space(simcord_env, database_path):
    """Revive: with more than 25 moves (builds, populates, cards), typing an action, a card id
    or a space narrows the list, and every legal move is in it for one of them."""
    table = make_table(simcord_env, ["ann", "bob"])
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game="revive")
    await table.members[1].slash(table.channel, "game join")
    await creator.slash(table.channel, "game start")
    await played_on(database_path, table.channel.id, "revive", 150, 40)
    user, choices = await legal_choices(database_path, table.channel.id, "revive")
    assert len(choices) > 40
    member = table.member(user)
    await assert_empty_field_says_how_many(member, table.channel, choices)
    await assert_every_move_reachable(member, table.channel, choices, revive_texts)
    verb = choices[-1].notation.split()[0]
    assert all(n.startswith(verb) for n in await offered(member, table.channel, verb))


async def test_a_column_letter_is_a_column_and_a_score_is_exact():
    """`F` narrows to the F column, not to every "food farm"; `+3` to the moves that score 3
    (exactly: `+1` is not `+12`); words combine (`munster +3`)."""
    choices = [farm("F7", 3), farm("G2", 3, "Ulster"), farm("F12", 1), farm("H1", 12), farm("H4", 1)]
    assert [c.notation for c in offered_for("F", choices)] == ["F7", "F12"]
    assert [c.notation for c in offered_for("+3", choices)] == ["F7", "G2"]
    assert [c.notation for c in offered_for("+1", choices)] == ["F12", "H4"]
    assert [c.notation for c in offered_for("munster +3", choices)] == ["F7"]
    assert [c.notation for c in offered_for("ULS", choices)] == ["G2"]
    assert [c.notation for c in offered_for("Múnster +1", choices)] == ["F12", "H4"]  # accents folded
    assert [c.notation for c in offered_for("farm", choices)] == [c.notation for c in choices]


async def test_a_number_in_a_word_is_whole():
    """`S1` finds `S1.0` (a space on tile S1), not `S12.0`."""
    choices = [MoveChoice(f"build small {s}", f"build a small building on {s}") for s in ("S1.0", "S12.0")]
    assert [c.notation for c in offered_for("S1", choices)] == ["build small S1.0"]


async def test_the_hint_rides_on_the_best_move_within_discords_100_characters():
    """ "an empty field says how many there are and how to narrow them": the first choice stays
    the best move, its name cut so the hint fits in 100 characters."""
    long = MoveChoice(
        "G11", "G11  food farm, +1 · in Highlands, takes Eilean Donan Castle, takes Urquhart Castle", 9
    )
    shown = [long] + [farm(f"A{i}", 1) for i in range(24)]
    hinted = with_hint(shown, 59, "", "rebirth.narrow", None)
    assert hinted[0].notation == "G11" and hinted[1:] == shown[1:]
    assert len(hinted[0].label) <= 100 and hinted[0].label.startswith("G11  food farm, +1")
    assert "59 moves: type a region, a column letter" in hinted[0].label
    assert with_hint(shown, 25, "", "rebirth.narrow", None) == shown
    assert "30 moves match" in with_hint(shown, 30, "castle", "rebirth.narrow", None)[0].label
