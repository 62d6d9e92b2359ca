"""A Revive move typed into `/move` that the rules refuse says why (simcord): the rule it breaks
or the resources it lacks, with the numbers, in the player's language; and the closest moves
listed after it name each move once."""

from __future__ import annotations

import pytest

from content.revive import load_revive
from engine.revive import Revive, costs
from tests.discord.test_revive import open_revive, stored_game, to_move
from tests.support.discord import make_table, refused
from tests.support.locales import speaking

pytestmark = pytest.mark.asyncio


async def test_a_refused_move_names_the_missing_food_the_resting_card_and_the_rule(
    simcord_env, database_path, monkeypatch
):
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    mover = await to_move(table)
    before, state = await stored_game(database_path)
    tables = Revive(load_revive()).tables
    me = state.seats[state.current]
    assert me["resources"]["food"] == 0, "the first player starts without food: the test can fail"
    distance = costs.range_costs(tables, state, state.current)
    tile = next(
        slot
        for slot, placed in sorted(state.board.items())
        if not placed["face_up"] and (costs.explore_cost(tables, distance, slot) or 0) >= 1
    )
    resting = me["resting"][0]

    explore = refused(
        simcord_env, await mover.slash(table.channel, "move", action=f"explore {tile}"), "food short"
    )
    assert f"Exploring {tile} costs " in explore and "food of it for range), and you have 0 food" in explore
    assert "is not possible now" not in explore, explore
    play = await mover.slash(table.channel, "move", action=f"play {resting} top left")
    refused(
        simcord_env, play, f"{resting} is resting: resting cards come back to your hand when you hibernate"
    )
    end = refused(simcord_env, await mover.slash(table.channel, "move", action="end"), "taken no action yet")
    assert "(hibernate (" not in end and "hibernate` (hibernate" not in end, end

    speaking(monkeypatch, {mover.id: "pt-BR"})
    explore = refused(
        simcord_env, await mover.slash(table.channel, "move", action=f"explore {tile}"), "ainda precisa de"
    )
    assert (
        f"Explorar {tile} custa " in explore and "comida disso pelo alcance), e você tem 0 comida" in explore
    )
    play = await mover.slash(table.channel, "move", action=f"play {resting} top left")
    refused(simcord_env, play, f"{resting} está em descanso")
    refused(simcord_env, await mover.slash(table.channel, "move", action="end"), "ainda não fez nenhuma ação")

    after, _ = await stored_game(database_path)
    assert (after.version, after.state) == (before.version, before.state), "a refusal changes nothing"
