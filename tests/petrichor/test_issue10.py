"""Petrichor: the last turn after a pass, what a crop pays in views and options, clear Pass labels."""

from games.core.i18n import localize
from games.petrichor.crops import pays

from .helpers import RULES, add_cloud, at_turn, blank, fresh, give, go, ids, set_tile


def test_after_a_pass_the_last_turn_is_one_card_or_pass():
    """Rule: Pass 2 — after a pass every other player has one more action: one hand card or Pass.
    Quote: 「其他玩家可以再執行一次行動(打出 1 張手牌或 Pass)」
    """
    s = at_turn(blank(fresh(3)), 1)
    add_cloud(s, 0, [0, 2, 0])
    give(s, 1, "FSWR")
    assert "pair:F" in ids(s)  # before anyone passed, two cards as a third weather are offered
    s.passed_by, s.last_turns = 0, [2]
    opts = ids(s)
    assert not any(o.startswith("pair:") for o in opts)
    assert {"play:F", "play:S", "play:W", "play:R", "pass"} <= set(opts)
    assert "Last turn" in str(RULES.pending(s)[0].prompt)


def test_pass_says_what_happens_to_the_first_player_marker():
    """Rule: Pass 1 — the passer takes the first-player marker; if they already hold it, it goes to
    the player on their right. Quote: 「選擇 Pass 的玩家,必須丟棄所有的手牌,並拿取「起始玩家標記」,
    如果該玩家原本就持有起始玩家標記,則將標記交給右手邊的玩家。」"""
    s = at_turn(blank(fresh(3)), 1)
    s.first = 0
    give(s, 1, "F")
    def passing():
        option = {o.id: o for o in RULES.pending(s)[0].options}["pass"]
        return str(option.label), str(option.detail)

    assert passing() == ("Pass", "discard your 1 card(s) and take the first-player marker; everyone else gets one "
                                 "last turn")
    s = at_turn(s, 0)
    give(s, 0, "F")
    label, detail = passing()
    assert label == "Pass" and "it goes to your right, to {seat:2}" in detail
    s.passed_by = 1
    assert "{seat:0} keeps the first-player marker" in passing()[1]


def test_views_carry_every_crop_scoring_table():
    """Rule: 收穫計分 — a player sees what each crop pays before watering it.
    Quote: 「玩家依照對收成作物的貢獻,也就是作物上的水氣數量決定所獲得的勝利點數。」"""
    s = fresh(2)
    for viewer in (None, 0):
        table = localize(RULES.view(s, viewer), "en")["crop_scoring"]
        assert set(table) == {"wheat", "cotton", "hay", "potato", "coffee", "rice", "corn"}
        assert table["potato"]["table"] == [3, 7, 3, 2] and "3/7/3/2" in table["potato"]["text"]
        assert table["corn"]["table"] == [12, 8, 5, 3]
        assert table["coffee"]["sprouted"] == "5/3/2/1 by rank" and table["coffee"]["growing"] == "10/5/2/1 by rank"
        assert table["rice"]["sprouted"] == "nothing (0 points)" and table["rice"]["growing"] == "1 per drop"
        assert table["coffee"]["grows_after"] == "Sun" and table["rice"]["grows_after"] == "Rain"
    assert str(pays("potato", 2)) == "3/7/3/2 by rank"


def test_tiles_show_stage_and_pay_in_views_and_options():
    """Rule: 咖啡/稻米 — two rows of numbers, sprouted and growing; tiles say their stage.
    Quote: 「稻米與咖啡有二排數字,一排代表發芽階段所需的水氣與收獲得分,一排代表成長階段的收獲得分。」"""
    s = at_turn(blank(fresh(2)), 0)
    set_tile(s, 0, "coffee", [3, 2], stage=1)
    set_tile(s, 1, "potato", [1, 0], stage=0)
    set_tile(s, 2, "rice", [2, 3], stage=2)
    tiles = localize(RULES.view(s, None), "en")["field"]["tiles"]
    assert tiles[0]["stage_name"] == "sprouted" and tiles[0]["pays"] == "pays 5/3/2/1 by rank"
    assert tiles[0]["harvest_now"] == [5, 3]
    assert tiles[1]["stage_text"] == "not sprouted: needs 3, has 1" and tiles[1]["pays"] == "then pays 3/7/3/2 by rank"
    assert tiles[2]["stage_name"] == "growing" and tiles[2]["harvest_now"] == [2, 3]
    add_cloud(s, 0, [1, 0])
    give(s, 0, "W")
    s = go(s, 0, "play:W")
    s = go(s, 0, RULES.pending(s)[0].options[0].id)
    details = {o.id: str(o.detail) for o in RULES.pending(s)[0].options}
    assert details["cell:0:1"] == ("blow it east; drops on it: {seat:0} 1; not sprouted: needs 3, has 1; then pays 3, 7, "
                                   "3, 2 points by most drops (1st, 2nd, 3rd, 4th)")  # in words, not "3/7/3/2"
