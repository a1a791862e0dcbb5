"""Galactic Events' placements on Voidborn sectors (cubes, Sector Defenses, Guilds, Glory, Bounty and
Reclaim tokens), and the Reclaim token an effect puts on a house's Home."""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Text

from .board import adjacent, adjacent_void, bounty_supply, guild_slots, install_slots, reclaim_supply, sector, void_sectors
from .data import HEXES, HOUSES
from .develop import GUILDS, sectors_text
from .effects import RUN, effect, start_group
from .messages import T, joined, sector_name
from .state import Sector, Task, VoidfallState
from .tasks import fitted
from .tokens import EMPTY_SUPPLY, draw_reclaim


def place_ok(state: VoidfallState, s: Sector, items: list[str]) -> bool:
    need_i = sum(1 for it in items if it == "sd")
    need_g = sum(1 for it in items if it.startswith("guild"))
    if len(s.installs) + need_i > install_slots(s) or len(s.guilds) + need_g > guild_slots(state, s):
        return False
    if any(it.startswith("void") for it in items) and s.void >= s.void_cap:
        return False
    return True


def place_targets(state: VoidfallState, seat: int, e: dict[str, Any]) -> list[Sector]:
    t = e["target"]
    if t.startswith("all_") or t == "adj_rift_vb":
        return []
    pool = adjacent_void(state, seat)
    if t == "vb_or_fallen":
        pool = void_sectors(state) + [s for s in state.sectors if s.fallen and s.owner < 0]
    pool = [s for s in pool if place_ok(state, s, e["items"])]
    if t in ("adj_vb_low", "adj_vb_high") and pool:
        best = (min if t == "adj_vb_low" else max)(s.pop for s in pool)
        pool = [s for s in pool if s.pop == best]
    return pool


def place_items(state: VoidfallState, seat: int, s: Sector, items: list[str]) -> None:
    """Put `items` on `s` for house `seat`: a Bounty or Reclaim token comes from the supply; with
    none left the house takes 1 Influence or 1 resource instead
    (「供應堆指示物用完,玩家在需要獲得或者放置指示物時可以選擇獲得1點影響力或者一點資源」)."""
    placed = []
    for it in items:
        kind, _, arg = it.partition(":")
        if kind in EMPTY_SOURCE and (bounty_supply if kind == "bounty" else reclaim_supply)(state) <= 0:
            start_group(state, seat, EMPTY_SUPPLY, "or", EMPTY_SOURCE[kind], score="token")
            continue
        placed.append(it)
        if kind == "sd":
            s.installs.append("sd")
        elif kind == "guild":
            s.guilds.append(arg if arg in GUILDS else "fa")
        elif kind == "void":
            s.void = min(s.void_cap, s.void + int(arg))
        elif kind == "glory":
            s.glory.append(int(arg))
        elif kind == "bounty":
            s.bounty += 1
        elif kind == "reclaim":
            s.reclaim += 1
    if placed:
        state.say(T("{sector} receives {items}.", sector=sector_name(s, HOUSES, HEXES), items=joined([item_text(i) for i in placed])))


def _all_targets(state: VoidfallState, t: str) -> list[Sector]:
    """The Voidborn sectors a placement on "every ..." sector reaches."""
    if t == "all_vb_sd":
        return [s for s in void_sectors(state) if "sd" in s.installs]
    if t == "all_vb_pop4":
        return [s for s in void_sectors(state) if s.pop >= 4]
    if t == "all_vb_le2":
        return [s for s in void_sectors(state) if s.void <= 2]
    if t == "adj_rift_vb":
        rifts = [s.key for s in state.sectors if s.type == "rift"]
        near = {k for r in rifts for k in adjacent(state, r)}
        return [s for s in void_sectors(state) if s.key in near]
    return []


def _place_all(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    for s in _all_targets(state, e["target"]):
        if place_ok(state, s, e["items"]):
            place_items(state, seat, s, e["items"])


def _place_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return e["target"].startswith("all_") or e["target"] == "adj_rift_vb" or bool(place_targets(state, seat, e))


def _place_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    if e["target"].startswith("all_") or e["target"] == "adj_rift_vb":
        return "", []
    return T("Put {items} on which Voidborn sector?", items=joined([item_text(i) for i in e["items"]])), fitted(
        [(f"s:{s.key}", [(sector_name(s, HOUSES, HEXES), place_detail(state, s, e["items"]))])
         for s in place_targets(state, task.seat, e)], numbered=True)


def place_detail(state: VoidfallState, s: Sector, items: list[str]) -> Text:
    """What `items` change on Voidborn sector `s`: "Cradle (Population 3): Voidborn cubes 2 -> 3,
    a Bounty token (a reward for whoever takes it)"."""
    parts: list[Text] = []
    void = sum(int(it.partition(":")[2]) for it in items if it.startswith("void"))
    if void:
        parts.append(T("Voidborn cubes {n} -> {after}", n=s.void, after=min(s.void_cap, s.void + void)))
    defences = sum(1 for it in items if it == "sd")
    if defences:
        have = sum(1 for i in s.installs if i in ("sd", "starbase"))
        parts.append(T("Sector Defenses {n} -> {after} (harder to invade)", n=have, after=have + defences))
    rest = [item_text(it) for it in items if not it.startswith("void") and it != "sd"]
    if rest:
        parts.append(T("{items} (for whoever takes it)", items=joined(rest)))
    return T("{sector} (Population {pop}): {changes}", sector=sector_name(s, HOUSES, HEXES), pop=s.pop, changes=joined(parts))


def _place_pick(state: VoidfallState, task: Task, choice: str) -> None:
    place_items(state, task.seat, sector(state, choice[2:]), task.data["e"]["items"])


EMPTY_SOURCE = {"bounty": T("Bounty (supply empty)"), "reclaim": T("Reclaim (supply empty)")}
ITEM_TEXT = {"sd": T("a Sector Defense"), "reclaim": T("a Reclaim token"), "bounty": T("a Bounty token"), "guild:any": T("a Guild"),
             "guild:sc": T("a Scientists' Guild"), "guild:ba": T("a Bankers' Guild")}
TARGET_TEXT = {"adj_vb": T("an adjacent Voidborn sector"),
               "adj_vb_low": T("the adjacent Voidborn sector with the lowest Population"),
               "adj_vb_high": T("the adjacent Voidborn sector with the highest Population"),
               "all_vb_sd": T("every Voidborn sector with a Sector Defense"),
               "all_vb_pop4": T("every Voidborn sector with Population 4+"),
               "all_vb_le2": T("every Voidborn sector with 2 or fewer cubes"),
               "adj_rift_vb": T("every Voidborn sector next to a Rift"),
               "vb_or_fallen": T("a Voidborn or Fallen House sector")}


def item_text(it: str) -> Text:
    kind, _, arg = it.partition(":")
    if kind == "void":
        return T("{n} Voidborn cube(s)", n=arg)
    if kind == "glory":
        return T("a Glory token ({n})", n=arg)
    return ITEM_TEXT.get(it, it)


def place_text(e: dict[str, Any]) -> Text:
    return T("put {items} on {target}", items=joined([item_text(i) for i in e["items"]]),
             target=TARGET_TEXT.get(e["target"], e["target"]))


def _place_labels(e: dict[str, Any]) -> list[Text]:
    return [T("put {items}", items=joined([item_text(i) for i in e["items"]])), T("put {n} pieces", n=len(e["items"]))]


def _place_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    if e["target"].startswith("all_") or e["target"] == "adj_rift_vb":
        secs = [s for s in void_sectors(state) if s in _all_targets(state, e["target"]) and place_ok(state, s, e["items"])]
        return T("on {sectors}", sectors=sectors_text(state, [s.key for s in secs]))
    return T("choose next: {sectors}", sectors=sectors_text(state, [s.key for s in place_targets(state, seat, e)]))


effect("place", place_text, label=_place_labels, can=_place_can, options=_place_options, pick=_place_pick,
       outcome=_place_outcome)
RUN["place"] = _place_all


def _reclaim_home(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    home = next(s for s in state.sectors if s.home_of == seat)
    draw_reclaim(state, seat, home.key)


effect("reclaim_home", T("a Reclaim token on your Home, resolved at once"), label=T("a Reclaim token at Home"), run=_reclaim_home,
       outcome=lambda state, seat, e, ctx: T("its face is drawn and resolved in your Home at once")
       if reclaim_supply(state) > 0 else T("the Reclaim supply is empty: 1 Influence or 1 resource instead"))
