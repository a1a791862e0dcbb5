"""Shared mechanics: cards in and out of zones, scoring, ships, patrols, starting effects."""

from __future__ import annotations

from games.core import seat_ref
from games.core.i18n import Text, to_data

from .data import (ADJ, BASIC_TECH, CARDS, CARD_GATES, CORE, RACES, SETTINGS, VARIANTS, basic_tech_name,
                   colour_name, effect_text, race_name)
from .messages import T
from .state import ImpulseState, Task

RACE_BY_KEY = {r["key"]: r for r in RACES}


def name(seat: int) -> str:
    return seat_ref(seat)


def short(cid: str) -> Text:
    return CARDS[cid].short() if cid in CARDS else T("Sector Core")


# ---------------------------------------------------------------- teams / ships
def hostile(state: ImpulseState, a: int, b: int) -> bool:
    return a != b and state.ps[a].team != state.ps[b].team


def ship_count(state: ImpulseState, seat: int) -> int:
    return sum(row[seat] for row in state.tr) + sum(row[seat] for row in state.cr)


def hostile_patrol(state: ImpulseState, seat: int, pos: int) -> list[int]:
    """Seats hostile to `seat` that patrol card `pos`."""
    found = set()
    for g in CARD_GATES[pos]:
        for t, n in enumerate(state.cr[g]):
            if n and hostile(state, seat, t):
                found.add(t)
    return sorted(found)


def patrols(state: ImpulseState, seat: int, pos: int) -> bool:
    return any(state.cr[g][seat] for g in CARD_GATES[pos])


def gate_hostiles(state: ImpulseState, seat: int, g: int) -> list[int]:
    return [t for t, n in enumerate(state.cr[g]) if n and hostile(state, seat, t)]


def gate_others(state: ImpulseState, seat: int, g: int) -> list[int]:
    return [t for t, n in enumerate(state.cr[g]) if n and t != seat]


def gems(state: ImpulseState, seat: int, colour: str | None) -> int:
    if not colour:
        return 0
    return sum(CARDS[c].size for c in state.ps[seat].minerals if CARDS[c].colour == colour)


# ---------------------------------------------------------------- cards
def deck_pop(state: ImpulseState) -> str | None:
    """Top card of the deck, refilling it as the rules say when it runs out."""
    if not state.deck:
        if state.discard:
            state.deck = state.discard
            state.discard = []
            state.rng.shuffle(state.deck)
            state.say(T("The deck ran out: the discard pile is shuffled into a new deck."))
        else:
            give = SETTINGS["empty_deck_give"]
            for p in state.ps:
                if not p.out and p.hand:
                    taken = p.hand[-give:]
                    del p.hand[-give:]
                    state.deck.extend(taken)
            if not state.deck:
                return None
            state.rng.shuffle(state.deck)
            state.say(T("Deck and discard are empty: everyone gives up their {n} newest hand cards to form a "
                        "new deck.", n=give))
    state.mark_reveal()
    return state.deck.pop()


def turned_up(state: ImpulseState, cid: str, why: Text) -> None:
    """Remember a card turned up face up from the deck, so players can look back at it."""
    state.turned.append([cid, to_data(why) if not isinstance(why, str) else why])
    del state.turned[:-SETTINGS["turned_kept"]]


def draw_to_hand(state: ImpulseState, seat: int, count: int) -> int:
    """Draw up to `count` cards, stopping at the hand limit. Returns the number drawn."""
    got = []
    hand = state.ps[seat].hand
    for _ in range(count):
        if len(hand) >= SETTINGS["hand_limit"]:
            break
        cid = deck_pop(state)
        if cid is None:
            break
        hand.append(cid)
        got.append(cid)
    if got:
        state.say(T("{seat} draws {n} card(s).", seat=name(seat), n=len(got)))
        state.say(T("You drew {cards}.", cards=tuple(short(c) for c in got)), seat=seat)
    elif count:
        state.say(T("{seat} cannot draw (hand limit or no cards).", seat=name(seat)))
    return len(got)


def impulse_of(state: ImpulseState, seat: int) -> list[str]:
    return state.impulses[state.ps[seat].imp]


# ---------------------------------------------------------------- scores / end
# Where points come from, in the order a final breakdown lists them.
SOURCES = {"trade": T("trading cards"), "refine": T("refining minerals"), "core": T("the Sector Core action"),
           "patrol": T("cruisers patrolling the Sector Core"), "battle": T("battles won"),
           "destroy": T("ships destroyed")}
def gain(state: ImpulseState, seat: int, pts: int, why: Text, source: str) -> None:
    """`seat` scores `pts` (`why` says it in the log; `source`, a key of SOURCES, keeps it for
    the final breakdown); reaching the target score ends the game for the seat's team."""
    if pts <= 0 or state.over:
        return
    p = state.ps[seat]
    p.score += pts
    p.scored[source] = p.scored.get(source, 0) + pts
    state.say(T("{seat} scores {n} ({why}) -> {score}.", seat=name(seat), n=pts, why=why, score=p.score))
    if p.score >= SETTINGS["target_score"]:
        team = [s for s, q in enumerate(state.ps) if q.team == p.team]
        finish(state, team, T("{seat} reached {n} points.", seat=name(seat), n=SETTINGS["target_score"]))


def finish(state: ImpulseState, winners: list[int], reason: Text) -> None:
    state.over = True
    state.winners = sorted(winners)
    state.end_reason = reason
    state.tasks = []
    state.marker = -1
    state.say(T("Game over: {reason}", reason=reason))


def destroy(state: ImpulseState, seat: int, loc: str, owner: int, count: int, why: Text) -> int:
    """Remove up to `count` of `owner`'s ships at loc ("t5" card / "c12" gate); `seat` scores 1 each."""
    kind, idx = loc[0], int(loc[1:])
    row = state.tr[idx] if kind == "t" else state.cr[idx]
    k = min(count, row[owner])
    if k <= 0:
        return 0
    row[owner] -= k
    if kind == "t":
        state.say(T("{n} transport(s) of {seat} destroyed ({why}).", n=k, seat=name(owner), why=why))
    else:
        state.say(T("{n} cruiser(s) of {seat} destroyed ({why}).", n=k, seat=name(owner), why=why))
    if seat is not None and seat >= 0:
        gain(state, seat, k, T("{n} ship(s) destroyed", n=k), "destroy")
    return k


def check_elimination(state: ImpulseState) -> None:
    """Players with no ships left are out; their cards go to the discard pile."""
    if state.over:
        return
    for s, p in enumerate(state.ps):
        if p.out or ship_count(state, s):
            continue
        p.out = True
        state.discard.extend(p.hand + p.minerals + p.plan + [t for t in p.techs if t in CARDS])
        p.hand, p.minerals, p.plan = [], [], []
        p.techs = [t if t not in CARDS else "basic" for t in p.techs]
        state.say(T("{seat} has no ships left and is eliminated.", seat=name(s)))
    teams = {p.team for p in state.ps if not p.out}
    if len(teams) == 1:
        (team,) = teams
        finish(state, [s for s, p in enumerate(state.ps) if p.team == team], T("only one side has ships left."))
    elif state.ps[state.current].out and state.tasks:
        # the active player was wiped out mid-turn: their turn ends at once
        state.tasks = [Task("turn", state.current, {"phase": "next"})]
        state.marker = -1


# ---------------------------------------------------------------- effects
def tech_spec(state: ImpulseState, seat: int, slot: int) -> tuple[Text, dict]:
    """(label, effect override) for tech slot."""
    tech = state.ps[seat].techs[slot]
    if tech == "basic":
        return basic_tech_name(), {"variant": BASIC_TECH["variant"], "n": 1}
    if tech == "race":
        if not state.ps[seat].race:
            return T("Race tech (race not chosen yet)"), {"variant": "draw", "n": 0}
        race = RACE_BY_KEY[state.ps[seat].race]
        return race_name(race), dict(race)
    return short(tech), {}


def race_text(race: dict) -> Text:
    """What a race's unique starting tech (or the basic tech) does."""
    text = effect_text(race["variant"], race["n"], race.get("param", ""))
    if "max_size" in race:
        return T("{text} (cards of size {n} only)", text=text, n=race["max_size"])
    return text


def tech_text(state: ImpulseState, seat: int, slot: int) -> Text:
    tech = state.ps[seat].techs[slot]
    if tech in CARDS:
        return CARDS[tech].detail()
    if tech == "race" and not state.ps[seat].race:
        return T("the unique tech of the race you choose")
    return race_text(tech_spec(state, seat, slot)[1])


def start_effect(state: ImpulseState, seat: int, source: str, extra: int = 0, fixed: dict | None = None,
                 colour: str | None = None) -> None:
    """Push the task that carries out `source` (a card id, "core", or a tech via `fixed`).
    Boost: +1 to the boxed number per 2 gems of the card's colour (moved transports count as gems)."""
    if state.over:
        return
    if fixed is not None:
        variant = fixed["variant"]
        param = fixed.get("param", "")
        n = fixed["n"]
        label = fixed.get("name") or T("tech")
        overrides = {k: v for k, v in fixed.items() if k in ("max_size",)}
    elif source == CORE:
        state.tasks.append(Task("core", seat, {"extra": extra}))  # the player picks the colour
        return
    else:
        card = CARDS[source]
        variant, param = card.variant, card.param
        n = card.box + (gems(state, seat, card.colour) + extra) // 2
        label = card.short()
        overrides = {}
    spec = VARIANTS[variant]
    action = spec["action"]
    state.say(T("{seat} uses {label}: {text}", seat=name(seat), label=label, text=effect_text(variant, n, param)))
    data: dict = {"v": variant, "n": n, "label": to_data(label) if not isinstance(label, str) else label}
    if action == "echo":
        imp = impulse_of(state, seat)
        if not imp:
            state.say(T("The Impulse is empty: nothing to echo."))
            return
        newest = CARDS[imp[-1]]
        start_effect(state, seat, newest.id, fixed={"variant": newest.variant, "param": newest.param,
                                                    "n": VARIANTS[newest.variant]["base"][0],
                                                    "name": T("echo of {card}", card=newest.short())})
        return
    if action == "command":
        data.update(fleets=spec["fleets"], kind=spec["kind"], moved=[], acts=[], stage="fleet")
        state.tasks.append(Task("command", seat, data))
    elif action == "build":
        data.update(left=n, where=spec["where"], kind=spec["kind"])
        state.tasks.append(Task("build", seat, data))
    elif action == "sabotage":
        data.update(left=n)
        state.tasks.append(Task("sabotage", seat, data))
    elif action == "refine":
        data.update(mode=spec["mode"], colour=param if spec.get("colour") == "X" else "")
        state.tasks.append(Task("refine", seat, data))
    else:  # mine, trade, plan, research, execute, draw: cards from hand or deck into a sink
        count = n if spec.get("count") == "n" else int(spec.get("count", 1))
        max_size = spec.get("max_size")
        max_size = n if max_size == "n" else max_size
        if "max_size" in overrides:
            max_size = overrides["max_size"]
        data.update(sink=action, source=spec["source"], count=count, max_size=max_size,
                    colour=param if spec.get("colour") == "X" else "")
        state.tasks.append(Task("take", seat, data))


def fits(cid: str, max_size, colour: str) -> bool:
    card = CARDS[cid]
    return (max_size is None or card.size <= max_size) and (not colour or card.colour == colour)


def reinforcement_ok(state: ImpulseState, seat: int, cid: str) -> bool:
    """A hand card counts in battle if a card in the Impulse, your Plan or your techs has its colour and size."""
    card = CARDS[cid]
    p = state.ps[seat]
    pool = list(impulse_of(state, seat)) + p.plan + [t for t in p.techs if t in CARDS]
    return any(CARDS[x].colour == card.colour and CARDS[x].size == card.size for x in pool)


def neighbours(pos: int) -> list[int]:
    return ADJ[pos]
