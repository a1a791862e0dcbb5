"""Bot settings for tests that play whole games only to reach states or to check properties of
the rules, not the bots' own play."""

from __future__ import annotations

from games.voidfall.bots import tactics


def without_look_ahead(monkeypatch) -> None:
    """The Voidfall solo/co-op bot with its greedy weights alone: its look-ahead plays every option
    out over two of the house's turns on copies, most of a game's time. The shipped bot's own play
    is tested in tests/voidfall_solo (test_games.py, test_bot.py, test_plan_ahead.py) and by the
    golden set's bot games (tests/voidfall/golden.py)."""
    monkeypatch.setattr(tactics, "LOOK", False)
