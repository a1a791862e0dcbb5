"""Impulse: battles, sabotage, elimination and the end of the game."""

from games.core.i18n import localize, render  # noqa: F401
import json

from games.impulse import RULES
from games.impulse.data import CARDS, gate_between as G
from games.impulse.state import Task

from .helpers import act, at_tech, blank, card, effect, fresh, give, ids, pull, stack_deck

GATE = G(4, 9)


def battle_board():
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    state.tr[18][1] = 1
    state.cr[G(0, 4)][0] = 2  # attacker P1 (seat 0)
    state.cr[GATE][1] = 1     # defender P2 (seat 1)
    return state


def start_battle(state):
    state = effect(state, 0, card("cmdC", 1, "r"))
    state = act(state, f"f:c{G(0, 4)}")
    state = act(state, 2)
    return act(state, f"to:c{GATE}")


def test_defender_commits_first_then_attacker_and_bluffs_return():
    """Rule: 戰鬥 — the defender places reinforcements face down, then the attacker; a card counts only
    if it matches colour and size of a card in the Impulse, your Plan or your techs; bluffs go back
    to hand; one deck card per cruiser; most icons wins, ties to the defender; the winner scores 1
    plus 1 per ship destroyed.
    Quote: 「防守的玩家把多張卡片正面朝下放在他們面前,然後輪到攻擊者放牌。」
    「所有的卡片翻開,任何「吹牛」的卡片 (沒有符合的卡片) 都放回玩家的手中,然後每個玩家每有一艘巡航艦艦就增加一張卡片到增援中。」
    """
    state = battle_board()
    imp = pull(state, card("draw", 2, "r"))
    state.impulses[0] = [imp]
    good = card("cmd1", 2, "r")
    bluff = card("cmd1", 3, "y")
    give(state, 1, good)
    give(state, 0, bluff)
    s1, s2, s3 = [c for c in state.deck if CARDS[c].size == 1][:3]
    stack_deck(state, s1, s2, s3)
    state = start_battle(state)
    decisions = RULES.pending(state)
    assert [d.seat for d in decisions] == [1] and decisions[0].secret  # the defender alone, first
    state = act(state, f"r:{good}", seat=1)
    attacker = RULES.pending(state)[0]
    assert attacker.seat == 0 and attacker.secret
    assert good not in json.dumps(RULES.view(state, 0))  # the faces stay hidden from the attacker
    assert RULES.view(state, 0)["battle"]["defender_committed"]
    state = act(state, f"r:{bluff}", seat=0)
    # defender: 2 (reinforcement) + 1 (one cruiser draws s1) = 3; attacker: 0 + s2 + s3 = 2
    assert state.cr[GATE] == [0, 1]
    assert state.ps[1].score == 1 + 2
    assert bluff in state.ps[0].hand and good in state.discard
    assert at_tech(state)


def test_attacker_sees_how_many_cards_the_defender_put_down():
    """Rule: 戰鬥 — the attacker commits second, knowing the number (not the faces) of the defender's cards.
    Quote: 「防守方正面朝下放置增援卡,然後換攻擊方放置增援卡。」
    「當戰鬥時,攻擊者會取得優勢 (先看到增援的數量),所以請用它!」
    """
    state = battle_board()
    d1, d2 = [c for c in state.deck if CARDS[c].size == 2][:2]
    a1 = [c for c in state.deck if CARDS[c].size == 1][0]
    give(state, 1, d1, d2)
    give(state, 0, a1)
    state = start_battle(state)
    state = act(state, [f"r:{d1}", f"r:{d2}"], seat=1)
    attacker = RULES.pending(state)[0]
    assert attacker.seat == 0 and "put down 2 card(s) face down" in render(attacker.prompt)
    for viewer in (None, 0):
        view = RULES.view(state, viewer)
        assert view["battle"]["defender_count"] == 2
        assert view["players_info"][1]["hand_size"] == 0  # the count is public
        assert d1 not in json.dumps(view) and d2 not in json.dumps(view)
    assert [c["id"] for c in RULES.view(state, 1)["battle"]["my_commit"]] == [d1, d2]
    public_log = RULES.log_for(state, 0)
    assert any("puts down 2 reinforcement card(s)" in line for line in public_log)
    assert not any(render(CARDS[d1].short()) in line for line in public_log)


def test_battle_with_no_defender_cards_asks_the_attacker_only():
    """Rule: 戰鬥 — 「雙方都可以從手中打出增援卡。」 A defender with an empty hand has nothing to put down;
    the attacker then commits knowing it is 0 cards. 'None' cannot be combined with cards."""
    state = battle_board()
    a1, a2 = [c for c in state.deck if CARDS[c].size == 1][:2]
    give(state, 0, a1, a2)
    state = start_battle(state)
    attacker = RULES.pending(state)[0]
    assert attacker.seat == 0 and "put down 0 card(s)" in render(attacker.prompt)
    assert attacker.min_picks == 0 and "none" not in [o.id for o in attacker.options]


def test_tie_goes_to_the_defender():
    """Rule: 戰鬥 — 平手的話防守方勝出.
    Quote: 「最多符號的玩家勝出 (平手的話防守方勝出)。」
    """
    state = battle_board()
    state.cr[G(0, 4)][0] = 1
    a, b = [c for c in state.deck if CARDS[c].size == 2][:2]
    stack_deck(state, a, b)
    state = effect(state, 0, card("cmdC", 1, "r"))
    state = act(state, f"f:c{G(0, 4)}")
    state = act(state, f"to:c{GATE}")  # both hands empty: resolves at once
    assert state.cr[GATE] == [0, 1] and state.ps[1].score == 2


def test_attacker_win_destroys_passed_transports():
    """Rule: 指揮 — when the move causes a battle, the passed transports are destroyed only if you win.
    Quote: 「如果這次移動導致和對手的巡航艦發生戰鬥,只有當你贏得戰鬥時你才可以摧毀對手的運輸船。」
    """
    state = battle_board()
    state.tr[4][1] = 2
    small, big1, big2 = ([c for c in state.deck if CARDS[c].size == 1][:1] +
                         [c for c in state.deck if CARDS[c].size == 3][:2])
    stack_deck(state, small, big1, big2)
    state = start_battle(state)
    assert state.cr[GATE] == [2, 0]
    assert state.tr[4][1] == 0
    assert state.ps[0].score == 1 + 1 + 2  # win + cruiser + 2 transports


def test_sabotage_hits_on_size_two_or_more():
    """Rule: 破壞 — 「你只能破壞你的巡航艦巡邏卡片上的太空船,或者你的運輸船佔據卡片上的太空船。為每個炸彈
    瞄準的一個艦隊從牌庫翻開 1 張卡片。每翻開一張尺寸 2 + 的卡片就摧毀該艦隊 1 艘太空船,並且獲得 1 分。」
    Bombs are aimed first, then one card is turned up per bomb."""
    state = blank(fresh(2, 1))
    state.tr[4][0] = 1
    state.tr[4][1] = 2
    state.tr[18][1] = 1
    state.cr[G(14, 18)][1] = 1
    hit = [c for c in state.deck if CARDS[c].size == 2][0]
    miss = [c for c in state.deck if CARDS[c].size == 1][0]
    stack_deck(state, hit, miss)
    state = effect(state, 0, card("sab", 3, "r"))  # 3 bombs
    assert ids(state) == ["bomb:t4:1", "done"]  # #18 is neither patrolled nor occupied by P1
    state = act(state, "bomb:t4:1")
    assert state.tr[4][1] == 2 and ids(state) == ["bomb:t4:1", "fire"]  # nothing turned up yet
    state = act(state, "bomb:t4:1")
    state = act(state, "fire")
    assert state.tr[4][1] == 1 and state.ps[0].score == 1
    assert hit in state.discard and miss in state.discard
    assert at_tech(state)


def test_sabotage_overkill_scores_only_ships_destroyed():
    """Rule: 破壞 — 「別欺人太甚,例如攻擊 4 次一組有 2 艘太空船的艦隊會獲得 2 分,而不是 4 分。」"""
    state = blank(fresh(2, 1))
    state.tr[4][0] = 1
    state.tr[4][1] = 2
    state.tr[18][1] = 1
    stack_deck(state, *[c for c in state.deck if CARDS[c].size == 3][:4])
    state = effect(state, 0, card("sab_heavy", 3, "y"))  # 4 bombs
    for _ in range(4):
        state = act(state, "bomb:t4:1")
    assert ids(state) == ["fire", "reaim"] and state.tr[4][1] == 2  # confirm before firing
    state = act(state, "fire")
    assert state.tr[4][1] == 0 and state.ps[0].score == 2 and at_tech(state)


def test_sabotage_miss():
    """Rule: 破壞 — 「每翻開一張尺寸 2 + 的卡片就摧毀該艦隊 1 艘太空船」: a size-1 card misses."""
    state = blank(fresh(2, 1))
    state.tr[4][0] = 1
    state.tr[4][1] = 2
    stack_deck(state, [c for c in state.deck if CARDS[c].size == 1][0])
    state = effect(state, 0, card("sab", 1, "r"))
    state = act(state, "bomb:t4:1")
    assert state.tr[4][1] == 2 and state.ps[0].score == 0


def test_twenty_points_ends_at_once_even_off_turn():
    """Rule: 遊戲結束 — when anyone reaches 20 the game ends immediately, even on another player's turn.
    Quote: 「當有任何玩家獲得 20 分的時候 (即使不是該玩家的回合),遊戲立刻結束。」
    """
    state = battle_board()
    state.ps[1].score = 18
    a, b, c = [x for x in state.deck if CARDS[x].size == 3][:1] + [x for x in state.deck if CARDS[x].size == 1][:2]
    stack_deck(state, a, b, c)
    state = start_battle(state)
    assert state.over and state.winners == [1]
    assert RULES.pending(state) == [] and RULES.outcome(state).winners == (1,)


def test_elimination_and_last_player_standing():
    """Rule: 淘汰 — a player with no ships is eliminated (hand and board discarded); if one player
    remains the game ends.
    Quote: 「如果有任何玩家圖板上沒有太空船,它們從遊戲中淘汰。如果只剩一個玩家沒有被淘汰,遊戲結束。被淘汰玩家的指揮中心卡以及手牌都棄掉。」
    """
    state = blank(fresh(3, 1))
    state.tr[0][0] = 1
    state.tr[4][0] = 1
    state.tr[4][1] = 1
    state.tr[18][2] = 1
    state.ps[1].hand = [pull(state, card("draw", 1))]
    stack_deck(state, [c for c in state.deck if CARDS[c].size == 3][0])
    state = effect(state, 0, card("sab", 1, "r"))
    state = act(state, "bomb:t4:1")
    state = act(state, "fire")
    assert state.ps[1].out and state.ps[1].hand == [] and not state.over
    # turn order skips the eliminated player
    state.tasks = [Task("turn", 0, {"phase": "next"})]
    RULES.advance(state)
    assert state.current == 2


def test_empty_deck_refills_from_discard_then_hands():
    """Rule: 牌庫耗盡 / 問與答 — an empty deck is refilled by shuffling the discard pile; if that is empty
    too, every player discards two hand cards to form a new deck.
    Quote: 「任何時候牌庫耗盡時,洗混棄牌堆並重組一個新的牌庫。」「所有玩家從手中棄掉兩張卡片組成一個新的牌庫。」
    """
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    rest = list(state.deck)
    state.discard = rest[:5]
    state.deck = []
    state.ps[1].hand = rest[5:9]
    state.ps[0].hand = rest[9:10]
    state = effect(state, 0, card("draw", 3))
    assert len(state.ps[0].hand) == 1 + 3 and len(state.deck) == 2
    state.deck, state.discard = [], []
    state = effect(state, 0, card("draw", 1))
    assert len(state.ps[1].hand) == 2  # gave 2


def test_fleets_of_one_command_converge_into_one_battle():
    """Rule: 戰鬥 — 「一場戰鬥會中止一組艦隊的移動。如果一張指揮卡讓你可以移動多組艦隊,它們可以匯聚並進行
    一場戰鬥。」 Both fleets of a 2-fleet Command reach the defender's gate before the battle is fought,
    and every attacking cruiser there draws a card."""
    state = battle_board()
    state.cr[G(0, 4)][0] = 1
    state.cr[G(8, 9)][0] = 1
    state.cr[GATE][1] = 2
    lows = [c for c in state.deck if CARDS[c].size == 1][:2]
    highs = [c for c in state.deck if CARDS[c].size == 3][:2]
    stack_deck(state, *lows, *highs)  # the defender draws first
    state = effect(state, 0, card("cmd2", 3))
    state = act(state, f"f:c{G(0, 4)}")
    state = act(state, f"to:c{GATE}")
    # no battle yet: the second fleet may still join
    assert state.cr[GATE] == [1, 2] and "Battle waiting" in render(RULES.pending(state)[0].prompt)
    assert f"f:c{G(8, 9)}" in ids(state) and f"f:c{GATE}" not in ids(state)
    state = act(state, f"f:c{G(8, 9)}")
    state = act(state, f"to:c{GATE}")
    assert state.cr[GATE] == [2, 0]
    assert state.ps[0].score == 1 + 2 and at_tech(state)
