"""The sector map: adjacency, control, fleets, abandonment and the Voidborn takeover."""

from __future__ import annotations

from games.core import seat_ref
from games.core.i18n import Text

from . import fleets
from .data import HEXES, HOUSES, SECTOR_TYPES, fleet_name, game_map, house_name, neighbours_of, stormy
from .messages import T, content_name, joined
from .state import Sector, VoidfallState


def name(seat: int) -> str:
    return seat_ref(seat)


def sector_label(s: Sector) -> Text:
    """A sector's name as a player reads it: a map sector by its glossary id, a Home or a Fallen
    House by its house ("Astoran Home", "Nervo (fallen)")."""
    for key, house in HOUSES.items():
        if s.name == f"{house['name']} Home":
            return T("{house} Home", house=house_name(key))
        if s.name == f"House {house['name']} (fallen)":
            return T("{house} (fallen)", house=house_name(key))
    if s.key in HEXES and HEXES[s.key]["name"] == s.name:
        return content_name(f"sector:{s.key}", s.name)
    return content_name(f"map-sector:{s.key}", s.name)


def sector(state: VoidfallState, key: str) -> Sector:
    for s in state.sectors:
        if s.key == key:
            return s
    raise KeyError(key)


def stype(s: Sector) -> dict:
    return SECTOR_TYPES[s.type]


def adjacent(state: VoidfallState, key: str, seat: int | None = None) -> list[str]:
    """Sectors sharing an edge with `key`; a Voidstorm breaks the adjacency (article: 虛空風暴
    指示物會破壞這種相鄰關係) unless `seat` holds Improved Hyperdrive. The hexes and storms are
    those of the game's map (solo/co-op scenario maps: data/solo/maps.json)."""
    ignore = seat is not None and state.houses[seat].techs.get("hyperdrive") == "improved"
    m = game_map(state)
    return [k for k in neighbours_of(key, m["hexes"]) if ignore or not stormy(key, k, m["storms"])]


def cubes(s: Sector) -> int:
    return sum(s.fleet.values())


def controller(s: Sector) -> int | str | None:
    """A seat, "void" (Voidborn fleet present) or None (no fleet: neutral or Fallen House)."""
    if s.home_of >= 0:
        return s.home_of
    if s.owner >= 0 and cubes(s) > 0:
        return s.owner
    if s.void > 0:
        return "void"
    return None


def controlled(state: VoidfallState, seat: int) -> list[Sector]:
    return [s for s in state.sectors if controller(s) == seat]


def is_pure(s: Sector) -> bool:
    return not s.corrupted


def can_corrupt(s: Sector) -> bool:
    """Sectors without Population, Homes and never-corrupted types cannot be Corrupted."""
    return s.pop > 0 and s.home_of < 0 and not stype(s).get("never_corrupt") and not s.corrupted


def guild_slots(state: VoidfallState, s: Sector) -> int:
    n = stype(s)["guild_slots"]
    if s.home_of >= 0:
        ark = state.houses[s.home_of].techs.get("ark_ships")
        n += {"basic": 2, "improved": 4}.get(ark or "", 0)
    return n


def install_slots(s: Sector) -> int:
    return stype(s)["install_slots"]


def sector_upkeep(s: Sector) -> int:
    """Occupied slots carrying an Upkeep icon plus the tile's own icons."""
    t = stype(s)
    n = t.get("upkeep", 0)
    n += sum(1 for i in t["upkeep_slots"]["guild"] if i < len(s.guilds))
    n += sum(1 for i in t["upkeep_slots"]["install"] if i < len(s.installs))
    return n


def fleet_tokens(state: VoidfallState, s: Sector) -> int:
    """Fleet markers in the sector (tracked one by one, games/voidfall/fleets.py)."""
    return fleets.marker_count(state, s)


def fleet_text(fleet: dict) -> Text:
    parts: list[Text] = [T("{n} {fleet}", n=n, fleet=fleet_name(k)) for k, n in sorted(fleet.items()) if n]
    return joined(parts) if parts else T("no fleet")


def lose_glory(state: VoidfallState, seat: int, why: Text) -> None:
    """Remove one Glory token (designed: the lowest one)."""
    h = state.houses[seat]
    if h.glory:
        h.glory.sort()
        v = h.glory.pop(0)
        state.say(T("{seat} loses a Glory token ({n}) ({why}).", seat=name(seat), n=v, why=why))


def recall(state: VoidfallState, seat: int, s: Sector, kind: str, n: int = 1, why: Text = "") -> int:
    """Move cubes from the map back to the active area; abandon the sector if it empties."""
    n = fleets.take(state, s, kind, n)  # smallest marker first; an emptied marker goes back to the box
    if n <= 0:
        return 0
    state.houses[seat].active += n
    if cubes(s) == 0 and s.home_of < 0:
        abandon(state, s, seat)
    return n


def bounty_supply(state: VoidfallState) -> int:
    """Bounty tokens left in the supply. The bag holds the face of every token not yet revealed,
    those lying face down on the map among them (drawn when won), so the supply is the rest."""
    return len(state.bounty_bag) - sum(s.bounty for s in state.sectors)


def reclaim_supply(state: VoidfallState) -> int:
    """Reclaim tokens left in the supply (as `bounty_supply`)."""
    return len(state.reclaim_bag) - sum(s.reclaim for s in state.sectors)


def abandon(state: VoidfallState, s: Sector, seat: int, glory: bool = True) -> None:
    """Article 廢棄星系: the house loses a Glory token; the Voidborn remove all installations,
    corrupt the sector, put 2 Voidborn cubes and a Bounty token there."""
    s.owner = -1
    fleets.clear(s)
    if glory and seat >= 0:
        lose_glory(state, seat, T("abandoning {sector}", sector=sector_label(s)))
    s.installs = s.installs[: s.printed_installs]
    if can_corrupt(s):
        s.corrupted = True
    s.void = min(2, s.void_cap)
    if bounty_supply(state) <= 0:  # 「供應堆指示物用完」: none left to put there
        state.say(T("{sector} is abandoned; the Voidborn take it (Corrupted, 2 Voidborn cubes; no Bounty token is left "
                    "in the supply).", sector=sector_label(s)))
        return
    s.bounty += 1
    state.say(T("{sector} is abandoned; the Voidborn take it (Corrupted, 2 Voidborn cubes, a Bounty token).",
                sector=sector_label(s)))


def occupy(state: VoidfallState, seat: int, s: Sector, fleet: dict, markers: dict | None = None) -> None:
    """`seat` takes `s` with the surviving cubes `fleet`; `markers` are the markers the cubes
    arrived on (losses come off the smallest first)."""
    s.owner = seat
    fleets.clear(s)
    fleets.settle(state, s, fleet, markers or {})
    s.void = 0


def void_sectors(state: VoidfallState) -> list[Sector]:
    return [s for s in state.sectors if controller(s) == "void"]


def adjacent_void(state: VoidfallState, seat: int) -> list[Sector]:
    """Voidborn sectors adjacent to one of `seat`'s sectors (event targets)."""
    mine = {s.key for s in controlled(state, seat)}
    keys = {k for m in mine for k in adjacent(state, m)}
    return [s for s in void_sectors(state) if s.key in keys]


def sort_sectors(sectors: list[Sector]) -> list[Sector]:
    return sorted(sectors, key=lambda s: s.key)


def shipyards(s: Sector) -> int:
    return sum(1 for i in s.installs if i in ("yard", "starbase"))
