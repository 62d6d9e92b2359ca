"""Every Rebirth data file validates, and the validator catches broken content."""

from __future__ import annotations

import copy

import pytest

from content.loader import REBIRTH_DIR, load_map, load_missions, load_tiles, map_ids, mission_map_ids
from content.validate import capacity, validate_map, validate_missions, validate_tiles


def test_data_files_are_present():
    assert "scotland" in map_ids()
    assert "scotland" in mission_map_ids()
    assert (REBIRTH_DIR / "tiles.json").exists()


def test_tiles_valid():
    assert validate_tiles(load_tiles()) == []


@pytest.mark.parametrize("map_id", map_ids())
def test_every_map_is_valid(map_id):
    assert validate_map(load_map(map_id), load_tiles()) == []


@pytest.mark.parametrize("map_id", mission_map_ids())
def test_every_missions_file_is_valid(map_id):
    assert validate_missions(load_missions(map_id), load_map(map_id)) == []


def test_scotland_capacity_ratios():
    scotland, tiles = load_map("scotland"), load_tiles()
    for players in (2, 3, 4):
        cap = capacity(scotland, tiles, players)
        assert 0.80 <= cap["fill"] <= 0.97
        assert cap["open_settlement"] >= cap["need_settlement"]
        assert cap["open_farm"] >= cap["need_farm"]
    assert capacity(scotland, tiles, 4)["neutral"] == 0
    assert capacity(scotland, tiles, 3)["neutral"] == 32


def test_scotland_mission_deck():
    missions = load_missions("scotland")
    assert [card["id"] for card in missions] == [f"SC{n:02d}" for n in range(1, 33)]
    types = {card["condition"]["type"] for card in missions}
    # Every tile of a supply gets placed, so these would be decided by the set-aside tiles alone.
    assert not types & {"farms", "influence", "each_kind"}
    assert len(types) == 12


def _broken_map():
    return copy.deepcopy(load_map("scotland"))


def _set_cell(map_dict, space, code, region="-"):
    col, row = ord(space[0]) - ord("A"), int(space[1:]) - 1
    for key, value in (("grid", code), ("regions_grid", region)):
        cells = map_dict[key][row].split(" ")
        cells[col] = value
        map_dict[key][row] = " ".join(cells)


def _problems(map_dict):
    return validate_map(map_dict, load_tiles())


def test_settlement_space_in_no_settlement_is_caught():
    broken = _broken_map()
    broken["settlements"] = [s for s in broken["settlements"] if s["name"] != "Oban"]
    assert any("in no settlement" in p for p in _problems(broken))


def test_inland_port_is_caught():
    broken = _broken_map()
    broken["ports"].append("K15")  # Perth, inland
    assert any("does not touch the sea" in p for p in _problems(broken))


def test_unnamed_castle_is_caught():
    broken = _broken_map()
    del broken["castles"]["L12"]
    assert any("L12 has no name" in p for p in _problems(broken))


def test_missing_tiebreak_castle_is_caught():
    broken = _broken_map()
    broken["castles"]["J17"] = "Doune Castle"
    assert any("Stirling Castle" in p for p in _problems(broken))


def test_ragged_grid_and_unknown_code_are_caught():
    broken = _broken_map()
    broken["grid"][0] += " ~"
    assert any("different lengths" in p for p in _problems(broken))
    broken = _broken_map()
    _set_cell(broken, "A1", "x")
    assert any("unknown code" in p for p in _problems(broken))


def test_land_without_region_is_caught():
    broken = _broken_map()
    _set_cell(broken, "A1", ".", "-")
    assert any("has no known region" in p for p in _problems(broken))


def test_split_or_oversized_settlement_is_caught():
    broken = _broken_map()
    glasgow = next(s for s in broken["settlements"] if s["name"] == "Glasgow")
    edinburgh = next(s for s in broken["settlements"] if s["name"] == "Edinburgh")
    glasgow["spaces"].append(edinburgh["spaces"].pop())
    problems = _problems(broken)
    assert any("Glasgow: 4 spaces" in p for p in problems)
    assert any("Glasgow: spaces are not contiguous" in p for p in problems)


def test_partly_yellow_settlement_is_caught():
    broken = _broken_map()
    broken["yellow"]["H18"] = 3  # one space of Glasgow
    assert any("not wholly yellow" in p for p in _problems(broken))


def test_yellow_on_a_castle_and_bad_label_are_caught():
    broken = _broken_map()
    broken["yellow"]["K18"] = 4
    broken["labels"].append({"text": "Nowhere", "at": "Z99"})
    problems = _problems(broken)
    assert any("K18" in p and "not a placement space" in p for p in problems)
    assert any("Nowhere" in p for p in problems)


def test_capacity_shortfall_is_caught():
    tiles = copy.deepcopy(load_tiles())
    tiles["colour_tiles"].update({"E": 10, "F": 10, "S1": 6, "S2": 5, "S3": 5})  # 16 settlement tiles
    problems = validate_map(load_map("scotland"), tiles)
    assert any("open settlement spaces" in p for p in problems)


def test_unknown_mission_type_is_caught():
    missions = copy.deepcopy(load_missions("scotland"))
    missions[0]["condition"] = {"type": "tartan", "count": 3}
    assert any("unknown condition type" in p for p in validate_missions(missions, load_map("scotland")))


def test_bad_mission_fields_are_caught():
    scotland = load_map("scotland")
    missions = copy.deepcopy(load_missions("scotland"))
    missions[1]["condition"] = {"type": "cluster", "farm": "energy", "size": 4, "colour": "red"}
    missions[6]["condition"] = {"type": "cluster", "farm": "whisky", "size": 4}
    missions[2]["condition"] = {"type": "castle", "name": "Hogwarts"}
    missions[3]["condition"] = {"type": "region", "region": "Narnia", "count": 2}
    missions[4]["id"] = missions[5]["id"]
    problems = validate_missions(missions, scotland)
    assert any("unknown field 'colour'" in p for p in problems)
    assert any("farm 'whisky'" in p for p in problems)
    assert any("Hogwarts" in p for p in problems)
    assert any("Narnia" in p for p in problems)
    assert any("id used twice" in p for p in problems)
    assert any("cards, expected 32" in p for p in validate_missions(missions[:-1], scotland))
