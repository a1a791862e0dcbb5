"""Figure 6: time per undo at 50, 150 and 300 actions, next to the old way (replay from the seed).

Each game is played through `Sessions.choose` (every seat a fake person, bot-quality
choices) in the configuration with the longest games. Once the log holds at least N
choices in force, every click is followed by an attempt to undo it; the ones that are
allowed (nothing revealed) are timed: `Sessions.undo` (reads the log, loads the snapshot
before the choice, stores the undo) and, side by side on the same game, the old way:
`sessions.rebuild(game, kept)`, a replay of the kept choices from the seed. Both states
must be equal (the `same` column). `log read` times `sessions.kept_actions` (the whole
action log read and folded), which undo does first, to show what grows with N; the
rest of undo (snapshot load, checks, the write) follows the state's size (`state KB`).
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import common  # noqa: F401  (sets sys.path)
from .choices import new_game

import games
from bot.platform.live import SessionError
from bot.platform.sessions import Sessions
from bot.platform.storage import open_storage

LENGTHS = (50, 150, 300)
# The longest game of each title (players, options): only Petrichor's long game reaches 300.
LONGEST = {"pocket-mars": (4, None), "petrichor": (4, "length=long"), "impulse": (6, None),
           "ares-expedition": (4, None), "voidfall": (4, None)}


@dataclass
class UndoStats:
    slug: str
    length: int
    undo: list[float] = field(default_factory=list)
    replay: list[float] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)
    log_read: list[float] = field(default_factory=list)  # sessions.kept_actions alone (part of undo)
    state_kb: list[float] = field(default_factory=list)  # the restored state's JSON size
    same: bool = True


async def _bench(slug: str, samples: int, db: Path) -> dict[int, UndoStats]:
    players, options = LONGEST[slug]
    rules = games.get(slug)
    out = {n: UndoStats(slug, n) for n in LENGTHS}
    storage = open_storage(str(db))
    await storage.open()
    try:
        sessions = Sessions(storage)
        rnd = random.Random(5)
        for channel in range(1, 40):
            if all(len(s.undo) >= samples for s in out.values()):
                break
            game = await new_game(sessions, slug, channel, 1000 + channel, players, options)
            kept_count = 0
            while game.row.status == "active":
                pending = rules.pending(game.state)
                if not pending:
                    break
                seat = pending[rnd.randrange(len(pending))].seat
                await sessions.choose(game, 1000 + seat, game.stamp(seat), rules.baseline_choice(game.state, seat))
                kept_count += 1
                if game.row.status != "active":
                    break
                target = max((n for n in LENGTHS if kept_count >= n), default=None)
                if target is None or len(out[target].undo) >= samples:
                    continue
                t = time.perf_counter()
                try:
                    await sessions.undo(game, 1000 + seat)
                except SessionError:
                    continue
                undo_ms = 1000 * (time.perf_counter() - t)
                t = time.perf_counter()
                kept = await sessions.kept_actions(game.id)
                assert kept is not None  # None only for a tail read (`since`); this reads the whole log
                log_ms = 1000 * (time.perf_counter() - t)
                t = time.perf_counter()
                replayed = sessions.rebuild(game, kept)
                replay_ms = 1000 * (time.perf_counter() - t)
                stats = out[target]
                stats.undo.append(undo_ms)
                stats.replay.append(replay_ms)
                stats.log_read.append(log_ms)
                stats.kept.append(len(kept))
                restored = json.dumps(rules.dump(game.state), sort_keys=True)
                stats.same &= json.dumps(rules.dump(replayed), sort_keys=True) == restored
                stats.state_kb.append(len(restored) / 1024)
                kept_count = len(kept)
    finally:
        await storage.close()
    return out


def run(samples: int) -> list[UndoStats]:
    results: list[UndoStats] = []
    with tempfile.TemporaryDirectory(prefix="bench-undo-") as tmp:
        for slug in common.SLUGS:
            results.extend(asyncio.run(_bench(slug, samples, Path(tmp) / f"{slug}.db")).values())
    return results
