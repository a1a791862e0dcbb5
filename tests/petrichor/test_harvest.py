"""Harvest (階段三:收穫階段), cleanup (階段四) and final scoring (四、遊戲結束)."""

from games.petrichor.board import harvest

from .helpers import RULES, at_weather, blank, fresh, log_text, set_tile, settle


def _harvest(s):
    harvest(s)
    return s


def test_potato_two_tied_for_first_share_second_place():
    """Rule: 計算分數 — 二位玩家並列第一,則二位玩家共同獲得「第二名」的勝利點數,其餘玩家獲得第三名及第四名;馬鈴薯 3 / 7 / 3 / 2。"""
    s = blank(fresh(4))
    set_tile(s, 0, "potato", drops=[3, 3, 1, 0], stage=2)
    _harvest(s)
    assert s.score == [7, 7, 3, 0]  # seat 3 had no drops: no score


def test_three_tied_share_third_place_hay():
    """Rule: 計算分數 — 如果有三位玩家並列第一,則三位玩家共同獲得「第三名」的勝利點數,第四位玩家獲得第四名;牧草 4 / 3 / 2 / 1。"""
    s = blank(fresh(4))
    set_tile(s, 0, "hay", drops=[2, 2, 2, 1], stage=2)
    _harvest(s)
    assert s.score == [2, 2, 2, 1]


def test_cotton_table():
    """Rule: 棉花 5 / 1 / 0 / 0。"""
    s = blank(fresh(3))
    set_tile(s, 0, "cotton", drops=[3, 2, 1], stage=2)
    _harvest(s)
    assert s.score == [5, 1, 0]


def test_wheat_top_gets_two_and_token_others_three():
    """Rule: 小麥 — 灌溉貢獻度最高的玩家獲得 2 點勝利點數及 1 份小麥,其餘玩家不論排名均獲得 3 點。"""
    s = blank(fresh(3))
    set_tile(s, 0, "wheat", drops=[3, 1, 1], stage=2)
    set_tile(s, 1, "wheat", drops=[2, 2, 0], stage=2)  # tie for top: both count as 2nd place
    _harvest(s)
    assert s.score == [2 + 3, 3 + 3, 3]
    assert s.wheat == [1, 0, 0]


def test_corn_by_number_of_contributors():
    """Rule: 玉米 — 灌溉玉米的玩家人數為 1 / 2 / 3 / 4 人時,所有參與灌溉的玩家共同獲得 12 / 8 / 5 / 3 分。"""
    s = blank(fresh(4))
    set_tile(s, 0, "corn", drops=[4, 1, 1, 0], stage=2)
    set_tile(s, 1, "corn", drops=[0, 5, 0, 0], stage=2)
    _harvest(s)
    assert s.score == [5, 5 + 12, 5, 0]


def test_coffee_two_stages():
    """Rule: 咖啡 — 發芽階段 5 / 3 / 2 / 1,生長階段 10 / 5 / 2 / 1。"""
    s = blank(fresh(3))
    set_tile(s, 0, "coffee", drops=[3, 1, 0], stage=1)
    set_tile(s, 1, "coffee", drops=[1, 3, 0], stage=2)
    _harvest(s)
    assert s.score == [5 + 5, 3 + 10, 0]


def test_rice_sprouted_zero_grown_per_drop():
    """Rule: 稻米 — 發芽階段為 0 分,生長階段依照玩家灌溉水氣的數量得分 (designed: 1 per drop)."""
    s = blank(fresh(2))
    set_tile(s, 0, "rice", drops=[3, 2], stage=1)
    _harvest(s)
    assert s.score == [0, 0]
    s = blank(fresh(2))
    set_tile(s, 0, "rice", drops=[3, 2], stage=2)
    _harvest(s)
    assert s.score == [3, 2]


def test_only_sprouted_crops_score_and_their_drops_return():
    """Rule: 收穫階段 — 只有已經發芽和生長的農作物可以收成;計分之後移除生長標記,並將水氣返還給玩家。"""
    s = blank(fresh(2))
    set_tile(s, 0, "hay", drops=[2, 1], stage=2)
    set_tile(s, 1, "corn", drops=[2, 1], stage=0)
    s.supply = [10, 10]
    _harvest(s)
    assert s.score == [4, 3]
    assert s.tiles[0].drops == [0, 0] and s.tiles[0].stage == 0
    assert s.tiles[1].drops == [2, 1]
    assert s.supply == [12, 11]


def test_harvest_when_all_dice_show_wheat_then_reroll_all():
    """Rule: 收穫階段 — 所有的收穫骰都推進到麥子面進入收穫;整理階段 — 剛結束收穫階段則重擲所有的收穫骰。"""
    s = blank(fresh(2))
    s.dice = [0, 0, 0]
    set_tile(s, 0, "hay", drops=[3, 0], stage=2)
    s = settle(at_weather(s, ""))
    assert s.score[0] == 4 and s.round == 2
    assert "Re-rolling all harvest dice" in log_text(s)


def test_no_harvest_rerolls_only_dice_not_on_wheat():
    """Rule: 整理階段 2 — 如果未進行收穫階段,則只重擲「未」推進至麥子面的收穫骰。"""
    s = blank(fresh(2))
    s.dice = [0, 3, 0]
    set_tile(s, 0, "hay", drops=[3, 0], stage=2)
    s = settle(at_weather(s, ""))
    assert s.score[0] == 0 and s.round == 2
    assert s.dice[0] == 0 and s.dice[2] == 0
    assert "not on wheat" in log_text(s)


def test_last_round_harvests_and_final_scoring_adds_track_and_wheat_bonus():
    """Rule: 遊戲結束 — 加總勝利點數,以及玩家在投票勝利軌、其他加分條件的得分;小麥最多的玩家額外獲得 12 點 (track points designed)."""
    s = blank(fresh(3))
    s.round = s.rounds
    s.score = [10, 10, 10]
    s.track = [3, 1, 0]
    s.wheat = [2, 2, 1]
    set_tile(s, 0, "hay", drops=[0, 0, 1], stage=2)
    s = settle(at_weather(s, ""))
    out = RULES.outcome(s)
    # hay 4 for seat 2; track 7/2/0; wheat bonus 12 split 6/6
    assert out.scores == (10 + 7 + 6, 10 + 2 + 6, 14)
    assert out.winners == (0,)
    assert RULES.pending(s) == []
