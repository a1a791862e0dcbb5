"""Solo/co-op task handlers (same task stack as the engine): the alert step, the crisis
checks after each turn, the void advance, catastrophes, the Voidborn assault and the
harbinger row choice."""

from __future__ import annotations

from games.core import Decision
from games.core.i18n import Text

from ..board import name
from ..corruption import corrupted_places, place_name
from ..data import RES
from ..economy import pay, plan_payment, stock_change
from ..effects import run_effect
from ..evaluation import skirmish
from ..messages import T, joined
from ..state import Task, VoidfallState, solo_of
from ..tasks import dec, done, handler, opt, push
from .alert import LEVEL, draw_crisis, reveal
from .board import (add_catastrophe, discard_crisis, economic_value, harbinger_to_row, make_permanent, military_value,
                    remove_from_row, rows_for)
from .content import ALERT_LEVEL_NAME, BOARD, CRISES, ROW_WORD, SLOTS, WAR_CARDS, crisis_name, res_name
from .crises import can_pay, card_text, condition_text, cost_words, met, penalty_possible, penalty_text, suffer
from .havens import track_four
from .preview import assault_text, payment_text
from .state import ROWS, permanent, row


def war_modifier(state: VoidfallState, card: str) -> int:
    return WAR_CARDS[card][state.cycle - 1]


@handler("solo_alert")
class Alert:
    """Article (危機卡牌步驟): reveal the round's alert card; a situation card draws a crisis of
    its level, the current crisis."""

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        card = reveal(state)
        if card in LEVEL:
            cid = draw_crisis(state, LEVEL[card])
            solo_of(state).current = cid
            state.say(T("Alert: situation {level}. Current crisis: {crisis}.", level=ALERT_LEVEL_NAME[card], crisis=card_text(cid)) if cid
                      else T("Alert: situation {level}, no crisis left.", level=ALERT_LEVEL_NAME[card]))
        else:
            state.say(T("Alert: {war}: at the end of the round, resolve the crisis board "
                        "(+{n} Voidborn Fleet Power this Cycle) or place a catastrophe.", war=war_name(card),
                        n=war_modifier(state, card)))


def war_name(card: str) -> Text:
    """A war card as players call it: "war2" -> "war card 2"."""
    return T("war card {n}", n=card.removeprefix("war"))


def open_crises(state: VoidfallState) -> list[str]:
    return ([solo_of(state).current] if solo_of(state).current else []) + permanent(state)


def resolve(state: VoidfallState, seat: int, cid: str, how: Text) -> None:
    if cid == solo_of(state).current:
        solo_of(state).current = ""
    else:
        remove_from_row(state, cid)
    discard_crisis(state, cid)
    solo_of(state).resolved.append(cid)
    state.say(T("{seat} resolves the crisis {crisis} ({how}).", seat=name(seat), crisis=crisis_name(cid), how=how))


@handler("solo_check")
class Check:
    """Article (解決危機卡牌): a crisis is resolved the moment its condition is met; a paid one
    when its cost is paid. Designed: `have` conditions are checked after every action ("quiet":
    no payment offered) and after each turn, where paying is offered too."""

    @staticmethod
    def _met(state: VoidfallState, task: Task) -> list[str]:
        return [c for c in open_crises(state) if met(state, task.seat, c)]

    @staticmethod
    def _payable(state: VoidfallState, task: Task) -> list[str]:
        return [c for c in open_crises(state) if can_pay(state, task.seat, c)]

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        if task.data.get("declined") or task.data.get("quiet") or Check._met(state, task):
            return []
        cands = Check._payable(state, task)
        if not cands:
            return []
        h = state.houses[task.seat]
        options = []
        for c in cands:
            cost = CRISES[c]["cond"]["cost"]
            plan = plan_payment(h, cost) or {}
            which = T("the current crisis") if c == solo_of(state).current else T("a permanent crisis")
            options.append(opt(f"pay:{c}", crisis_name(c), T("pay {cost} to resolve {crisis} ({which}): {change}",
                                                             cost=cost_words(cost), crisis=crisis_name(c), which=which,
                                                             change=stock_change(h, plan, -1))))
        options.append(opt("none", T("resolve no crisis now"), T("keep your resources; the crises stay open")))
        return [dec(task.seat, T("Resolve a crisis by paying its cost?"), options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        hits = Check._met(state, task)
        if not hits:
            done(state, task)
            track_four(state, task.seat)
            return
        for c in hits:
            resolve(state, task.seat, c, condition_text(c))

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        if choice == "none":
            task.data["declined"] = True
            return
        cid = choice[4:]
        pay(state, task.seat, CRISES[cid]["cond"]["cost"])
        resolve(state, task.seat, cid, T("paid"))


def advance_options(state: VoidfallState) -> list:
    s = solo_of(state)
    card = s.alert
    if card.startswith("war"):
        mod = war_modifier(state, card)
        eco = economic_value(state)
        bonus = military_value(state) + mod
        detail = joined([T("{assault}, {payment}", assault=assault_text(state, seat, bonus), payment=payment_text(state, seat, eco))
                         for seat in state.order], T("{a}; {b}"))
        return [opt("board", T("resolve the crisis board"), T("an assault on every house: {houses}", houses=detail)),
                opt("cat", T("place a catastrophe"), T("catastrophe {n} of {most}; the war card is kept",
                                                         n=state.crisis.catastrophes + 1, most=BOARD["catastrophe_limit"]))]
    cid = s.current
    out = []
    if all(penalty_possible(state, seat, cid) for seat in range(state.players)):
        text = penalty_text(cid)
        if "assault" in CRISES[cid]["penalty"]:
            text = T("a Voidborn assault: {assaults}", assaults=joined([assault_text(state, seat, military_value(state) + CRISES[cid]["penalty"]["assault"])
                                                             for seat in state.order], T("{a}; {b}")))
        out.append(opt("pen", T("suffer the penalty"), T("each house: {penalty}; the crisis is discarded", penalty=text)))
    for w in ROWS:
        if w in _rows_of(cid):
            r = row(state, w)
            crises = sum(1 for x in r if x != "H")
            free = SLOTS - sum(1 for x in r if x == "H")
            push_off = crises + 1 > free
            out.append(opt(f"row:{w}", T("permanent: {row} row", row=ROW_WORD[w]),
                           T("{row} row full: a crisis is pushed off (+1 catastrophe); +5 Voidborn Influence while it stays",
                             row=ROW_WORD[w]) if push_off
                           else T("{row} row {before} -> {after} of {most}; {shift}; +5 Voidborn Influence while it stays",
                                  row=ROW_WORD[w], before=len(r), after=len(r) + 1, most=SLOTS, shift=row_shift(state, w))))
    out.append(opt("cat", T("place a catastrophe"), T("catastrophe {n} of {most}; the crisis is discarded",
                                                     n=state.crisis.catastrophes + 1, most=BOARD["catastrophe_limit"])))
    return out


def row_shift(state: VoidfallState, which: str) -> Text:
    """What one more entry on a row of the crisis board changes: the assaults' strength (military)
    or the payment (economic), read at its leftmost free slot."""
    r = row(state, which)
    if which == "military":
        now, after = (BOARD["military_values"][min(n, SLOTS)] for n in (len(r), len(r) + 1))
        return T("assaults +{now} -> +{after} Voidborn cubes", now=now, after=after)
    now_cost, after_cost = (BOARD["economic_values"][min(n, SLOTS)] for n in (len(r), len(r) + 1))
    return T("payments {now} -> {after}", now=cost_words(now_cost), after=cost_words(after_cost))


def _rows_of(cid: str) -> tuple[str, ...]:
    return rows_for(cid)


@handler("solo_advance")
class Advance:
    """Article (虛空前進步驟): with a situation card and the crisis still open: the penalty, a
    catastrophe, or a permanent crisis; with a war card: the crisis board or a catastrophe."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        s = solo_of(state)
        if s.lost or not s.alert or (not s.alert.startswith("war") and not s.current):
            return []
        options = advance_options(state)
        head = war_name(s.alert) if s.alert.startswith("war") else T("the crisis {crisis} is still open", crisis=crisis_name(s.current))
        more = next((o.detail for o in options if o.id in ("board", "pen")), "")
        return [dec(task.seat, T("Void advance: {head}. ({more})", head=head, more=more) if more
                    else T("Void advance: {head}.", head=head), options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        _close_alert(state)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        s = solo_of(state)
        done(state, task)
        card, cid = s.alert, s.current
        _close_alert(state, keep_war=card.startswith("war") and choice == "cat")
        if card.startswith("war"):
            if choice == "board":
                state.say(T("The houses face the crisis board ({war}).", war=war_name(card)))
                for seat in reversed(state.order):
                    push(state, "solo_assault", seat, bonus=military_value(state) + war_modifier(state, card), havens=False)
            else:
                add_catastrophe(state, war_name(card))
            return
        s.current = ""
        if choice == "pen":
            state.say(T("The houses suffer the penalty of {crisis}.", crisis=crisis_name(cid)))
            discard_crisis(state, cid)
            for seat in reversed(state.order):
                suffer(state, seat, cid)
        elif choice.startswith("row:"):
            make_permanent(state, cid, choice[4:])
        else:
            discard_crisis(state, cid)
            add_catastrophe(state, T("the crisis {crisis}", crisis=crisis_name(cid)))


def _close_alert(state: VoidfallState, keep_war: bool = False) -> None:
    s = solo_of(state)
    if s.alert:
        (s.war_kept if keep_war else s.alert_discard).append(s.alert)
    s.alert = ""
    if s.current:  # no void advance needed: the crisis was resolved or removed
        s.current = ""


@handler("solo_catastrophe")
class Catastrophe:
    """Article: each house may remove a Corruption marker or gain five resources of any kinds."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        options = []
        places = corrupted_places(state, task.seat)
        if places:
            options.append(opt("corr", T("remove a Corruption"), T("choose next which marker: {places}",
                                                                   places=joined([place_name(state, p) for p in places]))))
        h = state.houses[task.seat]
        options.append(opt("res", T("gain {n} resources", n=BOARD["catastrophe_resources"]), T(
            "choose them one at a time (at most 15 of each); now {stocks}",
            stocks=joined([T("{resource} {n}", resource=res_name(r), n=h.res.get(r, 0)) for r in RES]))))
        return [dec(task.seat, T("A catastrophe struck: your consolation."), options)]

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        if choice == "corr":
            run_effect(state, task.seat, {"do": "remove_corruption"}, {})
        else:
            run_effect(state, task.seat, {"do": "gain_any", "n": BOARD["catastrophe_resources"]}, {})


@handler("solo_assault")
class Assault:
    """Article (虛空造物突擊): a skirmish strengthened by the leftmost free military slot (and
    a war card's modifier), then the leftmost free economic slot's payment (solo/payment.py).
    The payment is pushed before the skirmish runs: whatever the skirmish asks (the defender
    choosing its losses) is resolved first, the payment (and the safe-haven check) after it."""

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        seat = task.seat
        bonus = task.data.get("bonus", military_value(state))
        push(state, "solo_payment", seat, cost=dict(economic_value(state)), havens=task.data.get("havens", True))
        skirmish(state, seat, bonus)


@handler("solo_row")
class HarbingerRow:
    """Article: a harbinger taken in a won invasion goes to the leftmost slot of a row of your
    choice."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        options, pushing = [], set()
        for w in ROWS:
            r = row(state, w)
            over = len(r) >= SLOTS and r[-1] != "H"
            pushing |= {f"row:{w}"} if over else set()
            options.append(opt(f"row:{w}", T("{row} row", row=ROW_WORD[w]),
                               T("{row} row {before} -> {after} of {most}; a crisis is pushed off: +1 catastrophe", row=ROW_WORD[w],
                                 before=len(r), after=min(SLOTS, len(r) + 1), most=SLOTS) if over
                               else T("{row} row {before} -> {after} of {most}; {shift}", row=ROW_WORD[w], before=len(r),
                                      after=min(SLOTS, len(r) + 1), most=SLOTS, shift=row_shift(state, w))))
        options.sort(key=lambda o: o.id in pushing)  # a row that pushes a crisis off comes last
        prompt = (T("Preparation: a harbinger joins the crisis board on the row you choose.") if task.data.get("preparation")
                  else T("A harbinger you captured joins the crisis board."))
        return [dec(task.seat, prompt, options)]

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        done(state, task)
        harbinger_to_row(state, choice[4:])
