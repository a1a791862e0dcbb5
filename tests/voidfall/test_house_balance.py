"""House balance (issue 22 item 12): the designed handicap of the houses that won most in
bench/voidfall_houses.py. Zenor, Belitan and Shiveus keep their ability and pay 1 more Upkeep at
every Evaluation (DESIGN.md "House balance"); Dunlork's ability is the same key the other way."""

from __future__ import annotations

import pytest

from games.voidfall.bots.values import WEIGHT, effect_value
from games.voidfall.data import HOUSES
from games.voidfall.economy import upkeep_due
from games.voidfall.tokens import take_trade

from .helpers import fresh

HANDICAPPED = ("belitan", "shiveus", "zenor")


@pytest.mark.parametrize("house", HANDICAPPED)
def test_handicapped_house_pays_one_more_upkeep(house):
    """The same sectors and Agendas cost the handicapped house exactly 1 more Upkeep."""
    state = fresh(2, houses=("cortozaar", "dunlork"))
    plain = upkeep_due(state, 0)
    state.houses[0].house = house
    assert upkeep_due(state, 0) == plain + 1


def test_only_the_bench_winners_carry_a_handicap():
    handicapped = sorted(k for k, v in HOUSES.items() if v["ability"].get("upkeep_discount", 0) < 0)
    assert handicapped == sorted(HANDICAPPED)
    assert all("Upkeep is 1 higher" in HOUSES[k]["ability_text"] for k in HANDICAPPED)


# Issue 33 item 2: over 300 bench games Marqualos won 0.42 of its fair share. Its ability is
# designed (DESIGN.md "House abilities": "Marqualos 2 Credits + 1 Science + 2 Influence per Trade
# token"); the token itself follows the article: 「當玩家獲得貿易指示物時,拿取星系面板上最下方的
# 一個貿易指示物」 and 「當星系面板上沒有貿易指示物時不可獲得貿易指示物」.


def test_marqualos_gains_credits_science_and_influence_with_a_trade_token_from_the_board():
    state = fresh(2, houses=("marqualos", "dunlork"))
    h = state.houses[0]
    board, influence, credits, science = sum(state.trade_board), h.influence, h.res["C"], h.res["S"]
    assert take_trade(state, 0)
    assert sum(state.trade_board) == board - 1 and h.trade == 3
    assert (h.influence, h.res["C"], h.res["S"]) == (influence + 2, credits + 2, science + 1)
    assert h.scored["ability"] == 2


def test_marqualos_gains_nothing_from_an_empty_board():
    state = fresh(2, houses=("marqualos", "dunlork"))
    h = state.houses[0]
    state.trade_board = [0] * len(state.trade_board)
    before = (h.influence, dict(h.res), h.trade)
    assert not take_trade(state, 0)
    assert (h.influence, dict(h.res), h.trade) == before


def test_the_bot_counts_its_house_ability_in_a_trade_token():
    """The house bot values a Trade token with what the ability adds (2 + 1 resources, 2
    Influence) for Marqualos, and at the plain weight for a house without a Trade ability."""
    state = fresh(2, houses=("marqualos", "dunlork"))
    assert effect_value(state, 0, {"do": "trade"}) == WEIGHT["trade"] + 5
    assert effect_value(state, 1, {"do": "trade"}) == WEIGHT["trade"]
