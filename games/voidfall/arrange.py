"""Splitting and merging fleet markers as moves, and the cleanup trim of crowded sectors.

Article (艦隊與艦隊力量): 艦隊力量方塊可以被分開或合併 ... 在每個回合的清理步驟,如果某些星系有
三個或更多艦隊指示物,通過召回艦隊力量方塊將其降低至二。
- In the action step a free option ("Split or merge fleet markers (free)") opens a short chain:
  sector -> merge/split moves -> done. It uses no action.
- At cleanup, for each sector with 3+ markers the player may merge (free) and must recall cubes
  until every sector has at most 2 markers. A recall always takes the cube from the smallest
  marker of the chosen kind (so a 1-cube marker leaves the map).
"""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Text

from . import fleets
from .board import name, recall
from .data import FLEET_NAME, HEXES, HOUSES
from .messages import T, name_in, sector_name
from .state import Sector, VoidfallState
from .tasks import Row, fitted, opt

# The bot recalls the cheapest kinds first at cleanup.
KIND_VALUE = {"corvette": 0, "sentry": 1, "destroyer": 2, "carrier": 3, "dreadnought": 4}


def _mine(state: VoidfallState, seat: int) -> list[Sector]:
    return [s for s in state.sectors if s.fleet and fleets.seat_of(s) == seat]


def arrangeable(state: VoidfallState, seat: int) -> list:
    """Sectors of `seat` where some split or merge is possible."""
    return [s for s in _mine(state, seat) if fleets.merges(state, s) or fleets.splits(state, s)]


def crowded(state: VoidfallState, seat: int) -> list:
    """Sectors of `seat` with 3 or more fleet markers (to trim at cleanup)."""
    return [s for s in _mine(state, seat) if fleets.marker_count(state, s) > 2]


def _by_key(state: VoidfallState, key: str) -> Sector:
    return next(s for s in state.sectors if s.key == key)



def merge_rows(state: VoidfallState, s: Sector) -> list[Row]:
    n = fleets.marker_count(state, s)
    where = sector_name(s, HOUSES, HEXES)
    rows: list[Row] = []
    for k, a, b in fleets.merges(state, s):
        fleet = name_in("fleet", k, FLEET_NAME)
        detail = T("free: two {fleet} markers in {sector} ({a}+{b}) become one of {total}; markers there {before} -> {after}",
                   fleet=fleet, sector=where, a=a, b=b, total=a + b, before=n, after=n - 1)
        rows.append((f"m:{s.key}:{k}:{a}:{b}", [(T("merge {fleet} {a}+{b}", fleet=fleet, a=a, b=b), detail),
                                                (T("merge {a}+{b}", a=a, b=b), detail)]))
    return rows


def split_rows(state: VoidfallState, s: Sector) -> list[Row]:
    n = fleets.marker_count(state, s)
    where = sector_name(s, HOUSES, HEXES)
    rows: list[Row] = []
    for k, size, part in fleets.splits(state, s):
        fleet = name_in("fleet", k, FLEET_NAME)
        detail = T("free: a {fleet} marker of {size} in {sector} becomes {kept}+{part}; markers there {before} -> {after}",
                   fleet=fleet, size=size, sector=where, kept=size - part, part=part, before=n, after=n + 1)
        rows.append((f"p:{s.key}:{k}:{size}:{part}", [(T("split {fleet} {size}", fleet=fleet, size=size), detail),
                                                      (T("split {size} -> {kept}+{part}", size=size, kept=size - part, part=part),
                                                       detail)]))
    return rows


def apply_move(state: VoidfallState, seat: int, choice: str) -> None:
    """Carry out an "m:" (merge) or "p:" (split) option; a stale one raises FleetError."""
    verb, key, kind, x, y = choice.split(":")
    s = _by_key(state, key)
    if fleets.seat_of(s) != seat:
        raise fleets.FleetError(f"{s.name} is not yours")
    a, b = int(x), int(y)
    if verb == "m":
        fleets.merge(state, s, kind, a, b)
        state.say(T("{seat} merges two {fleet} markers in {sector} ({a}+{b} -> {total}).", seat=name(seat),
                    fleet=name_in("fleet", kind, FLEET_NAME), sector=sector_name(s, HOUSES, HEXES), a=a, b=b, total=a + b))
    else:
        fleets.split(state, s, kind, a, b)
        state.say(T("{seat} splits a {fleet} marker in {sector} ({size} -> {kept}+{part}).", seat=name(seat),
                    fleet=name_in("fleet", kind, FLEET_NAME), sector=sector_name(s, HOUSES, HEXES), size=a, kept=a - b, part=b))


# ---------------------------------------------------------------- the free action-step chain
def arrange_decision(state: VoidfallState, seat: int, d: dict[str, Any]) -> tuple[Text, list[Option]]:
    key = d.get("arr")
    done = opt("done", T("Back to actions"), T("no more splits or merges; no action is used"))
    if not key:
        rows = [(f"s:{s.key}", [(sector_name(s, HOUSES, HEXES), T("{sector}: markers {markers}; split or merge them next",
                                                                sector=sector_name(s, HOUSES, HEXES),
                                                                markers=fleets.markers_text(state, s)))])
                for s in arrangeable(state, seat)]
        return T("Split or merge fleet markers (free): which sector?"), fitted(rows, [done], numbered=True)
    s = _by_key(state, key)
    back = opt("back", T("Another sector"), T("choose another sector; still free"))
    return T("{sector}: markers {markers}. Split or merge (free)?", sector=sector_name(s, HOUSES, HEXES),
             markers=fleets.markers_text(state, s)), fitted(merge_rows(state, s) + split_rows(state, s), [back, done], numbered=True)


def arrange_pick(state: VoidfallState, seat: int, d: dict[str, Any], choice: str) -> bool:
    """Apply a pick of the chain; True when the player is back in the action step."""
    if choice == "done":
        d.pop("arr", None)
        return True
    if choice == "back":
        d.pop("arr", None)
        return False
    if choice.startswith("s:"):
        d["arr"] = choice[2:]
        return False
    apply_move(state, seat, choice)
    if not any(s.key == d.get("arr") for s in arrangeable(state, seat)):
        d.pop("arr", None)
    return not arrangeable(state, seat)


# ---------------------------------------------------------------- cleanup trim
def _recall_rows(state: VoidfallState, s: Sector) -> list[Row]:
    n = fleets.marker_count(state, s)
    out: list[Row] = []
    for k, marks in sorted(fleets.current(state, s).items()):
        small = min(marks)
        after = n - 1 if small == 1 else n
        rest = sorted(marks, reverse=True)
        rest[-1] -= 1
        now = "+".join(map(str, marks))
        then = "+".join(str(m) for m in rest if m) or T("none")
        fleet = name_in("fleet", k, FLEET_NAME)
        where = sector_name(s, HOUSES, HEXES)
        detail = T("{sector}: {fleet} markers {before} -> {after}, markers there {count} -> {count_after}; the cube goes to the "
                   "active area", sector=where, fleet=fleet, before=now, after=then, count=n, count_after=after)
        out.append((f"k:{s.key}:{k}", [(T("recall 1 {fleet} from {sector}", fleet=fleet, sector=where), detail),
                                       (T("recall 1 {fleet}", fleet=fleet), detail)]))
    return out


def trim_options(state: VoidfallState, seat: int) -> list:
    rows: list[Row] = []
    for s in crowded(state, seat):
        rows += merge_rows(state, s)
    for s in crowded(state, seat):
        rows += _recall_rows(state, s)
    return fitted(rows, numbered=True)


def trim_pick(state: VoidfallState, seat: int, choice: str) -> None:
    if choice.startswith("m:"):
        apply_move(state, seat, choice)
        return
    _, key, kind = choice.split(":")
    s = _by_key(state, key)
    if s not in crowded(state, seat) or not s.fleet.get(kind):
        raise fleets.FleetError(f"no {kind} cube to recall from a crowded {s.name}")
    recall(state, seat, s, kind, 1)
    state.say(T("{seat} recalls a {fleet} cube from {sector} (at most 2 fleet markers per sector).", seat=name(seat),
                fleet=name_in("fleet", kind, FLEET_NAME), sector=sector_name(s, HOUSES, HEXES)))


def bot_trim(state: VoidfallState, seat: int, ids: list[str]) -> str:
    """Merge first; else recall the cheapest cube from the smallest marker."""
    merges = [i for i in ids if i.startswith("m:")]
    if merges:
        return merges[0]

    def cost(i: str) -> tuple[int, int, str]:
        _, key, kind = i.split(":")
        return (min(fleets.current(state, _by_key(state, key))[kind]), KIND_VALUE.get(kind, 5), i)
    return min((i for i in ids if i.startswith("k:")), key=cost)


def auto_trim(state: VoidfallState, seat: int) -> None:
    """Trim without asking (the bot's choices): used only if the cleanup runs without the trim step."""
    while crowded(state, seat):
        trim_pick(state, seat, bot_trim(state, seat, [o.id for o in trim_options(state, seat)]))
