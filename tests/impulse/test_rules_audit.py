"""Impulse: further scenarios from the rules audit (passage, FAQ answers, reinforcement sources)."""

from games.core.i18n import localize, render  # noqa: F401
from games.impulse import RULES
from games.impulse.data import CARDS, gate_between as G

from .helpers import act, at_tech, blank, card, effect, fresh, give, ids, place, pull, stack_deck


def test_transports_passing_a_card_do_not_activate_it_and_may_join_enemy_transports():
    """Rule: 指揮 / 問與答 — only the card the transports stop on is activated, never the one they
    started from; they may share a card with opponent transports if no opponent cruiser patrols it.
    Quote: 「指揮行動執行後,執行下一個脈衝中的行動前,先執行運輸船停留的卡片行動。你不能執行運輸船移動起點的
    卡片行動。」「Q:我可以移動運輸船到一張有對手運輸船的卡片嗎? A:可以,只要沒有對手的巡航艦巡邏該張卡就行。」"""
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    state.tr[5][1] = 2
    state.tr[18][1] = 1
    place(state, 0, card("draw", 3, "b"))
    place(state, 1, card("draw", 2, "r"))
    place(state, 5, card("trade_hand", 1, "r"))
    give(state, 0, card("sab", 3, "r"))
    state = effect(state, 0, card("cmd1", 2, "r"))  # 2 steps
    state = act(state, "f:t0")
    state = act(state, "step:t1")
    state = act(state, "step:t5")
    state = act(state, "go")
    assert state.tr[5] == [1, 2]
    d = RULES.pending(state)[0]
    assert "Trade" in render(d.prompt) and len(state.ps[0].hand) == 1  # neither Draw card was used


def test_ships_may_be_built_on_a_card_an_opponent_patrols():
    """Rule: 打造 — 「太空船可以在對手巡邏的卡片上打造,但是你不能在一個含有另一個玩家巡航艦的閘門上打造一艘
    巡航艦。」"""
    state = blank(fresh(2, 1))
    state.tr[4][0] = 1
    state.tr[18][1] = 1
    state.cr[G(4, 9)][1] = 1
    state = effect(state, 0, card("bld_T", 2, "g"))
    assert "b:t4" in ids(state)
    state = act(state, "b:t4")
    assert state.tr[4][0] == 2


def test_minerals_do_not_back_reinforcements():
    """Rule: 戰鬥 — only the Impulse, your Plan or your techs make a reinforcement count, not minerals.
    Quote: 「如果一張手中卡片的尺寸以及顏色與脈衝、你的計畫,或者你的其中一個科技裡 (不是礦物) 的一張卡片相符,
    你可以把這張卡片當作增援。」"""
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    state.tr[18][1] = 1
    state.cr[G(0, 4)][0] = 1
    state.cr[G(4, 9)][1] = 1
    state.ps[1].minerals = [pull(state, card("draw", 2, "r"))]
    tech = pull(state, card("cmd1", 3, "y"))
    state.ps[1].techs = [tech, "race"]
    bluff, good = card("cmd1", 2, "r"), card("sab_heavy", 3, "y")
    give(state, 1, bluff, good)
    ones = [c for c in state.deck if CARDS[c].size == 1][:2]
    stack_deck(state, *ones)
    state = effect(state, 0, card("cmdC", 1, "r"))
    state = act(state, f"f:c{G(0, 4)}")
    state = act(state, f"to:c{G(4, 9)}")
    state = act(state, [f"r:{bluff}", f"r:{good}"], seat=1)
    assert bluff in state.ps[1].hand and good in state.discard
    assert state.ps[1].score == 1 + 1 and at_tech(state)  # 3 + 1 beats 1
