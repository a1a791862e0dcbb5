"""Invasions (their exact results come from defence.py), the invaded house's loss choice (task
`defend`), rescuing a fallen house, and Regroup."""

from __future__ import annotations

from typing import Any

from games.core import Decision, Option
from games.core.i18n import Text

from . import fleets
from .board import abandon, adjacent, controlled, controller, cubes, lose_glory, name, occupy, sector, sort_sectors
from .combat import Result
from .data import FLEET_NAME, HEXES, HOUSES, SECTOR_TYPES, SETTINGS, TECHS, data_text
from .defence import (confirm_label, defender_side, escape, fleet_words, invasion_choices, invasion_sides, moved_total,
                      options_for, outlook_text, preview)
from .economy import ability, gain, gain_influence, pay
from .effects import effect, influence_change, start_group
from .messages import T, content_name, joined, name_in, sector_name
from .modes import mode_of
from .state import Sector, Task, VoidfallState
from .tasks import dec, done, fitted, handler, opt, push
from .tokens import draw_bounty, draw_reclaim, return_trade
from .tracks import gain_tech


# ---------------------------------------------------------------- invasion targets and sources
def sources(state: VoidfallState, seat: int, target: str) -> list[str]:
    """Your sectors with cubes next to the target (Hyperdrive: also one step further, through
    one of your sectors)."""
    near = set(adjacent(state, target, seat))
    if state.houses[seat].techs.get("hyperdrive"):
        for k in list(near):
            if controller(sector(state, k)) == seat:
                near |= set(adjacent(state, k, seat))
    near.discard(target)
    return sorted(k for k in near if sector(state, k).owner == seat and cubes(sector(state, k)) > 0)


def targets(state: VoidfallState, seat: int, e: dict[str, Any]) -> list[str]:
    out = []
    for s in state.sectors:
        c = controller(s)
        if c == seat or s.home_of >= 0:
            continue
        if e.get("corrupted") and not s.corrupted:
            continue
        if sources(state, seat, s.key):
            out.append(s.key)
    return out


# ---------------------------------------------------------------- the invade effect
def _inv_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return bool(targets(state, seat, e))


def _holder(state: VoidfallState, s: Sector) -> Text:
    c = controller(s)
    return T("Voidborn") if c == "void" else (name(c) if isinstance(c, int) else (T("Fallen House") if s.fallen else T("neutral")))


def target_detail(state: VoidfallState, seat: int, s: Sector) -> Text:
    """What invading `s` means: who holds it, what defends it, what it is worth."""
    dfn, _ = defender_side(state, s)
    near = sum(cubes(sector(state, k)) for k in sources(state, seat, s.key))
    return T("{sector} ({who}): defended by {cubes} cube(s) and {defences} Sector Defense/Starbase(s); Glory {glory}; "
             "Population {pop}; your cubes that can go: {near}", sector=sector_name(s, HOUSES, HEXES), who=_holder(state, s),
             cubes=dfn.total(), defences=dfn.defences, glory=sum(s.glory), pop=s.pop, near=near)


def outlook(state: VoidfallState, seat: int, d: dict[str, Any]) -> Text:
    """The exact result of invasion `d` as it stands (by the defending house's choice, if it has one)."""
    if not sum(moved_total(d).values()):
        return T("nothing sent yet")
    outs = invasion_choices(state, seat, d)
    return outlook_text(outs) if outs else preview(state, seat, d)[0].summary()


def _with(d: dict[str, Any], **change: Any) -> dict[str, Any]:
    """A copy of invasion `d` with `change` (the fleets moved copied too)."""
    out = {**d, "move": {k: dict(v) for k, v in d.get("move", {}).items()}}
    for key, value in change.items():
        out[key] = value
    return out


def _sent(d: dict[str, Any], key: str, kind: str) -> dict[str, Any]:
    more = _with(d)
    more["move"].setdefault(key, {})
    more["move"][key][kind] = more["move"][key].get(kind, 0) + 1
    return more


def _inv_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    d, seat = task.data, task.seat
    h = state.houses[seat]
    if "target" not in d:
        rows = [(f"t:{k}", [(sector_name(sector(state, k), HOUSES, HEXES), target_detail(state, seat, sector(state, k)))])
                for k in targets(state, seat, d["e"])]
        return T("Invade which sector?"), fitted(rows, [opt("cancel", T("Do not invade"), T("decline this effect"))], numbered=True)
    res, dfn, who = preview(state, seat, d)
    picks = []
    for k in sources(state, seat, d["target"]):
        s = sector(state, k)
        for kind, n in sorted(s.fleet.items()):
            left = n - d["move"].get(k, {}).get(kind, 0)
            if left > 0:
                picks.append((k, kind, left))
    kinds = len({kind for _, kind, _ in picks})
    rows = []
    for k, kind, left in picks:
        s = sector(state, k)
        fleet, here = name_in("fleet", kind, FLEET_NAME), sector_name(s, HOUSES, HEXES)
        text = T("send 1 {fleet} from {sector} ({n} there can still go); with it: {outlook}", fleet=fleet, sector=here, n=left,
                 outlook=outlook(state, seat, _sent(d, k, kind)))
        if s.home_of < 0 and sum(s.fleet.values()) - sum(d["move"].get(k, {}).values()) == 1:
            text = T("{text}; {sector} is left empty and abandoned", text=text, sector=here)
        labels = [here] if kinds == 1 else [T("{fleet} from {sector}", fleet=fleet, sector=here), fleet]
        rows.append((f"m:{k}:{kind}", [(label, text) for label in labels]))
    extra = []
    moved = sum(moved_total(d).values())
    if h.techs.get("deep_space_missiles") == "basic" and not d.get("dsm") and h.res.get("E", 0) + h.res.get("C", 0) >= 1:
        extra.append(opt("dsm", name_in("tech", "deep_space_missiles", TECHS),
                         T("pay 1 Energy: +1 Approach damage if a Shipyard of yours is next to the target; with it: {outlook}",
                           outlook=outlook(state, seat, _with(d, dsm=True)))))
    if h.techs.get("autonomous_drones") and not d.get("drones") and h.trade > 0:
        extra.append(opt("drones", name_in("tech", "autonomous_drones", TECHS),
                         T("return a Trade token: absorb Approach and Salvo damage; with it: {outlook}",
                           outlook=outlook(state, seat, _with(d, drones=True)))))
    if d["e"].get("bombard") and h.res.get("M", 0) - d.get("bomb", 0) >= 3:
        extra.append(opt("bomb", content_name("action:bombard", "Bombard"),
                         T("spend 3 more Materials (so far {n}): +1 absorption; with it: {outlook}", n=d.get("bomb", 0),
                           outlook=outlook(state, seat, _with(d, bomb=d.get("bomb", 0) + 3)))))
    kinds_sent = sorted(k for k, n in moved_total(d).items() if n)
    if len(kinds_sent) >= 2:
        for k in kinds_sent:
            if d.get("protect") != k:
                extra.append(opt(f"p:{k}", T("{fleet} last", fleet=name_in("fleet", k, FLEET_NAME)),
                                 T("you lose {fleet} cubes last (the side taking damage chooses); then: {outlook}",
                                   fleet=name_in("fleet", k, FLEET_NAME), outlook=outlook(state, seat, _with(d, protect=k)))))
    outs = invasion_choices(state, seat, d) if moved else []
    if outs:  # the defending house will choose its losses: show the result of every choice
        extra.append(opt("go", confirm_label(outs), outlook_text(outs)))
    elif moved:
        extra.append(opt("go", CONFIRM[res.winner], res.summary()))
    extra.append(opt("cancel", T("Call it off"), T("nothing moves; the effect is declined")))
    target = sector_name(sector(state, d["target"]), HOUSES, HEXES)
    if outs:
        prompt = T("Invade {sector}: choose the fleet to send ({n} cube(s) so far). Preview (cubes left: invader vs "
                   "defender) by the kind the defender loses last: {outlook}.", sector=target, n=moved, outlook=outlook_text(outs))
    else:
        prompt = T("Invade {sector}: choose the fleet to send ({n} cube(s) so far). Preview: {summary}.",
                   sector=target, n=moved, summary=res.summary())
    return prompt, fitted(rows, extra, numbered=True)


CONFIRM = {"invader": T("Invade: you win"), "defender": T("Invade: you lose"), "tie": T("Invade: a tie")}
# Where a captured flag sector's own effects come from (the log names the source).
FLAG_SOURCE = {"palace": T("Novarch Palace flag"), "genesis": T("Genesis flag"), "survivors": T("Survivor Colony flag")}


def _inv_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    d = task.data
    if choice == "cancel":
        state.say(T("{seat} does not invade.", seat=name(task.seat)))
        return True
    if "target" not in d:
        d["target"], d["move"], d["step"] = choice[2:], {}, 1
        return False
    if choice.startswith("m:"):
        _, k, kind = choice.split(":")
        d["move"].setdefault(k, {})
        d["move"][k][kind] = d["move"][k].get(kind, 0) + 1
        return False
    if choice.startswith("p:"):
        d["protect"] = choice[2:]
        return False
    if choice in ("dsm", "drones"):
        d[choice] = True
        return False
    if choice == "bomb":
        d["bomb"] = d.get("bomb", 0) + 3
        return False
    who = controller(sector(state, d["target"]))
    if isinstance(who, int) and invasion_choices(state, task.seat, d):  # the defending house first chooses its losses
        state.say(T("{seat} confirms the invasion of {sector}; {defender} chooses which fleet kind to lose last.",
                    seat=name(task.seat), sector=sector_name(sector(state, d["target"]), HOUSES, HEXES), defender=name(who)))
        push(state, "defend", who, invader=task.seat, d=dict(d))
        return True
    carry_out(state, task.seat, d)
    return True


effect("invade", lambda e: T("invade a Corrupted sector") if e.get("corrupted") else T("invade a sector"),
       label=lambda e: T("invade Corrupted sector") if e.get("corrupted") else [],
       can=_inv_can, options=_inv_options, pick=_inv_pick,
       outcome=lambda state, seat, e, ctx: T("choose next: {sectors}", sectors=joined(
           [T("{sector} ({who})", sector=sector_name(sector(state, k), HOUSES, HEXES), who=_holder(state, sector(state, k)))
            for k in targets(state, seat, e)])))


def carry_out(state: VoidfallState, seat: int, d: dict[str, Any]) -> None:
    """Move the fleets in, fight (same code as the preview), then the gains."""
    h = state.houses[seat]
    target = sector(state, d["target"])
    res, dfn, who = preview(state, seat, d)
    if d.get("dsm"):
        pay(state, seat, {"E": 1})
    if d.get("drones"):
        h.trade -= 1
        return_trade(state)
    if d.get("bomb"):
        h.res["M"] -= d["bomb"]
    groups = []
    for k, per in d["move"].items():
        s = sector(state, k)
        groups.append(fleets.depart(state, seat, s, per))  # each source's cubes travel on their own markers
        if not s.fleet and s.home_of < 0:
            abandon(state, s, seat)
    d["arrive"] = fleets.join_groups(groups)
    where = sector_name(target, HOUSES, HEXES)
    state.say(T("{seat} invades {sector} with {n} cube(s).", seat=name(seat), sector=where, n=sum(moved_total(d).values())))
    for line in res.lines:
        state.say(line)
    state.last_combat = [T("{sector}: {summary}", sector=where, summary=res.summary())] + res.lines
    inv_lost = res.invader_lost
    h.active -= res.launched
    h.active += inv_lost
    escape(state, seat, inv_lost)
    if isinstance(who, int):
        state.houses[who].active += res.defender_lost - res.defender_launched
        escape(state, who, res.defender_lost)
    if res.winner == "invader":
        win(state, seat, target, res, who, d)
    elif res.winner == "tie":
        state.say(T("Tie at {sector}: both fleets are gone.", sector=where))
        if isinstance(who, int):
            fleets.clear(target)
            abandon(state, target, who)
        else:
            target.void = 0
            abandon(state, target, -1, glory=False)
    else:
        state.say(T("The defence of {sector} holds.", sector=where))
        if who == "void":
            target.void = res.defender.get("void", 0)
        elif isinstance(who, int):
            fleets.settle(state, target, res.defender)


def win(state: VoidfallState, seat: int, s: Sector, res: Result, who: int | str | None, d: dict[str, Any]) -> None:
    h = state.houses[seat]
    stype = SECTOR_TYPES[s.type]
    where = sector_name(s, HOUSES, HEXES)
    state.say(T("{seat} wins the invasion of {sector}.", seat=name(seat), sector=where))
    glory_here = list(s.glory)
    won_bounty, s.bounty = s.bounty, 0  # the tokens won leave the map (their faces are drawn below)
    occupy(state, seat, s, res.invader, d.get("arrive"))
    if h.techs.get("combat_replicators"):
        draw_bounty(state, seat, name_in("tech", "combat_replicators", TECHS))
    else:
        s.installs = s.installs[: s.printed_installs]
    for _ in range(won_bounty):
        draw_bounty(state, seat, where)
    reclaims = s.reclaim + (1 if h.techs.get("salvage_scanner") and (who == "void" or (
        h.techs["salvage_scanner"] == "improved" and s.corrupted)) else 0)
    s.bounty = s.reclaim = 0
    for _ in range(reclaims):
        draw_reclaim(state, seat, s.key)
    if who == "void":
        if "glory_boost" in state.perms:  # Event 2I: newly gained Glory tokens may be upgraded at once
            glory_here = [min(5, v + 1) for v in glory_here]
        h.glory.extend(glory_here)
        s.glory = []
        gain_influence(state, seat, sum(h.glory), T("total Glory after beating the Voidborn"), "sector")
    elif who is None and glory_here:  # a neutral / Fallen House sector: its Glory goes to the invader (COMBAT.md §7)
        if "glory_boost" in state.perms:
            glory_here = [min(5, v + 1) for v in glory_here]
        h.glory.extend(glory_here)
        s.glory = []
        state.say(T("{seat} takes the Glory of {sector}: {values}.", seat=name(seat), sector=where, values=tuple(glory_here)))
    elif isinstance(who, int):
        gain_influence(state, seat, sum(state.houses[who].glory), T("{seat}'s total Glory", seat=name(who)), "sector")
        lose_glory(state, who, T("losing {sector}", sector=where))
    if d["e"].get("exterminate"):
        gain_influence(state, seat, 2 * res.defender_lost if who == "void" else 0, content_name("action:exterminate", "Exterminate"),
                       "sector")
    if d["e"].get("pop_influence"):
        gain_influence(state, seat, s.pop, content_name("action:liberate", "Liberate"), "sector")
    if ability(h, "invade_win_inf"):
        gain_influence(state, seat, ability(h, "invade_win_inf"), T("house ability"), "ability")
    if ability(h, "invade_win_res"):
        gain(state, seat, ability(h, "invade_win_res"), T("house ability"))
    if h.techs.get("combat_replicators") == "improved" and h.active > 0:
        h.active -= 1
        fleets.add(state, seat, s, "corvette")
        state.say(T("Combat Replicators deploy a Corvette cube in {sector}.", sector=where))
    if h.techs.get("salvage_scanner") == "improved" and s.corrupted and s.pop > 0:
        s.corrupted = False
        state.say(T("Salvage Scanner cleanses {sector}.", sector=where))
    if s.type == "rift":
        s.type, s.pop, s.corrupted = "standard", 1, False
        state.say(T("The Rift closes: {sector} becomes a Pure sector of Population 1.", sector=where))
        for p in state.order or range(state.players):
            start_group(state, p, [{"do": "remove_corruption"}, {"do": "gain_any", "n": 5}], "or", T("Rift closed"),
                        score="sector")
    if s.fallen:
        rescue(state, seat, s)
    mode_of(state).on_invasion_won(state, seat, s)
    if stype.get("flag"):
        start_group(state, seat, stype["flag"], "and", FLAG_SOURCE.get(s.type) or T("{kind} flag", kind=stype["label"]),
                    score="sector")


def rescue(state: VoidfallState, seat: int, s: Sector) -> None:
    h = state.houses[seat]
    fallen = s.fallen
    s.fallen = ""
    gain_influence(state, seat, SETTINGS["fallen_inf"], T("rescuing House {house}", house=name_in("house", fallen, HOUSES)),
                   "sector")
    if h.rescued == 0:
        h.tech_slots += 1
        state.say(T("{seat} gains a sixth technology slot.", seat=name(seat)))
    h.rescued += 1
    techs = [t for t in HOUSES[fallen]["techs"] if t not in h.techs]
    h.near.extend(techs)
    if techs and len(h.techs) < h.tech_slots:
        push(state, "fallen_tech", seat, techs=techs)


@handler("fallen_tech")
class FallenTech:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        return [dec(task.seat, T("Take a technology from the rescued house."),
                    [opt(f"t:{t}", name_in("tech", t, TECHS), T("{text}; {change}", text=data_text(TECHS[t]["basic"]),
                                                                  change=influence_change(state, task.seat, TECHS[t]["influence"])))
                     for t in task.data["techs"]])]

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        gain_tech(state, task.seat, choice[2:], "basic")


# ---------------------------------------------------------------- regroup
def regroup_moves(state: VoidfallState, seat: int) -> list[tuple[str, str, str]]:
    out = []
    for s in sort_sectors(controlled(state, seat)):
        if not s.fleet or (s.home_of < 0 and cubes(s) <= 1):
            continue
        for to in adjacent(state, s.key, seat):
            if controller(sector(state, to)) == seat:
                out += [(s.key, kind, to) for kind in sorted(s.fleet)]
    return out


def _rg_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    left = SETTINGS["regroup_moves"] - task.data.get("moves", 0)
    moves = regroup_moves(state, task.seat)
    kinds = len({k for _, k, _ in moves})
    rows = []
    for a, k, b in moves:
        sa, sb = sector(state, a), sector(state, b)
        start, end, fleet = sector_name(sa, HOUSES, HEXES), sector_name(sb, HOUSES, HEXES), name_in("fleet", k, FLEET_NAME)
        detail = T("1 {fleet} from {start} (cubes {a} -> {a_after}) to {end} ({b} -> {b_after}); {n} move(s) left after it",
                   fleet=fleet, start=start, end=end, a=cubes(sa), a_after=cubes(sa) - 1, b=cubes(sb), b_after=cubes(sb) + 1,
                   n=left - 1)
        labels = [T("{start} -> {end}", start=start, end=end), T("to {end}", end=end)]
        if kinds > 1:
            labels = [T("1 {fleet}: {start} -> {end}", fleet=fleet, start=start, end=end), T("{fleet} to {end}", fleet=fleet, end=end)]
        rows.append((f"r:{a}:{k}:{b}", [(label, detail) for label in labels]))
    stop = opt("stop", T("Stop regrouping"), T("{n} move(s) unused", n=left))
    return T("Regroup: move cubes to adjacent sectors of yours ({n} left).", n=left), fitted(rows, [stop], numbered=True)


def _rg_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    if choice == "stop":
        return True
    _, a, k, b = choice.split(":")
    sa, sb = sector(state, a), sector(state, b)
    fleets.regroup_one(state, task.seat, sa, sb, k)
    task.data["moves"] = task.data.get("moves", 0) + 1
    task.data["step"] = 1
    state.say(T("{seat} moves a {fleet} cube from {start} to {end}.", seat=name(task.seat), fleet=name_in("fleet", k, FLEET_NAME),
                start=sector_name(sa, HOUSES, HEXES), end=sector_name(sb, HOUSES, HEXES)))
    return task.data["moves"] >= SETTINGS["regroup_moves"] or not regroup_moves(state, task.seat)


effect("regroup", T("Regroup (move up to 5 cubes)"), label=T("Regroup"), can=lambda state, seat, e, ctx: bool(regroup_moves(state, seat)),
       options=_rg_options, pick=_rg_pick,
       outcome=lambda state, seat, e, ctx: T("up to 5 moves of 1 cube into an adjacent sector of yours; {n} possible now",
                                             n=len(regroup_moves(state, seat))))


# ---------------------------------------------------------------- the invaded house's loss choice
@handler("defend")
class Defend:
    """`seat` is the defending house; data: `invader` (seat) and `d` (the confirmed invasion)."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        inv_seat, d = task.data["invader"], task.data["d"]
        outs = invasion_choices(state, inv_seat, d)
        if not outs or controller(sector(state, d["target"])) != task.seat:
            return []
        inv, _, _ = invasion_sides(state, inv_seat, d)
        prompt = T("{invader} invades your {sector} with {fleet}: which of your fleet kinds do you lose last? "
                   "(The others go in the usual order.)", invader=name(inv_seat),
                   sector=sector_name(sector(state, d["target"]), HOUSES, HEXES), fleet=fleet_words(inv.cubes))
        return [dec(task.seat, prompt, options_for(outs))]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        carry_out(state, task.data["invader"], task.data["d"])

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        d = task.data["d"]
        d["defend"] = choice[2:]
        state.say(T("{seat} will lose {fleet} cubes last.", seat=name(task.seat), fleet=name_in("fleet", d["defend"], FLEET_NAME)))
        carry_out(state, task.data["invader"], d)
