"""Revive's images are legible, measured on what the renderer drew (render/revive/focus.py).

Legible: at the inline width of 550 px, every coordinate, score and name in the image is at least 9
px tall (cap height) and does not overlap another label or a tile edge. The legend shows only the
symbols that occur on this board. The options image marks the spaces you can explore, build on or
populate now. The label boxes, font sizes and marks come from the layout the renderer computed; the
cap height from the metrics of the font it drew with. Each measure holds in every language the
images are drawn in: the text inside images (legends, panels, labels) is translated too.
"""

from __future__ import annotations

import io
import itertools
import math
from functools import lru_cache

import pytest
from PIL import Image, ImageChops

import i18n
from content.revive import load_revive
from engine.revive.game import Revive
from engine.revive.state import ReviveState
from games.registry import load_engine
from presenters.moves import MoveWords
from presenters.protocol import MoveChoice
from presenters.revive import labels
from presenters.revive.presenter import RevivePresenter, option_places
from render.revive.board import LEGEND_ITEMS, board_symbols
from render.revive.focus import OUT_W, FocusImage, focus_image, inline_cap, render_focus
from render.revive.geometry import board_geometry
from render.revive.ref import content_ref
from render.revive.text import INLINE_W, MIN_CAP, Label, cap_height
from tests.support.revive_play import random_play

CONTENT = load_revive()
REF = content_ref(CONTENT)
GAME = Revive(CONTENT)
NAMES = ["Alexandrina Q.", "Bob", "Carolina Mendes", "Dave"]
PLACE_VERBS = ("explore", "build", "populate")


@lru_cache(maxsize=16)
def _played(players: int, seed: int, moves: int) -> tuple[str, tuple[str, ...]]:
    """A game after at least `moves` random legal moves, played on to a point where the last
    whole turn changed a place on the board (what its channel message rings) and the seat to
    move can explore, build or populate; with those changed places."""
    state, last = GAME.new_game(players, {}, seed), ()
    plays = random_play(GAME, players, seed)
    for done in range(moves + 2000):
        if done >= moves and last and option_places(choices_of(state, GAME.to_move(state))):
            break
        assert not state.finished
        state, last = next(plays)
    return state.dumps(), last


def played(players: int, seed: int, moves: int) -> tuple[ReviveState, tuple[str, ...]]:
    data, changed = _played(players, seed, moves)
    return ReviveState.loads(data), changed


def choices_of(state: ReviveState, seat: int) -> list[MoveChoice]:
    return MoveWords(GAME, labels.label).move_choices(state, seat, None)


def in_hex(x: float, y: float, hx: tuple[float, float, float]) -> bool:
    """Inside a pointy-top hex (centre, radius): clear of its edges."""
    cx, cy, r = hx
    dx, dy = abs(x - cx), abs(y - cy)
    return dx <= r * math.sqrt(3) / 2 and dy <= r - dx / math.sqrt(3)


def overlaps(a: Label, b: Label) -> bool:
    return a.box[0] < b.box[2] and b.box[0] < a.box[2] and a.box[1] < b.box[3] and b.box[1] < a.box[3]


def problems(drawn: FocusImage) -> list[str]:
    """Every way the drawn labels break the legibility rule."""
    width = drawn.image.width
    win_bottom = drawn.board_top + (drawn.window[3] - drawn.window[1]) * drawn.scale
    out = []
    for label in drawn.labels:
        if inline_cap(label, width) < MIN_CAP:
            out.append(f"{label.text!r} is {inline_cap(label, width):.1f} px at {INLINE_W}")
        x0, y0, x1, y1 = label.box
        if label.hex is not None:
            if not all(in_hex(x, y, label.hex) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))):
                out.append(f"{label.text!r} crosses its hex's edge")
        elif y1 > drawn.board_top and y0 < win_bottom:
            out.append(f"{label.text!r} lies on the board window, among the tiles")
        if x0 < 0 or y0 < 0 or x1 > width or y1 > drawn.image.height:
            out.append(f"{label.text!r} is cut by the image's edge")
    for a, b in itertools.combinations(drawn.labels, 2):
        if overlaps(a, b):
            out.append(f"{a.text!r} overlaps {b.text!r}")
    return out


LEGEND_WORDS = {
    locale: {i18n.t(key, locale) for _, key in LEGEND_ITEMS} for locale in ("en", "pt-BR")
}  # every legend entry's words, whole, by language
CASES = [(2, 1, 60), (3, 7, 150), (4, 3, 300), (4, 11, 500)]
LOCALES = ["en", "pt-BR"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("players", "seed", "moves"), CASES)
def test_the_channel_image_reads_at_550_px(players: int, seed: int, moves: int, locale: str) -> None:
    """Every coordinate, score and name in the image is at least 9 px tall (cap height) and does not
    overlap another label or a tile edge, at 550 px: here on the one channel image around a real
    last turn, and on the same board with the mover's options marked."""
    state, changed = played(players, seed, moves)
    view = GAME.view(state, None)
    marks = option_places(choices_of(state, GAME.to_move(state)))
    for drawn in (
        focus_image(view, REF, NAMES[:players], changed, locale=locale),
        focus_image(view, REF, NAMES, (), marks, locale=locale),
    ):
        assert drawn.image.width == OUT_W
        assert problems(drawn) == []
        bottom = drawn.board_top + (drawn.window[3] - drawn.window[1]) * drawn.scale
        legend = [label.text for label in drawn.labels if label.box[1] >= bottom]
        assert legend and set(legend) <= LEGEND_WORDS[locale], "the legend's words are whole, in its language"
        texts = [label.text for label in drawn.labels]
        for seat in view["seats"]:  # every score is there, and a name for every seat
            assert str(seat["score"]) in texts
        assert sum(1 for text in texts if text.rstrip("…") and NAMES[0].startswith(text.rstrip("…"))) == 1


@pytest.mark.parametrize(("players", "seed", "moves"), CASES[1:])
def test_the_places_the_turn_changed_are_named_when_in_view(players: int, seed: int, moves: int) -> None:
    """Legible with a focused crop around the last move: the window holds what the turn changed (as
    far as it fits) and names each such place with the id a move types."""
    state, changed = played(players, seed, moves)
    drawn = focus_image(GAME.view(state, None), REF, NAMES[:players], changed)
    geo = board_geometry(REF)
    texts = {label.text for label in drawn.labels}
    shown = [p for p in changed if p in geo.centres or p in geo.slot_centres]
    assert shown, "the turn changed something on the board"
    x0, y0, x1, y1 = drawn.window
    for place in shown:
        cx, cy = geo.slot_centres.get(place) or geo.centres[place]
        if x0 + geo.size * 1.2 < cx < x1 - geo.size * 1.2 and y0 + geo.size * 1.2 < cy < y1 - geo.size * 1.2:
            centre_space = geo.slot_spaces[place][0] if place in geo.slot_spaces else None
            assert place in texts or centre_space in texts, place


def test_the_whole_board_stays_for_board_and_is_not_legible_inline() -> None:
    """The whole board (behind `/board`) is the wide image; the channel image is the narrow one.
    The figures quoted in docs/images.md: the whole board's 12-px space ids are far under 9 px."""
    state, changed = played(3, 7, 150)
    view = GAME.view(state, None)
    presenter = RevivePresenter(load_engine("revive"))
    inline = Image.open(io.BytesIO(presenter.render(view, {}, NAMES[:3], changed)))
    whole = Image.open(io.BytesIO(presenter.render(view, {}, NAMES[:3], changed, whole=True)))
    assert inline.width == OUT_W and whole.width > 2 * OUT_W
    assert cap_height(12) * INLINE_W / whole.width < MIN_CAP


@pytest.mark.parametrize("locale", LOCALES)
def test_the_legend_lists_only_what_the_board_shows(locale: str) -> None:
    """Only the symbols that occur on this board, named as the game names them: no buildings before
    anyone builds, no ring before a turn changed something; and once they are on the board they are
    in the legend, named by their i18n words."""
    geo = board_geometry(REF)
    fresh = GAME.view(GAME.new_game(2, {}, 1), None)
    start = board_symbols(REF, geo, fresh)
    assert "back" in start and "corner" in start
    assert not {"small", "large", "changed", "option"} & set(start)
    state, changed = played(4, 3, 300)
    view = GAME.view(state, None)
    later = board_symbols(REF, geo, view, changed)
    assert {"small", "changed"} <= set(later)
    names = dict(LEGEND_ITEMS)
    drawn = focus_image(view, REF, NAMES, changed, locale=locale)
    from i18n import t

    legend = {label.text for label in drawn.labels} & {t(key, locale) for key in names.values()}
    in_window = board_symbols(REF, geo, view, changed, window=drawn.window)
    assert legend == {t(names[kind], locale) for kind in in_window}


def test_options_mark_the_places_of_the_legal_moves_and_change_nothing_else() -> None:
    """Revive marks the spaces you can explore, build on or populate now: the marks are exactly the
    places of the legal explore, build and populate moves, named as their labels name them, and the
    image differs from the public one (same window) only at those places."""
    state, _ = played(3, 7, 150)
    seat = GAME.to_move(state)
    choices = choices_of(state, seat)
    places = option_places(choices)
    assert places, "this seat can explore, build or populate"
    moves = [m.split() for m in GAME.legal_moves(state, seat)]
    legal = {words[2] if words[0] == "build" else words[1] for words in moves if words[0] in PLACE_VERBS}
    assert set(places) == legal
    own = GAME.view(state, seat)
    drawn = focus_image(own, REF, NAMES[:3], (), places)
    public = focus_image(GAME.view(state, None), REF, NAMES[:3], (), (), places)
    assert drawn.marks and set(drawn.marks) <= set(places)
    named = [place for place in drawn.marks if place in {label.text for label in drawn.labels}]
    assert named, "the marked places in view carry their ids"
    for place in named:  # the id the autocomplete labels use for that move
        assert any(place in choice.label.split() for choice in choices), place
    bottom = int(drawn.board_top + (drawn.window[3] - drawn.window[1]) * drawn.scale)
    diff = ImageChops.difference(drawn.image, public.image).crop((0, 0, OUT_W, bottom))
    mask = diff.convert("L").point(lambda v: 255 if v else 0)
    for x0, y0, x1, y1 in drawn.marks.values():
        mask.paste(0, (int(x0), int(y0), int(x1) + 1, int(y1) + 1))
    assert mask.getbbox() is None, "a pixel changed away from every marked place"
    presenter = RevivePresenter(load_engine("revive"))
    image = presenter.render_options(own, {}, NAMES[:3], seat, choices)
    assert image == render_focus(own, CONTENT, NAMES[:3], (), places)


def test_no_options_image_when_no_choice_has_a_place() -> None:
    """No options image when no move of the player's has a place (a decision about cards, the end)."""
    state, _ = played(2, 1, 60)
    presenter = RevivePresenter(load_engine("revive"))
    choices = [MoveChoice("end", "end your turn"), MoveChoice("crystal gear", "1 crystal → 1 gear (free)")]
    assert presenter.render_options(GAME.view(state, 0), {}, NAMES[:2], 0, choices) is None
