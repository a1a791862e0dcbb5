"""Impulse: Command, patrols, exploring, activation and boosting."""

from games.core.i18n import localize, render  # noqa: F401
from games.impulse import RULES
from games.impulse.data import CARDS, CENTER, gate_between as G

from .helpers import act, at_tech, blank, card, effect, fresh, give, ids, place, pull


def board():
    state = blank(fresh(2, 1))
    state.tr[0][0] = 2  # P1 (seat 0): 2 transports on #0
    return state


def test_transports_activate_the_card_they_stop_on_with_boost():
    """Rule: 指揮 / 增強 — transports that move onto a card use its action after the Command,
    each transport just moved counting as one gem (2 gems = +1).
    Quote: 「指揮行動執行後,執行下一個脈衝中的行動前,先執行運輸船停留的卡片行動。你不能執行運輸船移動起點的卡片行動。剛移動的每艘運輸船可以算作是一個額外的礦物」
    """
    state = board()
    trade = card("trade_hand", 1)
    place(state, 4, trade)
    give(state, 0, *[c for c in state.deck if CARDS[c].size == 1][:3])
    state = effect(state, 0, card("cmd1", 1, "r"))
    assert "f:t0" in ids(state)
    state = act(state, "f:t0")
    assert RULES.pending(state)[0].number == (1, 2)
    state = act(state, 2)
    assert "to:t4" in ids(state)
    state = act(state, "to:t4")
    d = RULES.pending(state)[0]
    assert "Trade" in render(d.prompt) and d.max_picks == 2  # box 1 + (0 gems + 2 transports) // 2
    state = act(state, [o.id for o in d.options if o.id != "none"][:2])
    assert state.ps[0].score == 2 and state.tr[4][0] == 2


def test_fleet_can_leave_ships_behind_and_cannot_move_twice():
    """Rule: 探索 (艦隊) — you need not pick up a whole fleet; a card moving several fleets cannot move
    the same fleet twice.
    Quote: 「當開始移動時,無論如何,你可以不必拿起一個地點的整個艦隊。」「使用這類的卡片你不能移動同一組艦隊兩次。」
    """
    state = board()
    state = effect(state, 0, card("cmd2", 3))
    state = act(state, "f:t0")
    state = act(state, 1)
    state = act(state, "to:t1")
    assert state.tr[0][0] == 1 and state.tr[1][0] == 1
    assert "f:t1" not in ids(state) and "f:t0" in ids(state)


def test_step_by_step_route_to_the_sector_core_scores():
    """Rule: 宇宙中心 — transports can activate the Sector Core for points, boosted by one colour of
    minerals plus the transports just moved.
    Quote: 「運輸船可以啟動宇宙中心來獲得分數。每次移動到宇宙中心時,你可以選擇把它當作是哪一種顏色,以及據此對應的礦物卡。」
    """
    state = board()
    state.ps[0].minerals = [pull(state, card("mine_col", 3, "g"))]  # 3 green gems
    state = effect(state, 0, card("cmd1", 2, "r"))
    state = act(state, "f:t0")
    state = act(state, 2)
    state = act(state, "step:t4")
    assert "go" in ids(state)
    state = act(state, "step:t9")
    state = act(state, "go")
    assert state.tr[CENTER][0] == 2
    labels = {o.id: render(o.label) for o in RULES.pending(state)[0].options}
    assert labels["colour:g"] == "As green: score 3" and labels["colour:r"] == "As red: score 2"
    state = act(state, "colour:g")  # the player picks the colour
    assert state.ps[0].score == 1 + (3 + 2) // 2
    assert at_tech(state)


def test_patrol_blocks_transports():
    """Rule: 指揮 — an opponent's transports cannot move onto a card you patrol (a cruiser on any of
    its gates); this includes the Sector Core.
    Quote: 「對手的運輸船不能移動到一張你在巡邏的卡片上。」「如果有任何對手巡邏宇宙中心,你不能移動運輸船到那理。」
    """
    state = board()
    state.cr[G(4, 9)][1] = 1
    state = effect(state, 0, card("cmd1", 3, "y"))
    state = act(state, "f:t0")
    state = act(state, 2)
    opts = ids(state)
    assert "to:t4" not in opts and "step:t4" not in opts and "to:t9" not in opts
    assert "to:t1" in opts and "to:t3" in opts


def test_cruisers_cannot_cross_patrolled_cards_except_to_fight():
    """Rule: 指揮 — cruisers move gate to gate across a card; they cannot pass a card an opponent
    patrols unless that starts a battle; the option says so before confirming.
    Quote: 「對手的巡航艦不能經過你巡邏的卡片,除非開始一場戰鬥。」
    """
    state = board()
    state.cr[G(0, 4)][0] = 1
    state.cr[G(4, 9)][1] = 1
    state = effect(state, 0, card("cmd1", 1, "r"))  # 1 step
    state = act(state, f"f:c{G(0, 4)}")
    d = RULES.pending(state)[0]
    labels = {o.id: render(o.detail) for o in d.options}  # what a move causes is told beside it
    assert f"to:c{G(4, 5)}" not in labels and f"to:c{G(3, 4)}" not in labels and f"to:c{G(4, 8)}" not in labels
    assert "BATTLE" in labels[f"to:c{G(4, 9)}"]
    assert f"to:c{G(0, 1)}" in labels


def test_cruisers_destroy_transports_they_pass():
    """Rule: 指揮 — a cruiser fleet passing a card with opponent transports destroys them all,
    +1 point each.
    Quote: 「一組巡航艦隊經過一張含有對手運輸船的卡片時,會摧毀所有的運輸船,每艘摧毀的運輸船可以獲得 1 分。」
    """
    state = board()
    state.cr[G(0, 4)][0] = 1
    state.tr[4][1] = 2
    state.tr[18][1] = 1
    state = effect(state, 0, card("cmdC", 1, "r"))
    state = act(state, f"f:c{G(0, 4)}")
    state = act(state, f"to:c{G(4, 5)}")
    assert state.tr[4][1] == 0 and state.ps[0].score == 2


def test_exploring_takes_the_card_and_places_any_hand_card():
    """Rule: 探索 — moving onto a face-down card: take it into hand, then place any hand card (even that
    one) face up; the hand limit is waived while exploring; the card can be activated at once.
    Quote: 「你可以把它拿到你的手中,然後從你的手牌選一張卡片 (也可以是你剛拿起來的這張) 正面朝上放到該處。當探索時,你可以暫時超過手牌上限。」
    """
    state = board()
    hidden = card("draw", 3)
    place(state, 4, hidden, up=False)
    hand = [c for c in state.deck if CARDS[c].action == "refine"][:10]
    give(state, 0, *hand)
    state = effect(state, 0, card("cmd1", 1, "r"))
    state = act(state, "f:t0")
    state = act(state, 2)
    assert "explore" in next(render(o.detail) for o in RULES.pending(state)[0].options if o.id == "to:t4")
    state = act(state, "to:t4")
    assert hidden in state.ps[0].hand and len(state.ps[0].hand) == 11
    assert f"place:{hidden}" in ids(state)
    state = act(state, f"place:{hand[0]}")
    assert state.grid[4] == hand[0] and state.face_up[4] and len(state.ps[0].hand) == 10
    # the placed refine card is activated right away (nothing to refine: it passes)
    assert at_tech(state)


def test_cruiser_passing_a_face_down_card_explores_it():
    """Rule: 探索 — passing over a face-down card also explores it.
    Quote: 「如果你移動你的太空船到一張正面朝下的卡片,或經過一張正面朝下的卡片」
    """
    state = board()
    state.cr[G(0, 4)][0] = 1
    place(state, 4, card("draw", 2), up=False)
    give(state, 0, card("trade_hand", 1))
    state = effect(state, 0, card("cmdC", 1, "r"))
    state = act(state, f"f:c{G(0, 4)}")
    state = act(state, f"to:c{G(4, 9)}")
    assert render(RULES.pending(state)[0].prompt).startswith("Exploring #4")
