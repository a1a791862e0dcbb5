"""Figure 7 paired (`--load --against REF`): the real path of another checkout and of this one,
run alternately in fresh processes with the same seeds, printed side by side.

The machine's speed drifts (2x from one hour to the next on a shared virtual machine), so a
rate or a CPU figure means something only beside another measured in the same window. Each
run is a child process driving one checkout's bot with *this* bench's code (`realpath`,
`simdiscord`, `compat`): the checkout's `bot`, `games` and `renderers` come first on the path
(through a folder of links to them, so its own `bench` never shadows this one), under this
interpreter and its installed libraries. REF is a folder or a commit of this repository (then
exported with `git archive`). Runs alternate, the other checkout first: A B A B ...

Each run prints its steps as `--load` does, and a fixed-work unit before and after (a PNG
encode, zlib, SQLite commits and a loop of Python, in CPU ms): the unit drifting between runs
says the machine did. The summary gives, per offered rate, the CPU per move of the bot process
(without SimCord's backend and the simulated people) plus its render workers, each run's
sustained rate (achieved >= 95% of offered with p99 click-to-board under 1 s) and the clicks
answered after Discord's 3 seconds."""

from __future__ import annotations

import argparse
import io
import json
import os
import sqlite3
import subprocess
import sys
import tarfile
import tempfile
import time
import zlib
from pathlib import Path
from statistics import median

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "renderers")  # what a checkout brings; the bench is always this one


# -- the fixed-work unit ---------------------------------------------------------------
def fixed_work(tmp: Path) -> dict[str, float]:
    """CPU ms of fixed work, the same in every run: how fast the machine is right now."""
    from PIL import Image, ImageDraw

    out: dict[str, float] = {}
    started = time.process_time()
    image = Image.new("RGB", (1000, 700), (24, 26, 32))
    draw = ImageDraw.Draw(image)
    for i in range(60):
        x, y = 10 + (i % 10) * 95, 20 + (i // 10) * 110
        draw.rounded_rectangle((x, y, x + 85, y + 100), 8, fill=(40 + i, 43, 52), outline=(70, 72, 84), width=2)
    for _ in range(6):
        image.save(io.BytesIO(), format="PNG", compress_level=1)
    out["png"] = 1000 * (time.process_time() - started) / 6
    data = bytes(range(256)) * 4096
    started = time.process_time()
    for _ in range(4):
        zlib.compress(data, 6)
    out["zlib"] = 1000 * (time.process_time() - started) / 4
    path = tmp / f"unit-{os.getpid()}-{time.monotonic_ns()}.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=NORMAL")
    connection.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    started = time.process_time()
    for i in range(300):
        connection.execute("INSERT INTO t (body) VALUES (?)", ("x" * 4000,))
        connection.commit()
    out["sqlite"] = 1000 * (time.process_time() - started) / 300 * 100  # per 100 commits
    connection.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    started = time.process_time()
    total = 0
    for i in range(300_000):
        total += i % 7
    out["python"] = 1000 * (time.process_time() - started)
    out["unit"] = out["png"] + out["zlib"] + out["sqlite"] + out["python"]
    return out


# -- a child: one run of one checkout ------------------------------------------------------
def _step_data(step) -> dict:
    from .common import percentile

    moves = step.moves
    return {"label": step.label, "rate": step.rate, "offered": step.offered, "achieved": step.achieved,
            "moves": len(step.latencies), "p50": percentile(step.latencies, 50), "p99": step.p(99),
            "ok": step.ok(), "bot_cpu_ms": step.bot_cpu_ms, "worker_cpu_ms": 1000 * step.worker_cpu_s / moves,
            "simcord_cpu_ms": 1000 * step.discord_cpu_s / moves, "people_cpu_ms": 1000 * step.people_cpu_s / moves,
            "acks": len(step.acks) + step.unanswered, "late_acks": step.late_acks,
            "ack_p99": percentile(step.acks, 99), "ack_max": max(step.acks, default=float("nan")),
            "loop_lag_p99": percentile(step.loop_lag, 99), "failed": step.failed,
            "interaction_requests": step.interaction_requests / moves, "other_requests": step.other_requests / moves}


def child(args: argparse.Namespace) -> int:
    """Run the real path's steps on the checkout this process imports and write them as JSON."""
    from . import realpath
    from .realpath import report_real_step

    rates = tuple(float(r) for r in args.rates.split(","))
    with tempfile.TemporaryDirectory(prefix="bench-unit-") as tmp:
        before = fixed_work(Path(tmp))
        steps = realpath.run(rates, args.seconds, args.tables, args.workers,
                             unlimited_rate=args.unlimited, progress=report_real_step)
        after = fixed_work(Path(tmp))
    Path(args.child).write_text(json.dumps({"unit_before": before, "unit_after": after,
                                            "steps": [_step_data(s) for s in steps]}))
    return 0


# -- the parent: prepare the checkouts, alternate the runs, print both ------------------------
def _export(ref: str, into: Path) -> Path:
    """A folder holding checkout `ref` (a folder, or a commit of this repository exported into `into`)."""
    folder = Path(ref).expanduser()
    if folder.is_dir():
        return folder.resolve()
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{ref}^{{commit}}"],
                            capture_output=True, text=True, check=True).stdout.strip()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, *PACKAGES], capture_output=True,
                             check=True).stdout
    source = into / f"export-{commit[:12]}"
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(source, filter="data")
    return source


def _links(root: Path, into: Path, name: str) -> Path:
    """A folder of links to the checkout's packages only, put first on the child's path."""
    folder = into / name
    folder.mkdir()
    for package in PACKAGES:
        (folder / package).symlink_to(root / package, target_is_directory=True)
    return folder


def _describe(root: Path) -> str:
    found = subprocess.run(["git", "-C", str(root), "log", "-1", "--format=%h %s"], capture_output=True, text=True)
    return found.stdout.strip()[:70] if found.returncode == 0 else str(root)


def _run_child(folder: Path, label: str, args: argparse.Namespace, out: Path) -> dict | None:
    command = [sys.executable, "-m", "bench.paired", "--child", str(out), "--rates", args.rates,
               "--seconds", str(args.seconds), "--tables", str(args.tables), "--workers", str(args.workers),
               "--unlimited", str(args.unlimited)]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    print(f"\n== {label} ==", flush=True)
    started = time.perf_counter()
    code = subprocess.call(command, cwd=folder, env=env)
    if code != 0 or not out.exists():
        print(f"   (the run of {label} failed: exit status {code})", flush=True)
        return None
    data = json.loads(out.read_text())
    data["seconds"] = time.perf_counter() - started
    return data


def _sustained(steps: list[dict]) -> float:
    return max((s["rate"] for s in steps if s["label"] == "offered rate" and s["ok"]), default=0.0)


def _cpu(step: dict) -> float:
    return step["bot_cpu_ms"] + step["worker_cpu_ms"]


def _report(runs: list[tuple[str, int, dict]], names: dict[str, str]) -> None:
    from .common import table

    rows = []
    for side, pair, data in runs:
        unit = (data["unit_before"]["unit"] + data["unit_after"]["unit"]) / 2
        for s in data["steps"]:
            rows.append([f"{side} #{pair}", s["label"].replace("offered rate", "").strip() or f"{s['rate']:g}/s",
                         f"{s['achieved']:.1f}", f"{1000 * s['p99']:.0f}", f"{s['bot_cpu_ms']:.1f}",
                         f"{s['worker_cpu_ms']:.1f}", f"{_cpu(s):.1f}", f"{s['simcord_cpu_ms']:.1f}",
                         f"{s['late_acks']} / {s['acks']}", f"{1000 * s['ack_p99']:.0f}", f"{unit:.0f}"])
    print(table("   Paired runs, each step: moves/s achieved, click-to-board p99 ms, CPU ms per move of the bot process "
                "(without SimCord's backend and the people) and of its render workers, SimCord's own, clicks answered "
                "after 3 s, the answers' p99 ms, the fixed-work unit (CPU ms, mean of before and after)",
                ["run", "step", "moves/s", "p99", "bot", "workers", "bot+workers", "SimCord", "late answers",
                 "answer p99", "unit"], rows))
    rates = [s["rate"] for s in runs[0][2]["steps"] if s["label"] == "offered rate"] if runs else []
    rows = []
    pairs = sorted({pair for _, pair, _ in runs})
    for rate in rates:
        line = [f"{rate:g}/s"]
        ratios = []
        for pair in pairs:
            got = {side: next((s for s in data["steps"] if s["label"] == "offered rate" and s["rate"] == rate), None)
                   for side, p, data in runs if p == pair}
            base, mine = got.get("A"), got.get("B")
            if base and mine:
                ratios.append(_cpu(mine) / _cpu(base))
                line.append(f"{_cpu(base):.1f} -> {_cpu(mine):.1f} ({_cpu(mine) / _cpu(base):.2f}x)")
            else:
                line.append("-")
        line.append(f"{median(ratios):.2f}x" if ratios else "-")
        rows.append(line)
    for side in ("A", "B"):
        rows.append([f"sustained, {side}"] + [f"{_sustained(d['steps']):g}/s" for s, p, d in runs if s == side]
                    + [""] * (len(pairs) - sum(1 for s, _, _ in runs if s == side)) + [""])
    print(table(f"   Bot + render workers CPU ms per move, A ({names['A']}) -> B ({names['B']}), per pair; the sustained "
                "rate of each run (achieved >= 95% of offered, p99 click-to-board < 1 s)",
                ["offered", *(f"pair {p}" for p in pairs), "median B/A"], rows))


def run_paired(against: str, pairs: int, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-paired-") as tmp:
        tmp_path = Path(tmp)
        other = _export(against, tmp_path)
        folders = {"A": _links(other, tmp_path, "A"), "B": _links(ROOT, tmp_path, "B")}
        names = {"A": f"{against}: {_describe(other)}", "B": f"this checkout: {_describe(ROOT)}"}
        print(f"Paired load runs: A = {names['A']}; B = {names['B']}. {pairs} pair(s), A then B each; "
              f"{args.tables} tables, rates {args.rates}/s for {args.seconds:g} s each"
              f"{f', then {args.unlimited:g}/s without the global limit' if args.unlimited else ''}; "
              f"{args.workers} render workers.", flush=True)
        runs: list[tuple[str, int, dict]] = []
        for pair in range(1, pairs + 1):
            for side in ("A", "B"):
                data = _run_child(folders[side], f"{side} #{pair}: {names[side]}", args,
                                  tmp_path / f"{side}-{pair}.json")
                if data is not None:
                    runs.append((side, pair, data))
        _report(runs, names)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--rates", default="25,50,75,100,125,150")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--unlimited", type=float, default=0.0)
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(child(arguments()))
