"""Who is waited on, and how and when each player is told (issue 38): the rules, as pure
functions of a game's platform metadata and a player's settings. No Discord, no storage.

A **wait** is one stretch during which a game needs a person: it opens when their seat becomes
up after not being up (measured over one request, so a player's own run of decisions and other
seats' moves in between never open a new one) and closes when the seat is no longer up. Each
wait is told once, by one route, and a reminder is its only repeat. The waits live in the game's
metadata (`KEY`), written with each move, so a restart neither repeats nor loses a notification.

A player's **route** is how they play: a channel mention, or a DM (the whole panel, or a short
notice). **How often** they are told is their own choice: every wait, at most every N hours, or a
daily digest at an hour of their day, never in their quiet hours (`Prefs`)."""

from __future__ import annotations

import zoneinfo
from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from games.core import GameError

from .words import T

KEY = "waits"  # LiveGame.meta: seat -> the wait of that seat's person (`Wait.dump`)

# routes: how a person is told
MENTION = "mention"  # pinged in the game's channel
PANEL = "panel"      # DMed the whole decision panel
NOTICE = "notice"    # DMed a short notice with a link
TABLE = "table"      # at the table (moved moments ago): named in the channel, not notified
DIGEST = "digest"    # told by a summary of every game waiting on them
DM_ROUTES = (PANEL, NOTICE)
LEGACY = "before"    # a wait that was open when this bookkeeping began (told by the old rules)

# how often (Prefs.often)
EVERY = "every"
INTERVAL = "interval"
DAILY = "digest"
OFTEN = (EVERY, INTERVAL, DAILY)
DEFAULT_HOURS = 4
DEFAULT_DIGEST_HOUR = 9
MAX_HOURS = 72
HOUR = 3600.0
DAY = 24 * HOUR


class NotifyError(GameError):
    """A notification setting that cannot be used (a bad time zone, hour or quiet hours)."""


@dataclass
class Wait:
    """One stretch of a game waiting on one person. `told`: when they were told (None: not yet);
    `route`: how. `owed`: since when a notification is owed them (the wait's start, or a reminder
    falling due), None when nothing is; `due`: when an owed notification that was put off (their
    interval, digest or quiet hours) goes out."""

    user: int
    since: float
    told: float | None = None
    route: str | None = None
    owed: float | None = None
    due: float | None = None

    def dump(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}

    @classmethod
    def load(cls, data: Mapping[str, Any]) -> "Wait":
        return cls(int(data["user"]), float(data["since"]), data.get("told"), data.get("route"),
                   data.get("owed"), data.get("due"))


def waits_of(meta: Mapping[str, Any], users: Sequence[int | None]) -> dict[int, Wait]:
    """The open waits in a game's metadata, by seat. `users`: each seat's person (None: a bot).
    A game stored before this bookkeeping had its current turn told already: its people up
    are taken as told when the game last moved."""
    found = meta.get(KEY)
    if found is not None:
        return {int(seat): Wait.load(data) for seat, data in found.items()}
    moved = float(meta.get("moved_at", 0.0))
    return {seat: Wait(user, moved, moved, LEGACY) for seat in meta.get("to_act", ())
            if seat < len(users) and (user := users[seat]) is not None}


def dump_waits(waits: Mapping[int, Wait]) -> dict[str, dict[str, Any]]:
    return {str(seat): wait.dump() for seat, wait in sorted(waits.items())}


def reconcile(before: Mapping[int, Wait], users: Sequence[int | None], up: Iterable[int], now: float,
              actor: int | None = None) -> dict[int, Wait]:
    """The waits after a request that began with `before` and left the seats `up`: a wait open
    at the start whose seat is still up (by the same person) goes on unchanged, whatever happened
    in between; a seat newly up opens a wait owed a notification, except the `actor`'s (the
    person who made the request is there: an undo, a seat taken back), which is told at once."""
    after: dict[int, Wait] = {}
    for seat in sorted(set(up)):
        user = users[seat] if seat < len(users) else None
        if user is None:
            continue
        kept = before.get(seat)
        if kept is not None and kept.user == user:
            after[seat] = kept
        elif seat == actor:
            after[seat] = Wait(user, now, now, TABLE)
        else:
            after[seat] = Wait(user, now, owed=now)
    return after


def route_for(dm_mode: str, moved: bool, from_dm: bool, dm_closed: bool) -> str:
    """How a person is told of a wait: `/settings dm off` (or DMs closed to the bot) means the
    channel mention; `notice` a short DM; `panel` (the default) follows how they play: the DM panel
    when they play from their DMs or have not moved in this game yet, the mention when their
    latest move was made in the channel."""
    if dm_mode == "off" or dm_closed:
        return MENTION
    if dm_mode == "notice":
        return NOTICE
    return MENTION if moved and not from_dm else PANEL


# -- a person's own time -------------------------------------------------------------------
@lru_cache(maxsize=512)
def zone_of(text: str | None) -> tzinfo:
    """A time zone written as an IANA name ("Asia/Taipei") or an offset from UTC ("UTC+8",
    "-5", "+05:30"); empty is UTC. NotifyError explains a value it cannot read."""
    if not text or text.strip().upper() in ("UTC", "GMT", "Z"):
        return timezone.utc
    raw = text.strip()
    offset = raw.upper().removeprefix("UTC").removeprefix("GMT").strip()
    if offset[:1] in ("+", "-"):
        sign = -1 if offset[0] == "-" else 1
        hours, _, minutes = offset[1:].partition(":")
        if not minutes and len(hours) == 4 and hours.isdigit():
            hours, minutes = hours[:2], hours[2:]
        try:
            delta = timedelta(hours=int(hours), minutes=int(minutes or 0))
        except ValueError:
            raise NotifyError(BAD_ZONE) from None
        if delta > timedelta(hours=14) or int(minutes or 0) >= 60:
            raise NotifyError(BAD_ZONE)
        return timezone(sign * delta)
    names = {name.lower(): name for name in available_zones()}
    name = names.get(raw.lower().replace(" ", "_"))
    if name is None:
        raise NotifyError(BAD_ZONE)
    return zoneinfo.ZoneInfo(name)


BAD_ZONE = T("Write a time zone as a place name like Asia/Taipei or Europe/Berlin, or as an offset from UTC "
             "like UTC+8 or UTC-5:30.")


@lru_cache(maxsize=1)
def available_zones() -> frozenset[str]:
    """The IANA time zone names this system knows."""
    return frozenset(zoneinfo.available_timezones())


def zone_name(text: str | None) -> str:
    """A time zone setting as it is stored and shown: the IANA name, or "UTC+08:00"."""
    zone = zone_of(text)
    if isinstance(zone, zoneinfo.ZoneInfo):
        return zone.key
    delta = zone.utcoffset(None) or timedelta(0)
    if not delta:
        return "UTC"
    minutes = int(delta.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{rest:02d}"


def parse_hours(text: str | None) -> tuple[int, int] | None:
    """Quiet hours of a person's own day, '23-7' (start-end, whole hours) as (23, 7); '' or
    'off' as None."""
    if not text or text.strip().lower() in ("off", "none", "-"):
        return None
    start, sep, end = text.strip().partition("-")
    try:
        hours = (int(start), int(end))
    except ValueError:
        raise NotifyError(BAD_QUIET) from None
    if not sep or not all(0 <= h <= 23 for h in hours) or hours[0] == hours[1]:
        raise NotifyError(BAD_QUIET)
    return hours


BAD_QUIET = T("Write quiet hours as start-end in whole hours of your day (0-23, different), e.g. 23-7.")


def _local(now: float, zone: tzinfo) -> datetime:
    return datetime.fromtimestamp(now, zone)


def _in(hour: float, span: tuple[int, int]) -> bool:
    start, end = span
    return start <= hour < end if start < end else hour >= start or hour < end


def next_hour(now: float, zone: tzinfo, hour: int) -> float:
    """The first moment at or after `now` when the clock of `zone` reads `hour`:00."""
    moment = _local(now, zone).replace(hour=hour, minute=0, second=0, microsecond=0)
    if moment.timestamp() < now:
        moment += timedelta(days=1)  # aware arithmetic keeps the wall time across a DST change
    return moment.timestamp()


@dataclass(frozen=True)
class Prefs:
    """How one person wants to be told. `dm_mode`: what a DM brings (`/settings dm`);
    `often`: every wait, at most every `hours` hours, or a daily digest at `digest_hour` of
    their day; `zone`: their time zone; `quiet`: hours of their day without notifications;
    `told_at`: when they were last told (what the interval counts from)."""

    dm_mode: str = "panel"
    often: str = EVERY
    hours: int = DEFAULT_HOURS
    digest_hour: int | None = None
    zone: str = "UTC"
    quiet: tuple[int, int] | None = None
    told_at: float | None = None

    @classmethod
    def load(cls, dm_mode: str, settings: Mapping[str, Any], told_at: float | None = None) -> "Prefs":
        """From what storage keeps (`settings`: the JSON of `settings_dump`); a value that no
        longer reads falls back to the default rather than failing a notification."""
        quiet = settings.get("quiet")
        zone = settings.get("zone") or "UTC"
        try:
            zone_of(zone)
        except NotifyError:
            zone = "UTC"
        often = settings.get("often", EVERY)
        return cls(dm_mode, often if often in OFTEN else EVERY, int(settings.get("hours", DEFAULT_HOURS)),
                   settings.get("digest_hour"), zone, tuple(quiet) if quiet else None,
                   told_at)

    def settings_dump(self) -> dict[str, Any]:
        return {"often": self.often, "hours": self.hours, "digest_hour": self.digest_hour, "zone": self.zone,
                "quiet": list(self.quiet) if self.quiet else None}

    @property
    def tz(self) -> tzinfo:
        return zone_of(self.zone)

    @property
    def digest_at(self) -> int:
        """The hour of their day the digest comes: as chosen, else when their quiet hours end."""
        if self.digest_hour is not None:
            return self.digest_hour
        return self.quiet[1] if self.quiet else DEFAULT_DIGEST_HOUR

    def quiet_now(self, now: float) -> bool:
        if self.quiet is None:
            return False
        local = _local(now, self.tz)
        return _in(local.hour + local.minute / 60, self.quiet)

    def after_quiet(self, moment: float) -> float:
        """`moment`, or when their quiet hours end if it falls in them."""
        if self.quiet is None or not self.quiet_now(moment):
            return moment
        return next_hour(moment, self.tz, self.quiet[1])

    def release(self, now: float) -> float:
        """When a notification owed from `now` may go out: at once for every wait; after `hours`
        since they were last told; at the next digest hour; never in their quiet hours."""
        if self.often == DAILY:
            return next_hour(now, self.tz, self.digest_at)
        moment = now
        if self.often == INTERVAL and self.told_at is not None:
            moment = max(now, self.told_at + self.hours * HOUR)
        return self.after_quiet(moment)

    def changed(self, **changes: Any) -> "Prefs":
        """These settings with `changes` (validated: NotifyError explains a bad value)."""
        values = {k: v for k, v in changes.items() if v is not None}
        if "zone" in values:
            values["zone"] = zone_name(values["zone"])
        if "quiet" in values:
            values["quiet"] = parse_hours(values["quiet"]) if isinstance(values["quiet"], str) else values["quiet"]
        if values.get("often", self.often) not in OFTEN:
            raise NotifyError(T("Choose every, interval or digest."))
        if "hours" in values and not 1 <= int(values["hours"]) <= MAX_HOURS:
            raise NotifyError(T("The interval is a whole number of hours from 1 to {n}.", n=MAX_HOURS))
        if "digest_hour" in values and not 0 <= int(values["digest_hour"]) <= 23:
            raise NotifyError(T("The digest hour is a whole hour of your day, 0 to 23."))
        result = replace(self, **values)
        if result.often == DAILY and result.quiet and _in(result.digest_at, result.quiet):
            raise NotifyError(T("Your digest would come at {hour}:00, in your quiet hours ({start}-{end}): choose "
                                "an hour after them.", hour=result.digest_at, start=result.quiet[0],
                                end=result.quiet[1]))
        return result


@dataclass
class Decided:
    """What becomes of one owed notification: told now by `route`, or put off until `due`."""

    seat: int
    user: int
    since: float
    route: str
    due: float | None = None
    reminder: bool = False


@dataclass
class Plan:
    """Who is told what after a change, decided by the platform and carried out by the shell:
    `tells` go out now (a mention in the turn message or a reminder, or a DM), `later` are put off
    (their person's interval, digest or quiet hours), `table` are at the table (named, not
    notified), and of those `silent` play from their DMs (their next panel comes there, without a
    notification)."""

    tells: list[Decided] = field(default_factory=list)
    later: list[Decided] = field(default_factory=list)
    table: dict[int, float] = field(default_factory=dict)  # seat -> the wait's start
    silent: set[int] = field(default_factory=set)

    def mentioned(self) -> set[int]:
        """The seats pinged in the channel."""
        return {t.seat for t in self.tells if t.route == MENTION}

    def dms(self) -> dict[int, str]:
        """The seats DMed, and what the DM brings (PANEL or NOTICE)."""
        return {t.seat: t.route for t in self.tells if t.route in DM_ROUTES}

    def __bool__(self) -> bool:
        return bool(self.tells or self.later or self.table)


def settle(waits: dict[int, Wait], plan: Plan, now: float) -> bool:
    """Write what `plan` did into `waits` (the game's current ones; a wait that ended or began
    anew meanwhile is left alone). True when anything changed."""
    changed = False
    for decided in plan.tells:
        wait = waits.get(decided.seat)
        if wait is not None and wait.user == decided.user and wait.since == decided.since:
            waits[decided.seat] = replace(wait, told=now, route=decided.route, owed=None, due=None)
            changed = True
    for decided in plan.later:
        wait = waits.get(decided.seat)
        if wait is not None and wait.user == decided.user and wait.since == decided.since:
            waits[decided.seat] = replace(wait, owed=wait.owed if wait.owed is not None else now, due=decided.due)
            changed = True
    for seat, since in plan.table.items():
        wait = waits.get(seat)
        if wait is not None and wait.since == since and wait.owed is not None:
            waits[seat] = replace(wait, told=now, route=TABLE, owed=None, due=None)
            changed = True
    return changed


def next_due(waits: Mapping[int, Wait]) -> float | None:
    """The earliest moment a put-off notification of these waits goes out."""
    moments = [w.due for w in waits.values() if w.owed is not None and w.due is not None]
    return min(moments) if moments else None


def due_seats(waits: Mapping[int, Wait], now: float) -> tuple[int, ...]:
    """The seats whose put-off notification is due at `now`."""
    return tuple(sorted(s for s, w in waits.items() if w.owed is not None and w.due is not None and w.due <= now))
