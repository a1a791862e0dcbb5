"""Exact previews of Voidborn assaults for the void advance options (combat has no dice, so
the same code that resolves the assault tells its result first; no randomness is used here)."""

from __future__ import annotations

from games.core.i18n import Text

from ..board import adjacent, controlled, controller
from ..defence import skirmish_outcome
from ..evaluation import skirmish_strength
from ..messages import T, joined
from ..state import VoidfallState
from .content import sector_name
from .crises import cost_words


def assault_text(state: VoidfallState, seat: int, bonus: int) -> Text:
    """'6 Fleet Power on Tamsin: lost' / 'no target' for one house."""
    strength = skirmish_strength(state, seat, bonus)
    h = state.houses[seat]
    if strength <= 0:
        return T("no assault (0 Fleet Power)")
    if h.techs.get("autonomous_drones") == "improved":
        return T("{n} Fleet Power repelled (drones)", n=strength)
    void_keys = {s.key for s in state.sectors if controller(s) == "void"}
    cands = [s for s in controlled(state, seat) if s.home_of < 0 and any(k in void_keys for k in adjacent(state, s.key))]
    if not cands:
        return T("{n} Fleet Power, no target", n=strength)
    scored = []
    for s in cands:
        res = skirmish_outcome(state, seat, strength, s)  # the house's best loss choice, as the target pick assumes
        scored.append(((res.winner != "defender"), res.defender_lost, not s.corrupted, s.pop, len(s.guilds), s, res))
    top = max(x[:5] for x in scored)
    tied = [x for x in scored if x[:5] == top]
    s, res = tied[0][5], tied[0][6]
    where = sector_name(s) if len(tied) == 1 else T("{sectors} (random)", sectors=joined([sector_name(x[5]) for x in tied], T("{a}/{b}")))
    word = {"defender": T("held"), "invader": T("lost"), "tie": T("lost (tie)")}[res.winner]
    return T("{n} Fleet Power on {sector}: {result}", n=strength, sector=where, result=word)


def payment_text(state: VoidfallState, seat: int, cost: dict[str, int]) -> Text:
    h = state.houses[seat]
    missing = 0
    credits = h.res.get("C", 0)
    for r, n in cost.items():
        short = max(0, n - h.res.get(r, 0))
        if short and r in "FEM":
            use = min(short, credits)
            credits -= use
            short -= use
        missing += short
    return T("pay {cost} (-{n} Influence)", cost=cost_words(cost), n=3 * missing) if missing else T("pay {cost}", cost=cost_words(cost))
