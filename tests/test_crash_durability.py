"""Crash durability across every game and mode: a child process plays one table of each mode
(solo and co-op included) on a real SQLite file and is killed with SIGKILL at random moments.
After each kill a fresh process (nothing imported beforehand, as after a real restart) checks:
every acknowledged choice is stored, each game's state equals the replay of its log, and no game
waits on nobody. At the end a fresh process loads every stored game and plays it on.

The default run tries a few kill points and plays each game a few dozen choices further;
GAMEHOST_CRASH_RUNS=150 tries many kill points and plays every game to its end.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

RUNS = int(os.environ.get("GAMEHOST_CRASH_RUNS", "5"))
PLAY_ON = 0 if "GAMEHOST_CRASH_RUNS" in os.environ else 30  # choices per game at the end; 0: to its end
ROOT = Path(__file__).resolve().parent.parent

# Every game in every mode it can be played in: (slug, seats, options). The child's human takes
# the first seat, bot players the others; channel i always hosts MODES[i].
MODES = [
    ("tiny-duel", 2, ""),
    ("pocket-mars", 2, ""),
    ("pocket-mars", 1, ""),
    ("petrichor", 2, ""),
    ("petrichor", 1, ""),
    ("impulse", 2, ""),
    ("impulse", 4, "teams=pairs"),
    ("ares-expedition", 2, ""),
    ("ares-expedition", 1, ""),
    ("ares-expedition", 2, "mode=coop"),
    ("voidfall", 2, ""),
    ("voidfall", 1, ""),
    ("voidfall", 1, "secret_focus=on"),
    ("voidfall", 2, "mode=coop"),
]


def mode_name(mode: tuple[str, int, str]) -> str:
    slug, seats, options = mode
    return f"{slug}-{seats}p" + (f"-{options}" if options else "")


PRELUDE = r'''
import asyncio, json, random, sys, traceback
sys.path.insert(0, {root!r})
import games
from tests.support import tinygame
games.REGISTRY.setdefault(tinygame.RULES.slug, tinygame.RULES)
from games.voidfall.bots import tactics
tactics.LOOK = False  # the bots only drive the games (tests/support/bots.py says why)
from bot.platform.sessions import Sessions, SessionError
from bot.platform.storage import open_storage
MODES = {modes!r}
USER = 1000
'''

CHILD = PRELUDE + r'''
async def table(sessions, channel):
    """This channel's running game, created, filled and started if there is none."""
    slug, seats, options = MODES[channel]
    game = await sessions.in_channel(channel)
    if game is None:
        game = await sessions.create(1, channel, slug, USER, "human", options or None)
    if game.row.status == "lobby":
        while len(game.seats) < seats:
            await sessions.add_bot(game, USER)
        await sessions.start(game, USER)
        print("START", game.id, channel, flush=True)
    return game

async def turn(sessions, channel):
    game = await table(sessions, channel)
    if game.row.status != "active":
        return
    seat = game.seat_of(USER)
    if seat is None or game.rules.decision_for(game.state, seat) is None:
        return
    await sessions.choose(game, USER, game.stamp(seat), game.rules.bot_choice(game.state, seat))
    print("ACK", game.id, game.version if game.row.status == "active" else -1, flush=True)

async def main(path, seed):
    rnd = random.Random(seed)
    storage = open_storage(path)
    await storage.open()
    sessions = Sessions(storage)
    broken = set()
    channels = list(range(len(MODES)))
    rnd.shuffle(channels)
    print("READY", flush=True)
    for position, channel in enumerate(channels + [rnd.randrange(len(MODES)) for _ in range(10**6)]):
        if position == len(channels):
            print("TABLES", flush=True)  # every mode has a table (first), then random turns
        if channel in broken:
            continue
        try:
            await turn(sessions, channel)
        except SessionError:
            continue
        except Exception:
            broken.add(channel)  # reported by the checker, which loads the same game afresh
            print("BROKEN", channel, traceback.format_exc().replace("\n", " | "), flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
'''

CHECKER = PRELUDE + r'''
async def waits_on_a_bot(storage, row):
    rules = games.get(row.slug)
    snap = await storage.snapshot(row.id)
    if snap is None:
        return False
    seats = {{s.seat: s.user_id for s in await storage.seats(row.id)}}
    return any(seats.get(d.seat) is None for d in rules.pending(rules.load(snap[1])))

async def check_game(storage, sessions, row, acked, play_on):
    """Problems with one stored game ([] if none); bot seats are repaired on load."""
    version = acked.get(str(row.id))
    if version is not None and not (version == -1 and row.status == "finished" or row.version >= version):
        return [f"acknowledged version {{version}}, stored {{row.version}} ({{row.status}})"]
    if row.status == "finished":
        snap = await storage.snapshot(row.id)
        rules = games.get(row.slug)
        return [] if rules.outcome(rules.load(snap[1])) is not None else ["finished without an outcome"]
    if row.status != "active":
        return []
    game = await sessions.get(row.id)
    if game.row.status != "active":
        return []
    replayed = sessions.rebuild(game, await sessions.kept_actions(game.id))
    if game.rules.dump(replayed) != game.rules.dump(game.state):
        return ["the stored state differs from the replay of its log"]
    if not game.to_act():
        return ["waits on nobody"]
    for _ in range(play_on or 10**6):
        if game.row.status != "active":
            break
        seat = game.to_act()[0]
        user = game.seats[seat].user_id
        await sessions.choose(game, user, game.stamp(seat), game.rules.bot_choice(game.state, seat))
    if not play_on and game.row.status != "finished":
        return ["did not reach its end"]
    return []

async def main(path, acked_path, play_on):
    with open(acked_path) as handle:
        acked = json.load(handle)
    storage = open_storage(path)
    await storage.open()
    sessions = Sessions(storage)
    report = {{"repaired": 0, "modes": {{}}}}
    try:
        rows = [await storage.game(int(gid)) for gid in acked]
        rows += [r for r in await storage.running() if str(r.id) not in acked]
        for row in rows:
            entry = report["modes"].setdefault(str(row.channel_id), {{"games": 0, "played": 0, "problems": []}})
            entry["games"] += 1
            try:
                if row.status == "active" and await waits_on_a_bot(storage, row):
                    report["repaired"] += 1
                problems = await check_game(storage, sessions, row, acked, play_on)
            except Exception as error:
                problems = [f"{{type(error).__name__}}: {{error}} | " + traceback.format_exc()[-1500:]]
            entry["problems"] += [f"game {{row.id}}: {{p}}" for p in problems]
            entry["played"] += not problems
    finally:
        await storage.close()
    print("REPORT " + json.dumps(report), flush=True)

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
'''


def script(template: str) -> str:
    return template.format(root=str(ROOT), modes=MODES)


def run_child(path: Path, seed: int, kill_after: float, wait_for: str = "READY") -> tuple[dict[int, int], set[int],
                                                                                          list[str]]:
    """Run the child until `kill_after` seconds after it printed `wait_for` (READY: imports done;
    TABLES: every mode has a table), SIGKILL it; the acknowledged versions it printed (-1:
    finished), the channels where it started games and the lines saying a channel broke."""
    child = subprocess.Popen([sys.executable, "-c", script(CHILD), str(path), str(seed)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    lines = []
    for line in child.stdout:  # a slow machine only makes this wait longer
        lines.append(line)
        if line.strip() == wait_for:
            break
    time.sleep(kill_after)
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate()
    out = "".join(lines) + out
    assert child.returncode == -signal.SIGKILL, f"child ended by itself: {err[-2000:]}"
    acks: dict[int, int] = {}
    started: set[int] = set()
    broken = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ACK":
            game_id, version = int(parts[1]), int(parts[2])
            acks[game_id] = -1 if version == -1 or acks.get(game_id) == -1 else max(acks.get(game_id, 0), version)
        elif len(parts) == 3 and parts[0] == "START":
            started.add(int(parts[2]))
        elif parts and parts[0] == "BROKEN":
            broken.append(line)
    return acks, started, broken


def fresh_check(path: Path, acked: dict[int, int], play_on: int | None) -> dict:
    """A new process loads every stored game: checks it and plays it on `play_on` choices (0: to
    its end; None: not at all). Returns its report: per channel the games, those that passed
    and the problems found; and how many games a crash left waiting on a bot."""
    acked_path = path.with_suffix(".acked.json")
    acked_path.write_text(json.dumps({str(k): v for k, v in acked.items()}))
    done = subprocess.run([sys.executable, "-c", script(CHECKER), str(path), str(acked_path),
                           str(-1 if play_on is None else play_on)], capture_output=True, text=True, timeout=3600)
    line = next((x for x in done.stdout.splitlines() if x.startswith("REPORT ")), None)
    assert line is not None, f"the checking process failed: {done.stderr[-3000:]}"
    return json.loads(line[len("REPORT "):])


def problems_of(report: dict) -> dict[int, list[str]]:
    """The problems a check found, per channel (that is, per mode)."""
    return {int(ch): entry["problems"] for ch, entry in report["modes"].items() if entry["problems"]}


@pytest.fixture(scope="module")
def crash_run(tmp_path_factory):
    """Kill the child RUNS times, checking in a fresh process after each kill, then let a fresh
    process play every stored game on. Returns what the checks found."""
    path = tmp_path_factory.mktemp("crash") / "crash.sqlite3"
    rnd = random.Random(2026)
    acked: dict[int, int] = {}
    started: set[int] = set()
    problems: dict[int, list[str]] = {}
    broken: dict[int, list[str]] = {}
    repaired = 0
    for run in range(RUNS):
        acks, new, broke = run_child(path, run, rnd.uniform(0.5, 3.0), "TABLES" if run == 0 else "READY")
        for game_id, version in acks.items():
            acked[game_id] = -1 if -1 in (version, acked.get(game_id)) else max(acked.get(game_id, 0), version)
        started |= new
        for line in broke:
            broken.setdefault(int(line.split()[1]), []).append(line)
        report = fresh_check(path, acked, None)
        repaired += report["repaired"]
        for channel, found in problems_of(report).items():
            problems.setdefault(channel, []).extend(f"after kill {run + 1}: {p}" for p in found)
    final = fresh_check(path, acked, PLAY_ON)
    for channel, found in problems_of(final).items():
        problems.setdefault(channel, []).extend(f"at the end: {p}" for p in found)
    return {"acked": acked, "started": started, "problems": problems, "broken": broken,
            "repaired": repaired, "final": final}


def test_killed_at_random_points_nothing_acknowledged_is_lost(crash_run):
    assert crash_run["acked"], "the child acknowledged no choice at all"
    lost = [p for found in crash_run["problems"].values() for p in found if "acknowledged version" in p]
    assert not lost, lost
    final = crash_run["final"]["modes"]
    print(f"crash run: {RUNS} kills, {len(crash_run['acked'])} games with acknowledged choices, 0 lost, "
          f"{crash_run['repaired']} left waiting on a bot and finished on load; "
          f"{sum(e['played'] for e in final.values())} of {sum(e['games'] for e in final.values())} games "
          f"loaded and played on by a fresh process")


@pytest.mark.parametrize("channel", [pytest.param(i, id=mode_name(mode)) for i, mode in enumerate(MODES)])
def test_a_fresh_process_loads_and_plays_every_stored_game(crash_run, channel):
    """Every mode had a table, and after every kill and at the end a new process loaded its
    games, found them equal to their logs' replays, not waiting on nobody, and played them on."""
    assert channel in crash_run["started"], f"{mode_name(MODES[channel])} never started a game"
    entry = crash_run["final"]["modes"].get(str(channel), {"games": 0})
    found = crash_run["problems"].get(channel, []) + crash_run["broken"].get(channel, [])
    assert entry["games"] and not found, found[:3]
