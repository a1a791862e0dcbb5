"""Reading the Voidborn's part of the state: the crisis rows, the permanent crises, the
unfinished safe havens. The state itself is in games/voidfall/state.py (`CrisisBoard` and
`SoloState`, held by `VoidfallState.crisis` and `VoidfallState.solo`), so that a saved game
reads back whatever the mode.
"""

from __future__ import annotations


HARBINGER = "H"


ROWS = ("military", "economic")


def row(state, which: str) -> list[str]:
    return state.crisis.military if which == "military" else state.crisis.economic


def permanent(state) -> list[str]:
    return [x for w in ROWS for x in row(state, w) if x != HARBINGER]


def unfinished(state) -> int:
    return sum(1 for i, t in enumerate(state.solo.havens) if len(t) < state.solo.haven_sizes[i])
