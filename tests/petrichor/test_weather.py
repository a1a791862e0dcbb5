"""Weather phase (階段二:變天階段) and the weather effects (天氣效果)."""

from .helpers import RULES, add_cloud, at_weather, blank, fresh, go, ids, kind, log_text, set_tile, settle


def _to_weather(s):
    s.phase = "keep"
    s.steps = []
    return settle(s)


def test_two_most_voted_resolve_in_frost_sun_wind_rain_order_and_losers_stay():
    """Rule: 變天階段 — 票數最高的二種天氣效果將被執行(執行順位為:霜寒 -> 日照 -> 刮風 -> 落雨); 落選天氣上的投票標記保留在圖版上。"""
    s = blank(fresh(3))
    s.votes = {"F": [1, 1, 0], "S": [0, 0, 0], "W": [0, 1, 0], "R": [2, 0, 1]}
    s.markers = [9, 10, 11]
    s = _to_weather(s)
    assert "Weather resolves: Frost, then Rain." in log_text(s)
    assert s.votes["W"] == [0, 1, 0]  # loser stays on the board
    assert s.votes["F"] == [0, 0, 0] and s.votes["R"] == [0, 0, 0]
    assert s.markers == [12, 11, 12]


def test_tie_broken_by_first_player_and_vote_track_example():
    """Rule: 變天階段 — 霜寒 5 票,日照 7 票,刮風 4 票,落雨 5 票:起始玩家決定執行霜寒或落雨;黃色 4 票與綠色 3 票 -> 黃色移動;紅藍同票都不能移動。"""
    s = blank(fresh(4))
    s.first = 2
    s.votes = {"F": [2, 1, 1, 1], "S": [4, 3, 0, 0], "W": [1, 1, 1, 1], "R": [0, 1, 2, 2]}
    s = _to_weather(s)
    d = RULES.pending(s)[0]
    assert d.seat == 2 and sorted(o.id for o in d.options) == ["w:F", "w:R"]
    s = go(s, 2, "w:R")
    assert "Sun, then Rain" in log_text(s)
    assert s.track == [1, 0, 0, 0]  # most Sun votes: seat 0; Rain tied 2-2: nobody
    assert s.votes["F"] == [2, 1, 1, 1] and s.votes["W"] == [1, 1, 1, 1]


def test_three_way_tie_for_first_first_player_picks_two():
    """Rule: 變天階段 — 如果票數相同,則由起始玩家決定執行哪一種天氣效果。"""
    s = blank(fresh(2))
    s.votes = {"F": [1, 1], "S": [2, 0], "W": [0, 2], "R": [0, 0]}
    s = _to_weather(s)
    d = RULES.pending(s)[0]
    assert d.seat == s.first and d.min_picks == d.max_picks == 2
    assert sorted(o.id for o in d.options) == ["w:F", "w:S", "w:W"]


def test_last_round_every_voted_weather_resolves():
    """Rule: 變天階段 — 如果是遊戲的最後一輪(第四或第六輪),則每個獲得票數的天氣都會執行天氣效果。"""
    s = blank(fresh(2))
    s.round = s.rounds
    s.votes = {"F": [1, 0], "S": [0, 0], "W": [0, 1], "R": [3, 0]}
    s = _to_weather(s)
    assert "Weather resolves: Frost, then Wind, then Rain." in log_text(s)


def test_frost_weather_turns_every_white_cloud_dark():
    """Rule: 天氣效果 霜寒 — 所有版塊上的白雲轉變成烏雲,無論蘊含多少水氣。"""
    s = blank(fresh(2))
    add_cloud(s, 0, [1, 0])
    add_cloud(s, 1, [0, 3])
    s = settle(at_weather(s, "F"))
    assert all(cl.dark for cl in s.clouds)


def test_sun_weather_clockwise_from_first_player_doubles_own_drops_then_coffee_grows():
    """Rule: 天氣效果 日照 — 由起始玩家開始,順時針依序,選擇一朵含有自己水氣的雲朵,加入同樣數量的水氣;之後已經發芽的咖啡進入生長階段。"""
    s = blank(fresh(3))
    s.first = 1
    set_tile(s, 8, "coffee", drops=[4, 0, 0], stage=1)
    add_cloud(s, 0, [2, 1, 0])
    add_cloud(s, 4, [0, 0, 1])
    s = settle(at_weather(s, "S"))
    assert kind(s) == "sunw" and s.steps[0].seat == 1
    s = go(s, 1, "cloud:1")
    assert s.steps[0].seat == 2
    s = go(s, 2, "cloud:2")
    assert s.steps[0].seat == 0
    assert s.tiles[8].stage == 1  # coffee waits for every player
    s = go(s, 0, "cloud:1")
    # seat 1 added 1 (had 1): [2,2,0] turned dark; then seat 0 added 2 -> [4,2,0]
    assert s.tiles[8].stage == 2


def test_sun_weather_skips_player_without_clouds_and_may_recover():
    """Rule: P.S 執行日照效果時,如果沒有任何雲朵含有玩家的水氣,對該玩家不發生任何效果;供應區不足可以回收自己散落在田地上的水氣。"""
    s = blank(fresh(2))
    s.first = 0
    add_cloud(s, 0, [3, 0])
    s.supply = [1, 20]
    set_tile(s, 5, "hay", drops=[2, 0])
    s = settle(at_weather(s, "S"))
    assert s.steps[0].seat == 0
    s = go(s, 0, "cloud:1")
    assert kind(s) == "recover" and "stop" in ids(s)
    s = go(s, 0, "cell:1:2")
    s = go(s, 0, "cell:1:2")
    # 1 from supply + 2 recovered = 3 added -> 6 drops, dark
    assert "no drops in any cloud" in log_text(s)  # seat 1 skipped


def test_wind_weather_counter_clockwise_from_first_players_right():
    """Rule: 天氣效果 刮風 — 由起始玩家右手邊的玩家開始,逆時針依序,選擇任何散落在田地上的 1 點水氣,移動到直角相交的任意鄰地。"""
    s = blank(fresh(3))
    s.first = 1
    set_tile(s, 4, "hay", drops=[1, 1, 0], threshold=9)
    s = settle(at_weather(s, "W"))
    order = [st.seat for st in s.steps if st.kind == "windw_cell"]
    assert order == [0, 2, 1]
    assert ids(s) == ["cell:1:1"]
    s = go(s, 0, "cell:1:1")
    assert sorted(ids(s)) == ["col:0", "col:1"]
    s = go(s, 0, "col:1")
    assert sorted(ids(s)) == ["cell:0:1", "cell:1:0", "cell:1:2", "cell:2:1"]
    s = go(s, 0, "cell:0:1")
    assert s.tiles[1].drops == [0, 1, 0] and s.tiles[4].drops == [1, 0, 0]


def test_rain_weather_pours_dark_clouds_then_rice_grows():
    """Rule: 天氣效果 落雨 — 將所有烏雲裡的水氣降落到田地上,並將烏雲移除遊戲;之後已經發芽的稻米進入生長階段。"""
    s = blank(fresh(2))
    set_tile(s, 0, "rice", drops=[0, 0])
    add_cloud(s, 0, [3, 2], dark=True)
    add_cloud(s, 1, [1, 0])
    s = settle(at_weather(s, "R"))
    assert s.tiles[0].drops == [3, 2] and s.tiles[0].stage == 2  # sprouted by the rain, then grew
    assert len(s.clouds) == 1 and not s.clouds[0].dark


def test_rain_does_not_grow_coffee_and_sun_does_not_grow_rice():
    """Rule: 生長農作物 — 稻米與咖啡發芽之後經過降雨(稻米)與日曬(咖啡)之後,再放置生長標記。"""
    s = blank(fresh(2))
    set_tile(s, 0, "coffee", drops=[4, 0], stage=1)
    set_tile(s, 1, "rice", drops=[4, 0], stage=1)
    s = settle(at_weather(s, "R"))
    assert s.tiles[0].stage == 1 and s.tiles[1].stage == 2
