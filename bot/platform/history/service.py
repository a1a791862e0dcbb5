"""The history of a server's games: results, ratings, stats, the history list and replays.

When results are recorded: when the game-over message is posted (`game_over`), and, for any
ended game that has none yet (a crash between the end and that message, games that ended
before this feature), by `catch_up` before every leaderboard, stats or history answer. Both
store at most one result per game, so nothing is lost or counted twice. Ratings are then
computed from the stored results on demand (see ratings.py).

Who sees what: every answer is for a `Viewer` (bot.platform.access) and draws only on the games
that viewer may see (they can view the game's channel now, or played in it): the history
list, a replay, a member's stats and the leaderboard's ratings alike.

Replaying a game costs CPU (a Voidfall game replays in about a second), so it runs in a
thread and finished replays are kept for the next clicks (REPLAYS_KEPT games).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Hashable

import games
from games.core import GameError

from ..access import Viewer, visible_games
from ..storage import GameRow, Storage
from ..storage.history import GameResult, HistoryEntry, HistoryStore
from ..words import T
from . import ratings, record, stats
from .replay import Replay, ReplayError

log = logging.getLogger(__name__)

PAGE_SIZE = 10
CATCH_UP_BATCH = 20  # ended games examined per request; the rest on the next ones
REPLAYS_KEPT = 4
RATINGS_KEPT = 64  # rating tables kept (one per server, title and set of games hidden from the asker)


class History:
    """History queries and bookkeeping over one open `Storage`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.store = HistoryStore(storage)
        self._replays: OrderedDict[int, Replay] = OrderedDict()
        self._building: dict[int, asyncio.Task] = {}
        self.background: set[asyncio.Task] = set()  # game-over charts being added (announce.py)
        # (guild, title, games left out for the asker) -> ((rated seats, last game), ratings):
        # recomputed when a result is added; the least recently asked go first
        self._ratings: OrderedDict[tuple[int, str, tuple[int, ...]],
                                   tuple[tuple[int, int], dict[Hashable, ratings.Rating]]] = OrderedDict()

    # -- recording -------------------------------------------------------------
    async def record(self, row: GameRow) -> GameResult | None:
        """The stored result of the ended game `row`, worked out and stored first if needed."""
        if row.status not in ("finished", "abandoned"):
            return None
        stored = await self.store.result(row.id)
        if stored is not None:
            return stored
        try:
            rules = games.get(row.slug)
        except KeyError:
            log.warning("game %s: unknown title %r, recorded without a result", row.id, row.slug)
            rules = None
        seats = await self.storage.seats(row.id)
        actions = await self.storage.actions(row.id) if row.status == "finished" else []
        if rules is None:
            result = GameResult(row.id, row.guild_id, row.slug, "abandoned", "versus", "standard", False,
                                row.updated_at, {"title": row.slug, "names": [s.name for s in seats]})
        else:
            result = await asyncio.to_thread(record.build, rules, row, seats, actions)
        await self.store.save(result)
        return await self.store.result(row.id)

    async def catch_up(self, guild_id: int) -> None:
        """Record the guild's ended games that have no result yet (a batch per call)."""
        for game_id in await self.store.unexamined(guild_id, CATCH_UP_BATCH):
            row = await self.storage.game(game_id)
            if row is None:
                continue
            try:
                await self.record(row)
            except GameError:  # its log no longer replays under today's rules: set it aside for good
                log.exception("the log of game %s does not replay; it is left out of the history", game_id)
                await self.store.save(GameResult(row.id, row.guild_id, row.slug, "unreadable", "versus",
                                                 "standard", False, row.updated_at, {"title": row.slug}))
            except Exception:  # noqa: BLE001 - one broken game must not hide every other one; retried later
                log.exception("could not record the result of game %s", game_id)

    # -- who sees what -----------------------------------------------------------
    async def visible(self, viewer: Viewer, found: list[tuple[int, int]]) -> set[int]:
        """The ids among `found` ((game id, channel id) pairs) the viewer may see."""
        channels = await viewer.sees(frozenset(channel for _, channel in found))
        if all(channel in channels for _, channel in found):
            return {game_id for game_id, _ in found}
        return visible_games(found, channels, await self.store.played(viewer.user_id))

    async def may_see(self, viewer: Viewer, row: GameRow) -> bool:
        """Whether the viewer may see the game `row` (its replay and result)."""
        if row.guild_id != viewer.guild_id:
            return False
        if row.channel_id in await viewer.sees(frozenset({row.channel_id})):
            return True
        return await self.store.played_in(row.id, viewer.user_id)

    # -- reading ---------------------------------------------------------------
    async def leaderboard(self, viewer: Viewer, slug: str) -> list[ratings.Rating]:
        """The server's ratings in `slug`, from the rated games the viewer may see."""
        guild_id = viewer.guild_id
        await self.catch_up(guild_id)
        seats = await self.store.rated(guild_id, slug)
        shown = await self.visible(viewer, sorted({(s.game_id, s.channel_id) for s in seats}))
        left_out = tuple(sorted({s.game_id for s in seats} - shown))
        seats = [s for s in seats if s.game_id in shown]
        mark = (len(seats), seats[-1].game_id if seats else 0)
        key = (guild_id, slug, left_out)
        cached = self._ratings.get(key)
        if cached is None or cached[0] != mark:  # some 0.15 ms per game: off the event loop, once per change
            cached = (mark, await asyncio.to_thread(ratings.compute, seats))
            self._ratings[key] = cached
        self._ratings.move_to_end(key)
        while len(self._ratings) > RATINGS_KEPT:
            self._ratings.popitem(last=False)
        return ratings.ranking(cached[1], await self.store.hidden())

    async def member_stats(self, viewer: Viewer, user_id: int) -> list[stats.TitleStats]:
        """A member's stats on the viewer's server, from the games the viewer may see (all of
        them when the member asks about themselves)."""
        await self.catch_up(viewer.guild_id)
        played = await self.store.of_user(user_id, viewer.guild_id)
        if user_id != viewer.user_id:
            shown = await self.visible(viewer, sorted({(g.game_id, g.channel_id) for g in played}))
            played = [g for g in played if g.game_id in shown]
        return stats.summarise(played)

    async def page(self, viewer: Viewer, page: int) -> tuple[list[HistoryEntry], int]:
        """One page (from 0) of the server's finished games the viewer may see, newest first,
        and the page count."""
        await self.catch_up(viewer.guild_id)
        listed = await self.store.listed(viewer.guild_id)
        shown = await self.visible(viewer, listed)
        ids = [game_id for game_id, _ in listed if game_id in shown]
        pages = max(1, -(-len(ids) // PAGE_SIZE))
        page = min(max(0, page), pages - 1)
        entries = [await self.store.entry(game_id) for game_id in ids[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]]
        return [entry for entry in entries if entry is not None], pages

    async def last_finished(self, channel_id: int) -> GameRow | None:
        """The channel's newest finished game."""
        game_id = await self.store.last_finished(channel_id)
        return None if game_id is None else await self.storage.game(game_id)

    async def hidden(self, user_id: int) -> bool:
        return await self.store.is_hidden(user_id)

    async def set_hidden(self, user_id: int, hidden: bool) -> None:
        await self.store.set_hidden(user_id, hidden)

    # -- replays ---------------------------------------------------------------
    async def replay(self, row: GameRow) -> Replay:
        """The finished game `row`, ready to step through (built once, then kept)."""
        if row.status != "finished":
            raise ReplayError(T("Only finished games can be replayed.") if row.status != "abandoned"
                              else T("That game was abandoned: it has no result to replay."))
        kept = self._replays.get(row.id)
        if kept is not None:
            self._replays.move_to_end(row.id)
            return kept
        task = self._building.get(row.id)
        if task is None:
            task = asyncio.ensure_future(self._build(row))
            self._building[row.id] = task
            task.add_done_callback(lambda _: self._building.pop(row.id, None))
        return await asyncio.shield(task)

    async def _build(self, row: GameRow) -> Replay:
        try:
            rules = games.get(row.slug)
        except KeyError:
            raise ReplayError(T("{slug} is no longer a game here.", slug=row.slug)) from None
        seats = await self.storage.seats(row.id)
        actions = await self.storage.actions(row.id)
        built = await asyncio.to_thread(Replay, rules, row, seats, actions)
        self._replays[row.id] = built
        while len(self._replays) > REPLAYS_KEPT:
            self._replays.popitem(last=False)
        return built
