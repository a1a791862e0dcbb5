"""Impulse: every action type and its variants (hand / deck / colour-specific), boosting."""

from games.impulse import RULES
from games.impulse.data import CARD_GATES, CARDS

from .helpers import act, at_tech, blank, card, effect, fresh, give, ids, pull, stack_deck


def base():
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    state.tr[18][1] = 1
    return state


def deck_cards(state, n, **kw):
    out = [c for c in state.deck if all(getattr(CARDS[c], k) == v for k, v in kw.items())]
    return out[:n]


def test_mine_from_hand_and_from_the_deck():
    """Rule: 挖礦 / 從牌庫 — mining tucks cards under your board as gems; 'from the deck' turns cards up
    one at a time, mining those that qualify (size up to the boxed number) and discarding the rest.
    Quote: 「挖礦讓你把卡片加入你指揮中心的礦物區。」「從牌庫一次翻開一張卡片,檢查每張卡片是否滿足這個條件。如果滿足,執行這個卡片的行動。否則,棄掉這張卡片。」
    """
    state = base()
    h = deck_cards(state, 2, size=2)
    give(state, 0, *h)
    state = effect(state, 0, card("mine_hand", 1, "r"), extra=2)  # up to 1 + 2 // 2
    assert RULES.pending(state)[0].max_picks == 2
    state = act(state, [f"c:{h[0]}"])
    assert state.ps[0].minerals == [h[0]] and state.ps[0].hand == [h[1]]
    big, small = deck_cards(state, 1, size=3) + deck_cards(state, 1, size=1)
    stack_deck(state, big, small)
    state = effect(state, 0, card("mine_deck", 1))  # 2 chances, size up to 1
    assert small in state.ps[0].minerals and big in state.discard and at_tech(state)


def test_colour_specific_deck_effect():
    """Rule: 從牌庫 — colour icons on a card mean a card of that colour; others are discarded.
    Quote: 「在特定行動卡中的這些符號代表對應顏色的一張卡片。如同尺寸需求,如果抽到一張不符合的卡片,則棄掉這張卡片。」
    """
    state = base()
    r, b = deck_cards(state, 1, colour="r") + deck_cards(state, 1, colour="b")
    stack_deck(state, b, r)
    state = effect(state, 0, card("mine_col", 1, "r"))  # turn up 2, mine red ones
    assert state.ps[0].minerals == [r] and b in state.discard


def test_trade_from_hand_and_deck_scores_size():
    """Rule: 交易 — trading a card scores points equal to its size (from hand or from the deck).
    Quote: 「交易讓你從手中或牌庫棄掉卡片來獲得分數。一張用來交易的卡片的分數與它的尺寸相等。」
    """
    state = base()
    h = deck_cards(state, 1, size=3)
    give(state, 0, *h)
    state = effect(state, 0, card("trade_hand", 1))
    state = act(state, f"c:{h[0]}")
    assert state.ps[0].score == 3
    a, b = deck_cards(state, 1, size=2) + deck_cards(state, 1, size=3)
    stack_deck(state, a, b)
    state = effect(state, 0, card("trade_deck", 2))  # size up to 2
    assert state.ps[0].score == 5 and b in state.discard


def test_colour_trade_only_offers_that_colour():
    """Rule: 行動 — effects differ by colour ("trade up to [n] red cards from your hand").
    Quote: 「每種行動的卡片即使是同一類,內容還是有相當豐富的變化」
    """
    state = base()
    r, g = deck_cards(state, 1, colour="r") + deck_cards(state, 1, colour="g")
    give(state, 0, r, g)
    state = effect(state, 0, card("trade_col", 2, "b", param="r"))
    assert ids(state) == [f"c:{r}", "none"]


def test_research_replaces_a_tech_and_discards_the_old_card():
    """Rule: 研究 — a researched card covers one of your two techs; a replaced tech card is discarded
    and the printed basic techs are gone for good.
    Quote: 「當科技被取代時,棄掉被取代的科技。一旦蓋住後,基本科技就會消失!」
    """
    state = base()
    new = deck_cards(state, 2, size=2)
    give(state, 0, *new)
    state = effect(state, 0, card("res_hand", 2))
    state = act(state, f"r:{new[0]}:0")
    assert state.ps[0].techs == [new[0], "race"]
    state = effect(state, 0, card("res_hand", 2))
    state = act(state, f"r:{new[1]}:0")
    assert state.ps[0].techs[0] == new[1] and new[0] in state.discard


def test_research_from_the_deck_asks_for_a_slot():
    """Rule: 研究 / 從牌庫 — a qualifying deck card may replace a tech.
    Quote: 「研究讓你升級你玩家圖板上的科技」
    """
    state = base()
    c = deck_cards(state, 1, size=1)[0]
    stack_deck(state, c, deck_cards(state, 1, size=3)[0])
    state = effect(state, 0, card("res_deck", 1))
    assert set(ids(state)) == {"slot:0", "slot:1", "discard"}
    state = act(state, "slot:1")
    assert state.ps[0].techs == ["basic", c] and at_tech(state)


def test_draw_and_colour_draw():
    """Rule: 抽牌 — draw from the deck into hand (limit 10); colour variant keeps only that colour.
    Quote: 「抽牌讓你直接從牌庫抽卡片到手中。請記住你的手牌上限是 10 張」
    """
    state = base()
    state = effect(state, 0, card("draw", 3))
    assert len(state.ps[0].hand) == 3
    g, y = deck_cards(state, 1, colour="g") + deck_cards(state, 1, colour="y")
    stack_deck(state, g, y)
    state = effect(state, 0, card("draw_col", 2, "y"))  # turn up 3, keep yellow
    assert y in state.ps[0].hand and g in state.discard


def test_execute_a_hand_card_or_a_tech():
    """Rule: 實行 — carry out a hand card's action once and discard it, or use one of your techs.
    Quote: 「實行可以讓你執行一張行動的敘述一次,然後把它棄掉,不必把它放到脈衝與其他玩家共享。或者,你可以啟動你的其中一個科技。」
    """
    state = base()
    d = card("draw", 2, "r")
    give(state, 0, d)
    state = effect(state, 0, card("exe_hand", 2))
    assert f"x:{d}" in ids(state) and "tech:1" in ids(state)
    state = act(state, f"x:{d}")
    assert d in state.discard and len(state.ps[0].hand) == 2 and at_tech(state)


def test_execute_from_the_deck():
    """Rule: 實行 / 從牌庫 — a qualifying deck card is executed, then discarded.
    Quote: 「從牌庫一次翻開一張卡片,檢查每張卡片是否滿足這個條件。如果滿足,執行這個卡片的行動。否則,棄掉這張卡片。」
    """
    state = base()
    d = card("draw", 1, "r")
    stack_deck(state, d)
    state = effect(state, 0, card("exe_deck", 1))
    assert d in state.discard and len(state.ps[0].hand) == 1


def test_plan_from_hand_and_deck():
    """Rule: 計畫 — planned cards go to the end of your Plan, in order.
    Quote: 「計畫行動可以讓你把卡片加入你指揮中心的計畫末端。計畫卡會按順序排列」
    """
    state = base()
    h = deck_cards(state, 2, size=1)
    give(state, 0, *h)
    state = effect(state, 0, card("plan_hand", 2))
    state = act(state, [f"c:{h[1]}", f"c:{h[0]}"])
    assert state.ps[0].plan == [h[1], h[0]]
    c = deck_cards(state, 1, size=1)[0]
    stack_deck(state, c, deck_cards(state, 1, size=3)[0])
    state = effect(state, 0, card("plan_deck", 1))
    assert state.ps[0].plan == [h[1], h[0], c]


def test_refine_by_size_and_per_gem_boost_counted_first():
    """Rule: 提煉 — refining discards mineral cards for points; the boost is computed before the
    cards are discarded (FAQ: 12 points in one refine is possible).
    Quote: 「請注意增強會在棄牌前計算,如果寶石與提煉卡的顏色相符,行動中你不會失去獎勵。」
    """
    state = base()
    m = deck_cards(state, 2, colour="b", size=3)
    state.ps[0].minerals = [pull(state, x) for x in m]  # 6 blue gems
    state = effect(state, 0, card("ref_col", 3, "b"))  # 2 per gem, +3 boost from 6 blue gems
    state = act(state, f"m:{m[0]}")
    assert state.ps[0].score == 3 * (2 + 3)
    state = effect(state, 0, card("ref_size", 1, "b"))  # 1 card for its size (+1 from 3 blue gems)
    state = act(state, [f"m:{m[1]}"])
    assert state.ps[0].score == 15 + 3 and state.ps[0].minerals == []


def test_boost_two_gems_per_step():
    """Rule: 增強 — each 2 gems of the card's colour add +1 to the boxed number.
    Quote: 「如果你的指揮中心有和行動卡相應顏色的礦物卡,該顏色你每有 2 個寶石就增強該數字 1 點。」
    """
    state = base()
    state.ps[0].minerals = [pull(state, x) for x in deck_cards(state, 3, colour="r", size=1)]  # 3 red gems
    state = effect(state, 0, card("draw", 1, "r"))  # 1 + 3 // 2
    assert len(state.ps[0].hand) == 2


def test_build_limits():
    """Rule: 打造 — at most 12 ships in play; no cruiser on a gate holding another player's cruiser.
    Quote: 「你最多只會有 12 艘太空船進場……但是你不能在一個含有另一個玩家巡航艦的閘門上打造一艘巡航艦。」
    """
    state = base()
    home_gates = CARD_GATES[0]
    state.cr[home_gates[0]][1] = 1
    state = effect(state, 0, card("bld_home", 2))
    opts = ids(state)
    assert f"b:c{home_gates[0]}" not in opts and f"b:c{home_gates[1]}" in opts and "b:t0" in opts
    state = act(state, "b:t0")
    state = act(state, f"b:c{home_gates[1]}")
    assert state.tr[0][0] == 2 and state.cr[home_gates[1]][0] == 1
    state.tr[0][0] = 11
    state = effect(state, 0, card("bld_T", 2))
    assert at_tech(state)  # 12 ships already: nothing offered


def test_build_cruisers_where_you_are():
    """Rule: 打造 — build cards name where ships may be built (here: gates of cards you occupy/patrol).
    Quote: 「打造卡會指定你可以打造太空船的地點,以及可以打造成巡航艦還是運輸船。」
    """
    state = base()
    state = effect(state, 0, card("bld_C", 1))
    assert {o for o in ids(state) if o != "done"} == {f"b:c{g}" for g in CARD_GATES[0]}
