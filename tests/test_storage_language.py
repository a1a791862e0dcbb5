"""Languages in storage (issue 23), on SQLite and on a real PostgreSQL server: a user's chosen
language and last seen client locale, an old database migrating forward with its DM settings,
and log lines stored as messages next to the English strings of older rows."""

from __future__ import annotations


import pytest

from bot.platform.storage import POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS, ActionRow
from bot.platform.storage.postgres import PostgresStorage
from tests.support.old_databases import database_at, upgraded  # noqa: F401  (fixture)
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures)

pytestmark = pytest.mark.usefixtures("close_storages")

USER = 1_190_000_000_000_000_201


async def test_a_user_language_and_seen_locale_are_kept_apart(storage):
    assert await storage.user_language(USER) == (None, None)
    await storage.note_locale(USER, "zh-TW")
    assert await storage.user_language(USER) == (None, "zh-TW")
    await storage.set_user_language(USER, "en")
    await storage.note_locale(USER, "en-US")
    assert await storage.user_language(USER) == ("en", "en-US")
    await storage.set_user_language(USER, None)  # automatic again
    assert await storage.user_language(USER) == (None, "en-US")
    assert await storage.dm_mode(USER) == "panel"  # a language row leaves the DM default alone
    await storage.set_dm_mode(USER, "notice")
    assert await storage.user_language(USER) == (None, "en-US")


async def test_lines_stored_as_messages_come_back_as_data(storage):
    row, _ = await storage.create_game(7, 100, "tiny-duel", {}, 1, USER, "alice", {})
    await storage.start_game(row.id, {"turn": 0}, {})
    message = {"msg": "{who} took back their last choice.", "dom": "bot", "args": {"who": "alice"}}
    await storage.record(row.id, ActionRow(1, "choice", 0, USER, "x", ["old English line", message],
                                           {0: [message]}, False, 1.0), {"turn": 1})
    action = (await storage.actions(row.id))[0]
    assert action.lines == ["old English line", message]
    assert action.private_lines == {0: [message]}


async def test_a_version_5_sqlite_database_gains_languages_and_keeps_dm_settings(database_at):
    location = await database_at("sqlite", 5, "INSERT INTO user_settings (user_id, dm_enabled, dm_mode) "
                                              "VALUES (5, 1, 'notice')")
    async with upgraded(location) as storage:
        assert await storage.schema_version() == len(SQLITE_MIGRATIONS)
        assert await storage.dm_mode(5) == "notice"
        assert await storage.user_language(5) == (None, None)
        await storage.set_user_language(5, "zh-TW")
        assert await storage.user_language(5) == ("zh-TW", None)


async def test_a_postgres_database_before_languages_migrates_forward(database_at):
    location = await database_at("postgresql", 4, "INSERT INTO user_settings (user_id, dm_enabled, dm_mode) "
                                                  "VALUES (5, TRUE, 'notice')")
    async with upgraded(location) as storage:
        assert isinstance(storage, PostgresStorage)
        assert await storage.schema_version() == len(POSTGRES_MIGRATIONS)
        assert await storage.dm_mode(5) == "notice"
        await storage.note_locale(5, "zh-TW")
        assert await storage.user_language(5) == (None, "zh-TW")
