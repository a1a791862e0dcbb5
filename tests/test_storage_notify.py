"""Notification settings in storage (issue 38), on SQLite and on a real PostgreSQL server: a
user's settings kept apart from their DM mode, the claim that keeps one person from being told
twice (their interval, a summary two processes might both send), the games waiting on a person
across every server, and an old database migrating forward with its DM settings."""

from __future__ import annotations


import pytest

from bot.platform.storage import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS
from tests.support.old_databases import database_at, upgraded  # noqa: F401  (fixture)
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures)

pytestmark = pytest.mark.usefixtures("close_storages")

USER = 1_190_000_000_000_000_301
OTHER = 1_190_000_000_000_000_302


async def test_settings_are_kept_per_person_beside_the_dm_mode(storage):
    found = await storage.user_notify(USER)
    assert (found.dm_mode, found.settings, found.told_at, found.summary_at) == ("panel", {}, None, None)
    await storage.set_dm_mode(USER, "notice")
    await storage.set_notify_settings(USER, {"often": "interval", "hours": 6, "zone": "Asia/Taipei"})
    found = await storage.user_notify(USER)
    assert found.dm_mode == "notice" and found.settings == {"often": "interval", "hours": 6, "zone": "Asia/Taipei"}
    await storage.set_dm_mode(USER, "off")  # the DM mode leaves the settings alone, and back
    assert (await storage.user_notify(USER)).settings["hours"] == 6
    assert (await storage.user_notify(OTHER)).settings == {}


async def test_a_person_is_claimed_told_once_per_interval_and_once_per_summary(storage):
    assert await storage.claim_told(USER, 1000.0, told_before=1000.0 - 3600)  # never told: yes
    assert not await storage.claim_told(USER, 2000.0, told_before=2000.0 - 3600)  # told 1000 s ago
    assert await storage.claim_told(USER, 5000.0, told_before=5000.0 - 3600)
    assert (await storage.user_notify(USER)).told_at == 5000.0
    # a summary covering waits owed since 6000: the first claim wins, a second (another process) not
    assert await storage.claim_told(USER, 7000.0, summary_before=6000.0)
    assert not await storage.claim_told(USER, 7001.0, summary_before=6000.0)
    found = await storage.user_notify(USER)
    assert (found.told_at, found.summary_at) == (7000.0, 7000.0)
    assert await storage.claim_told(USER, 9000.0, summary_before=8000.0)  # a newer wait: a new summary
    assert await storage.claim_told(OTHER, 1.0)  # no condition: always


async def test_games_waiting_on_a_person_span_every_server(storage):
    ids = []
    for guild, channel in ((7, 100), (8, 200), (1 << 40, 300)):  # three servers, any shard
        row, _ = await storage.create_game(guild, channel, "tiny-duel", {}, 1, USER, "alice", {})
        await storage.start_game(row.id, {"turn": 0}, {})
        ids.append(row.id)
    lobby, _ = await storage.create_game(9, 400, "tiny-duel", {}, 1, USER, "alice", {})  # not started: no
    other, _ = await storage.create_game(10, 500, "tiny-duel", {}, 1, OTHER, "bob", {})
    await storage.start_game(other.id, {"turn": 0}, {})
    assert [row.id for row in await storage.games_waiting_on(USER)] == ids
    await storage.update_game(ids[0], status="finished")
    assert [row.id for row in await storage.games_waiting_on(USER)] == ids[1:]
    assert lobby.id not in {row.id for row in await storage.games_waiting_on(USER)}


async def test_a_version_6_sqlite_database_gains_notification_settings(database_at):
    location = await database_at("sqlite", 6, "INSERT INTO user_settings (user_id, dm_enabled, dm_mode, language) "
                                              "VALUES (5, 1, 'notice', 'en')")
    async with upgraded(location) as storage:
        assert await storage.schema_version() == len(SQLITE_MIGRATIONS)
        found = await storage.user_notify(5)
        assert (found.dm_mode, found.settings, found.told_at) == ("notice", {}, None)
        assert await storage.user_language(5) == ("en", None)
        await storage.set_notify_settings(5, {"often": "digest"})
        assert (await storage.user_notify(5)).settings == {"often": "digest"}


async def test_a_postgres_database_before_notifications_migrates_forward(database_at):
    location = await database_at("postgresql", 5, "INSERT INTO user_settings (user_id, dm_enabled, dm_mode) "
                                                  "VALUES (5, TRUE, 'notice')")
    async with upgraded(location) as storage:
        assert await storage.schema_version() == len(POSTGRES_MIGRATIONS)
        found = await storage.user_notify(5)
        assert (found.dm_mode, found.settings) == ("notice", {})
        await storage.set_notify_settings(5, {"often": "interval", "hours": 3})
        assert await storage.claim_told(5, 10.0)
        found = await storage.user_notify(5)
        assert (found.settings, found.told_at) == ({"often": "interval", "hours": 3}, 10.0)
