"""Figure 3: `Storage.record` next to a raw insert + commit of the same bytes.

Both write to SQLite files in one temp dir with the storage's pragmas (WAL,
synchronous=NORMAL). The samples alternate, so both see the same machine load:

* record: `await storage.record(game_id, action, state)` on a started game, as
  `Sessions.choose` calls it (the action row, the snapshot, the game row's version, meta
  and announce flag in one transaction on the storage's database thread, serialisation
  of the state included).
* raw (the baseline of the target): the same bytes (the action row's values and the
  state's JSON, serialised before the clock starts) as ONE row of a bare table,
  `BEGIN; INSERT; COMMIT` with plain sqlite3 on the calling thread: the least a durable
  write of those bytes costs.
* raw awaited (the like-for-like baseline the target is judged on): the same raw insert +
  commit of the state serialised inside the timing, run on one database thread and awaited
  from the event loop, the way any async bot has to write (issue 11's "3.3x" was measured
  against such a write: aiosqlite's execute + commit).
* same SQL (a further baseline): the storage's own three statements (game row update,
  action insert, snapshot upsert) with the same pre-serialised values in one transaction,
  plain sqlite3 on the calling thread, on a database in the storage's schema. record
  minus this is what the storage layer itself adds (thread hop, serialisation, Python).

The breakdown shows two of record's extras: the hop to the database thread (a no-op
call awaited there) and `json.dumps` of the state.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import common  # noqa: F401  (sets sys.path)
from .common import PLAYERS

import games
from bot.session import Sessions
from bot.storage import ActionRow, open_storage
from bot.storage.codec import action_values, dumps
from bot.storage.sqlite import _INSERT_ACTION, _INSERT_SNAPSHOT, _RECORD_GAME
from games.core import play

RAW_PRAGMAS = ("journal_mode=WAL", "synchronous=NORMAL", "wal_autocheckpoint=20000")


@dataclass
class RecordStats:
    record: list[float] = field(default_factory=list)
    raw: list[float] = field(default_factory=list)
    raw_awaited: list[float] = field(default_factory=list)
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


async def _bench(tmp: Path, samples: int) -> RecordStats:
    stats = RecordStats()
    moves = _moves(samples)
    other = open_storage(str(tmp / "same.db"))  # a game in the storage's schema for the same-SQL baseline
    await other.open()
    other_game = await _started(other)
    await other.close()
    same = _connect(tmp / "same.db")
    storage = open_storage(str(tmp / "record.db"))
    await storage.open()
    raw = _connect(tmp / "raw.db")
    raw.execute("CREATE TABLE raw (game_id INTEGER, seq INTEGER, kind TEXT, seat INTEGER, user_id INTEGER,"
                " choice TEXT, lines TEXT, private_lines TEXT, revealed INTEGER, created_at REAL, state TEXT)")
    thread = concurrent.futures.ThreadPoolExecutor(max_workers=1)  # the awaited baseline's database thread
    loop = asyncio.get_running_loop()
    awaited = await loop.run_in_executor(thread, lambda: _connect(tmp / "raw.db"))

    def insert_and_commit(row: tuple, state: dict) -> None:
        awaited.execute("BEGIN")
        awaited.execute("INSERT INTO raw VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        row + (json.dumps(state, separators=(",", ":")),))
        awaited.execute("COMMIT")
    try:
        game = await _started(storage)
        seq = game.version
        meta = dict(game.meta)
        meta_text = dumps(meta)
        for _ in range(20):  # warm both paths
            await storage._run(lambda: None)
        for n, (seat, choice, state) in enumerate(moves):
            seq += 1
            at = time.time()
            action = ActionRow(seq, "choice", seat, 1000 + seat, choice, ["Player 1 does a thing."], {}, False, at)
            values = action_values(game.id, action) + (dumps(state),)
            stats.kb.append(len(values[-1]) / 1024)
            game_values = {"id": other_game.id, "seq": seq, "at": at, "status": None, "meta": meta_text,
                           "announce": 1}
            action_row = (other_game.id,) + values[1:-1]
            snap_row = (other_game.id, seq, values[-1])
            kinds = ("record", "raw", "same", "awaited") if n % 2 == 0 else ("awaited", "same", "raw", "record")
            for kind in kinds:
                if kind == "awaited":
                    t = time.perf_counter()
                    await loop.run_in_executor(thread, insert_and_commit, values[:-1], state)
                    stats.raw_awaited.append(1000 * (time.perf_counter() - t))
                elif kind == "record":
                    t = time.perf_counter()
                    await storage.record(game.id, action, state, meta=meta, announce=True)
                    stats.record.append(1000 * (time.perf_counter() - t))
                elif kind == "same":
                    marks = [time.perf_counter()]
                    same.execute("BEGIN IMMEDIATE")
                    marks.append(time.perf_counter())
                    if same.execute(_RECORD_GAME, game_values).rowcount != 1:
                        raise RuntimeError("same-SQL baseline out of step")
                    marks.append(time.perf_counter())
                    same.execute(_INSERT_ACTION, action_row)
                    marks.append(time.perf_counter())
                    same.execute(_INSERT_SNAPSHOT, snap_row)
                    marks.append(time.perf_counter())
                    same.execute("COMMIT")
                    marks.append(time.perf_counter())
                    stats.same_sql.append(1000 * (marks[-1] - marks[0]))
                    for name, a, b in zip(("begin", "update game", "insert action", "upsert snapshot", "commit"),
                                          marks, marks[1:]):
                        stats.statements.setdefault(name, []).append(1000 * (b - a))
                else:
                    t = time.perf_counter()
                    raw.execute("BEGIN")
                    raw.execute("INSERT INTO raw VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
                    raw.execute("COMMIT")
                    stats.raw.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            await storage._run(lambda: None)  # the hop alone (private API, for the breakdown only)
            stats.hop.append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            json.dumps(state, separators=(",", ":"))
            stats.dumps.append(1000 * (time.perf_counter() - t))
    finally:
        await loop.run_in_executor(thread, awaited.close)
        thread.shutdown()
        raw.close()
        same.close()
        await storage.close()
    return stats


def run(samples: int) -> RecordStats:
    with tempfile.TemporaryDirectory(prefix="bench-record-") as tmp:
        return asyncio.run(_bench(Path(tmp), samples))
