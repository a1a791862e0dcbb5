"""Items 4 and 5: restore time and memory for many stored active games.

`build_db` plays bot-vs-bot games and stores snapshots taken at random mid-game points
as active games (rows written in bulk on the Storage connection, in exactly the format
`Storage` writes: games, seats, the action log up to that point, and the snapshot).
`measure` then runs a fresh `Sessions(storage).restore()` in a child process, so the
resident-memory delta is not blurred by what the parent allocated before.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

from . import common  # noqa: F401  (sets sys.path)
from .common import PLAYERS, ROOT, rss_mb

import games
from bot.storage import Storage
from games.core import play


@dataclass
class Stored:
    slug: str
    seed: int
    seq: int
    moves: list
    snapshot: str


def collect(slug: str, count: int, per_playout: int, rnd: random.Random) -> tuple[list[Stored], list[Stored]]:
    """`count` mid-game snapshots of `slug` (plus the finished games they came from)."""
    rules = games.get(slug)
    active: list[Stored] = []
    finished: list[Stored] = []
    seed = 0
    while len(active) < count:
        states = []
        result = play(rules, PLAYERS, seed, on_step=lambda s, d: states.append(s))
        # states[i] is the state after i choices; skip the fresh setup and the final state.
        middle = range(1, len(states) - 1)
        for i in sorted(rnd.sample(middle, min(per_playout, len(middle), count - len(active)))):
            snap = json.dumps(rules.dump(states[i]), separators=(",", ":"))
            active.append(Stored(slug, seed, i, result.moves[:i], snap))
        final = json.dumps(rules.dump(result.final), separators=(",", ":"))
        finished.append(Stored(slug, seed, len(result.moves), result.moves, final))
        seed += 1
    return active, finished


async def _insert(db_path: Path, items: list[Stored], status: str, first_id: int) -> None:
    storage = Storage(str(db_path))
    await storage.open()
    db = storage.db
    now = time.time()
    game_rows, seat_rows, action_rows, snap_rows = [], [], [], []
    for n, item in enumerate(items):
        gid = first_id + n
        options = games.get(item.slug).resolve_options(None)
        game_rows.append((gid, 1, 10_000 + gid, item.slug, json.dumps(options), item.seed, status,
                          5_000 + gid, item.seq, None, now, now))
        users = [5_000 + gid, 900_000 + gid, None]  # two humans and a bot seat
        for seat, uid in enumerate(users):
            seat_rows.append((gid, seat, uid, "Bot 1" if uid is None else f"Player {seat + 1}"))
        for seq, (seat, choice) in enumerate(item.moves, start=1):
            action_rows.append((gid, seq, "choice", seat, users[seat], json.dumps(choice), "[]", "{}", 0, now))
        snap_rows.append((gid, item.seq, item.snapshot))
    await db.execute("BEGIN")
    await db.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", game_rows)
    await db.executemany("INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)", seat_rows)
    await db.executemany(
        "INSERT INTO actions (game_id, seq, kind, seat, user_id, choice, lines, private_lines, revealed, created_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", action_rows)
    await db.executemany("INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)", snap_rows)
    await db.commit()
    await storage.close()


def build_db(db_path: Path, slugs, total: int, per_playout: int, seed: int = 7) -> tuple[list[Stored], list[Stored], float]:
    """Store `total` active games split evenly over `slugs`; returns (active, finished, seconds)."""
    start = time.perf_counter()
    rnd = random.Random(seed)
    active: list[Stored] = []
    finished: list[Stored] = []
    share = [total // len(slugs) + (1 if i < total % len(slugs) else 0) for i in range(len(slugs))]
    for slug, count in zip(slugs, share):
        a, f = collect(slug, count, per_playout, rnd)
        active += a
        finished += f
    rnd.shuffle(active)  # interleave games as a real database would
    asyncio.run(_insert(db_path, active, "active", 1))
    return active, finished, time.perf_counter() - start


def add_history(db_path: Path, finished: list[Stored], count: int, first_id: int) -> None:
    """Add `count` finished games (cycling through the finished playouts) to the database."""
    items = [finished[i % len(finished)] for i in range(count)]
    asyncio.run(_insert(db_path, items, "finished", first_id))


def measure(db_path: Path, memory: bool = True) -> dict:
    """Run the restore measurement in a fresh interpreter; returns its JSON result."""
    cmd = [sys.executable, "-m", "bench.restore", str(db_path)] + ([] if memory else ["--time-only"])
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"restore child failed:\n{proc.stderr}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


# -- child process -------------------------------------------------------------------
async def _child(db_path: str, memory: bool) -> dict:
    from bot.session import Sessions

    out: dict = {"db_mb": Path(db_path).stat().st_size / 2**20}
    storage = Storage(db_path)
    await storage.open()

    gc.collect()
    rss0 = rss_mb()
    start = time.perf_counter()
    sessions = Sessions(storage)
    count = await sessions.restore()
    out["restore_s"] = time.perf_counter() - start
    out["games"] = count
    gc.collect()
    out["rss_delta_mb"] = rss_mb() - rss0
    out["rss_mb"] = rss_mb()

    # Where the restore time goes (second pass, same data; the OS cache is warm either way).
    t = time.perf_counter()
    rows = await storage.games("status IN ('lobby', 'active')")
    out["t_games_s"] = time.perf_counter() - t
    ids = [r.id for r in rows]
    t = time.perf_counter()
    await storage.seats_by_game(ids)
    out["t_seats_s"] = time.perf_counter() - t
    t = time.perf_counter()
    snaps = await storage.snapshots(ids)
    out["t_snapshots_s"] = time.perf_counter() - t  # SQL read + json.loads of the wanted rows
    by_slug: dict[str, list[dict]] = {}
    for row in rows:
        by_slug.setdefault(row.slug, []).append(snaps[row.id][1])
    t = time.perf_counter()
    per_slug_load = {}
    for slug, datas in by_slug.items():
        rules = games.get(slug)
        t0 = time.perf_counter()
        for data in datas:
            rules.load(data)
        per_slug_load[slug] = {"games": len(datas), "load_ms_per_game": 1000 * (time.perf_counter() - t0) / len(datas)}
    out["t_load_s"] = time.perf_counter() - t
    out["per_slug"] = per_slug_load

    if memory:
        del sessions
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        sessions = Sessions(storage)
        await sessions.restore()
        gc.collect()
        current, peak = tracemalloc.get_traced_memory()
        out["traced_mb"] = (current - base) / 2**20
        out["traced_peak_mb"] = (peak - base) / 2**20
        tracemalloc.stop()
        del sessions
        gc.collect()
        # Per game type: memory held by the loaded state objects alone.
        for slug, datas in by_slug.items():
            rules = games.get(slug)
            tracemalloc.start()
            base = tracemalloc.get_traced_memory()[0]
            states = [rules.load(d) for d in datas]
            gc.collect()
            held = tracemalloc.get_traced_memory()[0] - base
            tracemalloc.stop()
            del states
            per_slug_load[slug]["state_kb"] = held / 1024 / len(datas)
    await storage.close()
    return out


if __name__ == "__main__":
    result = asyncio.run(_child(sys.argv[1], "--time-only" not in sys.argv[2:]))
    print(json.dumps(result))
