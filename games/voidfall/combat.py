"""Combat as a pure function: no randomness, no state, same inputs -> same result.

The invasion preview and the invasion itself both call `resolve`, so the preview shown
before a player confirms is exactly what will happen.

Article (詳細戰鬥流程): an Approach step where both sides deal damage at the same time, then
Salvo steps by Initiative until one side has no fleet left. Damage forces the side to recall
that many cubes; absorption cancels damage of its own step type and each source is used once.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from games.core.i18n import Msg

from .messages import T

FLEETS = ("corvette", "sentry", "destroyer", "dreadnought", "carrier")
# Designed rule (DESIGN.md): damage removes cubes in this order, except that each side may name one
# kind to lose last (the invader before confirming, a defending house when the invasion is
# confirmed), so every preview stays exact.
LOSS_ORDER = ("void", "sentry", "carrier", "destroyer", "corvette", "dreadnought")
MAX_SALVOS = 60


@dataclass(frozen=True)
class Side:
    """One side of a combat. `cubes` by fleet kind ("void" for Voidborn cubes); `techs` maps a
    technology to "basic"/"improved"; `defences` counts Sector Defenses + Starbases that fire in
    the Approach step (defender only); the other numbers are extras worked out by the caller
    (Deep Space Missiles, drones, Bombard, house abilities, events)."""

    cubes: dict = field(default_factory=dict)
    techs: dict = field(default_factory=dict)
    defences: int = 0
    approach_damage: int = 0
    approach_absorb: int = 0
    salvo_absorb: int = 0
    spare: int = 0  # active cubes a Carrier may launch as Corvettes
    fallen: bool = False  # a Fallen House: printed defences only
    protect: str = ""  # the fleet kind this side loses last (its own choice)

    def total(self) -> int:
        return sum(self.cubes.values())


@dataclass
class Result:
    """What a combat did. `winner` is "invader", "defender" or "tie"."""

    winner: str
    invader: dict
    defender: dict
    invader_lost: int
    defender_lost: int
    launched: int
    lines: list[Msg]
    steps: int
    defender_launched: int = 0

    def summary(self) -> Msg:
        word = {"invader": T("invader wins"), "defender": T("defender wins"),
                "tie": T("tie (both fleets destroyed)")}[self.winner]
        return T("{result}: invader keeps {inv} cube(s), loses {inv_lost}; defender keeps {dfn}, loses {dfn_lost}",
                 result=word, inv=sum(self.invader.values()), inv_lost=self.invader_lost,
                 dfn=sum(self.defender.values()), dfn_lost=self.defender_lost)


def fighting_kinds(side: Side) -> list[str]:
    """The fleet kinds `side` fights with, in LOSS_ORDER: its cubes plus Corvettes its Carriers
    launch (one per Carrier while it has active cubes)."""
    kinds = {k for k, n in side.cubes.items() if n > 0}
    if side.cubes.get("carrier", 0) > 0 and side.spare > 0:
        kinds.add("corvette")
    return [k for k in LOSS_ORDER if k in kinds]


def result_key(res: Result) -> tuple:
    """What a player can tell apart between two results (the combat log lines aside)."""
    return (res.winner, sorted(res.invader.items()), sorted(res.defender.items()), res.invader_lost,
            res.defender_lost, res.launched, res.defender_launched)


def loss_choices(invader: Side, defender: Side) -> list[tuple[str, Result]]:
    """The defender's choices of the kind it loses last, each with its exact result (article
    詳細戰鬥流程: 受到傷害的一方可以選擇召回...方塊). Empty when there is nothing to choose:
    fewer than two kinds, or every choice gives the same result. The fixed LOSS_ORDER is the
    choice of the last kind in that order, so it is always among these."""
    kinds = fighting_kinds(defender)
    if len(kinds) < 2:
        return []
    out = [(k, resolve(invader, replace(defender, protect=k))) for k in kinds]
    if len({repr(result_key(r)) for _, r in out}) == 1:
        return []
    return out


def _has(side: Side, cubes: dict, kind: str) -> bool:
    return cubes.get(kind, 0) > 0


def _level(side: Side, tech: str) -> str:
    return side.techs.get(tech, "")


def initiative(side: Side, cubes: dict, invader: bool) -> int:
    """Article: each Corvette/Destroyer/Dreadnought/Carrier (and Voidborn) cube gives 1; any
    Dreadnought +1; an invader with a Destroyer +1; an invader's Sentries 1 each (never a
    defender's: 「進攻方每艘哨艦獲得一點主動性」, COMBAT.md §3); Basic Targeting with a Corvette +5."""
    value = sum(cubes.get(k, 0) for k in ("corvette", "destroyer", "dreadnought", "carrier", "void"))
    if _has(side, cubes, "dreadnought"):
        value += 1
    if invader and _has(side, cubes, "destroyer"):
        value += 1
    if invader:
        value += cubes.get("sentry", 0)
    if _level(side, "targeting") and _has(side, cubes, "corvette"):
        value += 5
    return value


def _always_first(side: Side, cubes: dict) -> bool:
    return _level(side, "targeting") == "improved" and _has(side, cubes, "corvette")


def _lose(cubes: dict, n: int, protect: str = "") -> int:
    lost = 0
    order = [k for k in LOSS_ORDER if k != protect] + ([protect] if protect else [])
    for kind in order:
        while n > 0 and cubes.get(kind, 0) > 0:
            cubes[kind] -= 1
            n -= 1
            lost += 1
    for kind in [k for k, v in cubes.items() if v <= 0]:
        del cubes[kind]
    return lost


def _take(cubes: dict, damage: int, pool: list[int], protect: str = "") -> tuple[int, int]:
    """Apply `damage`, first spending the absorption `pool` (each block is used once, whole)."""
    absorbed = 0
    while damage > absorbed and pool:
        absorbed += pool.pop(0)
    absorbed = min(absorbed, damage)
    return absorbed, _lose(cubes, damage - absorbed, protect)


def resolve(invader: Side, defender: Side) -> Result:
    inv, dfn = dict(invader.cubes), dict(defender.cubes)
    inv = {k: v for k, v in inv.items() if v > 0}
    dfn = {k: v for k, v in dfn.items() if v > 0}
    lines: list[Msg] = []
    start_inv, start_dfn = sum(inv.values()), sum(dfn.values())
    defender_had_fleet = start_dfn > 0
    # Carriers launch one Corvette each before any damage (from the active area, while cubes last).
    launched = d_launched = 0
    for side, cubes in ((invader, inv), (defender, dfn)):
        n = min(cubes.get("carrier", 0), side.spare)
        if n:
            cubes["corvette"] = cubes.get("corvette", 0) + n
            lines.append(T("Carriers launch {n} Corvette(s).", n=n))
            if side is invader:
                launched = n
            else:
                d_launched = n
    start_inv_after = sum(inv.values())
    start_dfn_after = sum(dfn.values())

    # ---- Approach step: both sides at once.
    d_dmg = defender.defences + dfn.get("sentry", 0) + defender.approach_damage
    if defender.fallen:
        d_dmg = max(d_dmg, 2)
    if _level(defender, "energy_cells") and d_dmg > 0:
        d_dmg += 1
    i_dmg = invader.approach_damage
    if _level(invader, "destroyers") == "improved" and _has(invader, inv, "destroyer"):
        i_dmg += 1
    i_abs = invader.approach_absorb + inv.get("dreadnought", 0)
    if _level(invader, "shields") == "improved" and _has(invader, inv, "corvette"):
        i_abs += 1
    d_abs = defender.approach_absorb
    if _level(defender, "shields") == "improved" and _has(defender, dfn, "corvette"):
        d_abs += 1
    a1, l1 = _take(inv, d_dmg, [i_abs] if i_abs else [], invader.protect)
    a2, l2 = _take(dfn, i_dmg, [d_abs] if d_abs else [], defender.protect)
    lines.append(T("Approach: defender deals {d_dmg} ({d_absorbed} absorbed, {d_lost} cube(s) lost); "
                   "invader deals {i_dmg} ({i_absorbed} absorbed, {i_lost} lost).", d_dmg=d_dmg, d_absorbed=a1,
                   d_lost=l1, i_dmg=i_dmg, i_absorbed=a2, i_lost=l2))
    if defender.fallen and sum(inv.values()) > 0:
        lines.append(T("The Fallen House capitulates."))
        return _result("invader", inv, dfn, start_inv_after, start_dfn_after, launched, lines, 0, d_launched)

    # ---- Salvo steps.
    pools = {"i": _salvo_pool(invader, inv, True), "d": _salvo_pool(defender, dfn, False)}
    step = 0
    while sum(inv.values()) > 0 and sum(dfn.values()) > 0 and step < MAX_SALVOS:
        step += 1
        ii, di = initiative(invader, inv, True), initiative(defender, dfn, False)
        i_first, d_first = _always_first(invader, inv), _always_first(defender, dfn)
        if i_first != d_first:
            order = "i" if i_first else "d"
        else:
            order = "i" if ii > di else ("d" if di > ii else "=")
        if order == "=":
            hit_i = _shot(invader, inv, step, True) if ii >= 1 else 0
            hit_d = _shot(defender, dfn, step, False) if di >= 1 else 0
            ab_d, lost_d = _take(dfn, hit_i, pools["d"], defender.protect)
            ab_i, lost_i = _take(inv, hit_d, pools["i"], invader.protect)
            lines.append(T("Salvo {step}: Initiative {ii} vs {di}, both fire: invader hits {hit_i} ({ab_d} absorbed), "
                           "defender hits {hit_d} ({ab_i} absorbed).", step=step, ii=ii, di=di, hit_i=hit_i, ab_d=ab_d,
                           hit_d=hit_d, ab_i=ab_i))
        else:
            first, second = ("i", "d") if order == "i" else ("d", "i")
            sides = {"i": (invader, inv, True), "d": (defender, dfn, False)}
            f_side, f_cubes, f_inv = sides[first]
            s_side, s_cubes, s_inv = sides[second]
            hit = _shot(f_side, f_cubes, step, f_inv)
            ab, _ = _take(s_cubes, hit, pools[second], s_side.protect)
            back_init = initiative(s_side, s_cubes, s_inv)
            back = _shot(s_side, s_cubes, step, s_inv) if back_init >= 1 and sum(s_cubes.values()) > 0 else 0
            ab2, _ = _take(f_cubes, back, pools[first], f_side.protect)
            if first == "i":
                lines.append(T("Salvo {step}: Initiative {ii} vs {di}, invader fires first: hits {hit} ({ab} absorbed); "
                               "defender replies {back} ({ab2} absorbed).", step=step, ii=ii, di=di, hit=hit, ab=ab,
                               back=back, ab2=ab2))
            else:
                lines.append(T("Salvo {step}: Initiative {ii} vs {di}, defender fires first: hits {hit} ({ab} absorbed); "
                               "invader replies {back} ({ab2} absorbed).", step=step, ii=ii, di=di, hit=hit, ab=ab,
                               back=back, ab2=ab2))
    left_i, left_d = sum(inv.values()), sum(dfn.values())
    if left_i > 0 and left_d == 0:
        winner = "invader"
    elif left_i == 0 and (left_d > 0 or not defender_had_fleet):
        winner = "defender"
    elif left_i == 0 and left_d == 0:
        winner = "invader" if _level(invader, "combat_replicators") == "improved" else "tie"
    else:
        winner = "defender"  # a stalemate (no Initiative left) keeps the sector with the defender
    return _result(winner, inv, dfn, start_inv_after, start_dfn_after, launched, lines, step, d_launched)


def _salvo_pool(side: Side, cubes: dict, invader: bool) -> list[int]:
    """One-use absorption blocks for the Salvo steps, in the order they are spent."""
    pool = []
    if _level(side, "shields") and _has(side, cubes, "corvette"):
        pool.append(1)
    if not invader:
        for kind in ("dreadnought", "carrier"):
            if cubes.get(kind, 0):
                pool.append(cubes[kind])
    if side.salvo_absorb:
        pool.append(side.salvo_absorb)
    return pool


def _shot(side: Side, cubes: dict, step: int, invader: bool) -> int:
    """Salvo damage: 1, Torpedoes (+1 in step 1, Improved every step, with a Corvette), and
    for an invader each Destroyer +1 in the first Salvo step."""
    dmg = 1
    torp = _level(side, "torpedoes")
    if torp and _has(side, cubes, "corvette") and (step == 1 or torp == "improved"):
        dmg += 1
    if invader and step == 1:
        dmg += cubes.get("destroyer", 0)
    return dmg


def _result(winner, inv, dfn, start_i, start_d, launched, lines, steps, d_launched: int = 0) -> Result:
    return Result(winner=winner, invader=dict(inv), defender=dict(dfn),
                  invader_lost=start_i - sum(inv.values()), defender_lost=start_d - sum(dfn.values()),
                  launched=launched, lines=lines, steps=steps, defender_launched=d_launched)
