"""Golden playthroughs: fixed-seed bot games with asserted final results (regenerate if rules change)."""

from __future__ import annotations

import pytest

from games.core import play, replay
from games.core.i18n import render
from games.pocket_mars import RULES

GOLDEN = [
    (1, {"difficulty": "hard"}, 34, (20,), (0,)),
    (2, None, 71, (24, 17), (0,)),
    (3, None, 94, (21, 16, 20), (0,)),
    (4, None, 125, (23, 16, 23, 16), (0,)),   # 23-23 tie broken by colonists on Mars
]


@pytest.mark.parametrize("players,options,moves,scores,winners", GOLDEN)
def test_golden_playthrough(players, options, moves, scores, winners):
    """Rule: 遊戲結束 — full game to the end of the round in which someone has all 7 colonists on Mars
    (solo: README ending), scored per the article; the same seed always gives the same game."""
    result = play(RULES, players, 2024, options)
    out = RULES.outcome(result.final)
    assert (len(result.moves), out.scores, out.winners) == (moves, scores, winners)
    again = replay(RULES, players, 2024, options, result.moves)
    assert RULES.dump(again) == RULES.dump(result.final)
    assert RULES.load(RULES.dump(result.final)) == result.final


def test_decision_texts_fit_the_contract():
    """Contract: prompt <= 300 chars, option label <= 80 (a Discord button); option ids distinct.
    Details may be of any length: the panel shows them in full beside their button. Both
    languages fit."""
    def check(state, decisions):
        for d in decisions:
            assert len({o.id for o in d.options}) == len(d.options)
            for locale in ("en", "zh-TW"):
                assert len(render(d.prompt, locale)) <= 300
                for o in d.options:
                    assert len(render(o.label, locale)) <= 80 and not render(o.detail, locale).endswith("…"), o
    for players in (1, 2, 3, 4):
        play(RULES, players, 5, explore=0.5, on_step=check)
