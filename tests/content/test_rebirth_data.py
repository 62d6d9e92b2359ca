"""Every Rebirth data file validates, and the validator catches broken content."""

from __future__ import annotations

import copy

import pytest

from content.rebirth.loader import (
    REBIRTH_DIR,
    load_map,
    load_missions,
    load_tiles,
    load_towers,
    map_ids,
    mission_map_ids,
)
from content.rebirth.validate import (
    capacity,
    validate_map,
    validate_missions,
    validate_tiles,
    validate_towers,
)


def test_data_files_are_present():
    assert {"scotland", "ireland"} <= set(map_ids())
    assert {"scotland", "ireland"} <= set(mission_map_ids())
    assert (REBIRTH_DIR / "tiles.json").exists()
    assert "towers" not in map_ids()


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
    for players, dense in ((2, True), (3, False), (4, False)):
        cap = capacity(scotland, tiles, players, dense)
        assert 0.80 <= cap["fill"] <= 0.97
        assert cap["open_settlement"] >= cap["need_settlement"]
        assert cap["open_farm"] >= cap["need_farm"]
    # The rules' 2-player setup covers what the 3-player one does: an open board, over half full.
    rules_two = capacity(scotland, tiles, 2)
    assert rules_two["neutral"] == capacity(scotland, tiles, 3)["neutral"] == 32
    assert 0.50 <= rules_two["fill"] < 0.80
    assert capacity(scotland, tiles, 4)["neutral"] == 0


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


# Ireland (advanced mode).


def test_ireland_towers_valid():
    ireland = load_map("ireland")
    towers = load_towers("ireland")
    assert validate_towers(towers, ireland) == []
    assert len(towers) >= len(ireland["towers"])
    assert load_towers("scotland") == []


def test_ireland_capacity_ratios():
    ireland, tiles = load_map("ireland"), load_tiles()
    for players, dense in ((2, True), (3, False), (4, False)):
        cap = capacity(ireland, tiles, players, dense)
        assert 0.80 <= cap["fill"] <= 0.95
        assert cap["open_settlement"] >= cap["need_settlement"]
        assert cap["open_farm"] >= cap["need_farm"]
    # The rules' 2-player setup covers what the 3-player one does: an open board, over half full.
    rules_two = capacity(ireland, tiles, 2)
    assert rules_two["neutral"] == capacity(ireland, tiles, 3)["neutral"] == 24
    assert 0.50 <= rules_two["fill"] < 0.80
    assert capacity(ireland, tiles, 4)["neutral"] == 0


def test_ireland_map_shape():
    ireland = load_map("ireland")
    assert ireland["ports"] == []
    assert ireland["tiebreak_castles"] == ["Blarney Castle"]
    assert 7 <= len(ireland["castles"]) <= 9
    assert 4 <= len(ireland["cathedrals"]) <= 6
    assert 6 <= len(ireland["towers"]) <= 8
    assert 8 <= len(ireland["offshore"]) <= 14
    assert {len(s["spaces"]) for s in ireland["settlements"]} == {1, 2, 3, 4}
    assert set(ireland["regions"].values()) == {"Ulster", "Leinster", "Munster", "Connacht"}


def test_ireland_mission_deck():
    missions = load_missions("ireland")
    assert [card["id"] for card in missions] == [f"IR{n:02d}" for n in range(1, 13)]
    assert all(card["high"] > card["low"] >= 1 for card in missions)
    types = {card["condition"]["type"] for card in missions}
    # Every tile of a supply gets placed, so these would be decided by the set-aside tiles alone.
    assert not types & {"farms", "influence", "each_kind"}


def _ireland():
    return copy.deepcopy(load_map("ireland"))


def test_unnamed_tower_is_caught():
    broken = _ireland()
    space = next(iter(broken["towers"]))
    del broken["towers"][space]
    assert any(f"round tower space {space} has no name" in p for p in _problems(broken))


def test_tara_must_name_the_t_space():
    broken = _ireland()
    broken["tara"] = "A1"
    assert any("Hill of Tara space" in p for p in _problems(broken))


def test_port_on_ireland_is_caught():
    broken = _ireland()
    broken["ports"] = [broken["offshore"][0]]
    assert any("has no ports" in p for p in _problems(broken))


def test_inland_offshore_space_is_caught():
    broken = _ireland()
    broken["offshore"].append("I10")  # Athlone, on the Shannon, far from the sea
    assert any("offshore space I10 does not touch the sea" in p for p in _problems(broken))


def test_23_neutral_spaces_on_ireland_is_caught():
    broken = _ireland()
    space = next(
        s
        for s, value in broken["yellow"].items()
        if value == 4 and s not in {x for settlement in broken["settlements"] for x in settlement["spaces"]}
    )
    del broken["yellow"][space]
    assert any("23 spaces of value 4" in p for p in _problems(broken))


def test_ireland_mission_without_low_is_caught():
    ireland = load_map("ireland")
    missions = copy.deepcopy(load_missions("ireland"))
    del missions[0]["low"]
    missions[1]["low"] = missions[1]["high"]
    problems = validate_missions(missions, ireland)
    assert any("IR01: keys must be exactly id, name, high, low, condition" in p for p in problems)
    assert any("IR02: high" in p for p in problems)
    assert any("cards, expected 12" in p for p in validate_missions(missions[:-1], ireland))


def test_tower_and_tara_features_only_where_they_exist():
    scotland, ireland = load_map("scotland"), load_map("ireland")
    for feature in ("tower", "tara"):
        card = {
            "id": "IR99",
            "name": "X",
            "high": 4,
            "low": 2,
            "condition": {"type": "adjacent", "feature": feature, "count": 1},
        }
        assert not any("feature" in p or "no " + feature in p for p in validate_missions([card], ireland))
        card = {"id": "SC99", "name": "X", "points": 4, "condition": card["condition"]}
        assert any(f"the map has no {feature}" in p for p in validate_missions([card], scotland))


def test_unknown_tower_bonus_is_caught():
    ireland = load_map("ireland")
    towers = copy.deepcopy(load_towers("ireland"))
    towers[0] = {"id": "RT1", "bonus": "leprechaun"}
    towers[1] = {"id": "RT2", "bonus": "points"}
    problems = validate_towers(towers, ireland)
    assert any("unknown bonus 'leprechaun'" in p for p in problems)
    assert any("RT2: points value None" in p for p in problems)
    assert any("bonus tiles for 7 round towers" in p for p in validate_towers(towers[:3], ireland))
