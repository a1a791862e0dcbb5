"""PostgreSQL engine (asyncpg): several bot processes on one database, one owner per shard.

Ownership: a dedicated connection holds a session advisory lock per owned shard (and a
shared lock on the shard count, so processes with different counts cannot split guilds
differently). PostgreSQL drops the locks when that connection ends, the holder's crash
included. Each write is one transaction from a connection pool; `record` and `create_game`
are single statements (data-modifying CTEs), one round trip each.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import time
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .base import (ENDED, PRUNE_EVERY, RUNNING, SNAPSHOTS_KEPT, ActionRow, AlreadyRunning, ChannelBusy, GameRow,
    SeatRow, Storage, StorageError, UserNotify, VersionConflict, check_fields, dm_mode_of, merge_settings, now)
from .codec import ACTION_COLUMNS, action_from_row, action_values, dumps, game_from_row, loads
from .postgres_sql import (ANNOUNCE, CLAIM_TOLD, COUNT_RUNNING, CREATE_GAME, DUE, GAME, IDLE, KEEP_LAST,
    LAST_IN_CHANNEL, OF_USER, RECORD, RECORD_AND_PRUNE, RUNNING_GAMES, RUNNING_IN_CHANNEL, RUNNING_IN_GUILD, START_GAME,
    UPDATE_GAME, WAITING_ON)
from .schema import POSTGRES_MIGRATIONS

# advisory lock namespaces (first key of the two-key form)
NS_SHARD, NS_SHARD_COUNT, NS_MIGRATE = 0x47480001, 0x47480002, 0x47480003

_HOLDERS = """
    SELECT l.objid::bigint, a.pid, coalesce(a.application_name, ''), coalesce(a.client_addr::text, 'local socket')
      FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid::bigint = $1
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND l.pid <> pg_backend_pid()
"""


class _TrackedPool:
    """The connection pool, counting the operations under way so that `close()` lets them
    finish (as the SQLite engine's queue does) instead of cutting them off."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._busy = 0
        self.idle = asyncio.Event()
        self.idle.set()

    @contextlib.contextmanager
    def _counted(self):
        self._busy += 1
        self.idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if not self._busy:
                self.idle.set()

    async def fetch(self, *args: Any) -> list:
        with self._counted():
            return await self._pool.fetch(*args)

    async def fetchrow(self, *args: Any) -> Any:
        with self._counted():
            return await self._pool.fetchrow(*args)

    async def fetchval(self, *args: Any) -> Any:
        with self._counted():
            return await self._pool.fetchval(*args)

    async def execute(self, *args: Any) -> str:
        with self._counted():
            return await self._pool.execute(*args)

    @contextlib.asynccontextmanager
    async def transaction(self):
        with self._counted():
            async with self._pool.acquire() as con, con.transaction():
                yield con


def redacted(url: str) -> str:
    """The URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


class PostgresStorage(Storage):
    """Many processes, one database: each owns `shard_ids` of `shard_count` and sees only their games."""

    engine = "postgresql"
    pool_size = 10
    claim_wait = 3.0  # seconds a held shard lock is retried before AlreadyRunning

    def __init__(self, url: str, *, shard_ids: list[int] | None = None, shard_count: int = 1) -> None:
        super().__init__(url, shard_ids=shard_ids, shard_count=shard_count)
        self._owner: asyncpg.Connection | None = None
        self._pool: asyncpg.Pool | None = None
        self._tracked: _TrackedPool | None = None
        self._shards = (self.all_shards, self.shard_count, self.shard_ids)
        label = f"gamehost pid {os.getpid()} {socket.gethostname()[:16]} {self.describe_shards()}"
        self._settings = {"application_name": label[:63]}

    # -- plumbing --------------------------------------------------------------
    async def _open(self) -> None:
        if self._pool is not None:
            return
        try:
            self._owner = await asyncpg.connect(self.url, server_settings=self._settings)
            await self._claim()
            self._pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size,
                                                   server_settings=self._settings)
            self._tracked = _TrackedPool(self._pool)
            await self._migrate()
        except BaseException:
            await self._close()
            raise

    async def _claim(self) -> None:
        owner, where = self._owner, redacted(self.url)
        assert owner is not None  # claimed right after connecting
        await owner.execute("SELECT pg_advisory_lock_shared($1, $2)", NS_SHARD_COUNT, self.shard_count)
        others = [row for row in await owner.fetch(_HOLDERS, NS_SHARD_COUNT) if row[0] != self.shard_count]
        if others:
            count, pid, name, addr = others[0]
            raise AlreadyRunning(f"{where} is used by {name or 'a process'} (backend {pid}, {addr}) with "
                                 f"shard_count {count}; every process must use the same shard_count "
                                 f"(this one has {self.shard_count})")
        for shard in self.shard_ids:
            if not await self._try_lock(shard):
                holders = [row for row in await owner.fetch(_HOLDERS, NS_SHARD) if row[0] == shard]
                who = (f"{holders[0][2] or 'another process'} (backend {holders[0][1]}, {holders[0][3]})"
                       if holders else "another process")
                raise AlreadyRunning(f"shard {shard} of {self.shard_count} on {where} is already owned by {who}; "
                                     "each shard id may run in one process only")

    async def _try_lock(self, shard: int) -> bool:
        """Take the shard's lock, waiting up to `claim_wait` seconds: a predecessor that was just
        killed holds it until its server backend notices the closed connection."""
        deadline = time.monotonic() + self.claim_wait
        while True:
            if await self._owner.fetchval("SELECT pg_try_advisory_lock($1, $2)", NS_SHARD, shard):  # type: ignore[union-attr]
                return True
            if time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.1)

    async def still_owner(self) -> bool:
        owner = self._owner
        if not self.is_open or owner is None or owner.is_closed():
            return False
        try:
            held = await owner.fetchval(
                "SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid() AND locktype = 'advisory'"
                " AND granted AND objsubid = 2 AND classid::bigint = $1", NS_SHARD)
        except Exception:  # a dropped connection fails in several ways; each means the claim is gone
            return False
        return held == len(self.shard_ids)

    async def _migrate(self) -> None:
        assert self._pool is not None  # migrated right after the pool opened
        async with self._pool.acquire() as con, con.transaction():
            await con.execute("SELECT pg_advisory_xact_lock($1, 0)", NS_MIGRATE)
            await con.execute("CREATE TABLE IF NOT EXISTS schema_migrations"
                              " (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)")
            done = await con.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations")
            if done > len(POSTGRES_MIGRATIONS):
                raise StorageError(f"{redacted(self.url)} has schema version {done}, newer than this bot "
                                   f"({len(POSTGRES_MIGRATIONS)}): update the bot")
            for target in range(done, len(POSTGRES_MIGRATIONS)):
                await con.execute(POSTGRES_MIGRATIONS[target])
                await con.execute("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
                                  target + 1, now())

    async def _close(self) -> None:
        pool, self._pool = self._pool, None
        tracked, self._tracked = self._tracked, None
        owner, self._owner = self._owner, None
        if tracked is not None:  # new calls now fail as "not open"; the ones under way complete
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(tracked.idle.wait(), timeout=30)
        if pool is not None:
            await pool.close()
        if owner is not None:
            await owner.close()  # releases the shard locks

    @property
    def pool(self) -> _TrackedPool:
        if self._tracked is None:
            raise RuntimeError("storage is not open")
        return self._tracked

    async def schema_version(self) -> int:
        return await self.pool.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations")

    async def _one(self, sql: str, *args: Any) -> GameRow | None:
        row = await self.pool.fetchrow(sql, *args, *self._shards)
        return None if row is None else game_from_row(row)

    async def _many(self, sql: str, *args: Any) -> list[GameRow]:
        return [game_from_row(row) for row in await self.pool.fetch(sql, *args, *self._shards)]

    # -- games -----------------------------------------------------------------
    async def create_game(self, guild_id: int, channel_id: int, slug: str, options: dict, seed: int,
                          creator_id: int, creator_name: str, meta: dict) -> tuple[GameRow, SeatRow]:
        at = now()
        try:
            game_id = await self.pool.fetchval(CREATE_GAME, guild_id, channel_id, slug, dumps(options), seed,
                                               creator_id, at, dumps(meta), creator_name)
        except asyncpg.UniqueViolationError as error:
            if error.constraint_name == "games_running_channel":
                raise ChannelBusy(f"channel {channel_id} already has a game") from None
            raise
        row = GameRow(game_id, guild_id, channel_id, slug, dict(options), seed, "lobby", creator_id, 0, None, at, at,
                      dict(meta), False)
        return row, SeatRow(0, creator_id, creator_name)

    async def update_game(self, game_id: int, **fields: Any) -> None:
        check_fields(fields)
        status = fields.get("status")
        if "status" in fields and status not in RUNNING + ENDED:
            raise StorageError(f"unknown game status {status!r}")
        meta = dumps(fields["meta"]) if "meta" in fields else None
        announce = bool(fields["announce"]) if "announce" in fields else None
        args = (game_id, "status" in fields, status, "turn_message_id" in fields, fields.get("turn_message_id"),
                "creator_id" in fields, fields.get("creator_id"), "meta" in fields, meta,
                "announce" in fields, announce, "updated_at" in fields, fields.get("updated_at"))
        if status not in ENDED:
            if await self.pool.execute(UPDATE_GAME, *args) != "UPDATE 1":
                raise StorageError(f"there is no game {game_id}")
            return
        async with self.pool.transaction() as con:
            if await con.execute(UPDATE_GAME, *args) != "UPDATE 1":
                raise StorageError(f"there is no game {game_id}")
            await con.execute(KEEP_LAST, game_id)

    async def start_game(self, game_id: int, state: dict, meta: dict) -> None:
        if not await self.pool.fetchval(START_GAME, game_id, dumps(meta), now(), dumps(state)):
            raise VersionConflict(f"game {game_id} is not in its lobby any more")

    async def record(self, game_id: int, action: ActionRow, state: dict, *, status: str | None = None,
                     meta: dict | None = None, announce: bool = True) -> None:
        if status is not None and status not in RUNNING + ENDED:
            raise StorageError(f"unknown game status {status!r}")
        _, seq, kind, seat, user_id, choice, lines, private, revealed, at = action_values(game_id, action)
        args = (game_id, seq, at, status, None if meta is None else dumps(meta), bool(announce),
                kind, seat, user_id, choice, lines, private, revealed, dumps(state))
        try:
            if status in ENDED or seq % PRUNE_EVERY == 0:
                moved = await self.pool.fetchval(RECORD_AND_PRUNE, *args, seq - SNAPSHOTS_KEPT)
            else:
                moved = await self.pool.fetchval(RECORD, *args)
        except asyncpg.UniqueViolationError:
            moved = 0
        if not moved:
            raise VersionConflict(f"game {game_id} is no longer at version {action.seq - 1}")

    async def snapshot(self, game_id: int, seq: int | None = None) -> tuple[int, dict] | None:
        if seq is None:
            found = await self.pool.fetchrow(
                "SELECT seq, state FROM snapshots WHERE game_id = $1 ORDER BY seq DESC LIMIT 1", game_id)
        else:
            found = await self.pool.fetchrow("SELECT seq, state FROM snapshots WHERE game_id = $1 AND seq = $2",
                                             game_id, seq)
        return None if found is None else (found[0], loads(found[1]))

    async def game(self, game_id: int) -> GameRow | None:
        return await self._one(GAME, game_id)

    async def running_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._one(RUNNING_IN_CHANNEL, channel_id)

    async def last_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._one(LAST_IN_CHANNEL, channel_id)

    async def running(self, guild_id: int | None = None) -> list[GameRow]:
        if guild_id is None:
            return await self._many(RUNNING_GAMES)
        return await self._many(RUNNING_IN_GUILD, guild_id)

    async def count_running(self) -> int:
        return await self.pool.fetchval(COUNT_RUNNING, *self._shards)

    async def idle(self, status: str, before: float, limit: int = 500) -> list[GameRow]:
        return await self._many(IDLE, status, before, limit)

    async def due(self, before: float, limit: int = 500) -> list[GameRow]:
        return await self._many(DUE, before, limit)

    async def needing_announce(self) -> list[GameRow]:
        return await self._many(ANNOUNCE)

    async def running_of_user(self, guild_id: int, user_id: int) -> list[GameRow]:
        return await self._many(OF_USER, guild_id, user_id)

    # -- seats -----------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self.pool.fetch("SELECT seat, user_id, name, bot_level FROM seats WHERE game_id = $1 ORDER BY seat",
                                     game_id)
        return [SeatRow(*row) for row in rows]

    async def add_seat(self, game_id: int, seat: SeatRow) -> None:
        try:
            await self.pool.execute("INSERT INTO seats (game_id, seat, user_id, name, bot_level)"
                                    " VALUES ($1, $2, $3, $4, $5)", game_id, seat.seat, seat.user_id, seat.name,
                                    seat.level)
        except asyncpg.ForeignKeyViolationError:
            raise StorageError(f"there is no game {game_id}") from None
        except asyncpg.UniqueViolationError:
            raise StorageError(f"seat {seat.seat} of game {game_id} is taken") from None

    async def remove_seat(self, game_id: int, seat: int) -> None:
        async with self.pool.transaction() as con:
            if await con.execute("DELETE FROM seats WHERE game_id = $1 AND seat = $2", game_id, seat) != "DELETE 1":
                raise StorageError(f"seat {seat} of game {game_id} is empty")
            # two steps, so no intermediate row collides with the primary key
            await con.execute("UPDATE seats SET seat = -seat WHERE game_id = $1 AND seat > $2", game_id, seat)
            await con.execute("UPDATE seats SET seat = -seat - 1 WHERE game_id = $1 AND seat < 0", game_id)

    async def update_seat(self, game_id: int, seat: int, user_id: int | None, name: str,
                          level: str | None = None) -> None:
        done = await self.pool.execute("UPDATE seats SET user_id = $3, name = $4, bot_level = $5"
                                       " WHERE game_id = $1 AND seat = $2", game_id, seat, user_id, name, level)
        if done != "UPDATE 1":
            raise StorageError(f"seat {seat} of game {game_id} is empty")

    # -- log -------------------------------------------------------------------
    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        rows = await self.pool.fetch(
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq", game_id, since)
        return [action_from_row(row) for row in rows]

    async def last_choice_seq(self, game_id: int, user_id: int) -> int:
        found = await self.pool.fetchval(
            "SELECT max(seq) FROM actions WHERE game_id = $1 AND user_id = $2 AND kind = 'choice'", game_id, user_id)
        return found or 0

    # -- settings --------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict:
        found = await self.pool.fetchval("SELECT settings FROM guild_settings WHERE guild_id = $1", guild_id)
        return {} if found is None else loads(found)

    async def set_guild_settings(self, guild_id: int, values: dict) -> None:
        async with self.pool.transaction() as con:
            await con.execute("INSERT INTO guild_settings (guild_id, settings) VALUES ($1, '{}')"
                              " ON CONFLICT (guild_id) DO NOTHING", guild_id)
            current = await con.fetchval("SELECT settings FROM guild_settings WHERE guild_id = $1 FOR UPDATE", guild_id)
            await con.execute("UPDATE guild_settings SET settings = $2 WHERE guild_id = $1",
                              guild_id, dumps(merge_settings(loads(current), values)))

    async def dm_enabled(self, user_id: int) -> bool:
        found = await self.pool.fetchval("SELECT dm_enabled FROM user_settings WHERE user_id = $1", user_id)
        return True if found is None else bool(found)

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self.pool.execute("INSERT INTO user_settings (user_id, dm_enabled) VALUES ($1, $2)"
                                " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled",
                                user_id, bool(enabled))

    async def dm_mode(self, user_id: int) -> str:
        found = await self.pool.fetchrow("SELECT dm_enabled, dm_mode FROM user_settings WHERE user_id = $1", user_id)
        return dm_mode_of(None if found is None else (found[0], found[1]))

    async def set_dm_mode(self, user_id: int, mode: str) -> None:
        await self.pool.execute("INSERT INTO user_settings (user_id, dm_enabled, dm_mode) VALUES ($1, $2, $3)"
                                " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled,"
                                " dm_mode = excluded.dm_mode", user_id, mode != "off", mode)

    async def user_notify(self, user_id: int) -> UserNotify:
        found = await self.pool.fetchrow("SELECT dm_enabled, dm_mode, notify, told_at, summary_at FROM user_settings"
                                         " WHERE user_id = $1", user_id)
        if found is None:
            return UserNotify()
        return UserNotify(dm_mode_of((found[0], found[1])), loads(found[2]) if found[2] else {}, found[3],
                          found[4])

    async def set_notify_settings(self, user_id: int, settings: dict) -> None:
        await self.pool.execute("INSERT INTO user_settings (user_id, notify) VALUES ($1, $2)"
                                " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", user_id, dumps(settings))

    async def claim_told(self, user_id: int, now: float, told_before: float | None = None,
                         summary_before: float | None = None) -> bool:
        found = await self.pool.fetchval(CLAIM_TOLD, user_id, now, summary_before is not None, told_before,
                                         summary_before)
        return found is not None

    async def games_waiting_on(self, user_id: int) -> list[GameRow]:
        return [game_from_row(row) for row in await self.pool.fetch(WAITING_ON, user_id)]

    async def user_language(self, user_id: int) -> tuple[str | None, str | None]:
        found = await self.pool.fetchrow("SELECT language, seen_locale FROM user_settings WHERE user_id = $1", user_id)
        return (None, None) if found is None else (found[0], found[1])

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        await self.pool.execute("INSERT INTO user_settings (user_id, language) VALUES ($1, $2)"
                                " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", user_id, language)

    async def note_locale(self, user_id: int, locale: str) -> None:
        await self.pool.execute("INSERT INTO user_settings (user_id, seen_locale) VALUES ($1, $2)"
                                " ON CONFLICT (user_id) DO UPDATE SET seen_locale = excluded.seen_locale",
                                user_id, locale)

    # -- fixed statements of other modules (bot/storage/history.py) ---------------
    async def fetch_rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        return [tuple(row) for row in await self.pool.fetch(sql, *args)]

    async def write_rows(self, statements: list[tuple[str, tuple]]) -> None:
        async with self.pool.transaction() as con:
            for sql, args in statements:
                await con.execute(sql, *args)
