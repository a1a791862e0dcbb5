"""Scenario helpers for the Voidfall tests."""

from __future__ import annotations

from games.voidfall import RULES, fleets
from games.voidfall.board import sector
from games.voidfall.effects import start_group
from tests.support.english import english


def fresh(players: int = 2, seed: int = 1, houses: tuple = ("belitan", "cortozaar", "dunlork", "yarvek"), origin: int = 0):
    """A started game with the given houses (seat order) and each house's first (or second)
    origin, advanced to seat order[0]'s first Focus card choice."""
    state = RULES.setup(players, seed, {"houses": "all"})
    while state.tasks and state.tasks[-1].kind == "pick_house":
        d = RULES.pending(state)[0]
        if d.options[0].id.startswith("h:"):
            choice = f"h:{houses[d.seat]}"
        else:
            choice = d.options[origin].id
        state = RULES.apply(state, d.seat, choice)
    return settle(state)


def settle(state):
    """Let the bots answer everything until some seat must choose a Focus card."""
    for _ in range(500):
        task = state.tasks[-1] if state.tasks else None
        if task is None or (task.kind == "turn" and task.data["phase"] == "select"):
            return state
        d = RULES.pending(state)[0]
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    raise AssertionError("did not settle")


def decision(state):
    ds = RULES.pending(state)
    assert ds, "no pending decision"
    return ds[0]


def ids(state) -> list[str]:
    return [o.id for o in decision(state).options]


def pick(state, choice):
    d = decision(state)
    return RULES.apply(state, d.seat, choice)


def pick_label(state, text):
    """Apply the option whose label contains `text`."""
    d = decision(state)
    for o in d.options:
        if text in str(o.label):
            return RULES.apply(state, d.seat, o.id)
    raise AssertionError(f"no option with {text!r}: {[english(o.label) for o in d.options]}")


def run(state, seat, effects, join="and", ctx=None):
    """Push a group of effects for `seat` on top of the stack and let the engine settle."""
    start_group(state, seat, effects, join, "test", ctx)
    RULES.advance(state)
    return state


def resolve_all(state, seat, effects, choose=None):
    """Run effects and answer their decisions: `choose(decision)` or the first option that is
    not Done/stop, until control returns to the Focus-card choice."""
    state = run(state, seat, effects)
    for _ in range(200):
        task = state.tasks[-1]
        if task.kind not in ("group", "eff", "action", "fast", "fallen_tech"):
            return state
        d = decision(state)
        c = choose(d) if choose else None
        if c is None:
            c = next((o.id for o in d.options if o.id not in ("stop", "cancel")), d.options[0].id)
        state = RULES.apply(state, d.seat, c)
    return state


def clear_map(state):
    """Remove every Voidborn cube, fleet, token and Corruption outside the Homes."""
    for s in state.sectors:
        if s.home_of < 0:
            s.owner, s.void, s.glory, s.bounty, s.reclaim, s.corrupted = -1, 0, [], 0, 0, False
            fleets.clear(s)
    return state


def own(state, seat, key, fleet=None, **kw):
    """`seat` holds sector `key` with `fleet` (default one Corvette), put on markers by the fleet writer."""
    s = sector(state, key)
    s.owner = seat
    s.void = 0
    fleets.set_fleet(state, seat, s, dict(fleet or {"corvette": 1}))
    for k, v in kw.items():
        setattr(s, k, v)
    return s
