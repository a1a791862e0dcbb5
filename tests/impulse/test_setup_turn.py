"""Impulse: components, setup and the turn structure."""

from collections import Counter

from games.impulse import RULES
from games.impulse.data import CARDS, CARD_GATES, CENTER, CORE, CORNERS, POS, VARIANTS, gate_between, home_gate
from games.impulse.state import Task

from .helpers import act, at_tech, blank, card, fresh, give, ids, pull


def test_deck_composition():
    """Rule: 遊戲配件 — 108 張行動卡; README: 4 colours x 27, sizes 1-3 in ~1/2, 1/3, 1/6, 10 action types."""
    assert len(CARDS) == 108
    for colour in "rbgy":
        sizes = Counter(c.size for c in CARDS.values() if c.colour == colour)
        assert sizes == {1: 14, 2: 9, 3: 4}
    actions = {c.action for c in CARDS.values()}
    assert actions == {"command", "build", "mine", "trade", "research", "draw", "sabotage", "plan", "execute",
                       "refine"}
    # every effect has one boxed number that grows with size (its texts say it in words: "{n}", never "[n]")
    for key, v in VARIANTS.items():
        assert key == "echo" or "{n}" in v["text"] and "[" not in v["text"] and v["base"] == sorted(v["base"])


def test_map_and_setup():
    """Rule: 遊戲設置 — 19 cards (3-4-5-4-3), Sector Core in the middle; each player picks a home from
    5 cards + the home card, 2 transports on home and 1 cruiser on the gate facing the Sector Core.
    Quote: 「抽 5 張卡片以及你的家園起點的卡片,並從這六張卡片中選一張正面朝上放到你的家園起點。接著把 3 艘太空船放到你的家園上」
    """
    assert [sum(1 for q, r in POS if r == row) for row in range(-2, 3)] == [3, 4, 5, 4, 3]
    state = RULES.setup(3, 5, {"races": "random"})
    decisions = RULES.pending(state)
    assert {d.seat for d in decisions} == {0, 1, 2} and all(d.secret for d in decisions)
    assert all(len(d.options) == 6 for d in decisions)
    state = fresh(3, 5)
    assert state.grid[CENTER] == CORE and state.face_up[CENTER]
    for seat, p in enumerate(state.ps):
        assert p.home in CORNERS and state.face_up[p.home]
        assert len(p.hand) == 5
        assert state.tr[p.home][seat] == 2
        assert state.cr[home_gate(p.home)][seat] == 1
    assert sorted(p.home for p in state.ps) == sorted([CORNERS[0], CORNERS[2], CORNERS[4]])
    assert sum(1 for up in state.face_up if not up) == 19 - 1 - 3


def test_turn_add_is_mandatory_and_impulse_trims_to_three():
    """Rule: 回合流程 — 01 add a card to the Impulse (not optional); 06 draw 2 and trim the Impulse
    to 3 cards (oldest removed).
    Quote: 「把一張卡片加入脈衝不是選擇性的。」「抽 2 朝卡片,從脈衝移除卡片,使脈衝剩下 3 張卡片。」
    """
    state = blank(fresh(2, 1))
    old = [card("sab", 1, "r"), card("sab", 1, "b"), card("sab", 1, "g")]
    for c in old:
        give(state, 1, c)
        state.ps[1].hand.remove(c)
        state.impulses[0].append(c)
    mine = card("sab", 2, "b")
    give(state, 0, mine)
    state.tasks = [Task("turn", 0, {"phase": "add"})]
    assert ids(state) == [f"play:{mine}"]  # no skip option
    state = act(state, f"play:{mine}")
    assert state.impulses[0] == old + [mine]
    state = act(state, "skip")  # no tech; sabotages have no targets; then end of turn
    assert state.impulses[0] == old[1:] + [mine]
    assert len(state.ps[0].hand) == 2 and state.current == 1


def test_at_most_four_impulse_cards_resolve():
    """Rule: README — the Impulse resolves at most 4 cards per turn.
    Quote: 「使用每一張脈衝卡,由左到右依序使用。」
    """
    state = blank(fresh(2, 1))
    draws = [c for c in CARDS if CARDS[c].variant == "draw" and CARDS[c].size == 1][:5]
    for c in draws:
        pull(state, c)
    state.impulses[0] = draws[:4]
    state.tasks = [Task("turn", 0, {"phase": "tech"})]
    state = act(state, "skip")
    # 4 cards of "Draw 1" + end-of-turn draw 2
    assert len(state.ps[0].hand) == 6


def test_plan_delay_and_forced_use():
    """Rule: 回合流程 04 / 計畫 — you may delay the Plan, but with 4 or more cards it must be used;
    used Plan cards are discarded.
    Quote: 「使用你的計劃。如果少於 4 張卡片,你可以選擇延遲。棄掉所有你使用的計畫。」
    """
    state = blank(fresh(2, 1))
    plan = [c for c in CARDS if CARDS[c].variant == "draw"][:3]
    for c in plan:
        pull(state, c)
    state.ps[0].plan = list(plan)
    state.tasks = [Task("turn", 0, {"phase": "tech"})]
    state = act(state, "skip")
    assert set(ids(state)) == {"use", "delay"}
    later = act(state, "delay")
    assert later.ps[0].plan == plan
    state.ps[0].plan.append(pull(state, card("draw_col", colour="r")))
    state.tasks = [Task("turn", 0, {"phase": "plan"})]
    RULES.advance(state)  # forced: no decision offered
    assert state.ps[0].plan == [] and all(c in state.discard for c in plan)


def test_hand_limit_stops_drawing():
    """Rule: 手牌上限 — with 9 cards you draw only 1 of the 2 end-of-turn cards.
    Quote: 「如果你的回合結束你已經有 9 張卡片,則當你要 2 張卡片的時後,你只能抽 1 張卡片並停止抽卡片。」
    """
    state = blank(fresh(2, 1))
    hand = [c for c in state.deck if CARDS[c].action != "refine"][:9] + \
        [c for c in state.deck if CARDS[c].action == "refine"][:1]
    give(state, 0, *hand)
    state.tasks = [Task("turn", 0, {"phase": "add"})]
    state = act(state, f"play:{hand[-1]}")
    state = act(state, "skip")
    assert len(state.ps[0].hand) == 10


def test_sector_core_patrol_points():
    """Rule: 回合流程 05 / 宇宙中心 — at the end of your turn, +1 per Sector Core gate your cruisers
    hold, however many cruisers are on it.
    Quote: 「當進行宇宙中新的計分時,艦隊的尺寸無關,只為有你的巡航艦在上面的閘門計分。」
    """
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    g1, g2 = CARD_GATES[CENTER][:2]
    state.cr[g1][0] = 3
    state.cr[g2][0] = 1
    state.tasks = [Task("turn", 0, {"phase": "tech"})]
    state = act(state, "skip")
    assert state.ps[0].score == 2


def test_tech_use_and_echo():
    """Rule: 回合流程 02 / FAQ — use one of your techs; the basic tech works on the newest (right-most)
    Impulse card.
    Quote: 「使用你的兩個科技的其中之一。」「這指的是最右邊的卡片,也就是最近一次加入脈衝的卡片。」
    """
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    d1 = card("draw", 3)
    pull(state, d1)
    state.impulses[0] = [d1]
    state.ps[0].techs = ["basic", "race"]
    state.tasks = [Task("turn", 0, {"phase": "tech"})]
    state = act(state, "tech:0")  # echo: draw 1 (size-1 value), then the Impulse: draw 3, end: draw 2
    assert len(state.ps[0].hand) == 6
    assert at_tech(state) or state.current == 1


def test_gate_ids_are_shared_pairs():
    """Rule: 卡片 / 地圖 — a touching pair of cards forms one gate (42 on this map).
    Quote: 「宇宙地圖上相鄰的卡片形成閘門。一對接頭視為一個閘門。」
    """
    assert gate_between(4, 9) == gate_between(9, 4)
    assert len({g for gates in CARD_GATES for g in gates}) == 42
