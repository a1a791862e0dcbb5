"""An admin's config from an older version still starts the bot: retired settings are ignored."""

from __future__ import annotations

import logging

from bot.platform.config import Settings


def test_a_retired_setting_is_ignored_with_a_warning(tmp_path, caplog):
    path = tmp_path / "config.toml"
    path.write_text('token = "x"\nrecent_log_lines = 6\n', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        settings = Settings.load(path, environ={})
    assert settings.token == "x"
    assert "recent_log_lines" in caplog.text and "no longer used" in caplog.text
