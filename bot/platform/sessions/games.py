"""The live games of this process: one shared cache that every session service works on.

Games load on first use (a button, a command, the background sweep), so start-up costs
nothing however many games are stored. A game leaves memory when it ends or when it has
been unused longest among more than KEEP_LOADED; whoever keeps something per game (the
publisher's caches) hears of it through `on_forget`, and what the interface keeps on the
game itself (`LiveGame.attached`) goes with it.
"""

from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable

from games.core import CoreState

from .. import channel_log
from ..action_tail import ActionTails
from ..live import LiveGame, Seat, SessionError, Step
from ..storage import ActionRow, GameRow, Storage
from ..words import T

KEEP_LOADED = 2_000  # games kept in memory once loaded; older unused ones are dropped


def rebuild(game: LiveGame, actions: list[ActionRow]) -> CoreState:
    """The state reached from the game's seed by `actions`."""
    rules = game.rules
    state: CoreState = rules.setup(len(game.seats), game.row.seed, game.row.options)
    for action in actions:
        state = rules.apply(state, action.seat, action.choice)  # type: ignore[arg-type]  # a move has a seat
    return state


class LiveGames:
    """The games of this process (its shards) in memory, backed by `Storage`: loading, lookup,
    the game row's bookkeeping, and what is kept per loaded game (the log's tail, where each
    player's recap starts)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.live: dict[int, LiveGame] = {}
        self._by_channel: dict[int, int] = {}
        self._loading: dict[int, asyncio.Future[LiveGame]] = {}
        # game -> user -> seq of the user's newest own choice: where their recap starts, so a
        # recap reads only the log's tail (filled from storage once, then kept by `chose`)
        self.last_choice: dict[int, dict[int, int]] = {}
        self.tails = ActionTails(storage)  # the loaded games' newest actions, kept as they are stored
        # plays what a loaded running game's stored state implies (bot seats, single options):
        # set by the playing service (`Playing.settle`)
        self.settle: Callable[[LiveGame], Awaitable[Step]] | None = None
        self._forget_listeners: list[Callable[[int], None]] = []

    # -- loading ---------------------------------------------------------------
    async def get(self, game_id: int) -> LiveGame:
        """The running game `game_id`, loaded (and brought up to date) on first use."""
        game = self.live.get(game_id)
        if game is not None:
            game.last_used = time.monotonic()
            return game
        waiting = self._loading.get(game_id)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[LiveGame] = asyncio.get_running_loop().create_future()
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
        game = await self.materialise(row)
        self.remember(game)
        if row.status == "active" and self.settle is not None:
            await self.settle(game)
        return game

    async def materialise(self, row: GameRow) -> LiveGame:
        """A LiveGame for `row` with its seats and (for a started game) its state."""
        seats = [Seat(s.seat, s.user_id, s.name, s.level) for s in await self.storage.seats(row.id)]
        game = LiveGame(row, seats)
        if row.status != "lobby":
            snap = await self.storage.snapshot(row.id)
            if snap and snap[0] == row.version:
                game.state = game.rules.load(snap[1])
            else:  # no usable snapshot: rebuild from the action log
                game.state = rebuild(game, await self.kept_actions(game.id) or [])
        return game

    def remember(self, game: LiveGame) -> None:
        self.live[game.id] = game
        self.tails.start(game.id, game.row.version)
        self._by_channel[game.row.channel_id] = game.id
        if len(self.live) > KEEP_LOADED:
            self._forget_unused()

    def _forget_unused(self) -> None:
        """Drop the least recently used idle games from memory (they reload on use)."""
        idle = sorted((g for g in self.live.values() if not g.lock.locked()), key=lambda g: g.last_used)
        for game in idle[: len(self.live) - KEEP_LOADED // 2]:
            self.drop(game)

    def drop(self, game: LiveGame) -> None:
        """`game` leaves memory (it ended, another writer moved it, or it was unused longest):
        everything kept for it goes, here and with those listening (`on_forget`)."""
        self.live.pop(game.id, None)
        self.last_choice.pop(game.id, None)
        self.tails.forget(game.id)
        if self._by_channel.get(game.row.channel_id) == game.id:
            self._by_channel.pop(game.row.channel_id, None)
        for listener in self._forget_listeners:
            listener(game.id)

    def on_forget(self, listener: Callable[[int], None]) -> None:
        """Call `listener(game id)` whenever a game leaves memory."""
        self._forget_listeners.append(listener)

    async def close(self, game: LiveGame, status: str) -> None:
        """End the game (`status`: finished or abandoned) and let it leave memory."""
        game.row.status, game.row.announce = status, False
        await self.storage.update_game(game.id, status=status, announce=False)
        self.drop(game)

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
        return None if row is None else await self.materialise(row)

    async def ended(self, game_id: int) -> LiveGame | None:
        """A finished or abandoned game, read for its record (never kept live), or None."""
        row = await self.storage.game(game_id)
        if row is None or row.status in ("lobby", "active"):
            return None
        return await self.materialise(row)

    async def guild_games(self, guild_id: int) -> list[LiveGame]:
        found = []
        for row in await self.storage.running(guild_id):
            try:
                found.append(await self.get(row.id))
            except SessionError:
                continue
        return found

    # -- the game row's bookkeeping ------------------------------------------------
    async def set_turn_message(self, game: LiveGame, message_id: int | None, log_cursor: dict | None = None) -> None:
        """Store the game's turn message; with `log_cursor`, how far the channel's log got
        (`set_channel_log`) in the same write."""
        if log_cursor is None:
            game.row.turn_message_id = message_id
            await self.storage.update_game(game.id, turn_message_id=message_id)
            return
        async with game.lock:
            game.row.turn_message_id = message_id
            game.row.meta = {**game.meta, channel_log.KEY: log_cursor}
            await self.storage.update_game(game.id, turn_message_id=message_id, meta=game.meta)

    async def set_channel_log(self, game: LiveGame, cursor: dict) -> None:
        """Store how far the channel's log got (`bot.platform.channel_log`), under the game's
        lock so a move being stored meanwhile neither loses it nor is overwritten by it."""
        async with game.lock:
            game.row.meta = {**game.meta, channel_log.KEY: cursor}
            await self.storage.update_game(game.id, meta=game.meta)

    async def mark_announce(self, game: LiveGame, pending: bool, version: int | None = None) -> None:
        """Remember whether the public turn message still has to be posted. Clearing names the
        version that was posted, so a newer move's announcement is never cleared by mistake."""
        if not pending and version is not None and version != game.version:
            return
        if game.row.announce == pending:  # stored already (`Notifications.settle` clears it with the waits)
            return
        game.row.announce = pending
        await self.storage.update_game(game.id, announce=pending)

    # -- the log ------------------------------------------------------------------
    async def kept_actions(self, game_id: int, since: int = 0) -> list[ActionRow] | None:
        """The choices still in force: the append-only log folded with its undos. With `since`,
        only the log's tail after that seq is read; None if an undo there reaches further back."""
        kept: list[ActionRow] = []
        for action in await self.tails.actions(game_id, since):
            if action.kind in ("choice", "auto"):
                kept.append(action)
            elif action.kind == "undo":
                count = action.choice.get("count", 1) if isinstance(action.choice, dict) else 1
                if count > len(kept) and since:
                    return None
                del kept[len(kept) - count:]
        return kept

    def chose(self, game: LiveGame, user_id: int | None, seq: int) -> None:
        """Note a stored choice of `user_id`, where their next recap will start (a recap that read
        the storage meanwhile keeps this newer seq: it only fills in what is missing)."""
        if user_id is not None and game.id in self.live:
            self.last_choice.setdefault(game.id, {})[user_id] = seq

    def trim_tail(self, game: LiveGame) -> None:
        """Keep of the game's log tail only what its readers still reach back to: each person's
        newest own choice (their next recap starts there) and the channel's current turn message
        (its lines since `start`); nothing is dropped while a person's is not known yet. So what
        a loaded game keeps of its log is about a round, early in the game as late."""
        known = self.last_choice.get(game.id, {})
        reach = channel_log.Cursor.load(game.meta, game.version).start.seq
        for user_id in game.human_ids():
            if user_id not in known:
                return
            reach = min(reach, known[user_id])
        self.tails.trim(game.id, reach)

    async def last_choice_seq(self, game: LiveGame, user_id: int) -> int:
        """The seq of the user's newest own choice in the game (0: none yet)."""
        known = self.last_choice.get(game.id, {})
        if user_id not in known:
            seq = await self.storage.last_choice_seq(game.id, user_id)
            if game.id in self.live:  # kept only for games in memory (dropped with them)
                self.last_choice.setdefault(game.id, {}).setdefault(user_id, seq)
            return seq
        return known[user_id]

    def sizes(self) -> dict[str, int]:
        """How many entries each per-game record holds (a soak test checks they come back)."""
        return {"live": len(self.live), "by_channel": len(self._by_channel), "loading": len(self._loading),
                "last_choice": len(self.last_choice), "tails": self.tails.size()}
