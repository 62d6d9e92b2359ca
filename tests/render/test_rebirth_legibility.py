"""Rebirth's images are legible, measured on the layout the renderer computed (its label boxes, font
sizes and cap heights from the font drawn with), not only looked at.

Legible: at the inline width of 550 px, every coordinate, score and name in the image is at least 9
px tall (cap height) and does not overlap another label or a tile edge. The options image shows the
board with your legal spaces marked and numbered by what they would score, matching the autocomplete
labels. The legend shows only the symbols that occur on this board, named as the game names them,
and region names are placed where they collide with nothing. Each measure holds in every language
the images are drawn in (the text inside images, legends, panels and labels, is translated too):
Portuguese words are longer.
"""

from __future__ import annotations

import io
import math
import random
import re

import pytest
from PIL import Image, ImageChops

from content.rebirth.loader import load_map
from games.registry import load_engine
from presenters.rebirth import RebirthPresenter
from render.hexgrid import hex_corners
from render.rebirth import INLINE_W, MIN_CAP, Drawing, draw_board, draw_focus, draw_options, legend_rows
from render.rebirth.style import STRIP_H

NAMES = ["Morag the Bold", "Hamish", "Eilidh MacLeod", "Callum of the Isles"]


def played(map_id: str, players: int, moves: int, seed: int = 7):
    engine = load_engine("rebirth")
    state = engine.new_game(players, {"map": map_id}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = engine.to_move(state)
        state = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat))).state
    return engine, state


CASES = [("scotland", 4, 30), ("scotland", 2, 0), ("scotland", 3, 61), ("ireland", 3, 20), ("ireland", 4, 45)]
LOCALES = ["en", "pt-BR"]


def _inside(pt: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    sign = 0.0
    for i in range(6):
        (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % 6]
        cross = (x1 - x0) * (pt[1] - y0) - (y1 - y0) * (pt[0] - x0)
        if cross * sign < 0:
            return False
        sign = cross or sign
    return True


def edge_crossings(drawing: Drawing, box: tuple[float, float, float, float]) -> list[str]:
    """The land spaces whose outline runs through the box: some of the box's sample points
    inside the hex and some outside, or a corner of the hex inside the box."""
    x0, y0, x1, y1 = box
    samples = [(x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * j / 4) for i in range(9) for j in range(5)]
    out = []
    for name, cx, cy in drawing.cells:
        poly = hex_corners(cx, cy, drawing.hex_size)
        ins = [_inside(p, poly) for p in samples]
        corner_in = any(x0 < px < x1 and y0 < py < y1 for px, py in poly)
        if (any(ins) and not all(ins)) or (corner_in and not all(ins)):
            out.append(name)
    return out


def problems(drawing: Drawing, board_top: float = 0.0) -> tuple[float, list[str], list[str]]:
    """(smallest cap height at 550 px, labels under 9 px, overlaps) for a drawing."""
    k = INLINE_W / drawing.size[0]
    small = [f"{lb.text!r} {lb.cap * k:.1f}px" for lb in drawing.labels if lb.cap * k < MIN_CAP]
    clashes = []
    labels = drawing.labels
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            if a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3]:
                clashes.append(f"{a.text!r} / {b.text!r}")
        if a.kind in ("coord", "water", "place", "mark", "tara") and a.box[1] >= board_top:
            clashes += [f"{a.text!r} crosses the edge of {name}" for name in edge_crossings(drawing, a.box)]
    return min(lb.cap * k for lb in labels), small, clashes


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("map_id", "players", "moves"), CASES)
def test_the_channel_image_reads_at_550_px(map_id: str, players: int, moves: int, locale: str) -> None:
    """Every coordinate, score and name of the channel image keeps a 9-px cap height at 550 px and
    overlaps no other label and no tile edge, in each language."""
    engine, state = played(map_id, players, moves)
    view = engine.view(state, None)
    drawing = draw_focus(view, load_map(map_id), NAMES[:players], locale=locale)
    assert 550 <= drawing.size[0] <= 700
    kinds = {lb.kind for lb in drawing.labels}
    assert {"coord", "seat"} <= kinds, kinds
    scores = {str(seat["score"]) for seat in view["seats"]}
    assert scores <= {lb.text for lb in drawing.labels}, "every score is a measured label"
    smallest, small, clashes = problems(drawing, STRIP_H)
    assert not small and smallest >= MIN_CAP, small
    assert not clashes, clashes[:5]
    for lb in drawing.labels:  # the strip's words stay within the image, whole (names may be cut)
        cut = lb.text.endswith("…") and not any(name.startswith(lb.text[:-1]) for name in NAMES)
        assert lb.box[0] >= 0 and lb.box[2] <= drawing.size[0] and not cut, lb


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("map_id", "players", "moves"), CASES)
def test_the_whole_board_places_every_name_where_it_collides_with_nothing(
    map_id: str, players: int, moves: int, locale: str
) -> None:
    """The whole board (/board): no label overlaps another or a tile edge, and no name is cut by the
    image's edge ("Shetland", "Outer Hebrides", "North Channel" were); the panel's words (legend,
    seat cards, last move) stay inside the panel, whole, in each language."""
    engine, state = played(map_id, players, moves)
    view = engine.view(state, None)
    drawing = draw_board(view, load_map(map_id), NAMES[:players], locale=locale)
    _, _, clashes = problems(drawing)
    assert not clashes, clashes[:5]
    board_right = min(lb.box[0] for lb in drawing.labels if lb.kind == "panel")
    for lb in drawing.labels:
        if lb.kind in ("water", "place"):
            x0, y0, x1, y1 = lb.box
            assert x0 >= 0 and y0 >= 0 and x1 < board_right and y1 < drawing.size[1], lb
    names = {*NAMES, *(card["name"] for card in view.get("public_missions") or [])}
    for lb in drawing.labels:
        if lb.kind == "panel":
            assert board_right <= lb.box[0] and lb.box[2] <= drawing.size[0] - 12, f"{lb.text!r} spills out"
            cut = lb.text.endswith("…") and not any(name.startswith(lb.text[:-1]) for name in names)
            assert not cut, f"{lb.text!r} was cut to fit"


def test_the_legend_shows_what_this_board_shows_in_the_games_words() -> None:
    """Neutral tiles when they lie on the board, the yellow hexagon explained by the start's setup
    only when open yellow spaces show, settlement tiles by their pips."""
    from engine.rebirth.mapfile import parse_map

    info = parse_map(load_map("scotland"))
    three = dict(legend_rows(info, covered=True))
    four = dict(legend_rows(info, covered=False))
    assert "neutral" in three and "yellow" not in three
    assert "yellow" in four and "neutral" not in four and "start" in four["yellow"]
    assert "Influence" in four["pips"] and "Settlement" in four["s"]
    ireland = dict(legend_rows(parse_map(load_map("ireland")), covered=True))
    assert "port" not in ireland and "4 spaces" in ireland["s"]
    engine, state = played("scotland", 3, 5)
    drawing = draw_board(engine.view(state, None), load_map("scotland"), NAMES[:3])
    texts = {lb.text for lb in drawing.labels}
    assert three["neutral"] in texts and four["yellow"] not in texts


def options_of(map_id: str, players: int, moves: int, seed: int = 7):
    engine, state = played(map_id, players, moves, seed)
    seat = engine.to_move(state)
    words = RebirthPresenter(engine)
    choices = words.moves.with_previews(state, seat, words.moves.move_choices(state, seat, None), None)
    return engine, state, seat, choices


POINTS = re.compile(r"\+(\d+)")


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("map_id", "players", "moves"), [("scotland", 4, 30), ("ireland", 3, 33)])
def test_the_options_image_numbers_the_legal_spaces_as_their_labels_read(
    map_id: str, players: int, moves: int, locale: str
) -> None:
    """Your legal spaces marked and numbered by what they would score, matching the autocomplete
    labels; the image differs from the public board only at the legal spaces."""
    engine, state, seat, choices = options_of(map_id, players, moves)
    view = engine.view(state, seat)
    drawn = draw_options(view, load_map(map_id), NAMES[:players], choices, locale=locale)
    assert drawn is not None and drawn.marks
    by_space = {c.notation: POINTS.search(c.label).group(0) for c in choices if " " not in c.notation}
    for space, text in drawn.marks.items():
        assert by_space[space] == text, (space, text)
    assert [lb.text for lb in drawn.labels if lb.kind == "mark"] == list(drawn.marks.values())
    smallest, small, clashes = problems(drawn, STRIP_H)
    assert not small and not clashes, (small, clashes[:5])
    public = draw_focus(
        engine.view(state, None), load_map(map_id), NAMES[:players], window=drawn.window, locale=locale
    )
    a = Image.open(io.BytesIO(public.png)).convert("RGB")
    b = Image.open(io.BytesIO(drawn.png)).convert("RGB")
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    centres = [(x, y) for name, x, y in drawn.cells if name in drawn.marks]
    for y in range(0, diff.height, 2):
        for x in range(0, diff.width, 2):
            if diff.getpixel((x, y)):
                assert any(math.hypot(x - cx, y - cy) <= drawn.hex_size for cx, cy in centres), (x, y)


def test_nothing_to_mark_draws_no_options_image() -> None:
    """No legal space (a discard, or not your turn): no image."""
    engine, state, seat, _choices = options_of("scotland", 2, 4)
    view = engine.view(state, seat)
    assert draw_options(view, load_map("scotland"), NAMES[:2], []) is None
    discard = RebirthPresenter(engine).moves.move_choices(state, seat, None)[:0]
    assert draw_options(view, load_map("scotland"), NAMES[:2], discard) is None


@pytest.mark.parametrize("map_id", ["scotland", "ireland"])
def test_the_channel_image_never_shows_a_seats_private_information(map_id: str) -> None:
    """Hidden information never goes into a shared image: drawn from any seat's own view (its
    hand, its missions), the channel image and the whole board are those of the public view."""
    engine, state = played(map_id, 3, 24)
    m = load_map(map_id)
    public = engine.view(state, None)
    for seat in range(3):
        own = engine.view(state, seat)
        assert own["private"], "the seat's view holds its hand and missions"
        assert draw_focus(own, m, NAMES[:3]).png == draw_focus(public, m, NAMES[:3]).png
        assert draw_board(own, m, NAMES[:3]).png == draw_board(public, m, NAMES[:3]).png
        missions = {card["name"] for card in own["private"]["missions"]}
        texts = " ".join(lb.text for lb in draw_focus(own, m, NAMES[:3]).labels)
        assert not any(name in texts for name in missions)


# --- through the slash commands (simcord) ----------------------------------------------------


async def test_hand_on_your_turn_carries_your_options_privately(simcord_env, database_path) -> None:
    """`/hand` on your turn: a private reply with the board, your legal spaces marked and numbered
    as the autocomplete labels read; it differs from the public board only at those spaces, and the
    channel's image is the public view's."""
    from service.images import seat_names
    from tests.support.discord import latest_game_and_moves, make_table, notation_of, open_and_start

    table = make_table(simcord_env, ["alice", "bob"])
    started = await open_and_start(table)
    game, _ = await latest_game_and_moves(database_path, table.channel.id)
    engine = load_engine("rebirth")
    state = engine.loads(game.state)
    seat = engine.to_move(state)
    mover = table.member(game.players[seat])
    other = next(m for m in table.members if m is not mover)
    m = load_map("scotland")
    names = seat_names(game, game.language)

    channel_png = await started.response.attachments[0].read()
    assert channel_png == draw_focus(engine.view(state, None), m, names).png

    reply = await mover.slash(table.channel, "hand")
    assert reply.ephemeral, "the options are the mover's alone"
    [attachment] = reply.response.attachments
    png = await attachment.read()
    assert attachment.filename == "options.png"
    words = RebirthPresenter(engine)
    choices = words.moves.with_previews(state, seat, words.moves.move_choices(state, seat, "en-US"), "en-US")
    drawn = draw_options(engine.view(state, seat), m, names, choices)
    assert drawn is not None and drawn.png == png, "the reply carries the options image"
    offered = await mover.autocomplete(table.channel, "move", "action", "")
    matched = 0
    for choice in offered:
        space = notation_of(choice["value"])
        if space in drawn.marks:
            assert drawn.marks[space] == POINTS.search(choice["name"]).group(0), choice
            matched += 1
    assert matched, "the options image numbers spaces the autocomplete offers"

    public = draw_focus(engine.view(state, None), m, names, window=drawn.window)
    diff = ImageChops.difference(
        Image.open(io.BytesIO(public.png)).convert("RGB"), Image.open(io.BytesIO(png)).convert("RGB")
    )
    box = diff.getbbox()
    assert box is not None, "the legal spaces are marked"
    centres = [(x, y) for name, x, y in drawn.cells if name in drawn.marks]
    mask = diff.convert("L").point(lambda v: 255 if v else 0)
    for y in range(box[1], box[3], 2):
        for x in range(box[0], box[2], 2):
            if mask.getpixel((x, y)):
                assert any(math.hypot(x - cx, y - cy) <= drawn.hex_size for cx, cy in centres), (x, y)

    waiting = await other.slash(table.channel, "hand")
    assert waiting.ephemeral and not waiting.response.attachments, "no options image out of turn"


def test_a_told_space_outside_the_window_is_named_in_the_strip() -> None:
    """The window shows the moves the message tells; one too far from the others is named, so
    the image never hides that a move was made (the whole board shows it: /board)."""
    engine, state = played("scotland", 4, 80)
    view = engine.view(state, None)
    m = load_map("scotland")
    near = draw_focus(view, m, NAMES, ("C7",))
    assert not any("also" in lb.text for lb in near.labels)
    far = draw_focus(view, m, NAMES, ("C7", "N19"))
    assert any("also N19" in lb.text for lb in far.labels), [
        lb.text for lb in far.labels if lb.kind == "seat"
    ]
