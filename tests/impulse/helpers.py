"""Scenario-building helpers for the Impulse tests."""

from __future__ import annotations

from games.impulse import RULES
from games.impulse.data import ALL_CARD_IDS, CARDS, CENTER, CORE
from games.impulse.engine import start_effect
from games.impulse.state import Task


def card(variant: str, size: int | None = None, colour: str | None = None, param: str | None = None,
         skip: tuple = ()) -> str:
    for cid, c in CARDS.items():
        if c.variant == variant and (size is None or c.size == size) and (colour is None or c.colour == colour) \
                and (param is None or c.param == param) and cid not in skip:
            return cid
    raise LookupError(variant)


def fresh(players: int = 2, seed: int = 1, options: dict | None = None):
    """A started game, races and homes chosen (the first option each time), at seat 0's first decision."""
    state = RULES.setup(players, seed, options)
    while state.tasks and state.tasks[-1].kind in ("race", "home"):
        d = RULES.pending(state)[0]
        state = RULES.apply(state, d.seat, d.options[0].id)
    return state


def blank(state):
    """Empty map (all cards face up, no ships), empty hands/zones; every card in the deck."""
    state.tr = [[0] * state.players for _ in state.tr]
    state.cr = [[0] * state.players for _ in state.cr]
    for p in state.ps:
        p.hand, p.minerals, p.plan, p.techs, p.score = [], [], [], ["basic", "race"], 0
    state.impulses = [[] for _ in state.impulses]
    state.discard, state.limbo = [], []
    deck = [c for c in ALL_CARD_IDS]
    grid = []
    filler = [c for c in deck if CARDS[c].variant in ("sab", "sab_heavy", "bld_C", "bld_T", "res_deck")]
    for pos in range(19):
        if pos == CENTER:
            grid.append(CORE)
        else:
            grid.append(filler.pop())
    state.grid = grid
    state.face_up = [True] * 19
    state.deck = [c for c in deck if c not in grid]
    state.tasks = []
    return state


def pull(state, cid: str) -> str:
    """Take `cid` out of whatever zone holds it (a map card is swapped for a deck card)."""
    for zone in [state.deck, state.discard, state.limbo, *[p.hand for p in state.ps],
                 *[p.minerals for p in state.ps], *[p.plan for p in state.ps], *state.impulses]:
        if cid in zone:
            zone.remove(cid)
            return cid
    if cid in state.grid:
        pos = state.grid.index(cid)
        state.grid[pos] = state.deck.pop(0)
    return cid


def place(state, pos: int, cid: str, up: bool = True) -> None:
    pull(state, cid)
    old = state.grid[pos]
    if old in CARDS:
        state.deck.insert(0, old)
    state.grid[pos] = cid
    state.face_up[pos] = up


def give(state, seat: int, *cids: str) -> None:
    for cid in cids:
        pull(state, cid)
        state.ps[seat].hand.append(cid)


def stack_deck(state, *cids: str) -> None:
    """Put cards on top of the deck; the first named is drawn first."""
    for cid in cids:
        pull(state, cid)
    for cid in reversed(cids):
        state.deck.append(cid)


def effect(state, seat: int, cid: str, extra: int = 0):
    """Run card `cid`'s effect for `seat`, inside a turn parked at its tech step."""
    state.current = seat
    state.tasks = [Task("turn", seat, {"phase": "tech"})]
    start_effect(state, seat, cid, extra=extra)
    RULES.advance(state)
    return state


def act(state, choice, seat: int | None = None):
    decisions = RULES.pending(state)
    d = decisions[0] if seat is None else next(x for x in decisions if x.seat == seat)
    return RULES.apply(state, d.seat, choice)


def ids(state, seat: int | None = None) -> list[str]:
    decisions = RULES.pending(state)
    d = decisions[0] if seat is None else next(x for x in decisions if x.seat == seat)
    return [o.id for o in d.options]


def at_tech(state) -> bool:
    t = state.tasks[-1] if state.tasks else None
    return t is not None and t.kind == "turn" and t.data["phase"] == "tech"


def all_cards(state) -> list[str]:
    seen = list(state.deck) + state.discard + state.limbo + [c for c in state.grid if c in CARDS]
    for p in state.ps:
        seen += p.hand + p.minerals + p.plan + [t for t in p.techs if t in CARDS]
    for imp in state.impulses:
        seen += imp
    for t in state.tasks:
        if t.kind == "home":
            seen += list(t.data["picked"].values())
        if t.kind == "battle":
            seen += (t.data["a"] or []) + (t.data["d"] or [])
    return seen
