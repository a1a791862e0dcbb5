"""Benchmark entry point: `python -m bench.run [--quick] [--profile]` (or `python bench/run.py`).

Prints one table per figure (see bench/README.md). Targets are shown next to the
figures as PASS/MISS; the exit status is 0 either way.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench import choices, restore, throughput  # noqa: E402
from bench.common import (  # noqa: E402
    PLAYERS, SLUGS, TARGET_CHOICE_P99_MS, TARGET_RENDER_MS, TARGET_RESTORE_S, Settings, mark, percentile, table,
)


def f1(x: float) -> str:
    return f"{x:.1f}"


def f2(x: float) -> str:
    return f"{x:.2f}"


def p(values, q) -> float:
    return percentile(values, q)


def report_choices(results: dict[str, choices.ChoiceStats]) -> None:
    rows = []
    for slug, s in results.items():
        p99 = p(s.total, 99)
        rows.append([slug, len(s.total), f1(p(s.total, 50)), f1(p99), f1(max(s.total)),
                     f"< {TARGET_CHOICE_P99_MS:.0f}", mark(p99, TARGET_CHOICE_P99_MS)])
    print(table(f"1. Choice handling: Sessions.choose (apply + SQLite record) + views + public & private render, "
                f"{PLAYERS} players [ms]",
                ["game", "choices", "p50", "p99", "max", "target p99", ""], rows))
    rows = []
    for slug, s in results.items():
        rows.append([slug,
                     f"{f2(p(s.choose, 50))} / {f2(p(s.choose, 99))}",
                     f"{f2(p(s.apply, 50))} / {f2(p(s.apply, 99))}",
                     f"{f2(p(s.dump, 50))} / {f2(p(s.dump, 99))}",
                     f"{f2(p(s.view, 50))} / {f2(p(s.view, 99))}",
                     f"{f1(p(s.public, 50))} / {f1(p(s.private, 50))}",
                     f1(p(s.snapshot_kb, 50)),
                     f"{s.games_started}/{s.games_finished}"])
    print(table("   Breakdown, p50 / p99 [ms] (apply and dump re-timed outside choose; "
                "persist = choose - apply - dump)",
                ["game", "choose", "  apply", "dump+json", "views", "render pub/priv p50", "snapshot KB",
                 "games started/finished"], rows))


def report_render(results: dict[str, choices.ChoiceStats]) -> None:
    rows = []
    for slug, s in results.items():
        for kind, times, sizes, draw, enc in (("public", s.public, s.public_kb, s.draw_pub, s.encode_pub),
                                              ("private", s.private, s.private_kb, s.draw_priv, s.encode_priv)):
            p99 = p(times, 99)
            rows.append([f"{slug} {kind}", len(times), f1(p(times, 50)), f1(p99),
                         f"{f1(p(draw, 50))} / {f1(p(enc, 50))}",
                         f1(p(sizes, 50)), f1(max(sizes)), f"< {TARGET_RENDER_MS:.0f}", mark(p99, TARGET_RENDER_MS)])
    print(table("2. Render (render_public / render_private incl. PNG encode) from mid-game views",
                ["game / image", "n", "p50 ms", "p99 ms", "draw/encode p50 ms", "PNG KB p50", "PNG KB max",
                 "target p99 ms", ""], rows))


def report_throughput(results: dict[str, throughput.Throughput]) -> None:
    rows = [[slug, t.games, f1(t.seconds), f2(t.games_per_s), f"{t.choices_per_s:,.0f}", f2(t.ms_per_choice),
             f1(t.choices_per_game)] for slug, t in results.items()]
    print(table(f"3. Bot-vs-bot play via games.core.play, {PLAYERS} players, no persistence (one core)",
                ["game", "games", "seconds", "games/s", "choices/s", "ms/choice", "choices/game"], rows))


def report_restore(main: dict, history: dict | None, n_history: int, build_s: float) -> None:
    s = main["restore_s"]
    rows = [[f"{main['games']} active games", f2(s), f"< {TARGET_RESTORE_S:.0f}", mark(s, TARGET_RESTORE_S),
             f1(main["db_mb"]),
             f"{f2(main['t_games_s'])} / {f2(main['t_seats_s'])} / {f2(main['t_snapshots_s'])} / {f2(main['t_load_s'])}"]]
    if history is not None:
        h = history["restore_s"]
        rows.append([f"{history['games']} active + {n_history} finished", f2(h), f"< {TARGET_RESTORE_S:.0f}",
                     mark(h, TARGET_RESTORE_S), f1(history["db_mb"]),
                     f"{f2(history['t_games_s'])} / {f2(history['t_seats_s'])} / "
                     f"{f2(history['t_snapshots_s'])} / {f2(history['t_load_s'])}"])
    print(table(f"4. Restore: fresh Sessions(storage).restore() in a new process [s]  (database built in {build_s:.1f} s)",
                ["database", "restore s", "target", "", "DB MB", "games / seats / snapshots+json / load s"], rows))
    rows = [[slug, d["games"], f2(d["load_ms_per_game"]), f1(d.get("state_kb", float("nan")))]
            for slug, d in sorted(main["per_slug"].items())]
    print(table("   Per game type (restore)", ["game", "stored", "load ms/game", "state KB in memory"], rows))


def report_memory(main: dict) -> None:
    n = main["games"]
    rows = [
        ["tracemalloc (retained after restore)", f1(main["traced_mb"]), f1(1024 * main["traced_mb"] / n)],
        ["tracemalloc peak during restore", f1(main["traced_peak_mb"]), f1(1024 * main["traced_peak_mb"] / n)],
        ["RSS delta after restore", f1(main["rss_delta_mb"]), f1(1024 * main["rss_delta_mb"] / n)],
    ]
    print(table(f"5. Memory for {n} active games held by Sessions.live (child RSS at end {main['rss_mb']:.0f} MB)",
                ["measure", "MB total", "KB/game"], rows))


def profile_section(settings: Settings) -> None:
    """cProfile of choice handling (per game) and of a restore; top entries by own time."""
    import asyncio
    import cProfile
    import pstats

    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        for slug in SLUGS:
            prof = cProfile.Profile()
            prof.enable()
            asyncio.run(choices.bench_game(slug, min(settings.choices, 100), Path(tmp) / f"{slug}.db"))
            prof.disable()
            print(f"\n--- cProfile: choice handling, {slug} (top 15 by own time) ---")
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)
        db = Path(tmp) / "restore.db"
        restore.build_db(db, SLUGS, settings.restore_games, settings.snapshots_per_playout)
        from bench.restore import _child
        prof = cProfile.Profile()
        prof.enable()
        asyncio.run(_child(str(db), memory=False))
        prof.disable()
        print("\n--- cProfile: restore of the active games + breakdown pass (top 15 by own time) ---")
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


class Section:
    """Wall and CPU time of one section; a low CPU/wall ratio means other load shared the cores."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __enter__(self) -> "Section":
        self.wall = time.perf_counter()
        self.cpu = time.process_time()
        return self

    def __exit__(self, *exc) -> None:
        wall = time.perf_counter() - self.wall
        cpu = time.process_time() - self.cpu
        note = ""
        if self.name != "restore" and cpu / wall < 0.85:
            note = "  <- WARNING: this process got only part of a core; other load inflated these figures"
        print(f"   ({self.name}: {wall:.0f} s wall, {cpu:.0f} s CPU, CPU/wall {cpu / wall:.2f}, "
              f"load average {_loadavg()}){note}")


def _loadavg() -> str:
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:
        return "n/a"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller samples (~1 minute)")
    parser.add_argument("--profile", action="store_true", help="print cProfile top entries instead of the figures")
    parser.add_argument("--only", choices=["choices", "throughput", "restore"], action="append",
                        help="run only these sections (repeatable)")
    args = parser.parse_args(argv)
    settings = Settings.make(args.quick)
    if args.profile:
        profile_section(settings)
        return 0
    sections = set(args.only or ["choices", "throughput", "restore"])
    started = time.perf_counter()
    print(f"Board-game bot benchmarks ({'quick' if args.quick else 'full'} run, {PLAYERS} players, "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs)")

    print(f"Load average before start: {_loadavg()} (above ~0.5 means other work competes for the cores)")

    if "choices" in sections:
        with Section("choices"):
            results = choices.run(SLUGS, settings.choices)
            report_choices(results)
            report_render(results)
    if "throughput" in sections:
        with Section("throughput"):
            report_throughput(throughput.run(SLUGS, settings.throughput_s))
    if "restore" in sections:
        t = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix="bench-restore-") as tmp:
            db = Path(tmp) / "restore.db"
            _, finished, build_s = restore.build_db(db, SLUGS, settings.restore_games, settings.snapshots_per_playout)
            main_result = restore.measure(db, memory=True)
            history = None
            if settings.history_games:
                restore.add_history(db, finished, settings.history_games, settings.restore_games + 1)
                history = restore.measure(db, memory=False)
        report_restore(main_result, history, settings.history_games, build_s)
        report_memory(main_result)
        print(f"   ({time.perf_counter() - t:.0f} s)")
    print(f"\nTotal {time.perf_counter() - started:.0f} s. Targets are informational; exit status is always 0.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
