"""Move a SQLite deployment onto PostgreSQL: every game, seat, action, snapshot and setting.

    python -m bot.storage.transfer gamehost.sqlite3 postgresql://bot@db/gamehost

Both databases are claimed as a bot would claim them (the SQLite lock file, every shard of
the PostgreSQL database), so neither may be in use by a running bot; the PostgreSQL database
must hold no games yet. Game ids are kept, so nothing that names a game goes stale.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys

from .base import StorageError
from .postgres import PostgresStorage, redacted
from .sqlite import SQLiteStorage

# (table, columns, converters by column index) in an order that respects foreign keys
TABLES: list[tuple[str, tuple[str, ...], dict[int, type]]] = [
    ("games", ("id", "guild_id", "channel_id", "slug", "options", "seed", "status", "creator_id", "version",
               "turn_message_id", "created_at", "updated_at", "meta", "announce"), {10: float, 11: float, 13: bool}),
    ("seats", ("game_id", "seat", "user_id", "name", "bot_level"), {}),
    ("actions", ("game_id", "seq", "kind", "seat", "user_id", "choice", "lines", "private_lines", "revealed",
                 "created_at"), {8: bool, 9: float}),
    ("snapshots", ("game_id", "seq", "state"), {}),
    ("user_settings", ("user_id", "dm_enabled", "dm_mode"), {1: bool}),
    ("guild_settings", ("guild_id", "settings"), {}),
]
BATCH = 5_000


def _converted(row: tuple, converters: dict[int, type]) -> tuple:
    if not converters:
        return row
    return tuple(value if value is None or i not in converters else converters[i](value) for i, value in enumerate(row))


async def transfer(sqlite_url: str, postgres_url: str) -> dict[str, int]:
    """Copy everything; returns the number of rows copied per table."""
    source = SQLiteStorage(sqlite_url)
    target = PostgresStorage(postgres_url)
    await source.open()  # claims the file and brings its schema up to date
    try:
        await target.open()
        try:
            return await _copy(source.path, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _copy(path: str, target: PostgresStorage) -> dict[str, int]:
    counts: dict[str, int] = {}
    reader = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        async with target.pool.transaction() as con:
            if await con.fetchval("SELECT count(*) FROM games"):
                raise StorageError(f"{redacted(target.url)} already holds games: transfer into an empty database")
            for table, columns, converters in TABLES:
                # table and column names come from the fixed list above, never from input
                cursor = reader.execute(f"SELECT {', '.join(columns)} FROM {table}")
                counts[table] = 0
                while rows := cursor.fetchmany(BATCH):
                    await con.copy_records_to_table(table, records=[_converted(r, converters) for r in rows],
                                                    columns=list(columns))
                    counts[table] += len(rows)
            await con.execute("SELECT setval(pg_get_serial_sequence('games', 'id'),"
                              " (SELECT coalesce(max(id), 0) + 1 FROM games), false)")
    finally:
        reader.close()
    return counts


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    counts = asyncio.run(transfer(*argv))
    print(", ".join(f"{table}: {count}" for table, count in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
