"""Where the points come from (article: 遊戲結束): harvest points crop by crop and the harvest
dice, noted as they are scored, then at the end the vote track and the wheat bonus, for each
colour's final breakdown (South Wind's too in a solo game)."""

from __future__ import annotations

from games.core import Breakdown, Source
from games.core.i18n import Text

from .data import DATA, track_points
from .messages import SOUTH_WIND, T, crop_name
from .state import PetrichorState

DICE = "dice"  # the source of the points of advancing a harvest die (the others are crops)


def credit(state: PetrichorState, colour: int, source: str, points: int) -> None:
    """Add `points` to `colour`'s score from `source` (a crop, or DICE), noting the source."""
    state.score[colour] += points
    while len(state.scored) < state.ncol:  # (a game saved before sources were noted)
        state.scored.append({})
    state.scored[colour][source] = state.scored[colour].get(source, 0) + points


def wheat_bonus(state: PetrichorState) -> list[int]:
    """Each colour's share of the wheat bonus: the most wheat tokens split it (none: nobody)."""
    most = max(state.wheat)
    leaders = [c for c in range(state.ncol) if most > 0 and state.wheat[c] == most]
    return [DATA["wheat_bonus"] // len(leaders) if c in leaders else 0 for c in range(state.ncol)]


def final_breakdown(state: PetrichorState) -> tuple[Breakdown, ...]:
    """Every colour's final points by source: each crop's harvests, the harvest dice (and, for a
    game saved before sources were noted, the rest of its harvest and dice points together),
    the vote track and the wheat bonus."""
    bonus = wheat_bonus(state)
    found = []
    for c in range(state.ncol):
        noted = state.scored[c] if c < len(state.scored) else {}
        sources = [Source(T("{crop} harvests", crop=crop_name(crop)), n) for crop, n in sorted(noted.items())
                   if crop != DICE]
        sources.append(Source(T("harvest dice"), noted.get(DICE, 0)))
        rest = state.score[c] - sum(noted.values())
        if rest:
            sources.append(Source(T("harvests and dice (not itemised)"), rest))
        sources.append(Source(T("vote track"), track_points(state.track[c]), T("step {n}", n=state.track[c])))
        sources.append(Source(T("wheat bonus"), bonus[c], T("{n} wheat", n=state.wheat[c])))
        total = state.score[c] + track_points(state.track[c]) + bonus[c]
        automatic = c >= state.players
        name: Text = SOUTH_WIND if automatic else ""
        found.append(Breakdown(None if automatic else c, total, tuple(sources), name=name))
    return tuple(found)
