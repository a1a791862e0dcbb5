"""Audit scenarios: rules from pocket-mars.zh.txt / rules/README.md that earlier tests did not pin down,
and checks that public log lines never reveal hidden cards."""

from __future__ import annotations

from games.core import play, replay
from games.pocket_mars import RULES
from games.pocket_mars.cards import CARDS
from games.pocket_mars.effects import bld

from .helpers import act, decision, fresh, give, ids, turn_of


def _public(state) -> list[str]:
    return RULES.log_for(state, None)


def test_hand_card_is_discarded_after_its_upper_half():
    """Rule: 從手中打出一張計畫卡 — 「從你手中挑選一張計畫卡並打出,然後啟動它上半部的行動。接著棄掉這張
    計畫卡。」 The card is discarded only AFTER its effect, so a deck rebuild (註記: 如果計畫牌庫耗盡,立刻創建
    一個新的計畫牌庫) triggered by its own draw does not shuffle it into the new deck."""
    state = fresh(2)
    s = state.start
    give(state, s, hand=["pm-p1", "pm-g7"])          # Probe Relay: upper = draw 2
    rest = list(state.deck)
    state.deck = rest[-1:]                            # one card left: the 2nd draw needs a rebuilt deck
    state.discard.extend(rest[:-1])
    bld(state, "green").stack = ["pm-g5"]
    state = act(state, s, "hand:pm-p1")
    assert "pm-p1" not in state.deck and "pm-p1" not in state.pl[s].hand
    assert state.discard == ["pm-p1"]                 # the pile was shuffled away before it arrived


def test_hand_card_stays_face_up_while_resolving():
    """Rule: 從手中打出一張計畫卡 — the played card is resolved first (it is face up, public) and
    discarded afterwards; while its upper half waits for a choice it is shown publicly as in play."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    bld(state, "blue").star[o] = 1
    give(state, s, hand=["pm-g1", "pm-b7"])          # Lichen Mats: upper = move any colonist (a choice)
    state = act(state, s, "hand:pm-g1")
    assert f"up:blue:{o}" in ids(state)
    public = RULES.view(state, None)
    assert [c["id"] for c in public["in_play"]] == ["pm-g1"] and "pm-g1" not in state.discard
    assert "pm-g1" not in RULES.hidden_tokens(state, None)
    state = act(state, s, "skip")
    assert "pm-g1" in state.discard and not state.table


def test_other_prep_owner_hold_condition_is_not_revealed():
    """Rule: 從任一個其他玩家的準備艙打出 — 1) the owner may use the lower half 「同樣的,該玩家必須滿足該行動
    所需的條件」; 準備艙/hand are hidden information. Whether the owner's hand holds a card of the colour
    must not leak: the owner is asked either way (only 'decline' when the condition fails) and the
    public log gives no reason."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    give(state, o, hand=["pm-y7", "pm-b7"], prep=["pm-g6", "pm-k5"])   # Canopy Lab: if you hold green...
    after = act(state, s, f"other:{o}:0")
    d = decision(after)
    assert d.seat == o and ids(after) == ["decline"]
    assert not any("in hand" in line or "green card" in line for line in _public(after))
    after = act(after, o, "decline")
    assert not any("in hand" in line for line in _public(after))
    # with a green card in hand the owner gets the real choice, at the same point of the game
    give(state, o, hand=["pm-g7", "pm-b7"])
    after = act(state, s, f"other:{o}:0")
    assert decision(after).seat == o and ids(after) == ["use", "decline"]
    after = act(after, o, "use")
    assert after.pl[o].ship == 2


def test_public_blockers_still_skip_without_asking():
    """Rule: 如果你不能滿足一個行動所需的條件,你不能啟動它 (例如,你沒有足夠的能源) — energy is public, so an
    unaffordable lower half is skipped without a decision and the reason may be logged publicly."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    give(state, o, prep=["pm-b6", "pm-k5"])           # Reservoir: pay 2 energy (owner has 1)
    after = act(state, s, f"other:{o}:0")
    assert decision(after).seat == s                  # straight on to the actor's Water ability
    assert any("needs 2 energy" in line for line in _public(after))


def test_water_tuck_of_hand_card_keeps_colour_private():
    """Rule: 水源建築 — put a card from hand or prep module face down on the bottom of the deck (正面朝下).
    Hand cards are private (DESIGN.md 3): the public log must not name the card or its colour."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    give(state, s, hand=["pm-g7", "pm-y6"])
    give(state, o, prep=["pm-b7", "pm-k5"])
    after = act(state, s, f"other:{o}:0")
    after = act(after, o, "decline")
    after = act(after, s, "tuck:pm-y6")
    assert after.deck[0] == "pm-y6"
    public = " ".join(_public(after))
    assert "yellow" not in public and "Mirror Array" not in public
    assert any("Mirror Array" in line for line in RULES.log_for(after, s))


def test_black_card_from_other_prep_is_discarded_after_resolving():
    """Rule: 重要 — a Construction card is never put under the Construction building; played from another
    player's module the owner still may use its lower half and the actor the Construction ability."""
    state = fresh(2)
    s, o = state.start, 1 - state.start
    give(state, o, prep=["pm-k5", "pm-g7"])           # Airlock Bay: lower = land anywhere
    after = act(state, s, f"other:{o}:0")
    assert decision(after).seat == o and ids(after) == ["use", "decline"]
    after = act(after, o, "use")
    after = act(after, o, "land:green")
    assert bld(after, "green").star[o] == 1
    assert "land:yellow" in ids(after) and decision(after).seat == s
    after = act(after, s, "land:yellow")
    assert bld(after, "yellow").star[s] == 1 and "pm-k5" in after.discard and not after.table


def test_four_card_rule_runs_from_start_player_clockwise():
    """Rule: 4 張卡片守則 — 「由起始玩家開始並按照順時針方向,所有玩家確認自己是否剛好有 4 張卡片」: after a
    non-start player plays someone's prep card, the start player refills before the others."""
    state = fresh(3)
    st = state.start
    actor, owner = (st + 1) % 3, st
    give(state, owner, hand=["pm-g7", "pm-b7"], prep=["pm-y7", "pm-k5"])
    turn_of(state, actor)
    state = act(state, actor, f"other:{owner}:0")
    state = act(state, owner, "decline")
    d = decision(state)
    assert d.seat == owner and "prep module" in str(d.prompt)      # the start player first (refill, choose)


def test_public_log_never_names_hidden_cards():
    """Rule: 準備艙 — 「這些卡片對其他玩家來說是隱藏資訊」 (and hands and the deck): a public log line may
    only name a card that is face up (played, under a building) — never one that stays in a hand, a
    prep module or the deck."""
    names = {cid: CARDS[cid].name for cid in CARDS}

    def hidden_places(state):
        places = set(state.deck)
        for p in state.pl:
            places.update(p.hand)
            places.update(p.prep)
        return places

    for players in (1, 2, 3, 4):
        prev = {}

        def check(state, decisions, prev=prev):
            if "hidden" in prev:
                still = prev["hidden"] & hidden_places(state)
                text = " ".join(RULES.log_for(state, None))
                leaked = [names[c] for c in still if names[c] in text]
                assert not leaked, (leaked, text)
            prev["hidden"] = hidden_places(state)

        play(RULES, players, 17, explore=0.3, on_step=check)


def test_draft_variant_setup():
    """Rule: 遊戲設置 05 註記 (變體設置) — deal 5 cards face down to each player; each keeps 1 and passes the rest
    to the player on the left, until everyone kept 4; the leftovers are shuffled back into the deck; then
    each player secretly puts 2 into the prep module and keeps 2 in hand."""
    state = RULES.setup(3, 8, {"setup": "draft"})
    assert [len(p) for p in state.packs] == [5, 5, 5] and len(state.deck) == 35 - 15
    first = [list(p) for p in state.packs]
    for pick in range(4):
        pending = RULES.pending(state)
        assert sorted(d.seat for d in pending) == [0, 1, 2] and all(d.secret for d in pending)
        assert all(len(d.options) == 5 - pick for d in pending)
        for d in pending:
            state = act(state, d.seat, d.options[0].id)
        if pick == 0:
            for t in range(3):           # seat t now holds what its right-hand neighbour passed on
                assert set(state.packs[t]) <= set(first[(t - 1) % 3])
            view = RULES.view(state, 1)
            assert [c["id"] for c in view["draft_pack"]] == state.packs[1]
            assert set(state.packs[0]) <= RULES.hidden_tokens(state, 1)
            assert not set(state.packs[0]) & set(str(x) for x in RULES.view(state, None).values())
    assert not state.packs and len(state.deck) == 35 - 12
    assert all(len(p.hand) == 4 and not p.prep for p in state.pl)
    pending = RULES.pending(state)
    assert all(d.min_picks == d.max_picks == 2 and d.secret for d in pending)
    for d in pending:
        state = act(state, d.seat, [o.id for o in d.options[:2]])
    assert all(len(p.hand) == 2 and len(p.prep) == 2 for p in state.pl)
    assert decision(state).seat == state.start


def test_draft_variant_full_game_keeps_secrets():
    """Rule: 遊戲設置 05 變體 + 準備艙 hidden information — a whole drafted game runs to its end and no view
    shows a card hidden from that viewer (draft packs included)."""
    import json

    def check(state, decisions):
        for viewer in (None, *range(state.players)):
            text = json.dumps(RULES.view(state, viewer))
            assert not [c for c in RULES.hidden_tokens(state, viewer) if f'"{c}"' in text]

    result = play(RULES, 4, 3, {"setup": "draft"}, explore=0.3, on_step=check)
    assert RULES.outcome(result.final) is not None
    again = replay(RULES, 4, 3, {"setup": "draft"}, result.moves)
    assert RULES.dump(again) == RULES.dump(result.final)
    assert RULES.load(RULES.dump(result.final)) == result.final
