"""Hibernating is never the default by accident (simcord): it is offered last while an action is
possible, and hibernating then asks for a confirmation first, privately, in the player's
language; the buttons under a turn post say whose they are, and anyone else's click is refused."""

from __future__ import annotations

import pytest

from tests.discord.test_revive import open_revive, stored_game, to_move
from tests.support.discord import make_table, notation_of, pinged
from tests.support.locales import speaking

pytestmark = pytest.mark.asyncio


def _buttons(message) -> list[dict]:
    return [c for row in message.components for c in row.get("components", [])]


async def test_hibernating_with_actions_left_is_offered_last_and_asks_for_a_confirmation(
    simcord_env, database_path, monkeypatch
):
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    mover = await to_move(table)
    choices = await mover.autocomplete(table.channel, "move", "action", "")
    assert notation_of(choices[0]["value"]) != "hibernate", "Enter on the list must not hibernate"
    assert "hibernate" not in [notation_of(c["value"]) for c in choices[:-1]]
    [offered] = await mover.autocomplete(table.channel, "move", "action", "hibern")
    before, _ = await stored_game(database_path)

    asked = await mover.slash(table.channel, "move", action=offered["value"])
    assert (
        asked.ephemeral and "Hibernating gives up the 2 actions left in your turn" in asked.response.content
    )
    assert "`/move hibernate confirm`" in asked.response.content
    assert [b["label"] for b in _buttons(asked.response)] == ["Confirm"]
    still, _ = await stored_game(database_path)
    assert (still.version, still.state) == (before.version, before.state), (
        "nothing played before the confirmation"
    )

    speaking(monkeypatch, {mover.id: "pt-BR"})
    asked = await mover.slash(table.channel, "move", action="hibernate")
    assert asked.ephemeral and "Hibernar abre mão das 2 ações que restam na sua vez" in asked.response.content
    assert [b["label"] for b in _buttons(asked.response)] == ["Confirmar"]
    done = await mover.click(asked.response, label="Confirmar")
    assert done.ephemeral and "hibernou" in done.response.content  # the reward is the next question
    _, state = await stored_game(database_path)
    assert state.seats[state.current]["hibernation"] == 1


async def test_hibernate_confirm_typed_plays_at_once(simcord_env, database_path):
    table = make_table(simcord_env, ["ann", "bob"])
    await open_revive(table)
    mover = await to_move(table)
    done = await mover.slash(table.channel, "move", action="hibernate confirm")
    assert done.ephemeral and "hibernated" in done.response.content
    _, state = await stored_game(database_path)
    assert state.seats[state.current]["hibernation"] == 1


async def test_a_turn_posts_buttons_say_whose_they_are_and_refuse_anyone_elses_click(
    simcord_env, database_path, monkeypatch
):
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    ann, bob, cy = table.members
    await open_revive(table, players=2)  # cy watches
    first = await to_move(table)
    other = bob if first is ann else ann
    await first.slash(table.channel, "move", action="switch gear")
    ended = await first.slash(table.channel, "move", action="end")
    post = ended.response
    assert not ended.ephemeral and pinged(simcord_env, post.message) == {other.id}
    assert f"Buttons: for <@{other.id}>." in post.content
    [hibernate] = [b for b in _buttons(post) if b["custom_id"].endswith(":hibernate")]
    before, _ = await stored_game(database_path)

    speaking(monkeypatch, {cy.id: "pt-BR"})
    theirs_not = await first.click(post, custom_id=hibernate["custom_id"])
    assert theirs_not.ephemeral
    assert f"These buttons are for <@{other.id}>, whose move it is" in theirs_not.response.content
    watcher = await cy.click(post, custom_id=hibernate["custom_id"])
    assert watcher.ephemeral and f"Estes botões são de <@{other.id}>" in watcher.response.content
    # Theirs: hibernating with both actions left is asked about first, privately.
    asked = await other.click(post, custom_id=hibernate["custom_id"])
    assert asked.ephemeral and "gives up the 2 actions" in asked.response.content
    after, _ = await stored_game(database_path)
    assert (after.version, after.state) == (before.version, before.state)
