#!/usr/bin/env python3
"""Set up a local virtual environment and run the bot, the tests, the sandbox or the benchmarks.

    python3 dev.py bot                 # install into .venv, then run the Discord bot
    python3 dev.py test [pytest args]  # install into .venv, then run the whole test suite (a worker per core, and one more)
    python3 dev.py sandbox pocket-mars --players 3 --bots 2
    python3 dev.py bench [--quick]
    python3 dev.py bench --strength [--games N] [--budget S]   # bot levels' strength (bench/strength.py)

Needs only Python 3.11+; everything else comes from PyPI into .venv.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("GAMEHOST_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_env() -> None:
    """Create .venv and install the project with its test extra, once per pyproject change."""
    if sys.version_info < (3, 11):
        sys.exit("gamehost needs Python 3.11 or newer")
    if not PYTHON.exists():
        print(f"Creating {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()[:16]
    stamp = VENV / f".installed-{digest}"
    if stamp.exists():
        return
    print("Installing dependencies ...", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[test]"], check=True)
    for old in VENV.glob(".installed-*"):
        old.unlink()
    stamp.touch()


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"bot", "test", "sandbox", "bench"}:
        print(__doc__)
        return 2
    ensure_env()
    command, rest = argv[0], argv[1:]
    os.chdir(ROOT)
    if command == "test":
        # A worker per core and one more: the SimCord whole-game tests wait about half their time
        # (9 min 13 s instead of 10 min 48 s on 2 cores). A test file stays on one worker so its
        # module fixtures run once.
        workers = str((os.cpu_count() or 1) + 1)
        parallel = [] if any(arg.startswith(("-n", "--numprocesses")) for arg in rest) \
            else ["-n", workers, "--dist", "loadfile"]
        code = subprocess.call([str(PYTHON), "-m", "pytest", "-q", *parallel, *rest])
        if code == 5:
            print("pytest collected no tests: that counts as a failure", file=sys.stderr)
        return code
    if command == "bench":
        return subprocess.call([str(PYTHON), "-m", "bench.run", *rest])
    if command == "sandbox":
        return subprocess.call([str(PYTHON), "-m", "bot", "sandbox", *rest])
    return subprocess.call([str(PYTHON), "-m", "bot", "run", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
