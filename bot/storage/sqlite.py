"""SQLite engine: plain sqlite3, each connection on a thread of its own.

Every write is ONE hop to the writer thread running one function, which does its whole
transaction (BEGIN IMMEDIATE ... COMMIT) there. Writes of different games queue on that
thread; no asyncio lock is held across awaits, so a write never waits on another
coroutine's round trips, only on the database work queued before it. Reads go to a second
connection on a second thread (WAL: they see every committed write and never wait for one),
and a third thread copies the write-ahead log into the database file."""

from __future__ import annotations

import json
import sqlite3
from typing import Any, Callable

from .base import (ENDED, PRUNE_EVERY, RUNNING, SNAPSHOTS_KEPT, UPDATABLE, ActionRow, ChannelBusy, GameRow,
                   SeatRow, Storage, StorageError, VersionConflict, check_fields, dm_mode_of, merge_settings, now)
from .codec import ACTION_COLUMNS, GAME_COLUMNS, action_from_row, action_values, dumps, game_from_row
from .dbthread import Checkpointer, DatabaseThread
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
_UPDATE_GAME = "UPDATE games SET " + ", ".join(
    f"{column} = CASE WHEN :set_{column} THEN :{column} ELSE {column} END" for column in UPDATABLE
) + " WHERE id = :id"
_RECORD_GAME = ("UPDATE games SET version = :seq, updated_at = :at, status = COALESCE(:status, status),"
                " meta = COALESCE(:meta, meta), announce = :announce WHERE id = :id AND version = :seq - 1")
_INSERT_ACTION = f"INSERT INTO actions (game_id, {ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
_INSERT_SNAPSHOT = ("INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"
                    " ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state")
_PRUNE_OLD = "DELETE FROM snapshots WHERE game_id = ? AND seq <= ?"
_KEEP_LAST = ("DELETE FROM snapshots WHERE game_id = ?"
              " AND seq < (SELECT max(seq) FROM snapshots WHERE game_id = ?)")


def sqlite_path(url: str) -> str:
    """'games.sqlite3', 'sqlite:///relative.db' or 'sqlite:////absolute.db' -> a file path."""
    if url.startswith("sqlite:///"):
        return url[len("sqlite:///"):]
    if url.startswith("sqlite://"):
        raise StorageError(f"write SQLite URLs as sqlite:///path (got {url!r})")
    return url


class SQLiteStorage(Storage):
    """One bot process per database file (enforced by a lock file)."""

    engine = "sqlite"

    def __init__(self, url: str = "gamehost.sqlite3", *, shard_ids: list[int] | None = None,
                 shard_count: int = 1) -> None:
        super().__init__(url, shard_ids=shard_ids, shard_count=shard_count)
        self.path = sqlite_path(url)
        self._conn: sqlite3.Connection | None = None
        self._thread: DatabaseThread | None = None
        # reads run on a second connection and thread, so they never queue behind writes (WAL
        # lets them see every committed write); ":memory:" has one connection only
        self._reader: sqlite3.Connection | None = None
        self._reader_thread: DatabaseThread | None = None
        self._lock: DatabaseLock | None = None
        self._checkpointer: Checkpointer | None = None
        self._shards = {"all_shards": int(self.all_shards), "shard_count": self.shard_count,
                        "shard_ids": json.dumps(self.shard_ids)}

    # -- plumbing --------------------------------------------------------------
    async def _open(self) -> None:
        if self._conn is not None:
            return
        if self.path != ":memory:":
            self._lock = DatabaseLock(self.path + ".lock", self.path).acquire()
        self._thread = DatabaseThread("gamehost-sqlite")
        try:
            self._conn = await self._run(self._connect)
            if self.path != ":memory:":
                self._checkpointer = Checkpointer(self.path, "gamehost-sqlite-checkpoint")
                self._reader_thread = DatabaseThread("gamehost-sqlite-read")
                self._reader = await self._reader_thread.call(self._connect_reader)
        except BaseException:
            await self._close()
            raise

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            # checkpoints run on their own thread (Checkpointer); the automatic one is only a backstop
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000",
                           "wal_autocheckpoint=20000"):
                conn.execute(f"PRAGMA {pragma}").fetchall()
            (version,) = conn.execute("PRAGMA user_version").fetchone()
            if version > len(SQLITE_MIGRATIONS):
                raise StorageError(f"{self.path} has schema version {version}, newer than this bot "
                                   f"({len(SQLITE_MIGRATIONS)}): update the bot")
            for target in range(version, len(SQLITE_MIGRATIONS)):
                # executescript cannot take parameters; the version is our own integer
                conn.executescript(f"BEGIN; {SQLITE_MIGRATIONS[target]} PRAGMA user_version = {target + 1}; COMMIT;")
        except BaseException:
            conn.close()
            raise
        return conn

    def _connect_reader(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        for pragma in ("query_only=1", "busy_timeout=5000"):
            conn.execute(f"PRAGMA {pragma}").fetchall()
        return conn

    async def _close(self) -> None:
        # the connections close on their threads, after the work queued before (it completes)
        if self._reader_thread is not None:
            await self._reader_thread.call(self._finish_reader)
            self._reader_thread.stop()
            self._reader_thread = None
        if self._checkpointer is not None:
            self._checkpointer.stop()
            self._checkpointer = None
        if self._thread is not None:
            await self._run(self._finish)
            self._thread.stop()
            self._thread = None
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def _finish_reader(self) -> None:
        reader, self._reader = self._reader, None
        if reader is not None:
            reader.close()

    def _finish(self) -> None:
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:  # keep the planner's statistics fresh, within a bounded cost
            conn.execute("PRAGMA analysis_limit = 400").fetchall()
            conn.execute("PRAGMA optimize").fetchall()
        except sqlite3.Error:
            pass
        conn.close()

    async def _run(self, fn: Callable, *args: Any) -> Any:
        """Run `fn(*args)` on the database thread: one hop."""
        if self._thread is None:
            raise RuntimeError("storage is not open")
        return await self._thread.call(fn, *args)

    async def _read(self, fn: Callable, *args: Any) -> Any:
        if self._reader_thread is not None:
            return await self._reader_thread.call(self._in_reader, fn, args)
        return await self._run(self._in_conn, fn, args)

    def _in_reader(self, fn: Callable, args: tuple) -> Any:
        if self._reader is None:
            raise RuntimeError("storage is not open")
        return fn(self._reader, *args)

    async def _write(self, fn: Callable, *args: Any) -> Any:
        return await self._run(self._in_transaction, fn, args)

    def _in_conn(self, fn: Callable, args: tuple) -> Any:
        if self._conn is None:
            raise RuntimeError("storage is not open")
        return fn(self._conn, *args)

    def _in_transaction(self, fn: Callable, args: tuple) -> Any:
        conn = self._conn
        if conn is None:
            raise RuntimeError("storage is not open")
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(conn, *args)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # some errors already rolled back; keep the original error
                conn.execute("ROLLBACK")
            raise
        return result

    async def schema_version(self) -> int:
        return await self._read(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0])

    def _one(self, sql: str, params: dict) -> Callable:
        shards = self._shards

        def query(conn: sqlite3.Connection) -> GameRow | None:
            row = conn.execute(sql, {**params, **shards}).fetchone()
            return None if row is None else game_from_row(row)
        return query

    def _many(self, sql: str, params: dict) -> Callable:
        shards = self._shards

        def query(conn: sqlite3.Connection) -> list[GameRow]:
            return [game_from_row(row) for row in conn.execute(sql, {**params, **shards})]
        return query

    # -- games -----------------------------------------------------------------
    async def create_game(self, guild_id: int, channel_id: int, slug: str, options: dict, seed: int,
                          creator_id: int, creator_name: str, meta: dict) -> tuple[GameRow, SeatRow]:
        at = now()
        row = GameRow(0, guild_id, channel_id, slug, dict(options), seed, "lobby", creator_id, 0, None, at, at,
                      dict(meta), False)
        seat = SeatRow(0, creator_id, creator_name)
        values = (guild_id, channel_id, slug, dumps(options), seed, creator_id, at, at, dumps(meta))

        def create(conn: sqlite3.Connection) -> int:
            try:
                cursor = conn.execute(
                    "INSERT INTO games (guild_id, channel_id, slug, options, seed, status, creator_id,"
                    " created_at, updated_at, meta) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)", values)
            except sqlite3.IntegrityError as error:
                if "games.channel_id" in str(error):
                    raise ChannelBusy(f"channel {channel_id} already has a game") from None
                raise
            conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                         (cursor.lastrowid, creator_id, creator_name))
            return cursor.lastrowid

        row.id = await self._write(create)
        return row, seat

    async def update_game(self, game_id: int, **fields: Any) -> None:
        check_fields(fields)
        status = fields.get("status")
        if "status" in fields and status not in RUNNING + ENDED:
            raise StorageError(f"unknown game status {status!r}")
        params: dict[str, Any] = {"id": game_id}
        for column in UPDATABLE:
            params[f"set_{column}"] = column in fields
            params[column] = fields.get(column)
        if "meta" in fields:
            params["meta"] = dumps(fields["meta"])
        if "announce" in fields:
            params["announce"] = int(bool(fields["announce"]))

        def update(conn: sqlite3.Connection) -> None:
            if conn.execute(_UPDATE_GAME, params).rowcount != 1:
                raise StorageError(f"there is no game {game_id}")
            if status in ENDED:
                conn.execute(_KEEP_LAST, (game_id, game_id))

        await self._write(update)

    async def start_game(self, game_id: int, state: dict, meta: dict) -> None:
        values = {"id": game_id, "meta": dumps(meta), "at": now()}
        text = dumps(state)

        def start(conn: sqlite3.Connection) -> None:
            cursor = conn.execute("UPDATE games SET status = 'active', meta = :meta, announce = 1, updated_at = :at"
                                  " WHERE id = :id AND status = 'lobby'", values)
            if cursor.rowcount != 1:
                raise VersionConflict(f"game {game_id} is not in its lobby any more")
            version = conn.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0]
            conn.execute(_INSERT_SNAPSHOT, (game_id, version, text))

        await self._write(start)

    async def record(self, game_id: int, action: ActionRow, state: dict, *, status: str | None = None,
                     meta: dict | None = None, announce: bool = True) -> None:
        if status is not None and status not in RUNNING + ENDED:
            raise StorageError(f"unknown game status {status!r}")
        game = {"id": game_id, "seq": action.seq, "at": action.created_at, "status": status,
                "meta": None if meta is None else dumps(meta), "announce": int(announce)}
        row = action_values(game_id, action)
        snap = (game_id, action.seq, dumps(state))
        prune = (game_id, action.seq - SNAPSHOTS_KEPT)

        def record(conn: sqlite3.Connection) -> None:
            if conn.execute(_RECORD_GAME, game).rowcount != 1:
                raise VersionConflict(f"game {game_id} is no longer at version {action.seq - 1}")
            conn.execute(_INSERT_ACTION, row)
            conn.execute(_INSERT_SNAPSHOT, snap)
            if status in ENDED:
                conn.execute(_KEEP_LAST, (game_id, game_id))
            elif action.seq % PRUNE_EVERY == 0 and prune[1] > 0:
                conn.execute(_PRUNE_OLD, prune)

        await self._write(record)

    async def snapshot(self, game_id: int, seq: int | None = None) -> tuple[int, dict] | None:
        def read(conn: sqlite3.Connection) -> tuple[int, dict] | None:
            if seq is None:
                found = conn.execute("SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                                     (game_id,)).fetchone()
            else:
                found = conn.execute("SELECT seq, state FROM snapshots WHERE game_id = ? AND seq = ?",
                                     (game_id, seq)).fetchone()
            return None if found is None else (found[0], json.loads(found[1]))

        return await self._read(read)

    async def game(self, game_id: int) -> GameRow | None:
        return await self._read(self._one(_GAME, {"id": game_id}))

    async def running_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._read(self._one(_RUNNING_IN_CHANNEL, {"channel": channel_id}))

    async def last_in_channel(self, channel_id: int) -> GameRow | None:
        return await self._read(self._one(_LAST_IN_CHANNEL, {"channel": channel_id}))

    async def running(self, guild_id: int | None = None) -> list[GameRow]:
        if guild_id is None:
            return await self._read(self._many(_RUNNING, {}))
        return await self._read(self._many(_RUNNING_IN_GUILD, {"guild": guild_id}))

    async def count_running(self) -> int:
        shards = self._shards
        return await self._read(lambda conn: conn.execute(_COUNT_RUNNING, shards).fetchone()[0])

    async def idle(self, status: str, before: float, limit: int = 500) -> list[GameRow]:
        return await self._read(self._many(_IDLE, {"status": status, "before": before, "limit": limit}))

    async def due(self, before: float, limit: int = 500) -> list[GameRow]:
        return await self._read(self._many(_DUE, {"before": before, "limit": limit}))

    async def needing_announce(self) -> list[GameRow]:
        return await self._read(self._many(_ANNOUNCE, {}))

    async def running_of_user(self, guild_id: int, user_id: int) -> list[GameRow]:
        return await self._read(self._many(_OF_USER, {"guild": guild_id, "user": user_id}))

    # -- seats -----------------------------------------------------------------
    async def seats(self, game_id: int) -> list[SeatRow]:
        def read(conn: sqlite3.Connection) -> list[SeatRow]:
            rows = conn.execute("SELECT seat, user_id, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
            return [SeatRow(*row) for row in rows]

        return await self._read(read)

    async def add_seat(self, game_id: int, seat: SeatRow) -> None:
        def add(conn: sqlite3.Connection) -> None:
            try:
                conn.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                             (game_id, seat.seat, seat.user_id, seat.name))
            except sqlite3.IntegrityError as error:
                if "FOREIGN KEY" in str(error):
                    raise StorageError(f"there is no game {game_id}") from None
                raise StorageError(f"seat {seat.seat} of game {game_id} is taken") from None

        await self._write(add)

    async def remove_seat(self, game_id: int, seat: int) -> None:
        def remove(conn: sqlite3.Connection) -> None:
            if conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat)).rowcount != 1:
                raise StorageError(f"seat {seat} of game {game_id} is empty")
            # two steps, so no intermediate row collides with the primary key
            conn.execute("UPDATE seats SET seat = -seat WHERE game_id = ? AND seat > ?", (game_id, seat))
            conn.execute("UPDATE seats SET seat = -seat - 1 WHERE game_id = ? AND seat < 0", (game_id,))

        await self._write(remove)

    async def update_seat(self, game_id: int, seat: int, user_id: int | None, name: str) -> None:
        def update(conn: sqlite3.Connection) -> None:
            cursor = conn.execute("UPDATE seats SET user_id = ?, name = ? WHERE game_id = ? AND seat = ?",
                                  (user_id, name, game_id, seat))
            if cursor.rowcount != 1:
                raise StorageError(f"seat {seat} of game {game_id} is empty")

        await self._write(update)

    # -- log -------------------------------------------------------------------
    async def actions(self, game_id: int, since: int = 0) -> list[ActionRow]:
        def read(conn: sqlite3.Connection) -> list[ActionRow]:
            rows = conn.execute(f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
                                (game_id, since))
            return [action_from_row(row) for row in rows]

        return await self._read(read)

    async def last_choice_seq(self, game_id: int, user_id: int) -> int:
        def read(conn: sqlite3.Connection) -> int:
            found = conn.execute("SELECT max(seq) FROM actions WHERE game_id = ? AND user_id = ? AND kind = 'choice'",
                                 (game_id, user_id)).fetchone()
            return found[0] or 0

        return await self._read(read)

    # -- settings --------------------------------------------------------------
    async def guild_settings(self, guild_id: int) -> dict:
        def read(conn: sqlite3.Connection) -> dict:
            found = conn.execute("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)).fetchone()
            return {} if found is None else json.loads(found[0])

        return await self._read(read)

    async def set_guild_settings(self, guild_id: int, values: dict) -> None:
        def write(conn: sqlite3.Connection) -> None:
            found = conn.execute("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,)).fetchone()
            merged = merge_settings({} if found is None else json.loads(found[0]), values)
            conn.execute("INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?)"
                         " ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings",
                         (guild_id, dumps(merged)))

        await self._write(write)

    async def dm_enabled(self, user_id: int) -> bool:
        def read(conn: sqlite3.Connection) -> bool:
            found = conn.execute("SELECT dm_enabled FROM user_settings WHERE user_id = ?", (user_id,)).fetchone()
            return True if found is None else bool(found[0])

        return await self._read(read)

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO user_settings (user_id, dm_enabled) VALUES (?, ?)"
                         " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled",
                         (user_id, int(enabled)))

        await self._write(write)

    async def dm_mode(self, user_id: int) -> str:
        def read(conn: sqlite3.Connection) -> str:
            found = conn.execute("SELECT dm_enabled, dm_mode FROM user_settings WHERE user_id = ?",
                                 (user_id,)).fetchone()
            return dm_mode_of(found)

        return await self._read(read)

    async def set_dm_mode(self, user_id: int, mode: str) -> None:
        def write(conn: sqlite3.Connection) -> None:
            conn.execute("INSERT INTO user_settings (user_id, dm_enabled, dm_mode) VALUES (?, ?, ?)"
                         " ON CONFLICT (user_id) DO UPDATE SET dm_enabled = excluded.dm_enabled,"
                         " dm_mode = excluded.dm_mode", (user_id, int(mode != "off"), mode))

        await self._write(write)
