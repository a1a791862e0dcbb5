"""Image CPU, paired (`--only render [--against REF]`): the render workers' cost per image of this
checkout, and of another checkout drawing the same views in the same window.

The views are made once, here, by this checkout's games: seeded games of every title (two tables
each, 2 and 3 players) played by the baseline bot, a public and a private view every few
choices, each drawn in English and in Traditional Chinese. Each run is a fresh child process
(`python -m bench.render_paired --child`) importing one checkout's `games` and `renderers` (the
folder of links `bench/paired.py` makes) that first draws a warm-up set (other seeds, not
timed) so its font, glyph and part caches are as warm as a worker's after a while, then draws
every view once, timing each image in process CPU. Runs alternate, the other checkout first
(A B A B ...); the report gives per title and kind the median over runs of the mean CPU ms per
image, and B/A. An image one checkout fails to draw (an older renderer meeting a newer view)
is left out of both sides. `same image` counts views whose images show the same colour in every
pixel in A and B: against a commit whose drawing should not have changed, every one, however the
PNG stored them (palette order, compression)."""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import pickle
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from statistics import median

from .paired import ROOT, _describe, _export, _links

KINDS = ("public", "private")
LOCALES = ("en", "zh-TW")
NAMES = ["Alice", "Bob", "Carol", "Dan"]
TABLES = ((1, 2), (2, 3))   # (seed, players) of the measured games of each title
WARM_TABLES = ((7, 3),)     # the warm-up games
EVERY = 7                   # a view pair every this many choices
LONGEST = 400               # choices per game at most


def views(tables=TABLES, every: int = EVERY) -> list[tuple[str, str, str, dict]]:
    """(title, kind, locale, view) of seeded baseline-bot games of every shipped title."""
    import games
    from bench.common import SLUGS

    found = []
    for slug in SLUGS:
        rules = games.get(slug)
        for seed, players in tables:
            state = rules.setup(players, seed)
            pick = random.Random(seed)
            for step in range(LONGEST):
                pending = rules.pending(state)
                if not pending or rules.is_over(state):
                    break
                seat = pick.choice(pending).seat
                if step % every == 0:
                    for locale in LOCALES:
                        found.append((slug, "public", locale, rules.view(state, None)))
                        found.append((slug, "private", locale, rules.view(state, seat)))
                state = rules.apply(state, seat, rules.baseline_choice(state, seat))
    return found


def _draw(slug: str, kind: str, locale: str, view: dict):
    import renderers

    draw = renderers.render_public if kind == "public" else renderers.render_private
    return draw(slug, view, NAMES, locale=locale)


def _image_hash(png: bytes) -> str:
    """A hash of what the PNG shows (its size and every pixel's colour), not of how it was
    stored (palette order, compression)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png))
    digest = hashlib.sha1(repr(image.size).encode())
    digest.update(image.convert("RGB").tobytes())
    return digest.hexdigest()


def child(views_file: Path, out: Path) -> int:
    """Draw the warm-up views untimed, then every measured view once, timed; write the results."""
    import renderers

    warm_up = getattr(renderers, "warm_up", None)
    if warm_up is not None:
        warm_up()
    warm, measured = pickle.loads(views_file.read_bytes())
    for slug, kind, locale, view in warm:
        try:
            _draw(slug, kind, locale, view)
        except Exception:  # noqa: BLE001 - counted below, for the measured views
            pass
    results: list[tuple[float | None, str]] = []  # (CPU ms, the PNG's hash) or (None, the error)
    for slug, kind, locale, view in measured:
        started = time.process_time()
        try:
            png = _draw(slug, kind, locale, view)
        except Exception as error:  # noqa: BLE001 - an older renderer may not read a newer view
            results.append((None, repr(error)[:200]))
            continue
        results.append((1000 * (time.process_time() - started), _image_hash(png)))
    out.write_text(json.dumps(results))
    return 0


def _run(folder: Path, views_file: Path, out: Path) -> list | None:
    command = [sys.executable, "-m", "bench.render_paired", "--child", str(views_file), "--out", str(out)]
    env = {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"}
    code = subprocess.call(command, cwd=folder, env={**os.environ, **env})
    return json.loads(out.read_text()) if code == 0 and out.exists() else None


def _report(measured: list, runs: dict[str, list[list]], names: dict[str, str]) -> None:
    from .common import table

    failed = {i for side in runs.values() for run in side for i, (ms, _) in enumerate(run) if ms is None}
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, (slug, kind, _, _) in enumerate(measured):
        if i not in failed:
            groups[(slug, kind)].append(i)

    def per_image(side: str, indexes: list[int]) -> float:
        return median(sum(run[i][0] for i in indexes) / len(indexes) for run in runs[side])

    rows = []
    everything = [i for indexes in groups.values() for i in indexes]
    for (slug, kind), indexes in [*sorted(groups.items()), (("all", "both"), everything)]:
        line = [f"{slug} {kind}", str(len(indexes))]
        got = {side: per_image(side, indexes) for side in runs if runs[side]}
        line += [f"{got[side]:.2f}" if side in got else "-" for side in ("A", "B")]
        line.append(f"{got['B'] / got['A']:.2f}x" if len(got) == 2 else "-")
        if len(got) == 2:
            same = sum(runs["A"][0][i][1] == runs["B"][0][i][1] for i in indexes)
            line.append(f"{same}/{len(indexes)}")
        else:
            line.append("-")
        rows.append(line)
    print(table(f"   CPU ms per image (median over runs of the mean), A ({names.get('A', '-')}) and B "
                f"({names['B']}); {len(failed)} of {len(measured)} views left out (failed on a side)",
                ["title / image", "views", "A ms", "B ms", "B/A", "same image"], rows))


def run(against: str | None, pairs: int) -> None:
    started = time.perf_counter()
    warm, measured = views(WARM_TABLES, 11), views()
    print(f"Render section: {len(measured)} images ({len(warm)} warm-up) of {len(TABLES)} seeded games per title, "
          f"views made in {time.perf_counter() - started:.0f} s; {pairs} run(s) per side, alternating", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-render-") as tmp:
        tmp_path = Path(tmp)
        views_file = tmp_path / "views.pickle"
        views_file.write_bytes(pickle.dumps((warm, measured), pickle.HIGHEST_PROTOCOL))
        folders = {"B": _links(ROOT, tmp_path, "B")}
        names = {"B": f"this checkout: {_describe(ROOT)}"}
        if against:
            other = _export(against, tmp_path)
            folders["A"] = _links(other, tmp_path, "A")
            names["A"] = f"{against}: {_describe(other)}"
        runs: dict[str, list[list]] = {side: [] for side in ("A", "B")}
        for pair in range(pairs):
            for side in ("A", "B"):
                if side in folders:
                    got = _run(folders[side], views_file, tmp_path / f"{side}-{pair}.json")
                    if got is None:
                        print(f"   (run {side} #{pair + 1} failed)", flush=True)
                    else:
                        runs[side].append(got)
        if not runs["B"]:
            return
        _report(measured, {side: got for side, got in runs.items() if got}, names)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--child", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    return parser.parse_args(argv)


if __name__ == "__main__":
    parsed = arguments()
    sys.exit(child(parsed.child, parsed.out))
