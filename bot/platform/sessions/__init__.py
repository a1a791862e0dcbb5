"""Game sessions: the live games of this process, and the services that change them.

Nothing here knows Discord; the shell turns Discord interactions into these calls and turns
the returned `Step`s into messages. Everything here drives games only through the
`games.core` contract, so it works for every registered game.

`Sessions` composes small services over one shared cache of live games (`LiveGames`, which
loads a game on first use and keeps what is kept per game): `Lobby` (tables before the start,
the start, closing), `Playing` (choices, the platform's own moves after them, undo), `Seats`
(seats handed over, members who leave, bots for idle seats, a clock at zero), `Clocks` (server
settings, turn clocks, what the reminders loop must do), `Notifications` (who is told of which
wait, by which route, and when) and `Recaps` (the log as one player may read it). They call each other's public methods; `Sessions` offers them all in one place.
Each move is one transaction (action, snapshot, version, status, platform metadata); after it
the platform plays due bot seats and single-option decisions, so a crash anywhere leaves a
state that the next load finishes.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from ..guide import Guide
from ..live import LiveGame, Seat, SessionError, Step
from ..storage import Storage
from . import checks
from .clocks import SERVER_DEFAULTS, Clocks, Due
from .games import KEEP_LOADED, LiveGames, rebuild
from .lobby import Lobby
from .notifications import Notifications, Summary, Waiting
from .play import Playing
from .recaps import Recaps
from .seats import Seats, require_offered

__all__ = ["Due", "KEEP_LOADED", "LiveGame", "Notifications", "SERVER_DEFAULTS", "Seat", "SessionError",
           "Sessions", "Step", "Summary", "Waiting"]


class Sessions:
    """The games of this process (its shards), backed by `Storage`: the services, and each of
    their public methods under one name."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time,
                 defaults: dict[str, Any] | None = None) -> None:
        self.storage = storage
        self.clock = clock  # the time; the services read it through `now`, so a test may set another
        self.defaults = dict(defaults or {})

        def now() -> float:
            return self.clock()

        self.games = LiveGames(storage)
        self.clocks = Clocks(self.games, now, self.defaults)
        self.play = Playing(self.games, self.clocks, now)
        self.lobby = Lobby(self.games, self.play, self.clocks, now)
        self.seats = Seats(self.games, self.play, self.lobby)
        self.recaps = Recaps(self.games)
        self.guide = Guide(self.games)  # guided first games: round summaries, the coach on and off

        self.notifications = Notifications(self.games, self.clocks, now)
        self.games.settle = self.play.settle
        self.live = self.games.live
        self.tails = self.games.tails
        # loading, lookup and the game row's bookkeeping
        self.get = self.games.get
        self.in_channel = self.games.in_channel
        self.for_channel = self.games.for_channel
        self.last_in_channel = self.games.last_in_channel
        self.ended = self.games.ended
        self.guild_games = self.games.guild_games
        self.set_turn_message = self.games.set_turn_message
        self.set_channel_log = self.games.set_channel_log
        self.mark_announce = self.games.mark_announce
        self.kept_actions = self.games.kept_actions
        self.last_choice_seq = self.games.last_choice_seq
        # the lobby
        self.create = self.lobby.create
        self.join = self.lobby.join
        self.leave = self.lobby.leave
        self.add_bot = self.lobby.add_bot
        self.remove_bot = self.lobby.remove_bot
        self.start = self.lobby.start
        self.abandon = self.lobby.abandon
        self.channel_gone = self.lobby.channel_gone
        self.expire_lobbies = self.lobby.expire_lobbies
        # playing
        self.choose = self.play.choose
        self.settle = self.play.settle
        self.undo = self.play.undo
        # seats
        self.hand_over = self.seats.hand_over
        self.member_left = self.seats.member_left
        self.lost_access = self.seats.lost_access
        self.regained_access = self.seats.regained_access
        self.vote_takeover = self.seats.vote_takeover
        self.takeover = self.seats.takeover
        self.time_out = self.seats.time_out
        # clocks and server settings
        self.server_settings = self.clocks.server_settings
        self.set_server_settings = self.clocks.set_server_settings
        self.vote_timeout_policy = self.clocks.vote_timeout_policy
        self.due = self.clocks.due
        self.mark_due = self.clocks.mark_due
        # reading the log
        self.recap = self.recaps.recap
        self.marked_recap = self.recaps.marked_recap
        self.full_log = self.recaps.full_log

    @property
    def remind_after(self) -> float:
        return self.clocks.remind_after

    @property
    def afk_after(self) -> float:
        return self.clocks.afk_after

    async def restore(self) -> int:
        """Start-up loads nothing: games load on first use, and the reminders cog's sweep finishes
        games a crash interrupted. Kept so callers need not know; returns 0 games loaded."""
        return 0

    check_stamp = staticmethod(checks.check_stamp)
    waiting_on = staticmethod(checks.waiting_on)
    require_offered = staticmethod(require_offered)
    rebuild = staticmethod(rebuild)
