"""Combat: a pure function, no randomness (article 戰鬥 / 詳細戰鬥流程, COMBAT.md)."""

from games.voidfall.combat import Side, initiative, resolve


def test_worked_example_four_corvettes_with_shields_beat_three_voidborn_and_a_defence():
    """COMBAT.md worked example: 4 Corvettes with Basic Shields vs 3 Voidborn and 1 Sector
    Defense -> the invader wins with 2 cubes. Article: 接敵階段防守方的星系防禦和星際基地會對
    進攻方造成傷害; 主動性相同,同時對對方造成傷害."""
    res = resolve(Side(cubes={"corvette": 4}, techs={"shields": "basic"}), Side(cubes={"void": 3}, defences=1))
    assert res.winner == "invader"
    assert res.invader == {"corvette": 2} and res.defender == {}
    assert res.steps == 3
    assert "Approach: defender deals 1" in str(res.lines[0])
    assert "both fire" in str(res.lines[1]) and "(1 absorbed)" in str(res.lines[1])


def test_same_inputs_same_result():
    """遊戲中的戰鬥不存在任何隨機性."""
    a = Side(cubes={"corvette": 3, "destroyer": 1}, techs={"destroyers": "basic", "torpedoes": "basic"})
    d = Side(cubes={"void": 3}, defences=1)
    assert resolve(a, d) == resolve(a, d)


def test_initiative_counts():
    """每艘護衛艦/驅逐艦/無畏艦/航空母艦獲得一點主動性;至少存在一艘無畏艦,獲得一點主動性;
    進攻方至少擁有一艘驅逐艦,獲得一點主動性;進攻方每艘哨艦獲得一點主動性;擁有基礎鎖定科技且
    至少擁有一艘護衛艦,獲得五點主動性."""
    s = Side(techs={"targeting": "basic"})
    assert initiative(s, {"corvette": 2, "dreadnought": 1}, invader=False) == 2 + 1 + 1 + 5
    assert initiative(Side(), {"destroyer": 2, "sentry": 2}, invader=True) == 2 + 1 + 2
    assert initiative(Side(), {"destroyer": 2, "sentry": 2}, invader=False) == 2


def test_lower_initiative_without_initiative_left_does_not_fire_back():
    """主動性更低的一方在承受傷害後如果主動性至少為一,則對另一方造成傷害,否則不造成傷害."""
    res = resolve(Side(cubes={"corvette": 2}), Side(cubes={"void": 1}))
    assert res.winner == "invader" and res.invader == {"corvette": 2}


def test_tie_when_both_fleets_are_destroyed():
    """當戰鬥平局,也就是雙方都不存在任何艦隊時 -> tie."""
    res = resolve(Side(cubes={"corvette": 1}), Side(cubes={"void": 1}))
    assert res.winner == "tie"


def test_defender_with_only_defences_wins_a_mutual_wipe():
    """如果防守方沒有艦隊但是有設施進行防禦,這樣即使最終雙方不存在任何艦隊,依舊是防守方勝利."""
    res = resolve(Side(cubes={"corvette": 1}), Side(cubes={}, defences=1))
    assert res.winner == "defender"


def test_fallen_house_capitulates_if_the_invader_survives_the_approach():
    """每個隕落家族控制的星系擁有兩個星系防禦,在這個階段造成傷害後如果進攻方還有任何艦隊則可以將其解救."""
    assert resolve(Side(cubes={"corvette": 3}), Side(fallen=True)).winner == "invader"
    assert resolve(Side(cubes={"corvette": 2}), Side(fallen=True)).winner == "defender"


def test_dreadnoughts_absorb_approach_damage_as_invader_and_salvo_damage_as_defender():
    """進攻方減傷來源: 每艘無畏艦獲得一點減傷 (Approach); 防守方: 每艘無畏艦獲得一點減傷 (Salvo)."""
    res = resolve(Side(cubes={"dreadnought": 1, "corvette": 1}), Side(cubes={}, defences=1))
    assert res.invader_lost == 0
    res2 = resolve(Side(cubes={"corvette": 2}), Side(cubes={"dreadnought": 1}))
    assert "(1 absorbed)" in str(res2.lines[1])


def test_improved_targeting_always_fires_first():
    """如果擁有高級鎖定科技且至少擁有一艘護衛艦,該方永遠被視作主動性更高的一方."""
    res = resolve(Side(cubes={"corvette": 1}, techs={"targeting": "improved"}), Side(cubes={"void": 3}))
    assert "invader fires first" in str(res.lines[1])


def test_carriers_launch_corvettes_before_damage():
    """接敵階段:在造成傷害之前,每艘航空母艦會部署一艘額外的護衛艦."""
    res = resolve(Side(cubes={"carrier": 1}, spare=1), Side(cubes={"void": 1}))
    assert res.launched == 1 and res.winner == "invader"


def test_torpedoes_and_destroyers_add_first_salvo_damage():
    """基礎魚雷: 第一個齊射階段獲得一點傷害; 每艘驅逐艦第一個齊射階段獲得一點傷害."""
    res = resolve(Side(cubes={"corvette": 1, "destroyer": 1}, techs={"torpedoes": "basic", "destroyers": "basic"}),
                  Side(cubes={"void": 3}))
    assert "hits 3" in str(res.lines[1])


def test_energy_cells_add_approach_damage_for_a_defender_that_dealt_some():
    """如果擁有基礎/高級儲能電池科技且通過以上任意方式造成傷害,再造成一點傷害."""
    res = resolve(Side(cubes={"corvette": 4}), Side(cubes={"corvette": 1}, techs={"energy_cells": "basic"}, defences=1))
    assert "defender deals 2" in str(res.lines[0])


def test_the_invader_may_choose_which_kind_it_loses_last():
    """受到傷害的一方可以選擇召回等同於傷害數量的艦隊力量方塊."""
    a = resolve(Side(cubes={"corvette": 2, "destroyer": 1}), Side(cubes={}, defences=1))
    b = resolve(Side(cubes={"corvette": 2, "destroyer": 1}, protect="destroyer"), Side(cubes={}, defences=1))
    assert a.invader == {"corvette": 2} and b.invader == {"corvette": 1, "destroyer": 1}
