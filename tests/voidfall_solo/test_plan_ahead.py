"""The solo bot plans over two of its turns, and easy's alert deck (issue 22 item 16: "a Voidborn
that a good player can beat"; DESIGN_SOLO.md "A plan over two turns")."""

from __future__ import annotations

from collections import Counter

from games.voidfall import RULES
from games.voidfall.bots import tactics
from games.voidfall.bots.voidborn import unseen
from games.voidfall.solo.content import DIFFICULTIES

from .helpers import fresh, settle


def _choosing(state):
    state = settle(state)
    top = state.tasks[-1]
    assert top.kind == "turn" and top.data["phase"] == "select"
    return state


def test_the_look_ahead_plays_into_the_houses_next_turn():
    """play_turns stops at the end of the house's second turn, a round later than play_turn, so
    staging cubes now is judged with the invasion the next turn can make."""
    state = _choosing(fresh(1, 3, difficulty="easy"))
    start = (state.cycle, state.round)
    card = next(o.id for o in RULES.pending(state)[0].options)
    one = tactics.play_turn(RULES, RULES.apply(unseen(state), 0, card), 0)
    two = tactics.play_turns(RULES, RULES.apply(unseen(state), 0, card), 0, turns=2)
    assert (one.cycle, one.round) <= (start[0], start[1] + 1) and one.cycle == two.cycle == 1
    assert len(two.houses[0].hand) == len(one.houses[0].hand) - 1  # one more Focus card played


def test_the_copy_hides_the_order_of_the_decks_it_plays_past():
    """The two-turn copy reaches the next alert card and crisis: their order is reshuffled (the
    player knows the deck's make-up, never its order), their contents are kept."""
    state = _choosing(fresh(1, 3, difficulty="easy"))
    orders = set()
    for seq in range(6):
        state.seq += seq
        sim = unseen(state)
        assert Counter(sim.crisis.alert_deck) == Counter(state.crisis.alert_deck)
        for level, deck in state.solo.crisis_decks.items():
            assert sorted(sim.solo.crisis_decks[level]) == sorted(deck)
        orders.add(tuple(sim.solo.crisis_decks["1"]))
    assert len(orders) > 1
