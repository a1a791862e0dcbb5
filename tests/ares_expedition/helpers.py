"""Helpers to build Ares Expedition scenarios directly from states."""

from __future__ import annotations

from games.ares_expedition import RULES
from games.ares_expedition.board import ACTION, BUILD, DEV, PRODUCTION
from games.ares_expedition.cards import CARDS
from games.ares_expedition.flow import _begin_phase, advance
from games.ares_expedition.state import AresState

NEUTRAL_OCEAN = ""      # an ocean tile whose reward is nothing, so a flip shows only its TR


def fresh(players: int = 2, seed: int = 1, options: dict | None = None) -> AresState:
    """A state after setup with corporations chosen by the bot (planning of round 1 pending)."""
    state = RULES.setup(players, seed, options)
    for seat in range(players):
        state = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    return state


def bare(players: int = 1, seed: int = 1, mc: int = 100) -> AresState:
    """A state with no corporation, empty hands and tableaus, plenty of MC, neutral ocean tiles."""
    state = fresh(players, seed)
    for p in state.pl:
        state.deck.extend(p.hand)
        p.hand = []
        p.corp = 0
        p.played = []
        p.res = {}
        p.prod = dict.fromkeys(p.prod, 0)
        p.mc, p.heat, p.plants, p.tr, p.forests = mc, 0, 0, 5, 0
        p.queue = []
        p.pick = PRODUCTION
    state.oceans = [NEUTRAL_OCEAN] * 9
    state.stage = "phase"
    state.phases = []
    return state


def take(state: AresState, cid: int) -> int:
    """Remove a card from the deck/discard (so it can be put somewhere on purpose)."""
    for pile in (state.deck, state.discard):
        if cid in pile:
            pile.remove(cid)
    return cid


def give(state: AresState, seat: int, *cids: int) -> None:
    for cid in cids:
        take(state, cid)
        state.pl[seat].hand.append(cid)


def put_in_play(state: AresState, seat: int, *cids: int) -> None:
    for cid in cids:
        take(state, cid)
        state.pl[seat].played.append(cid)


def phase(state: AresState, number: int, pick: int | None = None) -> AresState:
    """Start phase `number` now (seat picks set to `pick`, default: a phase that is not running)."""
    for p in state.pl:
        p.queue = []
        p.pick = pick if pick is not None else (PRODUCTION if number != PRODUCTION else DEV)
    state.stage = "phase"
    state.phases = []
    _begin_phase(state, number)
    advance(state)
    return state


def default_choice(decision, task_kind: str):
    ids = [o.id for o in decision.options]
    if decision.max_picks > 1 or decision.min_picks != 1:
        return ids[:max(decision.min_picks, 1)] if decision.min_picks or task_kind != "discounts" else []
    if task_kind == "may":
        return "yes" if "yes" in ids else ids[0]
    return ids[0]


def act(state: AresState, seat: int, choice, *, resolve: bool = True, picks: list | None = None) -> AresState:
    """Apply `choice`, then resolve follow-up decisions (not main phase ones) with `picks` or defaults."""
    state = RULES.apply(state, seat, choice)
    picks = list(picks or [])
    while resolve:
        p = state.pl[seat]
        if not p.queue or p.queue[0].kind in ("dev", "build", "act", "plan", "corp_done", "swap_done"):
            break
        d = RULES.decision_for(state, seat)
        if d is None:
            break
        choice = picks.pop(0) if picks else default_choice(d, p.queue[0].kind)
        state = RULES.apply(state, seat, choice)
    return state


def snapshot(state: AresState, seat: int = 0) -> dict:
    p = state.pl[seat]
    snap = {"mc": p.mc, "heat": p.heat, "plants": p.plants, "tr": p.tr, "forest": p.forests,
            "hand": len(p.hand), "temp": (state.temperature + 30) // 2, "oxy": state.oxygen,
            "ocean": len(state.flipped)}
    for key, value in p.prod.items():
        snap["prod." + key] = value
    for cid, n in p.res.items():
        snap[f"res.{cid}"] = n
    return snap


def delta(before: dict, after: dict) -> dict:
    keys = set(before) | set(after)
    out = {k: after.get(k, 0) - before.get(k, 0) for k in keys}
    return {k: v for k, v in sorted(out.items()) if v}


def play_card(state: AresState, cid: int, seat: int = 0, picks: list | None = None) -> tuple[AresState, dict]:
    """Play `cid` from hand in its phase (requirements met by the caller) and return the state
    and the change it made, with the MC paid for it added back."""
    kind = CARDS[cid].kind
    give(state, seat, cid)
    state = phase(state, DEV if kind == "green" else BUILD)
    from games.ares_expedition.economy import card_cost
    cost = card_cost(state, seat, cid)
    before = snapshot(state, seat)
    state = act(state, seat, f"c:{cid}", picks=picks)
    after = snapshot(state, seat)
    after["mc"] += cost
    after["hand"] += 1
    return state, delta(before, after)


def use_action(state: AresState, cid: int, alt: int = 0, seat: int = 0, picks: list | None = None,
               pick: int | None = None) -> tuple[AresState, dict]:
    """Use a blue card's action (alternative `alt`) in a fresh Action phase; returns the change."""
    state = phase(state, ACTION, pick)
    before = snapshot(state, seat)
    state = act(state, seat, f"a:{cid}:{alt}", picks=picks)
    return state, delta(before, snapshot(state, seat))


_TAG_FILLERS = {"science": 96, "plant": 155, "microbe": 104, "animal": 24, "event": 95, "jovian": 138, "power": 175}
_BAND_LOW = {"temperature": {"red": -18, "yellow": -8, "white": 2}, "oxygen": {"red": 3, "yellow": 7, "white": 12}}


def ready_for(cid: int, players: int = 1, seed: int = 3) -> AresState:
    """A bare state in which seat 0 meets every requirement of `cid` (filler cards give the tags)."""
    state = bare(players, seed)
    p = state.pl[0]
    for req in CARDS[cid].requirement:
        name, _, value = req.partition(">=") if ">=" in req else req.partition("<=")
        if req.startswith("temperature<="):
            state.temperature = -30
        elif req.startswith("oxygen<="):
            state.oxygen = 0
        elif name in _BAND_LOW:
            setattr(state, name, _BAND_LOW[name][value])
        elif name == "oceans":
            if ">=" in req:
                state.flipped = [NEUTRAL_OCEAN] * int(value)
                state.oceans = [NEUTRAL_OCEAN] * (9 - int(value))
        elif name.startswith("tags:"):
            put_in_play(state, 0, *[_TAG_FILLERS[name[5:]]] * int(value))
        elif req.startswith("spend:"):
            res, n = req[6:].split()
            if res != "tr":
                setattr(p, res, getattr(p, res) + int(n))
        elif name == "tr":
            p.tr = int(value)
    return state


def action_ready(cid: int, seed: int = 3) -> AresState:
    """Seat 0 with `cid` in play (3 resources on it if it holds any), Birds and Tardigrades as
    resource targets, 10 heat, 10 plants, 100 MC, 3 cards in hand; the deck's top 3 cards are
    Heather (plant), Research (science), Mine (neither)."""
    state = bare(1, seed)
    p = state.pl[0]
    p.heat, p.plants = 10, 10
    give(state, 0, 103, 104, 105)
    put_in_play(state, 0, cid, 12, 58)
    if CARDS[cid].resource:
        p.res[cid] = 3
    for top in (164, 96, 145):
        take(state, top)
        state.deck.append(top)
    return state
