"""Cleanup, Evaluation and Event frames as task chains (article 清理步驟 / 評估階段 / 星系事件)."""

from games.voidfall import RULES
from games.voidfall.data import EVENTS
from games.voidfall.state import Task
from tests.support.english import english

from .helpers import clear_map, decision, fresh, ids, own, pick


def _to_place(state, agenda, slot_types):
    seat = decision(state).seat
    h = state.houses[seat]
    h.agenda_hand = [agenda]
    h.agendas = list(slot_types)
    h.res = {r: 9 for r in "FEMCS"}
    h.trade = 0
    state = pick(state, "c:politics")
    state = pick(state, f"a:{agenda}")
    state = pick(state, "end")
    return state, seat


def test_agenda_placed_at_cleanup_never_two_of_a_type():
    """清理步驟...將該議程卡牌放置在家族面板上的一個空閒的非起始議程卡牌槽位,如果玩家已經有同一類型的議程卡牌,
    則不可執行該行動;...移除一個非起始議程卡牌...將該議程卡牌放置在該非起始議程卡牌槽位."""
    state = fresh(2)
    state, seat = _to_place(state, "D2", ["D1", "", ""])
    opts = ids(state)
    assert "s:1" not in opts and "r:0" in opts and "hand" in opts
    state = pick(state, "r:0")
    assert state.houses[seat].agendas[0] == "D2" and "D1" in state.agenda_decks["D"]


def test_upkeep_shortfall_costs_three_influence_each():
    """當你不能支付時每個缺少的資源-3點影響力."""
    state = fresh(2)
    h = state.houses[0]
    h.agendas = ["D1", "M1", ""]
    h.agenda_trade = [False] * 3
    h.res = {r: 0 for r in "FEMCS"}
    h.influence = 20
    state.tasks.append(Task("upkeep", 0, {}))
    RULES.advance(state)
    d = decision(state)
    assert all("unpaid" in english(o.detail) for o in d.options)
    from games.voidfall.economy import upkeep_due

    due = upkeep_due(state, 0)
    state = pick(state, d.options[0].id)
    assert state.houses[0].influence == 20 - 3 * due


def test_galactic_objectives_choose_a_or_b():
    """紅色/表示只能執行一個 (objective A or B)."""
    state = fresh(2)
    state.event = "1D"
    state.tasks.append(Task("galactic", 0, {}))
    RULES.advance(state)
    assert ids(state) == ["a", "b"]


def test_solid_frame_with_no_target_is_skipped_entirely():
    """如果生效目標是一個星系,那麼玩家必須要找到一個合理星系來結算所有針對該星系的效果,如果沒有合理目標則完全忽略這一內容."""
    state = clear_map(fresh(2))
    for s in state.sectors:
        s.void = 0
    state.event = "1J"  # M each: 1 Voidborn cube on an adjacent Voidborn sector
    state.tasks.append(Task("frames", -1, {"i": 0}))
    seq = state.seq
    RULES.advance(state)
    assert any("nothing to resolve" in str(line.text) for line in state.log)
    assert state.tasks[-1].kind == "turn" and state.seq == seq


def test_permanent_frames_last_the_cycle():
    """該循環的持續性效果."""
    state = fresh(2)
    state.event = "3I"
    state.perms = []
    state.tasks.append(Task("frames", -1, {"i": 0}))
    RULES.advance(state)
    while state.tasks[-1].kind != "turn":
        d = decision(state)
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    assert "preferred_fixed" in state.perms
    from games.voidfall.actions import action_cost

    assert action_cost(state, {"E": 2, "recall": 1}, preferred=True) == {"recall": 1, "C": 1}


def test_delayed_frame_after_each_first_turn():
    """將在每個玩家首個回合結束後生效 (3G: a Skirmish with +1 Voidborn cube)."""
    assert any(f["scope"] == "delayed" for f in EVENTS["3G"]["frames"])
    state = fresh(2)
    state.event = "3G"
    cycle = next(t for t in state.tasks if t.kind == "cycle")
    cycle.data.update(phase="focus", r=0, t=0)
    state.tasks = [cycle]
    RULES.advance(state)
    kinds = [t.kind for t in state.tasks]
    assert kinds[-2:] == ["frame", "turn"]


def test_trade_flip_for_a_third_action():
    """翻面一個貿易指示物,並將其放置在你打出的焦點卡牌上...執行三個不同的行動."""
    state = fresh(2)
    seat = decision(state).seat
    h = state.houses[seat]
    h.trade, h.agendas[0] = 1, "D1"
    h.res = {r: 9 for r in "FEMCS"}
    state = pick(state, "c:production")
    state = pick(state, "flip")
    assert "of 3" in english(decision(state).prompt)


def test_straight_to_hell_deploy_tax_or_one_corruption():
    """1H: whenever you deploy, gain 1 Corruption (once per Focus) or pay 1 Materials per cube."""
    from .helpers import run

    state = fresh(2)
    seat = decision(state).seat
    state.perms = ["deploy_tax"]
    h = state.houses[seat]
    h.res["M"], h.res["C"], h.active = 0, 0, 3
    state = run(state, seat, [{"do": "deploy_home", "n": 2}])
    state = pick(state, "e0")
    opts = ids(state)
    assert opts and all(o.endswith(":c") for o in opts if o != "stop")
    state = pick(state, opts[0])
    for _ in range(2):  # the Corruption: the group, then where it goes
        state = pick(state, ids(state)[0])
    opts = ids(state)
    assert any(not o.endswith(":c") and o.startswith("d:") for o in opts)  # the rest of the turn is tax-free


def _frames(state, ev):
    state.event = ev
    state.perms = []
    state.tasks.append(Task("frames", -1, {"i": 0}))
    RULES.advance(state)
    return state


def test_internal_disruption_raises_then_corrupts_a_pure_sector():
    """2G: +1 Population in one of your Pure sectors (not Home), then Corrupt it."""
    state = clear_map(fresh(2))
    s = own(state, 0, "-1,-1", pop=2)
    state = _frames(state, "2G")
    while state.tasks[-1].kind != "turn":
        d = decision(state)
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    from games.voidfall.board import sector

    t = sector(state, "-1,-1")
    assert t.pop == 3 and t.corrupted and "skirmish_shield" in state.perms


def test_knowledge_is_power_corrupts_only_houses_with_improved_techs():
    """3C: a player with at least 1 Improved Tech gains 1 Corruption on a track if possible."""
    state = clear_map(fresh(2))
    for h in state.houses:
        h.techs = {k: "basic" for k in h.techs}
    state.houses[1].techs["shields"] = "improved"
    state = _frames(state, "3C")
    while state.tasks[-1].kind != "turn":
        d = decision(state)
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    assert not any(state.houses[0].track_corrupt.values())
    assert any(state.houses[1].track_corrupt.values())


def test_agenda_action_matches_its_type():
    """在任意行動前後執行議程行動 (Might: activate 1 cube)."""
    state = fresh(2)
    seat = decision(state).seat
    h = state.houses[seat]
    h.agenda_hand, h.trade = ["M1"], 0
    h.inactive, h.active = 3, 0
    state = pick(state, "c:conquest")
    state = pick(state, "a:M1")
    state = pick(state, "agenda")
    state = pick(state, "e0")
    assert state.houses[seat].active == 1
