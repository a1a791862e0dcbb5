"""Final scoring (article: 遊戲結束) and the 'best building' helper used by the automaton and bots."""

from __future__ import annotations

from games.core import Breakdown, Source

from .cards import HABITABLE
from .effects import bld, placed
from .messages import AUTOMATON, T
from .state import PMState

SHIP_PTS, STAR_PTS, DSTAR_PTS = 1, 2, 4
ALL_FOUR_PTS, FOUR_IN_ONE_PTS, ENERGY_PTS = 2, 3, 1


def breakdown(state: PMState, s: int) -> dict[str, int]:
    here = [bld(state, c).star[s] + bld(state, c).dstar[s] for c in HABITABLE]
    top = max(p.energy for p in state.pl)
    parts = {
        "ship": SHIP_PTS * state.pl[s].ship,
        "star": STAR_PTS * sum(bld(state, c).star[s] for c in HABITABLE),
        "double_star": DSTAR_PTS * sum(bld(state, c).dstar[s] for c in HABITABLE),
        "all_four": ALL_FOUR_PTS if all(here) else 0,
        "four_in_one": FOUR_IN_ONE_PTS if max(here) >= 4 else 0,
        "energy": ENERGY_PTS if state.pl[s].energy == top else 0,
    }
    parts["total"] = sum(parts.values())
    return parts


def score(state: PMState, s: int) -> int:
    return breakdown(state, s)["total"]


def landing_gain(state: PMState, s: int, colour: str) -> int:
    """Points colony s gains by moving a ship colonist to the star area of `colour`."""
    here = {c: bld(state, c).star[s] + bld(state, c).dstar[s] for c in HABITABLE}
    gain = STAR_PTS - SHIP_PTS
    if here[colour] == 0 and sum(1 for c in HABITABLE if here[c]) == 3:
        gain += ALL_FOUR_PTS
    if here[colour] == 3 and max(here.values()) < 4:
        gain += FOUR_IN_ONE_PTS
    return gain


def best_building(state: PMState, s: int) -> str:
    """The habitable building where a new star colonist scores most for s (ties: board order)."""
    return max(HABITABLE, key=lambda c: (landing_gain(state, s, c), -HABITABLE.index(c)))


def colonists_on_mars(state: PMState, s: int) -> int:
    return placed(state, s)


def final_breakdown(state: PMState) -> tuple[Breakdown, ...]:
    """Every colony's points by source (article: 遊戲結束), the automaton's too: colonists on the
    ship, in star and double star areas, the two bonuses and the most energy; beside them the
    colonists on Mars that break a tie."""
    found = []
    for s, colony in enumerate(state.pl):
        b = breakdown(state, s)
        stars = sum(bld(state, c).star[s] for c in HABITABLE)
        doubles = sum(bld(state, c).dstar[s] for c in HABITABLE)
        sources = (Source(T("colonists on the ship"), b["ship"], T("{n} colonist(s)", n=colony.ship)),
                   Source(T("star areas"), b["star"], T("{n} colonist(s)", n=stars)),
                   Source(T("double star areas"), b["double_star"], T("{n} colonist(s)", n=doubles)),
                   Source(T("bonus: a colonist in all four buildings"), b["all_four"]),
                   Source(T("bonus: four colonists in one building"), b["four_in_one"]),
                   Source(T("most energy"), b["energy"], T("energy {n}", n=colony.energy)))
        notes = (T("{n} colonist(s) on Mars (breaks a tie)", n=colonists_on_mars(state, s)),)
        found.append(Breakdown(None if colony.auto else s, b["total"], sources, notes,
                               AUTOMATON if colony.auto else ""))
    return tuple(found)
