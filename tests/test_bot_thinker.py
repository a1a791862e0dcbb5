"""Bot players think in a worker process (issue 20): same choices as in-process, a crashed
worker is replaced and the decision retried, unknown games fall back to the bot thread, and
closing (or the bot process dying) leaves no worker behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

import games
from bot.platform.bot_thinker import WORKER_NICENESS, BotThinker

ROOT = Path(__file__).resolve().parent.parent


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (exited, not yet reaped) counts as gone
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _wait_gone(pid: int, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)
    return False


def _midgame(slug: str, players: int = 3, moves: int = 12):
    """A state some bot moves into a game, and a seat with a decision there."""
    rules = games.REGISTRY[slug]
    state = rules.setup(players, seed=5)
    for _ in range(moves):
        pending = rules.pending(state)
        if not pending:
            break
        seat = pending[0].seat
        state = rules.apply(state, seat, rules.bot_choice(state, seat))
    return rules, state, rules.pending(state)[0].seat


@pytest.fixture
def thinker():
    made = BotThinker()
    yield made
    made.close()


@pytest.mark.parametrize("slug", ["pocket-mars", "impulse", "petrichor"])
async def test_the_worker_chooses_what_the_bot_would_in_process(thinker, slug):
    rules, state, seat = _midgame(slug)
    before = rules.dump(state)
    choice = await thinker.think(rules, state, seat)
    assert choice == rules.bot_choice(state, seat)
    assert rules.dump(state) == before  # the live state is untouched
    assert thinker.in_process == 0 and thinker.worker_pids()


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="process priorities are POSIX")
async def test_the_worker_thinks_at_a_lower_priority_than_the_bot_process(thinker):
    """A long look-ahead (Voidfall's two-turn plan) yields the cores to the process answering
    people's clicks, so bot seats thinking slow other tables less."""
    rules, state, seat = _midgame("pocket-mars")
    await thinker.think(rules, state, seat)
    (pid,) = thinker.worker_pids()
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert os.getpriority(os.PRIO_PROCESS, pid) == min(mine + WORKER_NICENESS, 19)


async def test_a_crashed_worker_is_replaced_and_the_decision_retried(thinker):
    rules, state, seat = _midgame("pocket-mars")
    await thinker.think(rules, state, seat)
    (pid,) = thinker.worker_pids()
    os.kill(pid, signal.SIGKILL)
    assert _wait_gone(pid)
    choice = await thinker.think(rules, state, seat)  # the dead worker is noticed here
    assert choice == rules.bot_choice(state, seat)
    assert thinker.restarts >= 1 and thinker.in_process == 0
    assert thinker.worker_pids() and pid not in thinker.worker_pids()


class _AlwaysBroken(Executor):
    """A pool whose workers die on every task."""

    def __init__(self) -> None:
        self.tasks = 0

    def submit(self, fn, *args, **kwargs) -> Future:
        self.tasks += 1
        future: Future = Future()
        future.set_exception(BrokenProcessPool("a worker died"))
        return future


async def test_workers_that_keep_dying_are_rested_and_the_bot_still_plays(thinker, monkeypatch):
    broken = _AlwaysBroken()
    monkeypatch.setattr(thinker, "_executor", lambda: broken)
    rules, state, seat = _midgame("pocket-mars")
    assert await thinker.think(rules, state, seat) == rules.bot_choice(state, seat)
    assert broken.tasks == 3 and thinker.in_process == 1  # the decision was retried, then thought in-process
    assert await thinker.think(rules, state, seat) == rules.bot_choice(state, seat)
    assert broken.tasks == 3 and thinker.in_process == 2  # resting: no new worker for a while


async def test_a_game_unknown_to_a_fresh_interpreter_is_thought_about_in_process(thinker):
    rules = games.REGISTRY["tiny-duel"]  # registered by tests/conftest.py only
    state = rules.setup(2, seed=3)
    seat = rules.pending(state)[0].seat
    assert await thinker.think(rules, state, seat) == rules.bot_choice(state, seat)
    assert await thinker.think(rules, state, seat) == rules.bot_choice(state, seat)
    assert thinker.in_process == 2 and not thinker.worker_pids()  # no worker was even started for it


async def test_a_decision_the_worker_fails_on_is_thought_about_in_process(thinker, monkeypatch):
    """As Voidfall's states saved at some solo tasks once failed to load in a fresh interpreter:
    the bot process itself can still think about them."""
    rules, state, seat = _midgame("petrichor")
    expected = rules.bot_choice(state, seat)
    monkeypatch.setattr(rules, "dump", lambda state: {"not": "a state"})  # what the worker gets
    assert await thinker.think(rules, state, seat) == expected
    assert thinker.worker_errors == 1 and thinker.in_process == 1
    monkeypatch.undo()
    assert await thinker.think(rules, state, seat) == expected and thinker.in_process == 1  # the worker still serves


async def test_bot_seats_play_a_whole_game_through_the_worker(thinker):
    rules = games.REGISTRY["impulse"]
    here = there = rules.setup(3, seed=8)
    for _ in range(3000):
        if rules.outcome(there) is not None:
            break
        seat = rules.pending(there)[0].seat
        there = rules.apply(there, seat, await thinker.think(rules, there, seat))
        here = rules.apply(here, seat, rules.bot_choice(here, seat))
    assert rules.outcome(there) is not None
    assert rules.dump(there) == rules.dump(here)  # the same game as bots thinking in-process
    assert thinker.in_process == 0


async def test_with_no_processes_bots_think_on_the_bot_thread():
    thinker = BotThinker(processes=0)
    rules, state, seat = _midgame("pocket-mars")
    assert await thinker.think(rules, state, seat) == rules.bot_choice(state, seat)
    assert thinker.in_process == 1 and not thinker.worker_pids()
    thinker.close()


async def test_close_stops_the_workers(thinker):
    rules, state, seat = _midgame("pocket-mars")
    await thinker.think(rules, state, seat)
    pids = thinker.worker_pids()
    thinker.close()
    assert pids and all(_wait_gone(pid) for pid in pids)
    assert await thinker.think(rules, state, seat) == rules.bot_choice(state, seat)  # spawns anew


def _run_child(code: str) -> tuple[subprocess.CompletedProcess, int]:
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, capture_output=True,
                           text=True, timeout=60)
    assert child.returncode == 0, child.stderr
    return child, int(child.stdout.split()[-1])


def test_a_bot_process_exits_without_hanging_and_leaves_no_worker():
    child, worker = _run_child("""
        import asyncio
        import games
        from bot.platform.sessions.play import BOT_THINKER, think

        rules = games.REGISTRY["pocket-mars"]
        state = rules.setup(3, seed=1)
        asyncio.run(think(rules, state, rules.pending(state)[0].seat))
        print(BOT_THINKER.worker_pids()[0])
    """)
    assert _wait_gone(worker)


def test_a_killed_bot_process_leaves_no_orphaned_worker():
    code = textwrap.dedent("""
        import asyncio, os, sys, time
        import games
        from bot.platform.sessions.play import BOT_THINKER, think

        rules = games.REGISTRY["pocket-mars"]
        state = rules.setup(3, seed=1)
        asyncio.run(think(rules, state, rules.pending(state)[0].seat))
        print(BOT_THINKER.worker_pids()[0], flush=True)
        time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        worker = int(child.stdout.readline())
        child.kill()
        child.wait(10)
        assert _wait_gone(worker, 10)
    finally:
        child.kill()
        child.stdout.close()
