"""Helpers for the Voidfall solo/co-op scenario tests."""

from __future__ import annotations

from games.voidfall import RULES
from games.voidfall.board import sector  # noqa: F401  (re-exported for the tests)
from tests.voidfall.helpers import decision, ids, own, pick  # noqa: F401  (shared with the scenario tests)


def fresh(players: int = 1, seed: int = 1, mode: str = "", difficulty: str = "medium"):
    """A started solo (1 player) or co-op game, advanced to the first Focus card choice."""
    options = {"difficulty": difficulty}
    if mode:
        options["mode"] = mode
    elif players > 1:
        options["mode"] = "coop"
    state = RULES.setup(players, seed, options)
    return settle(state)


def settle(state, stop=lambda task: task.kind == "turn" and task.data["phase"] == "select"):
    """Let the game's own bot (baseline_choice, as the fixtures were made) answer everything until `stop(top task)` holds."""
    for _ in range(2000):
        task = state.tasks[-1] if state.tasks else None
        if task is None or stop(task) or state.over:
            return state
        d = RULES.pending(state)[0]
        state = RULES.apply(state, d.seat, RULES.baseline_choice(state, d.seat))
    raise AssertionError("did not settle")


def push_and_run(state, kind, seat, **data):
    """Put a solo task on top of the stack and let the engine run it up to its decision."""
    from games.voidfall.tasks import push

    push(state, kind, seat, **data)
    RULES.advance(state)
    return state


def clear_board(state):
    state.crisis.military[:] = []
    state.crisis.economic[:] = []
    state.crisis.catastrophes = 0
    state.solo.current = ""
    state.solo.alert = ""
    return state
