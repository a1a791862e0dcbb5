"""Exact previews of Voidborn assaults for the void advance options (combat has no dice, so
the same code that resolves the assault tells its result first; no randomness is used here)."""

from __future__ import annotations

from games.core.i18n import Text

from ..board import adjacent, controlled, controller, name
from ..defence import skirmish_outcome
from ..evaluation import skirmish_strength
from ..messages import T, joined
from ..state import VoidfallState
from .content import sector_name
from .crises import cost_words


def assault_text(state: VoidfallState, seat: int, bonus: int) -> Text:
    """What a Voidborn assault would do to one house now, in words: "6 Voidborn cubes would strike
    {seat}'s Tamsin and take it" / "... find no sector of {seat} to strike"."""
    strength = skirmish_strength(state, seat, bonus)
    h = state.houses[seat]
    if strength <= 0:
        return T("no assault on {seat} (no Voidborn cubes: no Corruption on the house mat)", seat=name(seat))
    if h.techs.get("autonomous_drones") == "improved":
        return T("{n} Voidborn cubes would be repelled by {seat}'s Autonomous Drones", n=strength, seat=name(seat))
    void_keys = {s.key for s in state.sectors if controller(s) == "void"}
    cands = [s for s in controlled(state, seat) if s.home_of < 0 and any(k in void_keys for k in adjacent(state, s.key))]
    if not cands:
        return T("{n} Voidborn cubes would find no sector of {seat} to strike (none next to them)", n=strength, seat=name(seat))
    scored = []
    for s in cands:
        res = skirmish_outcome(state, seat, strength, s)  # the house's best loss choice, as the target pick assumes
        scored.append(((res.winner != "defender"), res.defender_lost, not s.corrupted, s.pop, len(s.guilds), s, res))
    top = max(x[:5] for x in scored)
    tied = [x for x in scored if x[:5] == top]
    s, res = tied[0][5], tied[0][6]
    where = sector_name(s) if len(tied) == 1 else T("{sectors} (random)", sectors=joined([sector_name(x[5]) for x in tied], T("{a}/{b}")))
    word = {"defender": T("it holds"), "invader": T("it falls"), "tie": T("both sides are wiped out and it falls")}[res.winner]
    return T("{n} Voidborn cubes would strike {seat}'s {sector}: {result}", n=strength, seat=name(seat), sector=where, result=word)


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
    if missing:
        return T("then {seat} pays {cost} ({n} missing: -{influence} Influence)", seat=name(seat), cost=cost_words(cost), n=missing,
                 influence=3 * missing)
    return T("then {seat} pays {cost}", seat=name(seat), cost=cost_words(cost))
