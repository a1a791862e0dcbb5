"""Rule scenarios, each quoting the article (../shared/rules/ares-expedition.zh.txt)."""

from __future__ import annotations

import pytest

from games.ares_expedition import RULES
from games.ares_expedition.board import ACTION, BUILD, DEV, PRODUCTION, RESEARCH
from games.ares_expedition.economy import card_cost
from games.ares_expedition.flow import _end_phase, _end_round, advance
from games.ares_expedition.play import playable
from games.core import IllegalChoice

from .helpers import act, bare, delta, fresh, give, phase, put_in_play, snapshot


def ids(state, seat=0):
    d = RULES.decision_for(state, seat)
    return [o.id for o in d.options] if d else []


def test_setup():
    """遊戲設置: 指示物放置在氧氣改造軌(0%)與溫度改造軌(-30° C); 9 個海洋版塊; 發給每位玩家 8 張卡片;
    企業卡發給每位玩家 2 張卡片,每位玩家保留其中 1 張."""
    state = RULES.setup(3, 4)
    assert (state.temperature, state.oxygen, len(state.oceans), state.flipped) == (-30, 0, 9, [])
    for seat, p in enumerate(state.pl):
        assert p.tr == 5 and len(p.hand) == 8
        d = RULES.decision_for(state, seat)
        assert d.secret and len(d.options) == 2
    state = fresh(3, 4)
    assert all(p.corp for p in state.pl)
    assert all(d.secret for d in RULES.pending(state))


def test_phase_picks_are_secret_and_never_the_same_twice():
    """所有玩家同時選擇 1 張階段卡 ... 玩家不能接連二輪選擇相同的階段卡."""
    state = fresh(2, 1)
    state = RULES.apply(state, 0, "p:4")
    public = RULES.view(state, None)
    assert all(pl["pick"] == 0 for pl in public["players"])
    state = RULES.apply(state, 1, "p:4")
    assert [pl["pick"] for pl in RULES.view(state, None)["players"]] == [4, 4]
    while state.stage != "plan":
        seat = RULES.pending(state)[0].seat
        state = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    assert "p:4" not in ids(state, 0) and len(ids(state, 0)) == 4
    with pytest.raises(IllegalChoice):
        RULES.apply(state, 0, "p:4")


def test_only_picked_phases_run_in_order():
    """依照發展→建設→行動→生產→研究的順序 ... 沒有玩家挑選的階段,則跳過不執行; 每種階段在一輪遊戲中只能執行一次."""
    state = fresh(3, 2)
    for seat, pick in ((0, "p:5"), (1, "p:2"), (2, "p:5")):
        state = RULES.apply(state, seat, pick)
    assert state.phase in (BUILD, RESEARCH)
    assert state.phases == ([RESEARCH] if state.phase == BUILD else [])


def test_everybody_acts_at_the_same_time_and_idle_seats_are_not_waited_for():
    """所有玩家同時執行階段卡上的行動 ... 所有玩家都執行完畢後,再執行下一張階段卡上的行動."""
    state = bare(3, 1)
    give(state, 0, 155)
    give(state, 1, 190)
    state = phase(state, DEV)
    assert sorted(d.seat for d in RULES.pending(state)) == [0, 1]      # seat 2 has no green card
    state = act(state, 1, "c:190")
    assert [d.seat for d in RULES.pending(state)] == [0]
    assert state.phase == DEV


def test_development_chooser_pays_3_less():
    """發展階段: 選擇執行發展階段的玩家,可以額外減少 3 MC 的卡片費用."""
    state = bare(2, 1)
    give(state, 0, 190)
    give(state, 1, 190 - 1)
    state = phase(state, DEV, pick=DEV)
    assert card_cost(state, 0, 190) == 2
    state.pl[0].pick = PRODUCTION
    assert card_cost(state, 0, 190) == 5


def test_construction_chooser_plays_a_second_card_or_draws():
    """建設階段: 選擇執行建設階段的玩家,可以: 額外再使用 1 張藍色或紅色卡片,或是在使用卡片前或使用卡片後,額外抽取 1 張卡片."""
    state = bare(1, 1)
    give(state, 0, 95, 96, 98)
    state = phase(state, BUILD, pick=BUILD)
    assert "draw" in ids(state)
    state = act(state, 0, "c:95")
    state = act(state, 0, "c:96")
    assert not any(t.kind == "build" for t in state.pl[0].queue)     # two cards: the bonus is spent
    state = bare(1, 1)
    give(state, 0, 95, 96)
    state = phase(state, BUILD, pick=BUILD)
    state = act(state, 0, "draw")
    assert len(state.pl[0].hand) == 3 and "draw" not in ids(state)
    state = act(state, 0, "c:95")
    assert not any(t.kind == "build" for t in state.pl[0].queue)


def test_standard_actions_and_conversions():
    """基礎行動: 8 株植物換取 1 個森林標記、提昇 1 點含氧量; 20 MC 森林; 8 點熱能提昇 1 度氣溫; 14 MC 氣溫; 15 MC 海洋."""
    expected = {
        "s:plants": {"plants": -8, "forest": 1, "oxy": 1, "tr": 1},
        "s:heat": {"heat": -8, "temp": 1, "tr": 1},
        "s:forest": {"mc": -20, "forest": 1, "oxy": 1, "tr": 1},
        "s:temperature": {"mc": -14, "temp": 1, "tr": 1},
        "s:ocean": {"mc": -15, "ocean": 1, "tr": 1},
    }
    for choice, want in expected.items():
        state = bare(1, 1)
        state.pl[0].plants = state.pl[0].heat = 8
        state = phase(state, ACTION)
        before = snapshot(state)
        state = act(state, 0, choice)
        assert delta(before, snapshot(state)) == want, choice


def test_left_over_heat_and_plants_must_be_converted():
    """在行動階段結束前,如果各種參數尚未達到適宜居住的程度,而且玩家仍然擁有足夠的熱能或植物可以執行基礎行動,則玩家必須消耗所有的資源."""
    state = bare(1, 1)
    state.pl[0].heat, state.pl[0].plants = 17, 9
    state = phase(state, ACTION)
    state = act(state, 0, "done")
    p = state.pl[0]
    assert (p.heat, p.plants, p.forests, state.temperature) == (1, 1, 1, -26)
    state = bare(1, 1)
    state.temperature = 8
    state.maxed_round["temperature"] = 0
    state.pl[0].heat = 17
    state = phase(state, ACTION)
    assert "s:heat" not in ids(state)                  # maxed in an earlier round: nothing to gain
    assert state.pl[0].heat == 17


def test_production():
    """生產階段: 依照綠色計畫卡、企業卡的指示獲得相對應的資源,並依照當前的改造分數獲得相對應的 MC,選擇執行生產階段的玩家,可以額外獲得 4 MC."""
    state = bare(2, 1, mc=0)
    for p in state.pl:
        p.prod.update(mc=2, heat=3, plants=1, cards=1)
    state = phase(state, PRODUCTION, pick=DEV)
    state.pl[0].pick = PRODUCTION
    state = bare(2, 1, mc=0)
    for p in state.pl:
        p.prod.update(mc=2, heat=3, plants=1, cards=1)
        p.pick = DEV
    state.pl[0].pick = PRODUCTION
    state.stage = "phase"
    from games.ares_expedition.flow import _begin_phase
    _begin_phase(state, PRODUCTION)
    assert [(p.mc, p.heat, p.plants, len(p.hand)) for p in state.pl] == [(11, 3, 1, 1), (7, 3, 1, 1)]


def test_research():
    """研究階段: 每位玩家抽取 2 張計畫卡,保留 1 張 ... 選擇執行研究階段的玩家,總共可以抽取 5 張卡片,並保留 2 張."""
    state = bare(2, 1)
    for p in state.pl:
        p.pick = DEV
    state.pl[1].pick = RESEARCH
    state.stage = "phase"
    from games.ares_expedition.flow import _begin_phase
    _begin_phase(state, RESEARCH)
    assert [(len(p.queue[0].cards), p.queue[0].n) for p in state.pl] == [(2, 1), (5, 2)]
    assert len(RULES.pending(state)) == 2


def test_hand_limit_pays_3_per_card():
    """步驟三:結束: 每位玩家最多只能持有 10 張手牌,多餘的卡片必須棄置,而玩家每棄置 1 張卡片,可以獲得 3 MC."""
    state = bare(1, 1, mc=0)
    give(state, 0, *range(103, 115))
    _end_round(state)
    d = RULES.decision_for(state, 0)
    assert d.min_picks == d.max_picks == 2
    state = RULES.apply(state, 0, ["c:103", "c:104"])
    assert (len(state.pl[0].hand), state.pl[0].mc) == (10, 6)


def test_requirements_are_read_at_the_start_of_the_phase():
    """rules/README.md: Requirements are checked against the parameters at the start of the current phase."""
    state = bare(2, 1)
    give(state, 0, 98)                                  # Subterranean Reservoir: an ocean
    give(state, 1, 66)                                  # Artificial Lake: temperature yellow
    state.temperature = -10
    state = phase(state, BUILD)
    assert not playable(state, 1, 66)[0]
    state.temperature = -8                              # someone warmed Mars mid-phase
    assert not playable(state, 1, 66)[0]


def test_steel_titanium_and_selling_cards_to_pay():
    """每擁有 1 個鋼鐵可以減少 2 MC ... 每擁有 1 個鈦可以減少 3 MC; 棄置手中的計畫卡時,每棄置 1 張卡片可以獲得 3 MC."""
    state = bare(1, 1, mc=10)
    state.pl[0].prod["steel"] = 2
    give(state, 0, 125, 103, 104, 105, 106, 107)        # Commercial District 25 -> 21
    state = phase(state, DEV)
    assert card_cost(state, 0, 125) == 21
    state = act(state, 0, "c:125", resolve=False)
    d = RULES.decision_for(state, 0)
    assert d.min_picks == d.max_picks == 4             # 11 MC short: 4 cards at 3 MC
    state = RULES.apply(state, 0, ["c:103", "c:104", "c:105", "c:106"])
    assert 125 in state.pl[0].played and state.pl[0].mc == 1


def test_a_maxed_parameter_pays_for_the_rest_of_the_round_then_only_forests():
    """在同一輪遊戲中,玩家依然可以執行基礎行動並獲得所有獎勵(翻開海洋版塊的獎勵,則重複獲得最後一塊被翻開的版塊上的獎勵)。
    但從下一輪遊戲開始,除了獲得森林標記之外,玩家無法獲得其他獎勵。"""
    state = bare(1, 1)
    state.flipped = [""] * 8
    state.oceans = ["mc+4"]
    state = phase(state, ACTION)
    state = act(state, 0, "s:ocean")
    state = act(state, 0, "s:ocean")                    # the last tile's reward again
    assert (state.pl[0].tr, state.pl[0].mc) == (7, 100 - 30 + 8)
    state.round += 1
    state = phase(state, ACTION)
    assert "s:ocean" not in ids(state)
    state.oxygen = 14
    state.maxed_round["oxygen"] = 0
    before = snapshot(state)
    state = act(state, 0, "s:forest")
    assert delta(before, snapshot(state)) == {"mc": -20, "forest": 1}


def test_game_ends_after_the_phase_in_which_mars_is_terraformed():
    """當下列三個條件都滿足時,遊戲立即結束 ... 玩家執行完當前階段的遊戲,接著進行終局計分."""
    state = bare(2, 1)
    state.temperature, state.oxygen = 8, 14
    state.flipped, state.oceans = [""] * 9, []
    state.phases = [PRODUCTION]
    state.phase = ACTION
    _end_phase(state)
    assert state.over and RULES.outcome(state) is not None


def test_scoring_and_tie_break():
    """每 1 點改造分數獲得 1 點勝利點數; 每 1 個森林標記; 計畫卡上的勝利點數; 平手時,則加總熱能、MC(先將手中每張計畫卡換成 3 MC)與植物資源數量."""
    state = bare(2, 1, mc=0)
    state.over = True
    p0, p1 = state.pl
    p0.tr, p0.forests, p0.played = 20, 2, [68]            # 20 + 2 + 2
    p1.tr, p1.forests, p1.played = 24, 0, []
    p0.heat, p1.mc = 6, 2
    p1.hand = [103]                                       # 2 + 3
    out = RULES.outcome(state)
    assert out.scores == (24, 24) and out.winners == (0,)
    p0.heat = 5
    assert RULES.outcome(state).winners == (0, 1)


def test_whole_games_end_with_scores():
    from games.core import play
    for players in (1, 2, 3, 4):
        result = play(RULES, players, 11)
        assert RULES.outcome(result.final) is not None


def test_bad_choices_change_nothing():
    state = fresh(2, 3)
    before = RULES.dump(state)
    for bad in ("p:9", ["p:1", "p:2"], 3, None):
        with pytest.raises(IllegalChoice):
            RULES.apply(state, 0, bad)
    assert RULES.dump(state) == before
    put_in_play(state, 0)
    advance(state)


def test_skip_passes_where_passing_is_a_choice():
    state = bare(1, 1)
    give(state, 0, 155)
    state = phase(state, DEV)
    assert RULES.skip_choice(state, 0) == "pass"
    state = phase(bare(1, 1), ACTION)
    assert RULES.skip_choice(state, 0) == "done"
    assert RULES.skip_choice(fresh(1, 1), 0) is None          # a phase pick: the bot picks
