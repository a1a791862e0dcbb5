"""Fleet markers (艦隊指示物) and the fleet power cubes on them: the only code that changes a
sector's `fleet` (cubes per kind) and `markers` (per kind, the cube count of each marker).

Article (艦隊與艦隊力量): a fleet is fleet markers plus cubes; each marker holds 1-3 cubes of its
kind (Dreadnought and Carrier markers 1, 3 with the Improved tech); cubes may be split onto an
extra marker of the same kind or merged (same kind; the emptied marker goes back to the box);
cubes never move between markers of different kinds.

Design decisions (DESIGN.md "Fleets"):
- deploying (and Escape Pods, Combat Replicators) puts the cube on the fullest marker of its kind
  with room, else on a new marker;
- removing cubes (recall, combat losses, cubes leaving) takes them from the smallest marker of
  the kind first, so markers empty and go back to the box;
- a regrouped cube joins the fullest marker of its kind with room in the destination (moving a
  marker and merging it there, merging being free), else it arrives on its own marker;
- invading cubes travel per source sector on as few markers as the caps allow and arrive as
  those markers, never merged with the markers of another source;
- markers are kept sorted largest first; the order carries no meaning.
"""

from __future__ import annotations

from games.core import IllegalChoice
from games.core.i18n import Text

from .data import FLEET_NAME, SETTINGS
from .messages import T, joined, name_in
from .state import Sector, VoidfallState


class FleetError(IllegalChoice):
    """An impossible split, merge or removal (no such marker, over the cap, not enough cubes): a
    choice the game refuses, as any illegal choice."""


IMPROVABLE = {"dreadnought": "dreadnoughts", "carrier": "carriers"}


def cap(state: VoidfallState, seat: int, kind: str) -> int:
    """Cubes one marker of `kind` may hold for `seat` (3 for Dreadnoughts/Carriers when Improved)."""
    n = SETTINGS["fleet_cap"].get(kind, 3)
    tech = IMPROVABLE.get(kind)
    if tech and 0 <= seat < len(state.houses) and state.houses[seat].techs.get(tech) == "improved":
        return 3
    return n


def seat_of(s: Sector) -> int:
    return s.owner if s.owner >= 0 else s.home_of


def pack(n: int, size: int) -> list[int]:
    """`n` cubes on as few markers of `size` as possible, largest first."""
    return [size] * (n // size) + ([n % size] if n % size else [])


def current(state: VoidfallState, s: Sector) -> dict[str, list[int]]:
    """The sector's markers. They always hold exactly the cubes `fleet` counts: this module is
    their only writer, and `normalise` repacks states saved before markers existed as they load."""
    return s.markers


def marker_count(state: VoidfallState, s: Sector) -> int:
    return sum(len(v) for v in current(state, s).values())


def markers_text(state: VoidfallState, s: Sector) -> Text:
    """E.g. "Corvette 3+1, Sentry 1"."""
    marks = current(state, s)
    return joined([T("{fleet} {markers}", fleet=name_in("fleet", k, FLEET_NAME), markers="+".join(map(str, v)))
                   for k, v in sorted(marks.items()) if v]) or T("no markers")


def _store(s: Sector, kind: str, marks: list[int]) -> None:
    marks = sorted((m for m in marks if m > 0), reverse=True)
    if marks:
        s.markers[kind] = marks
        s.fleet[kind] = sum(marks)
    else:
        s.markers.pop(kind, None)
        s.fleet.pop(kind, None)


def _shrink(marks: list[int], n: int) -> list[int]:
    """Remove `n` cubes, smallest marker first."""
    marks = sorted(marks, reverse=True)
    while n > 0 and marks:
        take = min(n, marks[-1])
        marks[-1] -= take
        n -= take
        if not marks[-1]:
            marks.pop()
    return marks


# ---------------------------------------------------------------- adding and removing cubes
def add(state: VoidfallState, seat: int, s: Sector, kind: str, n: int = 1) -> None:
    """Deploy `n` cubes: each onto the fullest `kind` marker with room, else onto a new marker."""
    size = cap(state, seat, kind)
    marks = list(s.markers.get(kind, []))
    for _ in range(n):
        room = [i for i, m in enumerate(marks) if m < size]
        if room:
            i = max(room, key=lambda j: marks[j])
            marks[i] += 1
        else:
            marks.append(1)
    _store(s, kind, marks)


def take(state: VoidfallState, s: Sector, kind: str, n: int = 1) -> int:
    """Remove up to `n` cubes of `kind` (smallest marker first); returns how many left the map.
    The caller moves them (active area, another sector) and handles abandonment."""
    n = min(n, s.fleet.get(kind, 0))
    if n > 0:
        _store(s, kind, _shrink(s.markers.get(kind, []), n))
    return max(n, 0)


def regroup_one(state: VoidfallState, seat: int, a: Sector, b: Sector, kind: str) -> None:
    """One Regroup move: a cube of `kind` leaves `a` (smallest marker) and joins the fullest
    marker with room in `b`, else arrives on its own marker."""
    if take(state, a, kind, 1) != 1:
        raise FleetError(f"no {kind} cube in {a.name}")
    add(state, seat, b, kind, 1)


def depart(state: VoidfallState, seat: int, s: Sector, per: dict[str, int]) -> dict[str, list[int]]:
    """Cubes leaving `s` to invade: removed (smallest markers first) and returned as the markers
    they travel on (as few as the caps allow)."""
    out = {}
    for kind, n in sorted(per.items()):
        gone = take(state, s, kind, n)
        if gone:
            out[kind] = pack(gone, cap(state, seat, kind))
    return out


def join_groups(groups: list[dict[str, list[int]]]) -> dict[str, list[int]]:
    """The markers of several travelling groups side by side (no merging between them)."""
    out: dict[str, list[int]] = {}
    for g in groups:
        for kind, marks in g.items():
            out.setdefault(kind, []).extend(marks)
    return {k: sorted(v, reverse=True) for k, v in out.items()}


def settle(state: VoidfallState, s: Sector, survivors: dict[str, int], before: dict[str, list[int]] | None = None) -> None:
    """Set `s`'s fleet to the combat survivors: the markers `before` (default: those in `s`)
    lose the dead cubes smallest first, so survivors keep their markers as far as possible."""
    base = {k: list(v) for k, v in (current(state, s) if before is None else before).items()}
    seat = seat_of(s)
    for kind in set(base) | set(s.fleet) | set(survivors):
        want = max(0, survivors.get(kind, 0))
        marks = base.get(kind, [])
        have = sum(marks)
        if want <= have:
            marks = _shrink(marks, have - want)
        else:  # more survivors than cubes on markers: only if a caller passed no markers
            marks = marks + pack(want - have, cap(state, seat, kind))
        _store(s, kind, marks)


def clear(s: Sector) -> None:
    """No fleet left (abandoned, a lost combat): every marker goes back to the box."""
    s.fleet = {}
    s.markers = {}


def set_fleet(state: VoidfallState, seat: int, s: Sector, fleet: dict[str, int]) -> None:
    """A fresh fleet (setup): each kind on as few markers as the caps allow."""
    clear(s)
    for kind, n in sorted(fleet.items()):
        if n > 0:
            _store(s, kind, pack(n, cap(state, seat, kind)))


# ---------------------------------------------------------------- split and merge
def merges(state: VoidfallState, s: Sector) -> list[tuple[str, int, int]]:
    """(kind, a, b) with a >= b: two markers of sizes a and b that fit on one marker."""
    out = []
    seat = seat_of(s)
    for kind, marks in sorted(current(state, s).items()):
        size = cap(state, seat, kind)
        pairs = {(marks[i], marks[j]) for i in range(len(marks)) for j in range(i + 1, len(marks))}
        out += [(kind, a, b) for a, b in sorted(pairs, reverse=True) if a + b <= size]
    return out


def splits(state: VoidfallState, s: Sector) -> list[tuple[str, int, int]]:
    """(kind, size, part): a marker of `size` cubes can give `part` of them (part <= size - part)
    to an extra marker."""
    out = []
    for kind, marks in sorted(current(state, s).items()):
        for size in sorted(set(marks), reverse=True):
            out += [(kind, size, part) for part in range(1, size // 2 + 1)]
    return out


def merge(state: VoidfallState, s: Sector, kind: str, a: int, b: int) -> None:
    """Put the cubes of a `b` marker onto an `a` marker of the same kind; the emptied marker goes
    back to the box."""
    if (kind, max(a, b), min(a, b)) not in merges(state, s):
        raise FleetError(f"cannot merge {kind} markers of {a} and {b} in {s.name}")
    marks = list(s.markers[kind])
    marks.remove(a)
    marks.remove(b)
    _store(s, kind, marks + [a + b])


def split(state: VoidfallState, s: Sector, kind: str, size: int, part: int) -> None:
    """Move `part` cubes of a `size` marker onto an extra marker of the same kind."""
    if (kind, size, min(part, size - part)) not in splits(state, s):
        raise FleetError(f"cannot split a {kind} marker of {size} into {size - part}+{part} in {s.name}")
    marks = list(s.markers[kind])
    marks.remove(size)
    _store(s, kind, marks + [size - part, part])


# ---------------------------------------------------------------- consistency
def problems(state: VoidfallState, s: Sector) -> list[str]:
    """Ways `s` breaks the marker rules (empty list: consistent)."""
    out = []
    seat = seat_of(s)
    for kind in set(s.fleet) | set(s.markers):
        marks = s.markers.get(kind, [])
        if sum(marks) != s.fleet.get(kind, 0):
            out.append(f"{s.name}: {kind} markers {marks} hold {sum(marks)} cubes, fleet says {s.fleet.get(kind, 0)}")
        if not marks:
            out.append(f"{s.name}: no {kind} markers (or an empty list)")
        size = cap(state, seat, kind)
        if any(not 1 <= m <= size for m in marks):
            out.append(f"{s.name}: a {kind} marker outside 1..{size}: {marks}")
    return out


def normalise(state: VoidfallState) -> None:
    """Make every sector's markers agree with its cube counts (states saved before markers
    existed, or any drift): a kind whose markers disagree is repacked on as few markers as fit."""
    for s in state.sectors:
        seat = seat_of(s)
        for kind in set(s.fleet) | set(s.markers):
            n = s.fleet.get(kind, 0)
            marks = s.markers.get(kind, [])
            size = cap(state, seat, kind)
            if sum(marks) != n or any(not 1 <= m <= size for m in marks):
                marks = pack(max(n, 0), size)
            _store(s, kind, marks)
