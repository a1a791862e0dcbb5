"""Crash durability across every game, mode and storage engine: a child process plays one table
of each mode (solo and co-op included) on a real SQLite file or PostgreSQL database and is
killed with SIGKILL while it writes a move of a chosen mode. Every run kills each mode on each
engine at least once, cycling through every mode and both engines: the parent picks the mode,
which of its writes and how long after that write begins (0 to a few milliseconds); the child
announces each write as it starts (`REC <mode>`) and ends (`DONE <mode>`), and a timer thread of
its own delivers the SIGKILL at that moment, so the moment does not depend on how soon a busy
machine schedules the parent.

After each kill the next child, a fresh process (nothing imported beforehand, as after a real
restart), first checks the games of the modes the killed child wrote to (no other game can
have been hurt): every acknowledged choice is stored, each game's state equals the replay of
its log, and no game waits on nobody. At the end a fresh process per engine loads every
stored game and plays it on.

The default run kills each mode once per engine and plays each game 20 choices further;
GAMEHOST_CRASH_RUNS=150 kills 150 times (still cycling through every mode and engine) and plays
every game to its end.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import games
from tests.support.pg_server import postgres_server  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("sqlite", "postgresql")
PLAY_ON = 0 if "GAMEHOST_CRASH_RUNS" in os.environ else 20  # choices per game at the end; 0: to its end
WAIT_S = 600 if "GAMEHOST_CRASH_RUNS" in os.environ else 120  # for a mode's write, before giving up

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
KILLS = max(int(os.environ.get("GAMEHOST_CRASH_RUNS", "0")), len(ENGINES) * len(MODES))


def mode_name(mode: tuple[str, int, str]) -> str:
    slug, seats, options = mode
    return f"{slug}-{seats}p" + (f"-{options}" if options else "")


def ways_to_play(slug: str) -> set[str]:
    """How a title can be played (solo, versus, co-op), over every seat count and option choice."""
    rules = games.get(slug)
    return {rules.play_mode(players, {spec.key: choice})
            for players in range(rules.min_players, rules.max_players + 1)
            for spec in rules.options for choice in spec.choices}


def test_the_mix_holds_every_title_and_every_way_to_play_it():
    """A title or a way to play added later joins the crash runs (MODES) or this fails."""
    mixed = {(slug, games.get(slug).play_mode(seats, dict(kv.split("=") for kv in options.split(",") if kv)))
             for slug, seats, options in MODES if slug in games.REGISTRY}
    missing = {(slug, way) for slug in games.SHIPPED for way in ways_to_play(slug)} - mixed
    assert not missing, f"no crash run plays {sorted(missing)}: add them to MODES"


SCRIPT = r'''
import asyncio, json, os, random, signal, sys, threading, traceback
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
PLAYING = [None]  # the channel (mode) whose move is being made
GIVE_UP = 200  # turns of the target mode in a row without a move of the child's own


# -- the checks a fresh process makes --------------------------------------------------
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
    for _ in range(play_on or 0):
        if game.row.status != "active":
            break
        seat = game.to_act()[0]
        user = game.seats[seat].user_id
        await sessions.choose(game, user, game.stamp(seat), game.rules.bot_choice(game.state, seat))
    return []

async def check(storage, sessions, acked, play_on, channels):
    """Every acknowledged and every running game in `channels` (None: all) checked (and played
    on `play_on` choices; -1: to its end): per channel the games, those that passed and the
    problems found."""
    report = {{"repaired": 0, "modes": {{}}}}
    rows = [await storage.game(int(gid)) for gid in acked]
    rows += [r for r in await storage.running() if str(r.id) not in acked]
    for row in rows:
        if channels is not None and row.channel_id not in channels:
            continue
        entry = report["modes"].setdefault(str(row.channel_id), {{"games": 0, "played": 0, "problems": []}})
        entry["games"] += 1
        try:
            if row.status == "active" and await waits_on_a_bot(storage, row):
                report["repaired"] += 1
            problems = await check_game(storage, sessions, row, acked, 10**6 if play_on == -1 else play_on)
            if play_on == -1 and not problems and (await storage.game(row.id)).status == "active":
                problems = ["did not reach its end"]
        except Exception as error:
            problems = [f"{{type(error).__name__}}: {{error}} | " + traceback.format_exc()[-1500:]]
        entry["problems"] += [f"game {{row.id}}: {{p}}" for p in problems]
        entry["played"] += not problems
    return report


# -- playing, with every write announced -------------------------------------------------
def announce_writes(storage, target, nth, delay):
    """Each move's write says when it starts and when it is done, with the mode it is for; the
    `nth` write for mode `target` starts a timer that kills this process `delay` s later."""
    record = storage.record
    writes = [0]
    async def announced(game_id, *args, **kwargs):
        print("REC", PLAYING[0], flush=True)
        if PLAYING[0] == target:
            writes[0] += 1
            if writes[0] == nth:
                threading.Timer(delay, os.kill, (os.getpid(), signal.SIGKILL)).start()
        await record(game_id, *args, **kwargs)
        print("DONE", PLAYING[0], flush=True)
    storage.record = announced

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
    """One choice of the child's human at this channel's table; False when it had none to make."""
    PLAYING[0] = channel
    print("TOUCH", channel, flush=True)
    game = await table(sessions, channel)
    if game.row.status != "active":
        return False
    seat = game.seat_of(USER)
    if seat is None or game.rules.decision_for(game.state, seat) is None:
        return False
    await sessions.choose(game, USER, game.stamp(seat), game.rules.bot_choice(game.state, seat))
    print("ACK", game.id, game.version if game.row.status == "active" else -1, flush=True)
    return True

async def main(url, acked_path, target, seed, play_on, nth, delay, channels):
    rnd = random.Random(seed)
    with open(acked_path) as handle:
        acked = json.load(handle)
    storage = open_storage(url)
    await storage.open()
    sessions = Sessions(storage)
    print("REPORT " + json.dumps(await check(storage, sessions, acked, play_on, channels)), flush=True)
    if target < 0:
        await storage.close()
        return
    announce_writes(storage, target, nth, delay)
    for channel in range(len(MODES)):  # every mode has a table
        if await sessions.in_channel(channel) is None:
            print("TOUCH", channel, flush=True)
        try:
            await table(sessions, channel)
        except Exception:
            print("BROKEN", channel, traceback.format_exc().replace("\n", " | "), flush=True)
    print("TABLES", flush=True)
    idle = 0
    for channel in [rnd.randrange(len(MODES)) for _ in range(rnd.randrange(4))] + [target] * 10**6:
        try:
            moved = await turn(sessions, channel)
        except SessionError:
            moved = False
        except Exception:
            print("BROKEN", channel, traceback.format_exc().replace("\n", " | "), flush=True)
            moved = False
        idle = 0 if moved or channel != target else idle + 1
        if idle >= GIVE_UP:
            print("STUCK", target, flush=True)
            return

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]),
                 float(sys.argv[7]), None if sys.argv[8] == "all" else {{int(c) for c in sys.argv[8].split(",") if c}}))
'''


def script() -> str:
    return SCRIPT.format(root=str(ROOT), modes=MODES)


@dataclass
class Engine:
    """One storage engine's database and what the runs on it found."""

    name: str
    url: str
    acked: dict[int, int] = field(default_factory=dict)  # game id -> acknowledged version (-1: finished)
    started: set[int] = field(default_factory=set)  # channels (modes) where a game started
    killed: dict[int, int] = field(default_factory=dict)  # mode -> kills just after one of its writes began
    inside: dict[int, int] = field(default_factory=dict)  # mode -> of those, kills before that write was done
    problems: dict[int, list[str]] = field(default_factory=dict)
    repaired: int = 0
    final: dict = field(default_factory=dict)
    touched: set[int] | None = None  # the channels (modes) the last child wrote to (None: all)

    def problem(self, channel: int, text: str) -> None:
        self.problems.setdefault(channel, []).append(text)

    def acked_file(self, folder: Path) -> Path:
        path = folder / f"{self.name}.acked.json"
        path.write_text(json.dumps({str(k): v for k, v in self.acked.items()}))
        return path

    def take_report(self, report: dict, when: str) -> None:
        self.repaired += report["repaired"]
        for channel, entry in report["modes"].items():
            for found in entry["problems"]:
                self.problem(int(channel), f"{when}: {found}")


def kill_during(engine: Engine, folder: Path, target: int, seed: int, rnd: random.Random) -> None:
    """One child on `engine`: it checks what the last kill left (the games of the modes the last
    child wrote to: no other game can have been hurt), then plays mode `target` until
    it is killed a moment (none for half the kills, else up to 4 ms) after one of that mode's
    first three writes begins."""
    nth, delay = rnd.randint(1, 3), rnd.choice([0.0, rnd.uniform(0.0, 0.004)])
    child = subprocess.Popen([sys.executable, "-c", script(), engine.url, str(engine.acked_file(folder)),
                              str(target), str(seed), "0", str(nth), str(delay),
                              "all" if engine.touched is None else ",".join(map(str, sorted(engine.touched)))],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = child.communicate(timeout=WAIT_S)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        engine.problem(target, f"no kill in {mode_name(MODES[target])} within {WAIT_S} s: {err.decode()[-2000:]}")
    lines = [line.decode() for line in out.split(b"\n")[:-1]]  # (a line the kill cut short is left out)
    killed = child.returncode == -signal.SIGKILL
    if not killed and "no kill" not in "".join(engine.problems.get(target, [])[-1:]):
        engine.problem(target, f"the child ended by itself: {lines[-1:]} {err.decode()[-2000:]}")
    read(engine, target, lines, killed)


def read(engine: Engine, target: int, lines: list[str], killed: bool) -> None:
    """What one child's output says: its check's report, the acknowledged versions, the games it
    started, what broke, and whether the kill came inside the target's write."""
    last_write = None
    engine.touched = set()
    for line in lines:
        parts = line.split()
        if parts[:1] == ["REPORT"]:
            engine.take_report(json.loads(line[len("REPORT "):]), f"checked after a kill in {engine.name}")
        elif len(parts) == 3 and parts[0] == "ACK":
            game_id, version = int(parts[1]), int(parts[2])
            known = engine.acked.get(game_id, 0)
            engine.acked[game_id] = -1 if -1 in (version, known) else max(known, version)
        elif len(parts) == 3 and parts[0] == "START":
            engine.started.add(int(parts[2]))
        elif len(parts) == 2 and parts[0] == "TOUCH":
            engine.touched.add(int(parts[1]))
        elif parts[:1] == ["BROKEN"]:
            engine.problem(int(parts[1]), line)
        elif parts[:1] in (["REC"], ["DONE"]) and parts[1:] == [str(target)]:
            last_write = parts[0]
    if killed:
        engine.killed[target] = engine.killed.get(target, 0) + 1
        if last_write == "REC":
            engine.inside[target] = engine.inside.get(target, 0) + 1


def final_check(engine: Engine, folder: Path) -> None:
    """A new process loads every stored game of the engine, checks it and plays it on."""
    done = subprocess.run([sys.executable, "-c", script(), engine.url, str(engine.acked_file(folder)), "-1", "0",
                           str(-1 if PLAY_ON == 0 else PLAY_ON), "0", "0", "all"], capture_output=True, text=True,
                          timeout=3600)
    line = next((x for x in done.stdout.splitlines() if x.startswith("REPORT ")), None)
    assert line is not None, f"the checking process failed on {engine.name}: {done.stderr[-3000:]}"
    engine.final = json.loads(line[len("REPORT "):])
    engine.take_report(engine.final, "at the end")


@pytest.fixture(scope="module")
def crash_run(request, tmp_path_factory) -> dict[str, Engine]:
    """Kill the children KILLS times, cycling through every engine and mode, then let a fresh
    process per engine play every stored game on."""
    folder = tmp_path_factory.mktemp("crash")
    engines = {"sqlite": Engine("sqlite", str(folder / "crash.sqlite3"))}
    try:
        server = request.getfixturevalue("postgres_server")
        engines["postgresql"] = Engine("postgresql", server.new_database())
    except pytest.skip.Exception:
        pass  # GAMEHOST_SKIP_PG=1: the PostgreSQL cases say they were skipped
    rnd = random.Random(2026)
    for kill in range(KILLS):
        name = ENGINES[kill % len(ENGINES)]
        if name in engines:
            kill_during(engines[name], folder, kill // len(ENGINES) % len(MODES), kill, rnd)
    for engine in engines.values():
        final_check(engine, folder)
    return engines


def engine_of(crash_run: dict[str, Engine], name: str) -> Engine:
    if name not in crash_run:
        pytest.skip(f"{name} is not available here")
    return crash_run[name]


@pytest.mark.parametrize("name", ENGINES)
def test_killed_in_every_mode_nothing_acknowledged_is_lost(crash_run, name):
    engine = engine_of(crash_run, name)
    assert engine.acked, "the children acknowledged no choice at all"
    lost = [p for found in engine.problems.values() for p in found if "acknowledged version" in p]
    assert not lost, lost
    missed = [mode_name(mode) for index, mode in enumerate(MODES) if not engine.killed.get(index)]
    assert not missed, f"no kill during a write of {missed}"
    final = engine.final["modes"]
    print(f"crash run on {name}: {sum(engine.killed.values())} kills, one or more during a write of each of "
          f"{len(MODES)} modes ({sum(engine.inside.values())} before that write was done); "
          f"{len(engine.acked)} games with acknowledged choices, 0 lost, {engine.repaired} left waiting on a bot "
          f"and finished on load; {sum(e['played'] for e in final.values())} of "
          f"{sum(e['games'] for e in final.values())} games loaded and played on by a fresh process")


@pytest.mark.parametrize("name", ENGINES)
@pytest.mark.parametrize("channel", [pytest.param(i, id=mode_name(mode)) for i, mode in enumerate(MODES)])
def test_a_fresh_process_loads_and_plays_every_stored_game(crash_run, name, channel):
    """Every mode had a table on every engine, and after every kill and at the end a new process
    loaded its games, found them equal to their logs' replays, not waiting on nobody, and
    played them on."""
    engine = engine_of(crash_run, name)
    assert channel in engine.started, f"{mode_name(MODES[channel])} never started a game on {name}"
    entry = engine.final["modes"].get(str(channel), {"games": 0})
    found = engine.problems.get(channel, [])
    assert entry["games"] and not found, found[:3]
