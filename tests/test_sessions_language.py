"""Stored logs as messages (issue 23), on both engines: a line is stored as a message with the
players' names in it and read in each reader's language; lines stored before (English
strings) keep reading as they were; a table keeps the language it was opened with."""

from __future__ import annotations

import pytest

from bot.platform.language import Languages
from bot.platform.sessions import Sessions, SessionError
from bot.platform.storage import ActionRow
from bot.platform.words import T, say, stored
from games.core import seat_ref
from games.core.i18n import is_msg_data
from tests.support.pg_server import database_url, postgres_server, storage  # noqa: F401  (fixtures: both engines)
from tests.test_sessions_platform import ALICE, BOB, act, table

pytestmark = pytest.mark.usefixtures("close_storages")


@pytest.fixture
def sessions(storage):
    return Sessions(storage)


def test_a_stored_message_keeps_the_names_of_its_moment_and_reads_in_any_language():
    line = stored(T("{name} took back their last choice.", name=seat_ref(1)), ["alice", "bob"])
    assert is_msg_data(line) and line["args"] == {"name": "bob"}
    assert say(line, "en", ["someone else", "renamed"]) == "bob took back their last choice."
    assert say(line, "zh-TW") == "bob 撤銷了自己最後的選擇。"
    assert stored("{seat:0} passes", ["alice"]) == "alice passes"  # a plain game string, as before


async def test_the_log_reads_in_each_readers_language_and_old_rows_stay_english(sessions, storage):
    game = await table(sessions)
    await act(sessions, game, ALICE, [])
    await sessions.undo(game, ALICE)
    english = await sessions.full_log(game, ALICE, "en")
    chinese = await sessions.full_log(game, ALICE, "zh-TW")
    assert "alice took back their last choice." in english
    assert "alice 撤銷了自己最後的選擇。" in chinese and "alice took back their last choice." not in chinese
    # a row written before issue 23 holds finished English strings: every reader reads them as they are
    await storage.record(game.id, ActionRow(game.version + 1, "choice", 1, BOB, [], ["bob did an old thing"],
                                            {1: ["bob's old secret"]}, False, 1.0), game.rules.dump(game.state))
    sessions.games.drop(game)  # that row was there before this process loaded the game
    game = await sessions.get(game.id)
    assert "bob did an old thing" in await sessions.full_log(game, ALICE, "zh-TW")
    assert "（僅你可見）bob's old secret" in await sessions.full_log(game, BOB, "zh-TW")
    assert "(only you) bob's old secret" in await sessions.full_log(game, BOB, "en")


async def test_a_table_keeps_the_language_it_was_opened_with(sessions):
    game = await sessions.create(1, 11, "tiny-duel", ALICE, "alice", language="zh-TW")
    assert game.meta["language"] == "zh-TW"
    assert (await sessions.storage.game(game.id)).meta["language"] == "zh-TW"
    with pytest.raises(SessionError, match="language must be one of"):
        await sessions.create(1, 12, "tiny-duel", ALICE, "alice", language="xx")
    with pytest.raises(SessionError, match="language must be one of"):
        await sessions.set_server_settings(1, language="xx")
    assert (await sessions.set_server_settings(1, language="zh-TW"))["language"] == "zh-TW"


async def test_who_reads_which_language(storage):
    preferred = {1: "zh-TW", 2: "en-US", 3: "ja"}
    languages = Languages(storage, preferred.get)
    # a reader (who, and the client's locale their interaction carried, bot.shell.language): their own
    # choice, else their client's locale (remembered for DMs), else English
    assert await languages.reader(ALICE, "zh-TW") == "zh-TW"
    assert await languages.user(ALICE) == "zh-TW"  # a DM, with no interaction: the client last seen
    assert await languages.reader(BOB, "ja") == "en"  # not supported: English
    assert await languages.reader(BOB, "en-GB") == "en"
    await languages.choose(ALICE, "en")
    assert await languages.reader(ALICE, "zh-TW") == "en"
    await languages.choose(ALICE, "auto")
    assert await languages.reader(ALICE, "zh-TW") == "zh-TW"
    assert await Languages(storage).user(ALICE) == "zh-TW"  # kept in storage for the next process
    # a table: the game's own language, else the server's setting, else its Discord locale, else English
    assert [await languages.server(guild) for guild in (1, 2, 3, 4)] == ["zh-TW", "en", "en", "en"]
    sessions = Sessions(storage)
    await sessions.set_server_settings(2, language="zh-TW")
    assert await Languages(storage, preferred.get).server(2) == "zh-TW"
    game = await sessions.create(1, 13, "tiny-duel", ALICE, "alice", language="en")
    assert await languages.table(game) == "en"
    other = await sessions.create(2, 14, "tiny-duel", ALICE, "alice")
    assert await Languages(storage, preferred.get).table(other) == "zh-TW"
