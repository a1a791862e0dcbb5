"""A writer killed with SIGKILL mid-stream loses nothing it was told was stored, and leaves
every game consistent: its version, its last action and its latest snapshot agree.
GAMEHOST_STORAGE_CRASH_RUNS raises the number of kill points (default 3 per engine)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.platform.storage import open_storage
from tests.support.pg_server import database_url, postgres_server  # noqa: F401  (fixtures)

# every storage a test opens is closed even when the test fails: an open aiosqlite
# connection's thread would keep the test process from exiting
pytestmark = pytest.mark.usefixtures("close_storages")

ROOT = Path(__file__).resolve().parent.parent
RUNS = int(os.environ.get("GAMEHOST_STORAGE_CRASH_RUNS", "3"))
GAMES = 4

WRITER = r"""
import asyncio, sys, time
from bot.platform.storage import open_storage, ActionRow, SeatRow, ChannelBusy
STATE = {"board": [[i, "tile"] for i in range(300)]}

async def play(storage, game_id, version):
    seq = version
    while True:
        seq += 1
        action = ActionRow(seq, "choice", 0, 7, [seq], [f"move {seq}"], {}, False, time.time())
        await storage.record(game_id, action, {**STATE, "seq": seq}, meta={"seq": seq}, announce=seq % 2 == 0)
        print("ACK", game_id, seq, flush=True)

async def main(url, games):
    storage = open_storage(url)
    await storage.open()
    ids = []
    for channel in range(games):
        row = await storage.running_in_channel(channel)
        if row is None:
            row, _ = await storage.create_game(1, channel, "tiny-duel", {}, 1, 7, "alice", {})
            await storage.add_seat(row.id, SeatRow(1, None, "Bot 1"))
            await storage.start_game(row.id, {**STATE, "seq": 0}, {"seq": 0})
            row = await storage.game(row.id)
        ids.append((row.id, row.version))
    print("READY", flush=True)
    await asyncio.gather(*(play(storage, gid, version) for gid, version in ids))

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


def run_writer_and_kill(url: str, delay: float) -> dict[int, int]:
    """Start the writer, SIGKILL it after `delay` seconds of writing; the highest acked seq per game."""
    child = subprocess.Popen([sys.executable, "-c", WRITER, url, str(GAMES)], cwd=ROOT, stdout=subprocess.PIPE,
                             text=True)
    acked: dict[int, int] = {}
    try:
        assert child.stdout.readline().strip() == "READY"
        time.sleep(delay)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        for line in child.stdout:
            parts = line.split()
            if line.endswith("\n") and len(parts) == 3 and parts[0] == "ACK":  # the kill may cut the last line
                _, game, seq = parts
                acked[int(game)] = max(acked.get(int(game), 0), int(seq))
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    return acked


async def test_killed_writers_lose_no_acknowledged_record(database_url):
    rnd = random.Random(11)
    acknowledged = 0
    for _ in range(RUNS):
        acked = run_writer_and_kill(database_url, rnd.uniform(0.05, 0.4))
        acknowledged += sum(acked.values())
        storage = open_storage(database_url)
        await storage.open()  # a killed owner never blocks its successor
        try:
            games = await storage.running()
            assert len(games) == GAMES
            for game in games:
                assert game.version >= acked.get(game.id, 0), "an acknowledged record was lost"
                actions = await storage.actions(game.id)
                assert [a.seq for a in actions] == list(range(1, game.version + 1))
                seq, state = await storage.snapshot(game.id)
                assert seq == game.version and state["seq"] == seq and game.meta == {"seq": seq}
                assert game.announce == (seq % 2 == 0 if seq else True)
        finally:
            await storage.close()
    assert acknowledged > 0  # the writers did get to write before each kill
