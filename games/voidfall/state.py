"""Voidfall game state: plain dataclasses only (see games/core/codec.py).

The map, the houses and the Voidborn fleets on the map are shared by the competitive game and
the solo/co-op game; `mode`, `CrisisBoard` and `SoloState` hold what the Voidborn opponent
(games/voidfall/solo) plays with, kept here so that every saved game reads back the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import CoreState, LogLine, Rng  # noqa: F401  (codec resolves annotations here)
from games.core.i18n import Msg, Text  # noqa: F401  (codec resolves annotations here)


@dataclass
class Task:
    """One step of the task stack (top = last): `kind` names a handler, `data` its JSON state."""

    kind: str
    seat: int
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Sector:
    """One sector tile. `owner` is the house whose fleet (or Home) holds it, -1 for none;
    `fleet` counts that owner's cubes by kind; `markers` lists, per kind, the cubes on each of
    its fleet markers (sum = `fleet[kind]`; changed only through games/voidfall/fleets.py);
    `void` counts Voidborn cubes."""

    key: str
    name: str
    type: str
    pop: int = 0
    corrupted: bool = False
    fixed_pop: bool = False
    owner: int = -1
    home_of: int = -1
    fleet: dict[str, int] = field(default_factory=dict)
    markers: dict[str, list[int]] = field(default_factory=dict)
    void: int = 0
    void_cap: int = 3
    guilds: list[str] = field(default_factory=list)
    installs: list[str] = field(default_factory=list)
    printed_guilds: int = 0
    printed_installs: int = 0
    glory: list[int] = field(default_factory=list)
    bounty: int = 0
    reclaim: int = 0
    fallen: str = ""  # house key of a Fallen House sector until it is rescued


@dataclass
class House:
    """One player's house board."""

    house: str = ""
    origin: str = ""
    influence: int = 10
    res: dict[str, int] = field(default_factory=dict)
    inactive: int = 0
    active: int = 0
    techs: dict[str, str] = field(default_factory=dict)  # tech -> "basic" | "improved"
    tech_slots: int = 5
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    agenda_hand: list[str] = field(default_factory=list)
    agendas: list[str] = field(default_factory=list)  # non-starting slots ("" = empty)
    agenda_trade: list[bool] = field(default_factory=list)
    agenda_corrupt: list[bool] = field(default_factory=list)
    tracks: dict[str, int] = field(default_factory=dict)
    track_corrupt: dict[str, bool] = field(default_factory=dict)
    glory: list[int] = field(default_factory=list)
    trade: int = 0
    trade_fresh: int = 0
    bounty: int = 0
    reclaim: int = 0
    decon: int = 0
    prod_bonus: str = ""
    rescued: int = 0
    near: list[str] = field(default_factory=list)  # tech cards beside the board (start, rescued)
    removed_this_cycle: int = 0
    overproduced_turn: int = 0
    overproduced_at: str = ""  # the turn (economy.turn_key) overproduced_turn counts in
    tax_by_corruption: bool = False  # Event 1H: this turn's deploy tax was paid with a Corruption
    last_upkeep: int = 0
    last_upkeep_paid: bool = True
    # Influence by where it came from (a key of breakdown.SOURCES; losses negative), and the
    # Influence Corruption kept from scoring (Corrupted Agendas, rewards of Corrupted tracks)
    scored: dict[str, int] = field(default_factory=dict)
    forgone: int = 0


@dataclass
class CrisisBoard:
    """Solo/co-op only (issue 14): rows of permanent crises/harbingers and catastrophes."""

    military: list[str] = field(default_factory=list)
    economic: list[str] = field(default_factory=list)
    catastrophes: int = 0
    alert_deck: list[str] = field(default_factory=list)


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


@dataclass(kw_only=True)
class VoidfallState(CoreState):
    mode: str = "competitive"
    sectors: list[Sector] = field(default_factory=list)
    houses: list[House] = field(default_factory=list)
    cycle: int = 0
    phase: str = "setup"
    round: int = 0
    rounds: int = 0
    order: list[int] = field(default_factory=list)
    turn_idx: int = 0
    event: str = ""
    past_events: list[str] = field(default_factory=list)
    event_piles: dict[str, list[str]] = field(default_factory=dict)
    perms: list[str] = field(default_factory=list)
    market: list[str] = field(default_factory=list)
    improved_offer: list[str] = field(default_factory=list)
    agenda_decks: dict[str, list[str]] = field(default_factory=dict)
    agenda_face: dict[str, str] = field(default_factory=dict)
    offer_corrupt: dict[str, bool] = field(default_factory=dict)
    trade_board: list[int] = field(default_factory=list)
    bounty_bag: list[int] = field(default_factory=list)
    reclaim_bag: list[int] = field(default_factory=list)
    crisis: CrisisBoard = field(default_factory=CrisisBoard)
    solo: SoloState | None = None  # solo/co-op only (games/voidfall/solo)
    tasks: list[Task] = field(default_factory=list)
    last_combat: list[Text] = field(default_factory=list)  # messages (older saves: English lines)
    over: bool = False
    winners: list[int] = field(default_factory=list)
    end_lines: list[Text] = field(default_factory=list)


class NoVoidborn(LookupError):
    """The Voidborn's state was asked of a competitive game (a bug, never a player's mistake)."""


def solo_of(state: VoidfallState) -> SoloState:
    """The Voidborn's part of a solo or co-op game's state."""
    if state.solo is None:
        raise NoVoidborn("a competitive game has no Voidborn state")
    return state.solo
