"""Shared fixtures. Registers the tiny test games so the platform can be tested with them (their
images are drawn by their own modules: see renderers.module_name)."""

from __future__ import annotations

import pytest

import games
from tests.support import chaingame, tinygame
from tests.support.bots import without_look_ahead

for _test_game in (tinygame, chaingame):
    games.REGISTRY.setdefault(_test_game.RULES.slug, _test_game.RULES)


@pytest.fixture
def settings(tmp_path):
    from bot.platform.config import Settings

    return Settings(token="test", database=str(tmp_path / "games.sqlite3"), render_workers=0)  # inline: no processes per test


@pytest.fixture
async def close_storages(monkeypatch):
    """Close every database a test opened. SimCord detaches bots without closing them, and an
    open aiosqlite connection keeps a worker thread alive that would block the test process
    from exiting after a failure."""
    from bot.platform.storage import Storage

    opened: list[Storage] = []
    original = Storage.open

    async def tracking_open(self):
        opened.append(self)
        await original(self)

    monkeypatch.setattr(Storage, "open", tracking_open)
    yield
    for storage in opened:
        await storage.close()


@pytest.fixture
def simcord_bot(settings, close_storages):
    from bot.shell.app import create_bot

    return create_bot(settings)


@pytest.fixture
def states_only_bots(monkeypatch):
    """Bots that only lead to states to check (tests/support/bots.py)."""
    without_look_ahead(monkeypatch)


# A hard bot (and Suggest, and the coach) searches by simulated steps in tests, never by the clock:
# the same position gives the same pick on a loaded machine, and SimCord's settle time holds.
TEST_SEARCH_WORK = 3000


@pytest.fixture(autouse=True)
def search_by_work(monkeypatch):
    from bot.platform.bot_thinker import BOT_THINKER

    monkeypatch.setattr(BOT_THINKER, "hard_seconds", 60.0)
    monkeypatch.setattr(BOT_THINKER, "work", TEST_SEARCH_WORK)
