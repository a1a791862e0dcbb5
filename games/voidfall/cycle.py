"""Setup and the three Cycles (preparation with the Galactic Event drawn, focus, evaluation); the
mode (modes.py: competitive, or the Voidborn's in solo/co-op) fills in its own steps and ends the
game. The Event's frames and objectives are in events.py."""

from __future__ import annotations

from itertools import permutations

from games.core import Decision

from . import fleets
from .board import name
from .data import (AGENDAS, AGENDA_TYPES, BOUNTY_FACES, EVENTS, FOCUS, HOUSES, ORIGINS, RECLAIM_FACES, SETTINGS,
                   STARTER_HOUSES, TECHS, game_map, hand_for, res_text, data_text)
from .effects import start_group
from .evaluation import score_agendas, skirmish
from .events import own_objectives
from .lanes import push_together
from .messages import T, joined, name_in
from .modes import mode_of
from .state import Sector, Task, VoidfallState
from .tasks import dec, done, handler, opt, push
from .tokens import starting_tokens, trade_slot


# ---------------------------------------------------------------- setup
def build_map(state: VoidfallState) -> None:
    """The sectors of the game's map (competitive, or a solo/co-op scenario map) as printed."""
    for key, h in game_map(state)["hexes"].items():
        state.sectors.append(Sector(
            key=key, name=h["name"], type=h["type"], pop=h["pop"], corrupted=h["corrupted"] and h["pop"] > 0,
            fixed_pop=h["fixed_pop"], void=h["void"], guilds=list(h["printed_guilds"]), installs=list(h["printed_installs"]) + ["sd"] * h["sd"],
            printed_guilds=len(h["printed_guilds"]), printed_installs=len(h["printed_installs"]), glory=list(h["glory"]),
            bounty=h["bounty"], reclaim=h["reclaim"]))


def sector_at(state: VoidfallState, key: str) -> Sector:
    return next(s for s in state.sectors if s.key == key)


@handler("pick_house")
class PickHouse:
    """Houses are chosen one by one, last seat first; then each chooses one of its 2 origins."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        d = task.data
        seat = d["order"][d["i"]]
        if d["step"] == "house":
            pool = STARTER_HOUSES if state.options.get("houses", "starter") == "starter" else sorted(HOUSES)
            taken = set(d["chosen"].values())
            return [dec(seat, T("Choose your house."), [
                opt(f"h:{k}", name_in("house", k, HOUSES), data_text(HOUSES[k]["ability_text"])) for k in pool if k not in taken])]
        house = d["chosen"][str(seat)]
        return [dec(seat, T("Choose the origin of House {house}.", house=name_in("house", house, HOUSES)), [
            opt(f"o:{k}", T("{tech} (origin {card})", card=o["card"], tech=name_in("tech", o["tech"], TECHS)),
                T("Home Population {home}, outpost Population {outpost}, {active} active cubes; starts with {res}",
                  home=o["home_pop"], outpost=o["outpost_pop"], active=o["active"], res=res_text(o["res"])))
            for k, o in ORIGINS.items() if o["house"] == house])]

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        d = task.data
        seat = decision.seat
        if d["step"] == "house":
            d["chosen"][str(seat)] = choice[2:]
            state.say(T("{seat} takes House {house}.", seat=name(seat), house=name_in("house", choice[2:], HOUSES)))
            d["step"] = "origin"
            return
        state.houses[seat].origin = choice[2:]
        d["step"] = "house"
        d["i"] += 1
        if d["i"] >= len(d["order"]):
            done(state, task)
            for s in range(state.players):
                state.houses[s].house = d["chosen"][str(s)]
            finish_setup(state)


def finish_setup(state: VoidfallState) -> None:
    n = state.players
    layout = mode_of(state).layout(state)
    for seat in range(n):
        h = state.houses[seat]
        o = ORIGINS[h.origin]
        home = sector_at(state, layout["homes"][seat])
        home.name, home.type, home.home_of, home.owner = f"{HOUSES[h.house]['name']} Home", "home", seat, seat
        home.pop, home.corrupted, home.void, home.glory, home.bounty, home.reclaim = o["home_pop"], False, 0, [], 0, 0
        home.guilds, home.installs = list(o["home_guilds"]), ["yard"]
        home.printed_guilds, home.printed_installs = 0, 1
        fleets.set_fleet(state, seat, home, o["home_fleet"])
        out = sector_at(state, layout["outposts"][seat])
        out.type, out.owner, out.pop, out.void, out.glory, out.bounty, out.reclaim = "standard", seat, o["outpost_pop"], 0, [], 0, 0
        out.corrupted = o["corrupted"] == "outpost"
        out.guilds, out.installs, out.printed_guilds, out.printed_installs = list(o["outpost_guilds"]), list(o["outpost_installs"]), 0, 0
        fleets.set_fleet(state, seat, out, o["outpost_fleet"])
        h.influence = SETTINGS["influence_start"]
        h.res = dict(o["res"])
        h.glory = [SETTINGS["glory_start"]]
        on_map = sum(home.fleet.values()) + sum(out.fleet.values())
        h.active = o["active"]
        h.inactive = SETTINGS["cubes"] - on_map - h.active
        h.tracks = {"soc": o["civ"]["soc"], "sta": o["civ"]["sta"], "eco": o["civ"]["eco"]}
        h.track_corrupt = {"soc": False, "sta": False, "eco": False}
        h.techs = {o["tech"]: "basic"}
        h.near = [o["tech"]]
        h.prod_bonus = o["prod_bonus"]
        h.agendas, h.agenda_trade, h.agenda_corrupt = [""] * 3, [False] * 3, [False] * 3
        cards = hand_for(h.house)
        h.hand = [c for slot, c in cards.items() if slot != "innovation" or c != "innovation"]
    unused = [k for k in HOUSES if k not in {h.house for h in state.houses}]
    fallen = sector_at(state, layout["fallen"])
    fk = unused[state.rng.randrange(len(unused))]
    fallen.type, fallen.fallen, fallen.pop, fallen.corrupted = "fallen", fk, HOUSES[fk]["fallen_pop"], True
    fallen.void, fallen.glory, fallen.installs, fallen.printed_installs = 0, [1], [], 0
    fallen.name = f"House {HOUSES[fk]['name']} (fallen)"
    starting = {h.techs and next(iter(h.techs)) for h in state.houses}
    pool = sorted(t for t in TECHS if t not in starting)
    state.rng.shuffle(pool)
    state.market = pool[: SETTINGS["market_size"]]
    for t in AGENDA_TYPES:
        deck = sorted(a for a in AGENDAS if AGENDAS[a]["type"] == t)
        state.rng.shuffle(deck)
        state.agenda_face[t] = deck.pop(0)
        state.agenda_decks[t] = deck
        state.offer_corrupt[t] = False
    for c in (1, 2, 3):
        pile = sorted(e for e in EVENTS if EVENTS[e]["cycle"] == c)
        state.rng.shuffle(pile)
        state.event_piles[str(c)] = pile
    state.bounty_bag = [i for i in range(len(BOUNTY_FACES)) for _ in range(SETTINGS["bounty_copies"])]
    state.reclaim_bag = [i for i in range(len(RECLAIM_FACES)) for _ in range(SETTINGS["reclaim_copies"])]
    state.trade_board = [1] * SETTINGS["trade_slots"]
    for seat in range(n):
        starting_tokens(state, seat, ORIGINS[state.houses[seat].origin]["extra"])
    state.order = list(range(n))
    state.mark_reveal()
    state.say(T("House {house} lies fallen on the map. The technology market is set.", house=name_in("house", fk, HOUSES)))
    push(state, "cycle", -1, phase="start")
    mode_of(state).setup(state)
    for seat in reversed(range(n)):
        ex = ORIGINS[state.houses[seat].origin]["extra"]
        effects = [{"do": k} for k in ("agenda", "upgrade_glory", "remove_corruption", "move_corruption") if ex.get(k)]
        if effects:
            start_group(state, seat, effects, "and", T("Origin card"), score="origin")


# ---------------------------------------------------------------- the cycle driver
@handler("cycle")
class Cycle:
    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        d = task.data
        ph = d["phase"]
        if ph == "start":
            state.cycle += 1
            state.phase = "preparation"
            state.perms = []
            for h in state.houses:
                h.removed_this_cycle = 0
            state.say(T("=== Cycle {n}: preparation ===", n=state.cycle))
            d["phase"] = "event"
            if state.cycle > 1:
                prepare(state)
            mode_of(state).preparation(state)
        elif ph == "event":
            ev = state.event_piles[str(state.cycle)].pop(0)
            if state.event:
                state.past_events.append(state.event)
            state.event = ev
            state.rounds = EVENTS[ev]["rounds"]
            state.mark_reveal()
            state.say(T("Galactic Event: {event} ({n} turns each).", event=name_in("event", ev, EVENTS), n=state.rounds))
            d["phase"], d["r"], d["t"] = "focus", 0, 0
            push(state, "frames", -1, i=0)
        elif ph == "focus":
            state.phase = "focus"
            if mode_of(state).focus_step(state, d):
                return
            if d["t"] >= len(state.order):
                d["r"], d["t"] = d["r"] + 1, 0
            if d["r"] >= state.rounds:
                d["phase"] = "eval"
                return
            seat = state.order[d["t"]]
            state.round = d["r"] + 1
            state.turn_idx = d["t"]
            if d["r"] == 0:
                mode_of(state).first_round_frames(state, seat)
            push(state, "turn", seat, phase="select", used=[], flipped=False)
            state.say(T("--- Cycle {cycle}, turn {turn}: {seat} ---", cycle=state.cycle, turn=d["r"] + 1, seat=name(seat)))
            d["t"] += 1
        elif ph == "eval":
            state.phase = "evaluation"
            state.say(T("=== Cycle {n}: evaluation ===", n=state.cycle))
            d["phase"] = "next"
            push(state, "refresh", -1)
            for seat in reversed(state.order):
                push(state, "agendas", seat)
            # 「如果沒有影響可以同時執行」: each house's Upkeep at once, with its objectives when they
            # touch only that house; else objectives from a shared supply go in turn order, the
            # first house's right after its Upkeep (it would be first anyway: one visit, not two)
            together = own_objectives(state)
            if not together:
                for seat in reversed(state.order[1:]):
                    push(state, "galactic", seat)
            push_together(state, {seat: ([("galactic", {})] if together or seat == state.order[0] else [])
                                  + [("upkeep", {})] for seat in state.order})
            mode_of(state).evaluation(state)  # the Skirmishes (solo/co-op: the Voidborn assaults)
        elif ph == "next":
            if state.cycle >= 3:
                done(state, task)
                mode_of(state).end(state)
            else:
                d["phase"] = "start"


def prepare(state: VoidfallState) -> None:
    """Preparation from Cycle 2: box the lowest Trade token, refresh the Improved offer, and
    choose turn order from low to high Influence."""
    i = trade_slot(state)
    if i >= 0:
        state.trade_board[i] -= 1
        state.say(T("The lowest Trade token on the galactic board is boxed."))
    half = SETTINGS["market_size"] // 2
    state.improved_offer = state.market[:half] if state.cycle == 2 else state.market[half:]
    state.say(T("Improved technologies on offer: {techs}.", techs=joined([name_in("tech", t, TECHS) for t in state.improved_offer])))
    if state.players == 1:
        return  # article: 在單人遊戲中跳過此步驟
    if state.mode == "coop":  # 「共同決定回合順位」: one joint choice, voiced by the first house in turn order
        push(state, "order", -1, pickers=[state.order[0]], taken={}, joint=True)
        return
    prev = {s: i for i, s in enumerate(state.order)}
    pickers = sorted(range(state.players), key=lambda s: (state.houses[s].influence, -prev[s]))
    push(state, "order", -1, pickers=pickers, taken={})


@handler("order")
class Order:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        d = task.data
        if d.get("joint"):
            orders = sorted(permutations(range(state.players)), key=lambda p: list(p) != state.order)
            return [dec(d["pickers"][0], T("Co-op: decide the turn order together for this Cycle."),
                        [opt("o:" + "".join(map(str, p)), joined([name(s) for s in p]),
                             T("{first} plays first and {last} last, as last Cycle", first=name(p[0]), last=name(p[-1]))
                             if list(p) == state.order else T("{first} plays first, then {seats}", first=name(p[0]),
                                                                 seats=joined([name(s) for s in p[1:]])))
                         for p in orders])]
        seat = d["pickers"][len(d["taken"])]
        free = [i for i in range(state.players) if str(i) not in d["taken"]]
        return [dec(seat, T("Choose your place in the turn order (lowest Influence chooses first)."),
                    [opt(f"p:{i}", T("position {n}", n=i + 1), T("first to play each turn") if i == 0
                         else T("plays after {n} house(s) each turn", n=i)) for i in free])]

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        d = task.data
        if d.get("joint"):
            state.order = [int(c) for c in choice[2:]]
            state.say(T("Turn order (decided together): {seats}.", seats=joined([name(s) for s in state.order])))
            done(state, task)
            return
        d["taken"][choice[2:]] = decision.seat
        if len(d["taken"]) == state.players:
            state.order = [d["taken"][str(i)] for i in range(state.players)]
            state.say(T("Turn order: {seats}.", seats=joined([name(s) for s in state.order])))
            done(state, task)


@handler("skirmish")
class Skirmish:
    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        skirmish(state, task.seat)


@handler("agendas")
class Agendas:
    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        score_agendas(state, task.seat)


@handler("refresh")
class Refresh:
    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        for seat, h in enumerate(state.houses):
            h.hand.extend(h.discard)
            h.discard = []
            if state.cycle == 1 and hand_for(h.house)["innovation"] == "innovation" and "innovation" not in h.hand:
                h.hand.append("innovation")
        order = list(FOCUS)
        for h in state.houses:
            h.hand.sort(key=order.index)
        state.say(T("Every house takes its Focus cards back and adds Innovation.") if state.cycle == 1
                  else T("Every house takes its Focus cards back."))
