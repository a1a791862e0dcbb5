"""Impulse game state: plain dataclasses only (see games/core/codec.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import CoreState, LogLine, Rng  # noqa: F401  (codec resolves annotations here)
from games.core.i18n import Msg, Text  # noqa: F401  (codec resolves annotations here)


@dataclass
class Task:
    """One step of the task stack (top = last). `kind` names a handler in tasks.py;
    `data` holds that handler's small JSON-safe working state."""

    kind: str
    seat: int
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Player:
    race: str
    home: int  # map position of the home card
    team: int
    imp: int = 0  # which Impulse row this player uses (one shared row unless teams)
    score: int = 0
    hand: list[str] = field(default_factory=list)
    minerals: list[str] = field(default_factory=list)
    plan: list[str] = field(default_factory=list)
    techs: list[str] = field(default_factory=list)  # "basic", "race" or a card id
    out: bool = False  # eliminated
    scored: dict[str, int] = field(default_factory=dict)  # points by source (engine.SOURCES), for the final breakdown


@dataclass(kw_only=True)
class ImpulseState(CoreState):
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    limbo: list[str] = field(default_factory=list)  # cards being executed / turned up
    grid: list[str] = field(default_factory=list)  # card id per map position ("core" in the centre)
    face_up: list[bool] = field(default_factory=list)
    tr: list[list[int]] = field(default_factory=list)  # transports [pos][seat]
    cr: list[list[int]] = field(default_factory=list)  # cruisers [gate][seat]
    ps: list[Player] = field(default_factory=list)
    impulses: list[list[str]] = field(default_factory=list)  # one per team
    marker: int = -1  # index of the Impulse card being resolved
    tasks: list[Task] = field(default_factory=list)
    current: int = 0
    turns: int = 0
    over: bool = False
    winners: list[int] = field(default_factory=list)
    end_reason: Text = ""
    turned: list[list] = field(default_factory=list)  # recent [card id, why (a message as data)] turned up
