"""Scenario tests for the concept paragraphs of the article (遊戲概念)."""

from games.voidfall import RULES
from games.voidfall.board import sector
from games.voidfall.corruption import free_places
from games.voidfall.effects import possible
from games.voidfall.tokens import return_trade, take_trade
from games.voidfall.tracks import can_advance, improved_allowance, move_marker, tech_choices
from tests.support.english import english

from .helpers import clear_map, decision, fresh, ids, own, pick, resolve_all, run


def test_trade_token_is_the_lowest_on_the_board_with_a_bonus_at_or_below_it():
    """拿取星系面板上最下方的一個貿易指示物,玩家可以獲得該貿易指示物右側及其下方所示的一個貿易獎勵."""
    state = fresh(2)
    state.trade_board = [1, 1, 0, 0, 0, 0]
    state.houses[0].techs = {}
    take_trade(state, 0)
    assert state.trade_board == [1, 0, 0, 0, 0, 0] and state.houses[0].trade >= 1
    group = state.tasks[-1]
    assert group.kind == "group" and group.data["join"] == "or"
    assert len(group.data["effects"]) == 6  # slot 2 bonus and the four below it (one slot has two)


def test_trade_tokens_return_by_player_count():
    """單人/二人時將其放置在星系面板最上方的空格,三人/四人時將其放置在星系面板最下方的已有一個貿易指示物格."""
    two = fresh(2)
    two.trade_board = [1, 1, 0, 0, 0, 0]
    return_trade(two)
    assert two.trade_board == [1, 1, 1, 0, 0, 0]
    three = fresh(3)
    three.trade_board = [1, 1, 0, 0, 0, 0]
    return_trade(three)
    assert three.trade_board == [1, 2, 0, 0, 0, 0]


def test_no_trade_token_when_the_board_is_empty():
    """當星系面板上沒有貿易指示物時不可獲得貿易指示物."""
    state = fresh(2)
    state.trade_board = [0] * 6
    assert not possible(state, 0, {"do": "trade"}, {})


def test_corruption_one_per_place_and_none_when_every_place_is_taken():
    """除去科技卡牌外其他放置方式每個位置只能放置一個,如果上述位置都已經被放置,則玩家不能獲得腐壞標記物."""
    state = clear_map(fresh(2))
    h = state.houses[0]
    for t in h.track_corrupt:
        h.track_corrupt[t] = True
    h.agenda_corrupt = [True] * 3
    for s in state.sectors:
        if s.owner == 0 and s.home_of < 0:
            s.corrupted = True
    assert free_places(state, 0) == []
    h.techs["decontamination_chambers"] = "basic"
    assert free_places(state, 0) == ["decon"]


def test_corrupted_population_cannot_change_and_pure_stops_at_six():
    """腐壞星系的人口不能被改變,當純淨人口為六時不可提升."""
    state = clear_map(fresh(2))
    a = own(state, 0, "-1,-1", pop=3, corrupted=True)
    b = own(state, 0, "1,-2", pop=6)
    home = next(s for s in state.sectors if s.home_of == 0)
    home.pop = 6
    assert not possible(state, 0, {"do": "pop_up"}, {})
    a.corrupted = False
    state = resolve_all(state, 0, [{"do": "pop_up"}])
    assert sector(state, "-1,-1").pop == 4 and sector(state, "1,-2").pop == 6


def test_guilds_fill_from_the_left_and_need_a_free_slot():
    """將對應設施或公會放置在自己控制的星系上的對應類型槽位最左側槽位,如果沒有這樣的槽位那麼你就不能執行對應行動."""
    state = clear_map(fresh(2))
    for s in state.sectors:
        if s.owner == 0:
            s.guilds = ["fa"] * 3 if s.home_of < 0 else ["fa", "fa"]
    assert not possible(state, 0, {"do": "guild"}, {})
    own(state, 0, "-1,-1", pop=2, guilds=["mi"])
    state = resolve_all(state, 0, [{"do": "guild", "kind": "sc"}])
    assert sector(state, "-1,-1").guilds == ["mi", "sc"]


def test_track_levels_cost_cubes_and_level_four_is_the_end():
    """當進入三級/四級時,玩家需要停用一個/兩個艦隊力量方塊...當玩家進入四級後,不能再推進對應文明軌道."""
    state = fresh(2)
    h = state.houses[0]
    h.tracks["soc"] = 5
    h.active, h.inactive = 3, 0
    move_marker(state, 0, "soc", reward=False)
    assert h.tracks["soc"] == 6 and h.inactive == 1
    move_marker(state, 0, "soc", reward=False)
    assert h.tracks["soc"] == 7 and h.inactive == 3
    assert not can_advance(state, 0, "soc")


def test_corrupted_track_advances_without_reward():
    """腐壞軌道依舊可以推進,但不會獲得移動終點的獎勵."""
    state = fresh(2, houses=("belitan", "cortozaar"))
    h = state.houses[0]
    h.tracks["soc"], h.track_corrupt["soc"] = 0, True
    before = dict(h.res)
    move_marker(state, 0, "soc")
    assert h.res == before  # Standard Society space 1 would give 1C + 1S


def test_improved_techs_need_track_levels_and_a_basic_in_the_offer():
    """高級卡牌的上限需要靠文明軌道等級升級解鎖(初始為零,最高為六); 必須擁有...基礎科技,且此時禁止升級板塊已被移除."""
    state = fresh(2)
    h = state.houses[0]
    h.tracks = {"soc": 0, "sta": 0, "eco": 0}
    assert improved_allowance(h) == 0 and not tech_choices(state, 0, "improved")
    h.tracks["soc"] = 5
    assert improved_allowance(h) == 2
    assert tech_choices(state, 0, "improved")  # the starting tech is beside the board


def test_at_most_five_technologies():
    """每種科技一名玩家只能擁有一張卡牌,每名玩家至多擁有五種科技."""
    state = fresh(2)
    h = state.houses[0]
    h.techs = {t: "basic" for t in state.market[:5]}
    assert not tech_choices(state, 0, "basic")


def test_glory_tokens_of_five_cannot_be_upgraded():
    """只有值為一至四的榮耀指示物可以被升級."""
    state = fresh(2)
    state.houses[0].glory = [5]
    assert not possible(state, 0, {"do": "upgrade_glory"}, {})
    state.houses[0].glory = [4, 5]
    state = resolve_all(state, 0, [{"do": "upgrade_glory"}])
    assert sorted(state.houses[0].glory) == [5, 5]


def test_agenda_offer_corruption_goes_to_the_next_taker():
    """議程卡牌牌堆也會被腐壞,會讓下一個獲得該類型議程卡牌的玩家獲得該腐壞標記物,之後該牌堆變純淨."""
    state = fresh(2)
    state.offer_corrupt["D"] = True
    state = resolve_all(state, 0, [{"do": "agenda", "type": "D"}], choose=lambda d: next(
        (o.id for o in d.options if o.id.startswith("f:")), None))
    h = state.houses[0]
    assert not state.offer_corrupt["D"] and len(h.agenda_hand) >= 1


def test_drawn_agendas_stay_hidden_from_the_other_seat():
    """抽取兩張面朝下的該種類議程卡牌,並將其中一張保留在手中,另一張放回牌堆底部."""
    state = fresh(2)
    state = run(state, 0, [{"do": "agenda", "type": "M"}])
    state = pick(state, "e0")
    state = pick(state, "d:M")
    drawn = state.tasks[-1].data["drawn"]
    assert set(drawn) <= RULES.hidden_tokens(state, 1)
    assert not set(drawn) & RULES.hidden_tokens(state, 0)


def test_looking_at_events_only_in_cycles_one_and_two():
    """只有循環一和循環二可以查看星系事件."""
    state = fresh(2)
    assert possible(state, 0, {"do": "look_events"}, {})
    state.cycle = 3
    assert not possible(state, 0, {"do": "look_events"}, {})


def test_rift_closing_gives_every_house_a_choice():
    """如果戰鬥星系為裂隙,每個玩家可以選擇移除一個腐壞標記物或獲得五個任意資源,之後將裂隙替換為基礎星系板塊,人口設置為一."""
    state = clear_map(fresh(2))
    own(state, 0, "0,-1", {"corvette": 6}, pop=3)
    rift = sector(state, "0,0")
    rift.void, rift.installs = 1, ["sd"]
    state = run(state, 0, [{"do": "invade"}])
    state = pick(state, "e0")
    state = pick(state, "t:0,0")
    for _ in range(4):
        state = pick(state, "m:0,-1:corvette")
    state = pick(state, "go")
    assert sector(state, "0,0").type == "standard"
    assert sector(state, "0,0").pop == 1
    seats = {t.seat for t in state.tasks if t.kind == "group" and english(t.data["source"]) == "Rift closed"}
    assert seats == {0, 1}


def test_rescuing_a_fallen_house_gives_a_sixth_tech_slot():
    """如果這是該玩家第一次解救隕落家族,將其翻面後放置在家族面板附近作為第六個科技槽位."""
    state = clear_map(fresh(2))
    fallen = next(s for s in state.sectors if s.fallen)
    assert fallen.key == "2,-2"  # 2 players: next to seat 0's outpost 1,-2
    own(state, 0, "1,-2", {"corvette": 5}, pop=2)
    state = run(state, 0, [{"do": "invade"}])
    state = pick(state, "e0")
    state = pick(state, f"t:{fallen.key}")
    for _ in range(4):
        state = pick(state, "m:1,-2:corvette")
    state = pick(state, "go")
    assert state.houses[0].tech_slots == 6 and state.houses[0].rescued == 1


def test_deploying_needs_an_active_cube_and_the_fleet_tech():
    """部署艦隊力量,將一個艦隊力量方塊從家族面板上的已激活區移動到地圖上...如果建造的是(護衛艦)以外的艦艇需要有對應科技;
    此時必須在已激活區有艦隊力量方塊才能執行."""
    from games.voidfall.develop import deploy_choices, fleet_kinds

    state = fresh(2)
    h = state.houses[0]
    h.techs = {}
    assert fleet_kinds(state, 0) == ["corvette"]
    h.techs["sentries"] = "basic"
    assert "sentry" in fleet_kinds(state, 0)
    home = next(s for s in state.sectors if s.home_of == 0)
    h.active = 0
    assert deploy_choices(state, 0, [home.key]) == []


def test_deactivating_without_active_cubes_recalls_one_first():
    """後者即使在已激活區沒有艦隊力量方塊,玩家也可以通過額外的召回艦隊力量來執行該行動."""
    from games.voidfall.actions import start_action
    from games.voidfall.data import FOCUS

    state = fresh(2)
    seat = decision(state).seat
    h = state.houses[seat]
    h.active = 0
    h.res = {r: 9 for r in "FEMCS"}
    start_action(state, seat, FOCUS["reinforcement"]["actions"][0], "Reinforcement")
    RULES.advance(state)
    assert all(o.startswith("c:") for o in ids(state))
    inactive = h.inactive
    state = pick(state, ids(state)[0])
    assert state.houses[seat].inactive == inactive + 1 and state.houses[seat].active == 0


def test_exploit_offers_actions_of_preferred_focus_cards_in_hand_or_discard():
    """某些效果允許你執行一個優先焦點卡牌上的行動,無論該焦點卡牌在手中還是在棄牌堆."""
    from games.voidfall.data import FOCUS, HOUSES
    from games.voidfall.tracks import preferred_actions

    state = fresh(2)
    h = state.houses[0]
    pref = HOUSES[h.house]["preferred"]
    cards = {c for c, _ in preferred_actions(state, 0)}
    assert cards and all(FOCUS[c]["slot"] in pref for c in cards)


def test_an_empty_bounty_supply_gives_one_influence():
    """某些特殊情況下供應堆指示物用完,玩家在需要獲得或者放置指示物時可以選擇獲得1點影響力(或者一點資源)."""
    from games.voidfall.tokens import draw_bounty

    state = fresh(2, houses=("belitan", "cortozaar"))
    state.bounty_bag = []
    before = state.houses[0].influence
    draw_bounty(state, 0)
    RULES.advance(state)
    state = pick(state, next(o.id for o in decision(state).options if str(o.label) == "gain 1 Influence"))
    assert state.houses[0].influence == before + 1


def test_voidborn_fleets_are_capped_at_three_cubes():
    """每個星系至多放置一個虛空艦隊指示物(三個虛空艦隊力量方塊)...不能選擇已經達到上限的星系進行放置."""
    from games.voidfall.placements import place_ok

    state = fresh(2)
    s = sector(state, "0,0")
    s.void = 3
    assert not place_ok(state, s, ["void:1"])
    s.void = 2
    assert place_ok(state, s, ["void:1"])
