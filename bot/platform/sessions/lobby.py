"""The lobby: a table opened in a channel, its seats before the start, the start itself, and
the ways a table closes (abandoned, its channel deleted, a lobby left waiting too long)."""

from __future__ import annotations

import asyncio
import random
import weakref
from typing import Any, Callable

import games
from games.core import GameRules
from games.core.i18n import Msg, languages
from games.core.levels import NORMAL

from .. import channel_log, waits
from ..live import LiveGame, Seat, SessionError, Step, level_words, restamped
from ..storage import ChannelBusy, SeatRow
from ..words import T, stored
from .clocks import Clocks
from .games import LiveGames
from .play import Playing, table_level

BUSY = T("This channel already has a game. Finish or /game abandon it, or use another channel or thread.")


def parse_options(rules: GameRules, text: str | None) -> dict[str, str]:
    """'key=value key=value' into a validated option dict (BadSetup explains mistakes)."""
    given: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep:
            valid = ", ".join(f"{o.key}={'|'.join(o.choices)}" for o in rules.options) or T("none")
            raise SessionError(T("options are written key=value; {title} has: {valid}", title=rules.title_text,
                                 valid=valid))
        given[key.strip()] = value.strip()
    resolved = rules.resolve_options(given)
    if resolved.get("bots", NORMAL) not in rules.bot_levels():
        raise SessionError(levels_offered(rules))
    return resolved


def require_level(game: LiveGame, level: str | None) -> str:
    """`level` if the game offers it (None: the table's stand-in level), else a clear refusal."""
    if level is None:
        return table_level(game)
    if level not in game.rules.bot_levels():
        raise SessionError(levels_offered(game.rules))
    return level


def levels_offered(rules: GameRules) -> Msg:
    """The refusal of a bot level `rules` does not offer, naming those it does."""
    words = tuple(level_words(name) for name in rules.bot_levels())  # (Babel skips a call holding a generator)
    return T("{title} offers these bot levels: {levels}.", title=rules.title_text, levels=words)


def require_lobby(game: LiveGame) -> None:
    if game.row.status != "lobby":
        raise SessionError(T("The game has already started.") if game.row.status == "active"
                           else T("This table is closed."))


def require_creator(game: LiveGame, user_id: int, what: Msg) -> None:
    if user_id != game.row.creator_id:
        raise SessionError(T("Only the player who created the game (or took over as host when they "
                             "left) can {what}.", what=what))


class Lobby:
    """Tables before their start, the start, and closing a table."""

    def __init__(self, games: LiveGames, play: Playing, clocks: Clocks, clock: Callable[[], float]) -> None:
        self.games = games
        self.storage = games.storage
        self.play = play
        self.clocks = clocks
        self.clock = clock
        # one /game new at a time per channel; a lock lives only while someone holds or awaits it
        self.channel_locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    async def create(self, guild_id: int, channel_id: int, slug: str, creator_id: int, creator_name: str,
                     options_text: str | None = None, pace: str | None = None,
                     language: str | None = None) -> LiveGame:
        """A lobby in the channel; `language` (a supported code) is the table's language, kept in
        the game's metadata (None: the server's, see bot.platform.language)."""
        lock = self.channel_locks.get(channel_id)
        if lock is None:
            lock = self.channel_locks[channel_id] = asyncio.Lock()
        async with lock:  # two /game new at once in one channel: the second finds the first
            if await self.games.in_channel(channel_id):
                raise SessionError(BUSY)
            try:
                rules = games.find(slug)
            except KeyError:
                raise SessionError(T("Unknown game {typed}. Known games: {known}.", typed=repr(slug[:60]),
                                     known=tuple(sorted(games.REGISTRY)))) from None
            options = parse_options(rules, options_text)
            meta: dict[str, Any] = {"clock_setup": await self.clocks.clock_setup(guild_id, pace)}
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
            self.games.remember(game)
            return game

    async def join(self, game: LiveGame, user_id: int, name: str) -> None:
        async with game.lock:
            require_lobby(game)
            if game.seat_of(user_id) is not None:
                raise SessionError(T("You are already seated in this game."))
            if len(game.seats) >= game.rules.max_players:
                raise SessionError(T("The table is full ({n} players).", n=game.rules.max_players))
            seat = Seat(len(game.seats), user_id, name)
            await self.storage.add_seat(game.id, SeatRow(seat.seat, user_id, name))
            game.seats.append(seat)

    async def leave(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            require_lobby(game)
            seat = game.seat_of(user_id)
            if seat is None:
                raise SessionError(T("You are not seated in this game."))
            await self.remove_seat(game, seat)

    async def remove_seat(self, game: LiveGame, seat: int) -> None:
        """Free a lobby seat; the host passes to the next seated human, an empty table closes
        (call with the game's lock held)."""
        await self.storage.remove_seat(game.id, seat)
        leaving = game.seats.pop(seat)
        game.seats = [Seat(i, s.user_id, s.name, s.level) for i, s in enumerate(game.seats)]
        if not game.human_ids():
            await self.games.close(game, "abandoned")
        elif leaving.user_id == game.row.creator_id:
            game.row.creator_id = game.human_ids()[0]
            await self.storage.update_game(game.id, creator_id=game.row.creator_id)

    async def add_bot(self, game: LiveGame, user_id: int, level: str | None = None) -> None:
        """Seat a bot player at `level` (one the game offers; None: the table's `bots` level)."""
        async with game.lock:
            require_lobby(game)
            require_creator(game, user_id, T("add bot players"))
            if len(game.seats) >= game.rules.max_players:
                raise SessionError(T("The table is full ({n} players).", n=game.rules.max_players))
            level = require_level(game, level)
            count = sum(s.is_bot for s in game.seats) + 1
            seat = Seat(len(game.seats), None, f"Bot {count}", level)
            await self.storage.add_seat(game.id, SeatRow(seat.seat, None, seat.name, level))
            game.seats.append(seat)

    async def remove_bot(self, game: LiveGame, user_id: int) -> None:
        async with game.lock:
            require_lobby(game)
            require_creator(game, user_id, T("remove bot players"))
            bots = [s for s in game.seats if s.is_bot]
            if not bots:
                raise SessionError(T("There is no bot seat to remove."))
            await self.remove_seat(game, bots[-1].seat)

    async def start(self, game: LiveGame, user_id: int) -> Step:
        async with game.lock:
            require_lobby(game)
            require_creator(game, user_id, T("start it"))
            rules = game.rules
            count = len(game.seats)
            if not rules.min_players <= count <= rules.max_players:
                raise SessionError(T("{title} needs {low}-{high} players; {count} seated.", title=rules.title_text,
                                     low=rules.min_players, high=rules.max_players, count=count))
            state = rules.setup(count, game.row.seed, game.row.options)
            meta = dict(game.meta)
            setup = meta.pop("clock_setup", None)
            meta = restamped(meta, [], rules.pending(state), None, 0, count)
            meta["moved_at"] = self.clock()
            meta[waits.KEY] = waits.dump_waits(waits.reconcile({}, [s.user_id for s in game.seats], meta["to_act"],
                                                               meta["moved_at"]))
            # the opening lines go out with the first turn message, also after a crash before it
            # (as messages: the channel reads them in the table's language)
            names = game.names()
            opening = [stored(T("{title} begins with {names}.", title=rules.title_text, names=tuple(names)), names),
                       *(stored(line.text, names) for line in rules.log_lines(state, None))]
            meta[channel_log.KEY] = channel_log.fresh(opening)
            game.row.meta = meta
            game.state = state
            self.clocks.start_clock(game, setup)
            self.clocks.arm(game.meta, 0, self.clock())
            await self.storage.start_game(game.id, rules.dump(state), game.meta)
            game.row.status, game.row.announce = "active", True
            step = Step(game)  # its opening lines are in the channel log's cursor
            await self.play.advance(game, step)
            return step

    async def abandon(self, game: LiveGame, user_id: int, can_manage: bool) -> None:
        async with game.lock:
            if user_id != game.row.creator_id and not can_manage:
                raise SessionError(T("Only the game's host or a member with Manage Server can abandon it."))
            await self.games.close(game, "abandoned")

    async def channel_gone(self, game: LiveGame) -> None:
        """The game's channel was deleted: close the game so it never waits on nobody."""
        async with game.lock:
            if game.row.status in ("lobby", "active"):
                await self.games.close(game, "abandoned")

    async def expire_lobbies(self, now: float) -> list[LiveGame]:
        """Close lobbies idle longer than their server allows; returns them for the publisher."""
        closed = []
        for row in await self.storage.idle("lobby", now - 3600):
            hours = (await self.clocks.server_settings(row.guild_id))["lobby_expiry_hours"]
            if now - row.updated_at < hours * 3600:
                continue
            try:
                game = await self.games.get(row.id)
            except SessionError:
                continue
            async with game.lock:
                if game.row.status == "lobby":
                    await self.games.close(game, "abandoned")
                    closed.append(game)
        return closed
