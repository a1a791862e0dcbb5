"""A defending house chooses its own losses (article 詳細戰鬥流程: 受到傷害的一方可以選擇召回等同於
傷害數量的艦隊力量方塊 - the side taking damage chooses which cubes to recall).

Design (DESIGN.md "Combat"): the defending house names the one fleet kind it loses last, once, before
the combat is fought (the invader already named its own when confirming); damage then removes cubes
in LOSS_ORDER with that kind last. Every option shows the exact result of the combat with that choice
(the same `resolve` the combat runs), and the invader's confirm option shows the result for every
choice the defender may make. There is no decision when the defender fights with one kind, or when
every choice gives the same result (one outcome: nothing to choose).

This module computes; the tasks that ask are `defend` (military.py: a house invaded by another
house; the invader's confirmed invasion waits in the task data) and `defend_skirmish`
(evaluation.py: a Voidborn Skirmish on a house sector). Also here: both sides of a combat built
from the state (invasion and Skirmish), the exact preview, and Escape Pods after a combat.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.core.i18n import Text

from . import fleets
from .board import adjacent, controller, name, sector, shipyards
from .combat import LOSS_ORDER, Result, Side, loss_choices, resolve
from .data import FLEET_NAME
from .economy import ability
from .messages import T, joined, name_in
from .state import Sector, VoidfallState
from .tasks import opt

# Designed: what a kept cube is worth to its owner when two choices keep as many cubes.
VALUE = {"corvette": 1, "sentry": 2, "destroyer": 3, "carrier": 3, "dreadnought": 4}
WORD = {"invader": T("invader wins"), "defender": T("defender wins"), "tie": T("tie")}
DEFENDER_WORD = {"defender": T("you hold"), "invader": T("you lose the sector"), "tie": T("tie, you lose the sector")}


def defender_rank(res: Result) -> tuple:
    """How good a result is for the defender: win > tie > lose, then most cubes kept, then the
    most valuable cubes kept."""
    outcome = {"defender": 2, "tie": 1, "invader": 0}[res.winner]
    return outcome, sum(res.defender.values()), sum(VALUE.get(k, 0) * n for k, n in res.defender.items())


def best_choice(outs: list[tuple[str, Result]]) -> tuple[str, Result]:
    """The defender's best choice (ties: the kind latest in LOSS_ORDER, i.e. the fixed order)."""
    return max(outs, key=lambda kr: (defender_rank(kr[1]), LOSS_ORDER.index(kr[0])))


def fleet_words(cubes: dict[str, int]) -> Text:
    """E.g. "2 Sentry, 1 Corvette" (in LOSS_ORDER), "nothing" when empty."""
    parts = [T("{n} {fleet}", n=cubes[k], fleet=name_in("fleet", k, FLEET_NAME)) for k in LOSS_ORDER if cubes.get(k, 0) > 0]
    return joined(parts) or T("nothing")


def defender_detail(res: Result) -> Text:
    """One defend option's exact result, from the defender's side (at most 100 characters)."""
    return T("{outcome}: keep {fleet} (lose {lost}); attacker keeps {kept}", outcome=DEFENDER_WORD[res.winner],
             fleet=fleet_words(res.defender), lost=res.defender_lost, kept=sum(res.invader.values()))


def grouped(outs: list[tuple[str, Result]]) -> list[tuple[list[str], Result]]:
    """Defender choices that lead to the same winner and cube counts, merged (first seen order)."""
    groups: dict[tuple, tuple[list[str], Result]] = {}
    for kind, res in outs:
        key = (res.winner, sum(res.invader.values()), sum(res.defender.values()))
        groups.setdefault(key, ([], res))[0].append(kind)
    return list(groups.values())


def outlook_text(outs: list[tuple[str, Result]]) -> Text:
    """Every outcome by the kind the defender loses last, e.g. "Sentry last: invader wins, 3 vs 0
    cubes left; Corvette/Carrier last: defender wins, 0 vs 2 cubes left"."""
    return joined([T("{fleets} last: {outcome}, {invader} vs {defender} cubes left",
                     fleets=joined([name_in("fleet", k, FLEET_NAME) for k in kinds], T("{a}/{b}")), outcome=WORD[res.winner],
                     invader=sum(res.invader.values()), defender=sum(res.defender.values()))
                   for kinds, res in grouped(outs)], T("{a}; {b}"))


CONFIRM_WORD = {"invader": T("Invade: you win"), "defender": T("Invade: you lose"), "tie": T("Invade: a tie")}


def confirm_label(outs: list[tuple[str, Result]]) -> Text:
    """The invader's confirm option: the outcome when every defender choice gives the same winner."""
    winners = {res.winner for _, res in outs}
    if len(winners) == 1:
        return CONFIRM_WORD[winners.pop()]
    return T("Invade: it depends")


# ---------------------------------------------------------------- invasions
def invasion_sides(state: VoidfallState, seat: int, d: dict[str, Any]) -> tuple[Side, Side, int | str | None]:
    s = sector(state, d["target"])
    dfn, who = defender_side(state, s)
    return invader_side(state, seat, s.key, moved_total(d), d, dfn), dfn, who


def invasion_choices(state: VoidfallState, seat: int, d: dict[str, Any]) -> list[tuple[str, Result]]:
    """The defending house's loss choices against `seat`'s invasion `d`, each with its exact
    result; empty when the defender is not a house or has nothing to choose."""
    inv, dfn, who = invasion_sides(state, seat, d)
    if not isinstance(who, int):
        return []
    return loss_choices(inv, dfn)


def invasion_results(state: VoidfallState, seat: int, d: dict[str, Any]) -> list[Result]:
    """Every result the invasion `d` may have: one per defender choice, or the one result."""
    outs = invasion_choices(state, seat, d)
    if outs:
        return [res for _, res in outs]
    return [preview(state, seat, d)[0]]


def options_for(outs: list[tuple[str, Result]]) -> list:
    standard = outs[-1][0]  # the last kind in LOSS_ORDER: what the fixed order loses last anyway
    return [opt(f"k:{kind}", _lose_last(kind, kind == standard),
                T("losing {fleet} cubes last: {result}", fleet=name_in("fleet", kind, FLEET_NAME), result=defender_detail(res)))
            for kind, res in outs]


def _lose_last(kind: str, standard: bool) -> Text:
    fleet = name_in("fleet", kind, FLEET_NAME)
    return T("{fleet} last (usual)", fleet=fleet) if standard else T("{fleet} last", fleet=fleet)


# ---------------------------------------------------------------- skirmishes
def skirmish_sides(state: VoidfallState, seat: int, strength: int, s: Sector) -> tuple[Side, Side]:
    return skirmish_side(state, seat, strength), defence_side(state, seat, s)


def skirmish_choices(state: VoidfallState, seat: int, strength: int, s: Sector) -> list[tuple[str, Result]]:
    return loss_choices(*skirmish_sides(state, seat, strength, s))


# ---------------------------------------------------------------- the sides of a combat, from the state
def defender_side(state: VoidfallState, s: Sector) -> tuple[Side, int | str | None]:
    c = controller(s)
    defences = sum(1 for i in s.installs if i in ("sd", "starbase"))
    if c == "void":
        return Side(cubes={"void": s.void}, defences=defences), c
    if isinstance(c, int):
        h = state.houses[c]
        extra = 0
        if h.techs.get("deep_space_missiles") == "improved":
            extra = min(2, sum(1 for k in adjacent(state, s.key) if controller(sector(state, k)) == c and shipyards(sector(state, k))))
        return Side(cubes=dict(s.fleet), techs=dict(h.techs), defences=defences, approach_damage=extra,
                    salvo_absorb=ability(h, "defend_absorb") or 0, spare=h.active), c
    return Side(cubes={}, defences=max(defences, 2) if s.fallen else defences, fallen=bool(s.fallen)), None


def invader_side(state: VoidfallState, seat: int, target: str, moved: dict, d: dict, dfn: Side) -> Side:
    h = state.houses[seat]
    yard_near = sum(1 for k in adjacent(state, target) if controller(sector(state, k)) == seat and shipyards(sector(state, k)))
    dmg = 0
    if h.techs.get("deep_space_missiles") == "improved":
        dmg += min(2, yard_near)
    elif d.get("dsm") and yard_near:
        dmg += 1
    a_abs = s_abs = 0
    if d.get("drones"):
        a_abs += 1
        s_abs += 2 if h.techs.get("autonomous_drones") == "improved" else 1
    bomb = d.get("bomb", 0) // 3
    if bomb:
        first = min(bomb, dfn.defences + (2 if dfn.fallen else 0) + dfn.cubes.get("sentry", 0))
        a_abs += first
        s_abs += bomb - first
    return Side(cubes=dict(moved), techs=dict(h.techs), approach_damage=dmg, approach_absorb=a_abs,
                salvo_absorb=s_abs, spare=h.active, protect=d.get("protect", ""))


def moved_total(d: dict[str, Any]) -> dict:
    out: dict[str, int] = {}
    for per in d.get("move", {}).values():
        for k, n in per.items():
            out[k] = out.get(k, 0) + n
    return out


def preview(state: VoidfallState, seat: int, d: dict[str, Any]) -> tuple:
    """The exact result of the invasion `d` (with the defender's loss choice once it made one)."""
    s = sector(state, d["target"])
    dfn, who = defender_side(state, s)
    if d.get("defend"):
        dfn = replace(dfn, protect=d["defend"])
    inv = invader_side(state, seat, s.key, moved_total(d), d, dfn)
    return resolve(inv, dfn), dfn, who


# ---------------------------------------------------------------- after a combat
def escape(state: VoidfallState, seat: int, lost: int) -> None:
    """Escape Pods: of the cubes recalled in a combat (already in the active area), one (all when
    Improved) goes to the Home sector as a Corvette instead."""
    h = state.houses[seat]
    if not h.techs.get("escape_pods") or lost <= 0 or h.active <= 0:
        return
    back = min(h.active, lost if h.techs["escape_pods"] == "improved" else 1)
    home = next(s for s in state.sectors if s.home_of == seat)
    fleets.add(state, seat, home, "corvette", back)
    h.active -= back
    state.say(T("{seat}'s Escape Pods bring {n} cube(s) to the Home sector.", seat=name(seat), n=back))


# ---------------------------------------------------------------- the sides of a Skirmish
def skirmish_outcome(state: VoidfallState, seat: int, strength: int, s: Sector) -> Result:
    """The exact result of a Skirmish of `strength` on `s` when the house makes its best loss
    choice (the defender chooses what to recall; without a choice, the one result)."""
    inv, dfn = skirmish_side(state, seat, strength), defence_side(state, seat, s)
    outs = loss_choices(inv, dfn)
    return best_choice(outs)[1] if outs else resolve(inv, dfn)


def skirmish_side(state: VoidfallState, seat: int, strength: int) -> Side:
    absorb = 0
    if "adaptation" in state.perms:
        absorb = sum(1 for v in state.houses[seat].techs.values() if v == "improved")
    return Side(cubes={"void": strength}, salvo_absorb=absorb)


def defence_side(state: VoidfallState, seat: int, s: Sector) -> Side:
    return defender_side(state, s)[0]
