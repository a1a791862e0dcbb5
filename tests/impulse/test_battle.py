"""Impulse: battles, sabotage, elimination and the end of the game."""

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


def test_reinforcements_are_secret_and_simultaneous_and_bluffs_return():
    """Rule: 戰鬥 — the defender places reinforcements face down, then the attacker; a card counts only
    if it matches colour and size of a card in the Impulse, your Plan or your techs; bluffs go back
    to hand; one deck card per cruiser; most icons wins, ties to the defender; the winner scores 1
    plus 1 per ship destroyed. Here both commit at once in secret and the attacker never sees the
    defender's cards before committing."""
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
    assert {d.seat for d in decisions} == {0, 1} and all(d.secret for d in decisions)
    attacker = next(d for d in decisions if d.seat == 0)
    assert good not in json.dumps([o.id for o in attacker.options] + [attacker.prompt])
    state = act(state, [f"r:{good}"], seat=1)
    assert good not in json.dumps(RULES.view(state, 0))  # still hidden from the attacker
    assert RULES.view(state, 0)["battle"]["defender_committed"]
    state = act(state, [f"r:{bluff}"], seat=0)
    # defender: 2 (reinforcement) + 1 (one cruiser draws s1) = 3; attacker: 0 + s2 + s3 = 2
    assert state.cr[GATE] == [0, 1]
    assert state.ps[1].score == 1 + 2
    assert bluff in state.ps[0].hand and good in state.discard
    assert at_tech(state)


def test_tie_goes_to_the_defender():
    """Rule: 戰鬥 — 平手的話防守方勝出."""
    state = battle_board()
    state.cr[G(0, 4)][0] = 1
    a, b = [c for c in state.deck if CARDS[c].size == 2][:2]
    stack_deck(state, a, b)
    state = effect(state, 0, card("cmdC", 1, "r"))
    state = act(state, f"f:c{G(0, 4)}")
    state = act(state, f"to:c{GATE}")  # both hands empty: resolves at once
    assert state.cr[GATE] == [0, 1] and state.ps[1].score == 2


def test_attacker_win_destroys_passed_transports():
    """Rule: 指揮 — when the move causes a battle, the passed transports are destroyed only if you win."""
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
    """Rule: 破壞 — only fleets on cards you patrol or occupy; one deck card per bomb, size 2+ destroys
    one ship and scores 1; you cannot destroy more ships than the fleet has."""
    state = blank(fresh(2, 1))
    state.tr[4][0] = 1
    state.tr[4][1] = 1
    state.tr[18][1] = 1
    state.cr[G(14, 18)][1] = 1
    hit = [c for c in state.deck if CARDS[c].size == 2][0]
    miss = [c for c in state.deck if CARDS[c].size == 1][0]
    stack_deck(state, hit, miss)
    state = effect(state, 0, card("sab", 3, "r"))  # 3 bombs
    assert ids(state) == ["bomb:t4:1", "done"]  # #18 is neither patrolled nor occupied by P1
    state = act(state, "bomb:t4:1")
    assert state.tr[4][1] == 0 and state.ps[0].score == 1
    assert at_tech(state)  # no target left


def test_sabotage_miss():
    """Rule: 破壞 — a size-1 card misses."""
    state = blank(fresh(2, 1))
    state.tr[4][0] = 1
    state.tr[4][1] = 2
    stack_deck(state, [c for c in state.deck if CARDS[c].size == 1][0])
    state = effect(state, 0, card("sab", 1, "r"))
    state = act(state, "bomb:t4:1")
    assert state.tr[4][1] == 2 and state.ps[0].score == 0


def test_twenty_points_ends_at_once_even_off_turn():
    """Rule: 遊戲結束 — when anyone reaches 20 the game ends immediately, even on another player's turn."""
    state = battle_board()
    state.ps[1].score = 18
    a, b, c = [x for x in state.deck if CARDS[x].size == 3][:1] + [x for x in state.deck if CARDS[x].size == 1][:2]
    stack_deck(state, a, b, c)
    state = start_battle(state)
    assert state.over and state.winners == [1]
    assert RULES.pending(state) == [] and RULES.outcome(state).winners == (1,)


def test_elimination_and_last_player_standing():
    """Rule: 淘汰 — a player with no ships is eliminated (hand and board discarded); if one player
    remains the game ends."""
    state = blank(fresh(3, 1))
    state.tr[0][0] = 1
    state.tr[4][0] = 1
    state.tr[4][1] = 1
    state.tr[18][2] = 1
    state.ps[1].hand = [pull(state, card("draw", 1))]
    stack_deck(state, [c for c in state.deck if CARDS[c].size == 3][0])
    state = effect(state, 0, card("sab", 1, "r"))
    state = act(state, "bomb:t4:1")
    assert state.ps[1].out and state.ps[1].hand == [] and not state.over
    # turn order skips the eliminated player
    state.tasks = [Task("turn", 0, {"phase": "next"})]
    RULES.advance(state)
    assert state.current == 2


def test_empty_deck_refills_from_discard_then_hands():
    """Rule: 牌庫耗盡 / 問與答 — an empty deck is refilled by shuffling the discard pile; if that is empty
    too, every player discards two hand cards to form a new deck."""
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
