"""Every Revive data file validates, and the validator catches broken content (docs/revive.md)."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from content.revive.loader import FILES, REVIVE_DIR, load_revive
from content.revive.validate import (
    EFFECT_FIELDS,
    EFFECT_KINDS,
    SCORING_COUNTS,
    slot_spaces,
    validate_effect,
    validate_revive,
)
from engine.revive.board import rotate as rotate_position
from tests.support.paths import ROOT


def _broken():
    return copy.deepcopy(load_revive())


def _problems(content):
    return validate_revive(content)


def test_every_file_is_present():
    # Every content file, and the list of what each rules version changed in them.
    assert sorted(path.stem for path in REVIVE_DIR.glob("*.json")) == sorted([*FILES, "editions"])


def test_content_is_valid():
    assert validate_revive(load_revive()) == []


def test_component_counts():
    content = load_revive()
    citizens = content["citizens"]
    assert Counter(card["set"] for card in citizens["starting"]) == {"A": 6, "B": 6, "C": 6, "D": 6}
    assert 40 <= len(citizens["market"]) <= 60
    assert len(content["tribes"]) >= 4
    assert all(len(t["sun"]["technologies"]) == 12 for t in content["tribes"])
    assert len(content["large_locations"]) >= 4
    majors = content["artifacts"]["majors"]
    assert [sum(1 for m in majors if m["players"] <= n) for n in (2, 3, 4)] == [6, 8, 10]
    tiles = content["tiles"]
    slots = content["board"]["slots"]
    assert sum(t["start"] for t in tiles) == sum(s["role"] == "start" for s in slots) == 6
    assert len(tiles) == len(slots) == 18


def test_every_effect_kind_is_used():
    """The vocabulary is closed and lean: each kind appears somewhere in the content."""
    used: set[str] = set()

    def walk(value):
        if isinstance(value, dict):
            if "kind" in value:
                used.add(value["kind"])
            for inner in value.values():
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(load_revive())
    assert used == set(EFFECT_KINDS)


def test_rotation_maps_ring_positions():
    board = load_revive()["board"]
    slot = board["slots"][0]
    assert [rotate_position(p, 1) for p in range(7)] == [0, 2, 3, 4, 5, 6, 1]
    assert [rotate_position(p, 6) for p in range(7)] == list(range(7))
    unrotated = slot_spaces(board, slot, 0)
    turned = slot_spaces(board, slot, 1)
    assert turned[0] == unrotated[0] and turned[1] == unrotated[2] and turned[6] == unrotated[1]


def test_effect_vocabulary_checks_fields():
    assert validate_effect({"kind": "gain", "resources": {"gear": 2}}, "x") == []
    assert validate_effect({"kind": "gain", "resources": {"gold": 2}}, "x")
    assert validate_effect({"kind": "trade", "times": 4}, "x")
    assert validate_effect({"kind": "machine_step", "colour": "pink", "steps": 1}, "x")
    assert validate_effect({"kind": "module", "extra": 1}, "x")
    assert validate_effect({"kind": "teleport"}, "x")
    nested = {"kind": "choice", "options": [[{"kind": "choice", "options": [[], []]}], [{"kind": "crate"}]]}
    assert any("choice inside a choice" in p for p in validate_effect(nested, "x"))


def test_unknown_effect_kind_in_a_card_is_caught():
    broken = _broken()
    broken["citizens"]["market"][0]["top"] = [{"kind": "steal_everything"}]
    assert any("unknown effect kind" in p for p in _problems(broken))


def test_incomplete_starting_set_is_caught():
    broken = _broken()
    broken["citizens"]["starting"].pop()
    assert any("starting sets must be A-D" in p for p in _problems(broken))


def test_duplicate_card_id_and_unknown_colour_are_caught():
    broken = _broken()
    broken["citizens"]["market"][1]["id"] = broken["citizens"]["market"][0]["id"]
    broken["citizens"]["market"][2]["colour"] = "purple"
    problems = _problems(broken)
    assert any("duplicate id" in p for p in problems)
    assert any("unknown colour 'purple'" in p for p in problems)


def test_disconnected_technology_is_caught():
    broken = _broken()
    techs = broken["tribes"][0]["sun"]["technologies"]
    for tech in techs:
        if tech["id"] in ("T11", "T12"):
            tech["connections"] = [c for c in tech["connections"] if c not in ("T8", "T9", "T10")]
    tech12 = next(t for t in techs if t["id"] == "T12")
    tech12["connections"] = ["T11"]
    problems = _problems(broken)
    assert any("T11 is not connected to T1" in p for p in problems)
    assert any("T12 is not connected to T1" in p for p in problems)


def test_recursive_tribe_ability_is_caught():
    broken = _broken()
    broken["tribes"][0]["sun"]["ability"].append({"kind": "tribe"})
    assert any("cannot activate the tribe ability" in p for p in _problems(broken))


def test_bad_technology_reference_is_caught():
    broken = _broken()
    broken["tribes"][1]["sun"]["technologies"][4]["connections"] = ["T99"]
    assert any("unknown technology 'T99'" in p for p in _problems(broken))


def test_missing_tile_for_a_slot_is_caught():
    broken = _broken()
    broken["tiles"] = [t for t in broken["tiles"] if t["id"] != "T18"]
    assert any("face-down slots for 11 tiles" in p for p in _problems(broken))
    broken = _broken()
    broken["tiles"][0]["start"] = False
    assert any("starting slots for 5 starting tiles" in p for p in _problems(broken))


def test_overlapping_slot_and_bad_space_are_caught():
    broken = _broken()
    broken["board"]["slots"][7]["center"] = broken["board"]["slots"][6]["center"]
    assert any("overlaps" in p for p in _problems(broken))
    broken = _broken()
    broken["tiles"][3]["spaces"][2] = {"type": "lava"}
    assert any("unknown space type 'lava'" in p for p in _problems(broken))
    broken = _broken()
    water = next(s for s in broken["tiles"][0]["spaces"] if s["type"] == "water")
    del water["reward"]
    assert any("a water space has exactly" in p for p in _problems(broken))


def test_detached_slot_is_caught():
    broken = _broken()
    broken["board"]["slots"][-1]["center"] = [30, 30]
    assert any("not connected to the chasm" in p for p in _problems(broken))


def test_too_few_major_artifacts_is_caught():
    broken = _broken()
    broken["artifacts"]["majors"] = [m for m in broken["artifacts"]["majors"] if m["players"] != 2]
    problems = _problems(broken)
    assert any("major artifacts for 2 players" in p for p in problems)


def test_artifact_card_category_checks():
    broken = _broken()
    card = broken["artifacts"]["cards"][0]
    card["categories"][1]["colour"] = card["categories"][0]["colour"]
    card["categories"][2]["counts"] = "hats"
    problems = _problems(broken)
    assert any("three different colours" in p for p in problems)
    assert any("unknown scoring count 'hats'" in p for p in problems)


def test_hibernation_removal_space_is_checked():
    broken = _broken()
    del broken["hibernation"]["spaces"][5]["remove_artifact"]
    broken["hibernation"]["spaces"][4]["remove_artifact"] = True
    problems = _problems(broken)
    assert any("hibernation space 4" in p for p in problems)
    assert any("hibernation space 5" in p for p in problems)


def test_machine_track_bonus_and_progress_markers_are_checked():
    broken = _broken()
    yellow = broken["machine_tracks"]["tracks"][2]
    for space in yellow["spaces"]:
        space.pop("bonus_colour", None)
        space.pop("progress", None)
    problems = _problems(broken)
    assert any("exactly one end-game card bonus" in p for p in problems)
    assert any("track progress spaces must be 8" in p for p in problems)


def test_colour_without_cards_or_modules_is_caught():
    broken = _broken()
    broken["modules"] = [m for m in broken["modules"] if m["colour"] != "white"]
    broken["citizens"]["market"] = [c for c in broken["citizens"]["market"] if c["colour"] != "white"]
    problems = _problems(broken)
    assert "modules: no white module" in problems
    assert "citizens: no white card in the market deck" in problems


def test_starting_resources_follow_turn_order():
    broken = _broken()
    broken["rules"]["starting_resources"][1] = {"crystal": 1, "food": 1}
    assert any("starting_resources[1]" in p for p in _problems(broken))


@pytest.mark.parametrize("name", FILES)
def test_a_missing_file_is_caught(name):
    broken = _broken()
    del broken[name]
    assert _problems(broken) == [f"content: missing file {name}.json"]


def test_docs_describe_every_file_effect_and_count():
    """docs/revive.md "Content formats" is the engine's contract: it must name everything."""
    doc = (ROOT / "docs" / "revive.md").read_text(encoding="utf-8")
    formats = doc[doc.index("## (a) Content formats") : doc.index("## (b) Content design")]
    for name in FILES:
        assert f"`{name}.json`" in formats, name
    for kind, fields in EFFECT_FIELDS.items():
        row = next((line for line in formats.splitlines() if line.startswith(f"| `{kind}` |")), None)
        assert row is not None, kind
        for field in fields:
            assert f"`{field}`" in row, (kind, field)
    for count in SCORING_COUNTS:
        assert f"`{count}`" in formats, count
