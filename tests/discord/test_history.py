"""A game's history through the real commands (simcord), on both storage backends: `/game export`
gives a seated player their own view of a game in play (nobody else's secrets, no seed), refuses
anyone else until the end, then gives anyone the whole record, which `tabletop replay` re-scores,
also once the game is packed; `/game replay` posts the game so far as a GIF of public positions,
one position with `turn:`, and a smaller GIF, saying so, where the server's upload limit is low."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.records import VIEW_FORMAT, replay
from games.registry import load_engine
from offline import main as tabletop
from service.messages import Caller
from tests.support.discord import make_table, pass_time, refused

pytestmark = [pytest.mark.asyncio, pytest.mark.both_backends]

SEED = 20261129  # the seed every game of the tests' bot gets (tests/conftest.py)


async def started(table, game: str, players: int, **options: Any):
    """`/game new`, joins and `/game start` through the commands; the stored game."""
    creator = table.members[0]
    await creator.slash(table.channel, "game new", game=game, **options)
    for member in table.members[1:players]:
        await member.slash(table.channel, "game join")
    await creator.slash(table.channel, "game start")
    return await table.env.bot.service.db.open_game(table.channel.id)


async def played_on(service, channel_id: int, moves: int | None = None, seed: int = 5):
    """`moves` seeded random legal moves (None: to the end) stored as their players' own,
    behind the commands (a whole game through `/move` would take minutes): the game after."""
    game = await service.db.open_game(channel_id)
    engine = service.tables.presenter(game).engine
    state = engine.loads(game.state)
    chooser = random.Random(seed)
    while not engine.is_over(state) and (moves is None or moves > 0):
        seat = engine.to_move(state)
        legal = engine.legal_moves(state, seat)
        applied = engine.apply(state, seat, legal[chooser.randrange(len(legal))])
        game = await service.tables.record(game, engine, state, seat, game.players[seat], applied)
        state = applied.state
        moves = None if moves is None else moves - 1
    return game, state


async def attached(result) -> tuple[str, bytes]:
    [attachment] = result.response.attachments
    return attachment.filename, await attachment.read()


async def test_a_player_exports_their_own_view_of_a_game_in_play_and_nobody_elses_secrets(simcord_env):
    table = make_table(simcord_env, ["ann", "bob", "cy", "dee"])
    service = simcord_env.bot.service
    await started(table, "revive", 3)
    game, state = await played_on(service, table.channel.id, moves=40)
    engine = load_engine("revive")
    public = json.dumps(engine.view(state, None))
    secrets = {seat: engine.view(state, seat)["private"]["artifact_card"] for seat in range(3)}

    caller = table.members[1]
    mine = game.players.index(caller.id)
    result = await caller.slash(table.channel, "game export")
    assert result.ephemeral, "a player's view holds their hidden information: for them alone"
    name, data = await attached(result)
    assert name.endswith(".json") and "Your view" in result.response.content
    record = json.loads(data)
    assert record["format"] == VIEW_FORMAT and record["seat"] == mine
    assert len(record["moves"]) == 40 and record["position"]["private"]["artifact_card"] == secrets[mine]
    text = data.decode()
    assert secrets[mine] in text, "the caller's own secret card is there: the next check can fail"
    for seat in {0, 1, 2} - {mine}:
        if secrets[seat] not in public:
            assert secrets[seat] not in text, f"seat {seat}'s secret artifact card reached seat {mine}'s file"
    assert str(SEED) not in text and "seed" not in record, "no seed: every hidden pile follows from it"

    stranger = await table.members[3].slash(table.channel, "game export")
    refused(simcord_env, stranger, "Only its players can export a game in play")
    assert not stranger.response.attachments


async def test_a_rebirth_players_view_holds_their_missions_drawn_and_nobody_elses(
    simcord_env, tmp_path: Path, capsys
):
    """Ireland's cathedrals and towers deal private mission cards: the caller's own are in their
    file, another seat's are not; and `tabletop replay` refuses the file, saying why."""
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    game = await started(table, "rebirth", 3, map="ireland")
    game, state = await played_on(simcord_env.bot.service, table.channel.id, moves=60)
    engine = load_engine("rebirth")
    views = {seat: engine.view(state, seat) for seat in range(3)}
    held = {seat: {card["id"] for card in view["private"]["missions"]} for seat, view in views.items()}
    public = json.dumps(engine.view(state, None))
    caller = table.members[0]
    mine = game.players.index(caller.id)
    _, data = await attached(await caller.slash(table.channel, "game export"))
    text = data.decode()
    assert held[mine] and all(card in text for card in held[mine]), "the test can fail: missions drawn"
    others = set().union(*(held[seat] for seat in range(3) if seat != mine)) - held[mine]
    assert others, "another seat holds missions: the check below means something"
    assert not [card for card in others if card in text and card not in public]
    assert str(SEED) not in text

    path = tmp_path / "view.json"
    path.write_bytes(data)
    assert tabletop(["replay", str(path)]) == 2
    assert "cannot be re-played or re-scored" in capsys.readouterr().err


async def test_after_the_end_anyone_exports_the_whole_record_and_it_re_scores(
    simcord_env, tmp_path: Path, capsys
):
    table = make_table(simcord_env, ["ann", "bob", "cy"])
    service = simcord_env.bot.service
    await started(table, "rebirth", 2, map="ireland")
    game, state = await played_on(service, table.channel.id)
    assert game.status == "finished"

    result = await table.members[2].slash(table.channel, "game export")  # not seated: after the end
    name, data = await attached(result)
    record = json.loads(data)
    assert record["format"] == "tabletop.record/2" and record["seed"] == SEED
    assert record["final"]["scores"] == load_engine("rebirth").scores(state)
    assert replay(load_engine("rebirth"), record) == [], "re-scored by the code `tabletop replay` runs"
    path = tmp_path / name
    path.write_bytes(data)
    assert tabletop(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True

    assert await service.db.pack_game(game.id)  # as the upkeep does days after the end
    again = await table.members[0].slash(table.channel, "game export")
    assert (await attached(again))[1] == data, "a packed game exports the same record"
    shown = await table.members[2].slash(table.channel, "game replay")  # not seated: privately
    assert shown.ephemeral and "turns" in shown.response.content
    gif = Image.open(io.BytesIO((await attached(shown))[1]))
    assert gif.n_frames >= len(record["moves"]) - 3, "a packed game replays whole (alike frames merge)"


async def test_the_replay_is_a_gif_of_every_public_position_so_far(simcord_env):
    table = make_table(simcord_env, ["ann", "bob"])
    service = simcord_env.bot.service
    await started(table, "rebirth", 2, map="scotland")
    await played_on(service, table.channel.id, moves=9)

    result = await table.members[0].slash(table.channel, "game replay")
    posted = table.channel.last_message
    assert not posted.flags.ephemeral, "a seated player's replay is the table's"
    assert "9 turns" in posted.content
    [attachment] = posted.attachments
    gif = Image.open(io.BytesIO(await attachment.read()))
    assert gif.format == "GIF" and gif.width == 640
    assert gif.n_frames == 10, "the opening and one frame per move, up to the position now"
    assert result.ephemeral  # the deferral's private note

    # moments after a board was posted: shown to its asker alone, as a `/board` would be
    position = await table.members[1].slash(table.channel, "game replay", turn=4)
    assert position.ephemeral and table.channel.last_message.id == posted.id
    assert "after turn 4 of 9" in position.response.content
    _, png = await attached(position)
    assert Image.open(io.BytesIO(png)).format == "PNG"

    beyond = await table.members[1].slash(table.channel, "game replay", turn=12)
    refused(simcord_env, beyond, "There is no turn 12")


async def test_a_replay_over_the_upload_limit_leaves_positions_out_and_says_so(simcord_env):
    table = make_table(simcord_env, ["ann", "bob"])
    service = simcord_env.bot.service
    await started(table, "rebirth", 2, map="scotland")
    await played_on(service, table.channel.id, moves=30)
    whole = Caller(user_id=table.members[0].id, channel_id=table.channel.id, guild_id=table.guild.id)
    [full] = await service.history.replay(whole)
    assert full.image is not None and "positions of" not in full.text
    limit = len(full.image) * 2 // 3
    caller = Caller(user_id=table.members[1].id, channel_id=table.channel.id, upload_limit=limit)
    [reduced] = await service.history.replay(caller)
    assert reduced.image is not None and len(reduced.image) <= limit
    frames = Image.open(io.BytesIO(reduced.image)).n_frames
    assert frames < 31 and f"shows {frames} positions of 31" in reduced.text


async def test_a_turn_the_game_has_not_had_spends_no_look_and_the_board_still_posts(simcord_env):
    table = make_table(simcord_env, ["ann", "bob"])
    service = simcord_env.bot.service
    await started(table, "rebirth", 2, map="scotland")
    await played_on(service, table.channel.id, moves=3)
    await pass_time(simcord_env, 3600)  # the start's board is long past: the next look is posted

    beyond = await table.members[0].slash(table.channel, "game replay", turn=40)
    refused(simcord_env, beyond, "There is no turn 40")
    board = await table.members[0].slash(table.channel, "board")
    assert not board.ephemeral, "the refused replay did not use up the channel's board"
    assert table.channel.last_message.attachments, "the board is posted in the channel"
