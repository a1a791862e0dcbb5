"""Rule scenarios from the rules audit (issue 22, items 1-5), each quoting the article
(../shared/rules/ares-expedition.zh.txt) and, where the article is ambiguous, the reading
chosen in games/ares_expedition/RULES.md."""

from __future__ import annotations

from games.ares_expedition import RULES
from games.ares_expedition.board import ACTION

from .helpers import act, bare, give, phase


def ids(state, seat=0):
    d = RULES.decision_for(state, seat)
    return [o.id for o in d.options] if d else []


# -- 1. selling cards is always allowed in the Action phase ------------------------------------------
def test_selling_cards_is_offered_even_when_nothing_else_is_affordable():
    """Rule: 「棄置手中的計畫卡時,每棄置 1 張卡片可以獲得 3 MC」 and 「在行動階段,玩家可以執行任意種類、任意次數的基礎行動」
    — a seat with 12 MC and 3 cards sells one card (15 MC) and buys the 14 MC temperature step."""
    state = bare(2, mc=12)
    give(state, 0, 103, 104, 105)
    state = phase(state, ACTION)
    assert 0 in {d.seat for d in RULES.pending(state)}             # not dropped from the phase
    assert ids(state) == ["sell", "done"]
    sell = RULES.decision_for(state, 0).option("sell")
    assert "3 MC each" in sell.detail and "12 MC" in sell.detail and "21 MC" in sell.detail
    state = act(state, 0, "sell", resolve=False)
    state = act(state, 0, ["c:103"])
    assert state.pl[0].mc == 15 and len(state.pl[0].hand) == 2
    assert "s:temperature" in ids(state)
    state = act(state, 0, "s:temperature")
    assert (state.pl[0].mc, state.pl[0].tr, state.temperature) == (1, 6, -28)


def test_a_seat_without_cards_or_anything_affordable_is_still_not_waited_for():
    """Nothing to sell and nothing to afford: the seat has no choice, so the phase does not wait for it."""
    state = bare(2, mc=12)
    give(state, 1, 103)
    state = phase(state, ACTION)
    assert [d.seat for d in RULES.pending(state)] == [1]
