"""The Suggest button shows the bot player's choice, so that choice must come only from what
the seat may see. Each game's bot says it is seat-honest; this checks it: along played games,
the other seats' hands and the deck are dealt anew (the seat's view stays the same) and the
bot must choose exactly as before."""

from __future__ import annotations

import copy
import random

import pytest

import games
from games.core import play

# where each game keeps the cards a seat cannot see: (the deck, each seat's hand)
HIDDEN = {
    "ares-expedition": (lambda s: s.deck, lambda s, seat: s.pl[seat].hand),
    "petrichor": (lambda s: s.deck, lambda s, seat: s.hands[seat]),
    "pocket-mars": (lambda s: s.deck, lambda s, seat: s.pl[seat].hand),
    "impulse": (lambda s: s.deck, lambda s, seat: s.ps[seat].hand),
    # Voidfall: the Dominion Agenda deck and the Agendas in other houses' hands
    "voidfall": (lambda s: s.agenda_decks.setdefault("D", []), lambda s, seat: s.houses[seat].agenda_hand),
}


def redeal(state, slug: str, seat: int, rnd: random.Random):
    """A copy of `state` whose hidden cards (the deck and the other seats' hands) are dealt anew."""
    deck_of, hand_of = HIDDEN[slug]
    other = copy.deepcopy(state)
    lists = [deck_of(other)] + [hand_of(other, s) for s in range(other.players) if s != seat]
    pool = [card for cards in lists for card in cards]
    rnd.shuffle(pool)
    for cards in lists:
        size = len(cards)
        cards[:] = pool[:size]
        del pool[:size]
    return other


@pytest.mark.parametrize("slug", sorted(HIDDEN))
def test_bot_choice_uses_only_what_the_seat_may_see(slug):
    rules = games.get(slug)
    rnd = random.Random(5)
    checked = 0

    def check(state, decisions):
        nonlocal checked
        for decision in decisions:
            if rnd.random() > 0.3:
                continue
            other = redeal(state, slug, decision.seat, rnd)
            if rules.view(other, decision.seat) != rules.view(state, decision.seat):
                continue  # this deal showed something to the seat (e.g. a card it looked at): not a fair test
            checked += 1
            assert rules.bot_choice(other, decision.seat) == rules.bot_choice(state, decision.seat), decision.prompt

    for players in sorted({rules.min_players, min(rules.max_players, 3)}):
        play(rules, players, 3, on_step=check)
    assert checked > 20
