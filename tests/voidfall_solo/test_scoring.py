"""The Voidborn final influence, the win check and the fourth catastrophe."""

from __future__ import annotations

from games.core.i18n import render
from games.voidfall import RULES
from games.voidfall.board import controller, sector
from games.voidfall.solo.mode import VOIDBORN as solo
from games.voidfall.solo.board import add_catastrophe
from games.voidfall.solo.scoring import corruption_markers, final_influence

from .helpers import clear_board, fresh


def _plain(state):
    """No rift, fallen house, harbinger, corruption or Voidborn population left: every term 0."""
    clear_board(state)
    state.solo.harbingers.clear()
    state.solo.lost_techs.clear()
    state.solo.havens = [[0] * n for n in state.solo.haven_sizes]
    for s in state.sectors:
        s.corrupted = False
        s.fallen = ""
        if s.type == "rift":
            s.type = "standard"
        if controller(s) == "void":
            s.pop = 0
    for h in state.houses:
        h.agenda_corrupt = [False] * len(h.agenda_corrupt)
        h.track_corrupt = {k: False for k in h.track_corrupt}
        h.decon = 0
    state.offer_corrupt = {k: False for k in state.offer_corrupt}
    return state


def test_voidborn_final_influence_every_term():
    """計算虛空造物終局影響力:根據難度獲得60/100/140點基礎影響力;每個未被關閉的裂隙+30點影響力;
    每個未被完成的安全天堂+20點影響力;每個放置在危機面板對應位置的災難指示物+20點影響力;每個地圖上
    (而非危機面板上)的前驅+10點影響力;每個失傳科技+5點影響力;每個正在生效的危機+5點影響力;每個未被
    解救的隕落家族+3點影響力;每個腐壞標記物+2點影響力;每個虛空造物星系人口+1點影響力。"""
    for diff, base in (("easy", 60), ("medium", 100), ("hard", 140)):
        state = _plain(fresh(1, 3, difficulty=diff))
        assert final_influence(state)["total"] == base
    state = _plain(fresh(1, 3, difficulty="medium"))
    rift = sector(state, "2,-1")  # the solo map's rift (C011)
    rift.type, rift.void = "rift", 3  # +30
    state.solo.havens[0] = []  # the solo tile (1 level, DESIGN_SOLO.md) unfinished: +20
    state.crisis.catastrophes = 2  # +40
    state.solo.harbingers = {"1,1": 2}  # +20 (on the map)
    state.crisis.military[:] = ["H"]  # a harbinger on the crisis board scores nothing
    state.solo.lost_techs = ["shields"]  # +5
    state.crisis.economic[:] = ["c06", "c07"]  # +10
    sector(state, "2,2").fallen = "valnis"  # +3
    v = sector(state, "1,1")
    v.corrupted, v.pop, v.void = True, 4, 2  # +2 corruption, +4 Voidborn population
    state.houses[0].track_corrupt["soc"] = True  # +2
    terms = final_influence(state)
    assert terms == {"base": 100, "rift": 30, "haven": 20, "catastrophe": 40, "harbinger": 20, "lost_tech": 5,
                     "crisis": 10, "fallen": 3, "corruption": 4, "population": 4, "total": 236}


def test_corruption_counts_every_marker():
    """每個腐壞標記物+2點影響力 (sectors of any owner, Agenda slots, tracks, the Agenda offer)."""
    state = _plain(fresh(2, 2))
    sector(state, "0,-1").corrupted = True
    state.houses[1].agenda_corrupt[0] = True
    state.houses[0].track_corrupt["eco"] = True
    state.offer_corrupt["D"] = True
    assert corruption_markers(state) == 4


def test_houses_win_with_at_least_the_voidborn_total():
    """如果每個玩家都擁有至少等同於虛空造物終局影響力的影響力,則所有玩家獲得勝利,否則失敗。"""
    state = _plain(fresh(2, 4, difficulty="easy"))
    state.houses[0].influence, state.houses[1].influence = 60, 75
    solo.end(state)
    assert state.over and state.winners == [0, 1]
    assert RULES.outcome(state).winners == (0, 1)
    state = _plain(fresh(2, 4, difficulty="easy"))
    state.houses[0].influence, state.houses[1].influence = 59, 200
    solo.end(state)
    assert state.winners == []
    assert "Voidborn Influence 60" in render(state.end_lines[0])


def test_fourth_catastrophe_loses_the_game_at_once():
    """將第四個災難指示物放在危機面板對應位置時,遊戲立刻失敗。"""
    state = fresh(1, 5)
    state.crisis.catastrophes = 3
    add_catastrophe(state, "test")
    assert state.over and state.winners == [] and state.solo.lost
    assert RULES.pending(state) == []
    assert RULES.outcome(state).winners == ()


def test_catastrophe_gives_each_house_a_choice():
    """將災難指示物放在危機面板對應位置時,每個玩家可以選擇移除一個腐壞標記物或獲得五個任意資源。"""
    state = fresh(2, 6)
    state.houses[0].track_corrupt["soc"] = True
    add_catastrophe(state, "test")
    RULES.advance(state)
    d = RULES.pending(state)[0]
    assert d.seat == state.order[0]
    labels = [render(o.label) for o in d.options]
    if d.seat == 0:
        assert labels == ["remove a Corruption", "gain 5 resources"]
    state = RULES.apply(state, d.seat, "res")
    before = sum(state.houses[d.seat].res.values())
    for _ in range(5):
        state = RULES.apply(state, d.seat, "r:F" if state.houses[d.seat].res["F"] < 15 else "r:S")
    assert sum(state.houses[d.seat].res.values()) == before + 5
    assert state.tasks[-1].kind == "solo_catastrophe" and state.tasks[-1].seat != d.seat


def test_coop_fourth_catastrophe_is_a_shared_loss():
    """合作模式: 將第四個災難指示物放在危機面板對應位置時,遊戲立刻失敗 (for every house)."""
    state = fresh(3, 5)
    for h in state.houses:
        h.influence = 500
    state.crisis.catastrophes = 3
    add_catastrophe(state, "test")
    out = RULES.outcome(state)
    assert out is not None and out.winners == () and len(out.scores) == 3
