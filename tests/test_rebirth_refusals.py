"""Refusals give the true reason (issue 11, item 3): `x2` on a map without a Doubling Marker."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from games.registry import load_engine
from presenters.errors import error_text
from tests.discord_helpers import make_table, open_and_start, refused
from tests.refusals import refusing


@pytest.fixture(scope="module")
def game():
    return load_engine("rebirth")


def test_x2_on_scotland_says_the_map_has_no_doubling_marker(game):
    """Setup step 5 gives each player "their Doubling Marker" only in Ireland mode: on Scotland
    the refusal says the map has none, not that the player already used theirs."""
    state = game.new_game(3, {"map": "scotland"}, seed=7)
    seat = game.to_move(state)
    space = game.legal_moves(state, seat)[0]
    with refusing(IllegalMove, "Scotland has no Doubling Marker") as refusal:
        game.apply(state, seat, f"{space} x2")
    assert "already used" not in error_text(refusal.value)
    ireland = game.new_game(3, {"map": "ireland"}, seed=7)
    ireland.doubling[ireland.current] = False
    with refusing(IllegalMove, "already used your Doubling Marker"):
        game.apply(ireland, ireland.current, f"{game.legal_moves(ireland, ireland.current)[0]} x2")


async def test_move_x2_on_scotland_is_refused_with_the_true_reason(simcord_env):
    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    first = next(m for m in table.members if f"{m.mention} goes first" in started.response.content)
    result = await first.slash(table.channel, "move", action="F7 x2")
    text = refused(simcord_env, result, "Scotland has no Doubling Marker")
    assert "already used" not in text
