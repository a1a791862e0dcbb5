"""Rule scenarios from the rules audit (issue 22, items 1-5), each quoting the article
(../shared/rules/ares-expedition.zh.txt) and, where the article is ambiguous, the reading
chosen in games/ares_expedition/DESIGN.md."""

from __future__ import annotations

from games.ares_expedition import RULES
from games.ares_expedition.board import ACTION, BUILD, PRODUCTION, RESEARCH
from games.ares_expedition.flow import _begin_phase, _end_phase, _new_round, advance
from games.ares_expedition.play import playable
from games.ares_expedition.scoring import breakdown

from .helpers import act, bare, fresh, give, phase, play_card, put_in_play


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
    detail = str(sell.detail)
    assert "3 MC each" in detail and "12 MC" in detail and "21 MC" in detail
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


# -- 2. the game ends at once when the parameters are maxed, also by a solo free step -------------------
def _solo_at_reshuffle(difficulty: str = "novice"):
    """A solo game between rounds with the dummy hand used up: the next round reshuffles it."""
    state = fresh(1, 2, {"difficulty": difficulty})
    state.dummy = []
    state.pl[0].queue = []
    state.stage = "limit"
    return state


def test_a_solo_free_step_that_completes_mars_ends_the_game_at_once():
    """Rule: 「當下列三個條件都滿足時,遊戲立即結束」 — the difficulty steps of a reshuffle bring oxygen
    to 14% with temperature and oceans already maxed: no phase card is picked any more, and you win."""
    state = _solo_at_reshuffle()
    state.temperature, state.oxygen = 8, 12
    state.flipped, state.oceans = [""] * 9, []
    state.maxed_round = {"temperature": 1, "ocean": 1}
    advance(state)
    assert [o.id for o in RULES.decision_for(state, 0).options] == ["oxygen"]
    state = RULES.apply(state, 0, "oxygen")
    assert state.oxygen == 14 and state.over
    assert RULES.pending(state) == []
    out = RULES.outcome(state)
    assert out.winners == (0,) and "at once" in str(out.summary[0])


def test_solo_game_ends_after_the_phase_that_completes_mars_not_after_the_dummys_phase():
    """Rule: 「遊戲立即結束 ... 玩家執行完當前階段的遊戲,接著進行終局計分」 — the current phase is
    finished, the dummy's later phase of the same round does not run."""
    state = bare(1, mc=100)
    state.temperature, state.oxygen = 8, 14
    state.flipped, state.oceans = [""] * 8, [""]
    state.maxed_round = {"temperature": 1, "oxygen": 1}
    state.phases = [RESEARCH]
    state.pl[0].pick = PRODUCTION
    _begin_phase(state, ACTION)
    advance(state)
    state = act(state, 0, "s:ocean")
    assert not state.over                     # the Action phase is still being played
    state = act(state, 0, "done")
    assert state.over and state.phase == ACTION and not state.pl[0].queue


# -- 3. solo difficulty: 2 steps of oxygen OR 2 steps of temperature ------------------------------------
def test_novice_free_steps_go_on_one_track_chosen_by_the_player():
    """Rule: 新手難度 「每當虛擬玩家指示物推進 1 格時(共推進 4 次),提昇 2 點含氧量或 2 點溫度」 — one choice,
    both steps on that track (never one of each); no TR (「不會...而獲得改造分數或森林標記」)."""
    state = _solo_at_reshuffle()
    tr = state.pl[0].tr
    advance(state)
    d = RULES.decision_for(state, 0)
    assert [(o.id, str(o.label)) for o in d.options] == [("oxygen", "Oxygen +2 step(s)"),
                                                    ("temperature", "Temperature +2 step(s)")]
    assert str(d.option("oxygen").detail) == "oxygen 0% -> 2%, no TR"
    assert str(d.option("temperature").detail) == "temperature -30 C -> -26 C, no TR"
    state = RULES.apply(state, 0, "temperature")
    assert (state.temperature, state.oxygen, state.pl[0].tr, state.pl[0].forests) == (-26, 0, tr, 0)
    assert state.stage == "plan" and RULES.decision_for(state, 0).options[0].id.startswith("p:")


def test_advanced_free_step_is_one_step_and_a_short_track_says_what_is_lost():
    """Rule: 進階難度 「提昇 1 點含氧量或 1 點溫度」; a novice track one step from its maximum takes only that step."""
    state = _solo_at_reshuffle("advanced")
    advance(state)
    assert str(RULES.decision_for(state, 0).option("oxygen").label) == "Oxygen +1 step(s)"
    state = RULES.apply(state, 0, "oxygen")
    assert state.oxygen == 1 and state.stage == "plan"
    state = _solo_at_reshuffle()
    state.oxygen = 13
    advance(state)
    detail = str(RULES.decision_for(state, 0).option("oxygen").detail)
    assert detail == "oxygen 13% -> 14%, no TR (only 1 step(s) left to its maximum: the rest is lost)"
    state = RULES.apply(state, 0, "oxygen")
    assert (state.oxygen, state.temperature) == (14, -30)


# -- 4. co-op ends when the cubes and markers run out, not when Mars is terraformed ------------------------
def _coop_terraformed_in_round(round_: int):
    state = fresh(2, 4, {"mode": "coop"})
    state.temperature, state.oxygen = 8, 14
    state.flipped, state.oceans = [""] * 9, []
    state.maxed_round = dict.fromkeys(("temperature", "oxygen", "ocean"), round_)
    state.round = round_
    state.cubes, state.markers = 27 - 2 * round_, 3          # two tokens taken in each round so far
    return state


def test_coop_plays_on_after_mars_is_terraformed():
    """Rule: 雙人模式 「當玩家用完所有的銅色方塊與玩家個人指示物時,遊戲結束(共進行 15 輪)」 — a team that
    completes Mars in round 12 with 70 VP is not stopped there: the round and the next ones are played,
    so it can still reach 80 VP."""
    state = _coop_terraformed_in_round(12)
    for p in state.pl:
        p.tr, p.queue = 35, []                          # 70 VP together
    state.stage, state.phase, state.phases = "phase", ACTION, [PRODUCTION]
    _end_phase(state)
    assert not state.over and RULES.outcome(state) is None
    assert state.phase == PRODUCTION                    # the rest of the round runs
    advance(state)
    assert not state.over and state.round == 13 and state.stage == "plan"


def test_coop_ends_when_the_last_cubes_and_markers_are_taken_and_scores_the_team():
    """Rule: 「當玩家用完所有的銅色方塊與玩家個人指示物時,遊戲結束 ... 如果成功將各項參數提升到適宜人類居住的數值,
    同時獲得 80 點以上的勝利點數(二位玩家分數加總),則獲得勝利」."""
    for tr, won in ((35, False), (40, True)):
        state = _coop_terraformed_in_round(15)
        state.cubes, state.markers = 0, 0
        for p in state.pl:
            p.tr, p.forests, p.played, p.queue = tr, 0, [], []
        state.stage = "limit"
        _new_round(state)
        out = RULES.outcome(state)
        assert state.over and sum(out.scores) == 2 * tr
        assert out.winners == ((0, 1) if won else ())



def test_coop_log_says_the_game_goes_on_when_mars_is_completed():
    """The partners are told why the game does not stop (once, in the phase that completes Mars)."""
    state = _coop_terraformed_in_round(12)
    state.phase_params = {"temperature": 8, "oxygen": 13, "ocean": 9}
    state.stage, state.phase, state.phases = "phase", ACTION, [PRODUCTION]
    seen = len(state.log)
    _end_phase(state)
    told = [str(line.text) for line in state.log[seen:] if "goes on" in str(line.text)]
    assert told == ["Mars is terraformed! Co-op goes on until the cubes and markers run out (goal: 80 VP together)."]
    seen = len(state.log)
    _end_phase(state)                         # the Production phase: Mars was complete when it began
    assert state.stage == "limit" and not [line for line in state.log[seen:] if "goes on" in str(line.text)]


# -- 5. a played red card stays in play: its tags keep counting ------------------------------------------
CRATER, VENTURE_CAPITALISM, CARTEL, WATER_IMPORT = 75, 203, 123, 63
BRIBED_COMMITTEE, COLONIZER_CAMP, RESEARCH_EVENT = 69, 72, 96


def test_played_events_count_for_tag_requirements():
    """Rule: 「所有的卡片上都有「標籤」,與其他卡片交互作用可以帶來額外效益或是勝利點數」 and README
    "every red card has the event tag" — Crater needs 3 event tags, which only played red cards can give."""
    state = bare(1)
    put_in_play(state, 0, BRIBED_COMMITTEE, COLONIZER_CAMP)
    give(state, 0, CRATER)
    ok, why = playable(state, 0, CRATER)
    assert (ok, str(why)) == (False, "needs 3 event tags (you have 2)")
    put_in_play(state, 0, RESEARCH_EVENT)
    assert playable(state, 0, CRATER) == (True, "")
    state = phase(state, BUILD)
    state = act(state, 0, f"c:{CRATER}")
    assert CRATER in state.pl[0].played and len(state.flipped) == 1


def test_played_events_count_for_per_tag_production_and_vp():
    """Rule: 「標籤本身沒有任何作用,但會與其他卡片交互作用產生各種效應」 and 「獲得每張已打出的計畫卡上的
    勝利點數」 — red cards stay among the played cards (their VP count at the end), and so do their tags."""
    state = bare(1)
    put_in_play(state, 0, BRIBED_COMMITTEE, RESEARCH_EVENT)
    _, change = play_card(state, VENTURE_CAPITALISM)              # MC production +1 per event tag
    assert change["prod.mc"] == 2
    state = bare(1)
    put_in_play(state, 0, BRIBED_COMMITTEE)
    _, change = play_card(state, CARTEL)                          # +1 per earth tag, its own included
    assert change["prod.mc"] == 2
    state = bare(1)
    put_in_play(state, 0, WATER_IMPORT, COLONIZER_CAMP)           # 1 VP per jovian tag
    vp = breakdown(state.pl[0])["cards"]
    assert vp == 2 + 2                          # the Camp's own 2 VP + 2 jovian tags (Water Import's, the Camp's)
