"""The one executor of the card vocabulary (VOCABULARY.md of the data, DESIGN.md here).

Effects are texts. `run(state, seat, text, card)` queues them on the seat's work queue;
`settle` executes automatic entries and stops at the first entry that needs the seat's
decision (a `choose(...)`, a target card, a discard...), which `decisions.py` offers.
"""

from __future__ import annotations

import re

from games.core.names import seat_ref

from .board import PARAMS
from .cards import CARDS
from .economy import at_max, liquid, mods, rewards_open, split_top, tag_counts, trigger_clauses
from .messages import T
from .state import AresState, Task
from .terms import PARAM, RESOURCE, param_name, shown
from .text import card_name
from .wording import words



# -- queue ------------------------------------------------------------------------------------
def push(state: AresState, seat: int, *tasks: Task) -> None:
    """Put `tasks` at the front of the seat's queue, first one first."""
    state.pl[seat].queue[0:0] = list(tasks)


def run(state: AresState, seat: int, text: str, card: int = 0) -> None:
    """Queue a vocabulary text (clauses run in order, before anything already queued)."""
    if text:
        push(state, seat, *[Task("ops", text=c, card=card) for c in clauses(text)])


def clauses(text: str) -> list[str]:
    """Top-level clauses: `; ` always separates; `, ` too unless the part is a cost/condition form."""
    out = []
    for group in split_top(text, "; "):
        if ": " in group or group.startswith("reveal"):
            out.append(group)
        else:
            out.extend(split_top(group, ", "))
    return out


def who(seat: int) -> str:
    return seat_ref(seat)


# -- cards moving -------------------------------------------------------------------------------
def take_from_deck(state: AresState, n: int) -> list[int]:
    """Up to n cards off the deck (the discard pile is shuffled in when the deck runs out)."""
    got = []
    for _ in range(n):
        if not state.deck and state.discard:
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            state.say(T("The discard pile is shuffled into a new deck."))
        if not state.deck:
            break
        got.append(state.deck.pop())
    if got:
        state.mark_reveal()
    return got


def draw(state: AresState, seat: int, n: int) -> list[int]:
    got = take_from_deck(state, n)
    state.pl[seat].hand.extend(got)
    if got:
        state.say(T("{seat} draws {n} card(s).", seat=who(seat), n=len(got)))
        state.say(T("You draw {cards}.", cards=tuple(card_name(c) for c in got)), seat=seat)
    return got


# -- terraforming ---------------------------------------------------------------------------------
def add_tr(state: AresState, seat: int, n: int) -> None:
    p = state.pl[seat]
    p.tr += n
    if n > 0 and not p.tr_raised_phase:
        p.tr_raised_phase = True
        for cid in _sources(state, seat):
            for clause in trigger_clauses(cid):
                if clause.startswith("when your tr rises first time in a phase: "):
                    result = clause.split(": ", 1)[1]
                    push(state, seat, Task("may", text=result[len("may "):], card=cid))


def raise_param(state: AresState, seat: int, param: str, steps: int, card: int = 0) -> int:
    """Raise a global parameter `steps` times for `seat`: +1 TR per step that still pays, and
    the seat's triggers. Returns the steps that paid."""
    paid = 0
    for _ in range(steps):
        if not rewards_open(state, param):
            state.say(T("{param} is already at its maximum: no effect.", param=param_name(param)))
            break
        if not at_max(state, param):
            if param == "ocean":
                reward = state.oceans.pop()
                state.flipped.append(reward)
                state.mark_reveal()
            else:
                setattr(state, param, getattr(state, param) + PARAMS[param]["step"])
            if at_max(state, param):
                state.maxed_round[param] = state.round
                state.say(T("{param} reaches its maximum.", param=param_name(param)))
        elif param == "ocean":
            reward = state.flipped[-1]     # article: the last tile's reward again
        paid += 1
        add_tr(state, seat, 1)
        if param == "ocean":
            state.say(T("{seat} flips an ocean (+1 TR, {reward}).", seat=who(seat), reward=words(reward)) if reward
                      else T("{seat} flips an ocean (+1 TR).", seat=who(seat)))
            run(state, seat, reward)
        else:
            state.say(T("{seat} raises {param} to {value} (+1 TR).", seat=who(seat), param=PARAM[param],
                        value=shown(param, getattr(state, param))))
        fire(state, seat, {"temperature": "raise temperature", "oxygen": "raise oxygen",
                           "ocean": "flip ocean"}[param])
    return paid


def free_step(state: AresState, param: str) -> None:
    """Solo difficulty steps: the marker moves, nobody gains TR and no trigger fires."""
    if not at_max(state, param):
        setattr(state, param, getattr(state, param) + PARAMS[param]["step"])
        if at_max(state, param):
            state.maxed_round[param] = state.round


def add_forest(state: AresState, seat: int, n: int) -> None:
    for _ in range(n):
        state.pl[seat].forests += 1
        state.say(T("{seat} gains a forest.", seat=who(seat)))
        fire(state, seat, "gain forest")
        raise_param(state, seat, "oxygen", 1)


# -- triggers ---------------------------------------------------------------------------------------
def _sources(state: AresState, seat: int) -> list[int]:
    p = state.pl[seat]
    return ([p.corp] if p.corp else []) + list(p.played)


def fire(state: AresState, seat: int, event: str, played: int = 0) -> None:
    """Run the seat's `when you ...` triggers for `event` ("play" with the played card id,
    "raise temperature", "raise oxygen", "flip ocean", "gain forest", "use action", "steel")."""
    queued: list[Task] = []
    for cid in _sources(state, seat):
        for clause in trigger_clauses(cid):
            head, result = clause.split(": ", 1)
            times = _matches(head[len("when "):], event, played, cid)
            if times and "discount" not in result:      # pay-time discounts are offered at payment
                for _ in range(times):
                    if result.startswith("may "):
                        queued.append(Task("may", text=result[4:], card=cid, n=played))
                    else:
                        queued.extend(Task("ops", text=c, card=cid) for c in clauses(result))
    if queued:
        push(state, seat, *queued)


def _matches(cond: str, event: str, played: int, owner: int) -> int:
    """How many times the trigger condition `cond` fires for `event`."""
    if event == "play":
        if cond == "you play a card":
            return 0 if played == owner else 1
        if match := re.fullmatch(r"you play tag:([\w|]+)(?: \((incl\.|not) this\))?", cond):
            if played == owner and match[2] != "incl.":
                return 0
            wanted = match[1].split("|")
            return sum(1 for t in CARDS[played].tags if t in wanted)
        return 0
    if event == "steel":
        return 1 if cond == "you play a card that raises your steel" else 0
    if event == "use action":
        return 1 if cond == "you use a blue action" else 0
    if cond.startswith("you "):
        options = [part.strip() for part in cond[4:].split(" or ")]
        options = [o if o.startswith(("raise", "flip", "gain")) else o for o in options]
        return 1 if event in options else 0
    return 0


# -- clause execution -------------------------------------------------------------------------------
def targets(state: AresState, seat: int, kind: str, source: int) -> list[int]:
    """Own cards (other than `source`) that can take resources of `kind` ("held": any holding some)."""
    p = state.pl[seat]
    if kind == "held":
        return [c for c in p.played if c != source and CARDS[c].resource and p.res.get(c, 0) > 0]
    return [c for c in p.played if c != source and CARDS[c].resource == kind]


def in_vain(state: AresState, seat: int, alternatives: str, source: int) -> list[str]:
    """The resource kinds of a `choose(a | b ...)` when every alternative would do nothing (each
    adds resources to another card and none of the seat's other cards can hold them), else []:
    then there is nothing to choose between and no decision is asked."""
    kinds = []
    for alt in alternatives.split(" | "):
        match = re.fullmatch(r"add:(\w+) \d+ other", alt.strip())
        if not match or targets(state, seat, match[1], source):
            return []
        kinds.append(match[1])
    return kinds


def holders(state: AresState, seat: int, kinds: list[str], n: int) -> list[int]:
    p = state.pl[seat]
    return [c for c in p.played if CARDS[c].resource in kinds and p.res.get(c, 0) >= n]


def add_res(state: AresState, seat: int, cid: int, n: int) -> None:
    p = state.pl[seat]
    p.res[cid] = p.res.get(cid, 0) + n
    if n:
        state.say(T("{seat} puts {n} {what}(s) on {card}.", seat=who(seat), n=n, what=RESOURCE[CARDS[cid].resource],
                    card=card_name(cid)))


def execute(state: AresState, seat: int, task: Task) -> None:
    """Carry out one automatic `ops` task (one clause). May queue decisions in front."""
    p = state.pl[seat]
    text, card = task.text, task.card
    if match := re.fullmatch(r"(mc|heat|plants)([+-])(\d+)", text):
        amount = int(match[3]) * (1 if match[2] == "+" else -1)
        setattr(p, match[1], max(0, getattr(p, match[1]) + amount))
        what = RESOURCE[match[1]]
        state.say(T("{seat} gains {n} {what}.", seat=who(seat), n=amount, what=what) if amount >= 0
                  else T("{seat} loses {n} {what}.", seat=who(seat), n=-amount, what=what))
    elif match := re.fullmatch(r"tr\+(\d+)(?: per tag:(\w+) \(incl\. this\))?", text):
        n = int(match[1]) * (tag_counts(p)[match[2]] if match[2] else 1)
        add_tr(state, seat, n)
        state.say(T("{seat} gains {n} TR.", seat=who(seat), n=n))
    elif match := re.fullmatch(r"draw (\d+)", text):
        draw(state, seat, int(match[1]))
    elif match := re.fullmatch(r"draw (\d+) keep (\d+)", text):
        got = take_from_deck(state, int(match[1]))
        if got:
            push(state, seat, Task("keep", cards=got, n=min(int(match[2]), len(got)), card=card))
    elif match := re.fullmatch(r"discard (\d+)", text):
        n = min(int(match[1]), len(p.hand))
        if n:
            push(state, seat, Task("discard", n=n, card=card))
    elif match := re.fullmatch(r"raise:(temperature|oxygen) (\d+)", text):
        raise_param(state, seat, match[1], int(match[2]), card)
    elif match := re.fullmatch(r"flip:ocean (\d+)", text):
        raise_param(state, seat, "ocean", int(match[1]), card)
    elif match := re.fullmatch(r"forest (\d+)", text):
        add_forest(state, seat, int(match[1]))
    elif match := re.fullmatch(r"add:(\w+) (\d+) (here|other)", text):
        _add(state, seat, match[1], int(match[2]), match[3], card)
    elif match := re.fullmatch(r"remove:(\w+) (\d+) here", text):
        p.res[card] = max(0, p.res.get(card, 0) - int(match[2]))
    elif text.startswith("choose("):
        kinds = in_vain(state, seat, text[len("choose("):-1], card)
        if kinds:
            state.say(T("{card}: no other card of {seat} can hold {what}: nothing happens.", card=card_name(card),
                        seat=who(seat), what=tuple(RESOURCE[k] for k in kinds)))
        else:
            push(state, seat, Task("choose", text=text[len("choose("):-1], card=card))
    elif match := re.fullmatch(r"if (phase:action|tags:(\w+)>=(\d+)): (.+)", text):
        ok = p.pick == 3 if match[1] == "phase:action" else tag_counts(p)[match[2]] >= int(match[3])
        if ok:
            run(state, seat, match[4], card)
    elif text == "play-extra:blue|red":
        p.plays_left += 1
        state.say(T("{seat} may play one more blue or red card this phase.", seat=who(seat)))
    elif match := re.fullmatch(r"next-card:discount (\d+)", text):
        p.next_discount += int(match[1])
    elif text.startswith("next-card:req-flex"):
        p.next_flex = True
    elif match := re.fullmatch(r"free-green:cost<=(\d+)", text):
        push(state, seat, Task("free_green", n=int(match[1]), card=card))
    elif text.startswith("reveal "):
        _reveal(state, seat, text, card)
    elif ": " in text:
        cost, result = text.split(": ", 1)
        if not can_pay(state, seat, cost, card):
            state.say(T("{seat} cannot pay for that: nothing happens.", seat=who(seat)))
            return
        pay(state, seat, cost, card, result)
    else:
        raise ValueError(f"unknown effect {text!r}")


def _add(state: AresState, seat: int, kind: str, n: int, where: str, card: int) -> None:
    if where == "here":
        add_res(state, seat, card, n)
        return
    found = targets(state, seat, kind, card)
    if not found:
        what = RESOURCE[kind] if kind != "held" else T("the resources")
        state.say(T("{seat} has no card to take {what}: none placed.", seat=who(seat), what=what))
    elif len(found) == 1:
        add_res(state, seat, found[0], n)
    else:
        push(state, seat, Task("target", text=f"add:{kind} {n} other", card=card, cards=found, n=n))


def _reveal(state: AresState, seat: int, text: str, card: int) -> None:
    head, rule = text.split(": ", 1)
    shown = take_from_deck(state, int(head.split()[1]))
    state.say(T("{seat} reveals {cards}.", seat=who(seat), cards=tuple(card_name(c) for c in shown) or T("nothing")))
    if rule.startswith("if green"):
        for cid in shown:
            if CARDS[cid].kind == "green":
                state.discard.append(cid)
                run(state, seat, "mc+1", card)
            else:
                state.pl[seat].hand.append(cid)
                state.say(T("{seat} takes it into hand.", seat=who(seat)))
        return
    match = re.fullmatch(r"keep (\d+) with tag:([\w|]+), discard rest", rule)
    if not match:
        raise ValueError(f"unknown reveal rule {rule!r}")
    wanted = match[2].split("|")
    fits = [c for c in shown if any(t in wanted for t in CARDS[c].tags)]
    state.discard.extend(c for c in shown if c not in fits)
    if fits:
        push(state, seat, Task("keep", cards=fits, n=min(int(match[1]), len(fits)), card=card))


# -- costs ----------------------------------------------------------------------------------------------
def mc_price(state: AresState, seat: int, cost: str) -> int | None:
    """MC a `pay Nmc (...)` cost comes to for this seat, or None if it is not an MC cost."""
    match = re.fullmatch(r"pay (\d+)mc(?: \((.+)\))?", cost)
    if not match:
        return None
    p = state.pl[seat]
    price = int(match[1])
    if mod := match[2]:
        if m2 := re.fullmatch(r"-(\d+) per (steel|titanium)", mod):
            price -= int(m2[1]) * p.prod[m2[2]]
        elif m2 := re.fullmatch(r"-(\d+) per tag:(\w+)", mod):
            price -= int(m2[1]) * tag_counts(p)[m2[2]]
        elif m2 := re.fullmatch(r"-(\d+) if blue-cards>=(\d+)", mod):
            blues = sum(1 for c in p.played if CARDS[c].kind == "blue")
            price -= int(m2[1]) if blues >= int(m2[2]) else 0
    return max(0, price)


def stock_price(state: AresState, seat: int, cost: str) -> tuple[str, int] | None:
    match = re.fullmatch(r"pay (\d+) (heat|plants|tr)(?: \((\d+) if phase:action\))?", cost)
    if not match:
        return None
    n = int(match[1])
    if match[3] and state.pl[seat].pick == 3:
        n = int(match[3])
    if match[2] == "plants" and n == 8:
        n = mods(state.pl[seat]).forest_cost
    return match[2], n


def can_pay(state: AresState, seat: int, cost: str, card: int, keep: dict[str, int] | None = None) -> bool:
    """Whether the seat can pay `cost` now, leaving `keep` stock untouched (what a card being
    played will still spend, e.g. {"heat": 5}), so no stock ever goes below zero."""
    p = state.pl[seat]
    keep = keep or {}
    if (price := mc_price(state, seat, cost)) is not None:
        return liquid(p, keep.get("heat", 0)) >= price
    if (stock := stock_price(state, seat, cost)) is not None:
        return getattr(p, stock[0]) - keep.get(stock[0], 0) >= stock[1]
    if match := re.fullmatch(r"pay X heat(?: \(X<=(\d+)\))?", cost):
        return p.heat - keep.get("heat", 0) >= 1
    if match := re.fullmatch(r"discard (X|\d+)(?: \(X<=\d+\))?", cost):
        return len(p.hand) >= (1 if match[1] == "X" else int(match[1]))
    if match := re.fullmatch(r"remove:(\w+) (\d+) here", cost):
        return p.res.get(card, 0) >= int(match[2])
    if match := re.fullmatch(r"remove:([\w|]+) (\d+) anywhere", cost):
        return bool(holders(state, seat, match[1].split("|"), int(match[2])))
    raise ValueError(f"unknown cost {cost!r}")


def pay_mc(state: AresState, seat: int, amount: int) -> None:
    """Pay MC, then heat for a heat-as-MC corporation (the only sensible order)."""
    p = state.pl[seat]
    from_mc = min(p.mc, amount)
    p.mc -= from_mc
    p.heat -= amount - from_mc


def pay(state: AresState, seat: int, cost: str, card: int, result: str) -> None:
    """Pay `cost` (or queue the decision it needs) and queue `result` after it."""
    p = state.pl[seat]
    if (price := mc_price(state, seat, cost)) is not None:
        pay_mc(state, seat, price)
        run(state, seat, result, card)
    elif (stock := stock_price(state, seat, cost)) is not None:
        res, n = stock
        if res == "tr":
            p.tr -= n
        else:
            setattr(p, res, getattr(p, res) - n)
        run(state, seat, result, card)
    elif match := re.fullmatch(r"pay X heat(?: \(X<=(\d+)\))?", cost):
        cap = min(p.heat, int(match[1])) if match[1] else p.heat
        push(state, seat, Task("number", text=result, card=card, n=cap, tag="heat"))
    elif match := re.fullmatch(r"discard (X|\d+)(?: \(X<=(\d+)\))?", cost):
        if match[1] == "X":
            push(state, seat, Task("discard", text=result, card=card, n=min(int(match[2]), len(p.hand)), tag="X"))
        else:
            push(state, seat, Task("discard", text=result, card=card, n=int(match[1]), tag="cost"))
    elif match := re.fullmatch(r"remove:(\w+) (\d+) here", cost):
        p.res[card] -= int(match[2])
        run(state, seat, result, card)
    elif match := re.fullmatch(r"remove:([\w|]+) (\d+) anywhere", cost):
        found = holders(state, seat, match[1].split("|"), int(match[2]))
        if len(found) == 1:
            p.res[found[0]] -= int(match[2])
            run(state, seat, result, card)
        else:
            push(state, seat, Task("target", text=f"remove {match[2]}", card=card, cards=found,
                                   n=int(match[2]), tag=result))
