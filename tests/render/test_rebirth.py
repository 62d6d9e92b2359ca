"""Tests for the Rebirth board renderer (render/rebirth/) and hex geometry (render/hexgrid.py).

They check what players rely on: a valid PNG of the announced size, a new tile showing up at its
space and nowhere else, the last move highlighted, seats distinguishable without colour, the
static layer reused, hostile names harmless, and finished games drawable.
"""

from __future__ import annotations

import copy
import io
import itertools
import json
import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from engine.hexgrid import edge_neighbour, neighbours, parse_coord
from engine.hexgrid import name as coord_name
from engine.rebirth.mapfile import parse_map
from render import rebirth
from render.hexgrid import board_pixel_size, hex_center, hex_corners
from tests.support.paths import FIXTURES, ROOT
from tests.support.rebirth_view import make_view

FIXTURE = FIXTURES / "rebirth_tiny.json"
REAL_MAP = ROOT / "content" / "data" / "rebirth" / "scotland.json"
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def tiny_map() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


def count_colour(img: Image.Image, colour: tuple[int, int, int]) -> int:
    """How many pixels of `img` are exactly `colour`."""
    for n, c in img.getcolors(maxcolors=img.width * img.height) or []:
        if c == colour:
            return n
    return 0


SOME_TILES = {"C1": (0, "E"), "E2": (1, "F"), "B2": (2, "S2"), "C4": (3, "E"), "D7": (0, "F")}


# --- hexgrid ---------------------------------------------------------------------------------


def test_coord_names_round_trip() -> None:
    assert coord_name(5, 6) == "F7"
    assert coord_name(0, 0) == "A1"
    assert coord_name(26, 9) == "AA10"
    for col in range(30):
        for row in range(30):
            assert parse_coord(coord_name(col, row)) == (col, row)
    assert parse_coord("f7") == (5, 6)
    for bad in ("", "7F", "F0", "F-1", "??"):
        with pytest.raises(ValueError):
            parse_coord(bad)


def test_neighbours_match_the_documented_odd_r_lists() -> None:
    c = 4
    assert set(neighbours(c, 2)) == {(c - 1, 1), (c, 1), (c - 1, 2), (c + 1, 2), (c - 1, 3), (c, 3)}
    assert set(neighbours(c, 3)) == {(c, 2), (c + 1, 2), (c - 1, 3), (c + 1, 3), (c, 4), (c + 1, 4)}


def test_geometry_neighbours_touch_along_the_right_edge() -> None:
    size = 20.0
    for row in (2, 3):
        cx, cy = hex_center(4, row, size)
        corners = hex_corners(cx, cy, size)
        for e in range(6):
            nc, nr = edge_neighbour(4, row, e)
            nx, ny = hex_center(nc, nr, size)
            assert math.dist((cx, cy), (nx, ny)) == pytest.approx(math.sqrt(3) * size)
            # the shared edge's midpoint is halfway between the two centres
            (ax, ay), (bx, by) = corners[e], corners[(e + 1) % 6]
            mid = ((ax + bx) / 2, (ay + by) / 2)
            assert mid == pytest.approx(((cx + nx) / 2, (cy + ny) / 2))
    w, h = board_pixel_size(8, 8, size)
    assert w == pytest.approx(math.sqrt(3) * size * 8.5)
    assert h == pytest.approx(size * (1.5 * 7 + 2))


# --- renderer --------------------------------------------------------------------------------


def test_png_is_valid_and_of_the_expected_size() -> None:
    m = tiny_map()
    data = rebirth.render_board(make_view(m, SOME_TILES, last="C4"), m, NAMES)
    img = open_png(data)
    geo = rebirth.board_geometry(m)
    assert img.size == (geo.width, geo.height)
    assert 900 <= img.width <= 1400 and img.height <= 1500
    assert len(data) < 400_000


def test_one_more_tile_changes_its_space_and_nothing_far_away() -> None:
    m = tiny_map()
    before = make_view(m, SOME_TILES)
    after = make_view(m, {**SOME_TILES, "F3": (1, "F")})
    a = open_png(rebirth.render_board(before, m, NAMES))
    b = open_png(rebirth.render_board(after, m, NAMES))
    cx, cy = rebirth.space_center(m, "F3")
    geo = rebirth.board_geometry(m)
    assert a.getpixel((int(cx), int(cy))) != b.getpixel((int(cx), int(cy)))
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v else 0)
    # blank the space itself and the score panel (turn counter); nothing else may change
    reach = geo.size * 1.3
    diff.paste(0, (int(cx - reach), int(cy - reach), int(cx + reach), int(cy + reach)))
    diff.paste(0, geo.panel_box)
    assert diff.getbbox() is None


def test_last_placement_is_highlighted() -> None:
    m = tiny_map()
    plain = open_png(rebirth.render_board(make_view(m, SOME_TILES), m, NAMES))
    marked = open_png(rebirth.render_board(make_view(m, SOME_TILES, last="C4"), m, NAMES))
    cx, cy = rebirth.space_center(m, "C4")
    size = rebirth.board_geometry(m).size
    box = (int(cx - size * 1.2), int(cy - size * 1.2), int(cx + size * 1.2), int(cy + size * 1.2))
    crop = marked.crop(box)
    red = count_colour(crop, rebirth.HIGHLIGHT)
    assert red > 2 * size  # a ring of red all around the space
    assert count_colour(plain.crop(box), rebirth.HIGHLIGHT) == 0
    # the ring goes round the space, so it shows on the upper and lower edges, not just one spot
    assert marked.getpixel((int(cx), int(cy - size * 0.98))) == rebirth.HIGHLIGHT
    assert marked.getpixel((int(cx), int(cy + size * 0.98))) == rebirth.HIGHLIGHT


def test_seats_differ_even_in_greyscale() -> None:
    """Colour-blind check: the same tile for two seats differs after dropping colour."""
    m = tiny_map()
    geo = rebirth.board_geometry(m)
    cx, cy = rebirth.space_center(m, "D4")
    k = geo.size * 0.8
    box = (int(cx - k), int(cy - k), int(cx + k), int(cy + k))
    crops = []
    for seat in range(4):
        img = open_png(rebirth.render_board(make_view(m, {"D4": (seat, "E")}), m, NAMES))
        crops.append(img.convert("L").crop(box))
    for i in range(4):
        for j in range(i + 1, 4):
            diff = ImageChops.difference(crops[i], crops[j]).point(lambda v: 255 if v > 40 else 0)
            changed = diff.histogram()[255]
            assert changed > 0.05 * diff.width * diff.height, (i, j, changed)
    # and the shape alone (thresholded to black and white) still differs between every pair
    shapes = [c.point(lambda v: 255 if v > 200 else 0) for c in crops]
    for i in range(4):
        for j in range(i + 1, 4):
            assert ImageChops.difference(shapes[i], shapes[j]).getbbox() is not None


def test_static_layer_is_cached_and_reused() -> None:
    """The second board of a map reuses the first one's static layer (an equal map, not the same
    object) and draws the same image; bench/run.py measures what the reuse saves
    (`rebirth_render_full_board_cold_per_warm`)."""
    m = tiny_map()
    rebirth.static_layer.cache_clear()
    view = make_view(m, SOME_TILES, last="C4")
    first = rebirth.render_board(view, m, NAMES)
    second = rebirth.render_board(copy.deepcopy(view), copy.deepcopy(m), NAMES)
    info = rebirth.static_cache_info()
    assert info.misses == 1 and info.hits >= 1
    assert first == second
    # a different covered-yellow set (2 players) is a different static layer
    rebirth.render_board(make_view(m, players=2), m, NAMES[:2])
    assert rebirth.static_cache_info().misses == 2


def test_covered_yellow_spaces_show_the_neutral_tile() -> None:
    m = tiny_map()
    four = open_png(rebirth.render_board(make_view(m, players=4), m, NAMES))
    two = open_png(rebirth.render_board(make_view(m, players=2), m, NAMES[:2]))
    cx, cy = rebirth.space_center(m, "E1")  # yellow 4: covered with 2 players
    grey = two.getpixel((int(cx), int(cy + rebirth.board_geometry(m).size * 0.4)))
    assert max(grey) - min(grey) < 12  # neutral grey, not the straw of the food space
    assert four.getpixel((int(cx), int(cy))) != two.getpixel((int(cx), int(cy)))


@pytest.mark.parametrize(
    "names",
    [
        ["😀🎲🐉", "Zoë 👩‍👩‍👧", "Иван Иванович Иванов", "עברית\u200f"],
        ["\x00\x07bell", "A" * 300, "", "\ud800 lone surrogate"],
        ["e\u0301\u0301\u0301", "中文名字", "\u202eevil", "tab\tnew\nline"],
        [],
    ],
)
def test_odd_names_do_not_crash(names: list[str]) -> None:
    m = tiny_map()
    img = open_png(rebirth.render_board(make_view(m, SOME_TILES, last="B2"), m, names))
    assert img.size == (rebirth.board_geometry(m).width, rebirth.board_geometry(m).height)


def test_clean_text_keeps_every_script_and_drops_only_invisible_characters() -> None:
    """No ASCII folding (the old font needed it; the bundled fonts draw every script). Letters keep
    their accents and scripts; controls, bidi overrides and stray joiners go; the cut ends in "…"."""
    assert rebirth.clean_text("Zoë") == "Zoë"
    assert rebirth.clean_text("Straße") == "Straße"
    assert rebirth.clean_text("Joa\u0303o") == "João"  # NFC: a combining tilde joins its letter
    assert rebirth.clean_text("😀Bob😀") == "😀Bob😀"
    assert rebirth.clean_text("a\u200db\x00c\u202e") == "abc"
    assert rebirth.clean_text("👩\u200d👧") == "👩\u200d👧"  # an emoji sequence keeps its joiner
    assert rebirth.clean_text("\ud800x") == "x"
    long = rebirth.clean_text("x" * 100)
    assert len(long) <= rebirth.NAME_CHARS and long.endswith("…")
    assert rebirth.clean_text("Иван") == "Иван"


def test_finished_view_renders_differently() -> None:
    m = tiny_map()
    tiles = {**SOME_TILES, "F3": (1, "F")}
    live = make_view(m, tiles, last="F3")
    done = make_view(m, tiles, finished=True)
    done["seats"][2]["resigned"] = True
    done["castles"] = {"D3": 1}
    done["cathedrals"] = {"G5": [0, 1, 3]}
    a = open_png(rebirth.render_board(live, m, NAMES))
    b = open_png(rebirth.render_board(done, m, NAMES))
    assert ImageChops.difference(a, b).getbbox() is not None


def test_full_board_is_small() -> None:
    """Every space filled, the most to draw: still a small PNG. Its time is bench/run.py's
    (`rebirth_render_full_board_ms`)."""
    m = tiny_map()
    g = [row.split() for row in m["grid"]]
    tiles = {}
    for r, row in enumerate(g):
        for c, k in enumerate(row):
            if k in ".ef":
                tiles[coord_name(c, r)] = (len(tiles) % 4, "E" if k != "f" else "F")
            elif k == "s":
                tiles[coord_name(c, r)] = (len(tiles) % 4, "S3")
    view = make_view(m, tiles, last=next(iter(tiles)))
    data = rebirth.render_board(view, m, NAMES)
    assert len(data) < 400_000


@pytest.mark.skipif(not REAL_MAP.exists(), reason="scotland.json not present")
def test_real_map_renders_within_budget() -> None:
    m = json.loads(REAL_MAP.read_text(encoding="utf-8"))
    img = open_png(rebirth.render_board(make_view(m, players=4), m, NAMES))
    assert 900 <= img.width <= 1400 and img.height <= 1500


# --- Ireland (advanced mode) -----------------------------------------------------------------

IRELAND_FIXTURE = FIXTURES / "rebirth_ireland_test_map.json"
REAL_IRELAND = REAL_MAP.parent / "ireland.json"
TOWER_TILES = [
    {"id": "RT1", "bonus": "points", "value": 3},
    {"id": "RT2", "bonus": "extra_tile"},
    {"id": "RT3", "bonus": "recall"},
    {"id": "RT4", "bonus": "mission"},
    {"id": "RT5", "bonus": "doubling"},
]
MISSION_NAMES = [
    "High King",
    "Saints and Scholars",
    "Emerald Pastures",
    "Fishers of the West",
    "Pilgrims",
    "Lords of Munster",
    "Wind on the Bog",
    "Great Houses of Leinster",
]


def ireland_map() -> dict:
    return json.loads(IRELAND_FIXTURE.read_text(encoding="utf-8"))


def ireland_engine_view(moves: int = 12, players: int = 3, seed: int = 3) -> tuple[dict, dict]:
    """A public view from the real engine on the fixture map after some random legal moves."""
    import random

    from engine.rebirth import Rebirth

    m = ireland_map()
    never = {"type": "castles", "count": 9}
    missions = [
        {"id": f"P{n:02d}", "name": f"Card {n}", "high": 4, "low": 1, "condition": never}
        for n in range(1, 11)
    ]
    missions[0]["condition"] = {"type": "cluster", "farm": "energy", "size": 2}
    tiles = {"colour_tiles": {"E": 4, "F": 4, "S1": 2, "S2": 2, "S3": 2}, "set_aside": {m["id"]: 4}}
    game = Rebirth({m["id"]: m}, tiles, {m["id"]: missions}, {m["id"]: TOWER_TILES})
    state = game.new_game(players, {"map": m["id"]}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.finished:
            break
        state = game.apply(
            state, state.current, rng.choice(list(game.legal_moves(state, state.current)))
        ).state
    return game.view(state, None), m


def ireland_view(map_data: dict, tiles: dict[str, tuple[int, str]] | None = None, players: int = 4) -> dict:
    """make_view plus the Ireland additions of docs/formats.md."""
    view = make_view(map_data, tiles, players=players)
    bonuses = [t for t in TOWER_TILES]
    view["towers"] = {
        sp: {
            "name": name,
            "bonus": bonuses[i % 5]["bonus"],
            "value": bonuses[i % 5].get("value"),
            "used_by": [],
        }
        for i, (sp, name) in enumerate(map_data.get("towers", {}).items())
    }
    view["tara"] = map_data.get("tara")
    view["public_missions"] = [
        {"id": f"IR{i:02d}", "name": n, "text": "", "high": 6, "low": 3, "completed_by": []}
        for i, n in enumerate(MISSION_NAMES)
    ]
    view["pending"] = None
    for seat in view["seats"]:
        seat["doubling"] = True
    return view


def changed_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a, b).getbbox()


def inside(box: tuple[int, int, int, int] | None, outer: tuple[float, float, float, float]) -> bool:
    return (
        box is not None
        and box[0] >= outer[0]
        and box[1] >= outer[1]
        and box[2] <= outer[2]
        and box[3] <= outer[3]
    )


def test_ireland_engine_view_renders() -> None:
    view, m = ireland_engine_view()
    assert view["towers"] and len(view["public_missions"]) == 8
    data = rebirth.render_board(view, m, NAMES[:3])
    img = open_png(data)
    geo = rebirth.board_geometry(m)
    assert img.size == (geo.width, geo.height)
    assert max(img.size) <= 1400 and len(data) < 400_000
    # a pending extra placement renders too
    view["pending"] = {"seat": view["current"] or 0, "kind": "extra"}
    assert open_png(rebirth.render_board(view, m, NAMES[:3])).size == img.size


def test_tower_bonus_tile_shows_on_its_tower_only() -> None:
    m = ireland_map()
    geo = rebirth.board_geometry(m)
    cx, cy = rebirth.space_center(m, "C4")
    s = geo.size
    hex_box = (cx - s, cy - s, cx + s, cy + s)
    renders = {}
    for bonus, value in (
        ("points", 3),
        ("points", 2),
        ("mission", None),
        ("extra_tile", None),
        ("recall", None),
        ("doubling", None),
    ):
        view = ireland_view(m)
        view["towers"]["C4"].update(bonus=bonus, value=value)
        renders[(bonus, value)] = open_png(rebirth.render_board(view, m, NAMES))
    keys = list(renders)
    for i in range(len(keys)):
        for j in range(i + 1, len(keys)):
            box = changed_box(renders[keys[i]], renders[keys[j]])
            assert inside(box, hex_box), (keys[i], keys[j], box)


def test_tower_marks_the_seats_that_used_it() -> None:
    m = ireland_map()
    cx, cy = rebirth.space_center(m, "F5")
    s = rebirth.board_geometry(m).size
    unused = ireland_view(m)
    crops = []
    for seats in ([], [0], [0, 2], [2, 0, 1, 3]):
        view = copy.deepcopy(unused)
        view["towers"]["F5"]["used_by"] = seats
        img = open_png(rebirth.render_board(view, m, NAMES))
        crops.append(img)
    for a, b in itertools.pairwise(crops):
        assert inside(changed_box(a, b), (cx - s, cy, cx + s, cy + s))


def test_completing_a_public_mission_changes_the_mission_area() -> None:
    m = ireland_map()
    geo = rebirth.board_geometry(m)
    before = ireland_view(m)
    first = copy.deepcopy(before)
    first["public_missions"][2]["completed_by"] = [1]
    second = copy.deepcopy(first)
    second["public_missions"][2]["completed_by"] = [1, 3]
    imgs = [open_png(rebirth.render_board(v, m, NAMES)) for v in (before, first, second)]
    top = geo.missions_top(4)
    area = (geo.panel_box[0], top, geo.panel_box[2], top + rebirth.MISSIONS_H)
    for a, b in itertools.pairwise(imgs):
        assert inside(changed_box(a, b), area)
    # the card's row is the third one
    row_top = top + rebirth.MISSION_HEAD_H + 2 * (rebirth.MISSION_ROW_H + rebirth.MISSION_GAP)
    box = changed_box(imgs[0], imgs[1])
    assert box is not None and row_top - 2 <= box[1] and box[3] <= row_top + rebirth.MISSION_ROW_H + 2
    assert area[3] <= geo.height


def test_doubling_chip_differs_between_used_and_unused() -> None:
    m = ireland_map()
    geo = rebirth.board_geometry(m)
    fresh = ireland_view(m)
    used = copy.deepcopy(fresh)
    used["seats"][2]["doubling"] = False
    a = open_png(rebirth.render_board(fresh, m, NAMES))
    b = open_png(rebirth.render_board(used, m, NAMES))
    card_top = rebirth.PANEL_TITLE_H + 2 * (rebirth.CARD_H + rebirth.CARD_GAP)
    assert inside(
        changed_box(a, b), (geo.panel_box[0], card_top, geo.panel_box[2], card_top + rebirth.CARD_H)
    )
    # Scotland-style views (no towers) show no chip at all
    plain = make_view(m)
    plain_used = copy.deepcopy(plain)
    for seat in plain_used["seats"]:
        seat["doubling"] = False
    assert (
        changed_box(
            open_png(rebirth.render_board(plain, m, NAMES)),
            open_png(rebirth.render_board(plain_used, m, NAMES)),
        )
        is None
    )


def test_legend_lists_only_the_features_of_the_map() -> None:
    ire = [k for k, _ in rebirth.legend_rows(parse_map(ireland_map()))]
    assert "port" not in ire and {"offshore", "R", "T", "C", "K"} <= set(ire)
    tiny = [k for k, _ in rebirth.legend_rows(parse_map(tiny_map()))]
    assert "port" in tiny and not {"offshore", "R", "T"} & set(tiny)


def full_ireland_view(m: dict) -> dict:
    tiles = {}
    for r, row in enumerate(m["grid"]):
        for c, k in enumerate(row.split()):
            if k in ".ef":
                tiles[coord_name(c, r)] = (len(tiles) % 4, "E" if k != "f" else "F")
            elif k == "s":
                tiles[coord_name(c, r)] = (len(tiles) % 4, ("S1", "S2", "S3")[len(tiles) % 3])
    view = ireland_view(m, tiles)
    view["last"] = {"seat": 0, "space": next(iter(tiles)), "tile": "E"}
    for i, tw in enumerate(view["towers"].values()):
        tw["used_by"] = [(i + j) % 4 for j in range(1 + i % 4)]
    for i, card in enumerate(view["public_missions"]):
        card["completed_by"] = [(i + j) % 4 for j in range(i % 5)]
    view["seats"][1]["doubling"] = False
    view["pending"] = {"seat": 1, "kind": "extra"}
    view["castles"] = {k: i % 4 for i, k in enumerate(m.get("castles", {}))}
    view["cathedrals"] = {k: [0, 1, 2, 3] for k in m.get("cathedrals", {})}
    return view


@pytest.mark.parametrize("path", [IRELAND_FIXTURE, REAL_IRELAND], ids=["fixture", "ireland.json"])
def test_full_ireland_board_is_small(path: Path) -> None:
    """Ireland full of tiles, towers used and missions completed: a small PNG of a bounded size.
    Its time is bench/run.py's (`rebirth_render_full_board_ms_ireland`)."""
    if not path.exists():
        pytest.skip(f"{path.name} not present")
    m = json.loads(path.read_text(encoding="utf-8"))
    view = full_ireland_view(m)
    data = rebirth.render_board(view, m, NAMES)
    assert len(data) < 400_000
    img = open_png(data)
    assert max(img.size) <= 1400
