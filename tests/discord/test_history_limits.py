"""How often the heavy history commands run (simcord, virtual clock): `/game export` has its own
count per person and per channel (service/export_limits.py), past which the answer is a private
"export again in N seconds" and nothing is re-played or sent; `/game replay` counts against the
look limits as what it costs, the animation as `REPLAY_COST` boards and one position as one
(service/look_limits.py), so a replay is refused where a board still fits, and boards are
refused after a replay."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from service.export_limits import EXPORTS_PER_CHANNEL, EXPORTS_PER_PERSON
from service.look_limits import REPLAY_COST
from tests.support.discord import handed_over, make_table, open_and_start, refused
from tests.support.locales import speaking

pytestmark = pytest.mark.asyncio

EXPORT_WAIT = "That is a lot of exports in a short time: you can export again in 60 seconds."
LOOK_WAIT = "you can look again in 60 seconds"
REPLAY_WAIT = f"a replay counts as {REPLAY_COST} boards: you can ask for one again in 60 seconds"
REPLAY_WAIT_LONG = f"a replay counts as {REPLAY_COST} boards: you can ask for one again in 10 minutes"


@pytest.fixture
def worked(simcord_env, monkeypatch) -> Counter[str]:
    """What the bot hands its workers from now on, by function (`exported`, `animated`, a
    board's drawing...): wrapped in the bot's process, so it counts with a pool too."""
    workers = simcord_env.bot.service.tables.workers
    original = workers.run
    calls: Counter[str] = Counter()

    async def run(call: Any, *args: Any, **kwargs: Any) -> Any:
        calls[getattr(call, "__name__", repr(call))] += 1
        return await original(call, *args, **kwargs)

    monkeypatch.setattr(workers, "run", run)
    return calls


async def game_in_play(env, names: list[str], players: int, moves: int = 2):
    """A Rebirth game of the first `players` members, `moves` moves into it through `/move`
    (the first move offered each time); the rest of the members are strangers."""
    table = make_table(env, names)
    await open_and_start(table, players=players)
    service = env.bot.service
    for _ in range(moves):
        game = await service.db.open_game(table.channel.id)
        engine = service.tables.presenter(game).engine
        mover = table.member(game.players[engine.to_move(engine.loads(game.state))])
        [choice, *_] = await mover.autocomplete(table.channel, "move", "action", "")
        await mover.slash(table.channel, "move", action=choice["value"])
    return table


def with_file(result) -> bool:
    return bool(result.response.attachments)


async def test_an_export_burst_gets_files_up_to_the_limit_and_the_rest_wait(simcord_env, worked):
    """25 `/game export` sent at once by one player: three files, then 22 private waits with
    nothing re-played; the other player still gets theirs, and a minute later so does she."""
    table = await game_in_play(simcord_env, ["ann", "bob", "cy"], players=2)
    ann, bob, _ = table.members
    worked.clear()
    burst = [handed_over(simcord_env, ann, table.channel, "game export") for _ in range(25)]
    await simcord_env.settle()
    answered = [result for result in burst if with_file(result)]
    waited = [result for result in burst if not with_file(result)]
    assert len(answered) == EXPORTS_PER_PERSON.count == 3
    for result in waited:
        assert refused(simcord_env, result, EXPORT_WAIT)
    assert worked["exported"] == 3, "a refused export re-played the game"

    assert with_file(await bob.slash(table.channel, "game export")), "another player is not held back"
    refused(simcord_env, await ann.slash(table.channel, "game export"), EXPORT_WAIT)
    await simcord_env.advance_time(60)
    again = await ann.slash(table.channel, "game export")
    assert again.ephemeral and with_file(again)
    assert worked["exported"] == 5


async def test_a_channel_s_exports_are_counted_whoever_asks_and_in_their_language(
    simcord_env, worked, monkeypatch
):
    """Four players exporting three records each: the channel's ten a minute are made, the
    players past them are told to wait (one of them in Portuguese), then it works again."""
    table = await game_in_play(simcord_env, ["ann", "bob", "cy", "dee"], players=4)
    dee = table.members[3]
    speaking(monkeypatch, {dee.id: "pt-BR"})
    worked.clear()
    answers = [await member.slash(table.channel, "game export") for member in table.members for _ in range(3)]
    assert [with_file(answer) for answer in answers] == [True] * EXPORTS_PER_CHANNEL.count + [False] * 2
    waited = refused(simcord_env, answers[-1], "você pode exportar de novo em 60 segundos")
    assert waited == "São muitas exportações em pouco tempo: você pode exportar de novo em 60 segundos."
    assert worked["exported"] == 10
    await simcord_env.advance_time(60)
    assert with_file(await dee.slash(table.channel, "game export"))


async def test_a_replay_spends_most_of_a_person_s_ten_minutes(simcord_env, worked):
    """A replay counts as the 40 boards it costs over ten minutes: after one (posted), another
    waits ten minutes, nothing drawn meanwhile, while the table still looks (half the asker's
    minute is left: three boards, then a wait); ten minutes later a replay is drawn again."""
    table = await game_in_play(simcord_env, ["ann", "bob"], players=2)
    ann, bob = table.members
    worked.clear()
    first = await ann.slash(table.channel, "game replay")
    posted = table.channel.last_message
    assert posted.attachments[0].filename == "replay.gif" and not first.response.attachments
    again = await ann.slash(table.channel, "game replay")
    refused(simcord_env, again, REPLAY_WAIT_LONG)
    assert not with_file(again)
    assert with_file(await bob.slash(table.channel, "board")), "the table still looks"
    for _ in range(3):
        assert with_file(await ann.slash(table.channel, "board"))
    refused(simcord_env, await ann.slash(table.channel, "board"), LOOK_WAIT)
    assert worked["animated"] == 1, "a refused replay drew something"
    await simcord_env.advance_time(540)
    refused(simcord_env, await ann.slash(table.channel, "game replay"), "ask for one again in 60 seconds")
    await simcord_env.advance_time(60)
    await ann.slash(table.channel, "game replay")
    assert worked["animated"] == 2 and table.channel.last_message.id != posted.id


async def test_a_replay_waits_where_a_board_or_a_position_still_fits(simcord_env, worked, monkeypatch):
    """Four boards leave room for two more drawings, not for a replay, which takes half a
    minute's: the replay is refused (in the asker's language), while a position (`turn:`, one
    drawing) and a board are still drawn; then the minute is spent."""
    table = await game_in_play(simcord_env, ["ann", "bob", "cy"], players=2)
    ann, _, cy = table.members
    for member in (ann, cy):
        for _ in range(4):
            assert with_file(await member.slash(table.channel, "board"))
    worked.clear()
    refused(simcord_env, await ann.slash(table.channel, "game replay"), REPLAY_WAIT)
    speaking(monkeypatch, {cy.id: "pt-BR"})
    waited = refused(simcord_env, await cy.slash(table.channel, "game replay"), "rever a partida")
    assert waited == (
        f"São muitas imagens em pouco tempo, e rever a partida conta como {REPLAY_COST} tabuleiros: "
        "você pode pedir de novo em 60 segundos."
    )
    assert not worked, "a refused replay was drawn"
    position = await ann.slash(table.channel, "game replay", turn=1)
    assert position.ephemeral and with_file(position)
    assert with_file(await ann.slash(table.channel, "board"))
    refused(simcord_env, await ann.slash(table.channel, "board"), LOOK_WAIT)
    assert worked["position"] == 1 and sum(worked.values()) == 2, "the position and one board"
