"""`/move`'s list through the real autocomplete (simcord), on a Rebirth game a few moves in: it
never plays what the player did not mean, its hint hides no move, and the moves it offers near
a space are near on the board.

- Typing `+N` offers exactly the moves that score N; when none does, one line says so, and
  picking it plays nothing (it is answered privately).
- A castle's, settlement's or mission's name finds the spaces that touch it.
- With more moves than fit, the best move's name is whole and a last line of its own says how
  many there are.
- A space that cannot be played gets the legal spaces nearest it on the board, in the list and
  in the refusal.
"""

from __future__ import annotations

import re

import pytest

from db import Database
from engine import hexgrid
from games.registry import load_engine
from service.move_text import explained
from tests.support.discord import current_player, make_table, notation_of, open_and_start, refused
from tests.support.locales import speaking

pytestmark = pytest.mark.asyncio

SHOWN = 25  # Discord's most autocomplete choices
PLIES = 8  # moves played before the checks: castles taken, spaces filled, scores that differ


async def a_game_under_way(env):
    """A two-player Scotland game in which each player has taken the list's first move a few
    times; returns the table and the member to move."""
    table = make_table(env, ["alice", "bob"])
    started = await open_and_start(table)
    mover = next(m for m in table.members if f"{m.mention} goes first" in started.response.content)
    for _ in range(PLIES):
        choice = (await mover.autocomplete(table.channel, "move", "action", ""))[0]["value"]
        result = await mover.slash(table.channel, "move", action=choice)
        mover = current_player(table, result.response.message)
    return table, mover


async def stored(database_path: str, channel_id: int):
    database = await Database.open(database_path)
    try:
        return await database.open_game(channel_id)
    finally:
        await database.close()


async def position(database_path: str, channel_id: int):
    """The engine, the stored state, the seat to move and its legal moves (`MoveFacts`)."""
    engine = load_engine("rebirth")
    game = await stored(database_path, channel_id)
    state = engine.loads(game.state)
    seat = engine.to_move(state)
    return engine, state, engine.moves(state, seat)


async def listing(member, channel, typed: str) -> list[dict]:
    choices = await member.autocomplete(channel, "move", "action", typed)
    assert 0 < len(choices) <= SHOWN and all(0 < len(c["name"]) <= 100 for c in choices), choices
    return choices


def moves_in(choices: list[dict]) -> list[str]:
    return [notation_of(c["value"]) for c in choices if explained(c["value"]) is None]


def shown_of(moves: list[str]) -> list[str]:
    return moves if len(moves) <= SHOWN else moves[: SHOWN - 1]


async def assert_plays_nothing(env, database_path, table, member, value: str, says: str) -> None:
    """Submitting `value` is answered to `member` alone with `says`, and the game is as it was."""
    before = await stored(database_path, table.channel.id)
    result = await member.slash(table.channel, "move", action=value)
    assert result.ephemeral, "an explanation is private"
    assert says in result.response.content and "nothing was played" in result.response.content
    after = await stored(database_path, table.channel.id)
    assert (after.version, after.state) == (before.version, before.state)


async def test_a_score_is_exact_and_a_score_nobody_makes_plays_nothing(simcord_env, database_path):
    """`+N` offers only the moves that score N; when no move does, the one line says so and
    which scores there are, and picking it changes nothing."""
    table, mover = await a_game_under_way(simcord_env)
    _, _, moves = await position(database_path, table.channel.id)
    scores = sorted({move.points for move in moves})
    assert len(scores) > 1, "a position whose moves score differently"
    points = {move.notation: move.points for move in moves}
    for score in scores:
        offered = moves_in(await listing(mover, table.channel, f"+{score}"))
        assert offered == shown_of([move.notation for move in moves if move.points == score])
        assert {points[notation] for notation in offered} == {score}
    missing = next(n for n in range(max(scores) + 2) if n not in scores)
    only = await listing(mover, table.channel, f"+{missing}")
    assert len(only) == 1 and explained(only[0]["value"]) == f"+{missing}", only
    listed = ", ".join(f"+{score}" for score in scores)
    assert only[0]["name"] == f"No move scores exactly +{missing} now; yours score {listed}"
    await assert_plays_nothing(simcord_env, database_path, table, mover, only[0]["value"], only[0]["name"])


async def test_a_castle_settlement_or_mission_name_finds_the_spaces_touching_it(simcord_env, database_path):
    """`Urq` finds the legal spaces next to Urquhart Castle, `Inverness` those in or next to
    the settlement, `Herring Fleet` (a mission: tiles on ports) the legal ports; a name that
    nothing legal touches is a line that says so, not a move."""
    table, mover = await a_game_under_way(simcord_env)
    engine, state, moves = await position(database_path, table.channel.id)
    board = engine.board(state)

    def touching(spaces) -> set[str]:
        return {
            hexgrid.name(*cell) for space in spaces for cell in hexgrid.neighbours(*hexgrid.parse(space))
        } | set(spaces)

    inverness = next(s for s in board.settlements if s.name == "Inverness").spaces
    urquhart = board.castle_of_name["Urquhart Castle"]
    around = {
        "Urq": touching([urquhart]) - {urquhart},
        "inverness": touching(inverness),
        "Herring Fleet": set(board.ports),
    }
    found_some = False
    for typed, spaces in around.items():
        expected = [move.notation for move in moves if move.notation in spaces]
        choices = await listing(mover, table.channel, typed)
        if expected:
            found_some = True
            assert moves_in(choices) == shown_of(expected), typed
        else:
            assert len(choices) == 1 and explained(choices[0]["value"]) is not None, (typed, choices)
    assert found_some, "a position where some of these names touch a legal space"
    nothing = await listing(mover, table.channel, "Urqx")
    assert len(nothing) == 1 and nothing[0]["name"] == "No move matches “Urqx” (this line plays nothing)"
    await assert_plays_nothing(simcord_env, database_path, table, mover, nothing[0]["value"], "Urqx")


async def test_the_hint_is_a_last_line_of_its_own_and_the_best_move_stays_whole(simcord_env, database_path):
    """An empty field: the best move first, its name the move's own (the same as when its space
    is typed); the last line says how many moves there are and plays nothing when picked."""
    table, mover = await a_game_under_way(simcord_env)
    _, _, moves = await position(database_path, table.channel.id)
    assert len(moves) > SHOWN
    choices = await listing(mover, table.channel, "")
    assert len(choices) == SHOWN
    assert moves_in(choices) == [move.notation for move in moves[: SHOWN - 1]]
    best = choices[0]
    typed = await listing(mover, table.channel, notation_of(best["value"]))
    assert best["name"] == next(c["name"] for c in typed if c["value"] == best["value"])
    assert "moves: type" not in best["name"]
    hint = choices[-1]
    assert explained(hint["value"]) == ""
    narrow = "type a region, a column letter, a castle or town name, or +3"
    assert hint["name"] == f"… {len(moves)} moves: {narrow}"
    await assert_plays_nothing(simcord_env, database_path, table, mover, hint["value"], f"{len(moves)} moves")


async def test_a_taken_space_gets_the_legal_spaces_nearest_it_on_the_board(simcord_env, database_path):
    """`/move` on a space that already has a tile (a player's or a neutral one) is refused with
    the closest moves you can make, closest on the board (J18 taken: its neighbours, not J10);
    the list for it says there is no move there and offers the same nearest spaces after that
    line."""
    table, mover = await a_game_under_way(simcord_env)
    _, state, moves = await position(database_path, table.channel.id)
    legal = [move.notation for move in moves]

    def steps(space: str, other: str) -> int:
        return hexgrid.distance(hexgrid.parse(space), hexgrid.parse(other))

    taken = sorted(state.board)
    assert len(taken) >= PLIES
    for space in taken:
        result = await mover.slash(table.channel, "move", action=space)
        text = refused(simcord_env, result, "Closest moves you can make now")
        assert "already has a tile" in text or "covered by a neutral tile" in text, text
        suggested = re.findall(r"`([A-Z]\d+)`", text.split("Closest moves you can make now:")[1])
        assert len(suggested) == 3
        nearest = sorted(steps(space, other) for other in legal)[:3]
        assert sorted(steps(space, other) for other in suggested) == nearest, (space, suggested)
        choices = await listing(mover, table.channel, space)
        assert choices[0]["name"] == f"No move on “{space}” now; the nearest moves you can make follow"
        assert explained(choices[0]["value"]) == space
        assert moves_in(choices) == suggested


async def test_the_lines_that_explain_are_in_the_players_language(simcord_env, database_path, monkeypatch):
    """A Portuguese reader gets the explaining lines, and the answer to picking one, in
    Portuguese."""
    table, mover = await a_game_under_way(simcord_env)
    speaking(monkeypatch, {mover.id: "pt-BR"})
    _, _, moves = await position(database_path, table.channel.id)
    missing = next(n for n in range(99) if n not in {move.points for move in moves})
    only = await listing(mover, table.channel, f"+{missing}")
    assert only[0]["name"].startswith(f"Nenhuma jogada vale exatamente +{missing} agora")
    hint = (await listing(mover, table.channel, ""))[-1]
    assert hint["name"] == f"… {len(moves)} jogadas: digite região, coluna, nome de castelo ou cidade, ou +3"
    result = await mover.slash(table.channel, "move", action=only[0]["value"])
    assert result.ephemeral and "nada foi jogado" in result.response.content
