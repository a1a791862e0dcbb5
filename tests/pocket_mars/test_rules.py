"""Scenario tests for Pocket Mars. Each cites the rule (pocket-mars.zh.txt or rules/README.md) it checks."""

from __future__ import annotations

import pytest

from games.core import IllegalChoice
from games.pocket_mars import RULES
from games.pocket_mars.cards import CARDS, COLOURS
from games.pocket_mars.effects import bld
from games.pocket_mars.scoring import breakdown

from .helpers import act, decision, fresh, give, ids, turn_of


def test_card_data():
    """README: 35 project cards, 5 colours x 7 cards, colours match the 5 buildings, values 0-7."""
    assert len(CARDS) == 35
    for colour in COLOURS:
        cards = [c for c in CARDS.values() if c.colour == colour]
        assert len(cards) == 7
        assert all(0 <= c.value <= 7 for c in cards)
    assert len({c.name for c in CARDS.values()}) == 35


def test_setup():
    """Rule: 遊戲設置 01-06 — 7 colonists each, 1 on the ship and 6 on Earth; energy 1; 4 cards each;
    each player secretly chooses 2 of them for the prep module (simultaneous, secret decisions)."""
    state = RULES.setup(3, 5)
    pending = RULES.pending(state)
    assert sorted(d.seat for d in pending) == [0, 1, 2]
    assert all(d.secret and d.min_picks == d.max_picks == 2 for d in pending)
    for p in state.pl:
        assert (p.ship, p.earth, p.energy, len(p.hand)) == (1, 6, 1, 4)
    assert len(state.deck) == 35 - 12
    state = fresh(3, 5)
    assert all(len(p.hand) == 2 and len(p.prep) == 2 for p in state.pl)
    assert RULES.pending(state)[0].seat == state.start


def test_launch_action():
    """Rule: 從地球拿取 1 個殖民者 — move 1 colonist Earth -> ship; not possible with none left on Earth."""
    state = fresh(2)
    s = state.start
    state = act(state, s, "launch")
    assert (state.pl[s].ship, state.pl[s].earth) == (2, 5)
    state.pl[1 - s].earth = 0
    turn_of(state, 1 - s)
    assert "launch" not in ids(state)


def test_discard_for_energy_even_at_max():
    """Rule: 棄掉一張計畫卡以獲得 1 個能源 — +1 energy; at the top of the track you may still discard
    but gain nothing. (Energy maximum 7: README.)"""
    state = fresh(2)
    s = state.start
    card = state.pl[s].prep[0]
    after = act(state, s, f"energy:{card}")
    assert after.pl[s].energy == 2 and card in after.discard
    state.pl[s].energy = 7
    card = state.pl[s].hand[0]
    after = act(state, s, f"energy:{card}")
    assert after.pl[s].energy == 7 and card in after.discard


def test_play_from_hand_and_four_card_rule_discard():
    """Rule: 從手中打出一張計畫卡 (example: a 'draw 2' card leaves 3 in hand + 2 prep) and
    4 張卡片守則 — with more than 4 cards the player discards from hand down to 4."""
    state = fresh(2)
    s = state.start
    give(state, s, hand=["pm-p1", "pm-g7"])          # Probe Relay: upper = draw 2
    state = act(state, s, "hand:pm-p1")
    assert "pm-p1" in state.discard
    d = decision(state)
    assert d.seat == s and d.min_picks == d.max_picks == 1 and "discard" in str(d.prompt)
    assert len(state.pl[s].hand) == 3
    state = act(state, s, d.options[0].id)
    assert len(state.pl[s].hand) == 2 and len(state.pl[s].prep) == 2
    assert RULES.pending(state)[0].seat == 1 - s       # next player's turn


def test_own_prep_higher_value_lands_then_lower_then_ability():
    """Rule: 從你的準備艙打出 — card goes under the same-colour building; 1) if its value beats the
    card below (or the building's 3 when none) you may move a ship colonist to the star area;
    2) you may use the lower half; 3) you may use the building ability — in that order."""
    state = fresh(2)
    s = state.start
    give(state, s, hand=["pm-g7", "pm-b7"], prep=["pm-y7", "pm-k5"])   # Flare Shield 7: lower = +1 energy
    state = act(state, s, "prep:pm-y7")
    assert bld(state, "yellow").stack == ["pm-y7"]
    assert decision(state).options[0].id == "place"
    state = act(state, s, "place")
    assert bld(state, "yellow").star[s] == 1 and state.pl[s].ship == 0
    assert ids(state) == ["use", "decline"]
    state = act(state, s, "use")
    # lower +1, then the Energy ability +1 automatically
    assert state.pl[s].energy == 3
    d = decision(state)                                # 4-card rule: drew 1, now choose the prep card
    assert d.seat == s and "prep module" in str(d.prompt)
    state = act(state, s, d.options[0].id)
    assert len(state.pl[s].prep) == 2 and len(state.pl[s].hand) == 2


def test_own_prep_lower_value_still_resolves_other_steps():
    """Rule: 提醒 — if your card is lower than the card under it you still do the other two steps
    (no colonist lands)."""
    state = fresh(2)
    s = state.start
    bld(state, "yellow").stack.append("pm-y6")
    give(state, s, hand=["pm-g7", "pm-b7"], prep=["pm-y3", "pm-k5"])   # Dust Turbine 3 < 6
    state = act(state, s, "prep:pm-y3")
    assert bld(state, "yellow").stack[-1] == "pm-y3" and bld(state, "yellow").star[s] == 0
    assert decision(state).seat == s and ids(state) == ["use", "decline"]
    state = act(state, s, "use")
    assert state.pl[s].energy == 1 + 2 + 1


def test_empty_building_compares_with_value_three():
    """Rule: 如果你的卡片是第一個放到該建築的計畫卡,則改為與建築比較數值 (every building is 3, README)."""
    state = fresh(2)
    s = state.start
    give(state, s, prep=["pm-g3", "pm-k5"])             # Root Web value 2 < 3
    after = act(state, s, "prep:pm-g3")
    assert after.steps[0].kind != "place_cmp"
    give(state, s, prep=["pm-y4", "pm-k5"])             # Battery Stack value 4 > 3
    after = act(state, s, "prep:pm-y4")
    assert after.steps[0].kind == "place_cmp"


def test_black_card_is_not_placed_under_construction():
    """Rule: 重要 — the Construction building takes no colonists: skip the comparison, and the card is
    not put under it. Ability (建造建築): move a colonist from your ship to a star area of your choice."""
    state = fresh(2)
    s = state.start
    give(state, s, prep=["pm-k5", "pm-g7"])             # Airlock Bay: lower = land anywhere
    state = act(state, s, "prep:pm-k5")
    assert not bld(state, "black").stack and "pm-k5" not in state.discard
    assert [c["id"] for c in RULES.view(state, None)["in_play"]] == ["pm-k5"]   # face up while resolving
    assert ids(state) == ["use", "decline"]
    state = act(state, s, "decline")
    assert "land:blue" in ids(state)                    # the Construction ability
    state = act(state, s, "land:blue")
    assert bld(state, "blue").star[s] == 1 and state.pl[s].ship == 0
    assert "pm-k5" in state.discard and not state.table   # discarded once its action resolved


def test_play_from_other_prep_owner_decides_lower_half():
    """Rule: 從任一個其他玩家的準備艙打出 — the card goes under its building with no comparison;
    1) its owner may use the lower half (the owner's decision, paying with the owner's energy);
    2) the player whose turn it is may use the building ability."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    give(state, o, prep=["pm-y7", "pm-g7"])
    state = act(state, s, "other:%d:0" % o)
    assert bld(state, "yellow").stack == ["pm-y7"]
    assert bld(state, "yellow").star == [0, 0]         # no comparison for the player who played it
    d = decision(state)
    assert d.seat == o and ids(state) == ["use", "decline"]
    state = act(state, o, "use")
    assert state.pl[o].energy == 2                      # owner's lower half
    assert state.pl[s].energy == 2                      # actor's Energy ability


def test_lower_half_cost_and_conditions():
    """Rule: 如果你不能滿足一個行動所需的條件,你不能啟動它 (e.g. not enough energy)."""
    state = fresh(2)
    s = state.start
    give(state, s, hand=["pm-g7", "pm-y7"], prep=["pm-b6", "pm-k5"])   # Reservoir: pay 2 energy: launch 3
    after = act(act(state, s, "prep:pm-b6"), s, "decline")              # 6 > 3: decline the landing
    assert "use" not in ids(after)                                       # energy 1 < 2
    state.pl[s].energy = 3
    after = act(act(state, s, "prep:pm-b6"), s, "decline")
    after = act(after, s, "use")
    assert after.pl[s].energy == 1 and after.pl[s].ship == 1 + 3
    # "hold" condition: Algae Vats (value 1) needs a green card in the owner's hand
    give(state, s, hand=["pm-y7", "pm-b7"], prep=["pm-g2", "pm-k5"])
    after = act(state, s, "prep:pm-g2")
    assert "use" not in ids(after)
    give(state, s, hand=["pm-g7", "pm-b7"], prep=["pm-g2", "pm-k5"])
    after = act(state, s, "prep:pm-g2")
    assert "use" in ids(after)


def test_double_star_capacity_by_player_count():
    """Rule: 建築 — the double-star area holds at most 1 colonist with 2 players, 2 with 3-4 players."""
    for players, cap in ((2, 1), (3, 2), (4, 2)):
        state = fresh(players)
        s = state.start
        b = bld(state, "green")
        b.star[s] = 3
        b.dstar[(s + 1) % players] = 1
        give(state, s, prep=["pm-g1", "pm-k5"])
        after = act(state, s, "prep:pm-g1")
        while RULES.pending(after)[0].options[0].id in ("use", "decline", "place"):
            after = act(after, s, "decline")
        opts = ids(after)
        assert (f"up:green:{s}" in opts) == (cap == 2)
        assert f"down:green:{(s + 1) % players}" in opts


def test_ecology_ability_moves_any_colonist():
    """Rule: 生態建築 — move any colonist (any player's) star -> double star or double star -> star."""
    state = fresh(3)
    s = state.start
    o = (s + 1) % 3
    bld(state, "purple").dstar[o] = 1
    give(state, s, prep=["pm-g1", "pm-k5"])
    state = act(state, s, "prep:pm-g1")
    state = act(state, s, "decline")
    state = act(state, s, f"down:purple:{o}")
    assert bld(state, "purple").star[o] == 1 and bld(state, "purple").dstar[o] == 0


def test_science_and_water_abilities():
    """Rule: 科學建築 — take 1 of your colonists from Earth to your ship; 水源建築 — put a card from
    your hand or prep module on the bottom of the deck."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    give(state, o, prep=["pm-p7", "pm-b7"])
    after = act(state, s, f"other:{o}:0")
    after = act(after, o, "decline")
    assert after.pl[s].ship == 2 and after.pl[s].earth == 5
    after = act(state, s, f"other:{o}:1")
    after = act(after, o, "decline")
    card = after.pl[s].hand[0]
    after = act(after, s, f"tuck:{card}")
    assert after.deck[0] == card or card in after.pl[s].hand  # bottom of the deck (unless redrawn)


def test_four_card_rule_draws_and_fills_prep():
    """Rule: 4 張卡片守則 — with fewer than 4 cards draw up to 4; with fewer than 2 prep cards move
    cards from hand to the prep module; never from prep back to hand."""
    state = fresh(2)
    s = state.start
    give(state, s, hand=["pm-g7", "pm-b7"], prep=["pm-p5", "pm-y1"])
    deck_before = len(state.deck)
    state = act(state, s, "energy:pm-p5")
    assert len(state.deck) == deck_before - 1
    assert len(state.pl[s].hand) == 3 and len(state.pl[s].prep) == 1
    d = decision(state)
    assert d.seat == s and d.max_picks == 1
    state = act(state, s, d.options[0].id)
    assert (len(state.pl[s].hand), len(state.pl[s].prep)) == (2, 2)


def test_deck_rebuilt_from_buildings_and_discard():
    """Rule: 註記 — when the deck runs out, take all cards under the buildings into the discard pile
    and shuffle it into a new deck, immediately."""
    state = fresh(2)
    s = state.start
    give(state, s, hand=["pm-p1", "pm-g7"])
    rest = list(state.deck)
    state.deck = rest[-1:]                # one card left
    state.discard.extend(rest[:-1])
    bld(state, "green").stack = ["pm-g5"]
    state = act(state, s, "hand:pm-p1")   # draw 2: the second draw needs the rebuilt deck
    assert not bld(state, "green").stack
    assert len(state.pl[s].hand) == 3
    assert "pm-g5" in state.deck + state.pl[s].hand + state.discard


def test_game_ends_only_at_end_of_round():
    """Rule: 遊戲結束 — at the end of a round, if any player has all 7 colonists on Mars the game ends."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    p = state.pl[s]
    p.ship, p.earth = 0, 0
    bld(state, "blue").star[s] = 7
    state = act(state, s, f"energy:{state.pl[s].hand[0]}")
    while RULES.pending(state)[0].seat == s:
        state = act(state, s, RULES.bot_choice(state, s))
    assert not state.over and RULES.pending(state)[0].seat == o   # the round continues
    while not state.over:
        seat = RULES.pending(state)[0].seat
        state = act(state, seat, RULES.bot_choice(state, seat))
    assert state.round == 1 and RULES.outcome(state) is not None


def test_scoring():
    """Rule: 遊戲結束 scoring — ship 1, star 2, double star 4, a colonist in all four buildings +2,
    four of yours in one building +3, highest energy +1 (ties all score); Earth scores nothing."""
    state = fresh(3)
    state.pl[0].ship, state.pl[0].earth = 1, 0
    for c in ("green", "yellow", "purple"):
        bld(state, c).star[0] = 1
    bld(state, "blue").star[0] = 3
    bld(state, "blue").dstar[0] = 1
    state.pl[0].energy = state.pl[1].energy = 4
    state.pl[2].energy = 2
    b = breakdown(state, 0)
    assert b == {"ship": 1, "star": 12, "double_star": 4, "all_four": 2, "four_in_one": 3, "energy": 1,
                 "total": 23}
    assert breakdown(state, 1)["energy"] == 1 and breakdown(state, 2)["energy"] == 0


def test_tie_break_by_colonists_on_mars_then_shared():
    """Rule: 如果平手,則平手的玩家中,建築物有最多殖民者的玩家獲勝。如果還是平手,則共享勝利。"""
    state = fresh(2)
    state.over, state.steps, state.end_reason = True, [], "test"
    state.pl[0].ship, state.pl[1].ship = 2, 0
    bld(state, "green").star[0] = 1   # 0: ship 2 + star 2 = 4 (+1 energy)
    bld(state, "green").star[1] = 2   # 1: star 4 (+1 energy)
    out = RULES.outcome(state)
    assert out.scores[0] == out.scores[1] and out.winners == (1,)
    bld(state, "green").star[0] = 2
    state.pl[0].ship = 0
    out = RULES.outcome(state)
    assert out.winners == (0, 1)


def test_views_hide_prep_faces_and_hands():
    """README: prep-module colours are public (card backs), values and effects private to the owner."""
    state = fresh(3)
    public = RULES.view(state, None)
    for col in public["colonies"][:3]:
        assert len(col["prep_colours"]) == 2 and col["hand_count"] == 2
    assert "hand" not in public and "prep" not in public
    mine = RULES.view(state, 1)
    assert [c["id"] for c in mine["prep"]] == state.pl[1].prep
    assert RULES.hidden_tokens(state, 1) & set(state.pl[1].hand) == set()
    assert set(state.pl[0].prep) <= RULES.hidden_tokens(state, 1)


def test_illegal_choices_rejected():
    """Contract: bad choices raise IllegalChoice and change nothing."""
    state = fresh(2)
    s = state.start
    with pytest.raises(IllegalChoice):
        act(state, s, "prep:pm-nope")
    with pytest.raises(IllegalChoice):
        act(state, 1 - s, "launch")


def test_pass_when_nothing_possible():
    """Design (DESIGN.md): a player with no cards and no colonists on Earth may pass (no dead end)."""
    state = fresh(2)
    s = state.start
    state.pl[s].hand.clear()
    state.pl[s].prep.clear()
    state.pl[s].earth = 0
    state.pl[1 - s].prep.clear()
    turn_of(state, s)
    assert ids(state) == ["pass"]
    act(state, s, "pass")
