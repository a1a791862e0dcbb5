"""Pocket Mars state: small dataclasses only (see games/core/codec.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core import CoreState, LogLine, Rng  # noqa: F401 (codec resolves the type hints here)
from games.core.i18n import Text

ENERGY_START = 1
ENERGY_MAX = 7
COLONISTS = 7
HAND_SIZE = 2
PREP_SIZE = 2
BUILDING_VALUE = 3
DRAFT_DEAL = 5          # draft variant: cards dealt per player (keep 4)
ROUND_CAP = 60          # safety valve: a multiplayer game ends after this many rounds


@dataclass
class Player:
    """One colony (a seat, or the solo automaton). Colonists: earth + ship + on buildings = 7."""

    hand: list[str] = field(default_factory=list)
    prep: list[str] = field(default_factory=list)
    ship: int = 1
    earth: int = 6
    energy: int = ENERGY_START
    auto: bool = False


@dataclass
class Building:
    """A Mars building. `stack` = project cards under it, last one on top.
    `star`/`dstar` = colonists per colony index (unused for Construction)."""

    colour: str
    stack: list[str] = field(default_factory=list)
    star: list[int] = field(default_factory=list)
    dstar: list[int] = field(default_factory=list)


@dataclass
class Step:
    """One entry of the work queue. The front entry is resolved next.

    kinds: turn, place_cmp, lower_ask, op, ability, tidy, sdraw, four, discard4, fill4, endturn.
    `seat` is who decides/benefits; `actor` the player whose turn it is; `card` a card id;
    `half` upper/lower; `idx` the op index inside that half; `colour` a building colour;
    `n` a count.
    """

    kind: str
    seat: int
    card: str = ""
    half: str = ""
    idx: int = 0
    colour: str = ""
    n: int = 0


@dataclass(kw_only=True)
class PMState(CoreState):
    pl: list[Player]
    buildings: list[Building]
    deck: list[str]                      # last item is the top
    discard: list[str] = field(default_factory=list)
    table: list[str] = field(default_factory=list)   # face-up cards being resolved (not yet discarded)
    steps: list[Step] = field(default_factory=list)
    setup_waiting: list[int] = field(default_factory=list)
    packs: list[list[str]] = field(default_factory=list)   # draft variant: the pack in front of each seat
    draft_picks: int = 0                                   # draft picks still to make
    start: int = 0
    turn: int = 0
    round: int = 1
    over: bool = False
    end_reason: Text = ""               # a message; a plain str in games saved before issue 23
    solo: bool = False
    solo_stop: bool = False              # the automaton's module could not be refilled
