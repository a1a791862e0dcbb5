"""Where every house's final Influence came from, for the result message, `/game status` and the
final board: the starting Influence, then each source the house's Influence was noted under as it
changed (`House.scored`: each Civilization track, objectives, Agendas, technologies, sectors won,
...; losses negative), with the Corruption count that breaks a tie and the Influence Corruption
kept from scoring beside the sum. In solo/co-op the mode adds the Voidborn's final Influence term by
term (games/voidfall/solo/scoring.py)."""

from __future__ import annotations

from games.core import Breakdown, Source
from games.core.i18n import Text

from .data import SETTINGS
from .economy import total_corruption
from .messages import T
from .modes import mode_of
from .state import VoidfallState
from .tracks import TRACK_WORD

# Every source Influence is noted under (`economy.gain_influence`, `lose_influence`; effects say
# theirs through their group's `score`), in the order a breakdown lists them.
SOURCES: dict[str, Text] = {
    "track:soc": T("{track} track", track=TRACK_WORD["soc"]),
    "track:sta": T("{track} track", track=TRACK_WORD["sta"]),
    "track:eco": T("{track} track", track=TRACK_WORD["eco"]),
    "objective": T("Galactic objectives"),
    "agenda": T("Agendas"),
    "tech": T("technologies"),
    "sector": T("sectors won (battles, rescues, special sectors)"),
    "action": T("Focus card actions"),
    "overproduction": T("overproduction"),
    "token": T("Trade, Bounty and Reclaim tokens"),
    "event": T("Galactic Events"),
    "ability": T("house ability"),
    "origin": T("origin card"),
    "other": T("other effects"),
    "upkeep": T("Upkeep unpaid"),
    "voidborn": T("crises and payments to the Voidborn"),
}


def house_breakdown(state: VoidfallState, seat: int) -> Breakdown:
    """One house's final Influence by source (sources that gave nothing left out)."""
    h = state.houses[seat]
    start = SETTINGS["influence_start"]
    sources = [Source(T("starting Influence"), start)]
    sources += [Source(what, h.scored[key]) for key, what in SOURCES.items() if h.scored.get(key)]
    sources += [Source(T("other effects"), n) for key, n in sorted(h.scored.items()) if key not in SOURCES and n]
    rest = h.influence - start - sum(h.scored.values())
    if rest:  # a game saved before sources were noted
        sources.append(Source(T("earlier moves (not itemised)"), rest))
    markers = total_corruption(state, seat)
    notes: list[Text] = [T("Corruption {n} (fewest wins a tie)", n=markers) if state.mode == "competitive"
                         else T("{term} {n}", term=T("Corruption markers"), n=markers)]
    if h.forgone:
        notes.append(T("Corruption kept {n} Influence from scoring (Corrupted Agendas and track spaces)",
                       n=h.forgone))
    return Breakdown(seat, h.influence, tuple(sources), tuple(notes))


def final_breakdown(state: VoidfallState) -> tuple[Breakdown, ...]:
    """Every house's breakdown, then the Voidborn's (solo/co-op); empty while the game runs."""
    if not state.over:
        return ()
    return tuple(house_breakdown(state, seat) for seat in range(state.players)) + mode_of(state).breakdown(state)
