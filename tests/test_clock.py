"""Turn clocks: banks drain only while a seat is to act, outside quiet hours."""

from __future__ import annotations

import pytest

from bot.platform.clock import DAY, HOUR, PACES, Clock, ClockError, describe_seconds, parse_quiet, running_seconds

MIDNIGHT = 20_000 * DAY  # a UTC midnight


def test_bank_drains_only_while_to_act_and_gains_the_increment():
    clock = Clock.start("daily", 2)
    clock.update([0], [], MIDNIGHT)
    assert clock.remaining(0, MIDNIGHT + 10 * HOUR) == PACES["daily"].bank - 10 * HOUR
    assert clock.remaining(1, MIDNIGHT + 10 * HOUR) == PACES["daily"].bank  # not to act: untouched
    clock.update([1], [0], MIDNIGHT + 10 * HOUR)
    assert clock.remaining(0, MIDNIGHT + 20 * HOUR) == PACES["daily"].bank - 10 * HOUR + DAY
    assert clock.remaining(1, MIDNIGHT + 20 * HOUR) == PACES["daily"].bank - 10 * HOUR


def test_increment_never_passes_the_cap():
    clock = Clock.start("fast", 1)
    for minute in range(10):
        clock.update([0], [0], MIDNIGHT + minute * 60)
    assert clock.remaining(0, MIDNIGHT + 540) == PACES["fast"].cap


def test_simultaneous_seats_drain_together():
    clock = Clock.start("fast", 3)
    clock.update([0, 1, 2], [], MIDNIGHT)
    clock.update([1, 2], [0], MIDNIGHT + 600)
    later = MIDNIGHT + 1200
    assert clock.remaining(1, later) == clock.remaining(2, later) == PACES["fast"].bank - 1200


def test_quiet_hours_stop_the_clock_and_the_pings():
    quiet = parse_quiet("22-7")
    assert running_seconds(MIDNIGHT - 2 * HOUR, MIDNIGHT + 7 * HOUR, quiet) == 0
    assert running_seconds(MIDNIGHT + 6 * HOUR, MIDNIGHT + 9 * HOUR, quiet) == 2 * HOUR
    clock = Clock.start("fast", 1, quiet=quiet)
    clock.update([0], [], MIDNIGHT + 21 * HOUR)
    assert clock.due(MIDNIGHT + 23 * HOUR) == ([], [])  # quiet: nothing is sent
    assert clock.remaining(0, MIDNIGHT + 23 * HOUR) == 0  # the hour 21-22 drained it


def test_reminders_once_per_threshold_then_zero_once():
    clock = Clock.start("daily", 1)
    clock.update([0], [], MIDNIGHT)
    assert clock.due(MIDNIGHT + HOUR) == ([], [])
    now = MIDNIGHT + PACES["daily"].bank - 11 * HOUR
    assert clock.due(now) == ([0], [])
    clock.mark([0], [], now)
    assert clock.due(now + 60) == ([], [])
    now = MIDNIGHT + PACES["daily"].bank - HOUR
    assert clock.due(now) == ([0], [])
    clock.mark([0], [], now)
    now = MIDNIGHT + PACES["daily"].bank + 1
    assert clock.due(now) == ([], [0])
    clock.mark([], [0], now)
    assert clock.due(now + HOUR) == ([], [])
    clock.update([0], [0], now + HOUR)  # they moved: a fresh turn warns again
    assert clock.remaining(0, now + HOUR) == DAY


def test_dump_and_load_round_trip():
    clock = Clock.start("relaxed", 2, "bot", parse_quiet("1-6"))
    clock.update([1], [], MIDNIGHT)
    clock.mark([1], [], MIDNIGHT)
    assert Clock.load(clock.dump()) == clock


def test_bad_values_are_refused():
    for text in ("25-3", "x", "5-5", "7"):
        with pytest.raises(ClockError):
            parse_quiet(text)
    with pytest.raises(ClockError):
        Clock.start("glacial", 2)
    with pytest.raises(ClockError):
        Clock.start("fast", 2, "explode")
    assert parse_quiet("off") is None and parse_quiet("") is None


def test_durations_read_well():
    assert describe_seconds(2 * DAY + 4 * HOUR) == "2 d 4 h"
    assert describe_seconds(3 * HOUR + 600) == "3 h 10 min"
    assert describe_seconds(30) == "1 min"
    assert describe_seconds(0) == "no time"
