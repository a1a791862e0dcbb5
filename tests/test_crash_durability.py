"""Crash durability: a child process plays games on a real SQLite file and is killed with
SIGKILL at random moments. After each kill: every acknowledged choice is stored, each game's
state equals the replay of its log, and every game can still be played to its end.

The default run tries a modest number of kill points; GAMEHOST_CRASH_RUNS=150 tries many.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.session import Sessions, SessionError
from bot.storage import open_storage

RUNS = int(os.environ.get("GAMEHOST_CRASH_RUNS", "6"))
ROOT = Path(__file__).resolve().parent.parent

CHILD = r'''
import asyncio, random, sys
sys.path.insert(0, {root!r})
import games
from tests.support import tinygame
games.REGISTRY.setdefault(tinygame.RULES.slug, tinygame.RULES)
from bot.session import Sessions, SessionError
from bot.storage import open_storage

async def main(path, seed):
    rnd = random.Random(seed)
    storage = open_storage(path)
    await storage.open()
    sessions = Sessions(storage)
    user = 1000
    while True:
        channel = rnd.randrange(12)
        game = await sessions.in_channel(channel)
        if game is None:
            slug = rnd.choice(["tiny-duel", "pocket-mars", "petrichor", "impulse"])
            try:
                game = await sessions.create(1, channel, slug, user, "human")
                await sessions.add_bot(game, user)
                await sessions.start(game, user)
            except SessionError:
                continue
            print("START", game.id, flush=True)
            continue
        if game.row.status != "active":
            continue
        seat = game.seat_of(user)
        decision = game.rules.decision_for(game.state, seat) if seat is not None else None
        if decision is None:
            continue
        choice = game.rules.bot_choice(game.state, seat)
        step = await sessions.choose(game, user, game.stamp(seat), choice)
        print("ACK", game.id, game.version if game.row.status == "active" else -1, flush=True)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
'''


def run_child(path: Path, seed: int, kill_after: float) -> list[tuple[str, int, int]]:
    """Run the child until `kill_after` seconds, SIGKILL it; the acknowledgements it printed."""
    script = CHILD.format(root=str(ROOT))
    child = subprocess.Popen([sys.executable, "-c", script, str(path), str(seed)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    time.sleep(kill_after)
    child.send_signal(signal.SIGKILL)
    out, err = child.communicate()
    assert child.returncode == -signal.SIGKILL, f"child ended by itself: {err[-2000:]}"
    acks = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "ACK":
            acks.append((parts[0], int(parts[1]), int(parts[2])))
    return acks


async def waits_on_a_bot(storage, row) -> bool:
    """Whether the stored state is waiting on a bot seat (a crash came before the bot replied)."""
    import games

    rules = games.get(row.slug)
    snap = await storage.snapshot(row.id)
    if snap is None:
        return False
    seats = {s.seat: s.user_id for s in await storage.seats(row.id)}
    return any(seats.get(d.seat) is None for d in rules.pending(rules.load(snap[1])))


async def check_database(path: Path, acked: dict[int, int], finish: bool) -> tuple[int, int]:
    """Every acknowledged choice is stored, states equal replays; with `finish`, every game is
    played to its end. Returns (games a crash left waiting on a bot, games stuck after loading)."""
    storage = open_storage(str(path))
    await storage.open()
    try:
        sessions = Sessions(storage)
        for game_id, version in acked.items():
            row = await storage.game(game_id)
            assert row is not None
            assert version == -1 and row.status == "finished" or row.version >= version, \
                f"game {game_id}: acknowledged version {version}, stored {row.version}"
        stuck = repaired = 0
        rows = await storage.running()
        for row in rows:
            if row.status == "active" and await waits_on_a_bot(storage, row):
                repaired += 1  # the old code left these stuck; loading must finish them
            try:
                game = await sessions.get(row.id)
            except SessionError:
                continue
            if game.row.status != "active":
                continue
            replayed = sessions._rebuild(game, await sessions.kept_actions(game.id))
            assert game.rules.dump(replayed) == game.rules.dump(game.state), f"game {game.id} differs from its replay"
            if not game.to_act():
                stuck += 1
            if finish:
                for _ in range(5000):
                    if game.row.status != "active":
                        break
                    seat = game.to_act()[0]
                    user = game.seats[seat].user_id
                    await sessions.choose(game, user, game.stamp(seat), game.rules.bot_choice(game.state, seat))
                assert game.row.status == "finished"
        return repaired, stuck
    finally:
        await storage.close()


def test_killed_at_random_points_nothing_acknowledged_is_lost(tmp_path):
    path = tmp_path / "crash.sqlite3"
    rnd = random.Random(2026)
    acked: dict[int, int] = {}
    kills = repaired = 0
    for run in range(RUNS):
        for _, game_id, version in run_child(path, run, rnd.uniform(1.5, 3.0)):
            acked[game_id] = version if version == -1 else max(acked.get(game_id, 0), version)
        kills += 1
        fixed, stuck = asyncio.run(check_database(path, acked, finish=False))
        repaired += fixed
        assert stuck == 0, f"{stuck} games wait on nobody after kill {kills}"
    _, stuck = asyncio.run(check_database(path, acked, finish=True))
    assert acked, "the child acknowledged no choice at all"
    print(f"crash run: {kills} kills, {len(acked)} games with acknowledged choices, 0 lost, "
          f"{repaired} left waiting on a bot and finished on load, {stuck} stuck")
