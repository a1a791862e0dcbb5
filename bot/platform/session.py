"""Game sessions: the lobby, then load, lock, apply, persist for each choice.

Nothing here knows Discord; the cogs turn Discord interactions into these calls and
turn the returned `Step`s into messages. Everything here drives games only through the
`games.core` contract, so it works for every registered game.

Games load on first use (a button, a command, the background sweep), so start-up costs
nothing however many games are stored. Each move is one transaction (action, snapshot,
version, status, platform metadata); after it the platform plays due bot seats and
single-option decisions, so a crash anywhere leaves a state that the next load finishes.
"""

from __future__ import annotations

import asyncio
import random
import time

import games
from games.core import CoreState, GameRules, IllegalChoice, StaleChoice
from games.core.i18n import Msg, languages

from . import channel_log
from .action_tail import ActionTails
from .live import LiveGame, Seat, SessionError, Step, restamped
from .recap import opens_part
from .session_play import PlayMixin
from .session_seats import SeatsMixin
from .storage import ChannelBusy, GameRow, SeatRow, Storage
from .words import T, say, stored

__all__ = ["LiveGame", "Seat", "SessionError", "Sessions", "Step"]

STALE = T("That panel is out of date: your decision has changed. Press **Take turn** for the current one.")
BUSY = T("This channel already has a game. Finish or /game abandon it, or use another channel or thread.")
KEEP_LOADED = 2_000  # games kept in memory once loaded; older unused ones are dropped


def _parse_options(rules: GameRules, text: str | None) -> dict[str, str]:
    """'key=value key=value' into a validated option dict (BadSetup explains mistakes)."""
    given: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep:
            valid = ", ".join(f"{o.key}={'|'.join(o.choices)}" for o in rules.options) or T("none")
            raise SessionError(T("options are written key=value; {title} has: {valid}", title=rules.title,
                                 valid=valid))
        given[key.strip()] = value.strip()
    return rules.resolve_options(given)


class Sessions(PlayMixin, SeatsMixin):
    """The games of this process (its shards), backed by `Storage`."""

    def __init__(self, storage: Storage, clock=time.time, defaults: dict | None = None) -> None:
        self.storage = storage
        self.clock = clock
        self.defaults = dict(defaults or {})  # server settings used where a server set none
        self.remind_after = 60.0 * self.defaults.get("reminder_minutes", 720)
        self.afk_after = 3600.0 * self.defaults.get("afk_hours", 48)
        self.live: dict[int, LiveGame] = {}
        self._by_channel: dict[int, int] = {}
        self._loading: dict[int, asyncio.Future] = {}
        self._channel_locks: dict[int, asyncio.Lock] = {}
        # game -> user -> seq of the user's newest own choice: where their recap starts, so a
        # recap reads only the log's tail (filled from storage once, then kept by `_apply`)
        self._last_choice: dict[int, dict[int, int]] = {}
        self.tails = ActionTails(storage)  # the loaded games' newest actions, kept as they are stored

    # -- loading ---------------------------------------------------------------
    async def restore(self) -> int:
        """Start-up loads nothing: games load on first use, and the reminders cog's sweep finishes
        games a crash interrupted. Kept so callers need not know; returns 0 games loaded."""
        return 0

    async def get(self, game_id: int) -> LiveGame:
        """The running game `game_id`, loaded (and brought up to date) on first use."""
        game = self.live.get(game_id)
        if game is not None:
            game.last_used = time.monotonic()
            return game
        waiting = self._loading.get(game_id)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            game = await self._load(game_id)
            future.set_result(game)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: waiters re-raise it themselves
            raise
        finally:
            self._loading.pop(game_id, None)
        return game

    async def _load(self, game_id: int) -> LiveGame:
        row = await self.storage.game(game_id)
        if row is None or row.status not in ("lobby", "active") or not self.storage.owns(row.guild_id):
            raise SessionError(T("That game has ended or no longer exists."))
        game = await self._materialise(row)
        self._remember(game)
        if row.status == "active":
            await self.settle(game)
        return game

    async def _materialise(self, row: GameRow) -> LiveGame:
        """A LiveGame for `row` with its seats and (for a started game) its state."""
        seats = [Seat(s.seat, s.user_id, s.name) for s in await self.storage.seats(row.id)]
        game = LiveGame(row, seats)
        if row.status != "lobby":
            snap = await self.storage.snapshot(row.id)
            if snap and snap[0] == row.version:
                game.state = game.rules.load(snap[1])
            else:  # no usable snapshot: rebuild from the action log
                game.state = self._rebuild(game, await self.kept_actions(game.id))
        return game

    def _remember(self, game: LiveGame) -> None:
        self.live[game.id] = game
        self.tails.start(game.id, game.row.version)
        self._by_channel[game.row.channel_id] = game.id
        if len(self.live) > KEEP_LOADED:
            self._forget_unused()

    def _forget_unused(self) -> None:
        """Drop the least recently used idle games from memory (they reload on use)."""
        idle = sorted((g for g in self.live.values() if not g.lock.locked()), key=lambda g: g.last_used)
        for game in idle[: len(self.live) - KEEP_LOADED // 2]:
            self._drop(game)

    def _drop(self, game: LiveGame) -> None:
        self.live.pop(game.id, None)
        self._last_choice.pop(game.id, None)
        self.tails.forget(game.id)
        if self._by_channel.get(game.row.channel_id) == game.id:
            self._by_channel.pop(game.row.channel_id, None)

    async def settle(self, game: LiveGame) -> Step:
        """Finish whatever the stored state implies: due bot seats and single-option decisions
        are played, a game whose outcome is reached is closed."""
        async with game.lock:
            step = Step(game, to_act_before=game.to_act())
            if game.row.status == "active" and game.rules.outcome(game.state) is not None:
                await self._close(game, "finished")
                step.finished = True
                return step
            await self._advance(game, step)
            return step

    # -- lookup ----------------------------------------------------------------
    async def in_channel(self, channel_id: int) -> LiveGame | None:
        game_id = self._by_channel.get(channel_id)
        if game_id is not None and game_id in self.live:
            return await self.get(game_id)
        row = await self.storage.running_in_channel(channel_id)
        if row is None:
            return None
        try:
            return await self.get(row.id)
        except SessionError:
            return None

    async def for_channel(self, channel_id: int) -> LiveGame:
        game = await self.in_channel(channel_id)
        if game is None:
            raise SessionError(T("There is no game in this channel. Start one with /game new."))
        return game

    async def last_in_channel(self, channel_id: int) -> LiveGame | None:
        """The channel's newest game of any status, so a finished game stays readable."""
        running = await self.in_channel(channel_id)
        if running is not None:
            return running
        row = await self.storage.last_in_channel(channel_id)
        return None if row is None else await self._materialise(row)

    async def ended(self, game_id: int) -> LiveGame | None:
        """A finished or abandoned game, read for its record (never kept live), or None."""
        row = await self.storage.game(game_id)
        if row is None or row.status in ("lobby", "active"):
            return None
        return await self._materialise(row)

    async def guild_games(self, guild_id: int) -> list[LiveGame]:
        found = []
        for row in await self.storage.running(guild_id):
            try:
                found.append(await self.get(row.id))
            except SessionError:
                continue
        return found

    # -- lobby -----------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, slug: str, creator_id: int, creator_name: str,
                     options_text: str | None = None, pace: str | None = None,
                     language: str | None = None) -> LiveGame:
        """A lobby in the channel; `language` (a supported code) is the table's language, kept in
        the game's metadata (None: the server's, see bot.language)."""
        lock = self._channel_locks.setdefault(channel_id, asyncio.Lock())
        async with lock:  # two /game new at once in one channel: the second finds the first
            if await self.in_channel(channel_id):
                raise SessionError(BUSY)
            try:
                rules = games.find(slug)
            except KeyError:
                raise SessionError(T("Unknown game {typed}. Known games: {known}.", typed=repr(slug[:60]),
                                     known=tuple(sorted(games.REGISTRY)))) from None
            options = _parse_options(rules, options_text)
            meta = {"clock_setup": await self._clock_setup(guild_id, pace)}
            if language is not None:
                if language not in languages():
                    raise SessionError(T("language must be one of {choices}", choices=languages()))
                meta["language"] = language
            seed = random.SystemRandom().randrange(1 << 62)
            try:
                row, seat = await self.storage.create_game(guild_id, channel_id, rules.slug, options, seed,
                                                           creator_id, creator_name, meta)
            except ChannelBusy:
                raise SessionError(BUSY) from None
            game = LiveGame(row, [Seat(seat.seat, seat.user_id, seat.name)])
            self._remember(game)
            return game

    def _require_lobby(self, game: LiveGame) -> None:
        if game.row.status != "lobby":
            raise SessionError(T("The game has already started.") if game.row.status == "active"
                               else T("This table is closed."))

    async def join(self, game: LiveGame, user_id: int, name: str) -> None:
        async with game.lock:
            self._require_lobby(game)
            if game.seat_of(user_id) is not None:
                raise SessionError(T("You are already seated in this game."))
            if len(game.seats) >= game.rules.max_players:
                raise SessionError(T("The table is full ({n} players).", n=game.rules.max_players))
            seat = Seat(len(game.seats), user_id, name)
            await self.storage.add_seat(game.id, SeatRow(seat.seat, user_id, name))
            game.seats.append(seat)

    async def leave(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            self._require_lobby(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise SessionError(T("You are not seated in this game."))
            await self._remove_lobby_seat(game, seat)

    async def _remove_lobby_seat(self, game: LiveGame, seat: int) -> None:
        """Free a lobby seat; the host passes to the next seated human, an empty table closes."""
        await self.storage.remove_seat(game.id, seat)
        leaving = game.seats.pop(seat)
        game.seats = [Seat(i, s.user_id, s.name) for i, s in enumerate(game.seats)]
        if not game.human_ids():
            await self._close(game, "abandoned")
        elif leaving.user_id == game.row.creator_id:
            game.row.creator_id = game.human_ids()[0]
            await self.storage.update_game(game.id, creator_id=game.row.creator_id)

    async def add_bot(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            self._require_lobby(game)
            self._require_creator(game, user_id, T("add bot players"))
            if len(game.seats) >= game.rules.max_players:
                raise SessionError(T("The table is full ({n} players).", n=game.rules.max_players))
            count = sum(s.is_bot for s in game.seats) + 1
            seat = Seat(len(game.seats), None, f"Bot {count}")
            await self.storage.add_seat(game.id, SeatRow(seat.seat, None, seat.name))
            game.seats.append(seat)

    async def remove_bot(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            self._require_lobby(game)
            self._require_creator(game, user_id, T("remove bot players"))
            bots = [s for s in game.seats if s.is_bot]
            if not bots:
                raise SessionError(T("There is no bot seat to remove."))
            await self._remove_lobby_seat(game, bots[-1].seat)

    @staticmethod
    def _require_creator(game: LiveGame, user_id: int, what: Msg) -> None:
        if user_id != game.row.creator_id:
            raise SessionError(T("Only the player who created the game (or took over as host when they "
                                 "left) can {what}.", what=what))

    async def start(self, game: LiveGame, user_id: int) -> Step:
        async with game.lock:
            self._require_lobby(game)
            self._require_creator(game, user_id, T("start it"))
            rules = game.rules
            count = len(game.seats)
            if not rules.min_players <= count <= rules.max_players:
                raise SessionError(T("{title} needs {low}-{high} players; {count} seated.", title=rules.title,
                                     low=rules.min_players, high=rules.max_players, count=count))
            state = rules.setup(count, game.row.seed, game.row.options)
            meta = dict(game.meta)
            setup = meta.pop("clock_setup", None)
            meta = restamped(meta, [], rules.pending(state), None, 0, count)
            meta["moved_at"] = self.clock()
            # the opening lines go out with the first turn message, also after a crash before it
            # (as messages: the channel reads them in the table's language)
            names = game.names()
            opening = [stored(T("{title} begins with {names}.", title=rules.title, names=tuple(names)), names),
                       *(stored(line.text, names) for line in rules.log_lines(state, None))]
            meta[channel_log.KEY] = channel_log.fresh(opening)
            game.row.meta = meta
            game.state = state
            self._start_clock(game, setup)
            self._arm(game.meta, 0, self.clock())
            await self.storage.start_game(game.id, rules.dump(state), game.meta)
            game.row.status = "active"
            step = Step(game)  # its opening lines are in the channel log's cursor
            await self._advance(game, step)
            return step

    async def abandon(self, game: LiveGame, user_id: int, can_manage: bool) -> None:
        async with game.lock:
            if user_id != game.row.creator_id and not can_manage:
                raise SessionError(T("Only the game's host or a member with Manage Server can abandon it."))
            await self._close(game, "abandoned")

    async def channel_gone(self, game: LiveGame) -> None:
        """The game's channel was deleted: close the game so it never waits on nobody."""
        async with game.lock:
            if game.row.status in ("lobby", "active"):
                await self._close(game, "abandoned")

    async def _close(self, game: LiveGame, status: str) -> None:
        game.row.status = status
        await self.storage.update_game(game.id, status=status, announce=False)
        self._drop(game)

    async def set_turn_message(self, game: LiveGame, message_id: int | None) -> None:
        game.row.turn_message_id = message_id
        await self.storage.update_game(game.id, turn_message_id=message_id)

    async def set_channel_log(self, game: LiveGame, cursor: dict) -> None:
        """Store how far the channel's log got (`bot.channel_log`), under the game's lock so a
        move being stored meanwhile neither loses it nor is overwritten by it."""
        async with game.lock:
            game.row.meta = {**game.meta, channel_log.KEY: cursor}
            await self.storage.update_game(game.id, meta=game.meta)

    async def mark_announce(self, game: LiveGame, pending: bool, version: int | None = None) -> None:
        """Remember whether the public turn message still has to be posted. Clearing names the
        version that was posted, so a newer move's announcement is never cleared by mistake."""
        if not pending and version is not None and version != game.version:
            return
        game.row.announce = pending
        await self.storage.update_game(game.id, announce=pending)

    # -- checks ----------------------------------------------------------------
    def _require_active(self, game: LiveGame) -> None:
        if game.row.status != "active" or game.state is None:
            raise SessionError(T("The game has not started yet.") if game.row.status == "lobby"
                               else T("The game is over."))

    def _seat(self, game: LiveGame, user_id: int) -> int:
        seat = game.seat_of(user_id)
        if seat is None:
            raise SessionError(T("You are not playing in this game."))
        return seat

    def check_stamp(self, game: LiveGame, user_id: int, stamp: int | None) -> int:
        """The user's seat, or StaleChoice when their panel was drawn for an older decision."""
        self._require_active(game)
        seat = self._seat(game, user_id)
        if stamp is not None and stamp != game.stamp(seat):
            raise StaleChoice(STALE)
        if game.decision_for(seat) is None:
            raise IllegalChoice(T("It is not your turn. Waiting for {names}.", names=self.waiting_on(game)))
        return seat

    def waiting_on(self, game: LiveGame) -> Msg:
        """Who the game waits for, as a text: their names, or "nobody"."""
        names = tuple(game.seats[s].name for s in game.to_act())
        return T("{names}", names=names) if names else T("nobody")

    # -- reading ---------------------------------------------------------------
    async def last_choice_seq(self, game: LiveGame, user_id: int) -> int:
        """The seq of the user's newest own choice in the game (0: none yet)."""
        known = self._last_choice.get(game.id, {})
        if user_id not in known:
            seq = await self.storage.last_choice_seq(game.id, user_id)
            if game.id in self.live:  # kept only for games in memory (dropped with them)
                self._last_choice.setdefault(game.id, {}).setdefault(user_id, seq)
            return seq
        return known[user_id]

    def _chose(self, game: LiveGame, user_id: int | None, seq: int) -> None:
        """Note a stored choice of `user_id`, where their next recap will start (a recap that read
        the storage meanwhile keeps this newer seq: it only fills in what is missing)."""
        if user_id is not None and game.id in self.live:
            self._last_choice.setdefault(game.id, {})[user_id] = seq

    async def _lines(self, game: LiveGame, user_id: int | None, since_own: bool, locale: str,
                     openings: list[bool] | None = None) -> list[str]:
        """The log as `user_id` may read it in `locale`: all of it, or (`since_own`) from their
        newest own choice on, read from storage as just that tail (its length does not grow with
        the game). Lines are stored as messages (or, before issue 23, English strings). Given
        `openings`, it is filled with whether each line opens a part of the game (`recap`)."""
        seat = game.seat_of(user_id) if user_id is not None else None
        start = await self.last_choice_seq(game, user_id) if since_own and user_id is not None else 0
        lines: list[str] = []
        names = game.names()
        for action in await self.tails.actions(game.row.id, since=max(start - 1, 0)):
            lines.extend(say(text, locale, names) for text in action.lines)
            if openings is not None:
                openings.extend(map(opens_part, action.lines))
            if seat is not None:
                private = action.private_lines.get(seat, [])
                lines.extend(say(T("(only you) {line}", line=text), locale, names) for text in private)
                if openings is not None:
                    openings.extend(False for _ in private)
        return lines

    async def recap(self, game: LiveGame, user_id: int, locale: str = "en") -> list[str]:
        """Every line since the user's own last choice, their private lines included."""
        return await self._lines(game, user_id, since_own=True, locale=locale)

    async def marked_recap(self, game: LiveGame, user_id: int, locale: str = "en") -> tuple[list[str], list[bool]]:
        """The recap and, for each line, whether it opens a part of the game (in any language)."""
        openings: list[bool] = []
        lines = await self._lines(game, user_id, since_own=True, locale=locale, openings=openings)
        return lines, openings

    async def full_log(self, game: LiveGame, user_id: int | None, locale: str = "en") -> list[str]:
        """The whole game's log as `user_id` may read it."""
        return await self._lines(game, user_id, since_own=False, locale=locale)

    def _rebuild(self, game: LiveGame, actions) -> CoreState:
        """The state reached from the seed by `actions`."""
        rules = game.rules
        state = rules.setup(len(game.seats), game.row.seed, game.row.options)
        for action in actions:
            state = rules.apply(state, action.seat, action.choice)
        return state
