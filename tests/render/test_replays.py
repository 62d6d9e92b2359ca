"""Animated replays (docs/replays.md): a frame per position drawn from public views only, one
global palette (no frame carries its own), each frame after the first only the box that
changed, the longest Revive game we can produce within Discord's default upload limit, and the
last frame of a finished game marking its winners, in Rebirth and Revive alike."""

from __future__ import annotations

import io
import random
import struct
from collections.abc import Sequence

import pytest
from PIL import Image

from engine.records import random_game
from games.registry import load_engine
from render.animation import PLANS, picked
from render.rebirth.style import FOCUS_W
from render.rebirth.style import GOLD as REBIRTH_GOLD
from render.revive.focus import OUT_W, STRIP_ROW
from render.revive.replay import turn_line
from render.revive.style import GOLD as REVIVE_GOLD
from service.history import Played, animated, replay_frames
from service.messages import UPLOAD_LIMIT

NAMES = ["Morag the Bold", "Hamish", "Eilidh MacLeod", "Callum of the Isles"]


def descriptors(gif: bytes) -> tuple[bool, list[tuple[int, int, int, int, bool]]]:
    """Whether the GIF has a global colour table, and each image's (left, top, width, height,
    has a colour table of its own), read from its blocks."""
    flags = gif[10]
    at = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    images = []
    while gif[at] != 0x3B:  # the trailer
        if gif[at] == 0x21:  # an extension: label, then sub-blocks
            at += 2
            while gif[at]:
                at += gif[at] + 1
            at += 1
            continue
        left, top, width, height, packed = struct.unpack("<HHHHB", gif[at + 1 : at + 10])
        images.append((left, top, width, height, bool(packed & 0x80)))
        at += 10 + (3 * 2 ** ((packed & 7) + 1) if packed & 0x80 else 0) + 1  # the LZW code size
        while gif[at]:
            at += gif[at] + 1
        at += 1
    return bool(flags & 0x80), images


def longest(game_id: str, options: dict, candidates: int) -> dict:
    engine = load_engine(game_id)
    records = [random_game(engine, 4, options, 7000 + n, random.Random(n)) for n in range(candidates)]
    return max(records, key=lambda record: len(record["moves"]))


def played(record: dict, game_id: str, options: dict, moves: int | None = None) -> Played:
    chosen = [(move["seat"], move["move"]) for move in record["moves"]][:moves]
    return Played(game_id, 4, options, record["seed"], chosen)


def test_the_frames_are_the_public_views_after_each_turn_up_to_the_position_now():
    record = longest("revive", {}, 1)
    engine = load_engine("revive")
    so_far = played(record, "revive", {}, moves=len(record["moves"]) // 2)
    frames = replay_frames(engine, so_far, batches_turns=True)
    state = engine.new_game(4, {}, record["seed"])
    publics = [engine.view(state, None)]
    for seat, move in so_far.moves:
        applied = engine.apply(state, seat, move)
        state = applied.state
        if applied.event.get("turn_over"):
            publics.append(engine.view(state, None))
    now = engine.view(state, None)
    if publics[-1] != now:  # a turn under way: the table sees its position on /board too
        publics.append(now)
    assert [frame.view for frame in frames] == publics
    assert all(frame.view["private"] is None for frame in frames), "no seat's own view in a replay"
    assert frames[-1].view == now, "the replay stops at the position the table sees now"
    assert frames[0].seat is None and all(frame.seat is not None for frame in frames[1:])


def test_rebirth_has_a_frame_per_placement_in_one_palette_each_only_what_changed():
    record = longest("rebirth", {"map": "scotland"}, 1)
    animation, turns = animated(played(record, "rebirth", {"map": "scotland"}), NAMES, None, UPLOAD_LIMIT)
    assert animation is not None and not animation.reduced
    assert turns == len(record["moves"]) and animation.frames == turns + 1
    global_table, images = descriptors(animation.gif)
    assert global_table and not any(own for *_, own in images), "one palette for every frame"
    width, height = Image.open(io.BytesIO(animation.gif)).size
    assert images[0][:4] == (0, 0, width, height)
    assert len(images) >= animation.frames - 3  # a discard changes the strip only; a pass nothing
    later = [w * h for _, _, w, h, _ in images[1:]]
    assert max(later) < width * height, "a later frame holds the box that changed, never the whole"


def test_the_longest_revive_game_fits_the_default_upload_limit_whole():
    record = longest("revive", {}, 4)
    assert len(record["moves"]) > 500, "a long game: hundreds of moves"
    animation, turns = animated(played(record, "revive", {}), NAMES, "pt-BR", UPLOAD_LIMIT)
    assert animation is not None and not animation.reduced and animation.frames == turns + 1
    assert len(animation.gif) <= UPLOAD_LIMIT
    gif = Image.open(io.BytesIO(animation.gif))
    assert gif.size[0] == 640 and gif.n_frames >= turns - 2  # frames alike merge into one


def test_a_reduced_replay_keeps_the_first_and_last_positions():
    assert picked(10, 3) == [0, 3, 6, 9] and picked(11, 3) == [0, 3, 6, 9, 10]
    assert PLANS[0] == (1, 1.0), "the whole replay first"


def strip_cells(game_id: str, players: int) -> list[tuple[int, int, int, int]]:
    """Each seat's cell in the score strip of a replay frame: Rebirth's one row across,
    Revive's two seats a row (render/rebirth/focus.py, render/revive/focus.py `draw_strip`)."""
    if game_id == "rebirth":
        width = FOCUS_W / players
        return [(round(i * width), 0, round((i + 1) * width), 44) for i in range(players)]
    top = [(i // 2) * STRIP_ROW + 3 for i in range(players)]  # a box runs from 6 to 44 of its row
    return [
        ((i % 2) * OUT_W // 2, top[i], (i % 2 + 1) * OUT_W // 2, top[i] + STRIP_ROW) for i in range(players)
    ]


def gold_in(
    frame: Image.Image, cells: Sequence[tuple[int, int, int, int]], gold: tuple[int, int, int]
) -> list[int]:
    """How many pixels of each cell are exactly gold (the palette keeps gold exact)."""
    crops = [frame.crop(cell) for cell in cells]
    return [
        dict((c, n) for n, c in crop.getcolors(crop.width * crop.height) or []).get(gold, 0) for crop in crops
    ]


@pytest.mark.parametrize(
    ("game_id", "options", "gold"),
    [("rebirth", {"map": "scotland"}, REBIRTH_GOLD), ("revive", {}, REVIVE_GOLD)],
)
def test_the_last_frame_of_a_finished_game_marks_its_winners(game_id, options, gold):
    """The final position's strip frames each winner in gold (the public view's winners, after
    the tie-breaks), and nobody else: nobody is to move any more."""
    engine = load_engine(game_id)
    record = random_game(engine, 3, options, 4242, random.Random(3))
    game = Played(game_id, 3, options, record["seed"], [(m["seat"], m["move"]) for m in record["moves"]])
    final = replay_frames(engine, game, batches_turns=game_id == "revive")[-1].view
    assert final["finished"]
    winners = set(final["final"]["winners"])
    assert winners and len(winners) < 3
    animation, _ = animated(game, NAMES, None, UPLOAD_LIMIT)
    assert animation is not None and not animation.reduced
    gif = Image.open(io.BytesIO(animation.gif))
    gif.seek(gif.n_frames - 1)
    last = gif.convert("RGB")
    golds = gold_in(last, strip_cells(game_id, 3), gold)
    for seat, count in enumerate(golds):
        if seat in winners:
            assert count > 500, (seat, golds)  # its frame and its score
        else:
            assert count == 0, (seat, golds)


def test_revives_last_line_names_the_winners():
    engine = load_engine("revive")
    record = random_game(engine, 3, {}, 4242, random.Random(3))
    game = Played("revive", 3, {}, record["seed"], [(m["seat"], m["move"]) for m in record["moves"]])
    final = replay_frames(engine, game, batches_turns=True)[-1].view
    line = turn_line(final, NAMES, None, 99, None)
    named = [NAMES[seat] for seat in final["final"]["winners"]]
    assert line == f"Final scores · won by {', '.join(named)}"
    assert "Pontuação final · vitória de" in turn_line(final, NAMES, None, 99, "pt-BR")
