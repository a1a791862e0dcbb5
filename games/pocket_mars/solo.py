"""The solo opponent, Devious Automatics (README.md, Pocket Mars: solo)."""

from __future__ import annotations

from .cards import BUILDING, CARDS, COLOUR, HABITABLE
from .effects import burn, dcap, gain_energy, land, launch
from .messages import AUTOMATON, T
from .scoring import best_building
from .state import ENERGY_MAX, PMState

AUTO = 1          # the automaton's colony index in solo play
BURN = 2          # deck cards discarded each round (and by the blue effect)


def _burn(state: PMState, n: int) -> None:
    k = burn(state, n)
    state.say(T("{automaton} discard the top {n} card(s) of the deck ({left} left).", automaton=AUTOMATON, n=k,
                left=len(state.deck)))


def _place_or_launch(state: PMState, colour: str | None) -> None:
    a = state.pl[AUTO]
    if a.ship > 0:
        land(state, AUTO, colour or best_building(state, AUTO))
    else:
        launch(state, AUTO, 1)


def _green(state: PMState) -> None:
    """Two promotions: its own star colonist up if there is room, else one of yours down."""
    cap = dcap(state)
    for _ in range(2):
        own = [b for b in state.buildings if b.colour in HABITABLE and b.star[AUTO] and sum(b.dstar) < cap]
        if own:
            own[0].star[AUTO] -= 1
            own[0].dstar[AUTO] += 1
            state.say(T("{automaton} move a colonist up to the double-star area of {building}.", automaton=AUTOMATON,
                        building=BUILDING[own[0].colour]))
            continue
        yours = [b for b in state.buildings if b.colour in HABITABLE and b.dstar[0]]
        if yours:
            yours[0].dstar[0] -= 1
            yours[0].star[0] += 1
            state.say(T("{automaton} push your colonist down to the star area of {building}.", automaton=AUTOMATON,
                        building=BUILDING[yours[0].colour]))


def automaton_phase(state: PMState) -> None:
    a = state.pl[AUTO]
    _burn(state, BURN)
    if len(a.prep) == 1:
        colour = CARDS[a.prep[0]].colour
        state.say(T("{automaton} activate: their prep module holds one {colour} card.", automaton=AUTOMATON,
                    colour=COLOUR[colour]))
        _place_or_launch(state, None if colour == "black" else colour)
        if colour == "green":
            _green(state)
        elif colour == "blue":
            _burn(state, BURN)
        elif colour == "yellow":
            if a.energy < ENERGY_MAX:
                gain_energy(state, AUTO, 2)
            else:
                _burn(state, BURN)
        elif colour == "purple":
            launch(state, AUTO, 1)
        else:
            _place_or_launch(state, None)
    while len(a.prep) < 2 and state.deck:
        a.prep.append(state.deck.pop())
        state.mark_reveal()  # the drawn card's colour is public: no undo past it
        state.say(T("{automaton} refill their prep module with a {colour} card.", automaton=AUTOMATON,
                    colour=COLOUR[CARDS[a.prep[-1]].colour]))
    if len(a.prep) < 2:
        state.solo_stop = True
        state.say(T("{automaton} cannot refill their prep module.", automaton=AUTOMATON))
