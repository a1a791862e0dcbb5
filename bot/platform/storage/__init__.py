"""Storage of games, seats, the append-only action log, state snapshots and settings.

    storage = open_storage("gamehost.sqlite3")                      # SQLite, one process
    storage = open_storage("postgresql://bot@db/gamehost", shard_ids=[0, 1], shard_count=4)
    await storage.open()

Both engines behave the same; see `base.Storage` for the methods.
"""

from __future__ import annotations

from .base import (ENDED, RUNNING, SNAPSHOTS_KEPT, UPDATABLE, ActionRow, AlreadyRunning, ChannelBusy, GameRow,
    SeatRow, Storage, StorageError, UserNotify, VersionConflict, shard_of)
from .schema import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS

MIGRATIONS = SQLITE_MIGRATIONS  # the default engine's list, under its old name

__all__ = [
    "ENDED", "MIGRATIONS", "POSTGRES_MIGRATIONS", "RUNNING", "SNAPSHOTS_KEPT", "SQLITE_MIGRATIONS", "UPDATABLE",
    "ActionRow", "AlreadyRunning", "ChannelBusy", "GameRow", "SeatRow", "Storage", "StorageError",
    "UserNotify", "VersionConflict", "engine_for", "is_postgres_url", "open_storage", "shard_of",
]


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


def engine_for(url: str) -> type[Storage]:
    """The Storage class for a database URL (a plain path means a SQLite file)."""
    if is_postgres_url(url):
        from .postgres import PostgresStorage

        return PostgresStorage
    if "://" in url and not url.startswith("sqlite://"):
        raise StorageError(f"unknown database URL {url.split('://')[0]}://...; use a SQLite file path, "
                           "sqlite:///path or postgresql://user@host/database")
    from .sqlite import SQLiteStorage

    return SQLiteStorage


def open_storage(url: str, *, shard_ids: list[int] | None = None, shard_count: int = 1) -> Storage:
    """The storage for `url`, not yet opened (call `await storage.open()`)."""
    return engine_for(url)(url, shard_ids=shard_ids, shard_count=shard_count)
