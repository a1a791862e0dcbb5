"""Seats during a game, members who leave, server settings, turn clocks and idle tables.

Nothing here waits on a person who is gone: a seat can go to a bot player or a substitute
(and back), a member who leaves the server is replaced by a bot, an idle lobby expires, and a
turn clock that reaches zero does what the table chose.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.core import IllegalChoice, echo
from games.core.i18n import languages

from .clock import PACE_NAMES, TIMEOUT_POLICIES, Clock, ClockError, parse_quiet
from .language import AUTOMATIC
from .live import LiveGame, Seat, SessionError, Step
from .words import T

if TYPE_CHECKING:
    from .session_core import SessionCore as Sessions  # the Protocol its pieces share

SERVER_DEFAULTS = {"pace": "off", "quiet_hours": "", "on_timeout": "wait", "lobby_expiry_hours": 72,
                   "language": AUTOMATIC}
IDLE_FLOOR = 300.0  # games that moved less than this long ago are never even looked at


@dataclass(frozen=True)
class Due:
    """Something the reminders loop must do for a game: remind seats, offer the table a bot
    takeover vote, or act on seats whose clock reached zero."""

    game_id: int
    kind: str  # "remind", "offer" or "timeout"
    seats: tuple[int, ...]


class SeatsMixin:
    # -- seats during a game ---------------------------------------------------------
    async def hand_over(self: "Sessions", game: LiveGame, actor_id: int, seat: int, to_user_id: int | None,
                        to_name: str, can_manage: bool) -> Step:
        """Give `seat` to a bot player (`to_user_id` None) or to a substitute person, or back."""
        async with game.lock:
            self._require_active(game)
            if not 0 <= seat < len(game.seats):
                raise SessionError(T("There is no seat {number}; seats go from 1 to {count}.", number=seat + 1,
                                     count=len(game.seats)))
            current = game.seats[seat]
            former = {int(s): uid for s, uid in game.meta.get("former", {}).items()}
            allowed = (can_manage or actor_id == game.row.creator_id or actor_id == current.user_id
                       or (actor_id == to_user_id and former.get(seat) == actor_id))
            if not allowed:
                raise SessionError(T("Only the host, a member with Manage Server, or the seat's own player "
                                     "(also to take it back) can hand a seat over."))
            if to_user_id is not None and game.seat_of(to_user_id) is not None:
                raise SessionError(T("{name} already plays seat {number} of this game.", name=to_name,
                                     number=game.seat_of(to_user_id) + 1))
            if to_user_id == current.user_id:
                raise SessionError(T("That seat is already theirs."))
            return await self._reseat(game, seat, to_user_id, to_name)

    async def _reseat(self: "Sessions", game: LiveGame, seat: int, to_user_id: int | None, to_name: str) -> Step:
        current = game.seats[seat]
        name = to_name if to_user_id is not None else f"Bot ({current.name})"
        meta = copy.deepcopy(game.meta)
        if current.user_id is not None:
            # The seat's own player (its first person) stays on record through any chain of
            # substitutes, so they can always take it back.
            meta.setdefault("former", {}).setdefault(str(seat), current.user_id)
        await self.storage.update_seat(game.id, seat, to_user_id, name)
        await self.storage.update_game(game.id, meta=meta)
        game.row.meta = meta
        game.seats[seat] = Seat(seat, to_user_id, name)
        if current.user_id == game.row.creator_id and to_user_id is None and game.human_ids():
            game.row.creator_id = game.human_ids()[0]
            await self.storage.update_game(game.id, creator_id=game.row.creator_id)
        who = T("a bot player") if to_user_id is None else to_name
        step = Step(game, lines=[T("Seat {number} ({name}) is now played by {who}.", number=seat + 1,
                                   name=current.name, who=who)],
                    to_act_before=[s for s in game.to_act() if s != seat])
        if not game.human_ids():
            step.lines.append(T("No person is left at the table, so the game was abandoned."))
            await self._close(game, "abandoned")
            return step
        await self._advance(game, step)
        return step

    async def member_left(self: "Sessions", guild_id: int, user_id: int) -> list[Step]:
        """A member left the server: their lobby seats are freed, their game seats go to bots."""
        steps = []
        for row in await self.storage.running_of_user(guild_id, user_id):
            try:
                game = await self.get(row.id)
            except SessionError:
                continue
            seat = game.seat_of(user_id)
            if seat is None:
                continue
            if game.row.status == "lobby":
                async with game.lock:
                    await self._remove_lobby_seat(game, seat)
                who = game.seats[seat].name if seat < len(game.seats) else T("A player")
                steps.append(Step(game, lines=[T("{name} left the server and the table.", name=who)]))
                continue
            async with game.lock:
                step = await self._reseat(game, seat, None, "")
            step.lines.insert(0, T("A player left the server."))
            steps.append(step)
        return steps

    @staticmethod
    def require_offered(game: LiveGame, stamp: int) -> None:
        """Refuse a takeover vote the table was never offered at version `stamp` (a forged button):
        only the reminders loop offers one, once a seat has idled long enough or ran out of time."""
        if game.meta.get("offered") != stamp:
            raise IllegalChoice(T("No vote to let a bot player take over was offered for this turn."))

    # -- server settings and clocks ------------------------------------------------
    async def server_settings(self: "Sessions", guild_id: int) -> dict:
        values = dict(SERVER_DEFAULTS)
        values.update(self.defaults)
        values.update(await self.storage.guild_settings(guild_id))
        return values

    async def set_server_settings(self: "Sessions", guild_id: int, **changes) -> dict:
        """Validate and store server defaults for new games (SessionError explains bad values)."""
        values = await self.storage.guild_settings(guild_id)
        for key, value in changes.items():
            if value is None:
                continue
            if key == "pace" and value not in PACE_NAMES:
                raise SessionError(T("pace must be one of {choices}", choices=tuple(PACE_NAMES)))
            if key == "on_timeout" and value not in TIMEOUT_POLICIES:
                raise SessionError(T("on_timeout must be one of {choices}", choices=tuple(TIMEOUT_POLICIES)))
            if key == "language" and value != AUTOMATIC and value not in languages():
                raise SessionError(T("language must be one of {choices}", choices=(AUTOMATIC, *languages())))
            if key == "quiet_hours":
                try:
                    parse_quiet(value)
                except ClockError as error:
                    raise SessionError(error.args[0]) from None
            if key == "lobby_expiry_hours" and (not isinstance(value, int) or not 1 <= value <= 24 * 30):
                raise SessionError(T("lobby_expiry_hours must be a whole number from 1 to 720"))
            if key not in SERVER_DEFAULTS:
                raise SessionError(T("unknown server setting {key}", key=echo(key)))
            values[key] = value
        await self.storage.set_guild_settings(guild_id, values)
        return await self.server_settings(guild_id)

    async def _clock_setup(self: "Sessions", guild_id: int, pace: str | None) -> dict:
        settings = await self.server_settings(guild_id)
        pace = pace or settings["pace"]
        if pace not in PACE_NAMES:
            raise SessionError(T("pace must be one of {choices}", choices=tuple(PACE_NAMES)))
        return {"pace": pace, "on_timeout": settings["on_timeout"], "quiet": settings["quiet_hours"]}

    def _start_clock(self: "Sessions", game: LiveGame, setup: dict | None) -> None:
        if not setup or setup.get("pace", "off") == "off":
            return
        clock = Clock.start(setup["pace"], len(game.seats), setup.get("on_timeout", "wait"),
                            parse_quiet(setup.get("quiet")))
        clock.update(game.to_act(), [], self.clock())
        game.set_clock(clock)

    async def vote_timeout_policy(self: "Sessions", game: LiveGame, user_id: int, policy: str) -> tuple[str, int, int]:
        """A player's vote on what happens when a clock reaches zero; a majority of the people
        at the table changes it. Returns (policy in force, votes for `policy`, votes needed)."""
        if policy not in TIMEOUT_POLICIES:
            raise SessionError(T("choose one of {choices}", choices=tuple(TIMEOUT_POLICIES)))
        async with game.lock:
            self._require_active(game)
            self._seat(game, user_id)
            clock = game.clock
            if clock is None:
                raise SessionError(T("This game has no turn clock."))
            meta = copy.deepcopy(game.meta)
            votes = meta.setdefault("policy_votes", {})
            votes[str(user_id)] = policy
            count = sum(1 for v in votes.values() if v == policy)
            needed = len(game.human_ids()) // 2 + 1
            if count >= needed:
                clock.on_timeout = policy
                meta["clock"] = clock.dump()
                meta.pop("policy_votes")
            await self.storage.update_game(game.id, meta=meta)
            game.row.meta = meta
            return clock.on_timeout, count, needed

    # -- idle tables -------------------------------------------------------------------
    def _arm(self: "Sessions", meta: dict, version: int, now: float) -> None:
        """Set `meta["due_at"]`, the next moment this game may need a reminder, a takeover offer or
        a clock timeout (None when nobody is to act). Storage indexes it: games not due cost nothing."""
        meta["due_at"] = self._next_due(meta, version, now)

    def _next_due(self: "Sessions", meta: dict, version: int, now: float) -> float | None:
        if not meta.get("to_act"):
            return None
        if meta.get("clock"):
            return Clock.load(meta["clock"]).next_due(now)
        moved = float(meta.get("moved_at", now))
        if meta.get("reminded") != version and self.remind_after < self.afk_after:
            return moved + self.remind_after
        if meta.get("offered") != version:
            return moved + self.afk_after
        return None

    def _events(self: "Sessions", game: LiveGame, now: float, remind_after: float, afk_after: float) -> list[Due]:
        meta = game.meta
        to_act = tuple(s for s in meta.get("to_act", ()) if not game.seats[s].is_bot)
        if not to_act:
            return []
        if meta.get("clock"):
            remind, zero = Clock.load(meta["clock"]).due(now)
            found = [Due(game.id, "remind", tuple(remind))] if remind else []
            return found + ([Due(game.id, "timeout", tuple(zero))] if zero else [])
        idle = now - float(meta.get("moved_at", game.row.updated_at))
        if idle >= afk_after and meta.get("offered") != game.version:
            return [Due(game.id, "offer", to_act)]
        if idle >= remind_after and meta.get("reminded") != game.version:
            return [Due(game.id, "remind", to_act)]
        return []

    async def due(self: "Sessions", now: float, remind_after: float | None = None,
                  afk_after: float | None = None) -> list[Due]:
        """What the reminders loop must do now. Storage lists only games whose `due_at` has come
        (an index), so the games that are not idle are never read."""
        remind_after = self.remind_after if remind_after is None else remind_after
        afk_after = self.afk_after if afk_after is None else afk_after
        found: list[Due] = []
        for row in await self.storage.due(now):
            try:
                game = await self.get(row.id)
            except SessionError:
                continue
            async with game.lock:
                events = self._events(game, now, remind_after, afk_after)
                if not events:  # not due after all (quiet hours, a clock that moved): look again later
                    meta = copy.deepcopy(game.meta)
                    self._arm(meta, game.version, now)
                    if meta.get("due_at") is not None and meta["due_at"] <= now:
                        meta["due_at"] = now + IDLE_FLOOR
                    await self.storage.update_game(game.id, meta=meta)
                    game.row.meta = meta
            found.extend(events)
        return found

    async def mark_due(self: "Sessions", game: LiveGame, due: Due, now: float) -> None:
        """Remember that `due` was acted on, so it is not repeated."""
        async with game.lock:
            meta = copy.deepcopy(game.meta)
            clock = Clock.load(meta["clock"]) if meta.get("clock") else None
            if clock is not None:
                clock.mark(due.seats if due.kind == "remind" else (),
                           due.seats if due.kind == "timeout" else (), now)
                meta["clock"] = clock.dump()
            elif due.kind == "remind":
                meta["reminded"] = game.version
            if due.kind in ("offer", "timeout"):
                meta["offered"] = game.version  # the takeover vote posted now may be cast (see require_offered)
            self._arm(meta, game.version, now)
            await self.storage.update_game(game.id, meta=meta)
            game.row.meta = meta

    async def time_out(self: "Sessions", game: LiveGame, seats: set[int]) -> Step | None:
        """Seats whose clock reached zero: skip their turn or let a bot play it, as the table
        chose; None when the table chose to wait."""
        clock = game.clock
        policy = clock.on_timeout if clock else "wait"
        if policy == "wait":
            return None
        async with game.lock:
            self._require_active(game)
            seats = {s for s in seats if s in game.to_act() and not game.seats[s].is_bot}
            step = Step(game, to_act_before=game.to_act())
            names = tuple(game.seats[s].name for s in sorted(seats))
            if not seats:
                return None
            if policy == "skip":
                for seat in sorted(seats):
                    choice = game.rules.skip_choice(game.state, seat)
                    if choice is not None:
                        await self._apply(game, step, seat, choice, None)
                        seats = seats - {seat}
                step.lines.insert(0, T("Time ran out for {names}: their turn is skipped.", names=names))
            else:
                step.lines.insert(0, T("Time ran out for {names}: a bot player takes their turn.", names=names))
            await self._advance(game, step, forced=seats or None)
            return step

    async def expire_lobbies(self: "Sessions", now: float) -> list[LiveGame]:
        """Close lobbies idle longer than their server allows; returns them for the publisher."""
        closed = []
        for row in await self.storage.idle("lobby", now - 3600):
            hours = (await self.server_settings(row.guild_id))["lobby_expiry_hours"]
            if now - row.updated_at < hours * 3600:
                continue
            try:
                game = await self.get(row.id)
            except SessionError:
                continue
            async with game.lock:
                if game.row.status == "lobby":
                    await self._close(game, "abandoned")
                    closed.append(game)
        return closed
