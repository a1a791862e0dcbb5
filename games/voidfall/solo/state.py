"""Reading the Voidborn's part of the state: the crisis rows, the permanent crises, the
unfinished safe havens. The state itself is in games/voidfall/state.py (`CrisisBoard` and
`SoloState`, held by `VoidfallState.crisis` and `VoidfallState.solo`), so that a saved game
reads back whatever the mode.
"""

from __future__ import annotations

from ..state import VoidfallState, solo_of


HARBINGER = "H"


ROWS = ("military", "economic")


def row(state: VoidfallState, which: str) -> list[str]:
    return state.crisis.military if which == "military" else state.crisis.economic


def permanent(state: VoidfallState) -> list[str]:
    return [x for w in ROWS for x in row(state, w) if x != HARBINGER]


def unfinished(state: VoidfallState) -> int:
    return sum(1 for i, t in enumerate(solo_of(state).havens) if len(t) < solo_of(state).haven_sizes[i])
