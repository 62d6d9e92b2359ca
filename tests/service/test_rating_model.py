"""The rating model and the facts it reads: which games are rated, how an AI level and a win
against it count, the provisional mark, a person's time to move (service/ratings.py,
service/results.py)."""

from __future__ import annotations

from db.ratings import GameResult, Rating, SeatResult
from service.ratings import NEW, PROVISIONAL_SIGMA, is_provisional, rate
from service.results import is_rated, waits


def seat(number: int, place: int, *, level: str | None = None, outcome: str = "played") -> SeatResult:
    user = -number - 1 if level else 100 + number
    return SeatResult(number, user, level, outcome, score=50 - place, place=place, faction=None)


def result(*seats: SeatResult) -> GameResult:
    return GameResult(1, 9, "rebirth", None, 10, 0.0, 1.0, seats, rated=is_rated(seats))


def test_which_games_are_rated():
    assert is_rated((seat(0, 0), seat(1, 1)))
    assert is_rated((seat(0, 0), seat(1, 1, level="strong")))  # a solo game against the AI
    assert is_rated((seat(0, 0), seat(1, 1, outcome="left")))
    assert not is_rated((seat(0, 1, outcome="left"), seat(1, 1, outcome="left")))  # nobody stayed
    assert not is_rated((seat(0, 0, level="easy"), seat(1, 1, level="strong")))
    assert not is_rated((seat(0, 0),))


def test_a_win_over_the_strong_ai_raises_a_rating_and_lowers_the_level():
    after = rate(result(seat(0, 0), seat(1, 1, level="strong")), {(0, "strong"): Rating(30.0, 3.0)})
    assert after[(100, "")].mu > NEW.mu
    assert after[(0, "strong")].mu < 30.0
    beaten_newcomer = rate(result(seat(0, 0), seat(1, 1)), {})
    assert after[(100, "")].mu > beaten_newcomer[(100, "")].mu  # beating a strong player counts more


def test_an_ai_level_seated_twice_moves_once_by_the_mean_of_its_seats():
    twice = rate(result(seat(0, 0, level="easy"), seat(1, 1), seat(2, 2, level="easy")), {})
    assert set(twice) == {(0, "easy"), (101, "")}
    swapped = rate(result(seat(0, 2, level="easy"), seat(1, 1), seat(2, 0, level="easy")), {})
    assert twice[(0, "easy")] == swapped[(0, "easy")]


def test_a_new_rating_is_provisional_until_its_sigma_falls():
    assert is_provisional(NEW)
    assert not is_provisional(Rating(25.0, PROVISIONAL_SIGMA - 0.1))


def test_time_to_move_counts_each_turn_a_person_answered():
    moves = [
        (0, 1, 0.0, "a"),
        (1, 2, 100.0, "b"),
        (1, 2, 110.0, "c"),
        (0, None, 500.0, "d"),
        (1, 2, 530.0, "e"),
    ]
    assert waits(moves, 1) == (100, 30)
    assert waits(moves, 0) == ()  # its one answer was the fallback player's
