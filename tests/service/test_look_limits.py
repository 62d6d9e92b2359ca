"""The look limits on their own clock (service/look_limits.py): a refused look counts nothing, the
window slides, and people who came once are forgotten as time passes."""

from __future__ import annotations

import pytest

from service.look_limits import DRAWINGS_PER_PERSON, LookLimits, LookTooSoon, Rate, Window


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_refused_look_counts_nothing_and_the_window_slides():
    """Six drawings at one-second steps; the seventh waits until the first leaves the minute,
    and waiting (refused) again and again does not push that back."""
    clock = Clock()
    limits = LookLimits(clock)
    for _ in range(DRAWINGS_PER_PERSON.count):
        limits.look(1, 10, seated=True, public=False, draws=True)
        clock.now += 1
    for _ in range(3):
        with pytest.raises(LookTooSoon) as refused:
            limits.look(1, 10, seated=True, public=False, draws=True)
        assert refused.value.params == {"count": 54}
    clock.now += 54
    assert limits.look(1, 10, seated=True, public=False, draws=True).public is False
    with pytest.raises(LookTooSoon) as refused:
        limits.look(1, 10, seated=True, public=False, draws=True)
    assert refused.value.params == {"count": 1}


def test_a_text_look_is_never_refused_and_a_stranger_never_posts():
    limits = LookLimits(Clock())
    for _ in range(50):
        look = limits.look(2, 10, seated=False, public=True, draws=False)
        assert not look.public and look.note == ("look.players_only", {})
        assert limits.look(3, 10, seated=True, public=True, draws=False).public


def test_people_who_came_once_are_forgotten():
    """A bot running for months must not keep a count for everyone who ever looked."""
    clock = Clock()
    window = Window(Rate(1, 30))
    for user in range(500):
        window.take(user, clock())
    clock.now += 31
    window.take("later", clock())
    assert len(window) == 1
