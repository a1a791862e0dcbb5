"""Corruption markers: where they may go, gaining, removing and moving them.

Article 腐壞: a gained marker goes under the Population die of a Pure sector that can be
Corrupted, on a non-starting Agenda slot, on a Civilization track, or on Decontamination
Chambers; one marker per place (except the tech). No free place: the marker cannot be gained.
"""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Text

from .board import adjacent, can_corrupt, controlled, name, sector
from .data import AGENDAS, HEXES, HOUSES, TRACK_NAME, agenda_type_name
from .economy import ability, gain, gain_influence, house_corruption
from .effects import effect, set_ctx
from .gains import activate, activation
from .messages import T, content_name, joined, name_in, sector_name
from .state import Task, VoidfallState
from .tasks import opt
from .tracks import move_marker

DECON_CAP = {"basic": 2, "improved": 3}
# An Agenda offer is named by its type's letter in English; other languages name the type.


def label(state: VoidfallState, loc: str) -> Text:
    kind, _, arg = loc.partition(":")
    if kind == "s":
        return T("sector {sector}", sector=sector_name(sector(state, arg), HOUSES, HEXES))
    if kind == "t":
        return content_name(f"track:{arg}", f"{TRACK_NAME[arg]} track")
    if kind == "a":
        return T("Agenda slot {n}", n=int(arg) + 1)
    return content_name("tech:decontamination_chambers", "Decontamination Chambers")


def place_name(state: VoidfallState, loc: str) -> Text:
    """A place for a Corruption marker as an option names it: the sector's name, "Agenda slot 2",
    "Society track" or the technology."""
    if loc.startswith("s:"):
        return sector_name(sector(state, loc[2:]), HOUSES, HEXES)
    return label(state, loc)


def _mat(state: VoidfallState, seat: int, change: int) -> Text:
    """"Corruption on your house mat 1 -> 2 (each marker there is a Skirmish cube)"."""
    now = house_corruption(state.houses[seat])
    return T("Corruption on your house mat {now} -> {after} (each marker there is a Skirmish cube)", now=now, after=now + change)


def place_effect(state: VoidfallState, seat: int, loc: str, adding: bool = True) -> Text:
    """What putting a Corruption marker on `loc` does (`adding`), or taking one off it."""
    h = state.houses[seat]
    kind, _, arg = loc.partition(":")
    if kind == "s":
        s = sector(state, arg)
        where = sector_name(s, HOUSES, HEXES)
        if adding:
            return T("{sector} becomes Corrupted: its Population stays at {pop} and objectives for Pure sectors stop "
                     "counting it", sector=where, pop=s.pop)
        return T("{sector} is Pure again: its Population can grow and objectives for Pure sectors count it", sector=where)
    if kind == "t":
        track = content_name(f"track:{arg}", f"{TRACK_NAME[arg]} track")
        if adding:
            return T("{track} still advances but gives no rewards; {mat}", track=track, mat=_mat(state, seat, 1))
        return T("{track} gives its rewards again; {mat}", track=track, mat=_mat(state, seat, -1))
    if kind == "a":
        i = int(arg)
        agenda = h.agendas[i] if i < len(h.agendas) else ""
        if agenda:
            held = name_in("agenda", agenda, AGENDAS)
            what = (T("{agenda} in slot {n} stops scoring", agenda=held, n=i + 1) if adding
                    else T("{agenda} in slot {n} scores again", agenda=held, n=i + 1))
        else:
            what = (T("empty slot {n}: an Agenda placed there would not score", n=i + 1) if adding
                    else T("empty slot {n}: an Agenda placed there can score", n=i + 1))
        return T("{what}; {mat}", what=what, mat=_mat(state, seat, 1 if adding else -1))
    cap = DECON_CAP.get(h.techs.get("decontamination_chambers", ""), 0)
    return T("Decontamination Chambers {now} -> {after} of {most}: markers there corrupt nothing", now=h.decon,
             after=h.decon + (1 if adding else -1), most=cap)


def free_places(state: VoidfallState, seat: int, where: str = "any") -> list[str]:
    """Places a new marker may go, in the order `where` prefers (track_first, house_first...)."""
    h = state.houses[seat]
    secs = [f"s:{s.key}" for s in controlled(state, seat) if can_corrupt(s)]
    tracks = [f"t:{t}" for t in ("soc", "sta", "eco") if not h.track_corrupt.get(t)]
    slots = [f"a:{i}" for i in range(len(h.agendas)) if not h.agenda_corrupt[i]]
    decon = ["decon"] if h.decon < DECON_CAP.get(h.techs.get("decontamination_chambers", ""), 0) else []
    if where == "agenda_or_track":
        return slots + tracks
    if where == "agenda_slot":
        return slots
    order = {"track_first": [tracks, slots, secs, decon], "sector_first": [secs, slots + tracks, decon],
             "house_first": [slots + tracks, secs, decon], "agenda_first": [slots, tracks + secs, decon]}.get(where)
    if order:
        for group in order:
            if group:
                return group
        return []
    return secs + slots + tracks + decon


def corrupted_places(state: VoidfallState, seat: int, house_only: bool = False) -> list[str]:
    h = state.houses[seat]
    out = [f"t:{t}" for t in ("soc", "sta", "eco") if h.track_corrupt.get(t)]
    out += [f"a:{i}" for i in range(len(h.agendas)) if h.agenda_corrupt[i]]
    if not house_only:
        out += [f"s:{s.key}" for s in controlled(state, seat) if s.corrupted and s.pop > 0]
    if h.decon:
        out.append("decon")
    return out


def put(state: VoidfallState, seat: int, loc: str) -> None:
    h = state.houses[seat]
    kind, _, arg = loc.partition(":")
    if kind == "s":
        sector(state, arg).corrupted = True
    elif kind == "t":
        h.track_corrupt[arg] = True
    elif kind == "a":
        h.agenda_corrupt[int(arg)] = True
    else:
        h.decon += 1


def take(state: VoidfallState, seat: int, loc: str) -> None:
    h = state.houses[seat]
    kind, _, arg = loc.partition(":")
    if kind == "s":
        sector(state, arg).corrupted = False
    elif kind == "t":
        h.track_corrupt[arg] = False
    elif kind == "a":
        h.agenda_corrupt[int(arg)] = False
    else:
        h.decon -= 1


def gained(state: VoidfallState, seat: int, loc: str) -> None:
    """Place a gained marker (plus the house hook for gaining Corruption)."""
    put(state, seat, loc)
    state.say(T("{seat} gains a Corruption marker on {place}.", seat=name(seat), place=label(state, loc)))
    bonus = ability(state.houses[seat], "corrupt_gain")
    if bonus:
        gain(state, seat, bonus, T("house ability"))


def removed(state: VoidfallState, seat: int, loc: str) -> None:
    take(state, seat, loc)
    h = state.houses[seat]
    h.removed_this_cycle += 1
    state.say(T("{seat} removes a Corruption marker from {place}.", seat=name(seat), place=label(state, loc)))
    bonus = ability(h, "cleanse_inf")
    if bonus:
        gain_influence(state, seat, bonus, T("house ability"), "ability")


# ---------------------------------------------------------------- effects
def _remove_places(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> list[str]:
    places = corrupted_places(state, seat, house_only=bool(e.get("house")))
    if e.get("here"):
        places = [p for p in places if p == f"s:{ctx.get('here')}"]
    if e.get("sector"):  # "from a sector" (heroic Harmonize, Overthrow)
        places = [p for p in places if p.startswith("s:")]
    if e.get("same") and ctx.get("same"):
        places = [p for p in places if p == f"s:{ctx['same']}"]
    if e.get("near") and ctx.get("here"):
        near = {ctx["here"], *adjacent(state, ctx["here"])}
        places = [p for p in places if not p.startswith("s:") or p[2:] in near]
    return places


def _remove_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    places = _remove_places(state, task.seat, task.data["e"], task.data["ctx"])
    return T("Remove which Corruption marker?"), [opt(p, place_name(state, p), place_effect(state, task.seat, p, adding=False))
                                                  for p in places]


def places_text(state: VoidfallState, places: list[str]) -> Text:
    """The places named, "Brume, Society track"."""
    return joined([place_name(state, p) for p in places]) or T("none")


def _remove_pick(state: VoidfallState, task: Task, choice: str) -> None:
    removed(state, task.seat, choice)
    if choice.startswith("s:"):
        set_ctx(state, task, choice[2:])  # the action's sector, for a later "in that sector"


def _remove_text(e: dict[str, Any]) -> Text:
    text = T("remove 1 Corruption")
    if e.get("here"):
        text = T("{effect} there", effect=text)
    if e.get("house"):
        text = T("{effect} from your house mat", effect=text)
    if e.get("same"):
        return T("{effect} in that sector", effect=text)
    return T("{effect} from a sector", effect=text) if e.get("sector") else text


effect("remove_corruption", _remove_text,
       label=lambda e: T("remove Corruption there") if e.get("here") or e.get("same") else T("remove 1 Corruption")
       if e.get("sector") or e.get("house") else [],
       can=lambda state, seat, e, ctx: bool(_remove_places(state, seat, e, ctx)), options=_remove_options, pick=_remove_pick,
       outcome=lambda state, seat, e, ctx: T("choose next, from: {places}",
                                             places=places_text(state, _remove_places(state, seat, e, ctx))))


def _move_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    seat = task.seat
    if "frm" not in task.data:
        return T("Move which Corruption marker?"), [
            opt(p, place_name(state, p), T("{effect}; then choose where it goes", effect=place_effect(state, seat, p, adding=False)))
            for p in corrupted_places(state, seat)]
    return T("Move it where?"), [opt(p, place_name(state, p), T("from {start}: {effect}", start=place_name(state, task.data["frm"]),
                                                              effect=place_effect(state, seat, p)))
                                 for p in free_places(state, seat) if p != task.data["frm"]]


def _move_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    if "frm" not in task.data:
        task.data["frm"] = choice
        task.data["step"] = 1
        return False
    take(state, task.seat, task.data["frm"])
    put(state, task.seat, choice)
    state.say(T("{seat} moves a Corruption marker from {start} to {end}.", seat=name(task.seat),
                start=label(state, task.data["frm"]), end=label(state, choice)))
    return True


def _move_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    frm = corrupted_places(state, seat)
    return bool(frm) and any(p not in frm or len(frm) > 1 for p in free_places(state, seat))


effect("move_corruption", T("move 1 Corruption"), can=_move_can, options=_move_options, pick=_move_pick,
       outcome=lambda state, seat, e, ctx: T("choose next which marker ({places}) and where it goes",
                                             places=places_text(state, corrupted_places(state, seat))))


def _gain_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    e = task.data["e"]
    places = free_places(state, task.seat, e.get("where", "any"))
    return T("Where does the Corruption marker go?"), [opt(p, place_name(state, p), gain_detail(state, task.seat, p, e))
                                                       for p in places]


def gain_detail(state: VoidfallState, seat: int, loc: str, e: dict[str, Any] | None = None) -> Text:
    """What a gained marker does on `loc` (a track that also advances says so)."""
    if e and e.get("advance") and loc.startswith("t:"):
        return T("{effect}; the track advances 1 space (no reward)", effect=place_effect(state, seat, loc))
    return place_effect(state, seat, loc)


def _gain_pick(state: VoidfallState, task: Task, choice: str) -> None:
    gained(state, task.seat, choice)
    e = task.data["e"]
    if e.get("advance") and choice.startswith("t:"):
        move_marker(state, task.seat, choice[2:], reward=False)


def _gain_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    if e.get("if_improved") and "improved" not in state.houses[seat].techs.values():
        return False
    return bool(free_places(state, seat, e.get("where", "any")))


def _gain_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    places = free_places(state, seat, e.get("where", "any"))
    return T("choose next where it goes ({n} place(s): {places})", n=len(places), places=places_text(state, places))


effect("gain_corruption", T("gain 1 Corruption"), can=_gain_can, options=_gain_options, pick=_gain_pick, outcome=_gain_outcome)


def _offer_run(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> None:
    types = list(state.agenda_face) if e["type"] == "all" else [e["type"]]
    for t in types:
        if not state.offer_corrupt.get(t):
            state.offer_corrupt[t] = True
            state.say(T("A Corruption marker lands on the {type} Agenda offer: the next house to take one gains it.",
                        type=agenda_type_name(t)))


def _offer_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    types = list(state.agenda_face) if e["type"] == "all" else [e["type"]]
    return T("the next house to take from the {types} offer gains the marker", types=joined([agenda_type_name(t) for t in types]))


effect("corrupt_offer", lambda e: T("Corruption on an Agenda offer"), label=T("corrupt an Agenda offer"), run=_offer_run,
       outcome=_offer_outcome)


def _roa_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    seat = task.seat
    options = [opt(p, place_name(state, p), place_effect(state, seat, p, adding=False)) for p in corrupted_places(state, seat)]
    if state.houses[seat].inactive:
        options.append(opt("act", T("activate 1 cube"), activation(state, seat, 1)))
    return T("Remove a Corruption or activate a cube?"), options


def _roa_pick(state: VoidfallState, task: Task, choice: str) -> None:
    if choice == "act":
        activate(state, task.seat, 1)
    else:
        removed(state, task.seat, choice)


effect("remove_or_activate", T("remove 1 Corruption OR activate 1 cube"), label=T("Corruption or a cube"),
       outcome=lambda state, seat, e, ctx: T("choose next: a marker from {places}, or {cubes}",
                                             places=places_text(state, corrupted_places(state, seat)),
                                             cubes=activation(state, seat, 1)),
       can=lambda state, seat, e, ctx: bool(corrupted_places(state, seat)) or state.houses[seat].inactive > 0,
       options=_roa_options, pick=_roa_pick)
