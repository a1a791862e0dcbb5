"""Decisions a seat's front task asks for, and carrying out the choice.

Every option says what it costs and does. Choices are validated by the core before they
reach `choose`, so ids here are always ones this module offered."""

from __future__ import annotations

import math
import re

from games.core import Decision, IllegalChoice, Option

from . import actions
from .board import BUILD, DEV, PARAMS, PHASE_BONUS, PHASE_NAMES
from .cards import CARDS
from .economy import card_cost, liquid, requirement_text, sell_value, spend_of
from .effects import add_res, can_pay, draw, free_step, pay, push, run, targets, who
from .play import free_green_options, heat_range, optional_discounts, own_heat, place, playable, start_play
from .solo import coop_give, coop_take, dummy_chosen
from .state import AresState, Task
from .wording import short, words

ROMAN = ["", "I", "II", "III", "IV", "V"]
MAIN = ("dev", "build", "act")


def card_option(state: AresState, seat: int, cid: int, prefix: str = "c", free: bool = False) -> Option:
    card = CARDS[cid]
    cost = 0 if free else card_cost(state, seat, cid)
    tags = "/".join(card.tags) or "no tags"
    req = requirement_text(card)
    detail = f"{'free' if free else f'costs {cost} MC'} ({card.cost} printed); {tags}"
    short_by = cost - liquid(state.pl[seat], own_heat(cid))
    if not free and short_by > 0:
        detail += f"; you sell {math.ceil(short_by / sell_value(state.pl[seat]))} card(s) to pay"
    for res, n in spend_of(card).items():
        detail += f"; spends {n} {res.upper() if res == 'tr' else res}"
    if req:
        detail += f"; needs {req} (met)"
    detail += "; " + short(cid)
    return Option(f"{prefix}:{cid}", f"{card.name} ({'free' if free else f'{cost} MC'})", detail)


def hand_options(state: AresState, seat: int, cards: list[int], prefix: str = "c") -> tuple[Option, ...]:
    return tuple(Option(f"{prefix}:{c}", CARDS[c].name, f"{CARDS[c].kind}, {CARDS[c].cost} MC; {short(c)}")
                 for c in cards)


def main_options(state: AresState, seat: int, task: Task) -> list[Option]:
    """Options of a Development / Construction / Action main task (last one: pass / done)."""
    p = state.pl[seat]
    if task.kind == "act":
        return actions.options(state, seat)
    kinds = ("green",) if task.kind == "dev" else ("blue", "red")
    opts = []
    if p.plays_left > 0 or p.draw_bonus:
        for cid in p.hand:
            if CARDS[cid].kind in kinds and playable(state, seat, cid)[0]:
                opts.append(card_option(state, seat, cid))
    if task.kind == "build" and p.draw_bonus:
        opts.append(Option("draw", "Draw 1 card (Construction bonus)",
                           "instead of playing a second blue or red card"))
    opts.append(Option("pass", "Play nothing more" if opts else "Pass", "end your part of this phase"))
    return opts


def decision(state: AresState, seat: int, task: Task) -> Decision | None:
    p = state.pl[seat]
    kind = task.kind
    if kind == "corp":
        return Decision(seat, "Keep one of these corporations (starting MC and ability).",
                        tuple(Option(f"c:{c}", CARDS[c].name, short(c)) for c in task.cards), secret=True)
    if kind == "mulligan":
        return Decision(seat, "Advanced setup: discard any cards to draw as many new ones (or none).",
                        hand_options(state, seat, p.hand), min_picks=0, max_picks=len(p.hand))
    if kind == "plan":
        opts = tuple(Option(f"p:{n}", f"{ROMAN[n]} {PHASE_NAMES[n - 1]}", f"your bonus: {PHASE_BONUS[n - 1]}")
                     for n in range(1, 6) if n != p.last_pick)
        note = f" (not {PHASE_NAMES[p.last_pick - 1]}, picked last round)" if p.last_pick else ""
        return Decision(seat, f"Round {state.round}: pick your phase card{note}.", opts, secret=True)
    if kind in MAIN:
        names = {"dev": "Development: play one green card", "build": "Construction: play a blue or red card",
                 "act": "Action: use blue actions and standard actions"}
        prompt = names[kind] + f" (you have {p.mc} MC, {p.heat} heat, {p.plants} plants)."
        return Decision(seat, prompt, tuple(main_options(state, seat, task)))
    if kind == "keep":
        return Decision(seat, f"Keep {task.n} of these cards (the rest are discarded).",
                        hand_options(state, seat, task.cards), min_picks=task.n, max_picks=task.n)
    if kind in ("discard", "limit"):
        low = 1 if task.tag == "X" else task.n
        why = {"limit": f"Hand limit 10: discard {task.n} (each gives {sell_value(p)} MC).",
               "X": f"Discard 1 to {task.n} cards, then {words(task.text)} (X = cards discarded)."}
        prompt = why.get(task.tag if task.tag == "X" else kind, f"Discard {task.n} card(s)"
                         + (f", then {words(task.text)}." if task.text else "."))
        return Decision(seat, prompt, hand_options(state, seat, p.hand), min_picks=low, max_picks=task.n)
    if kind == "sell":
        if task.tag == "free":
            return Decision(seat, f"Sell cards from hand for {sell_value(p)} MC each (you have {p.mc} MC).",
                            hand_options(state, seat, p.hand), min_picks=1, max_picks=len(p.hand))
        return Decision(seat, f"To pay for {CARDS[task.card].name} sell {task.n} card(s) for "
                        f"{sell_value(p)} MC each.", hand_options(state, seat, p.hand),
                        min_picks=task.n, max_picks=task.n)
    if kind == "choose":
        opts = [Option(f"o:{i}", words(alt), _alt_detail(state, seat, alt, task.card))
                for i, alt in enumerate(_alts(task.text)) if _alt_ok(state, seat, alt, task.card)]
        return Decision(seat, f"{CARDS[task.card].name}: choose one.", tuple(opts))
    if kind == "target":
        what = words(task.text) if task.text.startswith("add") else f"remove {task.n} resources"
        opts = tuple(Option(f"t:{c}", CARDS[c].name, f"{what}: it holds {p.res.get(c, 0)} {CARDS[c].resource}")
                     for c in task.cards)
        return Decision(seat, f"{CARDS[task.card].name}: which card? ({what})", opts)
    if kind == "may":
        return _may_decision(state, seat, task)
    if kind == "number":
        opts = tuple(Option(f"x:{x}", f"Pay {x} {task.tag}", words(task.text.replace("X", str(x))))
                     for x in range(1, min(task.n, p.heat) + 1))
        return Decision(seat, f"{CARDS[task.card].name}: how much {task.tag}?", opts)
    if kind == "discounts":
        opts = tuple(Option(f"u:{src}", f"Use {CARDS[src].name}", f"{words(cost)}: {n} MC off")
                     for src, cost, n in optional_discounts(state, seat, task.card))
        return Decision(seat, f"Discounts for {CARDS[task.card].name} (now {card_cost(state, seat, task.card)} MC):"
                        " use any?", opts, min_picks=0, max_picks=len(opts))
    if kind == "heat_pay":
        cost = card_cost(state, seat, task.card, task.n)
        keep = own_heat(task.card)
        own = f" after its own {keep} heat" if keep else ""
        low, high = heat_range(p, cost, keep)
        opts = tuple(Option(f"h:{x}", f"Use {x} heat", f"and {cost - x} MC (you keep {p.heat - keep - x} heat{own})")
                     for x in range(low, high + 1))
        return Decision(seat, f"Pay {cost} MC for {CARDS[task.card].name}: how much of it in heat?", opts)
    if kind == "free_green":
        opts = [card_option(state, seat, c, free=True) for c in free_green_options(state, seat, task.n)]
        opts.append(Option("skip", "Play none", "no free green card"))
        return Decision(seat, f"{CARDS[task.card].name}: play a green card costing {task.n} or less for free?",
                        tuple(opts))
    if kind == "coop":
        opts = []
        if state.cubes:
            opts.append(Option("cube", "Take a copper cube", f"+1 MC ({state.cubes} cubes left)"))
        if state.markers:
            opts.append(Option("marker", "Take a player marker",
                               f"you and your partner each pass one hand card ({state.markers} left)"))
        return Decision(seat, "Co-op: take a copper cube or a player marker.", tuple(opts))
    if kind == "swap":
        return Decision(seat, "Co-op swap: pick the card to give your partner.", hand_options(state, seat, p.hand))
    if kind == "solo_order":
        opts = tuple(Option(f"d:{n}", f"{ROMAN[n]} {PHASE_NAMES[n - 1]}", "the dummy plays this phase (no bonus)")
                     for n in sorted(set(state.dummy)))
        return Decision(seat, "Final rounds: choose the dummy's phase card.", opts)
    if kind == "solo_steps":
        opts = tuple(_free_steps_option(state, param, task.n)
                     for param in ("oxygen", "temperature") if getattr(state, param) < PARAMS[param]["max"])
        return Decision(seat, f"Solo difficulty: raise oxygen {task.n} step(s) or temperature {task.n} step(s) "
                        "(free: no TR, no forest).", opts)
    return None


def _free_steps_option(state: AresState, param: str, n: int) -> Option:
    """One track for all of the difficulty's free steps (article: 「提昇 2 點含氧量或 2 點溫度」)."""
    spec = PARAMS[param]
    before = getattr(state, param)
    after = min(spec["max"], before + n * spec["step"])
    detail = f"{param} {_shown(param, before)} -> {_shown(param, after)}, no TR"
    done = (after - before) // spec["step"]
    if done < n:
        detail += f" (only {done} step(s) left to its maximum: the rest is lost)"
    return Option(param, f"Raise {param} {n} step{'s' if n > 1 else ''}", detail)


def _shown(param: str, value: int) -> str:
    return f"{value:+d} C" if param == "temperature" else f"{value}%"


def _alts(text: str) -> list[str]:
    return [a.strip() for a in text.split(" | ")]


def _alt_ok(state: AresState, seat: int, alt: str, card: int) -> bool:
    if ": " in alt and alt.split(": ", 1)[0].startswith(("pay", "remove", "discard")):
        return can_pay(state, seat, alt.split(": ", 1)[0], card)
    return True


def _alt_detail(state: AresState, seat: int, alt: str, card: int) -> str:
    match = re.fullmatch(r"add:(\w+) \d+ other", alt)
    if match:
        found = targets(state, seat, match[1], card)
        return f"onto {', '.join(CARDS[c].name for c in found)}" if found else "no card can take it: nothing happens"
    return "gain it now"


def _may_decision(state: AresState, seat: int, task: Task) -> Decision:
    p = state.pl[seat]
    name = CARDS[task.card].name
    if task.text.startswith("discard 1: draw 1"):
        opts = [Option(f"d:{c}", f"Discard {CARDS[c].name}",
                       "then draw 2 (it has a plant tag)" if "plant" in CARDS[c].tags else "then draw 1")
                for c in p.hand]
        opts.append(Option("no", "Keep your hand", "no discard, no draw"))
        return Decision(seat, f"{name}: discard a card to draw?", tuple(opts))
    cost = task.text.split(": ", 1)[0]
    opts = [Option("no", "No", "nothing happens")]
    if can_pay(state, seat, cost, task.card):
        opts.insert(0, Option("yes", "Yes", words(task.text)))
    return Decision(seat, f"{name}: {words(task.text)}?", tuple(opts))


def choose(state: AresState, seat: int, task: Task, choice) -> None:
    """Carry out `choice` for the front task `task` (already removed from the queue unless MAIN)."""
    p = state.pl[seat]
    kind = task.kind
    if kind in MAIN:
        _main(state, seat, task, choice)
        return
    p.queue.pop(0)
    if kind in ("keep", "discard", "limit", "sell", "discounts", "mulligan") and isinstance(choice, str):
        choice = [choice]
    if kind == "keep":
        kept = [int(c.split(":")[1]) for c in choice]
        p.hand.extend(kept)
        state.discard.extend(c for c in task.cards if c not in kept)
        state.say(f"{who(seat)} keeps {len(kept)} card(s).")
        state.say("You keep " + ", ".join(CARDS[c].name for c in kept) + ".", seat=seat)
    elif kind in ("discard", "limit", "sell"):
        gone = [int(c.split(":")[1]) for c in choice]
        for c in gone:
            p.hand.remove(c)
        state.discard.extend(gone)
        state.say(f"{who(seat)} discards {len(gone)} card(s).")
        if kind in ("limit", "sell"):
            p.mc += len(gone) * sell_value(p)
            state.say(f"{who(seat)} gains {len(gone) * sell_value(p)} MC for them.")
        if kind == "sell" and task.tag != "free":
            push(state, seat, Task("pay_card", card=task.card, n=int(task.tag or 0)))
        if kind == "discard" and task.text:
            run(state, seat, task.text.replace("X", str(len(gone))) if task.tag == "X" else task.text, task.card)
    elif kind == "choose":
        alt = _alts(task.text)[int(choice.split(":")[1])]
        if ": " in alt and alt.split(": ", 1)[0].startswith(("pay", "remove", "discard")):
            cost, result = alt.split(": ", 1)
            pay(state, seat, cost, task.card, result)
        else:
            run(state, seat, alt, task.card)
    elif kind == "target":
        target = int(choice.split(":")[1])
        if task.text.startswith("add"):
            add_res(state, seat, target, task.n)
        else:
            if p.res.get(target, 0) < task.n:
                raise IllegalChoice(f"{CARDS[target].name} no longer holds {task.n} resources")
            p.res[target] -= task.n
            run(state, seat, task.tag, task.card)
    elif kind == "may":
        _may(state, seat, task, choice)
    elif kind == "number":
        x = int(choice.split(":")[1])
        if x > p.heat:
            raise IllegalChoice(f"you have only {p.heat} heat")
        p.heat -= x
        run(state, seat, task.text.replace("X", str(x)), task.card)
    elif kind == "discounts":
        off = 0
        for pick in choice:          # re-checked after each payment: two picks must not share one stock
            src = int(pick.split(":")[1])
            found = [(cost, n) for s, cost, n in optional_discounts(state, seat, task.card) if s == src]
            if not found:
                raise IllegalChoice(f"you cannot also pay for {CARDS[src].name}'s discount")
            pay(state, seat, found[0][0], src, "")
            off += found[0][1]
        push(state, seat, Task("pay_card", card=task.card, n=off))
    elif kind == "heat_pay":
        cost = card_cost(state, seat, task.card, task.n)
        heat = int(choice.split(":")[1])
        low, high = heat_range(p, cost, own_heat(task.card))
        if not low <= heat <= high:
            raise IllegalChoice(f"pay {low} to {high} heat for {CARDS[task.card].name}")
        p.heat -= heat
        p.mc -= cost - heat
        place(state, seat, task.card, paid=cost)
    elif kind == "free_green":
        if choice != "skip":
            cid = int(choice.split(":")[1])
            p.hand.remove(cid)
            place(state, seat, cid)
    elif kind == "coop":
        coop_take(state, seat, choice)
    elif kind == "swap":
        coop_give(state, seat, int(choice.split(":")[1]))
    elif kind == "solo_order":
        dummy_chosen(state, int(choice.split(":")[1]))
    elif kind == "solo_steps":
        free_step(state, choice)
        for _ in range(task.n - 1):      # the other steps go on the same track (RULES.md, solo)
            free_step(state, choice)
        now = _shown(choice, getattr(state, choice))
        state.say(f"Solo difficulty: {choice} rises {task.n} free step(s), now {now}.")
    elif kind == "mulligan":
        gone = [int(c.split(":")[1]) for c in choice]
        for c in gone:
            p.hand.remove(c)
        draw(state, seat, len(gone))
        state.discard.extend(gone)
        state.say(f"{who(seat)} replaces {len(gone)} card(s).")
    elif kind == "corp":
        task.cards = [int(choice.split(":")[1])]
        p.queue.insert(0, Task("corp_done", cards=task.cards))
        state.say(f"{who(seat)} has chosen a corporation.")
    elif kind == "plan":
        p.pick = int(choice.split(":")[1])
        state.say(f"{who(seat)} has picked a phase card.")
    else:
        raise IllegalChoice(f"nothing to decide for {kind}")


def _may(state: AresState, seat: int, task: Task, choice: str) -> None:
    p = state.pl[seat]
    if choice == "no":
        return
    if task.text.startswith("discard 1: draw 1"):     # Mars University (bespoke hook, RULES.md)
        cid = int(choice.split(":")[1])
        p.hand.remove(cid)
        state.discard.append(cid)
        draw(state, seat, 2 if "plant" in CARDS[cid].tags else 1)
        return
    cost, result = task.text.split(": ", 1)
    pay(state, seat, cost, task.card, result)


def _main(state: AresState, seat: int, task: Task, choice: str) -> None:
    p = state.pl[seat]
    if task.kind == "act":
        actions.apply(state, seat, choice)
        return
    if choice == "pass":
        p.queue.pop(0)
        state.say(f"{who(seat)} is done with {PHASE_NAMES[(DEV if task.kind == 'dev' else BUILD) - 1]}.")
        return
    if choice == "draw":
        p.draw_bonus = False
        draw(state, seat, 1)
        return
    cid = int(choice.split(":")[1])
    if p.plays_left > 0:
        p.plays_left -= 1
    else:
        p.draw_bonus = False
    start_play(state, seat, cid)

