"""When a game in play next needs the periodic check (`next_check`): the earliest of its turn
clock and its next reminder, later for a player away, never for what cannot come."""

from __future__ import annotations

import dataclasses

from db import GameRecord
from service.timekeeping import DAY, HOUR, next_check

START = 1_000_000.0
HERE = {"dm": False, "dm_failed": 0, "away_from": None, "away_until": None}


def game(**changes) -> GameRecord:
    record = GameRecord(
        id=1, guild_id=1, channel_id=2, game="rebirth", options={}, seed=1, status="active",
        creator_id=11, state="{}", version=3, created_at=START, updated_at=START,
        turn_started_at=START, reminder_hours=24, reminded_at=None, muted_turn=None,
        clock_days=None, clock_action="fallback", clock_extra=0, clock_asked=None,
        players=(11, 22), names=("ann", "bob"),
    )  # fmt: skip
    return dataclasses.replace(record, **changes)


def test_the_next_reminder_counts_from_the_turn_or_the_last_reminder():
    assert next_check(game(), HERE, START + 60) == START + 24 * HOUR
    reminded = game(reminded_at=START + 24 * HOUR)
    assert next_check(reminded, HERE, START + 24 * HOUR) == START + 48 * HOUR


def test_the_clock_comes_first_when_it_runs_out_before_the_reminder():
    clocked = game(clock_days=0.5)
    assert next_check(clocked, HERE, START) == START + 12 * HOUR
    assert next_check(game(clock_days=2), HERE, START) == START + 24 * HOUR  # the reminder first


def test_nothing_to_check_for_a_muted_turn_without_a_clock_or_a_fallback_seat():
    assert next_check(game(muted_turn=START), HERE, START) is None
    assert next_check(game(reminder_hours=0), HERE, START) is None
    assert next_check(game(), None, START) is None  # no person to move


def test_a_clock_put_to_the_others_needs_no_more_checks():
    voted = game(clock_days=1, clock_action="vote", clock_asked=START)
    assert next_check(voted, HERE, START + 2 * DAY) is None


def test_time_away_pushes_the_check_to_their_return():
    away = {**HERE, "away_from": START, "away_until": START + 3 * DAY}
    assert next_check(game(), away, START + HOUR) == START + 3 * DAY
    ran_out = game(clock_days=1)
    assert next_check(ran_out, away, START + 2 * DAY) == START + 3 * DAY  # not before they are back
