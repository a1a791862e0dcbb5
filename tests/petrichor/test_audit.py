"""Audit scenarios: rules from petrichor.zh.txt that an earlier version got wrong or did not cover."""

import pytest

from games.core import IllegalChoice
from games.petrichor import solo

from .helpers import RULES, CARD_TYPE, add_cloud, at_turn, blank, cloud_at, fresh, give, go, ids, kind, log_text


def test_pair_plays_a_weather_neither_card_shows():
    """Rule: 出牌 1 — 玩家也可以打出任意 2 張手牌,執行另外一張卡片的效果,例如玩家打出日照 + 日照或
    日照 + 霜寒,並執行落雨的卡片效果。 The two cards act as *another* card: Sun+Frost may not be Sun."""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 0, [2, 0])
    cards = give(s, 0, "SSF")
    opts = ids(s)
    assert "pair:S" not in opts  # only one non-Sun card in hand
    assert "pair:R" in opts and "pair:W" in opts and "pair:F" in opts
    s = go(s, 0, "pair:F")
    assert kind(s) == "cards"
    assert sorted(ids(s)) == sorted(cards[:2])  # the Frost card cannot be one of the pair
    with pytest.raises(IllegalChoice):
        go(s, 0, [cards[0], cards[2]])
    s = go(s, 0, cards[:2])
    assert s.hands[0] == [cards[2]] and kind(s) == "frost_cell"


def test_sun_plus_sun_as_rain_example():
    """Rule: 出牌 1 — 例如玩家打出日照 + 日照 ... 並執行落雨的卡片效果。"""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 4, [2, 1])
    cards = give(s, 0, "SS")
    s = go(s, 0, "pair:R")
    s = go(s, 0, cards)
    assert kind(s) == "rain_cloud"
    s = go(s, 0, "cloud:1")
    s = go(s, 0, "col:1")
    assert s.tiles[4].drops == [0, 1] and s.hands[0] == []
    assert sorted(ids(s)) == ["die:0", "die:1", "die:2", "vote:S", "vote:W"]


def test_four_card_double_play_must_be_another_weather():
    """Rule: 出牌 2 — 玩家也可以打出任意 4 張卡片,執行另外一張卡片的效果 (a weather none of the four shows)."""
    s = at_turn(blank(fresh(2)), 0)
    give(s, 0, "FSSSWR")
    s = go(s, 0, "play:F")
    s = go(s, 0, "cell:0:0")
    s = go(s, 0, "vote:F")
    assert kind(s) == "double"
    # hand S S S W R: Sun has only two cards of other weathers, the rest have four or more
    quads = sorted(i for i in ids(s) if i.startswith("quad:"))
    assert quads == ["quad:F", "quad:R", "quad:W"]


def test_double_play_of_identical_cards_with_impossible_effect_only_votes():
    """Rule: 霜寒 — 如果所有的田地都被佔領,則玩家只能執行「投票」的行動; 出牌 2 — 再打出 2 張相同的手牌
    ... 執行 1 次卡片效果 ... 並投票. The double play still gives its vote when the effect is impossible."""
    s = at_turn(blank(fresh(2)), 0)
    for cell in range(9):
        add_cloud(s, cell, [0, 1])
    give(s, 0, "FFF")
    s = go(s, 0, "play:F")
    s = go(s, 0, "vote:F")
    assert kind(s) == "double" and "double:F" in ids(s)
    s = go(s, 0, "double:F")
    assert "only the vote" in log_text(s) and kind(s) == "vote"
    s = go(s, 0, "vote:S")
    assert s.votes["F"][0] == 1 and s.votes["S"][0] == 1 and s.hands[0] == []
    assert len(s.clouds) == 9


def test_hand_limit_discards_are_secret_and_log_only_the_number():
    """Rule: Pass 2 — 保留最多 4 張手牌,棄置多餘的卡片. Which cards are dropped is hidden information."""
    s = at_turn(blank(fresh(2)), 0)
    give(s, 0, "F")
    give(s, 1, "FFSSWWR")
    s = go(s, 0, "pass")
    s = go(s, 1, "play:R")
    s = go(s, 1, "vote:R")
    assert kind(s) == "keep"
    d = RULES.pending(s)[0]
    assert d.seat == 1 and d.secret and d.min_picks == d.max_picks == 2
    s = go(s, 1, [o.id for o in d.options[:2]])
    public = RULES.log_for(s, None)
    assert any("discards 2 card(s)" in line for line in public)
    said = [line for line in public if "discards" in line]
    assert said and not any(w in line for line in said for w in ("Frost", "Sun", "Wind", "Rain"))
    assert not any(cid in line for line in public for cid in CARD_TYPE)


def test_solo_south_wind_sun_needs_exactly_two_drops():
    """Rule: 日照 — 一定要正好 2 點水滴,否則玩家只能執行「投票」的行動 (South Wind follows the card rule too)."""
    s = blank(fresh(1))
    add_cloud(s, 0, [1, 1])
    s.supply[1] = 1
    s.sw_deck = [2]  # sw3: Sun, votes Sun
    solo.act(s)
    assert cloud_at(s, 0).drops == [1, 1] and s.supply[1] == 1
    assert "nothing to do" in log_text(s)
    assert s.votes["S"][1] == 1


def test_views_and_public_log_never_show_hidden_cards_or_solo_deck():
    """Contract: views are the only redaction point; hands, deck order and South Wind's deck order stay hidden,
    and public log lines never name a hidden card."""
    for players in (1, 3):
        s = fresh(players, seed=7)
        for _ in range(120):
            pending = RULES.pending(s)
            if not pending:
                break
            for viewer in [None] + list(range(players)):
                text = repr(RULES.view(s, viewer))
                assert not any(tok in text for tok in RULES.hidden_tokens(s, viewer))
                if players == 1:
                    assert "sw_deck" not in text and "sw1" not in text
            d = pending[0]
            s = go(s, d.seat, RULES.bot_choice(s, d.seat))
            for line in RULES.log_for(s, None):
                assert not any(cid in line for cid in CARD_TYPE)
                assert not line.startswith("You drew")
