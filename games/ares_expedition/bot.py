"""A greedy bot: values cards and options with simple estimates from what its seat may see
(its own hand and board, the public tracks), and plays to terraform and score."""

from __future__ import annotations

import re

from games.core import Decision

from .board import ACTION, BUILD, DEV, PARAMS, PRODUCTION, RESEARCH, steps_total
from .cards import CARDS
from .economy import card_cost, liquid, param_value
from .play import playable
from .state import AresState


def rounds_left(state: AresState) -> float:
    left = sum(steps_total(p) - (param_value(state, p) - PARAMS[p]["start"]) // PARAMS[p]["step"]
               for p in PARAMS)
    per_round = 1.5 + 1.2 * state.players
    return max(1.5, min(14.0, left / per_round))


_TEXT_VALUES = [
    (r"raise:(?:temperature|oxygen) (\d+)", 12.0),
    (r"flip:ocean (\d+)", 14.0),
    (r"forest (\d+)", 13.0),
    (r"tr\+(\d+)", 10.0),
    (r"draw (\d+)", 3.0),
    (r"plants\+(\d+)", 1.4),
    (r"heat\+(\d+)", 1.1),
    (r"mc\+(\d+)", 1.0),
    (r"add:\w+ (\d+)", 1.5),
]


def text_value(text: str) -> float:
    value = 0.0
    for pattern, weight in _TEXT_VALUES:
        for match in re.finditer(pattern, text):
            value += weight * int(match[1])
    return value


def card_value(state: AresState, seat: int, cid: int) -> float:
    """Rough MC worth of a card to this seat, before paying for it."""
    card = CARDS[cid]
    horizon = rounds_left(state)
    value = text_value(card.immediate)
    for match in re.finditer(r"(\w+)\+(\d+)( per)?", card.production):
        per = {"mc": 1.4, "heat": 1.5, "plants": 1.8, "cards": 3.0, "steel": 1.2, "titanium": 1.2}[match[1]]
        value += per * int(match[2]) * horizon * (2 if match[3] else 1)
    if card.vp:
        value += 5.0 * int(card.vp) if re.fullmatch(r"-?\d+", card.vp) else 6.0
    if card.action:
        alt = card.actions[0]
        gain = text_value(alt.split(": ", 1)[1] if alt.startswith("pay") else alt)
        price = re.match(r"pay (\d+)", alt)
        value += max(0.0, gain - (int(price[1]) * 0.7 if price else 0)) * horizon * 0.5 + 2
    if card.effect:
        value += 6.0
    for req in card.requirement:
        if req.startswith("spend:tr"):
            value -= 8
    return value


def net_value(state: AresState, seat: int, cid: int) -> float:
    return card_value(state, seat, cid) - card_cost(state, seat, cid)


def _affordable(state: AresState, seat: int, cid: int) -> bool:
    """Worth paying for without selling much of the hand (selling throws cards away)."""
    p = state.pl[seat]
    spare = max(0, len(p.hand) - 6) * 3
    return card_cost(state, seat, cid) <= liquid(p) + spare


def _best_play(state: AresState, seat: int, kinds: tuple[str, ...]) -> float:
    p = state.pl[seat]
    vals = [net_value(state, seat, c) for c in p.hand
            if CARDS[c].kind in kinds and playable(state, seat, c)[0] and _affordable(state, seat, c)]
    return max(vals, default=-99.0)


def phase_scores(state: AresState, seat: int) -> dict[int, float]:
    """How much picking each phase is worth to this seat (the bonus plus making sure it runs)."""
    p = state.pl[seat]
    blue_actions = sum(1 for c in p.played if CARDS[c].action)
    green = _best_play(state, seat, ("green",))
    blue_red = _best_play(state, seat, ("blue", "red"))
    late = rounds_left(state) <= 3
    good = sum(1 for c in p.hand if net_value(state, seat, c) > 0 and playable(state, seat, c)[0])
    converts = p.heat // 8 + p.plants // 8 + max(0, p.mc - 10) // 15
    return {
        DEV: (6 + 0.2 * green) if green > -6 else 0,
        BUILD: (5 + 0.2 * blue_red) if blue_red > -6 else 0,
        ACTION: 2 * blue_actions + 8 * converts + (4 if late else 0),
        PRODUCTION: 6 + 0.4 * (p.tr + p.prod["mc"]) + (5 if p.mc < 10 else 0),
        RESEARCH: 9 if good < 2 else (4 if good < 4 else 1),
    }


def choose(state: AresState, seat: int, decision: Decision):
    p = state.pl[seat]
    task = p.queue[0]
    ids = [o.id for o in decision.options]
    kind = task.kind
    if kind == "corp":
        return max(ids, key=lambda o: CARDS[int(o[2:])].cost + 8 * bool(CARDS[int(o[2:])].effect)
                   + 6 * bool(CARDS[int(o[2:])].production))
    if kind in ("plan", "solo_order"):
        scores = phase_scores(state, seat)
        if kind == "solo_order":
            scores[p.pick] = -1
        return max(ids, key=lambda o: (scores[int(o[2:])], -int(o[2:])))
    if kind in ("dev", "build"):
        plays = [o for o in ids if o.startswith("c:") and _affordable(state, seat, int(o[2:]))]
        best = max(plays, key=lambda o: net_value(state, seat, int(o[2:])), default=None)
        if best and net_value(state, seat, int(best[2:])) > -6:
            return best
        return "draw" if "draw" in ids else "pass"
    if kind == "act":
        return _act(state, seat, ids)
    if kind == "keep":
        ranked = sorted(task.cards, key=lambda c: -net_value(state, seat, c))
        return [f"c:{c}" for c in ranked[:task.n]]
    if kind in ("discard", "limit", "sell"):
        ranked = sorted(p.hand, key=lambda c: net_value(state, seat, c))
        count = decision.min_picks
        return [f"c:{c}" for c in ranked[:count]]
    if kind == "free_green":
        plays = [o for o in ids if o.startswith("c:")]
        return max(plays, key=lambda o: card_value(state, seat, int(o[2:])), default="skip")
    if kind == "discounts":
        return ids
    if kind == "mulligan":
        return [f"c:{c}" for c in p.hand if net_value(state, seat, c) < -8]
    if kind == "may":
        if "yes" in ids:
            return "yes" if p.mc >= 12 else "no"
        cheap = [o for o in ids if o.startswith("d:") and net_value(state, seat, int(o[2:])) < 0]
        return cheap[0] if cheap else "no"
    if kind == "heat_pay":
        return ids[-1] if p.heat - int(ids[-1][2:]) < 8 or state.temperature >= 8 else ids[0]
    if kind == "number":
        return ids[-1]
    if kind == "choose":
        alts = [a.strip() for a in task.text.split(" | ")]
        return max(ids, key=lambda o: (0 if "nothing happens" in decision.option(o).detail else 1,
                                       text_value(alts[int(o[2:])])))
    if kind == "coop":
        return "cube" if "cube" in ids else ids[0]
    if kind == "solo_steps":
        return min(ids, key=lambda o: param_value(state, o) - PARAMS[o]["start"])
    if kind == "swap":
        return min(ids, key=lambda o: net_value(state, seat, int(o[2:])))
    return ids[0]


def _act(state: AresState, seat: int, ids: list[str]) -> str:
    p = state.pl[seat]
    for pref in ("s:heat", "s:plants"):
        if pref in ids:
            return pref
    for o in ids:
        if o.startswith("a:"):
            cid, i = map(int, o[2:].split(":"))
            alt = CARDS[cid].actions[i]
            if text_value(alt) > 0 and "pay 1 tr" not in alt:
                return o
    reserve = 0 if rounds_left(state) <= 4 or state.players == 1 else 8
    prices = {"s:ocean": 15, "s:temperature": 14, "s:forest": 20}
    for pref in ("s:ocean", "s:temperature", "s:forest"):
        if pref in ids and p.mc >= prices[pref] + reserve:
            return pref
    return "done"

