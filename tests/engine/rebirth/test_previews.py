"""The points a placement's label shows are the points it scores.

A property over random games of both maps: for every move played, the figure in its autocomplete
label (`move_choices`) equals what the applied move's event gives the mover.
"""

from __future__ import annotations

import random
import re

import pytest

from games.registry import load_engine
from presenters.rebirth import RebirthPresenter

MAPS = ("scotland", "ireland")
FIGURE = re.compile(r", \+(\d+)")  # "F7  energy farm, +3 · ...": the first figure is the move's


@pytest.fixture(scope="module")
def game():
    return load_engine("rebirth")


def shown_points(label: str) -> int:
    found = FIGURE.search(label)
    assert found, f"no points in the label {label!r}"
    return int(found.group(1))


def play_checking_labels(game, players: int, map_id: str, seed: int) -> int:
    """One game, each move picked from the offered choices (often the best one, so doubled,
    tower and public-mission moves get played); every label checked. Returns the moves played."""
    state = game.new_game(players, {"map": map_id}, seed)
    chooser = random.Random(f"previews:{seed}")
    played = 0
    while not game.is_over(state):
        seat = game.to_move(state)
        choices = RebirthPresenter(game).moves.move_choices(state, seat, None)
        choice = choices[0] if chooser.random() < 0.4 else chooser.choice(choices)
        applied = game.apply(state, seat, choice.notation)
        scored = sum(applied.event["points"].get(seat, {}).values())
        if choice.notation != "discard":
            assert shown_points(choice.label) == scored, (
                f"{map_id} {players}p seed {seed} move {played + 1}: {choice.label!r} "
                f"but the move scored {applied.event['points']}"
            )
        state = applied.state
        played += 1
    return played


def check_games(game, seeds: range) -> int:
    """Every map and player count, one game per seed; the number of moves checked."""
    return sum(
        play_checking_labels(game, players, map_id, seed)
        for map_id in MAPS
        for players in (2, 3, 4)
        for seed in seeds
    )


def test_the_points_a_label_shows_are_the_points_the_move_scores(game):
    """The rules: "2. Score the Tile: Calculate and score the points for the placed Tile." In
    Ireland, "Public Mission Cards: Upon completing a mission, the first player to do so wins the
    higher value on the card." A label's figure is all the move scores its mover at once: farms,
    settlements completed, ports, offshore, towers, public missions and the Doubling Marker."""
    assert check_games(game, range(10)) > 5000  # 60 games


@pytest.mark.slow
def test_the_points_a_label_shows_over_many_games(game):
    """The same property as above ("Calculate and score the points for the placed Tile"), over
    150 games: 25 per map and player count (fewer since CI's 15 minutes hold more tests)."""
    assert check_games(game, range(100, 125)) > 12500
