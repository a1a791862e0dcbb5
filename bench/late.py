"""Figure 9: a move's CPU cost early in a game (its first 20% of moves) vs late (its last 20%).

One seeded bot game per case is played through the contract (`games.core.play`'s choices),
keeping every state. For states sampled evenly from each window, each part of a move is run
`reps` times on the same state and the cheapest run kept (CPU time of this thread, so waiting
for a shared core does not count): apply, pending, view (public, then every seat), bot_choice,
dump + json.dumps. The same game is then played again through `Sessions.choose` on a SQLite
file (every seat a fake person), timing each click's process CPU time: apply, dump and the
stored record together, as the bot does it. A late/early ratio near 1 means a move costs the
same whatever the length of the game so far.

Beside it (9b), memory per game early and late, for every title: on the same sampled states, the
stored snapshot's JSON size and what the state takes in memory once loaded from it (`rules.load`,
measured with tracemalloc); and, playing the game again through `Sessions.choose` (first seed),
what the sessions keep of its log in memory (`ActionTails`, a copy measured with tracemalloc) in
the same windows. A loaded game holds both.
"""

from __future__ import annotations

import asyncio
import json
import pickle
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable

from . import common  # noqa: F401  (sets sys.path)
from .choices import new_game
from .common import Section, f2, mark, table

import games
from bot.platform import channel_log
from bot.platform.sessions import Sessions
from bot.platform.storage import open_storage
from games.core import play

TARGET_RATIO = 1.2  # a move's CPU late in a game / early in it
WINDOW = 0.2  # share of a game's moves counted as early (first) and late (last)
PARTS = ("apply", "pending", "view public", "view seats", "bot_choice", "dump+json")
# name -> (game, players, options, full split?): Ares in full, the other games cheaply.
CASES: dict[str, tuple[str, int, str | None, bool]] = {
    "ares-expedition 2p": ("ares-expedition", 2, None, True),
    "ares-expedition 4p": ("ares-expedition", 4, None, True),
    "pocket-mars 3p": ("pocket-mars", 3, None, False),
    "petrichor 3p": ("petrichor", 3, None, False),
    "impulse 3p": ("impulse", 3, None, False),
    "voidfall 3p": ("voidfall", 3, None, False),
}


@dataclass
class LateStats:
    """Per-move CPU ms, early and late: `parts[name] = (early, late)` lists (one per sampled state)."""

    name: str
    moves: int  # moves per game (mean over the seeds)
    parts: dict[str, tuple[list[float], list[float]]] = field(default_factory=dict)
    clicks: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))  # Sessions.choose CPU ms
    # memory per game on the sampled states, early and late: snapshot JSON bytes, loaded state bytes
    snapshot: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    loaded: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    tail: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))  # the log's tail kept, bytes


def _options(rules, text: str | None) -> dict | None:
    return rules.resolve_options(dict(part.split("=", 1) for part in text.split())) if text else None


def cpu_ms(fn: Callable[[], Any], reps: int) -> float:
    """The cheapest of `reps` runs of `fn`, in thread CPU milliseconds."""
    best = float("inf")
    for _ in range(reps):
        t0 = time.thread_time()
        fn()
        best = min(best, time.thread_time() - t0)
    return 1000.0 * best


def windows(count: int) -> tuple[range, range]:
    """Indices of the early and late windows of `count` moves."""
    size = max(1, int(count * WINDOW))
    return range(0, size), range(count - size, count)


def sample(window: range, samples: int) -> list[int]:
    step = max(1, len(window) // samples)
    return list(window[::step])[:samples]


def playout(rules, players: int, seed: int, options: dict | None) -> list[tuple[Any, int, Any]]:
    """(state before, seat, choice) of every move of one seeded bot game."""
    moves = play(rules, players, seed, options).moves
    state = rules.setup(players, seed, options)
    out = []
    for seat, choice in moves:
        out.append((state, seat, choice))
        state = rules.apply(state, seat, choice)
    return out


def part_costs(rules, state, seat: int, choice, reps: int, full: bool) -> dict[str, float]:
    """CPU ms of each part of one move on `state`."""
    if not full:
        def whole() -> None:
            after = rules.apply(state, seat, choice)
            rules.pending(after)
            rules.view(after, None)
            json.dumps(rules.dump(after), separators=(",", ":"))
        return {"move": cpu_ms(whole, reps)}
    after = rules.apply(state, seat, choice)
    return {
        "apply": cpu_ms(lambda: rules.apply(state, seat, choice), reps),
        "pending": cpu_ms(lambda: rules.pending(after), reps),
        "view public": cpu_ms(lambda: rules.view(after, None), reps),
        "view seats": cpu_ms(lambda: [rules.view(after, s) for s in range(after.players)], reps),
        "bot_choice": cpu_ms(lambda: rules.bot_choice(state, seat), reps),
        "dump+json": cpu_ms(lambda: json.dumps(rules.dump(after), separators=(",", ":")), reps),
    }


def state_memory(rules, state) -> tuple[int, int]:
    """(JSON bytes of the state's snapshot, bytes the state takes once loaded from it)."""
    text = json.dumps(rules.dump(state))
    data = json.loads(text)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        loaded = rules.load(data)
        size = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    del loaded
    return len(text.encode()), size


def traced_size(make: Callable[[], Any]) -> int:
    """Bytes allocated by `make()` and still held by what it returned."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        made = make()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
        del made


async def bot_clicks(slug: str, players: int, options: str | None, seed: int,
                     db: Path) -> AsyncIterator[tuple[Sessions, Any, Callable[[], Awaitable[Any]]]]:
    """One game whose seats all click bot choices through `Sessions.choose`, on a SQLite file: before
    each click yields the sessions, the game and the click itself (the baseline bot's choice for
    the seat that is up, its stamp taken), which the caller makes."""
    rules = games.get(slug)
    storage = open_storage(str(db))
    await storage.open()
    try:
        sessions = Sessions(storage)
        game = await new_game(sessions, slug, 1, seed, players, options)
        users = [1000 + i for i in range(players)]
        while game.row.status == "active" and rules.pending(game.state):
            seat = rules.pending(game.state)[0].seat
            choice, stamp = rules.baseline_choice(game.state, seat), game.stamp(seat)
            yield sessions, game, partial(sessions.choose, game, users[seat], stamp, choice)
    finally:
        await storage.close()


async def tail_sizes(slug: str, players: int, options: str | None, seed: int, db: Path) -> list[int]:
    """Bytes of the log's tail the sessions keep in memory after every click of one bot game
    played through `Sessions.choose` (a copy of what `ActionTails` holds for the game)."""
    out = []
    async for sessions, game, click in bot_clicks(slug, players, options, seed, db):
        await click()
        # no publisher here: the channel's cursor moves as if each move's lines went out on a turn message
        posted = channel_log.Position(game.version + 1, 0)
        game.row.meta = {**game.meta, channel_log.KEY: channel_log.Cursor(posted, posted).dump()}
        kept = pickle.dumps(sessions.games.tails._tails.get(game.id))
        out.append(traced_size(lambda: pickle.loads(kept)))
    return out


async def click_costs(slug: str, players: int, options: str | None, seed: int, db: Path) -> list[float]:
    """Process CPU ms of every `Sessions.choose` of one game whose seats all click bot choices."""
    out = []
    async for _sessions, _game, click in bot_clicks(slug, players, options, seed, db):
        t0 = time.process_time()
        await click()
        out.append(1000.0 * (time.process_time() - t0))
    return out


def measure(name: str, slug: str, players: int, options: str | None, full: bool, samples: int, reps: int,
            seeds: tuple[int, ...]) -> LateStats:
    """Figure 9's samples for one case, over one seeded bot game per seed."""
    rules = games.get(slug)
    stats = LateStats(name, 0)
    for seed in seeds:
        moves = playout(rules, players, seed, _options(rules, options))
        stats.moves += len(moves)
        for which, window in enumerate(windows(len(moves))):
            for i in sample(window, samples):
                state, seat, choice = moves[i]
                for part, ms in part_costs(rules, state, seat, choice, reps, full).items():
                    stats.parts.setdefault(part, ([], []))[which].append(ms)
                snapshot, loaded = state_memory(rules, state)
                stats.snapshot[which].append(snapshot)
                stats.loaded[which].append(loaded)
        if full:
            with tempfile.TemporaryDirectory(prefix="bench-late-") as tmp:
                clicks = asyncio.run(click_costs(slug, players, options, seed, Path(tmp) / "late.db"))
            early, late = windows(len(clicks))
            stats.clicks[0].extend(clicks[i] for i in early)
            stats.clicks[1].extend(clicks[i] for i in late)
    with tempfile.TemporaryDirectory(prefix="bench-late-") as tmp:
        tails = asyncio.run(tail_sizes(slug, players, options, seeds[0], Path(tmp) / "tail.db"))
    for which, window in enumerate(windows(len(tails))):
        stats.tail[which].extend(tails[i] for i in window)
    stats.moves //= len(seeds)
    return stats


def run(quick: bool, game: str | None = None) -> list[LateStats]:
    """Every case, or only those of the game `game` (a slug)."""
    samples, reps, seeds = (12, 3, (1,)) if quick else (30, 7, (1, 2, 3))
    return [measure(name, slug, players, options, full, samples if full else samples // 2, reps, seeds)
            for name, (slug, players, options, full) in CASES.items() if game in (None, slug)]


def mean(values) -> float:
    return sum(values) / len(values) if values else float("nan")


def section(quick: bool, game: str | None = None) -> None:
    """Figure 9 as a section of `bench.run` (or alone, for one game: `--game SLUG`)."""
    with Section("late"):
        report(run(quick, game), TARGET_RATIO)


def report(results: list[LateStats], target: float) -> None:
    rows = []
    for s in results:
        parts = list(s.parts.items())
        if s.clicks[0]:
            parts.append(("Sessions.choose (process CPU)", s.clicks))
        total_e = sum(mean(e) for part, (e, _l) in s.parts.items())
        total_l = sum(mean(lt) for part, (_e, lt) in s.parts.items())
        for part, (e, lt) in parts:
            rows.append([f"{s.name} {part}", s.moves, len(e), f"{mean(e):.3f}", f"{mean(lt):.3f}",
                         f2(mean(lt) / mean(e)), "", ""])
        if len(s.parts) > 1:
            rows.append([f"{s.name} all parts", s.moves, "", f"{total_e:.3f}", f"{total_l:.3f}",
                         f2(total_l / total_e), f"<= {target}", mark(total_l / total_e, target, inclusive=True)])
        else:
            rows[-1][-2:] = [f"<= {target}", mark(mean(lt) / mean(e), target, inclusive=True)]
    print(table(f"9. A move early (first {WINDOW:.0%} of a seeded bot game) vs late (last {WINDOW:.0%}): mean CPU ms "
                "per move, cheapest of repeated runs on the same state (Sessions.choose: one run per click, "
                "SQLite record included)",
                ["game / part", "moves/game", "samples", "early ms", "late ms", "late/early", "target", ""], rows))
    rows = []
    for s in results:
        if not s.snapshot[0]:
            continue
        early = mean(s.loaded[0]) + mean(s.tail[0])
        late = mean(s.loaded[1]) + mean(s.tail[1])
        rows.append([s.name, f"{mean(s.snapshot[0]) / 1024:.1f}", f"{mean(s.snapshot[1]) / 1024:.1f}",
                     f"{mean(s.loaded[0]) / 1024:.1f}", f"{mean(s.loaded[1]) / 1024:.1f}",
                     f"{mean(s.tail[0]) / 1024:.1f}", f"{mean(s.tail[1]) / 1024:.1f}",
                     f"{early / 1024:.1f}", f"{late / 1024:.1f}", f2(late / early)])
    print(table("9b. Memory per game early vs late (KB): the stored snapshot (JSON), the state once loaded from it "
                "and the log's tail the sessions keep (in memory, tracemalloc), and the two together",
                ["game", "snapshot early", "late", "state early", "late", "log tail early", "late",
                 "together early", "late", "late/early"], rows))


if __name__ == "__main__":
    import sys

    args = sys.argv[1:]
    section("--quick" in args, args[args.index("--game") + 1] if "--game" in args else None)
