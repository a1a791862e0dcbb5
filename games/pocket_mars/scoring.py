"""Final scoring (article: 遊戲結束) and the 'best building' helper used by the automaton and bots."""

from __future__ import annotations

from .cards import HABITABLE
from .effects import bld, placed
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
