"""The solo bot's look-ahead worth (issue 22 item 16, "a Voidborn that a good player can beat"):
a look-ahead that reaches the end of the game counts only the final margin, and Upkeep the
stock cannot pay counts against the house before the Evaluation takes it."""

from __future__ import annotations

from games.voidfall import RULES
from games.voidfall.data import RES
from games.voidfall.bots import judge
from games.voidfall.solo.scoring import final_influence
from games.voidfall.bots.values import worth

from .helpers import fresh


def test_at_the_end_only_the_final_margin_counts():
    """Once the game is over, stock, fleets and technologies score nothing: the worth of an
    ended game is the house's Influence minus the Voidborn's."""
    state = fresh(1, 4, difficulty="easy")
    state.over = True
    h = state.houses[0]
    margin = h.influence - final_influence(state)["total"]
    assert worth(state, 0) == margin
    h.res = {r: 9 for r in RES}
    h.active += 3
    assert worth(state, 0) == margin


def test_upkeep_the_stock_cannot_pay_counts_against_the_house():
    """Upkeep (「你必須儘可能的支付,當你不能支付時每個缺少的資源-3點影響力」): a look-ahead that spends
    the Food the next Evaluation's Upkeep needs sees part of that loss now."""
    state = fresh(1, 4, difficulty="easy")
    h = state.houses[0]
    h.res = {"F": 5, "E": 0, "M": 0, "C": 0, "S": 3}
    assert judge.upkeep_shortfall(state, 0) == 0
    fed = worth(state, 0)
    h.res = {"F": 0, "E": 0, "M": 0, "C": 0, "S": 8}
    assert judge.upkeep_shortfall(state, 0) >= 1
    assert worth(state, 0) < fed
