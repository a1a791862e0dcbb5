"""Bot players think in a separate process, so a slow look-ahead never holds the event loop.

A bot decision can take a tenth of a second or more (Voidfall's co-op bots, and every `hard`
bot: a search of up to HARD_SECONDS of CPU), and Python threads share one interpreter lock: on a
thread in the bot process it delays every other table's clicks. `BotThinker` sends the seat's
state, dumped (the games' dump/load is exact), to a worker process at a lower priority
(WORKER_NICENESS), which loads it and returns `rules.bot_choice` at the asked level, or the
search's analysis for a coach (`analyse`: Suggest and the guided game). The worker is spawned on
first use and reused; it thinks one decision at a time, as the old bot thread did.

Under load the budget shrinks, never a person's wait: a searching decision may think
`hard_seconds / (1 + queued)` CPU seconds, `queued` being the thoughts already asked for and not
yet answered (by any table); from SHED_QUEUE queued thoughts on it thinks not at all and plays the
normal bot's pick. Bot seats, stand-ins, Suggest and the coach all go through here; a decision with
a single legal option never reaches the worker (the platform plays it at once).

Nothing is ever lost: a crashed worker is replaced and the decision retried; a game a fresh
interpreter does not know (a test game registered at run time), or a decision the worker
fails on (a state that does not load there, a handler some module registers on import that
the worker lacks), is thought about on the in-process bot thread instead, with a warning.
Importing `games` gives a worker every game with all its handlers: games register by construction.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

import games
from games.core.levels import HARD, HARD_SECONDS, NORMAL, BotRequest, UnknownBotLevel, analyse
from games.core.search import SearchResult

log = logging.getLogger(__name__)

CRASH_RETRIES = 2  # fresh workers tried for one decision before it is thought about in-process
RESTING_S = 60.0  # after a decision used up its retries, think in-process this long before trying workers again
PARENT_CHECK_S = 1.0  # how often a worker checks that the bot process is still alive
WORKER_NICENESS = 10  # a long look-ahead yields the cores to the process answering people's clicks
SHED_QUEUE = 6  # thoughts waiting at once from which a searching level thinks no more (the normal pick)
IN_PROCESS_SECONDS = 0.2  # a search on the in-process fallback thread holds the interpreter lock: short


class UnknownGame(KeyError):
    """The worker's fresh interpreter has no game with this slug (a game registered at run time)."""


@dataclass(frozen=True)
class Thought:
    """A worker's answer: the choice, or why it could not think about this state."""

    choice: Any = None
    analysis: SearchResult | None = None  # asked to analyse: the search's pick and its estimates
    unknown_game: bool = False
    error: str | None = None  # the worker failed on this decision: think in-process


@dataclass(frozen=True)
class Ask:
    """What a worker is asked: a bot's choice at `request.level`, or (`analysis`) the hard search's
    pick with every candidate's estimate, for a coach."""

    request: BotRequest = BotRequest(NORMAL)
    analysis: bool = False


class NoAnalysis(UnknownBotLevel):
    """The game has no searching level to analyse with (its one bot only)."""


def answer(rules, state, seat: int, ask: Ask) -> Thought:
    """The thought about `state` for `seat` (in a worker or on the fallback thread)."""
    request = ask.request
    if not ask.analysis:
        if request == BotRequest(NORMAL):
            return Thought(choice=rules.bot_choice(state, seat))
        return Thought(choice=rules.bot_choice(state, seat, request.level, request.budget, request.work))
    if HARD not in rules.bot_levels():
        raise NoAnalysis(f"{rules.title} has no searching bot level")
    return Thought(analysis=analyse(rules, state, seat, request))


def _watch_parent(parent: int) -> None:
    """Exit when the bot process is gone (killed): an orphaned worker would wait forever."""
    while True:
        time.sleep(PARENT_CHECK_S)
        if os.getppid() != parent:
            os._exit(0)


def _start_worker(parent: int) -> None:
    if hasattr(os, "nice"):  # not on Windows; there the worker runs at the bot's priority
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _think_in_worker(slug: str, dumped: dict, seat: int, ask: Ask = Ask()) -> Thought:
    """Runs in the worker: load the state and let the game's bot choose (or analyse)."""
    rules = games.REGISTRY.get(slug)
    if rules is None:
        return Thought(unknown_game=True)
    try:
        return answer(rules, rules.load(dumped), seat, ask)
    except NoAnalysis:
        raise
    except Exception as error:  # noqa: BLE001 - reported; the bot process thinks in-process instead
        return Thought(error=f"{type(error).__name__}: {error}")


class BotThinker:
    """Bot decisions computed in `processes` worker processes (spawned on first use); with 0,
    on the in-process bot thread (the old way, kept for comparison and small machines)."""

    def __init__(self, processes: int = 1, hard_seconds: float = HARD_SECONDS) -> None:
        self.processes = processes
        self.hard_seconds = hard_seconds  # a searching decision's CPU seconds with nothing queued
        self.work: int | None = None  # a cap on a search's simulated steps (tests that must repeat exactly)
        self.queued = 0  # thoughts asked for and not yet answered
        self.budgets: list[float] = []  # the budget of each searching thought, in order (tests, benches)
        self._pool: ProcessPoolExecutor | None = None
        # In-process fallback: one thread, so a game's module-level scratch state is used one at a time.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot-player")
        self._unknown: set[str] = set()  # slugs the workers do not know: always thought in-process
        self.decisions = 0  # bot decisions asked for, for benchmarks and tests
        self.in_process = 0  # of them thought about in-process (fallbacks and processes=0)
        self.restarts = 0  # workers replaced after a crash
        self.worker_errors = 0  # decisions the worker failed on (then thought about in-process)
        self._resting_until = 0.0  # workers kept crashing: in-process until then (perf_counter seconds)

    def _worker_knows(self, rules) -> bool:
        """Whether a worker can have these rules: a game of the `games` package (a test game
        registered at run time never is), not already found missing there."""
        return (type(rules).__module__.startswith(f"{games.__name__}.") and rules.slug not in self._unknown
                and time.perf_counter() >= self._resting_until)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # no inherited event loop, sockets or locks
            self._pool = ProcessPoolExecutor(self.processes, mp_context=context, initializer=_start_worker,
                                             initargs=(os.getpid(),))
        return self._pool

    def _replace_broken(self, broken: ProcessPoolExecutor) -> None:
        if self._pool is broken:
            broken.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            self.restarts += 1

    def budget(self) -> float:
        """The CPU seconds a searching thought asked for now may take (see the module's docstring)."""
        if self.queued >= SHED_QUEUE:
            return 0.0
        return self.hard_seconds / (1 + self.queued)

    def _request(self, level: str, searching: bool) -> BotRequest:
        if not searching:
            return BotRequest(level)
        budget = self.budget()
        self.budgets.append(budget)
        return BotRequest(level, budget, self.work)

    async def think(self, rules, state, seat: int, level: str = NORMAL) -> Any:
        """The bot player's choice for `seat` in `state` at `level` (a level the game does not offer
        plays as its normal bot)."""
        thought = await self._ask(rules, state, seat, Ask(self._request(level, level == HARD)))
        return thought.choice

    async def analyse(self, rules, state, seat: int) -> SearchResult:
        """The hard search's pick for `seat` with every candidate's estimated winning chance, from
        that seat's information only (a coach's recommendation and its reason). NoAnalysis when the
        game has no searching level."""
        thought = await self._ask(rules, state, seat, Ask(self._request(HARD, True), analysis=True))
        assert thought.analysis is not None
        return thought.analysis

    async def _ask(self, rules, state, seat: int, ask: Ask) -> Thought:
        self.queued += 1
        try:
            return await self._answer(rules, state, seat, ask)
        finally:
            self.queued -= 1

    async def _answer(self, rules, state, seat: int, ask: Ask) -> Thought:
        loop = asyncio.get_running_loop()
        self.decisions += 1
        if self.processes > 0 and self._worker_knows(rules):
            dumped = rules.dump(state)
            for attempt in range(CRASH_RETRIES + 1):
                pool = self._executor()
                try:
                    thought = await loop.run_in_executor(pool, _think_in_worker, rules.slug, dumped, seat, ask)
                except BrokenProcessPool:
                    log.warning("bot thinking worker died (attempt %d); starting a new one", attempt + 1)
                    self._replace_broken(pool)
                    continue
                if thought.unknown_game:
                    self._unknown.add(rules.slug)
                    break
                if thought.error is not None:
                    log.warning("the bot worker failed on a %s decision (%s); thinking in-process",
                                rules.slug, thought.error)
                    self.worker_errors += 1
                    break
                return thought
            else:
                log.error("bot thinking workers keep dying; thinking in-process for %.0f s", RESTING_S)
                self._resting_until = time.perf_counter() + RESTING_S
        self.in_process += 1
        request = ask.request
        if request.budget is not None or ask.analysis or request.level == HARD:
            short = min(IN_PROCESS_SECONDS, request.budget if request.budget is not None else HARD_SECONDS)
            ask = Ask(BotRequest(request.level, short, request.work), ask.analysis)
        return await loop.run_in_executor(self._thread, answer, rules, state, seat, ask)

    def worker_pids(self) -> list[int]:
        """Process ids of the live workers (for CPU accounting and tests)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    def close(self) -> None:
        """Stop the workers; the next decision spawns new ones."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


BOT_THINKER = BotThinker()
atexit.register(BOT_THINKER.close)
