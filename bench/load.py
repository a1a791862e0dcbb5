"""Figure 7b (`--load`, the baseline printed beside the real path of `realpath.py`): many
games, clicks arriving at random at rising rates, through the interaction path as far as it
goes without Discord or discord.py (the old in-process figure).

Games: `load_games` tables of the three real games, 3 seats each, every seat a fake person,
on a SQLite file in a temp dir, with a `RenderPool` of one worker per core. Clicks arrive as
a Poisson process at the offered rate; each picks a game with no click in flight and a seat
that has a decision, and the seat's choice (the game's own bot, `baseline_choice`, the simulated player's
thinking, on the same loop: its cost is printed as bench overhead). Then, as `ui.submit` and
`Publisher` do, with each Discord HTTP round trip replaced by `asyncio.sleep(RTT)`:

  1. look the game up and pre-check the stamp; defer the interaction (RTT)
  2. `Sessions.choose(game, user, game.stamp(seat), choice)`
  3. the clicker's panel: `sessions.recap`, the private view and image (only if the clicker
     still has a decision), the Components V2 panel; edit the interaction response (RTT)
  4. the public view and image, the turn message's text; edit it, or post a new one when
     someone new must act (RTT)  <- the board is updated: click-to-board ends here
  5. then (not in the latency): `set_turn_message` for a new message, the old one
     superseded (2 RTT), a DM per newly pinged seat (`dm_enabled` + RTT), `mark_announce`.

Images are drawn through `RenderPool.draw`, as the bot is configured to (the publisher in
the tree draws them inline; see the README). A finished game posts its results and is
replaced by a new table (not timed).
"""

from __future__ import annotations

import asyncio
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import common  # noqa: F401  (sets sys.path)
from .choices import new_game
from .common import RateStep, percentile, processes_cpu

from bot.shell import messages, panels
from bot.shell.ui import decision as ui, table as ui_table
from bot.platform.render_pool import RenderPool
from bot.platform.sessions import Sessions
from bot.platform.storage import open_storage

RTT = 0.060  # seconds per simulated Discord HTTP round trip
ON_TIME = 1.0  # a click counts as achieved when its board was updated within this long after the step


@dataclass
class StepResult(RateStep):
    rate: int
    seconds: float
    arrivals: int = 0
    latencies: list[float] = field(default_factory=list)  # arrival -> board edit done, seconds
    done_by_end: int = 0  # board updated before the step's end + ON_TIME
    failed: int = 0
    no_table: int = 0  # arrivals that found every table busy
    loop_lag: list[float] = field(default_factory=list)
    phases: dict[str, list[float]] = field(default_factory=dict)
    main_cpu_s: float = 0.0
    worker_cpu_s: float = 0.0
    think_ms: list[float] = field(default_factory=list)

    def p(self, q: float) -> float:
        return percentile(self.latencies, q)

    def ok(self) -> bool:
        return self.arrivals > 0 and self.achieved >= 0.95 * self.offered and self.p(99) < 1.0


def _worker_cpu(pool: RenderPool) -> float:
    """CPU seconds used so far by the pool's worker processes (Linux /proc)."""
    return processes_cpu(pool.worker_pids())


class Driver:
    def __init__(self, sessions: Sessions, pool: RenderPool, tables: int, seed: int = 11) -> None:
        self.sessions = sessions
        self.pool = pool
        self.tables = tables
        self.rnd = random.Random(seed)
        self.games: list = []
        self.busy: set[int] = set()
        self.channel = 0
        self.message_id = 10**12
        self.background: set[asyncio.Task] = set()

    async def setup(self) -> None:
        for n in range(self.tables):
            self.games.append(await self._new_table(common.SLUGS[n % len(common.SLUGS)]))

    async def _new_table(self, slug: str):
        self.channel += 1
        game = await new_game(self.sessions, slug, self.channel, 50_000 + self.channel, guild=7)
        await self.sessions.set_turn_message(game, self._message())
        return game

    def _message(self) -> int:
        self.message_id += 1
        return self.message_id

    def _spawn(self, coro) -> None:
        task = asyncio.create_task(coro)
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    def _pick(self):
        """A table with no click in flight and a seat with a decision, or None."""
        for _ in range(20):
            index = self.rnd.randrange(len(self.games))
            game = self.games[index]
            if game.id in self.busy or game.row.status != "active":
                continue
            pending = game.rules.pending(game.state)
            if pending:
                return index, game, pending[self.rnd.randrange(len(pending))].seat
        return None

    async def click(self, index: int, game, seat: int, choice, arrival: float, result: StepResult,
                    end: float) -> None:
        sessions, rules, slug = self.sessions, game.rules, game.row.slug
        user = 1000 + seat
        phases = result.phases
        try:
            game = await sessions.get(game.id)  # ui.game_here
            stamp = game.stamp(seat)
            sessions.check_stamp(game, user, stamp)  # ui.submit's pre-check
            await asyncio.sleep(RTT)  # 1. defer
            t = time.perf_counter()
            step = await sessions.choose(game, user, stamp, choice)  # 2.
            phases.setdefault("choose", []).append(time.perf_counter() - t)
            t = time.perf_counter()  # 3. the clicker's panel
            shown, more = panels.tail(await sessions.recap(game, user))
            phases.setdefault("recap", []).append(time.perf_counter() - t)
            names = game.names()
            decision = rules.decision_for(game.state, seat) if game.row.status == "active" else None
            if decision is not None:
                t = time.perf_counter()
                view = rules.view(game.state, seat)
                phases.setdefault("views (sync)", []).append(time.perf_counter() - t)
                t = time.perf_counter()
                await self.pool.draw("private", slug, view, names)
                phases.setdefault("private image", []).append(time.perf_counter() - t)
            t = time.perf_counter()
            if decision is not None:
                decision = panels.with_names(decision, names)
                heading = panels.describe(decision, 0, 0)
            else:
                heading = f"Nothing to decide right now. Waiting for {sessions.waiting_on(game)}."
            recap = "**Since your last move**\n" + "\n".join(panels.bullets(shown)) if shown else ""
            ui.panel_view(game, seat, recap, heading, decision, 0, set(), image=decision is not None,
                          recap_more=more)
            phases.setdefault("panel (sync)", []).append(time.perf_counter() - t)
            await asyncio.sleep(RTT)  # edit_original_response
            t = time.perf_counter()  # 4. the public board
            view = rules.view(game.state, None)
            phases.setdefault("views (sync)", []).append(time.perf_counter() - t)
            t = time.perf_counter()
            await self.pool.draw("public", slug, view, names)
            phases.setdefault("public image", []).append(time.perf_counter() - t)
            t = time.perf_counter()
            newly = set()
            if game.row.status == "finished":
                messages.results(game)
            else:
                messages.turn_content(game, "\n".join(step.texts()), sessions.waiting_on(game))
                ui_table.turn_view(game.id)
                newly = set(game.to_act()) - set(step.to_act_before)
            phases.setdefault("turn message (sync)", []).append(time.perf_counter() - t)
            await asyncio.sleep(RTT)  # edit (or post) the turn message
            done = time.perf_counter()
            result.latencies.append(done - arrival)
            result.done_by_end += done <= end + ON_TIME
        except Exception:  # noqa: BLE001 - counted; the bench goes on
            result.failed += 1
            self.busy.discard(game.id)
            return
        self.busy.discard(game.id)
        # 5. after the board: bookkeeping and notifications (not part of click-to-board)
        if game.row.status == "finished":
            self._spawn(self._replace(index, slug))
            return
        if newly:
            await sessions.set_turn_message(game, self._message())
            await asyncio.sleep(2 * RTT)  # fetch + edit the superseded message
            for s in sorted(newly):
                await sessions.storage.dm_enabled(game.seats[s].user_id)
                await asyncio.sleep(RTT)
        await sessions.mark_announce(game, pending=False, version=game.version)

    async def _replace(self, index: int, slug: str) -> None:
        self.games[index] = await self._new_table(slug)

    async def _lag_monitor(self, result: StepResult, stop: asyncio.Event) -> None:
        while not stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            result.loop_lag.append(time.perf_counter() - t - 0.01)

    async def step(self, rate: int, seconds: float, seed: int) -> StepResult:
        result = StepResult(rate, seconds)
        arrivals = random.Random(seed)
        stop = asyncio.Event()
        monitor = asyncio.create_task(self._lag_monitor(result, stop))
        clicks: list[asyncio.Task] = []
        cpu0, workers0 = time.process_time(), _worker_cpu(self.pool)
        start = time.perf_counter()
        end = start + seconds
        at = start + arrivals.expovariate(rate)
        while at < end:
            delay = at - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            result.arrivals += 1
            picked = self._pick()
            if picked is None:
                result.no_table += 1
            else:
                index, game, seat = picked
                t = time.perf_counter()
                choice = game.rules.baseline_choice(game.state, seat)  # the simulated player's thinking
                result.think_ms.append(1000 * (time.perf_counter() - t))
                self.busy.add(game.id)
                clicks.append(asyncio.create_task(self.click(index, game, seat, choice, at, result, end)))
            at += arrivals.expovariate(rate)
        if clicks:
            await asyncio.wait(clicks, timeout=30)
        result.main_cpu_s = time.process_time() - cpu0
        result.worker_cpu_s = _worker_cpu(self.pool) - workers0
        stop.set()
        await monitor
        while self.background:  # let notifications and replacements finish before the next step
            await asyncio.wait(list(self.background), timeout=10)
        return result


async def _run(rates: tuple[int, ...], seconds: float, tables: int, db: Path, workers: int,
               progress=None, profiler=None) -> list[StepResult]:
    storage = open_storage(str(db))
    await storage.open()
    pool = RenderPool(workers)
    try:
        sessions = Sessions(storage)
        driver = Driver(sessions, pool, tables)
        await driver.setup()
        # Warm the workers (imports, fonts, glyph caches) and the loop: a short unreported step.
        await asyncio.gather(*(pool.draw(kind, g.row.slug, g.rules.view(g.state, 0 if kind == "private" else None),
                                         g.names()) for g in driver.games[:12] for kind in ("public", "private")))
        await driver.step(min(rates), 1.5, seed=0)
        results = []
        for n, rate in enumerate(rates, start=1):
            if profiler is not None:
                profiler.enable()
            result = await driver.step(rate, seconds, seed=n)
            if profiler is not None:
                profiler.disable()
            results.append(result)
            if progress:
                progress(result)
        return results
    finally:
        pool.close()
        await storage.close()


def run(rates: tuple[int, ...], seconds: float, tables: int, progress=None,
        workers: int | None = None, profiler=None) -> tuple[list[StepResult], int]:
    """Drive the steps; `workers` render processes (default: one per core; 0 draws inline);
    `profiler` (a cProfile.Profile) is enabled during the measured steps only."""
    workers = (os.cpu_count() or 1) if workers is None else workers
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        return asyncio.run(_run(rates, seconds, tables, Path(tmp) / "load.db", workers, progress,
                                    profiler)), workers


def sustained(results: list[StepResult]) -> int:
    """The highest offered rate whose achieved rate was >= 95% of offered with p99 < 1 s."""
    return max((r.rate for r in results if r.ok()), default=0)

