"""Evaluation phase (article 評估階段): the Voidborn Skirmish (and the struck house's loss choice,
task `defend_skirmish`), Upkeep and Agenda objectives. The Galactic objectives are in events.py,
the Cycle driver (cycle.py) orders the steps."""

from __future__ import annotations

from dataclasses import replace

from games.core import Decision

from . import fleets
from .board import abandon, adjacent, controlled, controller, lose_glory, name, sector
from .combat import Result, loss_choices, resolve
from .data import AGENDAS, FLEET_NAME, HEXES, HOUSES, SETTINGS, STARTING_AGENDA
from .defence import (defence_side, escape, options_for, skirmish_choices, skirmish_outcome, skirmish_side,
                      skirmish_sides)
from .data import res_text
from .economy import ability, gain_influence, house_corruption, lose_influence, stock_change, upkeep_due
from .messages import T, content_name, name_in, sector_name
from .scoring import objective_points
from .state import Sector, Task, VoidfallState
from .tasks import dec, done, fitted, handler, push

MISSING = SETTINGS["missing_inf"]


# ---------------------------------------------------------------- skirmish
def skirmish_strength(state: VoidfallState, seat: int, bonus: int = 0) -> int:
    """Article 突擊: Voidborn cubes = Corruption on the house mat, +1 in Cycles 2 and 3."""
    return house_corruption(state.houses[seat]) + SETTINGS["skirmish_cycle_bonus"][state.cycle] + bonus


def skirmish_target(state: VoidfallState, seat: int, strength: int) -> tuple[Sector, Result] | tuple[None, None]:
    """Article: a non-Home sector of the house next to a Voidborn sector; prefer one the
    Voidborn win or tie, then the most cubes recalled, then Pure, highest Population, most
    Guilds, then at random. Each sector is judged by the result of the house's best loss choice
    (`skirmish_outcome`)."""
    void_keys = {s.key for s in state.sectors if controller(s) == "void"}
    cands = [s for s in controlled(state, seat) if s.home_of < 0 and any(k in void_keys for k in adjacent(state, s.key))]
    scored = []
    for s in cands:
        res = skirmish_outcome(state, seat, strength, s)
        scored.append(((res.winner != "defender"), res.defender_lost, not s.corrupted, s.pop, len(s.guilds), s.key, s, res))
    if not scored:
        return None, None
    top = max(x[:5] for x in scored)
    tied = sorted((x for x in scored if x[:5] == top), key=lambda x: x[5])
    if len(tied) > 1:  # article: 隨機選擇 when everything else is equal
        state.mark_reveal()
        best = tied[state.rng.randrange(len(tied))]
    else:
        best = tied[0]
    return best[6], best[7]


def skirmish(state: VoidfallState, seat: int, bonus: int = 0) -> None:
    h = state.houses[seat]
    strength = skirmish_strength(state, seat, bonus)
    if strength <= 0:
        state.say(T("The Voidborn have no strength against {seat} (no Corruption on the house mat).", seat=name(seat)))
        return
    if h.techs.get("autonomous_drones") == "improved":
        state.say(T("{seat}'s Autonomous Drones repel the Skirmish.", seat=name(seat)))
        return
    if "skirmish_shield" in state.perms and h.influence <= 40:
        state.say(T("{seat} (40 Influence or less) cannot be invaded by a Skirmish this Cycle.", seat=name(seat)))
        return
    strike(state, seat, strength)


def strike(state: VoidfallState, seat: int, strength: int) -> None:
    """Choose the target and fight; when the house has a loss choice to make, push a
    `defend_skirmish` task (below) that finishes the Skirmish, so a caller that goes on at
    once must not rely on the Skirmish being over."""
    s, res = skirmish_target(state, seat, strength)
    if s is None or res is None:
        state.say(T("The Voidborn ({n} cubes) find no sector of {seat} to strike.", n=strength, seat=name(seat)))
        return
    state.say(T("Skirmish: {n} Voidborn cubes strike {seat}'s {sector}.", n=strength, seat=name(seat), sector=sector_name(s, HOUSES, HEXES)))
    if loss_choices(skirmish_side(state, seat, strength), defence_side(state, seat, s)):
        push(state, "defend_skirmish", seat, target=s.key, strength=strength)
        return
    finish_skirmish(state, seat, s, res)


def finish_skirmish(state: VoidfallState, seat: int, s: Sector, res: Result) -> None:
    """Carry out the Skirmish result `res` on `s` (recalls, Escape Pods, hold or lose it)."""
    h = state.houses[seat]
    for line in res.lines:
        state.say(line)
    h.active += res.defender_lost - res.defender_launched
    escape(state, seat, res.defender_lost)
    if res.winner == "defender":
        fleets.settle(state, s, res.defender)
        state.say(T("{seat} holds {sector}.", seat=name(seat), sector=sector_name(s, HOUSES, HEXES)))
        return
    lose_glory(state, seat, T("losing a Skirmish"))
    if res.winner == "invader":
        s.guilds = s.guilds[: s.printed_guilds]
    fleets.clear(s)
    abandon(state, s, seat, glory=False)


# ---------------------------------------------------------------- upkeep


def upkeep_plans(state: VoidfallState, seat: int) -> list[tuple[int, int, int, int, int]]:
    """(food, energy, materials, credits, missing) ways to pay; Energy/Materials go in pairs.
    Only the plans that leave the fewest unpaid are legal (「你必須儘可能的支付」)."""
    h = state.houses[seat]
    due = upkeep_due(state, seat)
    credit_rate = 2 if h.techs.get("data_collection") == "improved" else 0
    plans = set()
    for f in range(0, min(due, h.res.get("F", 0)) + 1):
        left = due - f
        c = min(h.res.get("C", 0), -(-left // credit_rate)) if credit_rate else 0
        left2 = max(0, left - c * credit_rate)
        units = min(left2, (h.res.get("E", 0) + h.res.get("M", 0)) // 2)
        e = min(h.res.get("E", 0), 2 * units)
        m = 2 * units - e
        if m > h.res.get("M", 0):
            m = h.res.get("M", 0)
            e = 2 * units - m
        em = 2 * units
        missing = left2 - em // 2
        plans.add((f, e, m, c, missing))
    fewest = min(p[4] for p in plans)
    return sorted((p for p in plans if p[4] == fewest), key=lambda p: -p[0])


@handler("upkeep")
class Upkeep:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        seat = task.seat
        due = upkeep_due(state, seat)
        if due == 0:
            return []
        h = state.houses[seat]
        rows = []
        for f, e, m, c, miss in upkeep_plans(state, seat):
            paid = {"F": f, "E": e, "M": m, "C": c}
            change = stock_change(h, paid, -1) or T("nothing paid")
            if miss:
                detail = T("{change}; {n} unpaid: Influence {now} -> {after}", change=change, n=miss, now=h.influence,
                           after=max(0, h.influence - miss * MISSING))
            else:
                detail = T("{change}; Upkeep fully paid", change=change)
            spent = res_text(paid) or T("nothing")
            rest = e + m + c
            rows.append((f"p:{f}:{e}:{m}:{c}", [(T("pay {resources}", resources=spent), detail), (spent, detail),
                                                (T("{n} Food + {rest} more", n=f, rest=rest) if rest else spent, detail)]))
        return [dec(seat, T("Upkeep: {n} to pay (1 Food or 2 Energy/Materials each; no Credits or Science).", n=due), fitted(rows))]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        h = state.houses[task.seat]
        h.last_upkeep, h.last_upkeep_paid = 0, True
        done(state, task)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        seat, h = task.seat, state.houses[task.seat]
        f, e, m, c = map(int, choice[2:].split(":"))
        due = upkeep_due(state, seat)
        miss = next(p[4] for p in upkeep_plans(state, seat) if p[:4] == (f, e, m, c))
        for r, n in (("F", f), ("E", e), ("M", m), ("C", c)):
            h.res[r] -= n
        if c:
            state.say(T("{seat} pays Upkeep {due}: {food} Food, {energy} Energy, {materials} Materials, {credits} Credits.",
                        seat=name(seat), due=due, food=f, energy=e, materials=m, credits=c))
        else:
            state.say(T("{seat} pays Upkeep {due}: {food} Food, {energy} Energy, {materials} Materials.",
                        seat=name(seat), due=due, food=f, energy=e, materials=m))
        h.last_upkeep, h.last_upkeep_paid = due, miss == 0
        if miss:
            lose_influence(state, seat, miss * MISSING, T("{n} Upkeep unpaid", n=miss), "upkeep")
        done(state, task)


# ---------------------------------------------------------------- agenda objectives
def score_agendas(state: VoidfallState, seat: int) -> None:
    """Article: Pure Agendas in play score each objective; Corrupted ones score nothing."""
    h = state.houses[seat]
    pts = sum(objective_points(state, seat, o) for o in STARTING_AGENDA["objectives"])
    gain_influence(state, seat, pts, content_name("agenda:starting", STARTING_AGENDA["name"]), "agenda")
    for i, a in enumerate(h.agendas):
        if not a:
            continue
        if h.agenda_corrupt[i]:
            state.say(T("{seat}'s Agenda {agenda} is Corrupted and scores nothing.", seat=name(seat), agenda=name_in("agenda", a, AGENDAS)))
            h.forgone += sum(objective_points(state, seat, o) for o in AGENDAS[a]["objectives"])
            continue
        pts = sum(objective_points(state, seat, o) for o in AGENDAS[a]["objectives"])
        gain_influence(state, seat, pts, T("Agenda {agenda}", agenda=name_in("agenda", a, AGENDAS)), "agenda")
        if pts and ability(h, "agenda_score_inf"):
            gain_influence(state, seat, ability(h, "agenda_score_inf"), T("house ability"), "ability")


# ---------------------------------------------------------------- the struck house's loss choice
def _skirmish_target_ok(state: VoidfallState, seat: int, s: Sector) -> bool:
    return controller(s) == seat and s.home_of < 0


@handler("defend_skirmish")
class DefendSkirmish:
    """`seat` is the struck house; data: `target` (sector key) and `strength` (Voidborn cubes),
    fixed when the Skirmish chose its target."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        s, strength = sector(state, task.data["target"]), task.data["strength"]
        if not _skirmish_target_ok(state, task.seat, s):
            return []
        outs = skirmish_choices(state, task.seat, strength, s)
        if not outs:
            return []
        prompt = T("Skirmish: {n} Voidborn cubes strike your {sector}: which of your fleet kinds do you lose last? "
                   "(The others go in the usual order.)", n=strength, sector=sector_name(s, HOUSES, HEXES))
        return [dec(task.seat, prompt, options_for(outs))]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        """Nothing left to choose (the sector changed in the meantime): fight it as it stands,
        or strike again if the sector is no longer a target."""
        done(state, task)
        s, strength = sector(state, task.data["target"]), task.data["strength"]
        if _skirmish_target_ok(state, task.seat, s):
            finish_skirmish(state, task.seat, s, resolve(*skirmish_sides(state, task.seat, strength, s)))
        else:
            strike(state, task.seat, strength)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        s, kind = sector(state, task.data["target"]), choice[2:]
        inv, dfn = skirmish_sides(state, task.seat, task.data["strength"], s)
        state.say(T("{seat} will lose {fleet} cubes last.", seat=name(task.seat), fleet=name_in("fleet", kind, FLEET_NAME)))
        finish_skirmish(state, task.seat, s, resolve(inv, replace(dfn, protect=kind)))
