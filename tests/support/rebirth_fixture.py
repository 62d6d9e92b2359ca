"""The small Rebirth map the engine's rule tests play on (`fixtures/rebirth_engine_map.json`),
with its tiles and three missions: a board whose settlement spaces run out, so a rule shows in
a few placements."""

from __future__ import annotations

import json

from engine.rebirth import Rebirth
from tests.support.paths import FIXTURES

FIXTURE_MAP = "testmap"
FIXTURE_TILES = {"colour_tiles": {"E": 4, "F": 4, "S1": 2, "S2": 2, "S3": 2}, "set_aside": {FIXTURE_MAP: 2}}
FIXTURE_MISSIONS = [
    {
        "id": "T01",
        "name": "Farmer",
        "points": 4,
        "condition": {"type": "farms", "farm": "energy", "count": 2},
    },
    {"id": "T02", "name": "Lord", "points": 6, "condition": {"type": "castles", "count": 2}},
    {"id": "T03", "name": "Sailor", "points": 3, "condition": {"type": "ports", "count": 1}},
]


def fixture_rebirth() -> Rebirth:
    """A Rebirth engine over the small map only (`{"map": FIXTURE_MAP}` in `new_game`)."""
    maps = {FIXTURE_MAP: json.loads((FIXTURES / "rebirth_engine_map.json").read_text())}
    return Rebirth(maps, FIXTURE_TILES, {FIXTURE_MAP: FIXTURE_MISSIONS})
