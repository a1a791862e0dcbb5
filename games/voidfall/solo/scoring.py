"""The Voidborn final influence and the end of a solo/co-op game.

Article (計算虛空造物終局影響力): 60/100/140 by difficulty; +30 per rift not closed; +20 per
unfinished safe haven; +20 per catastrophe; +10 per harbinger on the map (not on the crisis
board); +5 per lost technology; +5 per active crisis; +3 per fallen house not rescued; +2 per
Corruption marker; +1 per Population of Voidborn sectors. Every house needs at least that
much Influence for all to win.
"""

from __future__ import annotations

from games.core import Breakdown, Source
from games.core.i18n import Text

from ..board import controller, name
from ..messages import T, joined
from ..state import VoidfallState, solo_of
from .content import DIFFICULTIES, VB_POINTS
from .state import permanent, unfinished


def corruption_markers(state: VoidfallState) -> int:
    """Every Corruption marker in play: sectors (anyone's), Agenda slots, Civilization tracks,
    Decontamination Chambers, the Agenda offer."""
    n = sum(1 for s in state.sectors if s.corrupted)
    for h in state.houses:
        n += sum(1 for v in h.agenda_corrupt if v) + sum(1 for v in h.track_corrupt.values() if v) + h.decon
    n += sum(1 for v in state.offer_corrupt.values() if v)
    return n


def counts(state: VoidfallState) -> dict[str, int]:
    return {
        "rift": sum(1 for s in state.sectors if s.type == "rift" and controller(s) == "void"),
        "haven": unfinished(state),
        "catastrophe": state.crisis.catastrophes,
        "harbinger": sum(solo_of(state).harbingers.values()),
        "lost_tech": len(solo_of(state).lost_techs),
        "crisis": len(permanent(state)),
        "fallen": sum(1 for s in state.sectors if s.fallen),
        "corruption": corruption_markers(state),
        "population": sum(s.pop for s in state.sectors if controller(s) == "void"),
    }


def final_influence(state: VoidfallState) -> dict[str, int]:
    """Every term in Influence (count x points), the base and the total."""
    base = DIFFICULTIES[solo_of(state).difficulty]["base"]
    terms = {"base": base}
    for k, n in counts(state).items():
        terms[k] = n * VB_POINTS[k]
    terms["total"] = sum(terms.values())
    return terms


VOIDBORN_NAME = T("Voidborn")  # the automatic opponent, on charts, breakdowns and the final board
LABEL = {"base": T("difficulty base"), "rift": T("rifts not closed"), "haven": T("unfinished safe havens"),
         "catastrophe": T("catastrophes"), "harbinger": T("harbingers on the map"), "lost_tech": T("lost technologies"),
         "crisis": T("permanent crises"), "fallen": T("fallen houses not rescued"), "corruption": T("Corruption markers"),
         "population": T("Voidborn Population")}


def voidborn_breakdown(state: VoidfallState) -> Breakdown:
    """The Voidborn's final Influence term by term, as the end counted it (each term with its
    count: "catastrophes 40, 2 × 20"); after a loss before the end (the last catastrophe), as it
    would have been then."""
    terms = solo_of(state).vb_terms or final_influence(state)
    found = counts(state)
    sources = [Source(LABEL[key], points, T("{n} × {points}", n=found[key], points=VB_POINTS[key]) if key in found else "")
               for key, points in terms.items() if key != "total" and (points or key == "base")]
    notes = (T("the Voidborn won before the end: their Influence as it stood then"),) if solo_of(state).lost else ()
    return Breakdown(None, terms["total"], tuple(sources), notes, name=VOIDBORN_NAME)


def end(state: VoidfallState) -> None:
    """Article: all houses win if each has at least the Voidborn's Influence (designed: a tie
    wins, as the article says 'at least')."""
    terms = final_influence(state)
    solo_of(state).vb_terms = terms
    solo_of(state).vb_total = terms["total"]
    state.over = True
    state.phase = "over"
    win = all(h.influence >= terms["total"] for h in state.houses)
    state.winners = list(range(state.players)) if win else []
    lines: list[Text] = [T("Voidborn Influence {n}: {terms}", n=terms["total"],
               terms=joined([T("{term} {n}", term=LABEL[k], n=v) for k, v in terms.items() if k != "total" and v]))]
    for s in range(state.players):
        lines.append(T("{seat}: {n} Influence", seat=name(s), n=state.houses[s].influence))
    lines.append(T("The houses win.") if win else T("The Voidborn win."))
    state.end_lines = lines
    state.say(T("The third Cycle is over. {lines}", lines=joined(lines, T("{a} / {b}"))))
