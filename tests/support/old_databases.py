"""A database as an older version of the bot left it, for the upgrade tests: the first N migrations
of its engine applied (bot/platform/storage/schema.py), the rows of that time inserted, nothing
more. Opening it with today's storage migrates it forward.

    location = await database_at("sqlite", 6, "INSERT INTO user_settings ... VALUES (5, 1, 'notice')")
    async with upgraded(location) as storage:
        ...
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from bot.platform.storage import Storage, open_storage
from bot.platform.storage.schema import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS

DatabaseAt = Callable[..., Awaitable[str]]


def sqlite_at(path: Path, migration: int, rows: tuple[str, ...] = ()) -> str:
    """A SQLite file at `path` with the first `migration` migrations and `rows` (SQL statements)."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript(f"BEGIN; {' '.join(SQLITE_MIGRATIONS[:migration])} PRAGMA user_version = {migration}; COMMIT;")
        for row in rows:
            conn.execute(row)
    finally:
        conn.close()
    return str(path)


async def postgres_at(url: str, migration: int, rows: tuple[str, ...] = ()) -> str:
    """The empty PostgreSQL database at `url` with the first `migration` migrations, each noted as
    applied, and `rows` (SQL statements)."""
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at DOUBLE PRECISION)")
        for number, statement in enumerate(POSTGRES_MIGRATIONS[:migration], start=1):
            await conn.execute(statement)
            await conn.execute("INSERT INTO schema_migrations VALUES ($1, 0)", number)
        for row in rows:
            await conn.execute(row)
    finally:
        await conn.close()
    return url


@pytest.fixture
def database_at(request, tmp_path) -> DatabaseAt:
    """`await database_at(engine, migration, *rows)`: the location (a SQLite path or a PostgreSQL
    URL) of a new database of `engine` ("sqlite" or "postgresql") at `migration`, holding `rows`.
    A PostgreSQL one is made on the test session's server (tests/support/pg_server.py)."""

    async def make(engine: str, migration: int, *rows: str) -> str:
        if engine == "sqlite":
            return sqlite_at(tmp_path / f"v{migration}.sqlite3", migration, rows)
        return await postgres_at(request.getfixturevalue("postgres_server").new_database(), migration, rows)

    return make


@asynccontextmanager
async def upgraded(location: str) -> AsyncIterator[Storage]:
    """Today's storage opened on the old database at `location` (which migrates it), closed after."""
    storage = open_storage(location)
    await storage.open()
    try:
        yield storage
    finally:
        await storage.close()
