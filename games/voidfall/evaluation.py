"""Evaluation phase: Voidborn Skirmish, Upkeep, Galactic objectives, Agenda objectives,
taking Focus cards back (article 評估階段)."""

from __future__ import annotations

from . import fleets
from .board import abandon, adjacent, controlled, controller, lose_glory, name, sector_upkeep
from .combat import Side, loss_choices, resolve
from .data import AGENDAS, EVENTS, SETTINGS, STARTING_AGENDA
from .economy import ability, gain_influence, house_corruption, lose_influence
from .effects import start_group
from .scoring import objective_points, objective_text, times
from .tasks import dec, done, handler, opt, push

MISSING = SETTINGS["missing_inf"]


# ---------------------------------------------------------------- skirmish
def skirmish_strength(state, seat, bonus=0) -> int:
    """Article 突擊: Voidborn cubes = Corruption on the house mat, +1 in Cycles 2 and 3."""
    return house_corruption(state.houses[seat]) + SETTINGS["skirmish_cycle_bonus"][state.cycle] + bonus


def skirmish_target(state, seat, strength):
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


def skirmish_outcome(state, seat, strength, s):
    """The exact result of a Skirmish of `strength` on `s` when the house makes its best loss
    choice (the defender chooses what to recall; without a choice, the one result)."""
    from .defence import best_choice

    inv, dfn = skirmish_side(state, seat, strength), defence_side(state, seat, s)
    outs = loss_choices(inv, dfn)
    return best_choice(outs)[1] if outs else resolve(inv, dfn)


def skirmish_side(state, seat, strength) -> Side:
    absorb = 0
    if "adaptation" in state.perms:
        absorb = sum(1 for v in state.houses[seat].techs.values() if v == "improved")
    return Side(cubes={"void": strength}, salvo_absorb=absorb)


def defence_side(state, seat, s) -> Side:
    from .military import defender_side

    return defender_side(state, s)[0]


def skirmish(state, seat, bonus=0) -> None:
    h = state.houses[seat]
    strength = skirmish_strength(state, seat, bonus)
    if strength <= 0:
        state.say(f"The Voidborn have no strength against {name(seat)} (no Corruption on the house mat).")
        return
    if h.techs.get("autonomous_drones") == "improved":
        state.say(f"{name(seat)}'s Autonomous Drones repel the Skirmish.")
        return
    if "skirmish_shield" in state.perms and h.influence <= 40:
        state.say(f"{name(seat)} (40 Influence or less) cannot be invaded by a Skirmish this Cycle.")
        return
    strike(state, seat, strength)


def strike(state, seat, strength) -> None:
    """Choose the target and fight; when the house has a loss choice to make, push a
    `defend_skirmish` task (defence.py) that finishes the Skirmish, so a caller that goes on at
    once must not rely on the Skirmish being over."""
    s, res = skirmish_target(state, seat, strength)
    if s is None:
        state.say(f"The Voidborn ({strength} cubes) find no sector of {name(seat)} to strike.")
        return
    state.say(f"Skirmish: {strength} Voidborn cubes strike {name(seat)}'s {s.name}.")
    if loss_choices(skirmish_side(state, seat, strength), defence_side(state, seat, s)):
        push(state, "defend_skirmish", seat, target=s.key, strength=strength)
        return
    finish_skirmish(state, seat, s, res)


def finish_skirmish(state, seat, s, res) -> None:
    """Carry out the Skirmish result `res` on `s` (recalls, Escape Pods, hold or lose it)."""
    h = state.houses[seat]
    for line in res.lines:
        state.say(line)
    h.active += res.defender_lost - res.defender_launched
    from .military import escape

    escape(state, seat, res.defender_lost)
    if res.winner == "defender":
        fleets.settle(state, s, res.defender)
        state.say(f"{name(seat)} holds {s.name}.")
        return
    lose_glory(state, seat, "losing a Skirmish")
    if res.winner == "invader":
        s.guilds = s.guilds[: s.printed_guilds]
    fleets.clear(s)
    abandon(state, s, seat, glory=False)


# ---------------------------------------------------------------- upkeep
def upkeep_due(state, seat) -> int:
    h = state.houses[seat]
    sectors = 0 if h.techs.get("energy_cells") == "improved" else sum(sector_upkeep(s) for s in controlled(state, seat))
    agendas = sum(SETTINGS["agenda_upkeep"] for i, a in enumerate(h.agendas) if a and not h.agenda_trade[i])
    return max(0, sectors + agendas - (ability(h, "upkeep_discount") or 0))


def upkeep_plans(state, seat) -> list[tuple[int, int, int, int, int]]:
    """(food, energy, materials, credits, missing) ways to pay; Energy/Materials go in pairs."""
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
    return sorted(plans, key=lambda p: (p[4], -p[0]))


@handler("upkeep")
class Upkeep:
    @staticmethod
    def decide(state, task):
        seat = task.seat
        due = upkeep_due(state, seat)
        if due == 0:
            return []
        options = []
        for f, e, m, c, miss in upkeep_plans(state, seat):
            label = f"pay {f} Food, {e} Energy, {m} Materials" + (f", {c} Credits" if c else "")
            options.append(opt(f"p:{f}:{e}:{m}:{c}", label, f"{miss} unpaid: -{miss * MISSING} Influence" if miss else "Upkeep fully paid"))
        return [dec(seat, f"Upkeep: {due} to pay (1 Food or 2 Energy/Materials each; no Credits or Science).", options)]

    @staticmethod
    def auto(state, task):
        h = state.houses[task.seat]
        h.last_upkeep, h.last_upkeep_paid = 0, True
        done(state, task)

    @staticmethod
    def apply(state, task, decision, choice):
        seat, h = task.seat, state.houses[task.seat]
        f, e, m, c = map(int, choice[2:].split(":"))
        due = upkeep_due(state, seat)
        miss = next(p[4] for p in upkeep_plans(state, seat) if p[:4] == (f, e, m, c))
        for r, n in (("F", f), ("E", e), ("M", m), ("C", c)):
            h.res[r] -= n
        state.say(f"{name(seat)} pays Upkeep {due}: {f} Food, {e} Energy, {m} Materials" + (f", {c} Credits." if c else "."))
        h.last_upkeep, h.last_upkeep_paid = due, miss == 0
        if miss:
            lose_influence(state, seat, miss * MISSING, f"{miss} Upkeep unpaid")
        done(state, task)


# ---------------------------------------------------------------- galactic objectives
def reward(state, seat, o, label) -> None:
    n = times(state, seat, o) if o["kind"] in ("feat", "per") else 0
    if o["kind"] in ("ladder", "ladder_each") or "inf" in o:
        gain_influence(state, seat, objective_points(state, seat, o), label)
        return
    for _ in range(min(n, 6)):
        start_group(state, seat, o["reward"], o.get("join", "and"), label)


def side_text(state, seat, side) -> str:
    return "; ".join(objective_text(o) for o in side)


@handler("galactic")
class Galactic:
    @staticmethod
    def decide(state, task):
        ev = EVENTS[state.event]
        if ev["sep"] != "or":
            return []
        return [dec(task.seat, f"Galactic objectives of {ev['name']}: score A or B.",
                    [opt("a", "objective A", side_text(state, task.seat, ev["a"])),
                     opt("b", "objective B", side_text(state, task.seat, ev["b"]))])]

    @staticmethod
    def auto(state, task):
        done(state, task)
        ev = EVENTS[state.event]
        for o in reversed(ev["a"] + ev["b"]):
            reward(state, task.seat, o, f"{ev['name']} objective")

    @staticmethod
    def apply(state, task, decision, choice):
        done(state, task)
        ev = EVENTS[state.event]
        for o in reversed(ev[choice]):
            reward(state, task.seat, o, f"{ev['name']} objective {choice.upper()}")


def score_agendas(state, seat) -> None:
    """Article: Pure Agendas in play score each objective; Corrupted ones score nothing."""
    h = state.houses[seat]
    pts = sum(objective_points(state, seat, o) for o in STARTING_AGENDA["objectives"])
    gain_influence(state, seat, pts, STARTING_AGENDA["name"])
    for i, a in enumerate(h.agendas):
        if not a:
            continue
        if h.agenda_corrupt[i]:
            state.say(f"{name(seat)}'s Agenda {AGENDAS[a]['name']} is Corrupted and scores nothing.")
            continue
        pts = sum(objective_points(state, seat, o) for o in AGENDAS[a]["objectives"])
        gain_influence(state, seat, pts, f"Agenda {AGENDAS[a]['name']}")
        if pts and ability(h, "agenda_score_inf"):
            gain_influence(state, seat, ability(h, "agenda_score_inf"), "house ability")

