"""Turn clocks: a time bank per player that drains while that player is to act.

Pure bookkeeping, no Discord and no storage: the session keeps a `Clock` inside the game's
platform metadata and asks it, at each change of who is to act, to settle the time used.
Like correspondence chess sites, each pace gives a starting bank, adds an increment after
every move (up to a cap), and the table decides what happens when a bank reaches zero.
Quiet hours (UTC) stop every bank and every ping.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from games.core import GameError
from games.core.i18n import ENGLISH, Msg, render

from .words import T

HOUR = 3600.0
DAY = 24 * HOUR


@dataclass(frozen=True)
class Pace:
    """How much time a player has: `bank` at the start, `increment` after each of their moves,
    never more than `cap`. Reminders go out when the bank falls under each of `warn_at`."""

    name: str
    label: Msg
    bank: float
    increment: float
    cap: float
    warn_at: tuple[float, ...]


PACES: dict[str, Pace] = {
    "fast": Pace("fast", T("fast: 1 h to start, +15 min a move (at most 2 h)"), 1 * HOUR, 0.25 * HOUR, 2 * HOUR,
                 (0.25 * HOUR,)),
    "daily": Pace("daily", T("one move a day: 36 h to start, +24 h a move (at most 3 days)"), 36 * HOUR, DAY, 3 * DAY,
                  (12 * HOUR, 2 * HOUR)),
    "relaxed": Pace("relaxed", T("relaxed: 3 days to start, +2 days a move (at most 7 days)"), 3 * DAY, 2 * DAY, 7 * DAY,
                    (DAY, 4 * HOUR)),
}
PACE_NAMES = ("off", *PACES)
TIMEOUT_POLICIES = {
    "skip": T("the turn is skipped (a pass where the game has one, else a bot plays it)"),
    "bot": T("a bot player takes that turn"),
    "wait": T("the table is told and keeps waiting (the other players may vote a bot in)"),
}
# How a message names a pace and a policy: as the commands' choices read in the reader's language
# (the settings keep the English words)
PACE_WORDS = {"off": T.name("choice", "off"), "fast": T.name("choice", "fast"), "daily": T.name("choice", "daily"),
              "relaxed": T.name("choice", "relaxed")}
POLICY_WORDS = {"skip": T.name("choice", "skip"), "bot": T.name("choice", "bot"), "wait": T.name("choice", "wait")}


class ClockError(GameError):
    """A pace, policy or quiet-hours value the clock cannot use."""


def parse_quiet(text: str | None) -> tuple[int, int] | None:
    """'22-7' (UTC hours, start-end) as (22, 7); '' or 'off' as None."""
    if not text or text.strip().lower() in {"off", "none", "-"}:
        return None
    start, sep, end = text.strip().partition("-")
    try:
        hours = (int(start), int(end))
    except ValueError:
        raise ClockError(T("quiet hours are written start-end in UTC hours, e.g. 22-7")) from None
    if not sep or not all(0 <= h <= 23 for h in hours) or hours[0] == hours[1]:
        raise ClockError(T("quiet hours are written start-end in UTC hours (0-23, different), e.g. 22-7"))
    return hours


def _in_quiet(hour_of_day: float, quiet: tuple[int, int]) -> bool:
    start, end = quiet
    return start <= hour_of_day < end if start < end else hour_of_day >= start or hour_of_day < end


def running_seconds(start: float, end: float, quiet: tuple[int, int] | None) -> float:
    """Seconds between `start` and `end` that fall outside the quiet hours."""
    if end <= start:
        return 0.0
    if quiet is None:
        return end - start
    total, moment = 0.0, start
    while moment < end:
        hour_end = (moment // HOUR + 1) * HOUR
        stop = min(hour_end, end)
        if not _in_quiet((moment % DAY) / HOUR, quiet):
            total += stop - moment
        moment = stop
    return total


def is_quiet(now: float, quiet: tuple[int, int] | None) -> bool:
    return quiet is not None and _in_quiet((now % DAY) / HOUR, quiet)


@dataclass
class Clock:
    """Time banks of one game. `running[seat]` is when that seat's bank last started draining;
    `warned[seat]` counts the reminders already sent for the current turn."""

    pace: str
    on_timeout: str = "wait"
    quiet: tuple[int, int] | None = None
    banks: dict[int, float] = field(default_factory=dict)
    running: dict[int, float] = field(default_factory=dict)
    warned: dict[int, int] = field(default_factory=dict)
    timed_out: set[int] = field(default_factory=set)

    @classmethod
    def start(cls, pace: str, seats: int, on_timeout: str = "wait", quiet: tuple[int, int] | None = None) -> "Clock":
        if pace not in PACES:
            raise ClockError(f"pace must be one of {', '.join(PACE_NAMES)}")
        if on_timeout not in TIMEOUT_POLICIES:
            raise ClockError(f"at zero the clock can {', '.join(TIMEOUT_POLICIES)}")
        return cls(pace, on_timeout, quiet, {s: PACES[pace].bank for s in range(seats)})

    @property
    def spec(self) -> Pace:
        return PACES[self.pace]

    def remaining(self, seat: int, now: float) -> float:
        """Seconds left in `seat`'s bank at `now` (it drains only while they are to act)."""
        left = self.banks.get(seat, self.spec.bank)
        if seat in self.running:
            left -= running_seconds(self.running[seat], now, self.quiet)
        return max(0.0, left)

    def update(self, to_act: Iterable[int], actors: Iterable[int], now: float) -> None:
        """Settle the time used: `actors` just moved (they get the increment), `to_act` now
        owe a decision (their banks run from `now`, or keep running if they already were)."""
        waiting = set(to_act)
        for seat in set(actors) | (set(self.running) - waiting):
            self.banks[seat] = self.remaining(seat, now)
            self.running.pop(seat, None)
            self.warned.pop(seat, None)
            self.timed_out.discard(seat)
        for seat in actors:
            self.banks[seat] = min(self.spec.cap, self.banks[seat] + self.spec.increment)
        for seat in waiting:
            self.running.setdefault(seat, now)

    def due(self, now: float) -> tuple[list[int], list[int]]:
        """Seats due a reminder now, and seats whose bank just reached zero (each reported once)."""
        if is_quiet(now, self.quiet):
            return [], []
        remind, zero = [], []
        for seat in sorted(self.running):
            left = self.remaining(seat, now)
            if left <= 0:
                if seat not in self.timed_out:
                    zero.append(seat)
                continue
            crossed = sum(1 for mark in self.spec.warn_at if left <= mark)
            if crossed > self.warned.get(seat, 0):
                remind.append(seat)
        return remind, zero

    def mark(self, reminded: Iterable[int], zero: Iterable[int], now: float) -> None:
        """Record that the reminders and timeouts `due` returned were acted on."""
        for seat in reminded:
            left = self.remaining(seat, now)
            self.warned[seat] = sum(1 for mark in self.spec.warn_at if left <= mark)
        self.timed_out.update(zero)

    def next_due(self, now: float) -> float | None:
        """The earliest moment a reminder or timeout could fall due (ignoring quiet hours)."""
        moments = []
        for seat in self.running:
            left = self.remaining(seat, now)
            marks = [m for m in self.spec.warn_at if m < left] + [0.0]
            if left <= 0 and seat in self.timed_out:
                continue
            moments.append(now + max(0.0, left - max(marks)))
        return min(moments) if moments else None

    def text(self, seat: int, now: float, locale: str = ENGLISH) -> str:
        return describe_seconds(self.remaining(seat, now), locale)

    # -- storage form -----------------------------------------------------------
    def dump(self) -> dict:
        return {"pace": self.pace, "on_timeout": self.on_timeout, "quiet": list(self.quiet) if self.quiet else None,
                "banks": {str(s): v for s, v in self.banks.items()},
                "running": {str(s): v for s, v in self.running.items()},
                "warned": {str(s): v for s, v in self.warned.items()}, "timed_out": sorted(self.timed_out)}

    @classmethod
    def load(cls, data: dict) -> "Clock":
        quiet = tuple(data["quiet"]) if data.get("quiet") else None
        return cls(data["pace"], data.get("on_timeout", "wait"), quiet,
                   {int(s): v for s, v in data.get("banks", {}).items()},
                   {int(s): v for s, v in data.get("running", {}).items()},
                   {int(s): v for s, v in data.get("warned", {}).items()}, set(data.get("timed_out", [])))


def describe_seconds(seconds: float, locale: str = ENGLISH) -> str:
    """A short human duration: '2 d 4 h', '3 h 10 min', '12 min', 'no time'."""
    return render(_duration(seconds), locale)


def _duration(seconds: float) -> Msg:
    if seconds <= 0:
        return T("no time")
    minutes = int(seconds // 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return T("{days} d {hours} h", days=days, hours=hours) if hours else T("{days} d", days=days)
    if hours:
        return T("{hours} h {mins} min", hours=hours, mins=mins) if mins else T("{hours} h", hours=hours)
    return T("{mins} min", mins=max(mins, 1))
