"""/stats figures: games against people, solo and co-op records per difficulty, time to move."""

from __future__ import annotations

from bot.platform.history.stats import duration, summarise
from bot.platform.storage.history import UserGame


def game(slug, mode, difficulty="standard", place=1, score=10, won=True, moves=2, think=60.0):
    return UserGame(slug, mode, difficulty, place, score, won, moves, think, mode == "versus")


def test_versus_solo_and_coop_are_kept_apart_per_title_and_difficulty():
    titles = summarise([
        game("voidfall", "versus", place=1, score=60), game("voidfall", "versus", place=3, score=40, won=False),
        game("voidfall", "solo", "easy", score=70, won=True), game("voidfall", "solo", "easy", score=90, won=False),
        game("voidfall", "coop", "hard", score=30, won=False), game("pocket-mars", "solo", "brutal", score=12),
    ])
    assert [t.slug for t in titles] == ["pocket-mars", "voidfall"]
    pocket, void = titles
    assert (void.played, void.won, void.average_place, void.average_score) == (2, 1, 2.0, 50.0)
    easy = void.solo["easy"]
    assert (easy.played, easy.won, easy.best) == (2, 1, 90)
    assert (void.coop["hard"].played, void.coop["hard"].won) == (1, 0)
    assert pocket.played == 0 and pocket.average_place is None and pocket.solo["brutal"].won == 1
    assert void.average_move_seconds == 30.0


def test_durations_read_naturally():
    assert [duration(s) for s in (None, 42, 720, 3 * 3600, 3 * 86400)] == ["-", "42 s", "12 min", "3.0 h", "3.0 days"]
