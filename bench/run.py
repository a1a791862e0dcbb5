"""Benchmark entry point: `python -m bench.run [--quick] [--load [--against REF | --bots-only] [--bot-level L]] [--render-workers N] [--only ...] [--profile]`
(`--strength [ARGS]` runs the bot strength bench instead: `python -m bench.strength --help`)
(also `python3 dev.py bench ...` and `python bench/run.py ...`).

Prints each figure next to its baseline measured in the same run (see bench/README.md),
with PASS/MISS against the targets; the exit status is 0 either way.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    __package__ = "bench"

from bench import choices, late, load, paired, record, render_paired, startup, strength, throughput, undo  # noqa: E402
from bench import realpath  # noqa: E402
from bench.load_report import report_real_step, run_bots_only, run_load  # noqa: E402
from bench.common import (  # noqa: E402
    CASES, PLAYERS, SLUGS, TARGET_ANSWER_S, TARGET_CHOICE_P99_MS, TARGET_RECORD_RATIO, TARGET_RENDER_RATIO, TARGET_RSS_MB,
    Section, Settings, f1, f2, loadavg, mark, percentile as p, table,
)

SECTIONS = ["choices", "record", "startup", "undo", "throughput", "late", "render"]


def report_choices(results: dict[str, choices.ChoiceStats]) -> None:
    rows = []
    for slug, s in results.items():
        p99 = p(s.total, 99)
        rows.append([slug, len(s.total), f1(p(s.total, 50)), f1(p99), f1(max(s.total)),
                     f"{f1(p(s.cpu, 50))} / {f1(p(s.cpu, 99))}",
                     f"{f2(p(s.choose, 50))} / {f2(p(s.choose, 99))}", f"{f2(p(s.apply, 50))} / {f2(p(s.dump, 50))}",
                     f2(p(s.view, 50)), f"{f1(p(s.public, 50))} / {f1(p(s.private, 50))}", f1(p(s.snapshot_kb, 50)),
                     f"< {TARGET_CHOICE_P99_MS:.0f}", mark(p99, TARGET_CHOICE_P99_MS)])
    print(table(f"1. One click, {PLAYERS} players (voidfall-solo: 1, voidfall-coop: 3 in co-op): Sessions.choose (apply + SQLite record) + views + public image "
                "+ private image if the clicker still decides, drawn inline on one core [ms]",
                ["game", "clicks", "p50", "p99", "max", "CPU p50/p99", "choose p50/p99", "apply/dump p50", "views",
                 "pub/priv img p50", "snap KB", "target p99", ""], rows))


def report_render(results: dict[str, choices.ChoiceStats]) -> None:
    rows = []
    for slug, s in results.items():
        for kind, times, base in (("public", s.public, s.baseline), ("private", s.private, s.private_baseline)):
            if not times:
                continue
            ratio = p(times, 50) / p(base, 50)
            target = f"<= {TARGET_RENDER_RATIO}" if kind == "public" else "-"
            verdict = mark(ratio, TARGET_RENDER_RATIO, inclusive=True) if kind == "public" else ""
            split = f"{f1(p(s.draw_pub, 50))} / {f1(p(s.encode_pub, 50))}" if kind == "public" else ""
            blank = (f"{f2(p(s.blank_palette, 50))} ({f2(p(times, 50) / p(s.blank_palette, 50))}x)"
                     if kind == "public" else "")
            rows.append([f"{slug} {kind}", len(times), f2(p(times, 50)), f2(p(times, 99)), f2(p(base, 50)),
                         f2(ratio), split, blank, target, verdict])
    sizes = ", ".join(sorted({f"{w}x{h}" for s in results.values() for w, h in s.sizes}))
    print(table("2. Image vs a bare PNG encode of a blank canvas of the same size (renderers.common.encode_baseline), "
                f"same clicks as figure 1 [ms]; public sizes {sizes}",
                ["game / image", "n", "render p50", "render p99", "bare encode p50", "ratio p50", "draw/encode p50",
                 "png_bytes(blank) p50 (ratio)", "target", ""], rows))


def report_record(s: record.RecordStats, through: record.Throughput) -> None:
    base = p(s.raw_aio, 50)
    ratio50 = p(s.record, 50) / base
    mean = lambda v: sum(v) / len(v)  # noqa: E731

    def row(name: str, times: list[float], target: str = "", verdict: str = "") -> list:
        return [name, len(times), f"{p(times, 50) * 1000:.0f}", f"{p(times, 99) * 1000:.0f}",
                f"{mean(times) * 1000:.0f}", f2(p(times, 50) / base), target, verdict]

    rows = [row("Storage.record (aiosqlite, one statement)", s.record, f"<= {TARGET_RECORD_RATIO}",
                mark(ratio50, TARGET_RECORD_RATIO, inclusive=True)),
            row("raw aiosqlite insert + commit (baseline)", s.raw_aio),
            row("old engine's shape: record's SQL in one hop to a db thread", s.old_shape),
            row("raw insert + commit in one hop to a db thread", s.raw_hop),
            row("raw insert + commit on the calling thread", s.raw),
            row("storage's own SQL, plain sqlite3", s.same_sql)]
    print(table(f"3. Storage.record vs a raw insert + commit of the same bytes, SQLite files in a temp dir, WAL, "
                f"synchronous=NORMAL, alternating [us]; state JSON p50 {f1(p(s.kb, 50))} KB",
                ["write", "n", "p50", "p99", "mean", "ratio p50", "target", ""], rows))
    print(f"   record / storage's own SQL run directly: {p(s.record, 50) / p(s.same_sql, 50):.2f}x (p50); "
          f"record / the old engine's shape: {p(s.record, 50) / p(s.old_shape, 50):.2f}x (p50); "
          f"record's extras, p50: one aiosqlite round trip {p(s.hop, 50) * 1000:.0f} us "
          f"(record makes 1, the raw write 2), json.dumps of the state {p(s.dumps, 50) * 1000:.0f} us")
    rows = [["Storage.record, one game per writer", f"{through.record_idle:.0f}", f"{through.record_busy:.0f}",
             f2(through.record_busy / through.raw_busy)],
            ["raw aiosqlite insert + commit, one connection (baseline)", f"{through.raw_idle:.0f}",
             f"{through.raw_busy:.0f}", "1.00"]]
    print(table(f"3b. Writes per second by {record.WRITERS} concurrent writers, the event loop idle, then busy in "
                f"{record.BUSY_SLICE_S * 1000:.0f} ms slices of CPU between yields",
                ["writes", "loop idle /s", "loop busy /s", "busy ratio"], rows))


def report_startup(results: list[dict], build_s: float, loaded: int) -> None:
    rows = []
    for r in results:
        rows.append([f"{r['stored']:,}", f1(r["db_mb"]), f"{r['answer_empty_s'] * 1000:.1f}",
                     f"{r['answer_s'] * 1000:.1f}", mark(r["answer_s"], TARGET_ANSWER_S),
                     f"{f1(r['load_p50_ms'])} / {f1(r['load_p99_ms'])}", f2(r["rules_load_p50_ms"]),
                     f"{r['loaded']:,} in {f1(r['bulk_load_s'])} s", f"{r['rss_answer_mb']:.0f}",
                     f"{r['rss_loaded_mb']:.0f}"])
    last = results[-1]
    print(table(f"4. Start-up with N stored active games ({last['points']} mid-game points of bot playouts reused; "
                f"databases built by bulk insert in {build_s:.0f} s). Each row a fresh process.",
                ["stored", "DB MB", "answer ms (empty DB)", "answer ms", f"< {TARGET_ANSWER_S:.0f} s",
                 "first use p50/p99 ms", "rules.load ms", "then loaded", "RSS at answer MB", "RSS loaded MB"], rows))
    rss = last["rss_loaded_mb"]
    print(f"   RSS with {last['stored']:,} stored games and {last['loaded']:,} loaded: {rss:.0f} MB "
          f"(target < {TARGET_RSS_MB:.0f} MB with 50,000 stored and {loaded:,} loaded): {mark(rss, TARGET_RSS_MB)}"
          f"{'' if last['stored'] >= 50_000 else '  [quick run: smaller database]'}")
    rows = [[f"{r['stored']:,}", f2(r["due_empty_ms"]), f2(r["due_none_ms"]), f2(r["due_ms"]), r["due_found"],
             f2(r["due_none_ms"] - r["due_empty_ms"]),
             mark(r["due_none_ms"] - r["due_empty_ms"], 1.0)] for r in results]
    print(table(f"5. Idle checks: Sessions.due(now, remind {startup.REMIND_AFTER / 3600:.0f} h, afk "
                f"{startup.AFK_AFTER / 3600:.0f} h); all but a few games moved a minute ago [ms, p50 of 5]",
                ["stored", "empty DB (baseline)", "this DB, none idle", "this DB, a few idle", "due found",
                 "none idle - baseline", "< 1 ms"], rows))
    print(f"   SQLite plan of the storage's idle-check query on the largest database: {last.get('due_plan', 'n/a')}")


def report_undo(results: list[undo.UndoStats]) -> None:
    rows = []
    for s in results:
        if not s.undo:
            rows.append([s.slug, s.length, *["-"] * 8, "game ends earlier"])
            continue
        rows.append([s.slug, s.length, len(s.undo), f"{min(s.kept)}-{max(s.kept)}", f2(p(s.undo, 50)),
                     f2(p(s.log_read, 50)), f2(p([u - r for u, r in zip(s.undo, s.log_read)], 50)),
                     f2(p(s.replay, 50)), f1(p(s.replay, 50) / p(s.undo, 50)), f1(p(s.state_kb, 50)),
                     "yes" if s.same else "NO"])
    print(table("6. Undo at N choices in force: Sessions.undo (snapshots) vs replay from the seed "
                "(sessions.rebuild) on the same game [ms]; players/options: "
                + ", ".join(f"{k} {v[0]}p {v[1] or ''}".strip() for k, v in undo.LONGEST.items()),
                ["game", "N", "undos", "choices kept", "undo p50", "of it: log read", "undo - log read",
                 "replay p50", "replay/undo", "state KB", "same state"], rows))
    for slug in SLUGS:
        done = [s for s in results if s.slug == slug and s.undo]
        if len(done) > 1:
            first, last = done[0], done[-1]
            growth = p(last.undo, 50) / p(first.undo, 50)
            rest = (p([u - r for u, r in zip(last.undo, last.log_read)], 50)
                    / p([u - r for u, r in zip(first.undo, first.log_read)], 50))
            print(f"   {slug}: at {last.length} / at {first.length} choices: undo {growth:.2f}x, without its log read "
                  f"{rest:.2f}x, log read {p(last.log_read, 50) / p(first.log_read, 50):.2f}x, replay "
                  f"{p(last.replay, 50) / p(first.replay, 50):.2f}x (constant time means about 1; "
                  f"{'PASS' if growth < 1.5 else 'MISS'} at < 1.5x)")


def report_throughput(results: dict[str, throughput.Throughput]) -> None:
    rows = [[slug, t.games, f1(t.seconds), f2(t.games_per_s), f"{t.choices_per_s:,.0f}", f2(t.ms_per_choice),
             f1(t.choices_per_game)] for slug, t in results.items()]
    print(table(f"8. Bot-vs-bot play via games.core.play, {PLAYERS} players (solo 1, co-op 3), no persistence (one core, no target)",
                ["game", "games", "seconds", "games/s", "choices/s", "ms/choice", "choices/game"], rows))


def profile_real(settings: Settings, workers: int | None, rate: float) -> None:
    """cProfile of the bot process's event loop thread through the real path (figure 7) at one
    rate, in CPU time of that thread (a shared machine's waits do not count), per move; SimCord's
    backend and the simulated people run on that thread too and are listed apart."""
    import cProfile
    import pstats

    import bot
    import games
    import renderers
    from bench import realpath

    prof = cProfile.Profile(time.thread_time)
    measured = realpath.People.step

    async def step(self, label, *args, **kwargs):  # profile the measured steps only
        if label != realpath.RATES:
            return await measured(self, label, *args, **kwargs)
        prof.enable()
        try:
            return await measured(self, label, *args, **kwargs)
        finally:
            prof.disable()

    realpath.People.step = step  # type: ignore[method-assign]
    try:
        steps = realpath.run((rate,), settings.load_step_s, settings.real_tables,
                             os.cpu_count() or 1 if workers is None else workers, progress=report_real_step)
    finally:
        realpath.People.step = measured  # type: ignore[method-assign]
    moves = max(sum(len(s.latencies) for s in steps), 1)
    path = Path(tempfile.gettempdir()) / "bench-load-profile.prof"
    prof.dump_stats(path)
    stats = pstats.Stats(prof)
    rows = []
    ours = tuple(str(Path(package.__path__[0])) for package in (bot, games, renderers))  # their folders
    for (file, line, name), (_cc, calls, own, total, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        short = file.split("site-packages/")[-1] if "site-packages/" in file else \
            f"{Path(file).parent.name}/{Path(file).name}"
        rows.append((own, total, calls, f"{short}:{line} {name}" if line else name, file.startswith(ours)))
    print(f"\n--- cProfile (thread CPU time) of the bot's event loop thread at {rate:g}/s through the real path, per move "
          f"({moves} moves; profiling slows it 2-3x; saved to {path}): top 30 by own time ---")
    print(f"{'own ms/move':>12} {'cum ms/move':>12} {'calls/move':>11}  function")
    for own, total, calls, where, _ in sorted(rows, reverse=True)[:30]:
        print(f"{1000 * own / moves:12.3f} {1000 * total / moves:12.3f} {calls / moves:11.1f}  {where}")
    print("--- top 40 by cumulative time, the bot's own code (bot/, games/, renderers/) ---")
    for own, total, calls, where, _ in sorted((r for r in rows if r[4]), key=lambda r: -r[1])[:40]:
        print(f"{1000 * own / moves:12.3f} {1000 * total / moves:12.3f} {calls / moves:11.1f}  {where}")


def profile_section(settings: Settings) -> None:
    """cProfile of click handling per game; top entries by own time."""
    import asyncio
    import cProfile
    import pstats

    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        for slug in SLUGS:
            prof = cProfile.Profile()
            prof.enable()
            asyncio.run(choices.bench_game(slug, min(settings.choices, 100), Path(tmp) / f"{slug}.db"))
            prof.disable()
            print(f"\n--- cProfile: click handling, {slug} (top 15 by own time) ---")
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)


def _section(name: str, settings: Settings) -> None:
    """Run and print one section; a crash is printed and the other sections still run."""
    try:
        if name == "choices":
            with Section("choices"):
                results = choices.run(CASES, settings.choices)
                report_choices(results)
                report_render(results)
        elif name == "record":
            with Section("record", single_core=False):
                report_record(record.run(settings.record_samples),
                              record.run_throughput(1.0 if settings.quick else 3.0))
        elif name == "startup":
            with Section("startup", single_core=False):
                starts, build_s = startup.run(settings.stored, settings.loaded, 20 if settings.quick else 60)
                report_startup(starts, build_s, settings.loaded)
        elif name == "undo":
            with Section("undo"):
                report_undo(undo.run(settings.undo_samples))
        elif name == "throughput":
            with Section("throughput"):
                report_throughput(throughput.run(CASES, settings.throughput_s))
        elif name == "late":
            late.section(settings.quick)
        elif name == "render":
            with Section("render", single_core=False):
                render_paired.run(None, 1)
    except Exception:  # noqa: BLE001 - the bench reports, it never fails
        print(f"\n[{name}] FAILED:\n{traceback.format_exc()}", flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--strength" in argv:  # the bot strength bench has its own flags (bench/strength.py)
        return strength.main([arg for arg in argv if arg != "--strength"])
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller samples (about 1-2 minutes)")
    parser.add_argument("--load", action="store_true", help="run the load benchmark (figure 7) only")
    parser.add_argument("--render-workers", type=int, default=None, metavar="N",
                        help="render processes for --load (default: one per core; 0 draws inline, as the "
                             "publisher does without a pool)")
    parser.add_argument("--profile", action="store_true", help="print cProfile top entries instead of the figures")
    parser.add_argument("--only", choices=SECTIONS, action="append", help="run only these sections (repeatable)")
    parser.add_argument("--against", metavar="REF",
                        help="with --load (or --only render): run another checkout (a folder or a commit) and this one "
                             "alternately, in fresh processes, and print both (bench/paired.py, bench/render_paired.py)")
    parser.add_argument("--bots-only", action="store_true",
                        help="with --load: figure 7's bots rows alone (other tables' p99 while bot seats think)")
    parser.add_argument("--bot-level", default=None, metavar="LEVEL",
                        help="with --load: the bots rows' bot seats' level (default: hard, bench/realpath.py)")
    parser.add_argument("--pairs", type=int, default=3, help="with --against: how many A B pairs (default 3)")
    parser.add_argument("--rates", help="with --against or --profile: offered moves/s, comma-separated "
                                        "(default: the sweep's rates)")
    args = parser.parse_args(argv)
    settings = Settings.make(args.quick)
    if args.load and args.against:
        workers = os.cpu_count() or 1 if args.render_workers is None else args.render_workers
        rates = args.rates or ",".join(str(r) for r in settings.load_rates)
        paired.run_paired(args.against, args.pairs, paired.arguments(
            ["--rates", rates, "--seconds", str(settings.load_step_s), "--tables", str(settings.real_tables),
             "--workers", str(workers), "--unlimited", str(max(float(r) for r in rates.split(",")))]))
        return 0
    if args.against and args.only == ["render"]:
        render_paired.run(args.against, args.pairs)
        return 0
    if args.profile:
        if args.load:
            rate = float(args.rates.split(",")[0]) if args.rates else 50.0
            profile_real(settings, args.render_workers, rate)
        else:
            profile_section(settings)
        return 0
    started = time.perf_counter()
    print(f"Board-game bot benchmarks ({'quick' if args.quick else 'full'} run, Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs). Load average before start: {loadavg()} (above ~0.5 means other work "
          "competes for the cores and inflates every figure)", flush=True)
    if args.load and args.bots_only:
        run_bots_only(settings, args.render_workers, args.bot_level or realpath.BOT_LEVEL)
        return 0
    if args.load:
        run_load(settings, args.render_workers, started, args.bot_level or realpath.BOT_LEVEL)
        return 0
    sections = set(args.only or SECTIONS)
    for name in SECTIONS:
        if name in sections:
            _section(name, settings)
    print(f"\nTotal {time.perf_counter() - started:.0f} s. Targets are informational; exit status is always 0. "
          "The load benchmark (figure 7) runs with --load.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
