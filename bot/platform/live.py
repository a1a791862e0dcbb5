"""A game this process hosts, and what one request changed in it.

`LiveGame.meta` is the platform's bookkeeping, stored with the game row in the same
transaction as each move: per-seat stamps (the version at which what each seat can pick last
changed), who is to act, the turn clock, takeover votes (and the version a vote was offered at,
`offered`), each handed-over seat's own player (`former`), who can always take it back, and
the seats a bot plays for a player who can no longer see the game's channel (`away`).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import games
from games.core import CoreState, Decision, GameError, GameRules, fill_names
from games.core.i18n import ENGLISH, Msg, render
from games.core.levels import NORMAL

from .clock import POLICY_WORDS, Clock
from .storage import GameRow
from .waits import Wait, waits_of
from .words import T


class SessionError(GameError):
    """A request the session cannot carry out (wrong channel state, not seated, ...)."""


LEVEL_WORDS = {"easy": T("easy"), "normal": T("normal"), "hard": T("hard")}


def level_words(level: str) -> Msg:
    """A bot level in words ("hard" / 「困難」)."""
    return LEVEL_WORDS.get(level) or Msg("bot", level)


def bot_label(level: str) -> Msg:
    """What a bot seat is, with its level: "Bot · hard" / 「機器人 · 困難」 (also a bot's name on
    the leaderboard)."""
    return T("Bot · {level}", level=level_words(level))


@dataclass
class Seat:
    seat: int
    user_id: int | None  # None: a bot player
    name: str
    level: str | None = None  # a bot seat's level as stored (None: normal, a seat from before levels)

    @property
    def is_bot(self) -> bool:
        return self.user_id is None

    @property
    def bot_level(self) -> str | None:
        """The level this seat's bot plays at ("easy", "normal", "hard"); None for a person."""
        return (self.level or NORMAL) if self.is_bot else None


@dataclass
class LiveGame:
    """A game this process hosts: its record, seats and (once started) current state."""

    row: GameRow
    seats: list[Seat]
    state: CoreState | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    last_used: float = field(default_factory=time.monotonic)
    # (state, its decisions): a move asks who decides what many times over (stamps, panels, DMs,
    # the turn message), and the bot replaces its states rather than changing one in place
    _decided: tuple[CoreState | None, list[Decision]] = field(default=(None, []), repr=False, compare=False)
    # what an interface keeps about this game while it is in memory (the embed it last put on
    # the turn message, the DMs it sent, a multi-page pick in progress): it goes with the game
    attached: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def rules(self) -> GameRules:
        return games.get(self.row.slug)

    @property
    def version(self) -> int:
        """The global move counter (every applied choice or undo adds one)."""
        return self.row.version

    @property
    def meta(self) -> dict:
        return self.row.meta

    @property
    def idle_since(self) -> float:
        return self.row.updated_at

    def seat_line(self, seat: int, locale: str = ENGLISH) -> str:
        """A seat as the lists of seats show it: "Bot 1 (Bot · hard)" for a bot, the name for a person."""
        found = self.seats[seat]
        level = found.bot_level
        if level is None:
            return found.name
        return render(T("{name} ({what})", name=found.name, what=bot_label(level)), locale)

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def pending(self) -> list[Decision]:
        """The current state's open decisions (worked out once per state; do not change the list)."""
        state = self.state
        if state is None:
            return []
        if self._decided[0] is not state:
            self._decided = (state, self.rules.pending(state))
        return self._decided[1]

    def view(self, seat: int | None) -> dict:
        """What `seat` sees of the current state (the public view for None), from the open
        decisions worked out once per state."""
        return self.rules.view(self.state, seat, pending=self.pending())

    def decision_for(self, seat: int) -> Decision | None:
        return next((d for d in self.pending() if d.seat == seat), None)

    def known_pending(self, state: CoreState, decisions: list[Decision]) -> None:
        """Remember `decisions` as `state`'s (already worked out by the caller)."""
        self._decided = (state, decisions)

    def to_act(self) -> list[int]:
        return sorted({d.seat for d in self.pending()})

    def human_ids(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None]

    def stamp(self, seat: int) -> int:
        """The version `seat`'s current decision was drawn at: a panel carrying an older stamp
        is stale. Other seats' moves leave it alone unless they change this seat's decision."""
        return int(self.meta.get("stamps", {}).get(str(seat), 0))

    @property
    def clock(self) -> Clock | None:
        data = self.meta.get("clock")
        return Clock.load(data) if data else None

    def set_clock(self, clock: Clock | None) -> None:
        if clock is None:
            self.meta.pop("clock", None)
        else:
            self.meta["clock"] = clock.dump()

    def clock_text(self, seat: int, now: float | None = None, locale: str = ENGLISH) -> str:
        """'2 d 4 h left' for a seat's bank, '' without a clock."""
        clock = self.clock
        if clock is None:
            return ""
        left = clock.text(seat, time.time() if now is None else now, locale)
        return render(T("{time} left", time=left), locale)

    def clock_summary(self, now: float | None = None, locale: str = ENGLISH) -> str:
        clock = self.clock
        if clock is None:
            return render(T("no turn clock"), locale)
        now = time.time() if now is None else now
        quiet = (render(T(", quiet {start}-{end} UTC", start=f"{clock.quiet[0]:02d}", end=f"{clock.quiet[1]:02d}"),
                        locale) if clock.quiet else "")
        banks = tuple(f"{s.name} {clock.text(s.seat, now, locale)}" for s in self.seats)
        return render(T("{pace}; at zero: {policy}{quiet}. Banks: {banks}", pace=clock.spec.label,
                        policy=POLICY_WORDS.get(clock.on_timeout, clock.on_timeout), quiet=quiet, banks=banks),
                      locale)


@dataclass(frozen=True)
class Pickable:
    """What a seat can pick in a decision, which is all an open panel's components stand for:
    the option ids in order (components pick by index), the pick bounds, the number range and
    the secret flag. The prompt, labels and details may change while this stays (e.g. "5 cubes
    left" after a partner took one): the panel's text is then out of date, its picks are not."""

    option_ids: tuple[str, ...]
    min_picks: int
    max_picks: int
    number: tuple[int, int] | None
    secret: bool

    @classmethod
    def of(cls, decision: Decision | None) -> "Pickable | None":
        if decision is None:
            return None
        return cls(tuple(o.id for o in decision.options), decision.min_picks, decision.max_picks,
                   None if decision.number is None else (decision.number[0], decision.number[1]), decision.secret)


def restamped(meta: dict, before: list[Decision], after: list[Decision], actor: int | None,
              version: int, seats: int) -> dict:
    """`meta` after a change made at `version`: a new stamp for the actor and for every seat
    whose own decision now offers other picks (other seats' panels stay valid, also when only
    their texts changed, so simultaneous deciders never refuse each other), and who is to act."""
    old = {d.seat: Pickable.of(d) for d in before}
    new = {d.seat: Pickable.of(d) for d in after}
    result = dict(meta)
    stamps = dict(meta.get("stamps", {}))
    for seat in range(seats):
        if seat == actor or old.get(seat) != new.get(seat):
            stamps[str(seat)] = version
    result["stamps"] = stamps
    result["to_act"] = sorted(new)
    return result


@dataclass
class Step:
    """What one request changed: public log lines per applied action, private lines per seat.
    Lines are texts (messages, their stored data form, or plain strings): the publisher renders
    them in the table's language, `texts` in any.

    `auto` lists seats whose single legal option the platform chose for them. `waits_before`:
    the game's waits when the request began (`bot.platform.waits.reconcile` measures who became
    needed against them); `actor`: the seat of the person who made the request, if any."""

    game: LiveGame
    lines: list = field(default_factory=list)
    private: dict[int, list] = field(default_factory=dict)
    finished: bool = False
    to_act_before: list[int] = field(default_factory=list)
    auto: list[int] = field(default_factory=list)
    actor: int | None = None
    waits_before: dict[int, Wait] = field(default_factory=dict, repr=False)
    # awaited once before a bot player thinks in this request (Playing.choose), then cleared
    before_thinking: Callable[[], Awaitable[None]] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.waits_before and self.game.row.status == "active":
            self.waits_before = waits_of(self.game.meta, [s.user_id for s in self.game.seats])

    def texts(self, locale: str = ENGLISH) -> list[str]:
        """The public lines as a reader of `locale` reads them."""
        return [fill_names(line, self.game.names(), locale) for line in self.lines]


def at_table(game: LiveGame, seats: set[int] | list[int], now: float, minutes: int) -> set[int]:
    """The seats among `seats` whose player made a move in this game within the last `minutes`
    (recorded per seat in the game's meta, "acted"): they are at the table, so being up again
    needs no notification."""
    acted = game.meta.get("acted", {})
    return {s for s in seats if minutes and now - acted.get(str(s), float("-inf")) < minutes * 60}


def playing_from_dms(game: LiveGame, seats: set[int]) -> set[int]:
    """The seats among `seats` whose player made their latest move from their DMs (recorded
    per seat in the game's meta, "acted_from_dm"). A player at the table who plays in the
    channel gets no DM panel (the turn message names them and **Take turn** opens theirs);
    one who plays from their DMs keeps getting it there."""
    from_dm = game.meta.get("acted_from_dm", {})
    return {s for s in seats if from_dm.get(str(s))}


def to_call(game: LiveGame, before: list[int], everyone: bool = False) -> list[int]:
    """The platform's ping rule (issue 21 item 5): the people to mention, and DM, after a change.
    A player is called when they become up after a stretch of not being up (`before`: the seats
    up before the change), and never again while they stay up: through their own run of
    decisions (the panel follows on from their click), or while other seats' simultaneous
    decisions resolve. `everyone`: nobody was told yet (the first turn, a failed announcement),
    so every person up is called. Bot seats are never called."""
    up = game.to_act()
    fresh = up if everyone else [s for s in up if s not in set(before)]
    return [s for s in fresh if not game.seats[s].is_bot]
