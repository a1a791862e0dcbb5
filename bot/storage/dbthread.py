"""The SQLite engine's database thread: a queue of functions, each run to its end in turn.

Cheaper than `loop.run_in_executor` (about half the hop cost): the result goes straight
back to the caller's event loop with one `call_soon_threadsafe`.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any, Callable

_STOP = object()


class DatabaseThread:
    """One worker thread; `call(fn, *args)` awaits `fn(*args)` run on it."""

    def __init__(self, name: str) -> None:
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def call(self, fn: Callable, *args: Any) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self._queue.put((future, fn, args))
        return future

    def stop(self) -> None:
        """Finish the queued work, then end the thread."""
        self._queue.put(_STOP)
        self._thread.join()

    def _serve(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            future, fn, args = item
            try:
                result, error = fn(*args), None
            except BaseException as raised:  # handed to the caller, never lost in this thread
                result, error = None, raised
            try:
                future.get_loop().call_soon_threadsafe(_settle, future, result, error)
            except RuntimeError:  # the caller's loop is closed: nobody is waiting any more
                pass


def _settle(future: asyncio.Future, result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class Checkpointer:
    """Copies the write-ahead log into the database file from a thread of its own, so the
    database thread's commits never pay for it (an automatic checkpoint stalls one commit in
    about sixty by several milliseconds). sqlite3 releases the GIL while it works."""

    INTERVAL = 0.25  # seconds between passive checkpoints

    def __init__(self, path: str, name: str) -> None:
        self._path = path
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._serve, name=name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join()

    def _serve(self) -> None:
        import sqlite3

        conn = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stopping.wait(self.INTERVAL):
                try:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error:  # busy or locked now: the next round tries again
                    continue
        finally:
            conn.close()
