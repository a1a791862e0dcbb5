"""SQLite engine on aiosqlite: a write connection, a read connection, one process per file.

aiosqlite sends each statement to a connection's thread in a hop of its own, and the caller
resumes only when the event loop gets to it. A write that spans several statements, each
awaited, would hold the database for several turns of a busy loop and every other write
would wait behind it. So the writes that happen all the time are ONE statement each, its
own transaction in autocommit mode: a move's `record` inserts one row into a temporary
view whose trigger updates the game, appends the action and stores the snapshot, all or
nothing (the counterpart of the PostgreSQL engine's single-statement CTE). They queue on
the connection's thread back to back, no lock held across awaits. The rare writes of
several statements (create, start, end a game, seats moving, settings) run in BEGIN
IMMEDIATE ... COMMIT, rolled back whole on any error or cancellation; while one is open,
no other write is sent to the connection (`WriteTurns`). Reads go to a second connection
(WAL: they see every committed write and never wait for a write under way)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import sqlite3
from typing import Any, AsyncIterator

import aiosqlite

from .base import (ENDED, PRUNE_EVERY, RUNNING, SNAPSHOTS_KEPT, UPDATABLE, ActionRow, ChannelBusy, GameRow, SeatRow,
    Storage, StorageError, UserNotify, VersionConflict, check_fields, dm_mode_of, merge_settings, now)
from .codec import ACTION_COLUMNS, GAME_COLUMNS, action_from_row, action_values, dumps, game_from_row, loads
from .lockfile import DatabaseLock
from .schema import SQLITE_MIGRATIONS

# Fixed SQL only: caller values always travel as parameters.
_SHARD = "(:all_shards OR ((guild_id >> 22) % :shard_count) IN (SELECT value FROM json_each(:shard_ids)))"
_SELECT = f"SELECT {GAME_COLUMNS} FROM games WHERE "
_GAME = _SELECT + f"id = :id AND {_SHARD}"
_RUNNING_IN_CHANNEL = _SELECT + f"channel_id = :channel AND status IN ('lobby', 'active') AND {_SHARD}"
_LAST_IN_CHANNEL = _SELECT + f"channel_id = :channel AND {_SHARD} ORDER BY id DESC LIMIT 1"
_RUNNING = _SELECT + f"status IN ('lobby', 'active') AND {_SHARD} ORDER BY id"
_COUNT_RUNNING = f"SELECT count(*) FROM games WHERE status IN ('lobby', 'active') AND {_SHARD}"
_RUNNING_IN_GUILD = _SELECT + f"guild_id = :guild AND status IN ('lobby', 'active') AND {_SHARD} ORDER BY id"
_IDLE = _SELECT + f"status = :status AND updated_at < :before AND {_SHARD} ORDER BY updated_at LIMIT :limit"
# named index: without statistics the planner would take the status index and read every active game
_DUE = (f"SELECT {GAME_COLUMNS} FROM games INDEXED BY games_due"
        f" WHERE status = 'active' AND json_extract(meta, '$.due_at') <= :before AND {_SHARD}"
        " ORDER BY json_extract(meta, '$.due_at') LIMIT :limit")
# without statistics the planner would walk every active game instead of this (usually empty) index
_ANNOUNCE = (f"SELECT {GAME_COLUMNS} FROM games INDEXED BY games_to_announce"
             f" WHERE announce = 1 AND status IN ('active', 'finished') AND {_SHARD} ORDER BY id")
_OF_USER = _SELECT + (f"guild_id = :guild AND status IN ('lobby', 'active') AND {_SHARD}"
                      " AND id IN (SELECT game_id FROM seats WHERE user_id = :user) ORDER BY id")
# every shard: a summary of a user's waits reads (never changes) games other processes own
_WAITING_ON = _SELECT + "status = 'active' AND id IN (SELECT game_id FROM seats WHERE user_id = :user) ORDER BY id"
_CLAIM_TOLD = ("INSERT INTO user_settings (user_id, told_at, summary_at) VALUES (:user, :now,"
               " CASE WHEN :summary THEN :now END)"
               " ON CONFLICT (user_id) DO UPDATE SET told_at = :now,"
               " summary_at = CASE WHEN :summary THEN :now ELSE summary_at END"
               " WHERE (:told_before IS NULL OR told_at IS NULL OR told_at <= :told_before)"
               " AND (:summary_before IS NULL OR summary_at IS NULL OR summary_at < :summary_before)")


@functools.lru_cache(maxsize=None)
def _update_game_sql(columns: tuple[str, ...]) -> str:
    """The UPDATE of the game row setting `columns` only (a few combinations, each prepared
    once): a column in SET costs its indexes an update even when its value stays, and the games
    table has seven (one a JSON path into meta), so the one statement that set every column to
    itself or its new value cost about three times as much per write (issue 39)."""
    return f"UPDATE games SET {', '.join(f'{column} = :{column}' for column in columns)} WHERE id = :id"


_STALE = "gamehost: the game is not at the version before this action"
# A move in one statement: `INSERT INTO record_move` with the action row's values, then the
# state's JSON, the new status and meta (NULL: unchanged), the announce flag and the newest
# snapshot seq to delete up to (NULL: none). Status and meta are set apart, only when given: a
# column in SET rewrites its indexes (five on status, one into meta). Temporary: lives in the
# write connection only, created when it opens, so the database schema does not change.
RECORD_MOVE_SQL = f"""
CREATE TEMP VIEW record_move AS SELECT NULL AS game_id, NULL AS seq, NULL AS kind, NULL AS seat, NULL AS user_id,
    NULL AS choice, NULL AS lines, NULL AS private_lines, NULL AS revealed, NULL AS created_at, NULL AS state,
    NULL AS status, NULL AS meta, NULL AS announce, NULL AS prune_to WHERE 0;
CREATE TEMP TRIGGER record_move INSTEAD OF INSERT ON record_move BEGIN
    SELECT RAISE(ABORT, '{_STALE}')
     WHERE NOT EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id AND version = NEW.seq - 1);
    UPDATE games SET version = NEW.seq, updated_at = NEW.created_at, announce = NEW.announce WHERE id = NEW.game_id;
    UPDATE games SET status = NEW.status WHERE id = NEW.game_id AND NEW.status IS NOT NULL;
    UPDATE games SET meta = NEW.meta WHERE id = NEW.game_id AND NEW.meta IS NOT NULL;
    INSERT INTO actions (game_id, {ACTION_COLUMNS})
    VALUES (NEW.game_id, NEW.seq, NEW.kind, NEW.seat, NEW.user_id, NEW.choice, NEW.lines, NEW.private_lines,
            NEW.revealed, NEW.created_at);
    INSERT INTO snapshots (game_id, seq, state) VALUES (NEW.game_id, NEW.seq, NEW.state)
        ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state;
    DELETE FROM snapshots WHERE game_id = NEW.game_id AND seq <= NEW.prune_to;
END;
"""
RECORD_MOVE = "INSERT INTO record_move VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
# the first snapshot, at the version the lobby has
_START_SNAPSHOT = ("INSERT INTO snapshots (game_id, seq, state) SELECT id, version, ? FROM games WHERE id = ?"
                   " ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state")
_KEEP_LAST = ("DELETE FROM snapshots WHERE game_id = ?"
              " AND seq < (SELECT max(seq) FROM snapshots WHERE game_id = ?)")


def sqlite_path(url: str) -> str:
    """'games.sqlite3', 'sqlite:///relative.db' or 'sqlite:////absolute.db' -> a file path."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///"):]
    if url.startswith("sqlite://"):
        raise StorageError(f"write SQLite URLs as sqlite:///path (got {url!r})")
    return url


class WriteTurns:
    """Keeps single-statement writes out of an open transaction on the same connection.

    `single()` writes go straight to the connection, any number at once (each is its own
    transaction); they wait only while a transaction is open. `exclusive()` (a transaction
    of several statements, or closing) waits for the single writes under way and has the
    connection alone until it ends."""

    def __init__(self) -> None:
        self._exclusive = asyncio.Lock()
        self._no_exclusive = asyncio.Event()
        self._no_exclusive.set()
        self._singles = 0
        self._no_singles = asyncio.Event()
        self._no_singles.set()

    @contextlib.asynccontextmanager
    async def single(self) -> AsyncIterator[None]:
        while self._exclusive.locked():
            await self._no_exclusive.wait()
        self._singles += 1  # no await since the check: no transaction opened in between
        self._no_singles.clear()
        try:
            yield
        finally:
            self._singles -= 1
            if not self._singles:
                self._no_singles.set()

    @contextlib.asynccontextmanager
    async def exclusive(self) -> AsyncIterator[None]:
        async with self._exclusive:
            self._no_exclusive.clear()
            try:
                await self._no_singles.wait()
                yield
            finally:
                self._no_exclusive.set()


class SQLiteStorage(Storage):
    """One bot process per database file (enforced by a lock file). Call `close()` before the
    process ends: each aiosqlite connection has a worker thread that is not a daemon (so no
    write is cut off at exit), and it keeps the process alive until its connection closes."""

    engine = "sqlite"

    def __init__(self, url: str = "gamehost.sqlite3", *, shard_ids: list[int] | None = None,
                 shard_count: int = 1) -> None:
        super().__init__(url, shard_ids=shard_ids, shard_count=shard_count)
        self.path = sqlite_path(url)
        self.connection: aiosqlite.Connection | None = None  # the write connection
        # reads use a second connection, so they never queue behind a write (WAL lets them see
        # every committed one); ":memory:" has one connection only, which reads then share
        self.reader: aiosqlite.Connection | None = None
        self._turns = WriteTurns()
        self._lock: DatabaseLock | None = None
        self._shards = {"all_shards": int(self.all_shards), "shard_count": self.shard_count,
                        "shard_ids": dumps(self.shard_ids)}

    # -- plumbing --------------------------------------------------------------
    async def _open(self) -> None:
        if self.connection is not None:
            return
        if self.path != ":memory:":
            self._lock = DatabaseLock(self.path + ".lock", self.path).acquire()
        try:
            self.connection = await self._connect_writer()
            if self.path != ":memory:":
                self.reader = await aiosqlite.connect(self.path, isolation_level=None)
                for pragma in ("query_only=1", "busy_timeout=5000"):
                    await self.reader.execute_fetchall(f"PRAGMA {pragma}")
        except BaseException:
            await self._close()
            raise

    async def _connect_writer(self) -> aiosqlite.Connection:
        # autocommit: a statement is its own transaction unless `_transaction` sends BEGIN
        conn = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
                await conn.execute_fetchall(f"PRAGMA {pragma}")
            ((version,),) = await conn.execute_fetchall("PRAGMA user_version")
            if version > len(SQLITE_MIGRATIONS):
                raise StorageError(f"{self.path} has schema version {version}, newer than this bot "
                                   f"({len(SQLITE_MIGRATIONS)}): update the bot")
            for target in range(version, len(SQLITE_MIGRATIONS)):
                # executescript cannot take parameters; the version is our own integer
                await conn.executescript(f"BEGIN; {SQLITE_MIGRATIONS[target]}"
                                         f" PRAGMA user_version = {target + 1}; COMMIT;")
            await conn.executescript(RECORD_MOVE_SQL)
        except BaseException:
            await conn.close()  # a migration cut short is rolled back with the connection
            raise
        return conn

    async def _close(self) -> None:
        reader, self.reader = self.reader, None
        if reader is not None:
            await reader.close()  # after the reads already queued on it
        # the writes already under way or waiting for their turn complete first
        async with self._turns.exclusive():
            conn, self.connection = self.connection, None
            if conn is not None:
                try:  # keep the planner's statistics fresh, within a bounded cost
                    await conn.execute_fetchall("PRAGMA analysis_limit = 400")
                    await conn.execute_fetchall("PRAGMA optimize")
                except sqlite3.Error:
                    pass
                await conn.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _writer(self) -> aiosqlite.Connection:
        if self.connection is None:
            raise RuntimeError("storage is not open")
        return self.connection

    async def _write(self, sql: str, params: Any) -> aiosqlite.Cursor:
        """One statement, its own transaction: one hop, no lock held while it runs."""
        async with self._turns.single():
            return await self._writer().execute(sql, params)

    @contextlib.asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """The write connection inside BEGIN IMMEDIATE, committed when the block ends, rolled
        back whole if it raises or is cancelled. No other write reaches the connection meanwhile."""
        async with self._turns.exclusive():
            conn = self._writer()
            try:
                await conn.execute("BEGIN IMMEDIATE")  # inside: a cancel here still queues the rollback
                yield conn
                await conn.commit()
            except BaseException:
                # queued behind the statements already sent, so it undoes all of them; a no-op
                # if an error already ended the transaction
                await conn.rollback()
                raise

    async def _fetch(self, sql: str, params: Any = ()) -> list[tuple]:
        """All rows of one query, read in one hop to the read connection."""
        if self.reader is not None:
            return list(await self.reader.execute_fetchall(sql, params))  # type: ignore[arg-type]  # rows are tuples
        async with self._turns.single():  # ":memory:": never read a transaction half done
            return list(await self._writer().execute_fetchall(sql, params))  # type: ignore[arg-type]

    async def schema_version(self) -> int:
        return (await self._fetch("PRAGMA user_version"))[0][0]

    async def _one(self, sql: str, params: dict) -> GameRow | None:
        rows = await self._fetch(sql, {**params, **self._shards})
        return game_from_row(rows[0]) if rows else None

    async def _many(self, sql: str, params: dict) -> list[GameRow]:
        return [game_from_row(row) for row in await self._fetch(sql, {**params, **self._shards})]

    # -- games -----------------------------------------------------------------
    async def create_game(self, guild_id: int, channel_id: int, slug: str, options: dict, seed: int,
                          creator_id: int, creator_name: str, meta: dict) -> tuple[GameRow, SeatRow]:
        at = now()
        row = GameRow(0, guild_id, channel_id, slug, dict(options), seed, "lobby", creator_id, 0, None, at, at,
                      dict(meta), False)
        seat = SeatRow(0, creator_id, creator_name)
        values = (guild_id, channel_id, slug, dumps(options), seed, creator_id, at, at, dumps(meta))
        async with self._transaction() as conn:
            try:
                cursor = await conn.execute(
                    "INSERT INTO games (guild_id, channel_id, slug, options, seed, status, creator_id,"
                    " created_at, updated_at, meta) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)", values)
            except sqlite3.IntegrityError as error:
                if "games.channel_id" in str(error):
                    raise ChannelBusy(f"channel {channel_id} already has a game") from None
                raise
            row.id = cursor.lastrowid or 0  # an insert always has one
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                               (row.id, creator_id, creator_name))
        return row, seat

    async def update_game(self, game_id: int, **fields: Any) -> None:
        check_fields(fields)
        status = fields.get("status")
        if "status" in fields and status not in RUNNING + ENDED:
            raise StorageError(f"unknown game status {status!r}")
        if not fields:  # nothing to set: only whether the game is there
            if not await self._fetch("SELECT 1 FROM games WHERE id = ?", (game_id,)):
                raise StorageError(f"there is no game {game_id}")
            return
        params: dict[str, Any] = {"id": game_id, **fields}
        if "meta" in fields:
            params["meta"] = dumps(fields["meta"])
        if "announce" in fields:
            params["announce"] = int(bool(fields["announce"]))
        sql = _update_game_sql(tuple(column for column in UPDATABLE if column in fields))
        if status not in ENDED:
            if (await self._write(sql, params)).rowcount != 1:
                raise StorageError(f"there is no game {game_id}")
            return
        async with self._transaction() as conn:
            if (await conn.execute(sql, params)).rowcount != 1:
                raise StorageError(f"there is no game {game_id}")
            await conn.execute(_KEEP_LAST, (game_id, game_id))

    async def start_game(self, game_id: int, state: dict, meta: dict) -> None:
        values = {"id": game_id, "meta": dumps(meta), "at": now()}
        text = dumps(state)
        async with self._transaction() as conn:
            cursor = await conn.execute("UPDATE games SET status = 'active', meta = :meta, announce = 1,"
                                        " updated_at = :at WHERE id = :id AND status = 'lobby'", values)
            if cursor.rowcount != 1:
                raise VersionConflict(f"game {game_id} is not in its lobby any more")
            await conn.execute(_START_SNAPSHOT, (text, game_id))

    async def record(self, game_id: int, action: ActionRow, state: dict, *, status: str | None = None,
                     meta: dict | None = None, announce: bool = True) -> None:
        if status is not None and status not in RUNNING + ENDED:
            raise StorageError(f"unknown game status {status!r}")
        if status in ENDED:
            prune_to = action.seq - 1  # an ended game keeps only its last snapshot
        elif action.seq % PRUNE_EVERY == 0 and action.seq > SNAPSHOTS_KEPT:
            prune_to = action.seq - SNAPSHOTS_KEPT
        else:
            prune_to = None
        row = action_values(game_id, action) + (dumps(state), status, None if meta is None else dumps(meta),
                                                 int(announce), prune_to)
        try:
            await self._write(RECORD_MOVE, row)
        except sqlite3.IntegrityError as error:
            if str(error) == _STALE:
                raise VersionConflict(f"game {game_id} is no longer at version {action.seq - 1}") from None
            raise

    async def snapshot(self, game_id: int, seq: int | None = None) -> tuple[int, dict] | None:
        if seq is None:
            rows = await self._fetch("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                     (game_id,))
        else:
            rows = await self._fetch("SELECT seq, state FROM snapshots WHERE game_id = ? AND seq = ?", (game_id, seq))
        return (rows[0][0], loads(rows[0][1])) if rows else None

    async def game(self, game_id: int) -> GameRow | None:
        return await self._one(_GAME, {"id": game_id})

    async def running_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._one(_RUNNING_IN_CHANNEL, {"channel": channel_id})

    async def last_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._one(_LAST_IN_CHANNEL, {"channel": channel_id})

    async def running(self, guild_id: int | None = None) -> list[GameRow]:
        if guild_id is None:
            return await self._many(_RUNNING, {})
        return await self._many(_RUNNING_IN_GUILD, {"guild": guild_id})

    async def count_running(self) -> int:
        return (await self._fetch(_COUNT_RUNNING, self._shards))[0][0]

    async def idle(self, status: str, before: float, limit: int = 500) -> list[GameRow]:
        return await self._many(_IDLE, {"status": status, "before": before, "limit": limit})

    async def due(self, before: float, limit: int = 500) -> list[GameRow]:
        return await self._many(_DUE, {"before": before, "limit": limit})

    async def needing_announce(self) -> list[GameRow]:
        return await self._many(_ANNOUNCE, {})

    async def running_of_user(self, guild_id: int, user_id: int) -> list[GameRow]:
        return await self._many(_OF_USER, {"guild": guild_id, "user": user_id})

    # -- seats -----------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._fetch("SELECT seat, user_id, name, bot_level FROM seats WHERE game_id = ? ORDER BY seat",
                                 (game_id,))
        return [SeatRow(*row) for row in rows]

    async def add_seat(self, game_id: int, seat: SeatRow) -> None:
        try:
            await self._write("INSERT INTO seats (game_id, seat, user_id, name, bot_level) VALUES (?, ?, ?, ?, ?)",
                              (game_id, seat.seat, seat.user_id, seat.name, seat.level))
        except sqlite3.IntegrityError as error:
            if "FOREIGN KEY" in str(error):
                raise StorageError(f"there is no game {game_id}") from None
            raise StorageError(f"seat {seat.seat} of game {game_id} is taken") from None

    async def remove_seat(self, game_id: int, seat: int) -> None:
        async with self._transaction() as conn:
            cursor = await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            if cursor.rowcount != 1:
                raise StorageError(f"seat {seat} of game {game_id} is empty")
            # two steps, so no intermediate row collides with the primary key
            await conn.execute("UPDATE seats SET seat = -seat WHERE game_id = ? AND seat > ?", (game_id, seat))
            await conn.execute("UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat < 0", (game_id,))

    async def update_seat(self, game_id: int, seat: int, user_id: int | None, name: str,
                          level: str | None = None) -> None:
        cursor = await self._write("UPDATE seats SET user_id = ?, name = ?, bot_level = ? WHERE game_id = ? AND seat = ?",
                                   (user_id, name, level, game_id, seat))
        if cursor.rowcount != 1:
            raise StorageError(f"seat {seat} of game {game_id} is empty")

    # -- log -------------------------------------------------------------------
    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        rows = await self._fetch(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                                 (game_id, since))
        return [action_from_row(row) for row in rows]

    async def last_choice_seq(self, game_id: int, user_id: int) -> int:
        rows = await self._fetch("SELECT max(seq) FROM actions WHERE game_id = ? AND user_id = ? AND kind = 'choice'",
                                 (game_id, user_id))
        return rows[0][0] or 0

    # -- settings --------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict:
        rows = await self._fetch("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return loads(rows[0][0]) if rows else {}

    async def set_guild_settings(self, guild_id: int, values: dict) -> None:
        async with self._transaction() as conn:
            rows = await conn.execute_fetchall("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
            found = list(rows)
            merged = merge_settings(loads(found[0][0]) if found else {}, values)
            await conn.execute("INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                               " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                               (guild_id, dumps(merged)))

    async def dm_enabled(self, user_id: int) -> bool:
        rows = await self._fetch("SELECT dm_enabled FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else True

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self._write("INSERT INTO user_settings (user_id, dm_enabled) VALUES (?, ?)"
                          " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled",
                          (user_id, int(enabled)))

    async def dm_mode(self, user_id: int) -> str:
        rows = await self._fetch("SELECT dm_enabled, dm_mode FROM user_settings WHERE user_id = ?", (user_id,))
        return dm_mode_of(tuple(rows[0]) if rows else None)

    async def set_dm_mode(self, user_id: int, mode: str) -> None:
        await self._write("INSERT INTO user_settings (user_id, dm_enabled, dm_mode) VALUES (?, ?, ?)"
                          " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled,"
                          " dm_mode = excluded.dm_mode", (user_id, int(mode != "off"), mode))

    async def user_notify(self, user_id: int) -> UserNotify:
        rows = await self._fetch("SELECT dm_enabled, dm_mode, notify, told_at, summary_at FROM user_settings"
                                 " WHERE user_id = ?", (user_id,))
        if not rows:
            return UserNotify()
        enabled, mode, settings, told, summary = rows[0]
        return UserNotify(dm_mode_of((enabled, mode)), loads(settings) if settings else {}, told, summary)

    async def set_notify_settings(self, user_id: int, settings: dict) -> None:
        await self._write("INSERT INTO user_settings (user_id, notify) VALUES (?, ?)"
                          " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify", (user_id, dumps(settings)))

    async def claim_told(self, user_id: int, now: float, told_before: float | None = None,
                         summary_before: float | None = None) -> bool:
        cursor = await self._write(_CLAIM_TOLD, {"user": user_id, "now": now, "summary": summary_before is not None,
                                                 "told_before": told_before, "summary_before": summary_before})
        return cursor.rowcount > 0

    async def games_waiting_on(self, user_id: int) -> list[GameRow]:
        return [game_from_row(row) for row in await self._fetch(_WAITING_ON, {"user": user_id})]

    async def user_language(self, user_id: int) -> tuple[str | None, str | None]:
        rows = await self._fetch("SELECT language, seen_locale FROM user_settings WHERE user_id = ?", (user_id,))
        return (rows[0][0], rows[0][1]) if rows else (None, None)

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        await self._write("INSERT INTO user_settings (user_id, language) VALUES (?, ?)"
                          " ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", (user_id, language))

    async def note_locale(self, user_id: int, locale: str) -> None:
        await self._write("INSERT INTO user_settings (user_id, seen_locale) VALUES (?, ?)"
                          " ON CONFLICT (user_id) DO UPDATE SET seen_locale = excluded.seen_locale", (user_id, locale))

    # -- fixed statements of other modules (bot/storage/history.py) ---------------
    async def fetch_rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        return await self._fetch(sql, tuple(args))

    async def write_rows(self, statements: list[tuple[str, tuple]]) -> None:
        async with self._transaction() as conn:
            for sql, args in statements:
                await conn.execute(sql, tuple(args))
