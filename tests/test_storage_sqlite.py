"""The SQLite engine's own guarantees: it runs on aiosqlite, reads never wait for a write under
way, a write cut off at any point (cancelled) stores all of itself or none, a single-statement
write never joins another's open transaction, and closing leaves no connection thread behind."""

from __future__ import annotations

import asyncio
import threading

import aiosqlite
import pytest

from bot.platform.storage import ActionRow, SeatRow, VersionConflict, open_storage
from bot.platform.storage.sqlite import SQLiteStorage

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


async def cancel_while_running(storage, cut: int, write) -> None:
    """Run `write()` and cancel it while the `cut`-th SQL statement runs on the connection's
    thread (a shutdown, a timeout: the caller stops waiting; no cancel if there are fewer)."""
    loop = asyncio.get_running_loop()
    task: list[asyncio.Task] = []
    executed = 0

    def trace(sql: str) -> None:  # runs on the connection's thread
        nonlocal executed
        executed += 1
        if executed == cut:
            loop.call_soon_threadsafe(task[0].cancel)

    await storage.connection.set_trace_callback(trace)
    task.append(asyncio.create_task(write()))
    try:
        await task[0]
    except asyncio.CancelledError:
        pass
    await storage.connection.set_trace_callback(None)


async def test_a_transaction_cancelled_at_any_statement_stores_all_of_itself_or_none(storage):
    """Writes of several statements go one hop at a time; until COMMIT ran, nothing may stay."""
    created = []
    for cut in range(1, 6):  # BEGIN, the game, its creator's seat, COMMIT, (no cancel)
        before = await storage.last_in_channel(100 + cut)
        await cancel_while_running(storage, cut, lambda: storage.create_game(1, 100 + cut, "tiny-duel", {}, 1, 7,
                                                                             "alice", {}))
        game = await storage.last_in_channel(100 + cut)
        assert before is None
        created.append(game is not None)
        if game is not None:
            assert [s.name for s in await storage.seats(game.id)] == ["alice"]
    assert created == [False, False, False, True, True]
    await storage.set_dm_enabled(7, False)  # the connection is in autocommit again, not stuck in a transaction
    assert await storage.dm_enabled(7) is False


async def test_a_record_is_one_statement_stored_whole_whenever_its_caller_is_cancelled(storage):
    game = await started(storage)
    for cut in range(1, 8):  # while the insert or any statement of its trigger runs
        version = (await storage.game(game)).version
        await cancel_while_running(storage, cut, lambda: storage.record(game, act(version + 1), {"seq": version + 1},
                                                                        meta={"seq": version + 1}))
        row = await storage.game(game)
        assert row.version == version + 1  # sent in one hop: cancelling the caller cannot split it
        assert [a.seq for a in await storage.actions(game)] == list(range(1, row.version + 1))
        assert await storage.snapshot(game) == (row.version, {"seq": row.version})
        assert row.meta == {"seq": row.version}
    with pytest.raises(VersionConflict):
        await storage.record(game, act(row.version), {"seq": "again"})
    assert (await storage.game(game)).version == row.version


async def test_a_single_statement_write_waits_for_an_open_transaction_and_outlives_its_rollback(storage):
    game = await started(storage)
    opened, fail = asyncio.Event(), asyncio.Event()

    async def failing_transaction():
        async with storage._transaction() as conn:
            await conn.execute("UPDATE games SET version = 99 WHERE id = ?", (game,))
            opened.set()
            await fail.wait()
            raise RuntimeError("the transaction fails after another write came in")

    transaction = asyncio.create_task(failing_transaction())
    await opened.wait()
    single = asyncio.create_task(storage.set_dm_enabled(7, False))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not single.done()  # it did not slip into the open transaction
    fail.set()
    with pytest.raises(RuntimeError):
        await transaction
    await single
    assert (await storage.game(game)).version == 0  # the transaction rolled back
    assert await storage.dm_enabled(7) is False  # the single write did not go with it


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


async def test_the_lock_file_sits_beside_the_database_and_git_ignores_both(tmp_path):
    """Issue 33 item 9: running the bot leaves "<database>.lock" beside the database (the OS
    lock that keeps a second process off it). With the default database in the checkout, git
    ignores the lock as it ignores the database, so no untracked file is left behind."""
    import shutil
    import subprocess
    from pathlib import Path

    from bot.platform.config import Settings

    store = open_storage(str(tmp_path / Settings().database))
    await store.open()
    await store.close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".lock")) == ["gamehost.sqlite3.lock"]
    root = Path(__file__).resolve().parents[1]
    if shutil.which("git") is None or not (root / ".git").exists():
        pytest.skip("not a git checkout")
    for name in ("gamehost.sqlite3", "gamehost.sqlite3.lock"):
        checked = subprocess.run(["git", "check-ignore", "-q", "--no-index", name], cwd=root)
        assert checked.returncode == 0, f"{name} would show as untracked"
