"""Figure 7 (`--load`): the real path (`realpath.py`, the bot under SimCord) printed side by
side with the old in-process figure (`load.py`) measured in the same run."""

from __future__ import annotations

import os
import time
import traceback

from . import load, realpath
from .realpath import _ms, report_real_step
from .common import (SLUGS, TARGET_BOTS_RATIO, TARGET_SUSTAINED, Section, Settings, f1, loadavg, percentile as p,
                     table)


def report_load_step(r: load.StepResult) -> None:
    ph = ", ".join(f"{k} {p(v, 50) * 1000:.1f}/{p(v, 99) * 1000:.1f}" for k, v in r.phases.items())
    done = max(len(r.latencies), 1)
    print(f"   {r.rate:>4}/s offered {r.offered:6.1f}/s achieved {r.achieved:6.1f}/s  p50 {r.p(50) * 1000:5.0f} ms "
          f"p99 {r.p(99) * 1000:5.0f} ms  {'ok' if r.ok() else 'NOT SUSTAINED'}  | loop lag p99 "
          f"{p(r.loop_lag, 99) * 1000:.0f} ms, CPU/click main {1000 * r.main_cpu_s / done:.1f} ms + render workers "
          f"{1000 * r.worker_cpu_s / done:.1f} ms, think {p(r.think_ms, 50):.1f} ms | phase p50/p99 ms: {ph}"
          f"{f' | failed {r.failed}' if r.failed else ''}{f' | no free table {r.no_table}' if r.no_table else ''}"
          f" | load avg {loadavg()}", flush=True)


def _real(settings: Settings, workers: int, bot_level: str = realpath.BOT_LEVEL) -> list[realpath.RealStep]:
    print(f"\n7. Load through the real path: GameHostBot and discord.py under SimCord; {settings.real_tables} tables "
          f"(cycling {', '.join(SLUGS)}), 3 simulated people each; moves arrive as a Poisson process, "
          f"{settings.load_step_s:.0f} s per rate. Every request takes a {realpath.RTT * 1000:.0f} ms round trip; "
          f"requests outside the interaction endpoints share Discord's global limit of {realpath.GLOBAL_LIMIT}/s "
          f"(429 + retry_after beyond it). Images: "
          f"{f'RenderPool({workers} workers)' if workers else 'drawn in the bot process'}. Click-to-board = the "
          "move's last click -> the table's channel shows it.", flush=True)
    try:
        with Section("load, real path", single_core=False):
            return realpath.run(settings.load_rates, settings.load_step_s, settings.real_tables, workers,
                                bot_tables=settings.bot_tables, unlimited_rate=max(settings.load_rates),
                                progress=report_real_step, bot_level=bot_level)
    except Exception:  # noqa: BLE001 - the bench reports, it never fails
        print(f"\n[load, real path] FAILED:\n{traceback.format_exc()}", flush=True)
        return []


def _in_process(settings: Settings, workers: int) -> list[load.StepResult]:
    print(f"\n7b. Baseline, the old in-process figure: {settings.load_games} tables driven by calling Sessions, "
          f"Publisher helpers and the RenderPool directly, each Discord round trip an asyncio.sleep"
          f"({load.RTT * 1000:.0f} ms); no discord.py, no Take turn, no DMs, no limit. Click-to-board = arrival -> "
          "turn message edit done.", flush=True)
    try:
        with Section("load, in-process", single_core=False):
            results, _ = load.run(settings.load_rates, settings.load_step_s, settings.load_games, report_load_step,
                                  workers)
            return results
    except Exception:  # noqa: BLE001
        print(f"\n[load, in-process] FAILED:\n{traceback.format_exc()}", flush=True)
        return []


def run_load(settings: Settings, workers: int | None, started: float, bot_level: str = realpath.BOT_LEVEL) -> None:
    workers = (os.cpu_count() or 1) if workers is None else workers  # as load.run and run_bots_only count
    real = _real(settings, workers, bot_level)
    old = _in_process(settings, workers)
    by_rate = {r.rate: r for r in old}
    swept = [r for r in real if r.label == realpath.RATES]
    real_by_rate = {r.rate: r for r in swept}
    rows = []
    for rate in settings.load_rates:
        r, o = real_by_rate.get(rate), by_rate.get(rate)
        mine = ([f1(r.achieved), _ms(r.p(50)), _ms(r.p(99)), f"{r.bot_cpu_ms:.1f}",
                 f"{1000 * r.worker_cpu_s / r.moves:.1f}", r.late_acks,
                 f"{r.interaction_requests / r.moves:.1f} + {r.other_requests / r.moves:.1f}", r.rate_limited]
                if r else ["-"] * 8)
        baseline = ([f1(o.achieved), _ms(o.p(50)), _ms(o.p(99)),
                     f"{1000 * o.main_cpu_s / max(len(o.latencies), 1):.1f}"] if o else ["-"] * 4)
        rows.append([f"{rate:g}", *mine, *baseline])
    if len(swept) < len(settings.load_rates):
        print(f"   (the real path saturated at {swept[-1].rate:g}/s offered: the higher rates were not run)"
              if swept else "   (the real path did not run)")
    print(table("   Real path (SimCord) vs the old in-process figure, same run: moves/s achieved, click-to-board ms, "
                "the bot's main-process CPU ms per move (real path: without SimCord's backend and the people) and "
                "its render workers', clicks answered after Discord's 3 s, HTTP requests per move",
                ["offered/s", "real moves/s", "p50", "p99", "CPU/move", "workers", "late answers",
                 "req/move int+other", "429s",
                 "in-proc moves/s", "p50", "p99", "CPU/move"], rows))
    unlimited = [r for r in real if r.label == realpath.NO_LIMIT]
    for r in unlimited:
        print(f"   {realpath.NO_LIMIT}: {r.rate:g}/s offered -> {r.achieved:.1f} moves/s, p99 {_ms(r.p(99))} ms, "
              f"the bot's main-process CPU {r.bot_cpu_ms:.1f} ms/move + render workers "
              f"{1000 * r.worker_cpu_s / r.moves:.1f}, clicks answered after 3 s: {r.late_acks}")
    if swept:
        moves = sum(r.moves for r in swept)
        other = sum(r.other_requests for r in swept) / moves
        print(f"   Requests per move over the sweep: {sum(r.interaction_requests for r in swept) / moves:.2f} on "
              f"interaction endpoints + {other:.2f} under the global limit: one bot token tops out near "
              f"{realpath.GLOBAL_LIMIT / max(other, 1e-9):.0f} moves/s whatever the CPU.")
    _report_bots(real)
    n_real = max((round(r.rate) for r in swept if r.ok()), default=0)
    n_old = load.sustained(old)
    print(f"   target >= {TARGET_SUSTAINED} moves/s through the real path on this machine: "
          f"{'PASS' if n_real >= TARGET_SUSTAINED else 'MISS'} (in-process figure: {n_old}/s)")
    print(f"\nTotal {time.perf_counter() - started:.0f} s. Targets are informational; exit status is always 0.")
    print(f"sustained: {n_real} moves/s through the real path (in-process figure {n_old}/s) with p99 click-to-board "
          "under 1 s")


def run_bots_only(settings: Settings, workers: int | None, level: str) -> None:
    """Figure 7's bots rows alone (`--load --bots-only`): the tables opened and the bot tables
    primed as in the whole run, no rate sweep, then the three rows and their summary."""
    workers = os.cpu_count() or 1 if workers is None else workers
    print(f"\n7, bots rows only: {settings.real_tables} tables + {settings.bot_tables} Voidfall co-op tables, one "
          f"person and two bot seats at {level} each; other tables' clicks at {min(settings.load_rates)}/s for "
          f"{2 * settings.load_step_s:.0f} s a row, without the global limit. Images: RenderPool({workers} "
          f"workers). Load average before: {loadavg()}", flush=True)
    try:
        with Section("load, real path, bots rows", single_core=False):
            real = realpath.run(settings.load_rates, settings.load_step_s, settings.real_tables, workers,
                                bot_tables=settings.bot_tables, progress=report_real_step, bot_level=level,
                                sweep=False)
    except Exception:  # noqa: BLE001 - the bench reports, it never fails
        print(f"\n[load, real path, bots rows] FAILED:\n{traceback.format_exc()}", flush=True)
        return
    _report_bots(real)
    print(f"   load avg after: {loadavg()}")


def _report_bots(real: list[realpath.RealStep]) -> None:
    rows_of = {r.label: r for r in real}
    base = rows_of.get(realpath.NO_BOTS)
    if base is None:
        return
    rows = []
    for label in (realpath.NO_BOTS, realpath.BOTS_WORKER, realpath.BOTS_THREAD):
        r = rows_of.get(label)
        if r is None:
            continue
        ratio = r.p(99) / base.p(99) if base.latencies and r.latencies else float("nan")
        rows.append([label, len(r.latencies), _ms(r.p(50)), _ms(r.p(99)), f"{ratio:.2f}x",
                     _ms(p(r.loop_lag, 99)), f"{r.bot_cpu_ms:.1f}", r.bot_decisions, r.bot_in_process,
                     f"{r.thinker_cpu_s:.1f}"])
    print(table(f"   Other tables' click-to-board at {base.rate:g}/s while bot seats think (target: p99 within "
                f"{TARGET_BOTS_RATIO:g}x of the run without bots)",
                ["", "moves", "p50 ms", "p99 ms", "p99 vs no bots", "loop lag p99", "bot CPU ms/move",
                 "bot decisions", "in bot process", "worker CPU s"], rows))
    worker = rows_of.get(realpath.BOTS_WORKER)
    if worker is not None and base.latencies and worker.latencies:
        ratio = worker.p(99) / base.p(99)
        print(f"   bots thinking in the worker: other tables' p99 {ratio:.2f}x of without bots: "
              f"{'PASS' if ratio <= TARGET_BOTS_RATIO else 'MISS'} at <= {TARGET_BOTS_RATIO:g}x")
