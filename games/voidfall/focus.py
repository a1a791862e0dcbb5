"""One Focus-phase turn: choose step, action step, cleanup step (article 焦點階段)."""

from __future__ import annotations

from typing import Any

from games.core import Decision, Option
from games.core.i18n import Text

from . import arrange, fleets
from .actions import action_cost, action_name, can_pay_cost, focus_name, start_action
from .board import name
from .data import AGENDAS, AGENDA_TYPES, FOCUS, HEXES, HOUSES, RES, SETTINGS, TECHS, data_text
from .economy import plan_payment, stock_change
from .effects import action_text, card_detail, start_group
from .messages import T, joined, name_in, sector_name
from .modes import mode_of
from .state import House, Task, VoidfallState
from .tasks import BUTTON, dec, done, fits, fitted, handler, opt
from .tokens import return_trade
from .tracks import objectives_text


def card_def(state: VoidfallState, d: dict[str, Any]) -> dict[str, Any]:
    """The card turn data `d` played: a Focus card, or one its mode adds (a Heroic or Joint card)."""
    if d.get("heroic"):
        return mode_of(state).card(d["card"])
    return FOCUS[d["card"]]


def card_name(state: VoidfallState, d: dict[str, Any]) -> Text:
    """The played card's name: a Focus card, or one its mode adds (a Heroic or Joint card)."""
    if d.get("heroic"):
        return mode_of(state).card_name(d["card"])
    return focus_name(d["card"])


def agenda_slots(h: House) -> int:
    return 4 if h.techs.get("central_surveillance") == "improved" else 3


def playable_agendas(state: VoidfallState, h: House, cid: str, d: dict[str, Any] | None = None) -> list[str]:
    slot = card_def(state, d)["slot"] if d and d.get("heroic") else FOCUS[cid]["slot"]
    return [a for a in h.agenda_hand if slot == "command" or slot in AGENDA_TYPES[AGENDAS[a]["type"]]["focus"]]


def tech_actions(state: VoidfallState, seat: int, cid: str, d: dict[str, Any] | None = None) -> list[str]:
    h = state.houses[seat]
    slot = card_def(state, d)["slot"] if d and d.get("heroic") else FOCUS[cid]["slot"]
    out = []
    for t, lv in h.techs.items():
        spec = TECHS[t].get("action", {})
        act = spec.get(lv) or spec.get("basic")
        if not act:
            continue
        slots = act["slots"]
        if slot in slots or ("preferred" in slots and slot in HOUSES[h.house]["preferred"]):
            out.append(t)
    return out


def tech_action(t: str, lv: str) -> dict:
    spec = TECHS[t]["action"]
    act = spec.get(lv) or spec["basic"]
    return {"name": T("{tech} action", tech=name_in("tech", t, TECHS)), "cost": act["cost"], "join": act.get("join", "and"), "effects": act["effects"]}


@handler("turn")
class Turn:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        seat, d = task.seat, task.data
        h = state.houses[seat]
        ph = d["phase"]
        if ph == "select":
            options = [opt(f"c:{c}", focus_name(c), card_detail(c)) for c in h.hand]
            options = mode_of(state).choose_options(state, seat, options)
            return [dec(seat, T("Choose step: play a Focus card."), options)]
        if ph == "flip":
            return [dec(seat, T("Flip a Trade token to take all three actions of the card?"),
                        [opt("flip", T("flip a Trade token"), T("3 actions this turn; at cleanup the token returns to the board "
                                                                "(Trade tokens {n} -> {after})", n=h.trade, after=h.trade - 1)),
                         opt("no", T("keep the token"), T("2 actions this turn; you keep {n} Trade token(s)", n=h.trade))])]
        if ph == "agenda":
            options = [opt(f"a:{a}", name_in("agenda", a, AGENDAS),
                           T("{agenda}: its action this turn ({text}); at cleanup it goes into a slot and scores {objectives} "
                             "at each Evaluation", agenda=name_in("agenda", a, AGENDAS),
                             text=data_text(AGENDA_TYPES[AGENDAS[a]["type"]]["action_text"]), objectives=objectives_text(a)))
                       for a in playable_agendas(state, h, d["card"], d)]
            return [dec(seat, T("Play an Agenda with this Focus card?"), options + [opt("none", T("no Agenda"), T("keep them in hand"))])]
        if ph == "act":
            return [dec(seat, T("Action step ({used} of {total} actions taken).", used=len(d["used"]), total=3 if d["flipped"] else 2),
                        _act_options(state, task))]
        if ph == "place":
            return [dec(seat, T("Cleanup: place the Agenda {agenda}?", agenda=name_in("agenda", d["agenda"], AGENDAS)),
                        _place_options(state, task))]
        if ph == "arrange":
            prompt, options = arrange.arrange_decision(state, seat, d)
            return [dec(seat, prompt, options)]
        if ph == "trim":
            crowded = arrange.crowded(state, seat)
            if crowded:
                where = joined([T("{sector} ({markers})", sector=sector_name(s, HOUSES, HEXES), markers=fleets.markers_text(state, s))
                                for s in crowded])
                return [dec(seat, T("Cleanup: at most 2 fleet markers per sector. Merge markers (free) or recall cubes: {sectors}.",
                                    sectors=where), arrange.trim_options(state, seat))]
        return []

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        seat, d = task.seat, task.data
        h = state.houses[seat]
        ph = d["phase"]
        if ph == "flip":
            d["phase"] = "agenda"
        elif ph == "agenda":
            d["phase"] = "act"
        elif ph == "act":
            d["phase"] = "cleanup"
        elif ph == "cleanup":
            d["phase"] = "trim"
        elif ph == "trim":
            cleanup(state, seat, d)
            d["phase"] = "place" if d.get("agenda") else "end"
        elif ph == "place":
            d["phase"] = "end"
        elif ph == "end":
            done(state, task)
            if not d.get("heroic"):
                h.discard.append(d["card"])
            mode_of(state).turn_end(state, seat)
            h.trade_fresh = 0
            h.overproduced_turn = 0
            h.tax_by_corruption = False

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        seat, d = task.seat, task.data
        h = state.houses[seat]
        ph = d["phase"]
        if ph == "select":
            if choice.startswith("c:"):
                d["card"] = choice[2:]
                h.hand.remove(d["card"])
                state.say(T("{seat} plays {card}.", seat=name(seat), card=focus_name(d["card"])))
            else:
                mode_of(state).select(state, seat, d, choice)
            # Every token held now was gained before this turn (tokens gained during the
            # action step come later), so any of them may be flipped.
            d["phase"] = "flip" if h.trade > 0 else "agenda"
            if not playable_agendas(state, h, d["card"], d) and d["phase"] == "agenda":
                d["phase"] = "act"
        elif ph == "flip":
            d["flipped"] = choice == "flip"
            if d["flipped"]:
                state.say(T("{seat} flips a Trade token: three actions this turn.", seat=name(seat)))
            d["phase"] = "agenda" if playable_agendas(state, h, d["card"], d) else "act"
        elif ph == "agenda":
            if choice != "none":
                d["agenda"] = choice[2:]
                h.agenda_hand.remove(d["agenda"])
                state.say(T("{seat} plays the Agenda {agenda}.", seat=name(seat), agenda=name_in("agenda", d["agenda"], AGENDAS)))
            d["phase"] = "act"
        elif ph == "act":
            _act_pick(state, task, choice)
        elif ph == "place":
            _place_pick(state, task, choice)
            d["phase"] = "end"
        elif ph == "arrange":
            if arrange.arrange_pick(state, seat, d, choice):
                d["phase"] = "act"
        elif ph == "trim":
            arrange.trim_pick(state, seat, choice)


def _act_options(state: VoidfallState, task: Task) -> list[Option]:
    seat, d = task.seat, task.data
    card = card_def(state, d)
    out = []
    if len(d["used"]) < (3 if d["flipped"] else 2):
        for i, a in enumerate(card["actions"]):
            if i in d["used"]:
                continue
            cost = action_cost(state, a["cost"], _pref(state, seat, d))
            if can_pay_cost(state, seat, cost, {}):
                out.append(opt(f"a:{i}", action_name(a), _with_payment(state, seat, {**a, "cost": cost})))
    if d.get("agenda") and not d.get("agenda_done"):
        t = AGENDAS[d["agenda"]]["type"]
        out.append(opt("agenda", T("Agenda action"), T("{agenda}: {text} (free; not one of the card's actions)",
                                                        agenda=name_in("agenda", d["agenda"], AGENDAS),
                                                        text=data_text(AGENDA_TYPES[t]["action_text"]))))
    for t in tech_actions(state, seat, d["card"], d):
        if t in d.get("tech_used", []):
            continue
        act = tech_action(t, state.houses[seat].techs[t])
        if can_pay_cost(state, seat, act["cost"], {}):
            text = T("{tech}: {text} (not one of the card's actions)", tech=name_in("tech", t, TECHS),
                     text=_with_payment(state, seat, act))
            name = act["name"] if fits(act["name"], BUTTON) else name_in("tech", t, TECHS)
            out.append(opt(f"t:{t}", name, text))
    if arrange.arrangeable(state, seat):
        out.append(opt("fleet", T("Split/merge markers"), T("free, uses no action: cubes stay in their sectors on other markers")))
    left = (3 if d["flipped"] else 2) - len(d["used"])
    out.append(opt("end", T("End the action step"), T("go to cleanup; {n} action(s) of the card not taken", n=left) if left > 0
                   else T("go to cleanup")))
    return out


def _with_payment(state: VoidfallState, seat: int, action: dict[str, Any]) -> Text:
    """An action's text, with what its resource cost does to the stocks ("Science 3 -> 1")."""
    res = {k: v for k, v in action["cost"].items() if k in RES}
    plan = plan_payment(state.houses[seat], res) if res and not action["cost"].get("any") else None
    if plan:
        return T("{text}; you pay: {change}", text=action_text(action), change=stock_change(state.houses[seat], plan, -1))
    return action_text(action)


def _pref(state: VoidfallState, seat: int, d: dict[str, Any]) -> bool:
    """Events 3H/3I change the cost of actions of a house's preferred Focus cards."""
    return card_def(state, d)["slot"] in HOUSES[state.houses[seat].house]["preferred"]


def _act_pick(state: VoidfallState, task: Task, choice: str) -> None:
    seat, d = task.seat, task.data
    if choice == "end":
        d["phase"] = "cleanup"
        return
    if choice == "fleet":
        d["phase"] = "arrange"
        return
    if choice == "agenda":
        d["agenda_done"] = True
        t = AGENDAS[d["agenda"]]["type"]
        start_group(state, seat, AGENDA_TYPES[t]["action"], "and", T("Agenda action"), score="action")
        return
    if choice.startswith("t:"):
        t = choice[2:]
        d.setdefault("tech_used", []).append(t)
        act = tech_action(t, state.houses[seat].techs[t])
        start_action(state, seat, act, T("Tech"))
        return
    i = int(choice[2:])
    d["used"].append(i)
    mode_of(state).after_action(state, seat)
    card = card_def(state, d)
    start_action(state, seat, card["actions"][i], card_name(state, d), preferred=_pref(state, seat, d))


def cleanup(state: VoidfallState, seat: int, d: dict[str, Any]) -> None:
    """Article 清理步驟: sectors with 3+ fleet markers back to 2; Glory down to 4; the flipped
    Trade token returns; other tokens stay on Agendas (one each) or go back to the board."""
    h = state.houses[seat]
    arrange.auto_trim(state, seat)  # chosen in the "trim" step; this only guards direct calls
    if len(h.glory) > SETTINGS["glory_cap"]:
        h.glory.sort(reverse=True)
        gone = h.glory[SETTINGS["glory_cap"]:]
        h.glory = h.glory[: SETTINGS["glory_cap"]]
        state.say(T("{seat} discards Glory token(s) {tokens} (at most 4).", seat=name(seat), tokens=str(gone)))
    if d.get("flipped"):
        h.trade -= 1
        return_trade(state)
    settle_trade(state, seat)


def settle_trade(state: VoidfallState, seat: int) -> None:
    h = state.houses[seat]
    room = sum(1 for a in h.agendas if a) + (1 if h.techs.get("escape_pods") else 0)
    extra = max(0, h.trade - room)
    if extra:
        h.trade -= extra
        return_trade(state, extra)
        state.say(T("{seat} returns {n} Trade token(s) with no Agenda to hold them.", seat=name(seat), n=extra))
    k = h.trade
    h.agenda_trade = [False] * len(h.agendas)
    for i, a in enumerate(h.agendas):
        if a and k > 0:
            h.agenda_trade[i] = True
            k -= 1


def _place_options(state: VoidfallState, task: Task) -> list[Option]:
    h, aid = state.houses[task.seat], task.data["agenda"]
    t = AGENDAS[aid]["type"]
    types = [AGENDAS[a]["type"] for a in h.agendas if a]
    new = name_in("agenda", aid, AGENDAS)
    rows = []
    if t not in types:
        for i, a in enumerate(h.agendas):
            if not a:
                if h.agenda_corrupt[i]:
                    detail = T("slot {n} is Corrupted: {agenda} would score nothing there (Upkeep 2 unless a Trade token "
                               "covers it)", n=i + 1, agenda=new)
                    rows.append((f"s:{i}", [(T("empty slot {n}, Corrupted", n=i + 1), detail), (T("slot {n}, Corrupted", n=i + 1), detail)]))
                else:
                    detail = T("slot {n}: {agenda} scores {objectives} at each Evaluation; Upkeep 2 unless a Trade token covers "
                               "it", n=i + 1, agenda=new, objectives=objectives_text(aid))
                    rows.append((f"s:{i}", [(T("empty slot {n}", n=i + 1), detail)]))
    for i, a in enumerate(h.agendas):
        if a and (t not in types or AGENDAS[a]["type"] == t):
            old = name_in("agenda", a, AGENDAS)
            detail = T("{old} leaves slot {n} for the bottom of its deck; {agenda} takes its place", old=old, n=i + 1, agenda=new)
            rows.append((f"r:{i}", [(T("replace {agenda} (slot {n})", agenda=old, n=i + 1), detail),
                                    (T("replace {agenda}", agenda=old), detail), (T("replace slot {n}", n=i + 1), detail)]))
    return fitted(rows, [opt("hand", T("take it back to hand"), T("{agenda} is not placed; you may play it on a later turn",
                                                                   agenda=new))])


def _place_pick(state: VoidfallState, task: Task, choice: str) -> None:
    h, aid = state.houses[task.seat], task.data["agenda"]
    if choice == "hand":
        h.agenda_hand.append(aid)
        return
    i = int(choice[2:])
    if choice.startswith("r:"):
        old = h.agendas[i]
        state.agenda_decks[AGENDAS[old]["type"]].append(old)
        state.say(T("{seat} replaces {agenda}.", seat=name(task.seat), agenda=name_in("agenda", old, AGENDAS)))
    h.agendas[i] = aid
    settle_trade(state, task.seat)
    state.say(T("{seat} puts the Agenda {agenda} into play.", seat=name(task.seat), agenda=name_in("agenda", aid, AGENDAS)))
