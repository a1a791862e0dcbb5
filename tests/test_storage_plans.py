"""Every listing the bot runs periodically is answered from an index, on both engines, so its
cost follows the games it returns (idle, running, to announce), not every game ever stored."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

import bot.platform.storage.postgres_sql as pg
import bot.platform.storage.sqlite as lite
from bot.platform.storage import open_storage
from bot.platform.storage.schema import SQLITE_MIGRATIONS
from tests.support.pg_server import postgres_server  # noqa: F401  (fixture)

LISTINGS = ("GAME", "RUNNING_IN_CHANNEL", "LAST_IN_CHANNEL", "RUNNING", "COUNT_RUNNING", "RUNNING_IN_GUILD",
            "IDLE", "DUE", "ANNOUNCE", "OF_USER")


@pytest.mark.parametrize("analyzed", [False, True])
def test_sqlite_listings_use_indexes(analyzed):
    conn = sqlite3.connect(":memory:")
    for migration in SQLITE_MIGRATIONS:
        conn.executescript(migration)
    conn.executemany(
        "INSERT INTO games (guild_id, channel_id, slug, options, seed, status, creator_id, created_at, updated_at)"
        " VALUES (?, ?, 'x', '{}', 1, ?, 1, ?, ?)",
        [(i % 50, i, "active" if i % 30 == 0 else "finished", i, i) for i in range(3000)])
    if analyzed:
        conn.execute("ANALYZE")
    params = {"all_shards": 0, "shard_count": 2, "shard_ids": "[0]", "id": 1, "channel": 1, "guild": 1,
              "status": "active", "before": 5.0, "limit": 5, "user": 1}
    for name in LISTINGS:
        plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + getattr(lite, f"_{name}"), params)]
        assert "SCAN games" not in plan, (name, plan)
        assert any(step.startswith(("SEARCH games", "SCAN games USING")) for step in plan), (name, plan)
        if name == "ANNOUNCE":
            assert any("games_to_announce" in step for step in plan), plan
        if name == "DUE":
            assert any("games_due" in step for step in plan), plan


async def test_postgres_listings_can_use_indexes(postgres_server):
    url = postgres_server.new_database()
    storage = open_storage(url)
    await storage.open()  # creates the schema
    await storage.close()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SET enable_seqscan = off")  # tiny tables: ask whether an index path exists at all
        args = {"GAME": (1,), "RUNNING_IN_CHANNEL": (1,), "LAST_IN_CHANNEL": (1,), "RUNNING_GAMES": (),
                "COUNT_RUNNING": (), "RUNNING_IN_GUILD": (1,), "IDLE": ("active", 5.0, 5), "DUE": (5.0, 5), "ANNOUNCE": (),
                "OF_USER": (1, 1)}
        for name, given in args.items():
            rows = await conn.fetch("EXPLAIN " + getattr(pg, name), *given, False, 2, [0])
            plan = "\n".join(row[0] for row in rows)
            assert "Seq Scan on games" not in plan, (name, plan)
    finally:
        await conn.close()
