"""The Voidborn economic payment: a real choice when Credits can stand in, pay as much as you
can, 3 Influence per missing resource, and the skirmish always resolved before the payment.

Article (評估階段 虛空造物突擊 / 虛空前進步驟 戰爭卡牌): 支付資源,根據危機面板上最左側空閒的經濟軌道進行結算,
你必須儘可能的支付,信用可以充當除科技外的資源,當你不能支付時每個缺少的資源-3點影響力。
"""

from __future__ import annotations

import pytest

from games.core.i18n import render
from games.voidfall import RULES
from games.voidfall.solo.payment import plans

from .helpers import clear_board, fresh, push_and_run


def _house(state, influence=20, **res):
    h = state.houses[0]
    h.res = {r: res.get(r, 0) for r in "FEMCS"}
    h.influence = influence
    return h


def _pay(state, cost, **data):
    """Push the payment task for seat 0 (what the assault pushes before its skirmish)."""
    return push_and_run(state, "solo_payment", 0, cost=cost, havens=False, **data)


def _payment_decision(state):
    ds = RULES.pending(state)
    return ds[0] if ds and render(ds[0].prompt).startswith("The Voidborn demand") else None


def test_a_single_way_to_pay_needs_no_decision():
    """你必須儘可能的支付: with no Credits the Food is simply paid."""
    state = fresh(1, 3)
    _house(state, F=2, E=4)
    state = _pay(state, {"F": 1})
    assert _payment_decision(state) is None
    assert state.houses[0].res["F"] == 1 and state.houses[0].influence == 20
    assert "pays the Voidborn 1 Food" in render(state.log[-1].text)


def test_food_or_a_credit_instead_is_a_choice_with_exact_consequences():
    """信用可以充當除科技外的資源: paying a Food or a Credit in its place are two options, each saying
    what leaves the stock and that no Influence is lost."""
    state = fresh(1, 3)
    _house(state, F=2, E=5, M=5, C=2)
    state = _pay(state, {"F": 1})
    d = _payment_decision(state)
    assert d is not None
    by_label = {render(o.label): o for o in d.options}
    assert set(by_label) == {"pay 1 Food", "pay 1 Credits"}
    assert render(by_label["pay 1 Food"].detail) == "Food 2 -> 1; nothing missing, no Influence lost"
    assert render(by_label["pay 1 Credits"].detail) == "Credits 2 -> 1; nothing missing, no Influence lost"
    state = RULES.apply(state, 0, by_label["pay 1 Credits"].id)
    h = state.houses[0]
    assert (h.res["F"], h.res["C"], h.influence) == (2, 1, 20)
    assert "pays the Voidborn 1 Credits (asked: 1 Food)" in render(state.log[-1].text)


def test_paying_less_is_never_an_option():
    """你必須儘可能的支付: every option pays the most the stock allows; only which resources differ.
    2 Food + 1 Science asked, 2 Food, 1 Credit, no Science: 2 are paid either way, the Science
    is missing (Credits never stand in for Science) and costs 3 Influence in both options."""
    state = fresh(1, 3)
    _house(state, F=2, C=1)
    state = _pay(state, {"F": 2, "S": 1})
    d = _payment_decision(state)
    assert sorted(render(o.label) for o in d.options) == ["pay 1 Food, 1 Credits", "pay 2 Food"]
    assert all(render(o.detail).endswith("1 missing: Influence 20 -> 17") for o in d.options)
    state = RULES.apply(state, 0, d.options[0].id)
    h = state.houses[0]
    assert sum(h.res.values()) == 1 and h.influence == 17


def test_every_way_is_listed_once():
    stock = {"F": 3, "E": 3, "M": 0, "C": 5, "S": 0}
    ways = plans(stock, {"F": 2, "E": 1})
    # Food 0-2 and Energy 0-1 from the stock, Credits for the rest: 3 x 2 distinct ways
    assert len(ways) == 6 and all(sum(w.values()) == 3 for w in ways)
    assert len({tuple(sorted(w.items())) for w in ways}) == 6


def test_missing_resources_cost_three_influence_each():
    """當你不能支付時每個缺少的資源-3點影響力: 1 Food and 1 Credit for 2 Food + 1 Energy + 1 Science:
    2 paid, 2 missing, -6 Influence, no decision (a single way)."""
    state = fresh(1, 3)
    _house(state, F=1, C=1)
    state = _pay(state, {"F": 2, "E": 1, "S": 1})
    assert _payment_decision(state) is None
    h = state.houses[0]
    assert sum(h.res.values()) == 0 and h.influence == 14
    assert "2 resource(s) missing for the Voidborn" in render(state.log[-1].text)


def test_influence_never_drops_below_zero():
    """影響力……在失去的影響力大於現有影響力的情況下,忽略剩餘的未失去影響力。"""
    state = fresh(1, 3)
    _house(state, influence=4)
    state = _pay(state, {"F": 2, "E": 2})
    assert state.houses[0].influence == 0


def test_first_option_and_bot_keep_the_scarce_resource():
    """The bot answers with the first option: it keeps its last Food and pays a Credit."""
    state = fresh(1, 3)
    _house(state, F=1, E=4, M=4, C=5)
    state = _pay(state, {"F": 1})
    d = _payment_decision(state)
    assert render(d.options[0].label) == "pay 1 Credits"
    assert RULES.bot_choice(state, 0) == d.options[0].id
    state = RULES.apply(state, 0, RULES.bot_choice(state, 0))
    assert state.houses[0].res["F"] == 1


def test_an_illegal_way_changes_nothing():
    state = fresh(1, 3)
    _house(state, F=2, C=2)
    state = _pay(state, {"F": 1})
    before = RULES.dump(state)
    with pytest.raises(ValueError):
        RULES.apply(state, 0, "p:0:0:0:0:0")  # paying nothing is not paying as much as you can
    assert RULES.dump(state) == before


def test_assault_skirmish_is_logged_before_the_payment():
    """虛空造物突擊(結算衝突……;支付資源……): the skirmish first, then the payment."""
    state = fresh(1, 3)
    clear_board(state)
    _house(state, F=3)
    state.log.clear()
    state = push_and_run(state, "solo_assault", 0, bonus=-99, havens=False)
    text = [render(line.text) for line in state.log]
    skirmish = next(i for i, t in enumerate(text) if "Voidborn have no strength" in t)
    payment = next(i for i, t in enumerate(text) if "pays the Voidborn" in t)
    assert skirmish < payment


def test_a_decision_pushed_by_the_skirmish_comes_before_the_payment(monkeypatch):
    """The defender choosing its losses (a decision the skirmish pushes) is answered before the
    payment is made or offered."""
    from games.voidfall.effects import start_group
    from games.voidfall.solo import flow as solo_flow

    def skirmish_with_a_choice(state, seat, bonus=0):
        state.say("Skirmish: the defender chooses its losses.")
        start_group(state, seat, [{"do": "gain_any", "n": 1}], "and", "defender's choice")

    monkeypatch.setattr(solo_flow, "skirmish", skirmish_with_a_choice)  # the name the assault calls
    state = fresh(1, 3)
    clear_board(state)
    _house(state, F=2, E=5, M=5, C=2)
    state = push_and_run(state, "solo_assault", 0, havens=False)
    assert render(RULES.pending(state)[0].prompt).startswith("defender's choice")
    assert state.houses[0].res["F"] == 2  # nothing paid yet
    state = RULES.apply(state, 0, "stop")
    d = _payment_decision(state)
    assert d is not None and {render(o.label) for o in d.options} == {"pay 1 Food", "pay 1 Credits"}


def test_war_card_board_resolution_asks_the_payment_after_the_assault():
    """如果該回合警戒卡牌為戰爭卡牌,選擇……結算危機面板(結算衝突……;支付資源……信用可以充當除科技外的資源)"""
    state = fresh(1, 2)
    clear_board(state)
    state.solo.alert = "war1"
    _house(state, F=2, E=5, M=5, C=2)
    push_and_run(state, "solo_advance", 0)
    state.log.clear()
    state = RULES.apply(state, 0, "board")
    d = _payment_decision(state)
    assert d is not None and len(d.options) == 2
    assert any("Voidborn" in render(line.text) for line in state.log)  # the assault came first
    state = RULES.apply(state, 0, d.options[0].id)
    assert state.houses[0].res["F"] + state.houses[0].res["C"] == 3


def test_the_defender_chooses_its_losses_then_pays():
    """With the engine's Skirmish: the house picks which fleet kind it loses last, and only then
    is the payment offered (結算衝突 before 支付資源)."""
    from games.voidfall.board import adjacent, sector

    from .helpers import own

    state = fresh(1, 4)
    clear_board(state)
    home = next(s for s in state.sectors if s.home_of == 0)
    for s in state.sectors:
        if s.home_of < 0:
            s.owner, s.fleet, s.void = -1, {}, 0
    mine = own(state, 0, next(k for k in adjacent(state, home.key) if sector(state, k).type == "standard"),
               fleet={"corvette": 2, "destroyer": 2})
    enemy = sector(state, next(k for k in adjacent(state, mine.key) if k != home.key and sector(state, k).type == "standard"))
    enemy.void = 1
    h = _house(state, F=2, E=5, M=5, C=2)
    h.track_corrupt = {t: True for t in h.track_corrupt}
    state = push_and_run(state, "solo_assault", 0, bonus=0, havens=False)
    assert state.tasks[-1].kind == "defend_skirmish" and state.houses[0].res["F"] == 2
    state = RULES.apply(state, 0, RULES.pending(state)[0].options[0].id)
    d = _payment_decision(state)
    assert d is not None and {render(o.label) for o in d.options} == {"pay 1 Food", "pay 1 Credits"}
