"""The notification rules of issue 38, without Discord or storage (bot.platform.waits): a wait
opens when a seat becomes up after not being up and lasts while it stays up; each person's
route; how often they are told (every wait, an interval, a daily digest) in their own time zone
and outside their quiet hours; a wait that ends before it is told costs nothing."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from bot.platform import waits
from bot.platform.waits import (DAILY, DIGEST, EVERY, INTERVAL, KEY, MENTION, NOTICE, PANEL, TABLE, Decided, NotifyError,
                                Plan, Prefs, Wait, due_seats, next_due, reconcile, route_for, settle, waits_of)

HOUR = 3600.0
MIDNIGHT = datetime(2026, 3, 2, tzinfo=timezone.utc).timestamp()  # a Monday, 00:00 UTC
USERS = [10, 11, None]  # seat 2 is a bot


def test_a_wait_lasts_while_its_seat_stays_up_whoever_moves_in_between():
    opened = reconcile({}, USERS, [0, 1, 2], MIDNIGHT)
    assert set(opened) == {0, 1}  # a bot seat is never waited on
    assert opened[0] == Wait(10, MIDNIGHT, owed=MIDNIGHT)  # owed a notification from its start
    told = dict(opened)
    told[0] = Wait(10, MIDNIGHT, MIDNIGHT, MENTION)
    # seat 1 moves, seat 0 stays up through it: the same wait, told, not owed again
    later = reconcile(told, USERS, [0], MIDNIGHT + HOUR, actor=1)
    assert later == {0: told[0]}
    # seat 1 up again after not being up: a new wait
    again = reconcile(later, USERS, [0, 1], MIDNIGHT + 2 * HOUR, actor=0)
    assert again[0] == told[0] and again[1] == Wait(11, MIDNIGHT + 2 * HOUR, owed=MIDNIGHT + 2 * HOUR)


def test_the_person_who_made_the_request_is_there_and_a_new_holder_starts_a_new_wait():
    # an undo puts the actor's own seat up: they are there, told at once (at the table)
    undo = reconcile({}, USERS, [0], MIDNIGHT, actor=0)
    assert undo[0].told == MIDNIGHT and undo[0].route == TABLE and undo[0].owed is None
    # the seat is handed to someone else while up: their wait, owed
    handed = reconcile({0: Wait(10, 0.0, 0.0, MENTION)}, [99, 11, None], [0], MIDNIGHT)
    assert handed[0] == Wait(99, MIDNIGHT, owed=MIDNIGHT)


def test_waits_are_stored_with_the_game_and_an_older_game_counts_its_turn_told():
    found = {0: Wait(10, 1.0, 2.0, PANEL), 1: Wait(11, 3.0, owed=3.0, due=9.0)}
    meta = {KEY: waits.dump_waits(found)}
    assert waits_of(meta, USERS) == found
    legacy = waits_of({"to_act": [0, 1, 2], "moved_at": 50.0}, USERS)  # stored before issue 38
    assert legacy == {0: Wait(10, 50.0, 50.0, waits.LEGACY), 1: Wait(11, 50.0, 50.0, waits.LEGACY)}


def test_a_route_is_the_players_own():
    assert route_for("panel", moved=False, from_dm=False, dm_closed=False) == PANEL  # not moved yet: the DM
    assert route_for("panel", moved=True, from_dm=True, dm_closed=False) == PANEL  # plays from DMs
    assert route_for("panel", moved=True, from_dm=False, dm_closed=False) == MENTION  # plays in the channel
    assert route_for("notice", moved=True, from_dm=False, dm_closed=False) == NOTICE  # chose notices
    assert route_for("off", moved=False, from_dm=True, dm_closed=False) == MENTION
    assert route_for("panel", moved=True, from_dm=True, dm_closed=True) == MENTION  # DMs closed to the bot


def test_a_plan_tells_each_wait_once_and_a_wait_that_ended_costs_nothing():
    current = {0: Wait(10, 5.0, owed=5.0), 1: Wait(11, 5.0, owed=5.0)}
    plan = Plan(tells=[Decided(0, 10, 5.0, MENTION), Decided(1, 11, 5.0, PANEL)])
    assert plan.mentioned() == {0} and plan.dms() == {1: PANEL}
    del current[1]  # seat 1's wait ended while the message went out: nothing is written for it
    assert settle(current, plan, 6.0)
    assert current == {0: Wait(10, 5.0, 6.0, MENTION)}
    assert not settle(current, Plan(tells=[Decided(0, 10, 4.0, MENTION)]), 7.0)  # an older wait: untouched
    put_off = {1: Wait(11, 5.0, owed=5.0)}
    settle(put_off, Plan(later=[Decided(1, 11, 5.0, PANEL, due=100.0)]), 6.0)
    assert next_due(put_off) == 100.0 and due_seats(put_off, 99.0) == () and due_seats(put_off, 100.0) == (1,)
    assert next_due(reconcile(put_off, USERS, [], 50.0)) is None  # the wait ended: no notification left


def test_time_zones_as_names_or_offsets():
    assert waits.zone_name("Asia/Taipei") == "Asia/Taipei"
    assert waits.zone_name("asia/taipei") == "Asia/Taipei"
    assert waits.zone_name("UTC+8") == "UTC+08:00"
    assert waits.zone_name("-5:30") == "UTC-05:30"
    assert waits.zone_name("+0545") == "UTC+05:45"
    assert waits.zone_name("") == waits.zone_name("gmt") == "UTC"
    for bad in ("Mars/Olympus", "UTC+15", "+5:75", "UTC+x"):
        with pytest.raises(NotifyError):
            waits.zone_of(bad)


def test_quiet_hours_are_read_as_start_end():
    assert waits.parse_hours("23-7") == (23, 7)
    assert waits.parse_hours("off") is None and waits.parse_hours("") is None
    for bad in ("7", "7-7", "25-3", "a-b"):
        with pytest.raises(NotifyError):
            waits.parse_hours(bad)


def test_every_wait_is_told_at_once_except_in_quiet_hours():
    prefs = Prefs(zone="Asia/Taipei", quiet=(23, 7))  # UTC+8: 00:00 UTC is 08:00 there
    assert prefs.release(MIDNIGHT) == MIDNIGHT
    at_night = MIDNIGHT + 16 * HOUR  # 00:00 in Taipei
    assert prefs.quiet_now(at_night) and prefs.release(at_night) == MIDNIGHT + 23 * HOUR  # 07:00 there


def test_an_interval_counts_from_the_last_notification():
    prefs = Prefs(often=INTERVAL, hours=6, told_at=MIDNIGHT)
    assert prefs.release(MIDNIGHT + HOUR) == MIDNIGHT + 6 * HOUR
    assert prefs.release(MIDNIGHT + 7 * HOUR) == MIDNIGHT + 7 * HOUR
    assert Prefs(often=INTERVAL, hours=6).release(MIDNIGHT) == MIDNIGHT  # never told: at once


def test_a_digest_comes_at_its_hour_of_the_persons_day_after_quiet_hours():
    prefs = Prefs(often=DAILY, zone="UTC-5", quiet=(22, 8))  # the digest comes when quiet hours end: 08:00
    assert prefs.digest_at == 8
    assert prefs.release(MIDNIGHT) == MIDNIGHT + 13 * HOUR  # 08:00 at UTC-5 is 13:00 UTC
    assert prefs.release(MIDNIGHT + 14 * HOUR) == MIDNIGHT + 37 * HOUR  # past it: tomorrow's
    assert Prefs(often=DAILY).digest_at == waits.DEFAULT_DIGEST_HOUR
    # a digest hour across a change to summer time keeps the wall time (Europe/Berlin, 29 March 2026)
    berlin = Prefs(often=DAILY, digest_hour=9, zone="Europe/Berlin")
    saturday = datetime(2026, 3, 28, 12, tzinfo=timezone.utc).timestamp()
    assert datetime.fromtimestamp(berlin.release(saturday), berlin.tz).hour == 9
    sunday = berlin.release(saturday + 16 * HOUR)  # asked at 06:00 summer time: 09:00 that day, 07:00 UTC
    assert sunday == datetime(2026, 3, 29, 7, tzinfo=timezone.utc).timestamp()


def test_settings_are_checked_before_they_are_kept():
    prefs = Prefs().changed(often=DAILY, zone="UTC+8", quiet="23-7", digest_hour=8)
    assert (prefs.often, prefs.zone, prefs.quiet, prefs.digest_at) == (DAILY, "UTC+08:00", (23, 7), 8)
    assert Prefs.load("notice", prefs.settings_dump()) == Prefs("notice", DAILY, 4, 8, "UTC+08:00", (23, 7))
    with pytest.raises(NotifyError, match="quiet hours"):
        prefs.changed(digest_hour=2)  # in the quiet hours
    with pytest.raises(NotifyError):
        Prefs().changed(often="hourly")
    with pytest.raises(NotifyError):
        Prefs().changed(hours=0)
    assert Prefs.load("panel", {"often": "weird", "zone": "Nowhere/Else"}) == Prefs()  # unreadable: defaults
    assert EVERY == Prefs().often and DIGEST == "digest"
