"""The strength bench (bench/strength.py): a smoke run of one short game per title, pairing and solo
difficulty, and its figures. The full bench runs only with STRENGTH_BENCH=1 (an hour of two cores;
its table is in bench/README.md); tests never time anything."""

from __future__ import annotations

import os

import pytest

from bench import strength
from games.core import BASELINE, EASY, HARD, NORMAL


SLOW = "voidfall"  # a whole Voidfall game is 10-20 CPU s: by default it plays one line, every line with STRENGTH_BENCH=1


def test_every_title_pairing_and_solo_difficulty_plays_to_the_end():
    every = strength.matches(strength.TWO_PLAYER, 1, True)
    chosen = every if os.environ.get("STRENGTH_BENCH") else [
        match for match in every if match.slug != SLOW or match == next(m for m in every if m.slug == SLOW)]
    results = [strength.play_match(match, budget=None, work=40) for match in chosen]
    lines = {result.match.line for result in results}
    assert len(lines) == len({match.line for match in chosen})
    assert {match.slug for match in chosen} == set(strength.TWO_PLAYER) | {slug for slug, _ in strength.SOLO}
    for result in results:
        assert result.share in (0.0, 0.5, 1.0) and result.moves > 0
        assert all(cpu >= 0 for cpu in result.cpu)
    table = strength.report(results)
    assert len(table) == 1 + len(lines)
    assert any("hard vs baseline" in row for row in table) and any("easy vs normal" in row for row in table)


def test_seats_alternate_and_seeds_repeat_by_pairs():
    games = [strength.Match("pocket-mars", 2, (), HARD, NORMAL, i) for i in range(4)]
    assert [g.seat for g in games] == [0, 1, 0, 1]
    assert [g.seed for g in games] == [strength.SEED, strength.SEED, strength.SEED + 1, strength.SEED + 1]
    solo = strength.Match("ares-expedition", 1, (("difficulty", "novice"),), HARD, None, 3)
    assert solo.seat == 0 and strength.goal_of(solo.line) == strength.SOLO_GOALS[("ares-expedition", "novice")]
    assert strength.goal_of(strength.Match("impulse", 2, (), EASY, NORMAL, 0).line) is None
    assert strength.goal_of(strength.Match("impulse", 2, (), HARD, BASELINE, 0).line) == 0.65


def test_the_wilson_interval():
    low, high = strength.wilson(30, 40)
    assert 0.59 < low < 0.61 and 0.85 < high < 0.87
    assert strength.wilson(0, 10)[0] == 0.0 and strength.wilson(10, 10)[1] == 1.0


@pytest.mark.skipif(not os.environ.get("STRENGTH_BENCH"), reason="the full strength bench: set STRENGTH_BENCH=1")
def test_the_full_strength_bench_meets_its_goals(capsys):
    strength.main(["--nice", "0"])
    table = capsys.readouterr().out
    print(table)
    assert "MISS" not in table
