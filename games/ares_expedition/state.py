"""Ares Expedition state: plain dataclasses only (games/core/codec.py dumps and loads them)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from games.core import CoreState, LogLine, Rng  # noqa: F401 (codec resolves the type hints here)
from games.core.i18n import Msg, Text  # noqa: F401  (codec resolves `Text` through Msg here)

_PLAIN = frozenset({int, str, bool, float, type(None)})


def _copy(value: Any, memo: dict) -> Any:
    """`copy.deepcopy(value, memo)`, with lists and dicts of plain values copied in one step:
    `GameRules.apply` copies the whole state each move, and element-by-element copying of the
    deck, hands and tableaus was most of a move's cost. Shared lists stay shared (the memo)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is list or kind is dict:
        done = memo.get(id(value))
        if done is not None:
            return done
        items = value.values() if kind is dict else value
        if all(type(x) in _PLAIN for x in items) and (kind is list or all(type(k) in _PLAIN for k in value)):
            memo[id(value)] = new = value.copy()
            return new
    return copy.deepcopy(value, memo)


class _QuickCopy:
    """Dataclasses whose deep copy takes `_copy`'s shortcut for each field."""

    def __deepcopy__(self, memo: dict) -> Any:
        new = object.__new__(type(self))
        memo[id(self)] = new
        new.__dict__.update({name: _copy(value, memo) for name, value in self.__dict__.items()})
        return new


@dataclass
class Task(_QuickCopy):
    """One entry of a seat's work queue; the front entry is resolved next.

    Automatic kinds run at once (`ops`: a vocabulary text to execute). Decision kinds wait
    for the seat: corp, plan, coop, swap, dev, build, act, keep, discard, limit, choose,
    target, may, number, sell, discounts, free_green, solo_steps, solo_order.
    `text` is vocabulary, `card` the card the text belongs to (0 = none / standard action),
    `cards` cards the task holds (drawn cards, offered corporations), `n` a count, `tag` an extra word.
    """

    kind: str
    text: str = ""
    card: int = 0
    cards: list[int] = field(default_factory=list)
    n: int = 0
    tag: str = ""


@dataclass
class Player(_QuickCopy):
    """One corporation: stock, production levels, hand, played cards and phase-card memory."""

    corp: int = 0
    hand: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)        # project cards in play, in play order
    mc: int = 0
    heat: int = 0
    plants: int = 0
    prod: dict[str, int] = field(default_factory=lambda: {
        "mc": 0, "heat": 0, "plants": 0, "cards": 0, "steel": 0, "titanium": 0})
    tr: int = 5
    forests: int = 0
    res: dict[int, int] = field(default_factory=dict)      # resources on cards (card id -> count)
    pick: int = 0                                          # phase card picked this round (0 = none yet)
    last_pick: int = 0
    queue: list[Task] = field(default_factory=list)
    used: list[int] = field(default_factory=list)          # blue actions used this Action phase
    double_left: int = 0                                   # Action chooser: one action a second time
    plays_left: int = 0                                    # cards this seat may still play this phase
    draw_bonus: bool = False                               # Construction chooser may still draw 1
    next_discount: int = 0
    next_flex: bool = False
    tr_raised_phase: bool = False


@dataclass(kw_only=True)
class AresState(_QuickCopy, CoreState):
    pl: list[Player]
    deck: list[int]                                        # last item is the top
    discard: list[int] = field(default_factory=list)
    temperature: int = -30
    oxygen: int = 0
    oceans: list[str] = field(default_factory=list)        # face-down ocean rewards, last is flipped next
    flipped: list[str] = field(default_factory=list)
    maxed_round: dict[str, int] = field(default_factory=dict)   # parameter -> round it reached its max
    phase_params: dict[str, int] = field(default_factory=dict)  # parameters at the start of the phase
    stage: str = "corp"                                    # corp, plan, coop, phase, limit, over
    round: int = 1
    phase: int = 0                                         # running phase 1-5 (0 = none)
    phases: list[int] = field(default_factory=list)        # phases to run this round
    picks_shown: list[int] = field(default_factory=list)   # revealed picks of this round, per seat
    over: bool = False
    end_reason: Text = ""
    # solo
    dummy: list[int] = field(default_factory=list)         # dummy phase hand, last is flipped next
    dummy_pick: int = 0
    counter: int = 1
    # 2-player co-op
    cubes: int = 0
    markers: int = 0
