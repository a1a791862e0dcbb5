"""Figures 4 and 5: start-up, first-use loading, memory and idle checks with many stored games.

`Corpus` plays a few hundred bot-vs-bot games and keeps mid-game points of them (state
snapshot, the action rows up to it with their log lines, and the platform metadata `Sessions` would have stored:
per-seat stamps, who is to act, `moved_at`). `grow` bulk-inserts active games cycling
through those points into one SQLite database, in the storage's own schema and row
format (games with `meta` JSON and `announce`, three human seats, the action log, the
latest snapshot; `meta["due_at"]` set by the sessions' own `clocks.arm`), so the same file grows 1k -> 10k -> 50k between measurements. A few
games (IDLE_GAMES) are stored as idle for hours; all others moved a minute before `now`.

Each measurement runs in a fresh interpreter (`python -m bench.startup DB ...`) so its
RSS is its own: time until the bot could answer (storage opened + Sessions created +
`restore()`), on an empty database first (baseline) and then on this one; first-use loads
(`await sessions.get(id)`) next to `rules.load` of the same snapshot; RSS after loading
many games; `Sessions.due(now, ...)` here and on the empty database.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import common  # noqa: F401  (sets sys.path)
from .common import PLAYERS, ROOT, percentile, rss_mb

if TYPE_CHECKING:  # the child process imports the bot when it measures doing so
    from bot.platform.sessions import Sessions
    from bot.platform.storage import Storage

IDLE_GAMES = 40            # stored as idle for hours: what `due` should find
REMIND_AFTER = 3600.0      # seconds: the bot's reminder and takeover-offer delays in this bench
AFK_AFTER = 48 * 3600.0
DEFAULTS = {"reminder_minutes": REMIND_AFTER / 60, "afk_hours": AFK_AFTER / 3600}
LOAD_SAMPLES = 40          # first-use loads timed one by one


@dataclass
class Point:
    slug: str
    seed: int
    seq: int
    moves: list
    snapshot: str
    meta: dict


class Corpus:
    """Mid-game points of bot-vs-bot playouts, reused to fill many stored games."""

    def __init__(self, playouts_per_game: int, points_per_playout: int = 4, seed: int = 7) -> None:
        import games
        from bot.platform.live import restamped
        from bot.platform.storage.codec import dumps
        from games.core import fill_names, play

        rnd = random.Random(seed)
        self.points: list[Point] = []
        for slug in common.SLUGS:
            rules = games.get(slug)
            for playout_seed in range(playouts_per_game):
                trail: list[tuple] = []  # (state, pending) before each move
                result = play(rules, PLAYERS, playout_seed, on_step=lambda s, d: trail.append((s, d)))
                metas = [restamped({}, [], trail[0][1], None, 0, PLAYERS)]
                rows = []  # (seat, choice, lines, private lines, revealed) as the storage writes them
                names = [f"Player {s + 1}" for s in range(PLAYERS)]
                for i, (seat, choice) in enumerate(result.moves, start=1):
                    metas.append(restamped(metas[-1], trail[i - 1][1], trail[i][1], seat, i, PLAYERS))
                    before, after = trail[i - 1][0], trail[i][0]
                    private: dict[str, list[str]] = {}
                    for line in after.log:
                        if line.seat is not None:
                            private.setdefault(str(line.seat), []).append(fill_names(line.text, names))
                    rows.append((seat, dumps(choice), dumps([fill_names(t, names) for t in rules.log_for(after, None)]),
                                 dumps(private), int(rules.revealed(before, after))))
                middle = range(1, len(trail) - 1)
                for i in rnd.sample(middle, min(points_per_playout, len(middle))):
                    snap = dumps(rules.dump(trail[i][0]))
                    self.points.append(Point(slug, playout_seed, i, rows[:i], snap, metas[i]))
        rnd.shuffle(self.points)


def create_schema(db: Path) -> None:
    """An empty database in the storage's current schema (opened once through the storage)."""
    from bot.platform.storage import open_storage

    async def go() -> None:
        storage = open_storage(str(db))
        await storage.open()
        await storage.close()
    asyncio.run(go())


def grow(db: Path, corpus: Corpus, first_id: int, count: int, now: float, chunk: int = 2_000) -> float:
    """Insert active games first_id .. first_id+count-1 in bulk (chunks keep the builder's memory
    small); returns seconds taken."""
    start = time.perf_counter()
    conn = sqlite3.connect(str(db), isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL").fetchall()
        for low in range(first_id, first_id + count, chunk):
            _insert(conn, corpus, range(low, min(low + chunk, first_id + count)), now)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    finally:
        conn.close()
    return time.perf_counter() - start


def _insert(conn: sqlite3.Connection, corpus: Corpus, ids: range, now: float) -> None:
    import games
    from bot.platform.sessions import Sessions
    from bot.platform.storage.codec import dumps

    options = {slug: dumps(games.get(slug).resolve_options(None)) for slug in common.SLUGS}
    # `due_at` (the next reminder) is set exactly as Sessions sets it after a move: by its clocks'
    # `arm` (an older checkout's `Sessions._arm`). The storage-less Sessions is only asked for that,
    # which never reads the storage.
    sessions = Sessions(None, defaults=DEFAULTS)  # type: ignore[arg-type]
    arm = getattr(getattr(sessions, "clocks", None), "arm", None) or getattr(sessions, "_arm", None)
    game_rows, seat_rows, action_rows, snap_rows = [], [], [], []
    for gid in ids:
        point = corpus.points[gid % len(corpus.points)]
        users = [10_000_000 + gid * 4 + s for s in range(PLAYERS)]
        idle = gid % max(1, 50_000 // IDLE_GAMES) == 7 and gid <= 50_000
        moved = now - (6 * 3600 if idle else 60)
        meta = dict(point.meta, moved_at=moved)
        if arm is not None:
            arm(meta, point.seq, moved)
        game_rows.append((gid, 1000 + gid % 700, 5_000_000 + gid, point.slug, options[point.slug], point.seed,
                          "active", users[0], point.seq, 9_000_000 + gid, moved - 3600, moved,
                          dumps(meta), 0))
        for seat, uid in enumerate(users):
            seat_rows.append((gid, seat, uid, f"Player {seat + 1}"))
        for seq, (seat, choice, lines, private, revealed) in enumerate(point.moves, start=1):
            action_rows.append((gid, seq, "choice", seat, users[seat], choice, lines, private, revealed, moved))
        snap_rows.append((gid, point.seq, point.snapshot))
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games (id, guild_id, channel_id, slug, options, seed, status, creator_id,"
                     " version, turn_message_id, created_at, updated_at, meta, announce)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", game_rows)
    conn.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)", seat_rows)
    conn.executemany("INSERT INTO actions (game_id, seq, kind, seat, user_id, choice, lines, private_lines,"
                     " revealed, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", action_rows)
    conn.executemany("INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)", snap_rows)
    conn.execute("COMMIT")


def measure(db: Path, empty: Path, loaded: int, now: float) -> dict:
    """Run the child measurement in a fresh interpreter; returns its JSON result."""
    cmd = [sys.executable, "-m", "bench.startup", str(db), str(empty), str(loaded), repr(now)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"start-up child failed:\n{proc.stderr[-3000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def run(stored: tuple[int, ...], loaded: int, playouts_per_game: int) -> tuple[list[dict], float]:
    """Measure each stored count in turn (the database grows in place); (results, build seconds)."""
    results = []
    build = 0.0
    now = time.time()
    t = time.perf_counter()
    corpus = Corpus(playouts_per_game)
    build += time.perf_counter() - t
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        db, empty = Path(tmp) / "games.db", Path(tmp) / "empty.db"
        create_schema(db)
        create_schema(empty)
        have = 0
        for count in stored:
            build += grow(db, corpus, have + 1, count - have, now)
            have = count
            # Few games are loaded for the smaller databases; the largest gets the full count.
            result = measure(db, empty, loaded if count == stored[-1] else min(loaded, 200), now)
            result["stored"] = count
            result["points"] = len(corpus.points)
            results.append(result)
    return results, build


# -- child process -------------------------------------------------------------------
async def _answer(path: str) -> tuple[float, Storage, Sessions]:
    """Seconds until the bot could answer: storage opened, Sessions created, restore() done."""
    from bot.platform.sessions import Sessions
    from bot.platform.storage import open_storage

    t = time.perf_counter()
    storage = open_storage(path)
    await storage.open()
    sessions = Sessions(storage, defaults=DEFAULTS)
    await sessions.restore()
    return time.perf_counter() - t, storage, sessions


async def _due_ms(sessions, now: float, repeat: int = 5) -> tuple[float, int]:
    times, found = [], 0
    for _ in range(repeat):
        t = time.perf_counter()
        found = len(await sessions.due(now, REMIND_AFTER, AFK_AFTER))
        times.append(1000 * (time.perf_counter() - t))
    return percentile(times, 50), found


def _due_plan(db: str, now: float) -> str:
    """SQLite's plan for the storage's idle-check query (private SQL, for the report only)."""
    try:
        from bot.platform.storage.sqlite import _DUE
    except ImportError:
        return "n/a"
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        params = {"before": now, "limit": 500, "all_shards": 1, "shard_count": 1, "shard_ids": "[0]"}
        rows = conn.execute("EXPLAIN QUERY PLAN " + _DUE, params).fetchall()
        return "; ".join(str(row[-1]) for row in rows)
    except sqlite3.Error as error:
        return f"n/a ({error})"
    finally:
        conn.close()


async def _child(db: str, empty: str, loaded: int, now: float) -> dict:
    out: dict = {"db_mb": Path(db).stat().st_size / 2**20}
    gc.collect()
    out["rss_start_mb"] = rss_mb()
    # Baseline: the same start-up on an empty database (once to warm lazy imports, then timed).
    _, storage, _ = await _answer(empty)
    await storage.close()
    out["answer_empty_s"], empty_storage, empty_sessions = await _answer(empty)
    out["due_empty_ms"], _ = await _due_ms(empty_sessions, now)
    await empty_storage.close()

    out["answer_s"], storage, sessions = await _answer(db)
    out["rss_answer_mb"] = rss_mb()

    import games

    ids = [row.id for row in await storage.running()]
    rnd = random.Random(3)
    rnd.shuffle(ids)
    load_ms, base_ms = [], []
    for gid in ids[:LOAD_SAMPLES]:
        t = time.perf_counter()
        game = await sessions.get(gid)
        load_ms.append(1000 * (time.perf_counter() - t))
        snap = await storage.snapshot(gid)
        assert snap is not None  # every game stored by _insert has its snapshot
        seq, data = snap
        text = json.dumps(data)
        t = time.perf_counter()
        games.get(game.row.slug).load(json.loads(text))
        base_ms.append(1000 * (time.perf_counter() - t))
    out["load_p50_ms"], out["load_p99_ms"] = percentile(load_ms, 50), percentile(load_ms, 99)
    out["rules_load_p50_ms"] = percentile(base_ms, 50)

    t = time.perf_counter()
    for gid in ids[LOAD_SAMPLES:loaded]:
        await sessions.get(gid)
    out["bulk_load_s"] = time.perf_counter() - t
    out["loaded"] = len(sessions.live)
    gc.collect()
    out["rss_loaded_mb"] = rss_mb()
    # Idle checks last: `due` loads the games that are due, which may evict loaded ones.
    out["due_none_ms"], _ = await _due_ms(sessions, now - 8 * 3600)  # a time when no stored game was idle yet
    out["due_ms"], out["due_found"] = await _due_ms(sessions, now)
    await storage.close()
    out["due_plan"] = _due_plan(db, now)
    return out


if __name__ == "__main__":
    db_arg, empty_arg, loaded_arg, now_arg = sys.argv[1:5]
    print(json.dumps(asyncio.run(_child(db_arg, empty_arg, int(loaded_arg), float(now_arg)))))
