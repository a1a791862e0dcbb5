"""Figure 3: `Storage.record` next to a raw insert + commit of the same bytes.

All write to SQLite files in one temp dir with the storage's pragmas (WAL,
synchronous=NORMAL). The samples alternate, so all see the same machine load:

* record: `await storage.record(game_id, action, state)` on a started game, as
  `Sessions.choose` calls it: one statement (the storage's `record_move` view, whose
  trigger moves the game row's version, meta and announce flag, appends the action row and
  stores the snapshot), one aiosqlite hop to the write connection's thread, its own
  transaction; serialisation of the state included.
* raw aiosqlite (the baseline of the target): the same bytes (the action row's values and
  the state's JSON, serialised inside the timing as record does) as ONE row of a bare
  table, `await conn.execute(INSERT)` + `await conn.commit()` on an aiosqlite connection
  (two hops): the least an async bot on aiosqlite pays for a durable write of those bytes.
* old engine's shape: record's statement run in one hop to a plain database thread
  (`run_in_executor`), the state serialised inside the timing: what the hand-written
  database thread the engine ran on before cost for the same work.
* raw in one hop: the raw insert + commit run whole on that database thread.
* raw on the calling thread: the raw insert + commit with plain sqlite3, no hop at all.
* same SQL (a further baseline): record's statement with the same pre-serialised values,
  plain sqlite3 on the calling thread, on a database in the storage's schema. record minus
  this is what the storage layer adds (the hop, serialisation, Python).

The breakdown shows two of record's extras: one aiosqlite round trip (a `SELECT 1` on an
idle connection) and `json.dumps` of the state.

Throughput (`run_throughput`): 50 games recording moves at once for a few seconds, once
with the event loop idle and once with it busy in 2 ms slices of CPU (as a bot's loop is
while it applies moves and builds views), against 50 writers doing the raw aiosqlite
insert + commit on one connection. A write whose transaction spans several awaited hops
would serialise the writers on the loop's turns; this shows that record does not.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite

from . import common  # noqa: F401  (sets sys.path)
from .common import PLAYERS

import games
from bot.platform.live import LiveGame
from bot.platform.sessions import Sessions
from bot.platform.storage import ActionRow, Storage, open_storage
from bot.platform.storage.codec import action_values, dumps
from bot.platform.storage.sqlite import RECORD_MOVE, RECORD_MOVE_SQL
from games.core import play

RAW_PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL")  # the storage's own


@dataclass
class RecordStats:
    record: list[float] = field(default_factory=list)
    raw_aio: list[float] = field(default_factory=list)
    raw_hop: list[float] = field(default_factory=list)
    old_shape: list[float] = field(default_factory=list)
    raw: list[float] = field(default_factory=list)
    same_sql: list[float] = field(default_factory=list)
    hop: list[float] = field(default_factory=list)
    dumps: list[float] = field(default_factory=list)
    kb: list[float] = field(default_factory=list)


def _moves(count: int) -> list[tuple[int, object, dict]]:
    """(seat, choice, state after it as a dict) from bot-vs-bot playouts of every game."""
    out: list[tuple[int, object, dict]] = []
    seed = 0
    while len(out) < count:
        for slug in common.SLUGS:
            rules = games.get(slug)
            states = []
            result = play(rules, PLAYERS, seed, on_step=lambda s, d: states.append(s))
            for (seat, choice), after in zip(result.moves, states[1:]):
                out.append((seat, choice, rules.dump(after)))
        seed += 1
    random.Random(3).shuffle(out)  # every game's states, mixed
    return out[:count]


async def _started(storage: Storage) -> LiveGame:
    sessions = Sessions(storage)
    game = await sessions.create(1, 1, "pocket-mars", 1000, "Player 1")
    for uid in (1001, 1002):
        await sessions.join(game, uid, f"Player {uid - 999}")
    await sessions.start(game, 1000)
    return game


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), isolation_level=None)
    for pragma in RAW_PRAGMAS:
        conn.execute(f"PRAGMA {pragma}").fetchall()
    return conn


_RAW_TABLE = ("CREATE TABLE raw (game_id INTEGER, seq INTEGER, kind TEXT, seat INTEGER, user_id INTEGER,"
              " choice TEXT, lines TEXT, private_lines TEXT, revealed INTEGER, created_at REAL, state TEXT)")
_RAW_INSERT = "INSERT INTO raw VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"


def _record_move(conn: sqlite3.Connection, row: tuple) -> None:
    """record's statement on plain sqlite3 (autocommit: its own transaction)."""
    conn.execute(RECORD_MOVE, row)


def _storage_connection(path: Path) -> sqlite3.Connection:
    conn = _connect(path)
    conn.executescript(RECORD_MOVE_SQL)
    return conn


async def _bench(tmp: Path, samples: int) -> RecordStats:
    stats = RecordStats()
    moves = _moves(samples)
    same_games = []
    for name in ("same.db", "old.db"):  # games in the storage's schema for the two own-SQL baselines
        other = open_storage(str(tmp / name))
        await other.open()
        same_games.append((await _started(other)).id)
        await other.close()
    same = _storage_connection(tmp / "same.db")
    storage = open_storage(str(tmp / "record.db"))
    await storage.open()
    raw = _connect(tmp / "raw.db")
    raw.execute(_RAW_TABLE)
    aio = await aiosqlite.connect(str(tmp / "raw-aio.db"))  # sqlite3's default: execute opens, commit ends
    for pragma in RAW_PRAGMAS:
        await aio.execute_fetchall(f"PRAGMA {pragma}")
    await aio.execute(_RAW_TABLE)
    thread = concurrent.futures.ThreadPoolExecutor(max_workers=1)  # the one-hop baselines' database thread
    loop = asyncio.get_running_loop()
    hop_raw = await loop.run_in_executor(thread, lambda: _connect(tmp / "raw.db"))
    old = await loop.run_in_executor(thread, lambda: _storage_connection(tmp / "old.db"))

    def insert_and_commit(row: tuple, state: dict) -> None:
        hop_raw.execute("BEGIN")
        hop_raw.execute(_RAW_INSERT, row + (dumps(state),))
        hop_raw.execute("COMMIT")
    try:
        game = await _started(storage)
        seq = game.version
        meta = dict(game.meta)
        meta_text = dumps(meta)
        for _ in range(20):  # warm every path's thread
            await storage.game(game.id)
            await aio.execute_fetchall("SELECT 1")
            await loop.run_in_executor(thread, time.perf_counter)
        kinds = ("record", "aio", "hop", "old", "raw", "same")
        for n, (seat, choice, state) in enumerate(moves):
            seq += 1
            at = time.time()
            action = ActionRow(seq, "choice", seat, 1000 + seat, choice, ["Player 1 does a thing."], {}, False, at)
            values = action_values(game.id, action) + (dumps(state),)
            stats.kb.append(len(values[-1]) / 1024)
            same_rows = [(gid,) + values[1:] + (None, meta_text, 1, None) for gid in same_games]
            for kind in kinds if n % 2 == 0 else reversed(kinds):
                t = time.perf_counter()
                if kind == "record":
                    await storage.record(game.id, action, state, meta=meta, announce=True)
                    stats.record.append(1000 * (time.perf_counter() - t))
                elif kind == "aio":
                    await aio.execute(_RAW_INSERT, values[:-1] + (dumps(state),))
                    await aio.commit()
                    stats.raw_aio.append(1000 * (time.perf_counter() - t))
                elif kind == "hop":
                    await loop.run_in_executor(thread, insert_and_commit, values[:-1], state)
                    stats.raw_hop.append(1000 * (time.perf_counter() - t))
                elif kind == "old":
                    row = same_rows[1][:10] + (dumps(state),) + same_rows[1][11:]
                    await loop.run_in_executor(thread, _record_move, old, row)
                    stats.old_shape.append(1000 * (time.perf_counter() - t))
                elif kind == "same":
                    _record_move(same, same_rows[0])
                    stats.same_sql.append(1000 * (time.perf_counter() - t))
                else:
                    raw.execute("BEGIN")
                    raw.execute(_RAW_INSERT, values)
                    raw.execute("COMMIT")
                    stats.raw.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            await aio.execute_fetchall("SELECT 1")  # one aiosqlite round trip, for the breakdown
            stats.hop.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            dumps(state)
            stats.dumps.append(1000 * (time.perf_counter() - t))
    finally:
        await loop.run_in_executor(thread, hop_raw.close)
        await loop.run_in_executor(thread, old.close)
        thread.shutdown()
        await aio.close()
        raw.close()
        same.close()
        await storage.close()
    return stats


@dataclass
class Throughput:
    """Writes per second by 50 concurrent writers, with the loop idle and with it busy."""

    record_idle: float
    record_busy: float
    raw_idle: float
    raw_busy: float


WRITERS = 50
BUSY_SLICE_S = 0.002  # CPU the loop spends between two yields while "busy"


async def _keep_busy(until: float) -> None:
    while time.perf_counter() < until:
        start = time.perf_counter()
        while time.perf_counter() - start < BUSY_SLICE_S:
            pass
        await asyncio.sleep(0)


async def _writes_per_second(write, seconds: float, busy: bool) -> float:
    """How many `write(writer, n)` calls WRITERS concurrent writers complete per second."""
    until = time.perf_counter() + seconds
    done = 0

    async def writer(number: int) -> None:
        nonlocal done
        n = 0
        while time.perf_counter() < until:
            n += 1
            await write(number, n)
            done += 1

    await asyncio.gather(*(writer(w) for w in range(WRITERS)), *([_keep_busy(until)] if busy else []))
    return done / seconds


async def _throughput(tmp: Path, seconds: float) -> Throughput:
    state = _moves(1)[0][2]
    storage = open_storage(str(tmp / "throughput.db"))
    await storage.open()
    aio = await aiosqlite.connect(str(tmp / "throughput-raw.db"))
    try:
        for pragma in RAW_PRAGMAS:
            await aio.execute_fetchall(f"PRAGMA {pragma}")
        await aio.execute(_RAW_TABLE)
        games = []
        for channel in range(WRITERS):
            row, _ = await storage.create_game(1, channel, "pocket-mars", {}, 1, 1000, "Player 1", {})
            await storage.start_game(row.id, state, {})
            games.append(row.id)
        versions = [0] * WRITERS

        async def record(writer: int, n: int) -> None:
            versions[writer] += 1
            action = ActionRow(versions[writer], "choice", 0, 1000, n, ["Player 1 does a thing."], {}, False,
                               time.time())
            await storage.record(games[writer], action, state, meta={"n": n})

        async def raw(writer: int, n: int) -> None:
            action = ActionRow(n, "choice", 0, 1000, n, ["Player 1 does a thing."], {}, False, time.time())
            await aio.execute(_RAW_INSERT, action_values(writer, action) + (dumps(state),))
            await aio.commit()

        figures = []
        for busy in (False, True):
            figures.append(await _writes_per_second(record, seconds, busy))
            figures.append(await _writes_per_second(raw, seconds, busy))
        return Throughput(figures[0], figures[2], figures[1], figures[3])
    finally:
        await aio.close()
        await storage.close()


def run_throughput(seconds: float) -> Throughput:
    with tempfile.TemporaryDirectory(prefix="bench-record-") as tmp:
        return asyncio.run(_throughput(Path(tmp), seconds))


def run(samples: int) -> RecordStats:
    with tempfile.TemporaryDirectory(prefix="bench-record-") as tmp:
        return asyncio.run(_bench(Path(tmp), samples))
