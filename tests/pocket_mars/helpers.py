"""Helpers to build Pocket Mars scenarios directly from states."""

from __future__ import annotations

from games.pocket_mars import RULES
from games.pocket_mars.state import Step


def fresh(players: int = 2, seed: int = 1, options: dict | None = None):
    """A state just after setup (prep modules chosen by the bot), first turn pending."""
    state = RULES.setup(players, seed, options)
    while state.setup_waiting:
        seat = state.setup_waiting[0]
        state = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    return state


def take(state, cid: str) -> None:
    """Remove a card from wherever it is."""
    for p in state.pl:
        for pile in (p.hand, p.prep):
            if cid in pile:
                pile.remove(cid)
    for pile in (state.deck, state.discard, *[b.stack for b in state.buildings]):
        if cid in pile:
            pile.remove(cid)


def give(state, seat: int, hand: list[str] | None = None, prep: list[str] | None = None) -> None:
    """Set a colony's hand and/or prep to exactly these cards (old cards go to the discard pile)."""
    p = state.pl[seat]
    for attr, cards in (("hand", hand), ("prep", prep)):
        if cards is None:
            continue
        for c in cards:
            take(state, c)
        old = getattr(p, attr)
        state.discard.extend(old)
        old.clear()
        old.extend(cards)


def turn_of(state, seat: int) -> None:
    """Make it `seat`'s turn with nothing else queued."""
    state.turn = seat
    state.steps = [Step("turn", seat)]


def act(state, seat: int, choice):
    return RULES.apply(state, seat, choice)


def decision(state):
    (d,) = RULES.pending(state)
    return d


def ids(state) -> list[str]:
    return [o.id for o in decision(state).options]
