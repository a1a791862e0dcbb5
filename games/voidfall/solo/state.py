"""The solo/co-op part of the state: plain dataclasses (see games/core/codec.py).

The crisis rows, the catastrophe count and the alert deck live in the engine's
`VoidfallState.crisis` (CrisisBoard); everything else the Voidborn opponent needs is here.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SoloState:
    """Crisis decks (by level "0".."3", top = index 0), their discards, the current alert and
    crisis, harbingers on the map (sector key -> count), safe havens (one list per tile: the
    seat that built each filled level), lost technologies and the result lines."""

    difficulty: str = "medium"
    crisis_decks: dict[str, list[str]] = field(default_factory=dict)
    crisis_discard: dict[str, list[str]] = field(default_factory=dict)
    current: str = ""
    alert: str = ""
    alert_discard: list[str] = field(default_factory=list)
    war_kept: list[str] = field(default_factory=list)
    war_pool: list[str] = field(default_factory=list)
    harbingers: dict[str, int] = field(default_factory=dict)
    harbinger_supply: int = 0
    havens: list[list[int]] = field(default_factory=list)
    haven_sizes: list[int] = field(default_factory=list)
    haven_taken: list[str] = field(default_factory=list)  # rewards taken for the tile just completed
    haven_turn: list = field(default_factory=list)  # "seat@turn" marks: a level built for that turn's overproduction
    track_four: list[str] = field(default_factory=list)  # "seat:track" already at level 4
    lost_techs: list[str] = field(default_factory=list)
    resolved: list[str] = field(default_factory=list)  # log of resolved crises (ids)
    heroic_deck: list[str] = field(default_factory=list)
    heroic_offer: list[str] = field(default_factory=list)
    preset: dict[str, str] = field(default_factory=dict)  # secret-focus variant: seat -> choose-step option id
    exchanged: list[int] = field(default_factory=list)  # co-op: seats that gave resources this turn
    lost: bool = False
    vb_total: int = 0
    vb_terms: dict[str, int] = field(default_factory=dict)


HARBINGER = "H"


ROWS = ("military", "economic")


def row(state, which: str) -> list[str]:
    return state.crisis.military if which == "military" else state.crisis.economic


def permanent(state) -> list[str]:
    return [x for w in ROWS for x in row(state, w) if x != HARBINGER]


def unfinished(state) -> int:
    return sum(1 for i, t in enumerate(state.solo.havens) if len(t) < state.solo.haven_sizes[i])
