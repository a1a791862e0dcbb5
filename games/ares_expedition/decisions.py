"""Decisions a seat's front task asks for, and carrying out the choice.

Every option says what it costs and does. Choices are validated by the core before they
reach `choose`, so ids here are always ones this module offered."""

from __future__ import annotations

import math
import re

from games.core import Decision, IllegalChoice, Option

from . import actions
from games.core.i18n import Text

from .board import BUILD, DEV, PARAMS
from .cards import CARDS
from .economy import card_cost, liquid, requirement_text, sell_value, spend_of
from .effects import add_res, can_pay, draw, free_step, pay, push, run, targets, who
from .messages import T, joined
from .play import free_green_options, heat_range, optional_discounts, own_heat, place, playable, start_play
from .solo import coop_give, coop_take, dummy_chosen
from .state import AresState, Task
from .catalogue import PHASE_TEXTS
from .terms import BONUS, KIND, PARAM, RESOURCE, param_name, phase_name, phase_word, shown, tag_list
from .text import card_name
from .wording import short, words

MAIN = ("dev", "build", "act")


def card_option(state: AresState, seat: int, cid: int, prefix: str = "c", free: bool = False) -> Option:
    card = CARDS[cid]
    cost = 0 if free else card_cost(state, seat, cid)
    tags = tag_list(card.tags, T("{a}/{b}")) or T("no tags")
    req = requirement_text(card)
    price = T("free") if free else T("costs {n} MC", n=cost)
    parts: list[Text] = [T("{price} ({n} printed)", price=price, n=card.cost), tags]
    short_by = cost - liquid(state.pl[seat], own_heat(cid))
    if not free and short_by > 0:
        parts.append(T("you sell {n} card(s) to pay", n=math.ceil(short_by / sell_value(state.pl[seat]))))
    for res, n in spend_of(card).items():
        parts.append(T("spends {n} {what}", n=n, what=RESOURCE[res]))
    if req:
        parts.append(T("needs {text} (met)", text=req))
    parts.append(short(cid))
    label = T("{card} (free)", card=card_name(cid)) if free else T("{card} ({n} MC)", card=card_name(cid), n=cost)
    return Option(f"{prefix}:{cid}", label, joined(parts, T("{a}; {b}")))


def _card_words(c: int) -> Text:
    """A card in a few words: its kind, printed cost and what it does."""
    return T("{kind}, {n} MC; {text}", kind=KIND[CARDS[c].kind], n=CARDS[c].cost, text=short(c))


def hand_options(state: AresState, seat: int, cards: list[int], prefix: str = "c") -> tuple[Option, ...]:
    return tuple(Option(f"{prefix}:{c}", card_name(c), _card_words(c)) for c in cards)


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
        opts.append(Option("draw", T("Draw a card instead"),
                           T("Construction bonus: draw 1 card instead of playing a second blue or red card (hand {n} "
                             "-> {after})", n=len(p.hand), after=len(p.hand) + 1)))
    opts.append(Option("pass", T("Play nothing more") if opts else T("Pass"), T("end your part of this phase")))
    return opts


def decision(state: AresState, seat: int, task: Task) -> Decision | None:
    p = state.pl[seat]
    kind = task.kind
    if kind == "corp":
        return Decision(seat, T("Keep one of these corporations (starting MC and ability)."),
                        tuple(Option(f"c:{c}", card_name(c), short(c)) for c in task.cards), secret=True)
    if kind == "mulligan":
        return Decision(seat, T("Advanced setup: discard any cards to draw as many new ones (or none)."),
                        hand_options(state, seat, p.hand), min_picks=0, max_picks=len(p.hand))
    if kind == "plan":
        opts = tuple(Option(f"p:{n}", phase_name(n), T("your bonus: {bonus}", bonus=BONUS[n - 1]))
                     for n in range(1, 6) if n != p.last_pick)
        prompt = (T("Round {n}: pick your phase card (not {phase}, picked last round).", n=state.round,
                    phase=phase_word(p.last_pick)) if p.last_pick
                  else T("Round {n}: pick your phase card.", n=state.round))
        return Decision(seat, prompt, opts, secret=True)
    if kind in MAIN:
        names = {"dev": T("Development: play one green card"), "build": T("Construction: play a blue or red card"),
                 "act": T("Action: use blue actions and standard actions")}
        prompt = T("{task} (you have {mc} MC, {heat} heat, {plants} plants).", task=names[kind], mc=p.mc,
                   heat=p.heat, plants=p.plants)
        return Decision(seat, prompt, tuple(main_options(state, seat, task)))
    if kind == "keep":
        return Decision(seat, T("Keep {n} of these cards (the rest are discarded).", n=task.n),
                        hand_options(state, seat, task.cards), min_picks=task.n, max_picks=task.n)
    if kind in ("discard", "limit"):
        low = 1 if task.tag == "X" else task.n
        if task.tag == "X":
            prompt = T("Discard 1 to {n} cards, then {text} (X = cards discarded).", n=task.n, text=words(task.text))
        elif kind == "limit":
            prompt = T("Hand limit 10: discard {n} (each gives {value} MC).", n=task.n, value=sell_value(p))
        elif task.text:
            prompt = T("Discard {n} card(s), then {text}.", n=task.n, text=words(task.text))
        else:
            prompt = T("Discard {n} card(s).", n=task.n)
        return Decision(seat, prompt, hand_options(state, seat, p.hand), min_picks=low, max_picks=task.n)
    if kind == "sell":
        if task.tag == "free":
            return Decision(seat, T("Sell cards from hand for {value} MC each (you have {mc} MC).",
                                    value=sell_value(p), mc=p.mc),
                            hand_options(state, seat, p.hand), min_picks=1, max_picks=len(p.hand))
        return Decision(seat, T("To pay for {card} sell {n} card(s) for {value} MC each.", card=card_name(task.card),
                                n=task.n, value=sell_value(p)), hand_options(state, seat, p.hand),
                        min_picks=task.n, max_picks=task.n)
    if kind == "choose":
        choices = [Option(f"o:{i}", _alt_label(alt), _alt_detail(state, seat, alt, task.card))
                   for i, alt in enumerate(_alts(task.text)) if _alt_ok(state, seat, alt, task.card)]
        return Decision(seat, T("{card}: choose one.", card=card_name(task.card)), tuple(choices))
    if kind == "target":
        what = words(task.text) if task.text.startswith("add") else T("remove {n} resources", n=task.n)
        change = task.n if task.text.startswith("add") else -task.n
        opts = tuple(Option(f"t:{c}", card_name(c), T("{what}: it holds {n} -> {after} {res}", what=what,
                                                       n=p.res.get(c, 0), after=p.res.get(c, 0) + change,
                                                       res=RESOURCE[CARDS[c].resource]))
                     for c in task.cards)
        return Decision(seat, T("{card}: which card? ({what})", card=card_name(task.card), what=what), opts)
    if kind == "may":
        return _may_decision(state, seat, task)
    if kind == "number":
        what = RESOURCE[task.tag]
        opts = tuple(Option(f"x:{x}", T("Pay {n} {what}", n=x, what=what),
                            T("heat {before} -> {after}; {text}", before=p.heat, after=p.heat - x,
                              text=words(task.text.replace("X", str(x)))))
                     for x in range(1, min(task.n, p.heat) + 1))
        return Decision(seat, T("{card}: how much {what}?", card=card_name(task.card), what=what), opts)
    if kind == "discounts":
        opts = tuple(Option(f"u:{src}", card_name(src),
                            T("use its discount: {cost}: {n} MC off", cost=words(cost), n=n))
                     for src, cost, n in optional_discounts(state, seat, task.card))
        return Decision(seat, T("Discounts for {card} (now {n} MC): use any?", card=card_name(task.card),
                                n=card_cost(state, seat, task.card)), opts, min_picks=0, max_picks=len(opts))
    if kind == "heat_pay":
        cost = card_cost(state, seat, task.card, task.n)
        keep = own_heat(task.card)
        low, high = heat_range(p, cost, keep)
        opts = tuple(Option(f"h:{x}", T("Use {n} heat", n=x), _heat_detail(cost - x, p.heat - keep - x, keep))
                     for x in range(low, high + 1))
        return Decision(seat, T("Pay {n} MC for {card}: how much of it in heat?", n=cost, card=card_name(task.card)),
                        opts)
    if kind == "free_green":
        choices = [card_option(state, seat, c, free=True) for c in free_green_options(state, seat, task.n)]
        choices.append(Option("skip", T("Play none"), T("no free green card")))
        return Decision(seat, T("{card}: play a green card costing {n} or less for free?", card=card_name(task.card),
                                n=task.n), tuple(choices))
    if kind == "coop":
        choices = []
        if state.cubes:
            choices.append(Option("cube", T("Take a copper cube"), T("+1 MC ({n} cubes left)", n=state.cubes)))
        if state.markers:
            choices.append(Option("marker", T("Take a player marker"),
                                  T("you and your partner each pass one hand card ({n} left)", n=state.markers)))
        return Decision(seat, T("Co-op: take a copper cube or a player marker."), tuple(choices))
    if kind == "swap":
        return Decision(seat, T("Co-op swap: pick the card to give your partner."),
                        hand_options(state, seat, p.hand))
    if kind == "solo_order":
        opts = tuple(Option(f"d:{n}", phase_name(n), T("the dummy plays {phase} (no bonus for it): {text}",
                                                        phase=phase_word(n), text=PHASE_TEXTS[n - 1]))
                     for n in sorted(set(state.dummy)))
        return Decision(seat, T("Final rounds: choose the dummy's phase card."), opts)
    if kind == "solo_steps":
        opts = tuple(_free_steps_option(state, param, task.n)
                     for param in ("oxygen", "temperature") if getattr(state, param) < PARAMS[param]["max"])
        return Decision(seat, T("Solo difficulty: raise oxygen {n} step(s) or temperature {n} step(s) "
                                "(free: no TR, no forest).", n=task.n), opts)
    return None


def _free_steps_option(state: AresState, param: str, n: int) -> Option:
    """One track for all of the difficulty's free steps (article: 「提昇 2 點含氧量或 2 點溫度」)."""
    spec = PARAMS[param]
    before = getattr(state, param)
    after = min(spec["max"], before + n * spec["step"])
    detail = T("{param} {before} -> {after}, no TR", param=PARAM[param], before=shown(param, before),
               after=shown(param, after))
    done = (after - before) // spec["step"]
    if done < n:
        detail = T("{text} (only {n} step(s) left to its maximum: the rest is lost)", text=detail, n=done)
    label = T("{param} +{n} step(s)", param=param_name(param), n=n)
    return Option(param, label, detail)


def _heat_detail(mc: int, left: int, own: int) -> Text:
    if own:
        return T("and {mc} MC (you keep {n} heat after its own {own} heat)", mc=mc, n=left, own=own)
    return T("and {mc} MC (you keep {n} heat)", mc=mc, n=left)


def _alts(text: str) -> list[str]:
    return [a.strip() for a in text.split(" | ")]


def _alt_ok(state: AresState, seat: int, alt: str, card: int) -> bool:
    if ": " in alt and alt.split(": ", 1)[0].startswith(("pay", "remove", "discard")):
        return can_pay(state, seat, alt.split(": ", 1)[0], card)
    return True


def _alt_label(alt: str) -> Text:
    """A short label for one alternative of a `choose(...)`: what it gives (the detail says where)."""
    if match := re.fullmatch(r"add:(\w+) (\d+) (other|here)", alt):
        if match[3] == "other":
            return T("{n} {what}(s) onto a card", n=int(match[2]), what=RESOURCE[match[1]])
        return T("{n} {what}(s) here", n=int(match[2]), what=RESOURCE[match[1]])
    if match := re.fullmatch(r"remove:(\w+) (\d+) here: .+", alt):
        return T("Spend {n} {what}(s)", n=int(match[2]), what=RESOURCE[match[1]])
    return words(alt)


def _alt_detail(state: AresState, seat: int, alt: str, card: int) -> Text:
    p = state.pl[seat]
    if match := re.fullmatch(r"add:(\w+) (\d+) other", alt):
        found = targets(state, seat, match[1], card)
        if found:
            return T("onto {cards} (you pick the card if there are several)", cards=tuple(
                T("{card}, holding {n}", card=card_name(c), n=p.res.get(c, 0)) for c in found))
        # the bot player reads "nothing happens" (bot.py): keep those words in this detail
        return T("none of your other cards holds {what}: nothing happens", what=RESOURCE[match[1]])
    if match := re.fullmatch(r"(plants|heat|mc)\+(\d+)", alt):
        have = getattr(p, match[1])
        return T("{what} {before} -> {after}", what=RESOURCE[match[1]], before=have, after=have + int(match[2]))
    if ": " in alt:
        return words(alt)
    return T("{text}, now", text=words(alt))



def _may_decision(state: AresState, seat: int, task: Task) -> Decision:
    p = state.pl[seat]
    name = card_name(task.card)
    if task.text.startswith("discard 1: draw 1"):
        opts = [Option(f"d:{c}", card_name(c),
                       T("discard it, then draw 2 (it has a plant tag); you give up: {card}", card=_card_words(c))
                       if "plant" in CARDS[c].tags else
                       T("discard it, then draw 1; you give up: {card}", card=_card_words(c)))
                for c in p.hand]
        opts.append(Option("no", T("Keep your hand"), T("no discard, no draw")))
        return Decision(seat, T("{card}: discard a card to draw?", card=name), tuple(opts))
    cost = task.text.split(": ", 1)[0]
    opts = [Option("no", T("No"), T("nothing happens"))]
    if can_pay(state, seat, cost, task.card):
        opts.insert(0, Option("yes", T("Yes"), words(task.text)))
    return Decision(seat, T("{card}: {text}?", card=name, text=words(task.text)), tuple(opts))


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
        state.say(T("{seat} keeps {n} card(s).", seat=who(seat), n=len(kept)))
        state.say(T("You keep {cards}.", cards=tuple(card_name(c) for c in kept)), seat=seat)
    elif kind in ("discard", "limit", "sell"):
        gone = [int(c.split(":")[1]) for c in choice]
        for c in gone:
            p.hand.remove(c)
        state.discard.extend(gone)
        state.say(T("{seat} discards {n} card(s).", seat=who(seat), n=len(gone)))
        if kind in ("limit", "sell"):
            p.mc += len(gone) * sell_value(p)
            state.say(T("{seat} gains {n} MC for them.", seat=who(seat), n=len(gone) * sell_value(p)))
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
                raise IllegalChoice(T("{card} no longer holds {n} resources", card=card_name(target), n=task.n))
            p.res[target] -= task.n
            run(state, seat, task.tag, task.card)
    elif kind == "may":
        _may(state, seat, task, choice)
    elif kind == "number":
        x = int(choice.split(":")[1])
        if x > p.heat:
            raise IllegalChoice(T("you have only {n} heat", n=p.heat))
        p.heat -= x
        run(state, seat, task.text.replace("X", str(x)), task.card)
    elif kind == "discounts":
        off = 0
        for pick in choice:          # re-checked after each payment: two picks must not share one stock
            src = int(pick.split(":")[1])
            found = [(cost, n) for s, cost, n in optional_discounts(state, seat, task.card) if s == src]
            if not found:
                raise IllegalChoice(T("you cannot also pay for {card}'s discount", card=card_name(src)))
            pay(state, seat, found[0][0], src, "")
            off += found[0][1]
        push(state, seat, Task("pay_card", card=task.card, n=off))
    elif kind == "heat_pay":
        price = card_cost(state, seat, task.card, task.n)
        heat = int(choice.split(":")[1])
        low, high = heat_range(p, price, own_heat(task.card))
        if not low <= heat <= high:
            raise IllegalChoice(T("pay {low} to {high} heat for {card}", low=low, high=high, card=card_name(task.card)))
        p.heat -= heat
        p.mc -= price - heat
        place(state, seat, task.card, paid=price)
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
        for _ in range(task.n - 1):      # the other steps go on the same track (DESIGN.md, solo)
            free_step(state, choice)
        state.say(T("Solo difficulty: {param} rises {n} free step(s), now {value}.", param=PARAM[choice], n=task.n,
                    value=shown(choice, getattr(state, choice))))
    elif kind == "mulligan":
        gone = [int(c.split(":")[1]) for c in choice]
        for c in gone:
            p.hand.remove(c)
        draw(state, seat, len(gone))
        state.discard.extend(gone)
        state.say(T("{seat} replaces {n} card(s).", seat=who(seat), n=len(gone)))
    elif kind == "corp":
        task.cards = [int(choice.split(":")[1])]
        p.queue.insert(0, Task("corp_done", cards=task.cards))
        state.say(T("{seat} has chosen a corporation.", seat=who(seat)))
    elif kind == "plan":
        p.pick = int(choice.split(":")[1])
        state.say(T("{seat} has picked a phase card.", seat=who(seat)))
    else:
        raise IllegalChoice(T("nothing to decide for {kind}", kind=kind))


def _may(state: AresState, seat: int, task: Task, choice: str) -> None:
    p = state.pl[seat]
    if choice == "no":
        return
    if task.text.startswith("discard 1: draw 1"):     # Mars University (bespoke hook, DESIGN.md)
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
        phase = phase_word(DEV if task.kind == "dev" else BUILD)
        state.say(T("{seat} is done with {phase}.", seat=who(seat), phase=phase))
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

