"""Every history query is answered from an index on both engines, as the game listings are
(tests/test_storage_plans.py): its cost follows the rows it returns, not every game stored.
The one exception is the list of members hiding their stats: that table holds only them."""

from __future__ import annotations

import sqlite3

import asyncpg
import pytest

from bot.platform.storage import open_storage
from bot.platform.storage.history import STATEMENTS, statement
from bot.platform.storage.schema import SQLITE_MIGRATIONS
from tests.support.pg_server import postgres_server  # noqa: F401  (fixture)

TABLES = ("games", "results", "result_seats", "seats", "actions")
WHOLE_TABLE_IS_THE_ANSWER = {"HIDDEN"}
WRITES = {"INSERT_RESULT", "INSERT_SEAT", "HIDE"}


def _fill(conn: sqlite3.Connection) -> None:
    conn.executemany(
        "INSERT INTO games (guild_id, channel_id, slug, options, seed, status, creator_id, created_at, updated_at)"
        " VALUES (?, ?, 'x', '{}', 1, ?, 1, ?, ?)",
        [(i % 50, i, "active" if i % 30 == 0 else "finished", i, i) for i in range(3000)])
    conn.executemany("INSERT INTO results VALUES (?, ?, 'x', 'finished', 'versus', 'standard', ?, ?, '{}')",
                     [(i, i % 50, i % 2, i) for i in range(1, 3000, 2)])
    conn.executemany("INSERT INTO result_seats VALUES (?, ?, ?, 0, 1, 1, 0, 1.0, 1, 1.0, NULL)",
                     [(i, s, 1000 + (i + s) % 40) for i in range(1, 3000, 2) for s in range(3)])
    conn.executemany("INSERT INTO seats VALUES (?, ?, ?, 'x', NULL)",
                     [(i, s, 1000 + (i + s) % 40) for i in range(1, 3000) for s in range(3)])
    conn.executemany("INSERT INTO actions VALUES (?, ?, 'choice', ?, ?, '0', '[]', '{}', 0, ?)",
                     [(i, q, q % 3, 1000 + (i + q) % 40, q) for i in range(1, 3000, 7) for q in range(30)])


@pytest.mark.parametrize("analyzed", [False, True])
def test_sqlite_history_queries_use_indexes(analyzed):
    conn = sqlite3.connect(":memory:")
    for migration in SQLITE_MIGRATIONS:
        conn.executescript(migration)
    _fill(conn)
    if analyzed:
        conn.execute("ANALYZE")
    for name in sorted(set(STATEMENTS) - WHOLE_TABLE_IS_THE_ANSWER - WRITES):
        sql = statement(name, "sqlite")
        plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, (1,) * sql.count("?"))]
        assert plan and all(not step.startswith("SCAN") for step in plan), (name, plan)
        assert any(step.startswith("SEARCH") for step in plan), (name, plan)


async def test_postgres_history_queries_can_use_indexes(postgres_server):
    url = postgres_server.new_database()
    storage = open_storage(url)
    await storage.open()  # creates the schema, history migration included
    await storage.close()
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("SET enable_seqscan = off")  # tiny tables: ask whether an index path exists at all
        args = {"MISSING": (1, 5), "LAST_FINISHED": (1,), "RESULT": (1,), "RESULT_SEATS": (1,), "LISTED": (1,),
                "ENTRY": (1,), "PLAYED": (1, 1, 1), "PLAYED_IN": (1, 1, 1, 1, 1, 1), "RATED": (1, "x"),
                "OF_USER": (1, 1), "IS_HIDDEN": (1,), "SHOW": (1,)}
        assert set(args) == set(STATEMENTS) - WHOLE_TABLE_IS_THE_ANSWER - WRITES
        for name, given in args.items():
            rows = await conn.fetch("EXPLAIN " + statement(name, "postgresql"), *given)
            plan = "\n".join(row[0] for row in rows)
            for table in TABLES:
                assert f"Seq Scan on {table}" not in plan, (name, plan)
    finally:
        await conn.close()
