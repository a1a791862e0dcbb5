"""Figure 3: `Storage.record` next to a raw insert + commit of the same bytes.

All write to SQLite files in one temp dir with the storage's pragmas (WAL,
synchronous=NORMAL). The samples alternate, so all see the same machine load:

* record: `await storage.record(game_id, action, state)` on a started game, as
  `Sessions.choose` calls it: the game row's version, meta and announce flag, the action
  row and the snapshot in one transaction (BEGIN IMMEDIATE, three statements, COMMIT),
  four aiosqlite hops to the write connection's thread (BEGIN travels with the first
  statement); serialisation of the state included.
* raw aiosqlite (the baseline of the target): the same bytes (the action row's values and
  the state's JSON, serialised inside the timing as record does) as ONE row of a bare
  table, `await conn.execute(INSERT)` + `await conn.commit()` on an aiosqlite connection
  (two hops): the least an async bot on aiosqlite pays for a durable write of those bytes.
* raw in one hop: the same insert + commit run whole on one database thread and awaited
  from the event loop (`run_in_executor`): the shape of the hand-written database thread
  the engine ran on before it went back to aiosqlite.
* old engine's shape: the storage's own three statements in one transaction, run whole in
  one hop to a database thread, the state serialised inside the timing: what `record` cost
  on that hand-written thread.
* raw on the calling thread: the raw insert + commit with plain sqlite3, no hop at all.
* same SQL (a further baseline): the storage's own three statements with the same
  pre-serialised values in one transaction, plain sqlite3 on the calling thread, on a
  database in the storage's schema. record minus this is what the storage layer adds
  (hops, serialisation, Python).

The breakdown shows two of record's extras: one aiosqlite round trip (a `SELECT 1` on an
idle connection; record makes four) and `json.dumps` of the state.
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
from bot.session import Sessions
from bot.storage import ActionRow, open_storage
from bot.storage.codec import action_values, dumps
from bot.storage.sqlite import _INSERT_ACTION, _INSERT_SNAPSHOT, _RECORD_GAME
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
    statements: dict[str, list[float]] = field(default_factory=dict)  # same-SQL path, per statement
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


async def _started(storage) -> object:
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
_STATEMENTS = ("begin", "update game", "insert action", "upsert snapshot", "commit")


def _same_sql(conn: sqlite3.Connection, game_values: dict, action_row: tuple, snap_row: tuple) -> list[float]:
    """The storage's own transaction on plain sqlite3; the clock before and after each statement."""
    marks = [time.perf_counter()]
    conn.execute("BEGIN IMMEDIATE")
    marks.append(time.perf_counter())
    if conn.execute(_RECORD_GAME, game_values).rowcount != 1:
        raise RuntimeError("same-SQL baseline out of step")
    marks.append(time.perf_counter())
    conn.execute(_INSERT_ACTION, action_row)
    marks.append(time.perf_counter())
    conn.execute(_INSERT_SNAPSHOT, snap_row)
    marks.append(time.perf_counter())
    conn.execute("COMMIT")
    marks.append(time.perf_counter())
    return marks


async def _bench(tmp: Path, samples: int) -> RecordStats:
    stats = RecordStats()
    moves = _moves(samples)
    same_games = []
    for name in ("same.db", "old.db"):  # games in the storage's schema for the two own-SQL baselines
        other = open_storage(str(tmp / name))
        await other.open()
        same_games.append((await _started(other)).id)
        await other.close()
    same = _connect(tmp / "same.db")
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
    old = await loop.run_in_executor(thread, lambda: _connect(tmp / "old.db"))

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
            same_rows = [({"id": gid, "seq": seq, "at": at, "status": None, "meta": meta_text, "announce": 1},
                          (gid,) + values[1:-1], (gid, seq, values[-1])) for gid in same_games]
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
                    game_values, action_row, _ = same_rows[1]
                    snap_row = (same_games[1], seq, dumps(state))
                    await loop.run_in_executor(thread, _same_sql, old, game_values, action_row, snap_row)
                    stats.old_shape.append(1000 * (time.perf_counter() - t))
                elif kind == "same":
                    marks = _same_sql(same, *same_rows[0])
                    stats.same_sql.append(1000 * (marks[-1] - marks[0]))
                    for name, a, b in zip(_STATEMENTS, marks, marks[1:]):
                        stats.statements.setdefault(name, []).append(1000 * (b - a))
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


def run(samples: int) -> RecordStats:
    with tempfile.TemporaryDirectory(prefix="bench-record-") as tmp:
        return asyncio.run(_bench(Path(tmp), samples))
