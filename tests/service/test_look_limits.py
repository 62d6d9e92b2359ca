"""The look limits on their own clock (service/look_limits.py): a refused look counts nothing, the
window slides, a replay counts as `REPLAY_COST` drawings (and a refused one gives them all back),
and people who came once are forgotten as time passes."""

from __future__ import annotations

import pytest

from service.look_limits import (
    DRAWINGS_PER_CHANNEL,
    DRAWINGS_PER_PERSON,
    REPLAY_COST,
    LookLimits,
    LookTooSoon,
    Rate,
    Window,
)


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


def test_a_heavier_use_waits_until_its_whole_weight_fits():
    """Four uses at one-second steps leave room for two: a use of three waits for the oldest to
    leave, one of two does not; after two uses of three, a single use waits for the first."""
    window = Window(Rate(6, 60))
    for second in range(4):
        window.take("ann", 1000.0 + second)
    assert window.wait("ann", 1004.0, weight=3) == 56
    assert window.wait("ann", 1004.0, weight=2) == 0
    heavy = Window(Rate(6, 60))
    heavy.take("bob", 1000.0, weight=3)
    heavy.take("bob", 1010.0, weight=3)
    assert heavy.wait("bob", 1020.0) == 40
    heavy.give_back("bob", 1000.0, weight=3)
    assert heavy.wait("bob", 1020.0, weight=3) == 0


def test_a_use_heavier_than_the_window_is_a_mistake_not_a_wait():
    """A price above the budget could never be paid: it fails loudly instead of refusing forever."""
    window = Window(Rate(6, 60))
    with pytest.raises(ValueError):
        window.wait("ann", 1000.0, weight=7)
    with pytest.raises(ValueError):
        window.take("ann", 1000.0, weight=0)


def test_replays_spend_their_cost_for_the_person_and_the_channel():
    """Two replays spend one person's minute (a board is then refused too), and four spend a
    channel's, whoever asks: the fifth person's replay and board wait. The replay's refusal
    names its cost."""
    clock = Clock()
    limits = LookLimits(clock)
    per_person = DRAWINGS_PER_PERSON.count // REPLAY_COST
    for _ in range(per_person):
        limits.replay(1, 10, seated=True)
    with pytest.raises(LookTooSoon) as refused:
        limits.replay(1, 10, seated=True)
    assert (refused.value.key, refused.value.params) == ("error.replay_too_soon", {"count": 60, "boards": 3})
    with pytest.raises(LookTooSoon) as refused:
        limits.look(1, 10, seated=True, public=False, draws=True)
    assert refused.value.key == "error.look_too_soon"

    strangers = range(2, 2 + DRAWINGS_PER_CHANNEL.count // REPLAY_COST)
    for user in strangers:
        limits.replay(user, 20, seated=False)
    with pytest.raises(LookTooSoon):
        limits.replay(99, 20, seated=False)
    with pytest.raises(LookTooSoon):
        limits.look(99, 20, seated=False, public=False, draws=True)


def test_a_replay_given_back_returns_its_whole_cost():
    """A replay with nothing to show (too big for the server) spends none of the minute: six
    boards still fit after it."""
    clock = Clock()
    limits = LookLimits(clock)
    look = limits.replay(1, 10, seated=True)
    limits.give_back(1, 10, look)
    for _ in range(DRAWINGS_PER_PERSON.count):
        limits.look(1, 10, seated=True, public=False, draws=True)
