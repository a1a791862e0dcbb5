"""One process per SQLite database: an OS lock on "<database>.lock".

The operating system drops the lock when its holder exits, however it exits (kill -9
included), so a crashed bot never blocks its own restart. The file's text names the
holder, for the message the second process prints.
"""

from __future__ import annotations

import os
import socket
import time

from .base import AlreadyRunning

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; one process per database is on the operator
    fcntl = None  # type: ignore[assignment]


class DatabaseLock:
    """An exclusive lock on `path`; `release()` (or process exit) frees it."""

    def __init__(self, path: str, database: str) -> None:
        self.path = path
        self.database = database
        self._fd: int | None = None

    def acquire(self) -> "DatabaseLock":
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                holder = os.read(fd, 300).decode("utf-8", "replace").strip() or "an unknown process"
                os.close(fd)
                raise AlreadyRunning(
                    f"The database {self.database} is already in use by {holder} (lock file {self.path}). "
                    "Only one bot process may use a SQLite database: stop the other one first, or use "
                    "PostgreSQL with shard ids per process to run several."
                ) from None
        os.ftruncate(fd, 0)
        stamp = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
        os.write(fd, f"gamehost process {os.getpid()} on {socket.gethostname()} (since {stamp})".encode())
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        finally:
            os.close(fd)  # closing the descriptor releases the flock
