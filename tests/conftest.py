"""Shared fixtures. Registers the tiny test game so the platform can be tested with it."""

from __future__ import annotations

import pytest

import games
import renderers
from tests.support import tinygame

games.REGISTRY.setdefault(tinygame.RULES.slug, tinygame.RULES)
renderers._RENDERER_MODULES.setdefault(tinygame.RULES.slug, "tests.support.tinygame")


@pytest.fixture
def settings(tmp_path):
    from bot.config import Settings

    return Settings(token="test", database=str(tmp_path / "games.sqlite3"))


@pytest.fixture
def simcord_bot(settings):
    from bot.app import create_bot

    return create_bot(settings)
