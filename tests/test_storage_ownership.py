"""Who may use a database: one process per SQLite file, one owner per shard on PostgreSQL;
and old SQLite files migrating forward with their games."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.platform.storage import (SQLITE_MIGRATIONS, ActionRow, AlreadyRunning, ChannelBusy, SeatRow, StorageError,
    open_storage, shard_of)
from bot.platform.storage.postgres import PostgresStorage
from tests.support.pg_server import postgres_server  # noqa: F401  (fixture)

# every storage a test opens is closed even when the test fails: an open aiosqlite
# connection's thread would keep the test process from exiting
pytestmark = pytest.mark.usefixtures("close_storages")

ROOT = Path(__file__).resolve().parent.parent
HOLD = """
import asyncio, sys
from bot.platform.storage import open_storage
async def main():
    storage = open_storage(sys.argv[1])
    await storage.open()
    print("ready", flush=True)
    await asyncio.sleep(60)
asyncio.run(main())
"""
# guild ids on shard 0 and shard 1 of 2 (Discord: (guild_id >> 22) % shard_count)
GUILD_0, GUILD_1 = 1_190_000_000_004_194_304 & ~(1 << 22), 1_190_000_000_004_194_304 | (1 << 22)


def test_the_shard_formula_is_discords():
    assert shard_of(GUILD_0, 2) == 0 and shard_of(GUILD_1, 2) == 1
    assert shard_of(175928847299117063, 16) == (175928847299117063 >> 22) % 16
    assert open_storage("x.sqlite3", shard_ids=[3], shard_count=4).shard_of(GUILD_1) == shard_of(GUILD_1, 4)


def test_bad_urls_and_shards_are_refused():
    with pytest.raises(StorageError):
        open_storage("mysql://db/games")
    with pytest.raises(StorageError):
        open_storage("games.sqlite3", shard_ids=[2], shard_count=2)
    assert open_storage("sqlite:////tmp/games.sqlite3").path == "/tmp/games.sqlite3"


async def test_a_second_process_on_one_sqlite_file_is_refused_until_the_first_dies(tmp_path):
    path = str(tmp_path / "games.sqlite3")
    child = subprocess.Popen([sys.executable, "-c", HOLD, path], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        second = open_storage(path)
        with pytest.raises(AlreadyRunning) as refused:
            await second.open()
        assert f"process {child.pid}" in str(refused.value) and path in str(refused.value)
        child.send_signal(signal.SIGKILL)  # a crash frees the database: the restart must not be blocked
        child.wait(timeout=30)
        await second.open()
        await second.create_game(1, 2, "tiny-duel", {}, 3, 4, "alice", {})
        await second.close()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


async def test_a_second_storage_in_one_process_is_refused_too(tmp_path):
    first = open_storage(str(tmp_path / "games.sqlite3"))
    await first.open()
    try:
        with pytest.raises(AlreadyRunning):
            await open_storage(f"sqlite:///{tmp_path / 'games.sqlite3'}").open()
    finally:
        await first.close()
    reopened = open_storage(str(tmp_path / "games.sqlite3"))
    await reopened.open()
    await reopened.close()


async def test_postgres_shard_owners_coexist_and_never_see_each_other(postgres_server):
    url = postgres_server.new_database()
    zero = open_storage(url, shard_ids=[0], shard_count=2)
    one = open_storage(url, shard_ids=[1], shard_count=2)
    await zero.open()
    await one.open()
    try:
        mine, _ = await zero.create_game(GUILD_0, 10, "tiny-duel", {}, 1, 5, "alice", {})
        theirs, _ = await one.create_game(GUILD_1, 11, "tiny-duel", {}, 1, 6, "bob", {})
        for store, own, other in ((zero, mine, theirs), (one, theirs, mine)):
            assert [g.id for g in await store.running()] == [own.id]
            assert await store.count_running() == 1
            assert await store.game(other.id) is None
            assert await store.running_in_channel(other.channel_id) is None
            assert await store.last_in_channel(other.channel_id) is None
            assert await store.running(other.guild_id) == []
            assert await store.running_of_user(other.guild_id, other.creator_id) == []
        for store, game in ((zero, mine), (one, theirs)):
            await store.add_seat(game.id, SeatRow(1, None, "Bot 1"))
            await store.start_game(game.id, {"t": 0}, {})
            await store.record(game.id, ActionRow(1, "choice", 0, 5, [], [], {}, False, 1.0), {"t": 1})
        assert [g.id for g in await zero.needing_announce()] == [mine.id]
        assert [g.id for g in await one.idle("active", 2.0)] == [theirs.id]
        with pytest.raises(ChannelBusy):  # the channel rule holds across processes
            await one.create_game(GUILD_1, 10, "tiny-duel", {}, 1, 6, "bob", {})
    finally:
        await zero.close()
        await one.close()


async def test_postgres_refuses_a_second_owner_of_a_shard_and_a_different_shard_count(postgres_server, monkeypatch):
    monkeypatch.setattr(PostgresStorage, "claim_wait", 0.2)
    url = postgres_server.new_database()
    owner = open_storage(url, shard_ids=[0, 1], shard_count=4)
    await owner.open()
    try:
        with pytest.raises(AlreadyRunning) as refused:
            await open_storage(url, shard_ids=[1, 2], shard_count=4).open()
        assert "shard 1 of 4" in str(refused.value) and f"pid {os.getpid()}" in str(refused.value)
        with pytest.raises(AlreadyRunning) as refused:
            await open_storage(url, shard_ids=[2], shard_count=3).open()
        assert "shard_count 4" in str(refused.value)
        neighbour = open_storage(url, shard_ids=[2, 3], shard_count=4)
        await neighbour.open()  # the refused attempts left no locks behind
        await neighbour.close()
    finally:
        await owner.close()
    successor = open_storage(url, shard_ids=[1], shard_count=4)
    await successor.open()  # a closed owner's shards are free again
    await successor.close()


def write_version_1_database(path: Path) -> None:
    """A database as the first release left it, including the old two-games-in-a-channel race."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.executescript(f"BEGIN; {SQLITE_MIGRATIONS[0]} PRAGMA user_version = 1; COMMIT;")
    rows = [(1, 7, 100, "tiny-duel", "{}", 1 << 61, "active", 5, 2, 900, 1.0, 2.0),
            (2, 7, 100, "tiny-duel", "{}", 11, "lobby", 6, 0, None, 3.0, 3.0),  # the race's second game
            (3, 7, 101, "tiny-duel", "{\"length\": \"long\"}", 12, "finished", 5, 4, None, 1.0, 5.0),
            (4, 7, 102, "tiny-duel", "{}", 13, "lobby", 5, 0, None, 6.0, 6.0)]
    conn.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT INTO seats VALUES (?, ?, ?, ?)",
                     [(1, 0, 5, "alice"), (1, 1, None, "Bot 1"), (2, 0, 6, "bob"), (4, 0, 5, "alice")])
    for seq in (1, 2):
        conn.execute("INSERT INTO actions VALUES (1, ?, 'choice', 0, 5, ?, ?, ?, 0, ?)",
                     (seq, '["x"]', '["l"]', '{"0": ["p"]}', float(seq)))
    conn.execute("INSERT INTO snapshots VALUES (1, 2, ?)", (json.dumps({"turn": 2}),))
    conn.execute("INSERT INTO user_settings VALUES (5, 0)")
    conn.close()


async def test_a_version_1_sqlite_database_migrates_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.sqlite3"
    write_version_1_database(path)
    storage = open_storage(str(path))
    await storage.open()
    try:
        assert await storage.schema_version() == len(SQLITE_MIGRATIONS)
        game = await storage.game(1)
        assert (game.status, game.version, game.seed, game.turn_message_id) == ("active", 2, 1 << 61, 900)
        assert (game.meta, game.announce) == ({}, False)
        assert await storage.snapshot(1) == (2, {"turn": 2})
        assert [a.private_lines for a in await storage.actions(1)] == [{0: ["p"]}, {0: ["p"]}]
        assert await storage.seats(1) == [SeatRow(0, 5, "alice"), SeatRow(1, None, "Bot 1")]
        assert (await storage.game(2)).status == "abandoned"  # the channel keeps its active game
        assert (await storage.running_in_channel(100)).id == 1
        assert (await storage.game(3)).options == {"length": "long"}
        assert [g.id for g in await storage.running()] == [1, 4]
        assert await storage.dm_enabled(5) is False
        await storage.record(1, ActionRow(3, "choice", 0, 5, [], [], {}, False, 9.0), {"turn": 3})
        assert await storage.snapshot(1, 2) == (2, {"turn": 2})
        with pytest.raises(ChannelBusy):
            await storage.create_game(7, 100, "tiny-duel", {}, 1, 5, "alice", {})
    finally:
        await storage.close()
    again = open_storage(str(path))
    await again.open()  # migrations run once
    assert (await again.game(1)).version == 3
    await again.close()


async def test_a_database_from_a_newer_bot_is_refused(tmp_path):
    path = tmp_path / "new.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(SQLITE_MIGRATIONS) + 1}")
    conn.close()
    with pytest.raises(StorageError, match="newer"):
        await open_storage(str(path)).open()
    second = open_storage(str(path))  # the refusal released the lock file
    with pytest.raises(StorageError):
        await second.open()


def test_missing_postgres_binaries_fail_the_run_unless_skipping_is_asked(monkeypatch):
    from _pytest.outcomes import Failed, Skipped

    from tests.support import pg_server

    monkeypatch.setattr(pg_server, "find_bin_dir", lambda: None)
    monkeypatch.delenv(pg_server.SKIP_ENV, raising=False)
    with pytest.raises(Failed, match="apt-get install postgresql"):
        pg_server.start_or_explain()
    monkeypatch.setenv(pg_server.SKIP_ENV, "1")
    with pytest.raises(Skipped):
        pg_server.start_or_explain()


async def test_a_postgres_owner_knows_when_its_claim_is_lost(postgres_server):
    url = postgres_server.new_database()
    owner = open_storage(url, shard_ids=[0], shard_count=2)
    await owner.open()
    try:
        assert await owner.still_owner()
        admin = await asyncpg.connect(url)
        try:  # the database drops the owner's connection (a restart, a network cut)
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                " WHERE application_name LIKE 'gamehost pid%' AND pid <> pg_backend_pid()")
        finally:
            await admin.close()
        assert not await owner.still_owner()
        successor = open_storage(url, shard_ids=[0], shard_count=2)
        await successor.open()  # the shard is free for a successor
        await successor.close()
    finally:
        await owner.close()


async def test_a_sqlite_owner_holds_its_claim_while_open(tmp_path):
    storage = open_storage(str(tmp_path / "games.sqlite3"))
    await storage.open()
    assert await storage.still_owner()
    await storage.close()
    assert not await storage.still_owner()


async def test_a_sqlite_deployment_moves_onto_postgres_with_its_games(tmp_path, postgres_server):
    from bot.platform.storage.transfer import transfer

    path = tmp_path / "old.sqlite3"
    write_version_1_database(path)  # an old file: migrated on the way
    url = postgres_server.new_database()
    counts = await transfer(str(path), url)
    assert counts == {"games": 4, "seats": 4, "actions": 2, "snapshots": 1, "user_settings": 1, "guild_settings": 0}
    storage = open_storage(url)
    await storage.open()
    try:
        game = await storage.game(1)
        assert (game.status, game.version, game.seed, game.turn_message_id) == ("active", 2, 1 << 61, 900)
        assert await storage.snapshot(1) == (2, {"turn": 2})
        assert [a.private_lines for a in await storage.actions(1)] == [{0: ["p"]}, {0: ["p"]}]
        assert await storage.dm_enabled(5) is False
        await storage.record(1, ActionRow(3, "choice", 0, 5, [], [], {}, False, 9.0), {"turn": 3})
        fresh, _ = await storage.create_game(7, 500, "tiny-duel", {}, 1, 5, "alice", {})
        assert fresh.id == 5  # new ids continue after the moved ones
    finally:
        await storage.close()
    with pytest.raises(StorageError, match="already holds games"):
        await transfer(str(path), url)
