"""The alert step, the void advance and its branches, permanent crises on the board rows."""

from __future__ import annotations

from games.core.i18n import render
from games.voidfall import RULES
from games.voidfall.solo.board import economic_value, harbinger_to_row, make_permanent, military_value
from games.voidfall.solo.content import BOARD, CRISES

from .helpers import clear_board, fresh, push_and_run

MIL = sorted(c for c in CRISES if CRISES[c]["cat"] == "mil" and CRISES[c]["level"] > 0)
ECO = sorted(c for c in CRISES if CRISES[c]["cat"] == "eco" and CRISES[c]["level"] > 0)
GEN = sorted(c for c in CRISES if CRISES[c]["cat"] == "gen" and CRISES[c]["level"] > 0)


def _open(state, cid):
    clear_board(state)
    state.solo.alert, state.solo.current = "I", cid
    return push_and_run(state, "solo_advance", 0)


def test_alert_situation_draws_a_crisis_of_its_level():
    """危機卡牌步驟:如果該回合警戒卡牌有等級,則抽取一個對應等級的危機卡牌,這張危機卡牌被稱作“當前的危機卡牌”。"""
    state = fresh(1, 2)
    assert state.solo.alert  # the first round's alert is already revealed
    state.crisis.alert_deck[:0] = ["III"]
    state.solo.current = ""
    push_and_run(state, "solo_alert", -1)
    assert state.solo.alert == "III" and CRISES[state.solo.current]["level"] == 3


def test_alert_war_draws_no_crisis():
    """否則跳過 (a war card has no level: no crisis this round)."""
    state = fresh(1, 2)
    state.crisis.alert_deck[:0] = ["war3"]
    state.solo.current = ""
    push_and_run(state, "solo_alert", -1)
    assert state.solo.alert == "war3" and state.solo.current == ""


def test_resolved_crisis_skips_the_void_advance():
    """虛空前進步驟:如果該回合警戒卡牌有等級,且當前的危機卡牌沒有被解決或移除,那麼執行該階段,否則跳過。"""
    state = fresh(1, 2)
    clear_board(state)
    state.solo.alert, state.solo.current = "I", ""
    push_and_run(state, "solo_advance", 0)
    assert state.tasks[-1].kind != "solo_advance" and state.solo.alert == ""


def test_void_advance_offers_penalty_catastrophe_or_permanent():
    """選擇以下三個結算方式:受到危機卡牌所示的懲罰;將一個災難指示物放在危機面板對應位置;將該危機卡牌變成正在生效的危機卡牌。"""
    state = _open(fresh(1, 2), GEN[0])
    options = {o.id: o for o in RULES.pending(state)[0].options}
    assert set(options) >= {"cat", "row:military", "row:economic"}
    state = _open(fresh(1, 2), MIL[0])
    assert "row:economic" not in {o.id for o in RULES.pending(state)[0].options}


def test_penalty_branch_applies_the_penalty_and_discards():
    """受到危機卡牌所示的懲罰 (only when it can be suffered in full)."""
    cid = next(c for c in sorted(CRISES) if "inf" in CRISES[c]["penalty"] and CRISES[c]["level"] > 0)
    state = fresh(1, 2)
    state.houses[0].influence = 50
    state = _open(state, cid)
    state = RULES.apply(state, 0, "pen")
    assert state.houses[0].influence == 50 - CRISES[cid]["penalty"]["inf"]
    assert cid in state.solo.crisis_discard[str(CRISES[cid]["level"])]
    state = fresh(1, 2)
    state.houses[0].influence = 0
    state = _open(state, cid)
    assert "pen" not in {o.id for o in RULES.pending(state)[0].options}


def test_catastrophe_branch_discards_the_crisis():
    """將一個災難指示物放在危機面板對應位置."""
    state = _open(fresh(1, 2), ECO[0])
    state = RULES.apply(state, 0, "cat")
    assert state.crisis.catastrophes == 1 and state.solo.current == ""
    assert ECO[0] in state.solo.crisis_discard[str(CRISES[ECO[0]]["level"])]


def test_permanent_branch_takes_the_leftmost_slot_and_shifts_right():
    """將該危機卡牌放置在沒有前驅的最左側槽位,之後將其他正在生效的危機卡牌右移。"""
    state = fresh(1, 2)
    clear_board(state)
    state.crisis.military[:] = ["H", MIL[1]]
    state.solo.alert, state.solo.current = "I", MIL[0]
    push_and_run(state, "solo_advance", 0)
    state = RULES.apply(state, 0, "row:military")
    assert state.crisis.military == ["H", MIL[0], MIL[1]]
    assert military_value(state) == BOARD["military_values"][3]  # the leftmost free slot is the fourth


def test_permanent_overflow_discards_with_a_catastrophe():
    """如果移動後有危機卡牌被移出危機面板(兩種最多各四個槽位放置前驅/危機卡牌),將其移除並將一個災難指示物放在危機面板對應位置。"""
    state = fresh(1, 2)
    clear_board(state)
    state.crisis.economic[:] = ECO[1:5]
    make_permanent(state, ECO[0], "economic")
    assert state.crisis.economic == ECO[0:4]
    assert state.crisis.catastrophes == 1
    assert ECO[4] in state.solo.crisis_discard[str(CRISES[ECO[4]]["level"])]


def test_row_of_harbingers_discards_with_a_catastrophe():
    """如果沒有這樣的槽位,將其移除並將一個災難指示物放在危機面板對應位置。"""
    state = fresh(1, 2)
    clear_board(state)
    state.crisis.military[:] = ["H"] * 4
    make_permanent(state, MIL[0], "military")
    assert state.crisis.military == ["H"] * 4 and state.crisis.catastrophes == 1


def test_harbinger_enters_leftmost_and_pushes_right():
    """將該前驅指示物放置在軌道的最左側槽位,之後將其他前驅指示物和正在生效的危機卡牌右移。"""
    state = fresh(1, 2)
    clear_board(state)
    state.crisis.economic[:] = ECO[0:4]
    harbinger_to_row(state, "economic")
    assert state.crisis.economic == ["H"] + ECO[0:3] and state.crisis.catastrophes == 1


def test_war_card_board_branch_assaults_and_demands_payment():
    """如果該回合警戒卡牌為戰爭卡牌,選擇以下兩個結算方式:結算危機面板(結算衝突……支付資源……);將一個災難指示物放在危機面板對應位置。"""
    state = fresh(1, 2)
    clear_board(state)
    state.solo.alert = "war1"
    push_and_run(state, "solo_advance", 0)
    assert [o.id for o in RULES.pending(state)[0].options] == ["board", "cat"]
    state.houses[0].res.update({"F": 3, "C": 0})  # no Credits: a single way to pay, no payment choice
    state = RULES.apply(state, 0, "board")
    assert state.houses[0].res["F"] == 3 - economic_value(state)["F"]
    state = fresh(1, 2)
    clear_board(state)
    state.solo.alert = "war1"
    push_and_run(state, "solo_advance", 0)
    state = RULES.apply(state, 0, "cat")
    assert state.crisis.catastrophes == 1 and "war1" in state.solo.war_kept


def test_war_option_previews_the_exact_assault():
    """Before a void advance choice, each option shows its exact consequence (combat has no dice)."""
    from games.voidfall.board import sector

    state = fresh(1, 2)
    clear_board(state)
    state.houses[0].track_corrupt = {"soc": True, "sta": True, "eco": True}
    state.solo.alert = "war6"
    push_and_run(state, "solo_advance", 0)
    detail = next(render(o.detail) for o in RULES.pending(state)[0].options if o.id == "board")
    fp = int(detail.split(" Voidborn cubes would strike")[0].split()[-1])
    assert fp == 3 + BOARD["military_values"][0] + 2  # 3 Corruption + the free slot's value + war6's Cycle 1 modifier 2
    target = detail.split("'s ")[1].split(":")[0]
    state.log.clear()
    state = RULES.apply(state, 0, "board")
    text = " ".join(render(line.text) for line in state.log)
    assert f"{fp} Voidborn cubes strike" in text and target in text
    lost = "falls" in detail.split(", then")[0]
    assert lost == (sector(state, next(s.key for s in state.sectors if s.name == target)).void > 0)
