"""Server settings, turn clocks and idle tables: when a game may next need a reminder, a
takeover offer or a clock timeout (`arm`, indexed by storage so games that are not due cost
nothing), what the reminders loop must do now (`due`), and the table's vote on what a clock
reaching zero does."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable

from games.core import echo
from games.core.i18n import languages

from .. import waits
from ..clock import PACE_NAMES, TIMEOUT_POLICIES, Clock, ClockError, parse_quiet
from ..language import AUTOMATIC
from ..live import LiveGame, SessionError
from ..storage import Storage
from ..words import T
from .checks import require_active, require_seat
from .games import LiveGames

SERVER_DEFAULTS: dict[str, Any] = {"pace": "off", "quiet_hours": "", "on_timeout": "wait", "lobby_expiry_hours": 72,
                                   "language": AUTOMATIC}
IDLE_FLOOR = 300.0  # games that moved less than this long ago are never even looked at


@dataclass(frozen=True)
class Due:
    """Something the reminders loop must do for a game: remind seats, offer the table a bot
    takeover vote, act on seats whose clock reached zero, or send notifications that were put off
    (`bot.platform.waits`)."""

    game_id: int
    kind: str  # "remind", "offer", "timeout" or "notify" (notifications put off until now)
    seats: tuple[int, ...]


class Clocks:
    """Turn clocks, idle games and the server settings they start from."""

    def __init__(self, games: LiveGames, clock: Callable[[], float], defaults: dict[str, Any]) -> None:
        self.games = games
        self.storage: Storage = games.storage
        self.clock = clock
        self.defaults = defaults  # server settings used where a server set none
        self.remind_after = 60.0 * float(defaults.get("reminder_minutes", 720))
        self.afk_after = 3600.0 * float(defaults.get("afk_hours", 48))

    # -- server settings -----------------------------------------------------------
    async def server_settings(self, guild_id: int) -> dict[str, Any]:
        values = dict(SERVER_DEFAULTS)
        values.update(self.defaults)
        values.update(await self.storage.guild_settings(guild_id))
        return values

    async def set_server_settings(self, guild_id: int, **changes: Any) -> dict[str, Any]:
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

    # -- a game's clock ------------------------------------------------------------
    async def clock_setup(self, guild_id: int, pace: str | None) -> dict[str, Any]:
        """The clock a new table will start with: its pace, or the server's."""
        settings = await self.server_settings(guild_id)
        pace = pace or settings["pace"]
        if pace not in PACE_NAMES:
            raise SessionError(T("pace must be one of {choices}", choices=tuple(PACE_NAMES)))
        return {"pace": pace, "on_timeout": settings["on_timeout"], "quiet": settings["quiet_hours"]}

    def start_clock(self, game: LiveGame, setup: dict[str, Any] | None) -> None:
        if not setup or setup.get("pace", "off") == "off":
            return
        clock = Clock.start(setup["pace"], len(game.seats), setup.get("on_timeout", "wait"),
                            parse_quiet(setup.get("quiet")))
        clock.update(game.to_act(), [], self.clock())
        game.set_clock(clock)

    @staticmethod
    def tick(meta: dict[str, Any], to_act: list[int], actors: list[int], now: float) -> None:
        """Run the clock in `meta` (if any) up to `now`: `actors` moved, `to_act` are up."""
        if meta.get("clock"):
            clock = Clock.load(meta["clock"])
            clock.update(to_act, actors, now)
            meta["clock"] = clock.dump()

    async def vote_timeout_policy(self, game: LiveGame, user_id: int, policy: str) -> tuple[str, int, int]:
        """A player's vote on what happens when a clock reaches zero; a majority of the people
        at the table changes it. Returns (policy in force, votes for `policy`, votes needed)."""
        if policy not in TIMEOUT_POLICIES:
            raise SessionError(T("choose one of {choices}", choices=tuple(TIMEOUT_POLICIES)))
        async with game.lock:
            require_active(game)
            require_seat(game, user_id)
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

    # -- idle tables -----------------------------------------------------------------
    def arm(self, meta: dict[str, Any], version: int, now: float) -> None:
        """Set `meta["due_at"]`, the next moment this game may need a reminder, a takeover offer or
        a clock timeout (None when nobody is to act). Storage indexes it: games not due cost nothing."""
        meta["due_at"] = self._next_due(meta, version, now)

    def _next_due(self, meta: dict[str, Any], version: int, now: float) -> float | None:
        if not meta.get("to_act"):
            return None
        moments = (self._idle_due(meta, version, now), waits.next_due(waits.waits_of(meta, ())))
        return min((m for m in moments if m is not None), default=None)

    def _idle_due(self, meta: dict[str, Any], version: int, now: float) -> float | None:
        if meta.get("clock"):
            due: float | None = Clock.load(meta["clock"]).next_due(now)
            return due
        moved = float(meta.get("moved_at", now))
        if meta.get("reminded") != version and self.remind_after < self.afk_after:
            return moved + self.remind_after
        if meta.get("offered") != version:
            return moved + self.afk_after
        return None

    @classmethod
    def _events(cls, game: LiveGame, now: float, remind_after: float, afk_after: float) -> list[Due]:
        told = waits.due_seats(waits.waits_of(game.meta, ()), now)  # notifications put off until now
        found = [Due(game.id, "notify", told)] if told else []
        return found + cls._idle_events(game, now, remind_after, afk_after)

    @staticmethod
    def _idle_events(game: LiveGame, now: float, remind_after: float, afk_after: float) -> list[Due]:
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

    async def due(self, now: float, remind_after: float | None = None,
                  afk_after: float | None = None) -> list[Due]:
        """What the reminders loop must do now. Storage lists only games whose `due_at` has come
        (an index), so the games that are not idle are never read."""
        remind_after = self.remind_after if remind_after is None else remind_after
        afk_after = self.afk_after if afk_after is None else afk_after
        found: list[Due] = []
        for row in await self.storage.due(now):
            try:
                game = await self.games.get(row.id)
            except SessionError:
                continue
            async with game.lock:
                events = self._events(game, now, remind_after, afk_after)
                if not events:  # not due after all (quiet hours, a clock that moved): look again later
                    meta = copy.deepcopy(game.meta)
                    self.arm(meta, game.version, now)
                    if meta.get("due_at") is not None and meta["due_at"] <= now:
                        meta["due_at"] = now + IDLE_FLOOR
                    await self.storage.update_game(game.id, meta=meta)
                    game.row.meta = meta
            found.extend(events)
        return found

    async def mark_due(self, game: LiveGame, due: Due, now: float) -> None:
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
            self.arm(meta, game.version, now)
            await self.storage.update_game(game.id, meta=meta)
            game.row.meta = meta
