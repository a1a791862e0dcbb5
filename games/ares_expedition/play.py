"""Playing a project card (discount choices, payment, placing it, its effects) and the
Production and Research phases."""

from __future__ import annotations

import math
import re

from .board import GAME, PRODUCTION, RESEARCH
from .cards import CARDS
from .economy import (
    card_cost, liquid, mods, requirement_problems, sell_value, spend_of, spendable, tag_counts,
    trigger_clauses,
)
from .effects import can_pay, draw, fire, pay_mc, push, run, take_from_deck, who
from games.core.i18n import Text

from .messages import T, joined
from .state import AresState, Player, Task
from .text import card_name

PROD_KEYS = ("mc", "heat", "plants", "cards", "steel", "titanium")


def optional_discounts(state: AresState, seat: int, cid: int) -> list[tuple[int, str, int]]:
    """Pay-time discounts this seat may use on `cid`: (source card, cost text, MC off)."""
    p = state.pl[seat]
    keep = spend_of(CARDS[cid])        # the card's own stock cost must stay payable
    found = []
    for src in ([p.corp] if p.corp else []) + list(p.played):
        for clause in trigger_clauses(src):
            match = re.fullmatch(r"when you play a card: may (.+): discount (\d+) on that card", clause)
            if match and can_pay(state, seat, match[1], src, keep):
                found.append((src, match[1], int(match[2])))
    return found


def playable(state: AresState, seat: int, cid: int, *, free: bool = False) -> tuple[bool, Text]:
    """Whether the seat may play `cid` from hand now, and why not."""
    problems = requirement_problems(state, seat, cid)
    if problems:
        return False, joined(problems, T("{a}; {b}"))
    if not free:
        cost = card_cost(state, seat, cid)
        best = cost - sum(d for _, _, d in optional_discounts(state, seat, cid))
        can_raise = spendable(state.pl[seat], keep_cards=1, keep_heat=own_heat(cid))
        if can_raise < max(0, best):
            return False, T("costs {cost} MC, you can raise {n}", cost=cost, n=can_raise)
    return True, ""


def start_play(state: AresState, seat: int, cid: int) -> None:
    """The seat chose to play `cid` from hand: queue discounts, payment and placing."""
    p = state.pl[seat]
    p.hand.remove(cid)
    if card_cost(state, seat, cid) > 0 and optional_discounts(state, seat, cid):
        push(state, seat, Task("discounts", card=cid))
    else:
        push(state, seat, Task("pay_card", card=cid))


def pay_card(state: AresState, seat: int, task: Task) -> None:
    """Automatic: pay for the card (asking which cards to sell when MC runs short), then place it."""
    p = state.pl[seat]
    cost = card_cost(state, seat, task.card, task.n)
    keep = own_heat(task.card)
    if liquid(p, keep) >= cost:
        low, high = heat_range(p, cost, keep)
        if mods(p).heat_as_mc and high > low:
            push(state, seat, Task("heat_pay", card=task.card, n=task.n))    # Helion: how much heat?
            return
        pay_mc(state, seat, cost)          # MC first, so at most `high` heat: `keep` stays for place()
        place(state, seat, task.card, paid=cost)
        return
    short = cost - liquid(p, keep)
    push(state, seat, Task("sell", card=task.card, n=math.ceil(short / sell_value(p)), tag=str(task.n)))


def own_heat(cid: int) -> int:
    """Heat the card itself spends when placed (Tropical Resort...): never offered as MC."""
    return spend_of(CARDS[cid]).get("heat", 0)


def heat_range(p: Player, cost: int, keep: int) -> tuple[int, int]:
    """Least and most heat a heat-as-MC player may put into a `cost` MC payment, keeping `keep` heat."""
    return max(0, cost - p.mc), min(p.heat - keep, cost)


def place(state: AresState, seat: int, cid: int, paid: int = 0) -> None:
    """Put a card in play: spend its `spend:` stock, raise production, queue its effect and triggers."""
    p = state.pl[seat]
    card = CARDS[cid]
    p.next_discount = 0
    p.next_flex = False
    for res, n in spend_of(card).items():
        if res == "tr":
            p.tr -= n
        else:
            setattr(p, res, getattr(p, res) - n)
    p.played.append(cid)
    state.say(T("{seat} plays {card} ({n} MC).", seat=who(seat), card=card_name(cid), n=paid))
    steel_before = p.prod["steel"]
    raise_production(state, seat, card.production)
    fire(state, seat, "play", played=cid)
    if p.prod["steel"] > steel_before:
        fire(state, seat, "steel", played=cid)
    run(state, seat, card.immediate, cid)


def raise_production(state: AresState, seat: int, text: str) -> None:
    """Apply a production column (counts of tags include the card, already in play)."""
    p = state.pl[seat]
    if not text:
        return
    for part in text.split(", "):
        match = re.fullmatch(r"(\w+)\+(\d+)(?: per (?:(\d+) )?(tag:(\w+)|forest))?", part.strip())
        if not match or match[1] not in PROD_KEYS:
            raise ValueError(f"unknown production {part!r}")
        n = int(match[2])
        if match[4]:
            have = p.forests if match[4] == "forest" else tag_counts(p)[match[5]]
            n = n * (have // int(match[3] or 1))
        p.prod[match[1]] += n


def produce(state: AresState) -> None:
    """Production phase (article 生產階段): MC = TR + MC production, heat, plants, cards; chooser +4 MC."""
    for seat, p in enumerate(state.pl):
        gain = p.tr + p.prod["mc"] + (GAME["production_bonus"] if p.pick == PRODUCTION else 0)
        p.mc += gain
        p.heat += p.prod["heat"]
        p.plants += p.prod["plants"]
        state.say(T("{seat} produces {mc} MC, {heat} heat, {plants} plants.", seat=who(seat), mc=gain,
                    heat=p.prod["heat"], plants=p.prod["plants"]))
        if p.prod["cards"]:
            draw(state, seat, p.prod["cards"])


def research(state: AresState) -> None:
    """Research phase (article 研究階段): draw 2 keep 1; the chooser draws 5 and keeps 2."""
    for seat, p in enumerate(state.pl):
        m = mods(p)
        chooser = p.pick == RESEARCH
        n = GAME["research_draw"] + m.research_draw + (GAME["research_bonus_draw"] if chooser else 0)
        keep = GAME["research_keep"] + m.research_keep + (GAME["research_bonus_keep"] if chooser else 0)
        got = take_from_deck(state, n)
        if got:
            p.queue.append(Task("keep", cards=got, n=min(keep, len(got))))


def free_green_options(state: AresState, seat: int, limit: int) -> list[int]:
    p = state.pl[seat]
    return [c for c in p.hand if CARDS[c].kind == "green" and CARDS[c].cost <= limit
            and playable(state, seat, c, free=True)[0]]
