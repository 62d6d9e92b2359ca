"""Every legal move reachable through `/move`'s autocomplete.

"With more legal moves than 25, typing narrows the list by region name, column letter, tile kind or
score ("+3"), and an empty field says how many there are and how to narrow them; the first 25 are
the most useful, as now."

The simcord tests drive the real `/move` command on real positions of both games with more than 25
legal moves; the unit tests pin the narrowing rules of `service/move_text.py`.
"""

from __future__ import annotations

import random
import re

import pytest

from db import Database
from engine import hexgrid
from engine.base import MoveFacts
from games.registry import load_engine, spec
from presenters.protocol import MoveChoice
from service.move_text import closest, explained, listed, offered_for
from tests.support.discord import make_table, notation_of

pytestmark = [pytest.mark.asyncio, pytest.mark.both_backends]

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
    """The moves the list offers for `typed` (without the lines that only explain it)."""
    choices = await member.autocomplete(channel, "move", "action", typed)
    assert len(choices) <= SHOWN and all(len(c["name"]) <= 100 for c in choices), choices
    return [notation_of(c["value"]) for c in choices if explained(c["value"]) is None]


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
    """An empty field: the 24 best moves, each name whole, then a line of its own saying how
    many there are and how to narrow them, whose value is no move."""
    shown = await member.autocomplete(channel, "move", "action", "")
    assert len(shown) == SHOWN
    assert [notation_of(c["value"]) for c in shown[:-1]] == [c.notation for c in choices[: SHOWN - 1]]
    assert not any(COUNT.search(c["name"]) for c in shown[:-1])
    found = COUNT.search(shown[-1]["name"])
    assert found and int(found.group(1)) == len(choices), shown[-1]["name"]
    assert explained(shown[-1]["value"]) == ""


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
    assert await offered(member, table.channel, region.lower()) == shown_of(in_region)
    scoring = [c.notation for c in choices if c.points == choices[0].points]
    assert await offered(member, table.channel, f"+{choices[0].points}") == shown_of(scoring)


def shown_of(moves: list[str]) -> list[str]:
    """The moves a list of 25 shows of `moves`: all when they fit, else the first 24 (the last
    line says how many there are)."""
    return moves if len(moves) <= SHOWN else moves[: SHOWN - 1]


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


def listing(typed: str, choices: list[MoveChoice], limit: int = SHOWN) -> list[MoveChoice]:
    return listed(typed, choices, "rebirth.narrow", None, lambda a, b: None, limit, list)


async def test_the_hint_is_a_line_of_its_own_after_the_moves_and_plays_nothing():
    """ "The hint is not glued to the best move": with more moves than fit, the best move's name
    stays whole and first; the last line says how many there are, and its value is no move."""
    long = MoveChoice(
        "G11", "G11  food farm, +1 · in Highlands, takes Eilean Donan Castle, takes Urquhart Castle", 9, 1
    )
    choices = [long] + [farm(f"A{i}", 1) for i in range(40)]
    shown = listing("", choices)
    assert len(shown) == SHOWN and shown[:-1] == choices[: SHOWN - 1]
    assert shown[0].label == long.label
    assert "41 moves: type a region, a column letter" in shown[-1].label and len(shown[-1].label) <= 100
    assert explained(shown[-1].notation) == "" and shown[-1].notation not in {c.notation for c in choices}
    assert listing("", choices[:SHOWN]) == choices[:SHOWN]  # all fit: no line that explains
    assert "41 moves match" in listing("farm", choices)[-1].label


async def test_nothing_matching_is_said_first_and_offers_no_move():
    """ "The move list never plays what you did not mean": `+2` when no move scores 2 is a line
    saying which scores there are, not a move; a name nothing touches likewise."""
    choices = [farm("M2", 0), farm("F7", 4), farm("G2", 1), farm("H1", 0)]
    for typed in ("+2", "+3", "urq", "zzz"):
        shown = listing(typed, choices)
        assert len(shown) == 1 and explained(shown[0].notation) == typed, (typed, shown)
    assert listing("+2", choices)[0].label == "No move scores exactly +2 now; yours score +0, +1, +4"
    assert listing("Urq", choices)[0].label == "No move matches “Urq” (this line plays nothing)"
    assert [c.notation for c in listing("+4", choices)] == ["F7"]
    assert listing("+2", []) == []  # not the caller's turn: nothing to explain


async def test_a_name_finds_the_spaces_that_touch_it():
    """A castle's, settlement's or mission's name (any part of it) finds the spaces that touch
    it, though the label does not show it."""
    names = ("Urquhart Castle", "Inverness")
    near = MoveChoice("G10", "G10  food farm, +1 · in Highlands", 1, 1, names=names)
    far = MoveChoice("J18", "J18  food farm, +1 · in Lowlands", 2, 1, names=("Stirling Castle",))
    assert [c.notation for c in offered_for("Urq", [far, near])] == ["G10"]
    assert [c.notation for c in offered_for("inverness +1", [far, near])] == ["G10"]
    assert [c.notation for c in offered_for("castle", [far, near])] == ["J18", "G10"]
    assert offered_for("Urq +2", [far, near]) == []


def placed(notation: str, place: str, rank: float = 0.0) -> MoveChoice:
    return MoveChoice(notation, notation, rank, facts=MoveFacts(notation, "x", (place,)))


def hex_steps(place: str, other: str) -> int | None:
    first, second = hexgrid.parse(place), hexgrid.parse(other)
    return hexgrid.distance(first, second) if first and second else None


async def test_closest_is_close_on_the_board_then_alike_in_words():
    """A space that cannot be played gets the legal spaces around it (J18: not J10, alike only in
    spelling), the best first among equals; a move's other words break ties (`build small`)."""
    spaces = [placed(space, space) for space in ("J10", "J8", "K18", "I17", "H18", "J19")]
    assert [c.notation for c in closest("J18", spaces, 3, hex_steps)] == ["K18", "J19", "I17"]
    assert [c.notation for c in closest("J18", spaces, 2)] == ["J8", "J10"]  # no geometry: spelling
    moves = [
        placed("populate S1.4", "C4"),
        placed("build large S1.4", "C4"),
        placed("build small S1.9", "C9"),
        MoveChoice("end", "end your turn"),
        placed("build small S1.4", "C4"),
    ]
    near = closest("build small S1.3", moves, 4, lambda a, b: hex_steps("C3" if a == "S1.3" else a, b))
    assert [c.notation for c in near[:3]] == ["build small S1.4", "build large S1.4", "populate S1.4"]
    assert near[3].notation == "build small S1.9"  # farther on the board, before a move with no place
