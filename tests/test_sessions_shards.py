"""Two bot processes, each running its own shards, share one PostgreSQL database through the
session layer: each plays its own servers' games and neither sees nor touches the other's."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bot.platform.storage import shard_of
from tests.support.pg_server import postgres_server  # noqa: F401  (fixture)

ROOT = Path(__file__).resolve().parent.parent
SHARDS = 2

# Discord ids whose server lands on shard 0 and on shard 1 of 2 ((id >> 22) % 2).
GUILDS = {0: (1 << 22) * 2, 1: (1 << 22) * 3}

CHILD = r'''
import asyncio, json, sys
sys.path.insert(0, {root!r})
import games
from tests.support import tinygame
games.REGISTRY.setdefault(tinygame.RULES.slug, tinygame.RULES)
from bot.platform.sessions import Sessions, SessionError
from bot.platform.storage import open_storage

async def main(url, shard, mine, theirs, their_ids):
    storage = open_storage(url, shard_ids=[shard], shard_count={shards})
    await storage.open()
    sessions = Sessions(storage)
    made = []
    for n in range(3 if not their_ids else 0):
        game = await sessions.create(mine, 1000 * (shard + 1) + n, "tiny-duel", 7, "alice")
        await sessions.add_bot(game, 7)
        await sessions.start(game, 7)
        seat = game.seat_of(7)
        await sessions.choose(game, 7, game.stamp(seat), game.rules.bot_choice(game.state, seat))
        made.append(game.id)
    await asyncio.sleep(0.5)  # let the other process write too
    seen = []
    for game_id in their_ids:
        try:
            await sessions.get(game_id)
            seen.append(game_id)
        except SessionError:
            pass
    for n in range(3):
        if await sessions.in_channel(1000 * (2 - shard) + n) is not None:
            seen.append(("channel", n))
    listed = [row.id for row in await storage.running()]
    print(json.dumps({{"made": made, "seen": seen, "listed": listed}}))
    await storage.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), json.loads(sys.argv[5])))
'''


def run(url: str, shard: int, their_ids: list[int]) -> subprocess.Popen:
    script = CHILD.format(root=str(ROOT), shards=SHARDS)
    return subprocess.Popen([sys.executable, "-c", script, url, str(shard), str(GUILDS[shard]),
                             str(GUILDS[1 - shard]), json.dumps(their_ids)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_processes_with_different_shards_never_touch_each_others_games(postgres_server):
    assert [shard_of(GUILDS[s], SHARDS) for s in (0, 1)] == [0, 1]
    url = postgres_server.new_database()
    first, second = run(url, 0, []), run(url, 1, [])
    results = []
    for child in (first, second):
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err[-3000:]
        results.append(json.loads(out.strip().splitlines()[-1]))
    for shard, mine in enumerate(results):
        theirs = results[1 - shard]
        assert set(mine["listed"]) == set(mine["made"]), "a process lists only its own shards' games"
        assert not set(mine["listed"]) & set(theirs["made"])
    # a second round: each process asks for the other's games by id and by channel
    again = [run(url, shard, results[1 - shard]["made"]) for shard in (0, 1)]
    for child in again:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err[-3000:]
        assert json.loads(out.strip().splitlines()[-1])["seen"] == []
