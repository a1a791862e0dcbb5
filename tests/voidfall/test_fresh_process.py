"""Issue 19: a Voidfall game saved at any decision point loads and plays on in a fresh process.

Before the restructure the solo task handlers were registered only when drawing a view had
imported them, so after a restart a solo or co-op game saved at `solo_secret`, `solo_check` or
`solo_row` failed with a KeyError. Here seeded games of every mode (golden games: their recorded
moves replayed) are played in this process; one fresh interpreter, which imports only `games`,
then loads the dumped state of every decision point, checks the open decisions and applies the
recorded move, and must reach the very state this process reached.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from games.voidfall import RULES
from games.voidfall.effects import CAN, OPTIONS, RUN, TEXT
from games.voidfall.tasks import DECIDE

from .golden import GAMES, game_key, recorded, states

ROOT = Path(__file__).resolve().parents[2]
# The shorter golden games of each mode: solo (one with secret Focus cards), co-op, competitive.
SEEDS = (18, 19, 20, 22, 25, 28, 2, 3, 10)
CHOSEN = [game for game in GAMES if game[1] in SEEDS]
RECORDED = recorded()
# The tasks a restart used to lose (issue 19); the chosen games must stop at each of them.
ONCE_LOST = {"solo_secret", "solo_check", "solo_row"}

FRESH_PROCESS = """
import hashlib, json, sys
import games

rules = games.REGISTRY["voidfall"]
bad = []
with open(sys.argv[1]) as points:
    for n, line in enumerate(points):
        p = json.loads(line)
        try:
            state = rules.load(p["state"])
            open_ = [repr(d) for d in rules.pending(state)]
            after = rules.apply(state, p["seat"], p["choice"])
            got = hashlib.sha256(json.dumps(rules.dump(after), sort_keys=True).encode()).hexdigest()
            if open_ != p["open"] or got != p["after"]:
                bad.append(f"{p['game']} step {p['step']} ({p['top']}): {'decisions' if open_ != p['open'] else 'state'} differ")
        except Exception as exc:  # report every failing point, not only the first
            bad.append(f"{p['game']} step {p['step']} ({p['top']}): {type(exc).__name__}: {exc}")
print(json.dumps({"points": n + 1, "bad": bad[:20], "bad_count": len(bad)}))
"""


def _digest(dumped: dict) -> str:
    return hashlib.sha256(json.dumps(dumped, sort_keys=True).encode()).hexdigest()


def _decision_points(game) -> list[dict]:
    """Every decision point of a golden game (its recorded moves replayed): dumped state, open
    decisions, the move made and a digest of the state it led to."""
    players, seed, options, _explore = game
    moves = [tuple(move) for move in RECORDED[game_key(*game)]["moves"]]
    seen = [(RULES.dump(state), [repr(d) for d in decisions], state.tasks[-1].kind if state.tasks else "")
            for state, decisions in states(players, seed, options, moves)]
    return [{"game": f"{players}p seed {seed}", "step": i, "top": seen[i][2], "state": seen[i][0], "open": seen[i][1],
             "seat": seat, "choice": choice, "after": _digest(seen[i + 1][0])}
            for i, (seat, choice) in enumerate(moves)]


def test_every_decision_point_loads_and_plays_on_in_a_fresh_process(tmp_path):
    points = [p for game in CHOSEN for p in _decision_points(game)]
    assert ONCE_LOST <= {p["top"] for p in points}
    assert {"solo", "coop", "competitive"} <= {p["state"]["mode"] for p in points}
    file = tmp_path / "points.jsonl"
    file.write_text("".join(json.dumps(p) + "\n" for p in points))
    run = subprocess.run([sys.executable, "-c", FRESH_PROCESS, str(file)], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["points"] == len(points)
    assert report["bad_count"] == 0, "\n".join(report["bad"])


def test_every_handler_and_effect_is_registered_whatever_is_imported_first():
    """A process that imports only the lowest modules still sees every task kind and effect verb."""
    probe = ("import json\nfrom games.voidfall.tasks import DECIDE\nfrom games.voidfall.effects import CAN, OPTIONS, RUN, TEXT\n"
             "print(json.dumps([sorted(DECIDE), sorted(TEXT), sorted(CAN), sorted(OPTIONS), sorted(RUN)]))")
    run = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert json.loads(run.stdout) == [sorted(DECIDE), sorted(TEXT), sorted(CAN), sorted(OPTIONS), sorted(RUN)]
    assert ONCE_LOST <= set(DECIDE)
