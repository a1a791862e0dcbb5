"""The SQLite engine's own guarantees: it runs on aiosqlite, reads never wait for a write under
way, a write cut off at any point (cancelled) stores all of itself or none, and closing leaves
no connection thread behind."""

from __future__ import annotations

import asyncio
import threading

import aiosqlite
import pytest

from bot.storage import ActionRow, SeatRow, VersionConflict, open_storage
from bot.storage.sqlite import SQLiteStorage

# every storage a test opens is closed even when the test fails: an open aiosqlite
# connection's thread would keep the test process from exiting
pytestmark = pytest.mark.usefixtures("close_storages")


def act(seq: int) -> ActionRow:
    return ActionRow(seq, "choice", 0, 7, [seq], [f"move {seq}"], {0: [f"secret {seq}"]}, False, 1000.0 + seq)


@pytest.fixture
async def storage(tmp_path):
    store = open_storage(str(tmp_path / "games.sqlite3"))
    await store.open()
    yield store
    await store.close()


async def started(storage) -> int:
    row, _ = await storage.create_game(1, 10, "tiny-duel", {}, 1, 7, "alice", {})
    await storage.add_seat(row.id, SeatRow(1, None, "Bot 1"))
    await storage.start_game(row.id, {"seq": 0}, {"seq": 0})
    return row.id


async def test_the_engine_runs_on_aiosqlite_with_a_separate_read_connection(storage):
    assert isinstance(storage, SQLiteStorage)
    assert isinstance(storage.connection, aiosqlite.Connection)
    assert isinstance(storage.reader, aiosqlite.Connection)
    assert storage.reader is not storage.connection
    assert await storage.connection.execute_fetchall("PRAGMA journal_mode") == [("wal",)]


async def test_memory_database_shares_its_one_connection(tmp_path):
    storage = open_storage(":memory:")
    await storage.open()
    try:
        assert isinstance(storage.connection, aiosqlite.Connection) and storage.reader is None
        game = await started(storage)
        await storage.record(game, act(1), {"seq": 1})
        assert await storage.snapshot(game) == (1, {"seq": 1})
    finally:
        await storage.close()


async def test_reads_answer_while_a_write_is_under_way_and_see_only_committed_data(storage):
    game = await started(storage)
    writing, finish = asyncio.Event(), asyncio.Event()

    async def slow_write():
        async with storage._transaction() as conn:  # a move's transaction, held open
            await conn.execute("UPDATE games SET version = 99 WHERE id = ?", (game,))
            writing.set()
            await finish.wait()

    task = asyncio.create_task(slow_write())
    await writing.wait()
    try:
        assert (await asyncio.wait_for(storage.game(game), 5)).version == 0  # not queued behind it, not dirty
        assert await asyncio.wait_for(storage.snapshot(game), 5) == (0, {"seq": 0})
    finally:
        finish.set()
        await task
    assert (await storage.game(game)).version == 99


async def test_a_record_cancelled_at_any_statement_stores_all_of_itself_or_none(storage):
    """A move's statements go to the database one hop at a time; the caller may be cancelled
    (a shutdown, a timeout) while any of them runs. Until COMMIT ran, nothing of it may stay."""
    game = await started(storage)
    loop = asyncio.get_running_loop()
    version, stored = 0, []
    for cut in range(1, 7):  # cancel while the cut-th statement runs (BEGIN, 3 writes, COMMIT, none)
        task: list[asyncio.Task] = []
        executed = 0

        def trace(sql: str, cut: int = cut) -> None:  # runs on the connection's thread
            nonlocal executed
            executed += 1
            if executed == cut:
                loop.call_soon_threadsafe(task[0].cancel)

        await storage.connection.set_trace_callback(trace)
        task.append(asyncio.create_task(storage.record(game, act(version + 1), {"seq": version + 1},
                                                       meta={"seq": version + 1})))
        try:
            await task[0]
        except asyncio.CancelledError:
            pass
        await storage.connection.set_trace_callback(None)
        row = await storage.game(game)
        stored.append(row.version - version)
        assert [a.seq for a in await storage.actions(game)] == list(range(1, row.version + 1))
        assert await storage.snapshot(game) == (row.version, {"seq": row.version})
        assert row.meta == {"seq": row.version}
        version = row.version
    assert stored == [0, 0, 0, 0, 1, 1]  # rolled back until COMMIT itself ran
    await storage.record(game, act(version + 1), {"seq": version + 1})  # the storage goes on writing
    with pytest.raises(VersionConflict):
        await storage.record(game, act(version + 1), {"seq": "again"})
    assert (await storage.game(game)).version == version + 1


async def test_closing_ends_every_connection_thread(tmp_path):
    """aiosqlite's threads are not daemons: one left running would keep the bot's process alive."""
    before = set(threading.enumerate())
    storage = open_storage(str(tmp_path / "games.sqlite3"))
    await storage.open()
    await started(storage)
    await storage.close()
    await storage.close()  # twice is fine
    started_threads = [t for t in threading.enumerate() if t not in before]
    for thread in started_threads:  # each ends right after handing back its last result
        thread.join(timeout=10)
    assert [t for t in started_threads if t.is_alive()] == []
