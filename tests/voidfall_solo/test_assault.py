"""The Voidborn assault at evaluation (skirmish + economic payment), harbingers, safe havens."""

from __future__ import annotations

from games.core.i18n import render
from games.voidfall import RULES
from games.voidfall.board import sector
from games.voidfall.solo.board import economic_value, military_value
from games.voidfall.solo.content import BOARD
from games.voidfall.solo.payment import economic_payment
from games.voidfall.solo.havens import build_level

from .helpers import clear_board, fresh, own, push_and_run


def test_economic_payment_three_influence_per_missing_resource():
    """支付資源,根據危機面板上最左側空閒的經濟軌道進行結算,你必須儘可能的支付,信用可以充當除科技外的資源,
    當你不能支付時每個缺少的資源-3點影響力。"""
    state = fresh(1, 3)
    h = state.houses[0]
    h.res = {"F": 1, "E": 0, "M": 0, "C": 1, "S": 0}
    h.influence = 20
    missing = economic_payment(state, 0, {"F": 2, "E": 1, "S": 1})
    # 1 Food paid, Credits cover the second Food, nothing for Energy, Credits never pay Science
    assert missing == 2 and h.res == {"F": 0, "E": 0, "M": 0, "C": 0, "S": 0}
    assert h.influence == 14


def test_economic_payment_never_below_zero_influence():
    """在失去的影響力大於現有影響力的情況下,忽略剩餘的未失去影響力。"""
    state = fresh(1, 3)
    h = state.houses[0]
    h.res = {r: 0 for r in "FEMCS"}
    h.influence = 4
    economic_payment(state, 0, {"F": 2, "E": 2})
    assert h.influence == 0


def test_leftmost_free_slots_set_the_assault():
    """虛空造物突擊(結算衝突,根據危機面板上最左側空閒的戰爭軌道上所示的修正值進行結算;支付資源,根據危機面板上最左側空閒的經濟軌道進行結算)"""
    state = fresh(1, 3)
    clear_board(state)
    values = BOARD["military_values"]  # designed: 0, 1, 2, 3 by leftmost free slot, 4 for a full row
    assert military_value(state) == values[0] and economic_value(state) == {"F": 1}
    state.crisis.military[:] = ["H", "c06"]
    state.crisis.economic[:] = ["c07"] * 4
    assert military_value(state) == values[2]
    assert economic_value(state) == {"F": 2, "E": 2, "M": 2, "S": 2}


def test_assault_strikes_with_corruption_cycle_and_board():
    """虛空造物突擊時,會有一隻擁有玩家面板上腐壞標記物數量的虛空造物艦隊入侵一個玩家星系……循環二/循環三加一;危機面板上最左側空閒的戰爭軌道……"""
    state = fresh(1, 3)
    clear_board(state)
    state.cycle = 2
    h = state.houses[0]
    h.track_corrupt = {"soc": True, "sta": True, "eco": False}
    h.agenda_corrupt = [False] * len(h.agenda_corrupt)
    h.res = {r: 5 for r in "FEMCS"}
    h.res["C"] = 0  # a single way to pay: no payment choice
    state.log.clear()
    push_and_run(state, "solo_assault", 0)
    text = " ".join(render(line.text) for line in state.log)
    n = 2 + 1 + BOARD["military_values"][0]  # 2 Corruption + 1 (Cycle 2) + the leftmost free slot
    assert f"{n} Voidborn cubes" in text or f"({n} cubes)" in text
    assert h.res["F"] == 4


def test_harbinger_taken_in_an_invasion_joins_a_row():
    """當玩家成功入侵一個包含前驅指示物的星系時,將該前驅指示物放置在軌道的最左側槽位。"""
    from games.voidfall.solo.mode import VOIDBORN as solo

    state = fresh(1, 3)
    clear_board(state)
    state.solo.harbingers = {"0,1": 1}
    s = own(state, 0, "0,1")
    solo.on_invasion_won(state, 0, s)
    RULES.advance(state)
    d = RULES.pending(state)[0]
    assert {o.id for o in d.options} == {"row:military", "row:economic"}
    state = RULES.apply(state, 0, "row:economic")
    assert state.crisis.economic == ["H"] and "0,1" not in state.solo.harbingers


def test_safe_haven_level_at_evaluation_for_pure_full_sector():
    """每個擁有六人口和三個或更多公會的純淨星系可以將一個未激活的艦隊力量方塊放置在安全天堂板塊上。"""
    state = fresh(1, 3)
    clear_board(state)
    s = own(state, 0, "1,1", pop=6, guilds=["fa", "en", "mi"], corrupted=False)
    h = state.houses[0]
    h.inactive = 3
    h.res["C"] = 0  # a single way to pay: no payment choice
    push_and_run(state, "solo_assault", 0, bonus=-99)
    assert state.solo.havens[0] == [0] and h.inactive == 2
    s.corrupted = True
    push_and_run(state, "solo_assault", 0, bonus=-99)
    assert state.solo.havens[0] == [0]


def test_completed_safe_haven_rewards_are_all_different():
    """當安全天堂被徹底建成時……每個玩家可以選其中的一個獎勵:移除一個腐壞標記物;移除一個前驅指示物;獲得三個任意資源;部署兩個艦隊力量方塊。"""
    state = fresh(2, 3)
    state.solo.harbingers = {"0,-1": 1, "1,0": 1}  # medium starts with none on the map
    for seat in (0, 1):
        state.houses[seat].inactive = 5
    size = state.solo.haven_sizes[0]
    for i in range(size):
        build_level(state, i % 2, "test")
    RULES.advance(state)
    first = RULES.pending(state)[0]
    assert len(first.options) == 4
    state = RULES.apply(state, first.seat, "r:remove_harbinger")
    which = RULES.pending(state)[0]  # the house picks which harbinger (issue 22 item 14)
    assert which.seat == first.seat and render(which.prompt) == "Remove which harbinger?"
    state = RULES.apply(state, which.seat, which.options[0].id)
    second = RULES.pending(state)[0]
    assert second.seat != first.seat and "r:remove_harbinger" not in {o.id for o in second.options}
    assert sum(state.solo.harbingers.values()) == 1


def test_overproduction_twice_builds_one_level():
    """當你在同一回合內過量生產至少兩次時……但每回合只能通過這種方式建造一級安全天堂。"""
    from games.voidfall.solo.mode import VOIDBORN as solo

    state = fresh(1, 3)
    h = state.houses[0]
    h.inactive, h.overproduced_turn = 4, 3
    solo.turn_end(state, 0)
    assert state.solo.havens[0] == [0]
    assert sector(state, "0,3").home_of == 0
