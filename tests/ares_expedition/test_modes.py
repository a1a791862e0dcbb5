"""Solo (article 單人模式, PHASES.md) and the 2-player co-op (article 雙人模式)."""

from __future__ import annotations

import pytest

from games.ares_expedition import RULES
from games.ares_expedition.flow import _new_round
from games.core import BadSetup, play

from .helpers import fresh


def test_solo_runs_the_dummy_phase_without_bonus():
    """每輪遊戲會執行 2 張階段卡,1 張由玩家選擇,1 張則翻開虛擬玩家手中的第一張階段卡隨機決定,玩家只有執行自己選擇的階段卡時,才能獲得額外的獎勵."""
    state = fresh(1, 2)
    top = state.dummy[-1]
    mine = 4 if top != 4 else 5
    state = RULES.apply(state, 0, f"p:{mine}")
    assert state.dummy_pick == top and len(state.dummy) == 4
    assert RULES.view(state, None)["phases_this_round"] == sorted({mine, top})


def test_solo_reshuffle_moves_the_counter_and_gives_free_steps():
    """虛擬玩家手中的階段卡都使用完畢時,重新洗勻 5 張階段卡,並將虛擬玩家在改造分數紀錄軌上的個人指示物往前推進 1 格;
    新手難度: 每當虛擬玩家指示物推進 1 格時,提昇 2 點含氧量或 2 點溫度; 玩家不會因為推進虛擬玩家指示物所提昇的含氧量或溫度,而獲得改造分數."""
    for difficulty, steps in (("novice", 2), ("advanced", 1), ("expert", 0)):
        state = fresh(1, 2, {"difficulty": difficulty})
        state.dummy = []
        state.pl[0].queue = []                      # planning not started yet
        tr = state.pl[0].tr
        _new_round(state)
        assert state.counter == 2 and len(state.dummy) == 5
        if steps:                                   # one choice: all the steps on that track
            state = RULES.apply(state, 0, "oxygen")
        assert state.oxygen == steps and state.pl[0].tr == tr
        assert state.stage == "plan"


def test_solo_last_five_rounds_let_the_player_order_the_dummy():
    """虛擬玩家的個人指示物推進到「5」時,遊戲再進行 5 輪便會結束,在最後 5 輪遊戲中,玩家可以決定虛擬玩家的出牌順序."""
    state = fresh(1, 2)
    state.counter = 5
    state = RULES.apply(state, 0, "p:1")
    d = RULES.decision_for(state, 0)
    assert [o.id for o in d.options] == [f"d:{n}" for n in sorted(state.dummy)]
    state = RULES.apply(state, 0, "d:3")
    assert state.dummy_pick == 3 and 3 not in state.dummy


def test_solo_is_lost_after_25_rounds_unless_terraformed():
    """25 輪遊戲結束時,若能成功將各項參數提升到適宜人類居住的數值即可獲得勝利."""
    state = fresh(1, 2)
    state.round = 25
    state.stage = "limit"
    _new_round(state)
    out = RULES.outcome(state)
    assert state.over and out.winners == ()
    state = fresh(1, 2)
    state.temperature, state.oxygen, state.flipped, state.oceans = 8, 14, [""] * 9, []
    state.over = True
    assert RULES.outcome(state).winners == (0,)


def test_whole_solo_games_at_every_difficulty():
    for difficulty in ("novice", "advanced", "expert"):
        result = play(RULES, 1, 3, {"difficulty": difficulty})
        assert result.final.round <= 25


def test_coop_options_fit_only_their_player_counts():
    with pytest.raises(BadSetup):
        RULES.setup(3, 1, {"mode": "coop"})
    with pytest.raises(BadSetup):
        RULES.setup(2, 1, {"difficulty": "expert"})


def test_coop_cubes_and_markers():
    """二位玩家可以分別拿取 1 個銅色方塊(獲得 MC)或是 1 個其他玩家的個人指示物(棄置指示物,並與隊友互換手中 1 張計畫卡)."""
    state = fresh(2, 4, {"mode": "coop"})
    state = RULES.apply(state, 0, "p:4")
    state = RULES.apply(state, 1, "p:4")
    assert {d.seat for d in RULES.pending(state)} == {0, 1}
    mc = state.pl[0].mc
    state = RULES.apply(state, 0, "cube")
    assert state.pl[0].mc == mc + 1 and state.cubes == 26
    state = RULES.apply(state, 1, "marker")
    assert state.markers == 2
    give0, give1 = state.pl[0].hand[0], state.pl[1].hand[0]
    state = RULES.apply(state, 0, f"c:{give0}")
    assert give0 not in RULES.view(state, 1)["you"]["hand"]
    state = RULES.apply(state, 1, f"c:{give1}")
    assert give0 in state.pl[1].hand and give1 in state.pl[0].hand


def test_coop_lasts_15_rounds_and_needs_80_vp():
    """當玩家用完所有的銅色方塊與玩家個人指示物時,遊戲結束(共進行 15 輪),如果成功將各項參數提升到適宜人類居住的數值,同時獲得 80 點以上的勝利點數."""
    result = play(RULES, 2, 5, {"mode": "coop"})
    final = result.final
    assert final.round <= 15
    out = RULES.outcome(final)
    total = sum(out.scores)
    terraformed = final.temperature == 8 and final.oxygen == 14 and len(final.flipped) == 9
    assert out.winners == ((0, 1) if terraformed and total >= 80 else ())


def test_coop_both_take_markers_in_one_round():
    """Both partners take a marker: two cards pass each way, whatever order the choices come in."""
    state = fresh(2, 4, {"mode": "coop"})
    state = RULES.apply(state, 0, "p:4")
    state = RULES.apply(state, 1, "p:4")
    state = RULES.apply(state, 1, "marker")
    state = RULES.apply(state, 1, f"c:{state.pl[1].hand[0]}")
    state = RULES.apply(state, 0, "marker")
    hands = [list(p.hand) for p in state.pl]
    for _ in range(3):
        seat = RULES.pending(state)[0].seat
        state = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    assert state.stage != "coop" and state.markers == 1
    assert len(state.pl[0].hand) == len(hands[0]) and len(state.pl[1].hand) == len(hands[1]) + 1


def test_advanced_setup_replaces_cards_before_the_corporation():
    """進階規則:在選擇企業卡之前,玩家可以棄置任意張數的計畫卡,並回抽相同數量的卡片."""
    state = RULES.setup(2, 6, {"setup": "advanced"})
    d = RULES.decision_for(state, 0)
    assert (d.min_picks, d.max_picks) == (0, 8)
    old = list(state.pl[0].hand)
    state = RULES.apply(state, 0, [f"c:{old[0]}", f"c:{old[1]}"])
    hand = state.pl[0].hand
    assert len(hand) == 8 and old[0] not in hand and old[1] not in hand
    assert RULES.decision_for(state, 0).secret                      # now the corporation
