"""Tests for the Revive images (render/revive/), on boards from real random games.

They check what players rely on: a valid, small PNG of the announced size; the last turn's
changes ringed where they happened and nowhere else; a new building showing on its space; each
seat's board its own; secrets (artifact card, resting cards, closed crates) never drawn and the
private part of a view never read; card and token texts made from the effect vocabulary.
"""

from __future__ import annotations

import copy
import io
import random
from functools import lru_cache

import pytest
from PIL import Image, ImageChops

import i18n
from content.revive import load_revive
from engine.revive.game import Revive
from engine.revive.state import ReviveState
from render import revive as rr
from render.revive.geometry import board_geometry
from render.revive.ref import content_ref

CONTENT = load_revive()
GAME = Revive(CONTENT)
NAMES = ["Alice", "Bob", "Carol", "Dave"]
LIMIT = 400_000


@lru_cache(maxsize=16)
def _played(players: int, seed: int, moves: int) -> str:
    """A game after `moves` random legal moves (as JSON, so every caller gets a fresh copy)."""
    rng = random.Random(seed)
    state = GAME.new_game(players, {}, seed)
    for _ in range(moves):
        if state.finished:
            break
        seat = GAME.to_move(state)
        legal = GAME.legal_moves(state, seat)
        state = GAME.apply(state, seat, legal[rng.randrange(len(legal))]).state
    return state.dumps()


def played(players: int, seed: int, moves: int = 300) -> ReviveState:
    return ReviveState.loads(_played(players, seed, moves))


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def diff_box(a: bytes, b: bytes) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(open_png(a), open_png(b)).getbbox()


def inside(bbox: tuple[int, int, int, int], centre: tuple[float, float], reach: float) -> bool:
    x, y = centre
    return x - reach <= bbox[0] and bbox[2] <= x + reach and y - reach <= bbox[1] and bbox[3] <= y + reach


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_is_a_small_png_of_the_announced_size(players: int) -> None:
    state = played(players, seed=players)
    data = rr.render_board(GAME.view(state, None), CONTENT, NAMES[:players])
    assert open_png(data).size == rr.board_size(CONTENT)
    width, _ = rr.board_size(CONTENT)
    assert 1200 <= width <= 1600  # about 2.5 x Discord's 550 px preview
    assert len(data) < LIMIT


@pytest.mark.parametrize("place", ["S3.2", "F07", "NW"])
def test_a_changed_place_is_ringed_there_and_nowhere_else(place: str) -> None:
    view = GAME.view(played(3, seed=7), None)
    plain = rr.render_board(view, CONTENT, NAMES)
    marked = rr.render_board(view, CONTENT, NAMES, changed=[place])
    # the legend (under the board) names the ring only when one is drawn
    legend_top = board_geometry(content_ref(CONTENT)).legend_box[1]
    bbox = ImageChops.difference(open_png(plain), open_png(marked)).crop((0, 0, 10_000, legend_top)).getbbox()
    assert bbox is not None, f"{place} is not marked"
    reach = rr.HEX * (3.4 if place == "F07" else 1.5)  # a slot rings its whole tile
    assert inside(bbox, rr.space_center(CONTENT, place), reach), (place, bbox)


def test_unknown_changed_places_are_ignored() -> None:
    view = GAME.view(played(2, seed=1), None)
    plain = rr.render_board(view, CONTENT, NAMES)
    assert rr.render_board(view, CONTENT, NAMES, changed=["Z9.9", "", "<@123>"]) == plain


def test_a_new_building_shows_on_its_space_and_nowhere_far_on_the_board() -> None:
    rng = random.Random(5)
    state = played(2, seed=5, moves=40)
    for _ in range(400):  # play on until the player to move can build
        seat = GAME.to_move(state)
        builds = [m for m in GAME.legal_moves(state, seat) if m.startswith("build ")]
        if builds:
            break
        legal = GAME.legal_moves(state, seat)
        state = GAME.apply(state, seat, legal[rng.randrange(len(legal))]).state
    assert builds, "no build became legal"
    move = builds[0]
    space = move.split()[2]
    after = GAME.apply(state, seat, move).state
    assert after.pieces[space] == [[seat, move.split()[1]]]
    before_png = rr.render_board(GAME.view(state, None), CONTENT, NAMES[:2])
    after_png = rr.render_board(GAME.view(after, None), CONTENT, NAMES[:2])
    left = rr.board_panel_left(CONTENT)
    a, b = open_png(before_png).crop((0, 0, left, 10_000)), open_png(after_png).crop((0, 0, left, 10_000))
    bbox = ImageChops.difference(a, b).getbbox()
    assert bbox is not None
    assert inside(bbox, rr.space_center(CONTENT, space), rr.HEX * 1.2), (space, bbox)


def test_population_and_corner_figures_show() -> None:
    view = GAME.view(played(4, seed=9), None)
    base = rr.render_board(view, CONTENT, NAMES)
    for place in ("NE", "S1.0"):
        edited = copy.deepcopy(view)
        edited["pieces"] = {**edited["pieces"], place: [[3, "population"]]}
        bbox = diff_box(base, rr.render_board(edited, CONTENT, NAMES))
        assert bbox is not None and inside(bbox, rr.space_center(CONTENT, place), rr.HEX), place


def test_player_boards_differ_between_seats_and_are_small() -> None:
    state = played(4, seed=3)
    view = GAME.view(state, None)
    images = [rr.render_player(view, CONTENT, seat, NAMES) for seat in range(4)]
    assert len(set(images)) == 4
    for seat, data in enumerate(images):
        assert open_png(data).size == rr.player_size(CONTENT, state.seats[seat]["tribe"])
        assert len(data) < LIMIT
    with pytest.raises(ValueError):
        rr.render_player(view, CONTENT, 4, NAMES)


class PoisonedView(dict):
    """A view whose private part raises when anything reads it."""

    def __getitem__(self, key):  # noqa: ANN001, ANN204 - dict's own signature
        if key == "private":
            raise AssertionError("the renderer read view['private']")
        return super().__getitem__(key)

    def get(self, key, default=None):  # noqa: ANN001, ANN201
        if key == "private":
            raise AssertionError("the renderer read view['private']")
        return super().get(key, default)


def test_the_private_part_of_a_view_is_never_read() -> None:
    state = played(3, seed=4)
    view = PoisonedView(GAME.view(state, 1))
    rr.render_board(view, CONTENT, NAMES, changed=["S1.1"])
    rr.render_focus(view, CONTENT, NAMES, changed=["S1.1"])  # the channel image and the options image
    rr.render_focus(view, CONTENT, NAMES, marks=["S1.1", "F07"])
    for seat in range(3):
        rr.render_player(view, CONTENT, seat, NAMES)


def test_secrets_never_change_an_image() -> None:
    """Another artifact card, other resting cards or other closed crates: the same pixels."""
    state = played(3, seed=6)
    public = GAME.view(state, None)
    board = rr.render_board(public, CONTENT, NAMES)
    players = [rr.render_player(public, CONTENT, seat, NAMES) for seat in range(3)]
    other = state.copy()
    cards = [card["id"] for card in CONTENT["artifacts"]["cards"]]
    market = [card["id"] for card in CONTENT["citizens"]["market"]]
    for me in other.seats:
        me["artifact_card"] = next(c for c in cards if c != me["artifact_card"])
        me["resting"] = list(reversed(market[: len(me["resting"])]))
        me["crates"] = [crate["id"] for crate in CONTENT["crates"]][: len(me["crates"])]
    for seat in range(3):
        seen = GAME.view(other, seat)  # with that seat's secrets in its private part
        assert seen["private"]["artifact_card"] != state.seats[seat]["artifact_card"]
        assert rr.render_board(seen, CONTENT, NAMES) == board
        assert [rr.render_player(seen, CONTENT, s, NAMES) for s in range(3)] == players


def test_effects_read_as_short_words() -> None:
    assert rr.effect_label({"kind": "gain", "resources": {"food": 1, "gear": 2}}) == "+2 gear +1 food"
    assert rr.effect_label({"kind": "trade", "times": 3}) == "trade x3"
    assert rr.effect_label({"kind": "module"}) == "module"
    assert rr.effect_label({"kind": "tribe"}) == "tribe ability"
    assert rr.effect_label({"kind": "machine_step", "colour": "green", "steps": 1}) == "1 step green"
    assert rr.effect_label({"kind": "machine_step", "colour": "any", "steps": 2}) == "2 steps any"
    assert rr.effect_label({"kind": "discount", "action": "range", "amount": 2}) == "range -2"
    choice = {"kind": "choice", "options": [[{"kind": "crate"}], [{"kind": "points", "amount": 3}]]}
    assert rr.effects_label([choice, {"kind": "recruit"}]) == "crate or +3 pts, recruit"
    assert rr.effects_label([]) == "nothing"


def _effect_lists(node: object):  # noqa: ANN202 - a generator of effect lists
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("effects", "top", "bottom", "reward", "ability") and isinstance(value, list):
                yield value
            yield from _effect_lists(value)
    elif isinstance(node, list):
        for value in node:
            yield from _effect_lists(value)


def test_every_effect_in_the_content_has_words() -> None:
    labels = [rr.effects_label(effects) for effects in _effect_lists(CONTENT)]
    assert len(labels) > 150
    for label in labels:
        assert "revive." not in label  # a missing i18n key shows as the key itself
        assert label.isascii(), label  # the bundled font draws ASCII only


def test_hostile_names_and_a_finished_game_render() -> None:
    state = played(2, seed=11, moves=3000)
    assert state.finished
    view = GAME.view(state, None)
    assert all(i18n.has(f"revive.img.final.{part}") for part in view["final"]["breakdown"][0])
    names = ["\u202eevil\u200d😀" * 20, "<@everyone> Zoë"]
    open_png(rr.render_board(view, CONTENT, names))
    open_png(rr.render_player(view, CONTENT, 0, names))
    open_png(rr.render_player(view, CONTENT, 1, []))  # missing names fall back to "Seat 2"


def test_warm_renders_draw_what_the_first_render_drew() -> None:
    """The frames, tiles and chips are drawn once and reused (functools caches): a warm render
    must draw exactly what the first one did. How fast it is, is bench/run.py's
    (`revive_render_board_ms`, `revive_render_player_ms`)."""
    view = GAME.view(played(4, seed=3), None)
    board = rr.render_board(view, CONTENT, NAMES, changed=["S2.1"])
    player = rr.render_player(view, CONTENT, 0, NAMES)
    for _ in range(3):
        assert rr.render_board(copy.deepcopy(view), CONTENT, NAMES, changed=["S2.1"]) == board
        assert rr.render_player(copy.deepcopy(view), CONTENT, 0, NAMES) == player


def test_words_looked_up_by_name_all_exist() -> None:
    """Keys built from content values (terrains, slots, colours) are in the catalog."""
    rules = CONTENT["rules"]
    keys = [f"revive.img.terrain.{kind}" for kind in rr.TERRAIN_ORDER]
    keys += [f"revive.img.player.slot.{slot['id']}" for slot in rules["player_board"]["card_slots"]]
    keys += [f"revive.img.{slot['half']}" for slot in rules["player_board"]["card_slots"]]
    keys += [f"revive.img.terrain_word.{track['terrain']}" for track in CONTENT["machine_tracks"]["tracks"]]
    colours = rules["card_colours"] + rules["machine_colours"] + rules["artifact_colours"] + ["any"]
    keys += [f"revive.effect.colour.{colour}" for colour in colours]
    keys += [f"revive.effect.res.{name}" for name in [*rules["resources"]["all"], "energy"]]
    missing = [key for key in keys if not i18n.has(key)]
    assert not missing, missing
