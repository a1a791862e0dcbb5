"""Sectors, fleets, invasions, abandonment, Skirmishes (article 星系 / 艦隊移動 / 廢棄星系 / 突擊)."""

from games.voidfall import RULES, fleets
from games.voidfall.board import abandon, adjacent, controller, recall, sector
from games.voidfall.combat import Side, resolve
from games.voidfall.evaluation import skirmish, skirmish_strength
from games.voidfall.focus import cleanup
from tests.support.english import english

from .helpers import clear_map, decision, fresh, ids, own, pick, pick_label, resolve_all, run


def test_voidstorms_break_adjacency():
    """擁有相臨邊的星系板塊視作相鄰星系,但虛空風暴指示物會破壞這種相鄰關係."""
    state = fresh(2)
    assert "1,-1" not in adjacent(state, "0,-1")
    assert "0,0" in adjacent(state, "0,-1")


def test_control_home_void_and_neutral():
    """家園星系永遠被該玩家控制;有虛空造物艦隊的星系被虛空造物控制;沒有任何艦隊但有星系防禦的星系既不被
    虛空造物控制,也不被玩家控制."""
    state = fresh(2)
    home = next(s for s in state.sectors if s.home_of == 0)
    fleets.clear(home)
    assert controller(home) == 0
    assert controller(sector(state, "0,0")) == "void"
    assert controller(sector(state, "-1,0")) is None


def test_recalling_the_last_cube_abandons_the_sector_to_the_voidborn():
    """召回的是艦隊指示物上最後的艦隊力量方塊...該玩家移除一個榮耀指示物,並將該星系廢棄; 虛空造物會佔領該星系,
    移除所有設施,將腐壞標記物放置在人口骰下方,...放置兩個虛空艦隊力量方塊,之後將賞金指示物放置在星系板塊上."""
    state = clear_map(fresh(2))
    s = own(state, 0, "-1,-1", {"corvette": 1}, pop=2, installs=["sd"], guilds=["fa"])
    state.houses[0].glory = [2]
    recall(state, 0, s, "corvette")
    assert controller(s) == "void" and s.void == 2 and s.corrupted and s.bounty == 1
    assert s.installs == [] and s.guilds == ["fa"] and state.houses[0].glory == []


def _invasion_state():
    state = clear_map(fresh(2))
    h = state.houses[0]
    h.techs["shields"] = "basic"
    own(state, 0, "0,-1", {"corvette": 5}, pop=3)
    t = sector(state, "0,0")
    t.void, t.installs, t.glory = 3, ["sd"], [3]
    h.glory = [2]
    return state


def test_invasion_preview_is_the_exact_result_and_gains_follow():
    """入侵...將任意數量的目標星系所有相鄰星系中的部分或全部艦隊移動至目標星系,之後進入戰鬥,最後根據勝利情況結算收益;
    如果戰鬥星系為虛空造物星系,玩家獲得其上的所有榮耀指示物,之後獲得等同於所有榮耀指示物加和的影響力."""
    state = _invasion_state()
    before = state.houses[0].influence
    state = run(state, 0, [{"do": "invade"}])
    state = pick(state, "e0")
    state = pick_label(state, "The Maw")
    for _ in range(4):
        state = pick(state, next(o.id for o in decision(state).options if o.id.endswith(":corvette")))
    expected = resolve(Side(cubes={"corvette": 4}, techs=dict(state.houses[0].techs)), Side(cubes={"void": 3}, defences=1))
    go = next(o for o in decision(state).options if o.id == "go")
    assert str(go.detail) == str(expected.summary())[:100] and english(go.label) == "Invade: you win"
    state = pick(state, "go")
    t = sector(state, "0,0")
    assert controller(t) == 0 and t.fleet == {"corvette": 2}
    assert sorted(state.houses[0].glory) == [2, 3]
    assert state.houses[0].influence >= before + 5


def test_invading_another_house_scores_its_glory_and_costs_it_a_token():
    """如果戰鬥星系為其他玩家星系,玩家獲得等同於那名玩家所有榮耀指示物加和的影響力,之後那名玩家移除一個榮耀指示物."""
    state = clear_map(fresh(2, houses=("belitan", "dunlork")))
    state.houses[1].techs = {}
    own(state, 0, "0,-1", {"corvette": 5}, pop=3)
    own(state, 1, "0,0", {"corvette": 1})
    state.houses[1].glory = [2, 3]
    before = state.houses[0].influence
    state = run(state, 0, [{"do": "invade"}])
    state = pick(state, "e0")
    state = pick_label(state, "The Maw")
    for _ in range(3):
        state = pick(state, next(o.id for o in decision(state).options if o.id.endswith(":corvette")))
    state = pick(state, "go")
    assert controller(sector(state, "0,0")) == 0
    assert state.houses[1].glory == [3]
    assert state.houses[0].influence - before >= 5


def test_regroup_moves_up_to_five_cubes_never_the_last_of_a_sector():
    """重整時可以移動五個艦隊力量方塊...不能通過這個方式將非家園星系中最後的艦隊力量進行移動並廢棄該星系."""
    state = clear_map(fresh(2))
    own(state, 0, "0,-1", {"corvette": 1})
    own(state, 0, "-1,-1", {"corvette": 3})
    state = run(state, 0, [{"do": "regroup"}])
    state = pick(state, "e0")
    opts = ids(state)
    assert not any(o.startswith("r:0,-1:") for o in opts)
    assert "r:-1,-1:corvette:0,-1" in opts


def test_cleanup_keeps_two_fleet_markers_per_sector_and_four_glory_tokens():
    """有三個或更多艦隊指示物的星系,通過召回艦隊力量方塊將其降低至二。如果擁有超過四個榮耀指示物,棄至四個."""
    state = clear_map(fresh(2))
    s = own(state, 0, "-1,-1", {"corvette": 4, "destroyer": 1})  # 2 corvette markers + 1 destroyer marker
    state.houses[0].glory = [1, 2, 3, 4, 5]
    cleanup(state, 0, {})
    assert sum(s.fleet.values()) == 4
    assert sorted(state.houses[0].glory) == [2, 3, 4, 5]


def test_skirmish_strength_is_house_mat_corruption_plus_one_from_cycle_two():
    """虛空造物艦隊力量方塊...擁有玩家面板上腐壞標記物數量...循環二/循環三加一."""
    state = fresh(2)
    h = state.houses[0]
    h.track_corrupt["soc"] = True
    h.agenda_corrupt[1] = True
    assert skirmish_strength(state, 0) == 2
    state.cycle = 2
    assert skirmish_strength(state, 0) == 3


def test_a_lost_skirmish_strips_guilds_and_the_voidborn_take_the_sector():
    """進攻方為虛空造物時...玩家需要移除一個榮耀指示物,移除所有公會,之後移除剩餘的虛空造物艦隊,最後結算廢棄星系並被虛空造物佔領."""
    state = clear_map(fresh(2))
    s = own(state, 0, "-1,-1", {"corvette": 1}, guilds=["fa", "mi"], pop=2)
    sector(state, "-1,0").void = 1
    h = state.houses[0]
    h.track_corrupt.update(soc=True, sta=True, eco=True)
    h.glory = [2, 4]
    skirmish(state, 0)
    assert controller(s) == "void" and s.guilds == [] and s.void == 2
    assert h.glory == [4]


def test_cleanup_trim_is_the_players_choice():
    """清理步驟:有三個或更多艦隊指示物的星系,通過召回艦隊力量方塊將其降低至二 (the player picks the cubes)."""
    from .helpers import decision, pick

    state = clear_map(fresh(2))
    seat = decision(state).seat
    h = state.houses[seat]
    h.res = {r: 9 for r in "FEMCS"}
    h.techs.update(destroyers="basic", sentries="basic")
    s = own(state, seat, "-1,-1" if seat == 0 else "1,1", {"corvette": 1, "destroyer": 1, "sentry": 1})
    state = pick(state, "c:production")
    state = pick(state, "end")
    opts = ids(state)
    assert f"k:{s.key}:sentry" in opts and f"k:{s.key}:corvette" in opts
    state = pick(state, f"k:{s.key}:sentry")
    assert sector(state, s.key).fleet == {"corvette": 1, "destroyer": 1}
