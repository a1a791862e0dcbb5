"""Action-phase card effects (行動介紹) and the vote (投票)."""

from games.petrichor.board import cloud_at

from .helpers import add_cloud, at_turn, blank, fresh, give, go, ids, kind, log_text, set_tile


def test_frost_makes_white_cloud_with_one_drop_on_unoccupied_tile():
    """Rule: 霜寒 — 從個人供應區拿取 1 點水氣放在白雲上,接著將白雲放置在任意一塊未被其他雲朵佔領的田地上。"""
    s = at_turn(blank(fresh(3)), 0)
    add_cloud(s, 0, [1, 0, 0])
    give(s, 0, "F")
    s = go(s, 0, "play:F")
    assert kind(s) == "frost_cell"
    assert "cell:0:0" not in ids(s) and "cell:1:1" in ids(s)
    s = go(s, 0, "cell:1:1")
    cl = cloud_at(s, 4)
    assert cl.drops == [1, 0, 0] and not cl.dark
    assert s.supply[0] == 19
    assert kind(s) == "vote"


def test_frost_impossible_when_all_tiles_occupied_means_only_vote():
    """Rule: 霜寒 — 如果所有的田地都被佔領,則玩家只能執行「投票」的行動。"""
    s = at_turn(blank(fresh(2)), 0)
    for cell in range(9):
        add_cloud(s, cell, [0, 1])
    give(s, 0, "FF")
    assert "pair:F" not in ids(s)
    s = go(s, 0, "play:F")
    assert kind(s) == "vote"
    assert "only the vote" in log_text(s)
    assert set(ids(s)) >= {"vote:F", "vote:S"}


def test_frost_with_empty_supply_recovers_a_drop_from_the_field():
    """Rule: 霜寒 — 如果玩家個人供應區已經沒有水氣,玩家可以回收 1 點落在田地上的水氣,放置到白雲上。"""
    s = at_turn(blank(fresh(2)), 0)
    s.supply[0] = 0
    set_tile(s, 2, "hay", drops=[2, 0])
    give(s, 0, "F")
    s = go(s, 0, "play:F")
    assert kind(s) == "recover" and ids(s) == ["cell:0:2"]
    s = go(s, 0, "cell:0:2")
    assert kind(s) == "frost_cell"
    s = go(s, 0, "cell:2:2")
    assert s.tiles[2].drops == [1, 0] and cloud_at(s, 8).drops == [1, 0] and s.supply[0] == 0


def test_sun_adds_exactly_two_drops_and_cloud_turns_dark_at_four():
    """Rule: 日照 — 從個人供應區拿取 2 點水氣,放在一朵已經有自己水氣的雲朵上; 白雲蘊含 4 個以上的水氣時轉變成烏雲。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 0, [1, 1])
    add_cloud(s, 1, [0, 3])
    give(s, 0, "S")
    s = go(s, 0, "play:S")
    assert ids(s) == ["cloud:1"]  # only the cloud holding my drops
    s = go(s, 0, "cloud:1")
    cl = cloud_at(s, 0)
    assert cl.drops == [3, 1] and cl.dark and s.supply[0] == 18


def test_sun_impossible_without_own_cloud_or_two_drops():
    """Rule: 日照 — 如果沒有任何雲朵含有玩家的水氣 ... 一定要正好 2 點水滴,否則玩家只能執行「投票」的行動。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 0, [1, 0])
    s.supply[0] = 1  # 1 in supply and nothing on the field: cannot make exactly 2
    give(s, 0, "SS")
    assert "pair:S" not in ids(s)
    s = go(s, 0, "play:S")
    assert kind(s) == "vote"
    assert cloud_at(s, 0).drops == [1, 0]


def test_sun_with_short_supply_recovers_from_field():
    """Rule: 日照 — 如果玩家個人供應區已經沒有水氣,玩家可以回收 2 點落在田地上的水氣。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 0, [1, 0])
    s.supply[0] = 0
    set_tile(s, 4, "hay", drops=[1, 0])
    set_tile(s, 5, "hay", drops=[1, 0])
    give(s, 0, "S")
    s = go(s, 0, "play:S")
    s = go(s, 0, "cell:1:1")
    s = go(s, 0, "cell:1:2")
    s = go(s, 0, "cloud:1")
    assert cloud_at(s, 0).drops == [3, 0] and s.supply[0] == 0


def test_dark_cloud_bursts_at_eight_and_crop_sprouts():
    """Rule: 過載 — 當烏雲蘊含 8 個以上的水氣時便會過載,釋放所有的水氣到所在位置的田地上;雲朵移除。 / 生長農作物 — 達到發芽需求時放置生長標記。"""
    s = at_turn(blank(fresh(2)), 0)
    set_tile(s, 0, "corn")
    add_cloud(s, 0, [3, 3], dark=True)
    give(s, 0, "S")
    s = go(s, 0, "play:S")
    s = go(s, 0, "cloud:1")
    assert cloud_at(s, 0) is None
    assert s.tiles[0].drops == [5, 3] and s.tiles[0].stage == 2
    assert "bursts" in log_text(s)


def test_wind_moves_own_cloud_orthogonally_and_merges_white_into_dark():
    """Rule: 刮風 — 將一朵含有自己水氣的雲朵,移動到直角相交的鄰地; 白雲與烏雲相遇融合成一朵烏雲。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 4, [1, 0])
    add_cloud(s, 1, [0, 4], dark=True)
    give(s, 0, "W")
    s = go(s, 0, "play:W")
    s = go(s, 0, "cloud:1")
    assert kind(s) == "wind_dir"
    assert sorted(ids(s)) == ["cell:0:1", "cell:1:0", "cell:1:2", "cell:2:1"]
    s = go(s, 0, "cell:0:1")
    assert len(s.clouds) == 1
    cl = cloud_at(s, 1)
    assert cl.drops == [1, 4] and cl.dark


def test_two_white_clouds_merging_turn_dark_at_four():
    """Rule: 雲朵 — 二朵雲朵被吹到同一個版塊會融合成一朵;蘊含 4 個以上的水氣轉變成烏雲。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 4, [2, 0])
    add_cloud(s, 5, [0, 2])
    give(s, 0, "W")
    s = go(s, 0, "play:W")
    s = go(s, 0, "cloud:1")
    s = go(s, 0, "cell:1:2")
    assert len(s.clouds) == 1 and s.clouds[0].dark and s.clouds[0].drops == [2, 2]


def test_rain_from_up_to_two_clouds_any_colour_and_empty_cloud_removed():
    """Rule: 落雨 — 最多可以選擇 2 朵含有自己水滴的雲朵,將雲朵裡的 1 點水氣(可以是其他玩家的水氣)降落;降雨之後雲朵裡沒有水氣則移除。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 0, [1, 2])
    add_cloud(s, 1, [1, 0])
    add_cloud(s, 2, [0, 3])
    give(s, 0, "R")
    s = go(s, 0, "play:R")
    assert sorted(ids(s)) == ["cloud:1", "cloud:2"]
    s = go(s, 0, "cloud:1")
    assert sorted(ids(s)) == ["col:0", "col:1"]
    s = go(s, 0, "col:1")
    assert s.tiles[0].drops == [0, 1]
    assert ids(s) == ["cloud:2", "done"]
    s = go(s, 0, "cloud:2")
    assert cloud_at(s, 1) is None and s.tiles[1].drops == [1, 0]
    assert kind(s) == "vote"


def test_pair_of_any_two_cards_as_a_third_weather():
    """Rule: 出牌 — 玩家也可以打出任意 2 張手牌,執行另外一張卡片的效果,例如日照 + 霜寒,並執行落雨的卡片效果。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 0, [2, 0])
    cards = give(s, 0, "SFW")
    s = go(s, 0, "pair:R")
    assert kind(s) == "cards"
    s = go(s, 0, cards[:2])
    assert s.hands[0] == [cards[2]]
    assert kind(s) == "rain_cloud"
    s = go(s, 0, "cloud:1")  # the only cloud of mine: the second rain is skipped
    # vote may use either played card: Sun/Wind (from Sun) and Frost/Sun (from Frost)
    assert set(ids(s)) >= {"vote:F", "vote:S", "vote:W"} and "vote:R" not in ids(s)


def test_vote_shown_weather_or_next_or_advance_die():
    """Rule: 投票 — 選項 a 手牌所顯示的氣候;選項 b 下一種氣候(霜寒->日照->刮風->落雨->霜寒);選項 c 推進收穫骰。"""
    s = at_turn(blank(fresh(2)), 0)
    s.dice = [3, 1, 0]
    give(s, 0, "RR")
    s = go(s, 0, "play:R")  # no cloud: vote only
    assert sorted(ids(s)) == ["die:0", "die:1", "vote:F", "vote:R"]
    s = go(s, 0, "vote:F")
    assert s.votes["F"][0] == 1 and s.markers[0] == 11


def test_advancing_harvest_die_scores_one_or_two_at_wheat():
    """Rule: 投票 選項 c — 減少骰面上的 1 點數字並獲得 1 點;由 1 轉變為麥子獲得 2 點;麥子面無法再被推進。"""
    s = at_turn(blank(fresh(2)), 0)
    s.dice = [3, 1, 0]
    give(s, 0, "RRR")
    s = go(s, 0, "play:R")
    s = go(s, 0, "die:0")
    assert s.dice[0] == 2 and s.score[0] == 1
    s = go(s, 0, "end") if kind(s) == "double" else s
    s = at_turn(s, 0)
    s = go(s, 0, "play:R")
    assert "die:2" not in ids(s)
    s = go(s, 0, "die:1")
    assert s.dice[1] == 0 and s.score[0] == 3


def test_double_play_two_identical_cards_then_second_vote():
    """Rule: 出牌 2 — 如果沒有任何玩家選擇 Pass,玩家可以再打出 2 張相同的手牌,執行 1 次卡片效果並投票。"""
    s = at_turn(blank(fresh(2)), 0)
    give(s, 0, "FFFSW")
    s = go(s, 0, "play:F")
    s = go(s, 0, "cell:0:0")
    s = go(s, 0, "vote:F")
    assert kind(s) == "double"
    assert "double:F" in ids(s) and "quad:R" in ids(s) and "end" in ids(s)
    s = go(s, 0, "double:F")
    s = go(s, 0, "cell:0:1")
    s = go(s, 0, "vote:S")
    assert len(s.clouds) == 2 and len(s.hands[0]) == 2
    assert s.votes["F"][0] == 1 and s.votes["S"][0] == 1
    assert kind(s) == "turn" and s.steps[0].seat == 1


def test_double_play_any_four_cards_as_one_weather():
    """Rule: 出牌 2 — 玩家也可以打出任意 4 張卡片,執行另外一張卡片的效果。"""
    s = at_turn(blank(fresh(2)), 0)
    cards = give(s, 0, "FFWRRS")
    s = go(s, 0, "play:F")
    s = go(s, 0, "cell:0:0")
    s = go(s, 0, "vote:F")
    s = go(s, 0, "quad:S")
    assert kind(s) == "cards" and s.steps[0].n == 4
    assert cards[5] not in ids(s)  # the Sun card cannot be one of the four played as Sun
    s = go(s, 0, cards[1:5])
    s = go(s, 0, "cloud:1")
    assert s.clouds[0].drops == [3, 0]
    assert kind(s) == "vote"


def test_no_double_play_once_someone_has_passed():
    """Rule: 出牌 2 — (選擇性行動)如果沒有任何玩家選擇 Pass 才能再打出 2 張相同的手牌。"""
    s = at_turn(blank(fresh(3)), 1)
    give(s, 1, "FFFF")
    s.passed_by = 0
    s.last_turns = [2]
    s = go(s, 1, "play:F")
    s = go(s, 1, "cell:0:0")
    s = go(s, 1, "vote:F")
    assert not (s.steps and s.steps[0].kind == "double")
    assert s.steps[0].seat == 2
