"""Notifications (issue 38): who is told of which wait, by which route, and when.

The rules are `bot.platform.waits`; this service applies them to the live games and the
people's settings in storage. The shell asks it what to do (a `Plan` after a change or a
reminder, a `Summary` when notifications that were put off fall due), carries that out in
Discord, and hands it back (`settle`, `summary_sent`), which writes the outcome into the games'
metadata. A wait told is never told again (a reminder is its only repeat), and one owed but not
yet told is told after a restart, since both are stored with the game."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable, Collection

from ..live import LiveGame, SessionError, at_table, playing_from_dms
from ..storage import GameRow, Storage
from ..waits import (DAILY, DIGEST, HOUR, INTERVAL, KEY, MENTION, Decided, NotifyError, Plan, Prefs,
                     Wait, dump_waits, route_for, settle, waits_of)
from .clocks import Clocks
from .games import LiveGames


@dataclass(frozen=True)
class Waiting:
    """A game waiting on a person, as a summary lists it: where it is, since when, whether a
    notification is owed for it (`owed`: since when), and how its turn notification would go."""

    game_id: int
    guild_id: int
    channel_id: int
    turn_message_id: int | None
    slug: str
    seat: int
    since: float
    owed: float | None
    route: str


@dataclass
class Summary:
    """One notification for notifications that were put off: either one game's, told as its turn
    is (`digest` False: by that game's route), or a digest listing every game waiting on the
    person (`games`), by DM, or by a mention in the channel of the first owed game when DMs are
    off for them."""

    user_id: int
    games: list[Waiting]
    owed: list[Waiting]
    route: str
    digest: bool
    prefs: Prefs = field(default_factory=Prefs)


class Notifications:
    """Decides, for the live games of this process, who is told what and when."""

    def __init__(self, games: LiveGames, clocks: Clocks, clock: Callable[[], float]) -> None:
        self.games = games
        self.storage: Storage = games.storage
        self.clocks = clocks
        self.clock = clock

    # -- a person's settings ---------------------------------------------------------------
    async def prefs(self, user_id: int) -> Prefs:
        found = await self.storage.user_notify(user_id)
        return Prefs.load(found.dm_mode, found.settings, found.told_at)

    async def change(self, user_id: int, **changes: object) -> Prefs:
        """Store new settings (how often, time zone, quiet hours); SessionError explains a bad
        value. Notifications already put off follow the new settings."""
        try:
            updated = (await self.prefs(user_id)).changed(**changes)
        except NotifyError as error:
            raise SessionError(error.args[0]) from None
        await self.storage.set_notify_settings(user_id, updated.settings_dump())
        await self._put_off(user_id, updated.release(self.clock()))
        return updated

    # -- after a change: the turn message and DMs ------------------------------------------
    @staticmethod
    def waits(game: LiveGame) -> dict[int, Wait]:
        return waits_of(game.meta, [s.user_id for s in game.seats])

    def route(self, game: LiveGame | GameRow, seat: int, dm_mode: str, dm_closed: bool) -> str:
        """How the seat's person is told in this game (`waits.route_for`), from where they moved last."""
        meta = game.meta
        moved = str(seat) in meta.get("acted", {})
        return route_for(dm_mode, moved, bool(meta.get("acted_from_dm", {}).get(str(seat))), dm_closed)

    async def plan(self, game: LiveGame, now: float, present_minutes: int,
                   dm_closed: Collection[int] = ()) -> Plan:
        """Who is told now, and how, of the waits owed a notification and not yet decided: a
        person at the table (moved within `present_minutes`) is only named; the others by their
        route, now or when their settings allow (`Plan.later`). `dm_closed`: people whose DMs
        are known to be closed to the bot (told by the mention instead)."""
        plan = Plan()
        for seat, wait in sorted(self.waits(game).items()):
            if wait.owed is None or wait.due is not None or game.seats[seat].user_id != wait.user:
                continue
            if at_table(game, [seat], now, present_minutes):
                plan.table[seat] = wait.since
                plan.silent |= playing_from_dms(game, {seat})
                continue
            decided = await self._decide(game, seat, wait, now, wait.user in dm_closed)
            (plan.tells if decided.due is None else plan.later).append(decided)
        return plan

    async def remind(self, game: LiveGame, seats: Collection[int], now: float,
                     dm_closed: Collection[int] = ()) -> Plan:
        """A reminder for `seats`, the only repeat of a wait: by each person's route, now or when
        their settings allow; none for a wait not told yet (its notification is on its way)."""
        plan = Plan()
        waits = self.waits(game)
        for seat in sorted(seats):
            wait = waits.get(seat)
            if wait is None or wait.owed is not None or game.seats[seat].user_id != wait.user:
                continue
            decided = await self._decide(game, seat, wait, now, wait.user in dm_closed, reminder=True)
            (plan.tells if decided.due is None else plan.later).append(decided)
        return plan

    async def _decide(self, game: LiveGame, seat: int, wait: Wait, now: float, dm_closed: bool,
                      reminder: bool = False) -> Decided:
        prefs = await self.prefs(wait.user)
        route = self.route(game, seat, prefs.dm_mode, dm_closed)
        when = prefs.release(now)
        if prefs.often == DAILY:  # a digest person hears only from their digest
            return Decided(seat, wait.user, wait.since, route, when, reminder)
        if when <= now and prefs.often == INTERVAL:
            if not await self.storage.claim_told(wait.user, now, told_before=now - prefs.hours * HOUR):
                when = max((await self.prefs(wait.user)).release(now), now + 60.0)  # told meanwhile
        return Decided(seat, wait.user, wait.since, route, None if when <= now else when, reminder)

    async def routes(self, game: LiveGame, dm_closed: Collection[int] = ()) -> dict[int, str]:
        """How each person seated is reached in this game (a result message mentions only those
        whose route is the mention, and DMs the others)."""
        found = {}
        for seat in game.seats:
            if seat.user_id is not None:
                mode = (await self.storage.user_notify(seat.user_id)).dm_mode
                found[seat.seat] = self.route(game, seat.seat, mode, seat.user_id in dm_closed)
        return found

    async def settle(self, game: LiveGame, plan: Plan, now: float | None = None,
                     announced: int | None = None) -> None:
        """Store what was done with `plan` (under the game's lock: a move meanwhile keeps its
        own waits, and a wait that began anew is not marked). `announced`: the version whose
        announcement this plan ends; while it is still the game's, the same write clears the
        game's announce flag (one write a move less than storing it on its own)."""
        if not plan:
            return
        now = self.clock() if now is None else now
        async with game.lock:
            if game.row.status != "active":
                return
            waits = self.waits(game)
            if settle(waits, plan, now):
                await self._store(game, waits, now, announced == game.version and game.row.announce)

    async def _store(self, game: LiveGame, waits: dict[int, Wait], now: float, announced: bool = False) -> None:
        """Write `waits` into the game's metadata, with its next due moment, and with `announced`
        clear the announce flag (call with the lock held)."""
        meta = copy.copy(game.meta)
        meta[KEY] = dump_waits(waits)
        self.clocks.arm(meta, game.version, now)
        await self.storage.update_game(game.id, meta=meta, **({"announce": False} if announced else {}))
        game.row.meta = meta
        if announced:
            game.row.announce = False

    # -- notifications that were put off ---------------------------------------------------
    async def summaries(self, game: LiveGame, seats: Collection[int], now: float,
                        dm_closed: Collection[int] = ()) -> list[Summary]:
        """The notifications due now for `seats` of `game` (put off earlier): one per person,
        covering every game of theirs owed one. A person told meanwhile (their interval
        started again, another process sent their digest) gets none: the wait is put off again,
        or counted as told."""
        found = []
        waits = self.waits(game)
        for seat in sorted(seats):
            wait = waits.get(seat)
            if wait is None or wait.owed is None or wait.due is None or wait.due > now:
                continue
            summary = await self._summary(wait.user, now, wait.user in dm_closed)
            if summary is not None:
                found.append(summary)
        return found

    async def _summary(self, user_id: int, now: float, dm_closed: bool) -> Summary | None:
        prefs = await self.prefs(user_id)
        if prefs.often == INTERVAL and prefs.told_at is not None and prefs.told_at + prefs.hours * HOUR > now:
            await self._put_off(user_id, prefs.release(now))
            return None
        listed = await self.waiting(user_id, prefs.dm_mode, dm_closed)
        owed = [w for w in listed if w.owed is not None and w.owed <= now]
        if not owed:
            return None
        newest = max(w.owed for w in owed if w.owed is not None)
        told_before = now - prefs.hours * HOUR if prefs.often == INTERVAL else None
        if not await self.storage.claim_told(user_id, now, told_before=told_before, summary_before=newest):
            stored = await self.storage.user_notify(user_id)
            if stored.summary_at is not None and stored.summary_at >= newest:  # covered by a summary sent meanwhile
                await self._mark(user_id, owed, stored.summary_at, DIGEST)
            else:
                await self._put_off(user_id, (await self.prefs(user_id)).release(now))
            return None
        digest = prefs.often == DAILY or len({w.game_id for w in owed}) > 1
        route = (MENTION if prefs.dm_mode == "off" or dm_closed else DIGEST) if digest else owed[0].route
        return Summary(user_id, listed, owed, route, digest, prefs)

    async def summary_sent(self, summary: Summary, now: float | None = None) -> None:
        """The summary went out (or Discord refused it: it is not sent twice): its owed waits
        in this process's games are told."""
        await self._mark(summary.user_id, summary.owed, self.clock() if now is None else now,
                         DIGEST if summary.digest else summary.route)

    async def waiting(self, user_id: int, dm_mode: str = "panel", dm_closed: bool = False) -> list[Waiting]:
        """Every game waiting on the person, of every shard, longest wait first."""
        found = []
        for row in await self.storage.games_waiting_on(user_id):
            live = self.games.live.get(row.id)
            if live is not None:
                row = live.row
                users = [s.user_id for s in live.seats]
            else:
                users = [s.user_id for s in await self.storage.seats(row.id)]
            for seat, wait in waits_of(row.meta, users).items():
                if wait.user == user_id:
                    found.append(Waiting(row.id, row.guild_id, row.channel_id, row.turn_message_id, row.slug, seat,
                                         wait.since, wait.owed, self.route(row, seat, dm_mode, dm_closed)))
        return sorted(found, key=lambda w: (w.since, w.game_id))

    async def _own_games(self, user_id: int, entries: list[Waiting] | None = None) -> list[LiveGame]:
        """This process's live games among `entries` (else among every game waiting on the person)."""
        ids = sorted({w.game_id for w in entries} if entries is not None
                     else {row.id for row in await self.storage.games_waiting_on(user_id)
                           if self.storage.owns(row.guild_id)})
        found = []
        for game_id in ids:
            try:
                found.append(await self.games.get(game_id))
            except SessionError:
                continue
        return found

    async def _mark(self, user_id: int, entries: list[Waiting], now: float, route: str) -> None:
        """The person's owed waits among `entries` are told at `now` by `route`."""
        for game in await self._own_games(user_id, [w for w in entries if self.storage.owns(w.guild_id)]):
            async with game.lock:
                waits = self.waits(game)
                changed = False
                for seat, wait in waits.items():
                    if wait.user == user_id and wait.owed is not None and wait.owed <= now:
                        waits[seat] = Wait(wait.user, wait.since, now, route)
                        changed = True
                if changed and game.row.status == "active":
                    await self._store(game, waits, now)

    async def _put_off(self, user_id: int, when: float) -> None:
        """The person's owed notifications in this process's games go out at `when` (their
        settings changed, or they were told meanwhile)."""
        for game in await self._own_games(user_id):
            async with game.lock:
                waits = self.waits(game)
                changed = False
                for seat, wait in waits.items():
                    if wait.user == user_id and wait.owed is not None and wait.due != when:
                        waits[seat] = Wait(wait.user, wait.since, wait.told, wait.route, wait.owed, when)
                        changed = True
                if changed and game.row.status == "active":
                    await self._store(game, waits, self.clock())
