"""Where every house stands mid-game for `/game status`: its Influence (the score; the game adds
nothing at the end) and the terms a player weighs, and in solo/co-op the Voidborn's final
Influence so far with each of its terms. Public facts only (no Agenda hands)."""

from __future__ import annotations

from games.core import Progress, Round, Standing

from .board import controlled
from .data import AGENDAS, STARTING_AGENDA
from .economy import total_corruption, upkeep_due
from .messages import T
from .modes import mode_of
from .scoring import objective_points
from .state import VoidfallState


def agendas_now(state: VoidfallState, seat: int) -> int:
    """Influence the Agendas in play would score at an Evaluation now (Corrupted ones score nothing)."""
    h = state.houses[seat]
    points = sum(objective_points(state, seat, o) for o in STARTING_AGENDA["objectives"])
    for i, aid in enumerate(h.agendas):
        if aid and not (i < len(h.agenda_corrupt) and h.agenda_corrupt[i]):
            points += sum(objective_points(state, seat, o) for o in AGENDAS[aid]["objectives"])
    return points


def house_standing(state: VoidfallState, seat: int) -> Standing:
    h = state.houses[seat]
    if not h.house:
        return Standing(seat, h.influence, (T("no house chosen yet"),))
    glory = " + ".join(map(str, sorted(h.glory, reverse=True)))
    terms = [T("Influence {n}", n=h.influence),
             T("Corruption {n} (fewest wins a tie)", n=total_corruption(state, seat)),
             T("sectors {n}", n=len(controlled(state, seat))),
             T("Agendas would score {n} now", n=agendas_now(state, seat)),
             T("Upkeep due {n}", n=upkeep_due(state, seat)),
             T("Glory tokens {values}", values=glory) if glory else T("Glory tokens none"),
             T("Trade tokens {n}", n=h.trade)]
    return Standing(seat, h.influence, tuple(terms))


def standings(state: VoidfallState) -> tuple[Standing, ...]:
    """Every house's Influence and terms; in solo/co-op also the Voidborn's final Influence so far."""
    return tuple(house_standing(state, seat) for seat in range(state.players)) + mode_of(state).standings(state)


def progress(state: VoidfallState) -> Progress | None:
    """The Cycle and round (counted per Cycle; a Cycle's preparation belongs to its first round)
    and every house's Influence, for a score chart, then in solo/co-op the Voidborn's final
    Influence so far (the line the houses must reach); None before the first Cycle begins."""
    number = 1 if state.phase == "preparation" else state.round
    if not state.cycle or not number:
        return None
    houses = tuple(Standing(seat, house.influence) for seat, house in enumerate(state.houses))
    opponent = tuple(Standing(None, side.score, name=side.name) for side in mode_of(state).standings(state))
    return Progress(Round((state.cycle, number), f"{state.cycle}.{number}"), houses + opponent)
