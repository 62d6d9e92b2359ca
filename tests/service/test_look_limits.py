"""The look limits on their own clock (service/look_limits.py): a refused look counts nothing, the
window slides, a replay counts as `REPLAY_COST` drawings (and a refused one gives them all back),
and people who came once are forgotten as time passes."""

from __future__ import annotations

import pytest

from i18n import t
from service.look_limits import (
    DRAWINGS_PER_CHANNEL_LONG,
    DRAWINGS_PER_PERSON,
    DRAWINGS_PER_PERSON_LONG,
    REPLAY_COST,
    LookLimits,
    LookTooSoon,
    Rate,
    Window,
    waited,
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


def test_one_use_spends_at_most_the_windows_most():
    """A window whose one use spends at most 3 of its 6: a use of 40 waits for room for 3 and
    takes 3, so it never waits forever; a use of nothing is a mistake, not a free look."""
    window = Window(Rate(6, 60), most=3)
    window.take("ann", 1000.0, weight=40)
    assert window.wait("ann", 1001.0, weight=3) == 0 and window.wait("ann", 1001.0, weight=40) == 0
    window.take("ann", 1001.0, weight=40)
    assert window.wait("ann", 1002.0) == 58
    window.give_back("ann", 1000.0, weight=40)
    assert window.wait("ann", 1002.0, weight=40) == 0
    with pytest.raises(ValueError):
        window.take("ann", 1000.0, weight=0)


def test_a_replay_spends_its_cost_over_ten_minutes_and_half_a_minute():
    """A replay (40 boards' worth) spends 40 of its asker's 60 drawings in ten minutes and half
    their minute: three boards still fit that minute, twenty in the ten, and the next replay
    waits ten minutes. A channel's ten minutes hold three replays, whoever asks, two a minute.
    The replay's refusal names its cost."""
    clock = Clock()
    limits = LookLimits(clock)
    limits.replay(1, 10, seated=True)
    with pytest.raises(LookTooSoon) as refused:
        limits.replay(1, 11, seated=True)
    assert refused.value.key == "error.replay_too_soon_minutes", "a wait of ten minutes is said in minutes"
    assert refused.value.params == {"count": DRAWINGS_PER_PERSON_LONG.seconds // 60, "boards": REPLAY_COST}
    for _ in range(DRAWINGS_PER_PERSON.count // 2):
        limits.look(1, 12, seated=True, public=False, draws=True)
    with pytest.raises(LookTooSoon) as refused:
        limits.look(1, 12, seated=True, public=False, draws=True)
    assert (refused.value.key, refused.value.params) == ("error.look_too_soon", {"count": 60})
    for minute in range(1, 4):
        clock.now += 60
        for _ in range(5):
            limits.look(1, 12 + minute, seated=True, public=False, draws=True)
    clock.now += 60
    for _ in range(2):
        limits.look(1, 16, seated=True, public=False, draws=True)
    with pytest.raises(LookTooSoon):  # 40 + 20 of the ten minutes' 60
        limits.look(1, 16, seated=True, public=False, draws=True)

    clock = Clock()
    limits = LookLimits(clock)
    for stranger in (2, 3):
        limits.replay(stranger, 20, seated=False)
    with pytest.raises(LookTooSoon):  # the channel's minute is spent
        limits.look(99, 20, seated=False, public=False, draws=True)
    clock.now += 60
    limits.replay(4, 20, seated=False)
    clock.now += 60
    with pytest.raises(LookTooSoon) as refused:
        limits.replay(5, 20, seated=False)
    assert refused.value.params["count"] == (DRAWINGS_PER_CHANNEL_LONG.seconds - 2 * 60) // 60


def test_a_replay_given_back_returns_its_whole_cost():
    """A replay with nothing to show (too big for the server) spends none of the minute: six
    boards still fit after it."""
    clock = Clock()
    limits = LookLimits(clock)
    look = limits.replay(1, 10, seated=True)
    limits.give_back(1, 10, look)
    for _ in range(DRAWINGS_PER_PERSON.count):
        limits.look(1, 10, seated=True, public=False, draws=True)


def test_a_long_wait_is_said_in_minutes_in_both_languages():
    """Two minutes and less are said in seconds; a longer wait (a replay's ten minutes) in whole
    minutes, rounded up, in English and in Portuguese."""
    assert waited("error.look_too_soon", 119.2) == ("error.look_too_soon", 120)
    key, count = waited("error.replay_too_soon", 540.5)
    assert (key, count) == ("error.replay_too_soon_minutes", 10)
    assert t(key, "en", count=count, boards=REPLAY_COST).endswith("you can ask for one again in 10 minutes.")
    assert t(key, "pt-BR", count=count, boards=REPLAY_COST).endswith("você pode pedir de novo em 10 minutos.")
    assert t("error.look_too_soon_minutes", "pt-BR", count=1).endswith("olhar de novo em 1 minuto.")
