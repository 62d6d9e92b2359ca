"""bench/playouts.py: whole random playouts of any registered game, timed."""

from __future__ import annotations

import random

import pytest

from bench.playouts import playout, playouts_per_second


def test_a_rebirth_playout_places_every_tile_but_the_set_aside():
    assert playout("rebirth", {"map": "scotland"}, 2, seed=3, chooser=random.Random(3)) == 2 * 34


@pytest.mark.parametrize("options", [{"map": "scotland"}, {"map": "ireland"}])
def test_playouts_per_second_is_a_rate(options):
    assert playouts_per_second("rebirth", options, 2, count=2) > 0
