"""Task handlers for the turn structure and the card-taking actions (mine, trade, plan, research,
execute, draw). Build, Sabotage, Refine and the Sector Core are in actions.py, Command and battles in
movement.py, setup choices in setup_steps.py.

Each handler kind has three functions: decide(state, task) -> list[Decision] (empty means
the task proceeds automatically), auto(state, task) and apply(state, task, decision, choice).
The stack is processed from the top; a handler pushes sub-tasks above itself to run first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Decision

from .common import card_detail, card_label, dec, done, no_decisions, opt, pick_any, picks
from .data import CARDS, CARD_GATES, CENTER, SETTINGS, VARIANTS, colour_name
from .engine import (deck_pop, draw_to_hand, finish, fits, gain, gems, impulse_of, name, start_effect, tech_spec,
                     tech_text, turned_up)
from .messages import T
from .state import ImpulseState, Task
from .wording import card_now

Decide = Callable[[ImpulseState, Task], list[Decision]]
Auto = Callable[[ImpulseState, Task], None]
Apply = Callable[[ImpulseState, Task, Decision, Any], None]  # a choice: an option id, or several ids
DECIDE: dict[str, Decide] = {}
AUTO: dict[str, Auto] = {}
APPLY: dict[str, Apply] = {}


def handler(kind: str) -> Callable[[type], type]:
    """Register the decorated class's static `decide`, `auto` and `apply` for tasks of `kind`."""
    def wrap(cls: type) -> type:
        DECIDE[kind], AUTO[kind], APPLY[kind] = getattr(cls, "decide"), getattr(cls, "auto"), getattr(cls, "apply")
        return cls
    return wrap


def tech_action(state: ImpulseState, seat: int, slot: int) -> str:
    """The action a tech performs (an Execute may not call a tech that executes or echoes: no loops)."""
    return VARIANTS[tech_spec(state, seat, slot)[1].get("variant") or CARDS[state.ps[seat].techs[slot]].variant]["action"]


def use_tech(state: ImpulseState, seat: int, slot: int) -> None:
    tech = state.ps[seat].techs[slot]
    label, spec = tech_spec(state, seat, slot)
    if tech in CARDS:
        start_effect(state, seat, tech)
    else:
        fixed = {"variant": spec["variant"], "n": spec["n"], "name": label}
        if "max_size" in spec:
            fixed["max_size"] = spec["max_size"]
        start_effect(state, seat, "", fixed=fixed)


# ------------------------------------------------------------------ the turn
@handler("turn")
class Turn:
    @staticmethod
    def decide(state, task):
        ph, seat = task.data["phase"], task.seat
        p = state.ps[seat]
        if ph == "add" and p.hand:
            return [dec(seat, T("Step 1: add a card from your hand to the Impulse (it is shared with everyone)."),
                        [opt(f"play:{c}", card_label(c),
                             T("it joins the Impulse and is carried out this turn (and on later turns while it is "
                               "among the 3 newest): {card}", card=card_now(state, seat, c))) for c in p.hand])]
        if ph == "tech":
            opts = [opt(f"tech:{i}", tech_spec(state, seat, i)[0], tech_now(state, seat, i)) for i in range(2)]
            return [dec(seat, T("Step 2: use one of your techs (or skip)."),
                        opts + [opt("skip", T("Skip"), T("use no tech this turn"))])]
        if ph == "plan" and p.plan and len(p.plan) < SETTINGS["plan_forced_at"]:
            return [dec(seat, T("Step 4: use your Plan of {n} card(s) now, or delay it.", n=len(p.plan)),
                        [opt("use", T("Use the Plan"), T("carry out now, in order: {cards}",
                                                          cards=tuple(card_label(c) for c in p.plan))),
                         opt("delay", T("Delay the Plan"),
                             T("keep it for a later turn (it must be used at {n} cards)",
                               n=SETTINGS["plan_forced_at"]))])]
        return []

    @staticmethod
    def apply(state, task, d, choice):
        seat, p = task.seat, state.ps[task.seat]
        ph = task.data["phase"]
        if ph == "add":
            cid = choice.split(":", 1)[1]
            p.hand.remove(cid)
            impulse_of(state, seat).append(cid)
            state.say(T("{seat} adds {card} to the Impulse.", seat=name(seat), card=card_label(cid)))
            task.data["phase"] = "tech"
        elif ph == "tech":
            task.data["phase"] = "impulse"
            task.data["i"] = 0
            if choice != "skip":
                use_tech(state, seat, int(choice.split(":")[1]))
            else:
                state.say(T("{seat} uses no tech.", seat=name(seat)))
        elif ph == "plan":
            task.data["phase"] = "end"
            if choice == "use":
                Turn.run_plan(state, seat)
            else:
                state.say(T("{seat} delays the Plan.", seat=name(seat)))

    @staticmethod
    def run_plan(state, seat):
        p = state.ps[seat]
        cards, p.plan = p.plan, []
        state.limbo.extend(cards)
        state.say(T("{seat} uses the Plan: {cards}.", seat=name(seat), cards=tuple(card_label(c) for c in cards)))
        state.tasks.append(Task("run_plan", seat, {"cards": cards, "i": 0}))

    @staticmethod
    def auto(state, task):
        seat, p, ph = task.seat, state.ps[task.seat], task.data["phase"]
        if ph == "add":
            state.say(T("{seat} has no cards to add to the Impulse.", seat=name(seat)))
            task.data["phase"] = "tech"
        elif ph == "impulse":
            imp = impulse_of(state, seat)
            i = task.data["i"]
            if i < min(len(imp), SETTINGS["impulse_resolve"]):
                task.data["i"] = i + 1
                state.marker = i
                start_effect(state, seat, imp[i])
            else:
                state.marker = -1
                task.data["phase"] = "plan"
        elif ph == "plan":
            task.data["phase"] = "end"
            if p.plan:  # forced
                state.say(T("{seat}'s Plan has {n} cards and must be used.", seat=name(seat), n=len(p.plan)))
                Turn.run_plan(state, seat)
        elif ph == "end":
            core_gates = sum(1 for g in CARD_GATES[CENTER] if state.cr[g][seat])
            gain(state, seat, core_gates, T("patrolling the Sector Core"), "patrol")
            if state.over:
                return
            draw_to_hand(state, seat, SETTINGS["end_draw"])
            imp = impulse_of(state, seat)
            while len(imp) > SETTINGS["impulse_keep"]:
                state.discard.append(imp.pop(0))
            task.data["phase"] = "next"
        elif ph == "next":
            done(state, task)
            state.turns += 1
            alive = [s for s in range(state.players) if not state.ps[s].out]
            if state.turns >= SETTINGS["max_rounds"] * state.players:
                best = max(state.ps[s].score for s in alive)
                finish(state, [s for s in alive if state.ps[s].score == best],
                       T("the {n}-round limit was reached; highest score wins.", n=SETTINGS["max_rounds"]))
                return
            nxt = (seat + 1) % state.players
            while state.ps[nxt].out:
                nxt = (nxt + 1) % state.players
            state.current = nxt
            state.marker = -1
            state.tasks.append(Task("turn", nxt, {"phase": "add"}))
            state.say(T("--- {seat}'s turn ---", seat=name(nxt)))


@handler("run_plan")
class RunPlan:
    decide = staticmethod(no_decisions)
    apply = staticmethod(lambda state, task, d, c: None)

    @staticmethod
    def auto(state, task):
        cards, i = task.data["cards"], task.data["i"]
        if i < len(cards):
            task.data["i"] = i + 1
            start_effect(state, task.seat, cards[i])
            return
        for c in cards:
            if c in state.limbo:
                state.limbo.remove(c)
                state.discard.append(c)
        done(state, task)


@handler("discard")
class Discard:
    decide = staticmethod(no_decisions)
    apply = staticmethod(lambda state, task, d, c: None)

    @staticmethod
    def auto(state, task):
        cid = task.data["card"]
        if cid in state.limbo:
            state.limbo.remove(cid)
            state.discard.append(cid)
        done(state, task)


# ------------------------------------------------------------------ take: mine/trade/plan/research/execute/draw
TAKE_PROMPTS = {
    "mine": lambda **a: T("{label}: choose up to {n} hand card(s) to mine (or none).", **a),
    "trade": lambda **a: T("{label}: choose up to {n} hand card(s) to trade (or none).", **a),
    "plan": lambda **a: T("{label}: choose up to {n} hand card(s) to plan (or none).", **a),
    "draw": lambda **a: T("{label}: choose up to {n} hand card(s) to draw (or none).", **a),
}
TAKE_NONE = {"mine": T("Mine nothing"), "trade": T("Trade nothing"), "plan": T("Plan nothing"),
             "draw": T("Draw nothing")}


def take_detail(state, seat: int, sink: str, cid: str):
    """A hand card offered to a Mine, Trade, Plan or Draw: what taking it gives, with the counts."""
    card, p = CARDS[cid], state.ps[seat]
    if sink == "mine":
        have = gems(state, seat, card.colour)
        return T("it becomes a mineral: your {colour} gems {before} -> {after} (every 2 boost your {colour} cards by "
                 "1); the card: {card}", colour=colour_name(card.colour), before=have, after=have + card.size,
                 card=card.detail())
    if sink == "trade":
        return T("+{n} point(s): score {before} -> {after}; the card: {card}", n=card.size, before=p.score,
                 after=p.score + card.size, card=card.detail())
    if sink == "plan":
        return T("it joins your Plan ({before} -> {after} card(s)), carried out when you use the Plan: {card}",
                 before=len(p.plan), after=len(p.plan) + 1, card=card.detail())
    return T("it stays in your hand: {card}", card=card.detail())


ORDINAL = (T("1st"), T("2nd"))  # a player's two tech slots, as their techs are listed


def tech_now(state, seat: int, slot: int):
    """What a tech does for `seat` now (a card tech with its boost)."""
    tech = state.ps[seat].techs[slot]
    return card_now(state, seat, tech) if tech in CARDS else tech_text(state, seat, slot)


def sink_card(state, seat, sink, cid) -> None:
    """Put a chosen card (already out of hand/deck) where `sink` says (not research/execute)."""
    p = state.ps[seat]
    card = CARDS[cid]
    if sink == "mine":
        p.minerals.append(cid)
        state.say(T("{seat} mines {card} (+{n} {colour} gems).", seat=name(seat), card=card.short(), n=card.size,
                    colour=colour_name(card.colour)))
    elif sink == "trade":
        state.discard.append(cid)
        state.say(T("{seat} trades {card}.", seat=name(seat), card=card.short()))
        gain(state, seat, card.size, T("trade"), "trade")
    elif sink == "plan":
        p.plan.append(cid)
        state.say(T("{seat} adds {card} to the Plan.", seat=name(seat), card=card.short()))
    elif sink == "draw":
        p.hand.append(cid)
        state.say(T("{seat} keeps {card} in hand.", seat=name(seat), card=card.short()))


def research(state, seat, cid, slot) -> None:
    p = state.ps[seat]
    old = p.techs[slot]
    old_label = tech_spec(state, seat, slot)[0]
    if old in CARDS:
        state.discard.append(old)
    p.techs[slot] = cid
    state.say(T("{seat} researches {card}, replacing {old}.", seat=name(seat), card=card_label(cid), old=old_label))


@handler("take")
class Take:
    @staticmethod
    def eligible(state, task):
        d = task.data
        return [c for c in state.ps[task.seat].hand if fits(c, d["max_size"], d["colour"])]

    @staticmethod
    def decide(state, task):
        d, seat = task.data, task.seat
        if d["source"] != "hand":
            return []
        el = Take.eligible(state, task)
        sink = d["sink"]
        if sink == "execute":
            opts = [opt(f"x:{c}", card_label(c), T("execute it from your hand, then it is discarded: {card}",
                                                   card=card_now(state, seat, c))) for c in el]
            opts += [opt(f"tech:{i}", T("Tech: {tech}", tech=tech_spec(state, seat, i)[0]),
                         T("use your tech instead: {text}", text=tech_now(state, seat, i)))
                     for i in range(2) if tech_action(state, seat, i) not in ("execute", "echo")]
            if not opts:
                return []
            return [dec(seat, T("{label}: execute a hand card of size up to {n} or use a tech.", label=d["label"],
                                n=d["max_size"]),
                        opts + [opt("none", T("Do nothing"), T("execute nothing"))])]
        if not el:
            return []
        if sink == "research":
            opts = [opt(f"r:{c}:{i}", T("{card} → {slot}", card=card_label(c), slot=ORDINAL[i]),
                        T("it replaces your {slot} tech, {tech} (a card tech is discarded); the new tech: {card}",
                          slot=ORDINAL[i], tech=tech_spec(state, seat, i)[0], card=card_now(state, seat, c)))
                    for c in el for i in range(2)]
            return [dec(seat, T("{label}: research a hand card (size up to {n}) into a tech slot.", label=d["label"],
                                n=d["max_size"]),
                        opts + [opt("none", T("Do nothing"), T("research nothing"))])]
        cap = min(d["count"], len(el))
        opts = [opt(f"c:{c}", card_label(c), take_detail(state, seat, sink, c)) for c in el]
        return [pick_any(seat, TAKE_PROMPTS[sink](label=d["label"], n=cap), opts, cap, TAKE_NONE[sink])]

    @staticmethod
    def apply(state, task, dcs, choice):
        d, seat, p = task.data, task.seat, state.ps[task.seat]
        sink = d["sink"]
        done(state, task)
        chosen = [c for c in picks(choice) if c != "none"]
        if not chosen:
            state.say(T("{seat} does nothing with {label}.", seat=name(seat), label=d["label"]))
            return
        if sink == "execute":
            kind, _, rest = chosen[0].partition(":")
            if kind == "tech":
                use_tech(state, seat, int(rest))
            else:
                p.hand.remove(rest)
                state.limbo.append(rest)
                state.say(T("{seat} executes {card} from hand.", seat=name(seat), card=card_label(rest)))
                state.tasks.append(Task("discard", seat, {"card": rest}))
                start_effect(state, seat, rest)
            return
        if sink == "research":
            _, cid, slot = chosen[0].split(":")
            p.hand.remove(cid)
            research(state, seat, cid, int(slot))
            return
        for c in chosen:
            cid = c.split(":", 1)[1]
            p.hand.remove(cid)
            sink_card(state, seat, sink, cid)

    @staticmethod
    def auto(state, task):
        d, seat = task.data, task.seat
        if d["source"] == "hand":
            state.say(T("{seat} has no suitable card for {label}.", seat=name(seat), label=d["label"]))
            done(state, task)
            return
        while d["count"] > 0 and not state.over:
            if d["sink"] == "draw" and len(state.ps[seat].hand) >= SETTINGS["hand_limit"]:
                state.say(T("{seat} is at the hand limit and stops drawing.", seat=name(seat)))
                break
            cid = deck_pop(state)
            if cid is None:
                break
            d["count"] -= 1
            if d["sink"] == "draw" and not d["colour"] and d["max_size"] is None:
                state.ps[seat].hand.append(cid)
                state.say(T("{seat} draws a card.", seat=name(seat)))
                state.say(T("You drew {card}.", card=card_label(cid)), seat=seat)
                continue
            state.say(T("{seat} turns up {card} from the deck.", seat=name(seat), card=card_label(cid)))
            turned_up(state, cid, T("{label} of {seat}", label=d["label"], seat=name(seat)))
            if not fits(cid, d["max_size"], d["colour"]):
                state.discard.append(cid)
                state.say(T("{card} does not qualify and is discarded.", card=card_label(cid)))
                continue
            if d["sink"] == "execute":
                state.limbo.append(cid)
                state.tasks.append(Task("discard", seat, {"card": cid}))
                start_effect(state, seat, cid)
                return
            if d["sink"] == "research":
                state.limbo.append(cid)
                state.tasks.append(Task("research_slot", seat, {"card": cid}))
                return
            sink_card(state, seat, d["sink"], cid)
        done(state, task)


@handler("research_slot")
class ResearchSlot:
    @staticmethod
    def decide(state, task):
        cid = task.data["card"]
        opts = [opt(f"slot:{i}", T("Replace {slot} tech", slot=ORDINAL[i]),
                    T("{tech} goes (a card tech is discarded): {text}", tech=tech_spec(state, task.seat, i)[0],
                      text=tech_now(state, task.seat, i)))
                for i in range(2)]
        return [dec(task.seat, T("Research {card} ({detail}): which tech does it replace?", card=card_label(cid),
                                 detail=card_detail(cid)),
                    opts + [opt("discard", T("Discard it instead"), T("your techs stay as they are"))])]

    @staticmethod
    def apply(state, task, d, choice):
        cid = task.data["card"]
        state.limbo.remove(cid)
        done(state, task)
        if choice == "discard":
            state.discard.append(cid)
            state.say(T("{seat} declines to research {card}.", seat=name(task.seat), card=card_label(cid)))
        else:
            research(state, task.seat, cid, int(choice.split(":")[1]))

    auto = staticmethod(lambda state, task: None)
