"""Civilization tracks, technologies, Agendas and the other house-board effects."""

from __future__ import annotations

from typing import Any

from games.core import Option
from games.core.i18n import Text

from .board import name, recall
from .data import (AGENDAS, AGENDA_TYPES, EVENTS, FOCUS, HOUSES, SETTINGS, TECHS, TRACK_NAME, TRACK_SETS, track_level,
                   data_text)
from .economy import ability, gain, gain_influence
from .effects import describe_all, effect, influence_change, influence_of, objective_text, start_group
from .messages import T, content_name, joined, name_in
from .scoring import agenda_points
from .state import House, Task, VoidfallState
from .tasks import done, handler, opt, push

TRACKS = ("soc", "sta", "eco")
TRACK_WORD = {t: content_name(f"track-name:{t}", TRACK_NAME[t]) for t in TRACKS}
LEVEL_WORD = {"basic": T("basic"), "improved": T("improved")}
AGENDA_TYPE_WORD = {"D": T.name("agenda-type-name:D", "Dominion"), "M": T.name("agenda-type-name:M", "Might"),
                    "S": T.name("agenda-type-name:S", "Support"), "W": T.name("agenda-type-name:W", "Wealth")}


def cells(state: VoidfallState, seat: int, track: str) -> list[dict]:
    return TRACK_SETS[HOUSES[state.houses[seat].house]["tracks"]][track]


def cubes_needed(h: House, new_pos: int, old_pos: int) -> int:
    old, new = track_level(old_pos), track_level(new_pos)
    if new == old or h.techs.get("cloning") == "improved":
        return 0
    return SETTINGS["level_cubes"].get(str(new), 0)


def cubes_available(state: VoidfallState, seat: int) -> int:
    h = state.houses[seat]
    return h.active + sum(sum(s.fleet.values()) for s in state.sectors if s.owner == seat)


def can_advance(state: VoidfallState, seat: int, track: str) -> bool:
    h = state.houses[seat]
    pos = h.tracks[track]
    if pos >= 7 or track_level(pos) >= 4:
        return False
    return cubes_available(state, seat) >= cubes_needed(h, pos + 1, pos)


def deactivate(state: VoidfallState, seat: int, n: int) -> None:
    """Move cubes active -> inactive; missing active cubes are recalled from the map first
    (designed: from the fleet with most cubes, Home first)."""
    h = state.houses[seat]
    for _ in range(n):
        if h.active <= 0:
            secs = sorted((s for s in state.sectors if s.owner == seat and s.fleet),
                          key=lambda s: (s.home_of != seat, -sum(s.fleet.values()), s.key))
            if not secs:
                return
            s = secs[0]
            recall(state, seat, s, sorted(s.fleet)[0], 1)
        h.active -= 1
        h.inactive += 1
    if n:
        state.say(T("{seat} deactivates {n} cube(s).", seat=name(seat), n=n))


def move_marker(state: VoidfallState, seat: int, track: str, reward: bool = True) -> None:
    """Move one space right; pay the level cost; gain the space's reward unless the track is
    Corrupted (article 文明軌道和等級)."""
    h = state.houses[seat]
    old = h.tracks[track]
    if old >= 7:
        return
    need = cubes_needed(h, old + 1, old)
    if cubes_available(state, seat) < need:
        return
    h.tracks[track] = old + 1
    deactivate(state, seat, need)
    lvl = track_level(old + 1)
    state.say(T("{seat} advances {track} to space {space} (level {level}).", seat=name(seat), track=TRACK_WORD[track],
                space=old + 1, level=lvl))
    if ability(h, "advance_gain"):
        gain(state, seat, ability(h, "advance_gain"), T("house ability"))
    if not reward:
        return
    effects = cells(state, seat, track)[old]["effects"]
    if h.track_corrupt.get(track):  # Corruption keeps the space's reward, Influence included
        h.forgone += influence_of(state, seat, effects)
        return
    rest = [e for e in effects if e["do"] != "fast"]
    if any(e["do"] == "fast" for e in effects) and track_level(old + 1) < 4:
        push(state, "fast", seat, track=track)
    if rest:
        start_group(state, seat, rest, "and", T("{track} space {space}", track=TRACK_WORD[track], space=old + 1),
                    score=f"track:{track}")


def _adv_tracks(state: VoidfallState, seat: int, e: dict[str, Any]) -> list[str]:
    t = e.get("track", "any")
    h = state.houses[seat]
    if t == "least":
        low = min(h.tracks[x] for x in TRACKS)
        return [x for x in TRACKS if h.tracks[x] == low and can_advance(state, seat, x)]
    pool = TRACKS if t == "any" else (t,)
    return [x for x in pool if can_advance(state, seat, x)]


def cell_reward(state: VoidfallState, seat: int, track: str, pos: int) -> Text:
    """What reaching the space after `pos` gives, in words (nothing on a Corrupted track)."""
    if state.houses[seat].track_corrupt.get(track):
        return T("no reward (Corrupted track)")
    effects = cells(state, seat, track)[pos]["effects"]
    rest = [e for e in effects if e["do"] != "fast"]
    words = [describe_all(rest, "and")] if rest else []
    if any(e["do"] == "fast" for e in effects):
        words.append(T("a fast advance (1 more space at once, with its reward)"))
    return joined(words, T("{a}; {b}")) if words else T("no reward")


def advance_text(state: VoidfallState, seat: int, track: str) -> Text:
    """"Statecraft 1 -> 2: gain a Basic or Improved technology", with the level and its cubes
    when the space opens a new level."""
    h = state.houses[seat]
    pos = h.tracks[track]
    reward = cell_reward(state, seat, track, pos)
    need = cubes_needed(h, pos + 1, pos)
    old, new = track_level(pos), track_level(pos + 1)
    if new != old:
        reward = T("{reward}; level {level} -> {after} (deactivate {n} cube(s))", reward=reward, level=old, after=new, n=need)
    return T("{track} {start} -> {end}: {reward}", track=TRACK_WORD[track], start=pos, end=pos + 1, reward=reward)


def _adv_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    h = state.houses[task.seat]
    return T("Advance which Civilization track?"), [
        opt(f"t:{t}", T("{track} {start} -> {end}", track=TRACK_WORD[t], start=h.tracks[t], end=h.tracks[t] + 1),
            advance_text(state, task.seat, t)) for t in _adv_tracks(state, task.seat, task.data["e"])]


def _adv_pick(state: VoidfallState, task: Task, choice: str) -> None:
    move_marker(state, task.seat, choice[2:])


def _adv_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    tracks = _adv_tracks(state, seat, e)
    if len(tracks) == 1:
        return advance_text(state, seat, tracks[0])
    h = state.houses[seat]
    return T("choose next: {tracks}", tracks=joined([T("{track} {start} -> {end}", track=TRACK_WORD[t], start=h.tracks[t],
                                                      end=h.tracks[t] + 1) for t in tracks]))


effect("advance", lambda e: {"any": T("advance any Civilization track"), "least": T("advance your least advanced track")}.get(
    e.get("track", "any"), T("advance {track}", track=TRACK_WORD.get(e.get("track", ""), ""))),
    label=lambda e: {"any": T("advance a track"), "least": T("advance the lowest track")}.get(e.get("track", "any"), []),
    can=lambda state, seat, e, ctx: bool(_adv_tracks(state, seat, e)), options=_adv_options, pick=_adv_pick,
    outcome=_adv_outcome)


@handler("fast")
class Fast:
    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        state.say(T("{seat} moves fast along {track}.", seat=name(task.seat), track=TRACK_WORD[task.data["track"]]))
        move_marker(state, task.seat, task.data["track"])


# ---------------------------------------------------------------- technologies
def improved_allowance(h: House) -> int:
    return sum((track_level(h.tracks[t]) >= 1) + (track_level(h.tracks[t]) >= 2) for t in TRACKS)


def tech_choices(state: VoidfallState, seat: int, level: str) -> list[tuple[str, str]]:
    h = state.houses[seat]
    out = []
    if level in ("basic", "either") and len(h.techs) < h.tech_slots:
        out += [(t, "basic") for t in state.market if t not in h.techs]
    if level in ("improved", "either") and sum(v == "improved" for v in h.techs.values()) < improved_allowance(h):
        for t, v in h.techs.items():
            if v == "basic" and (t in state.improved_offer or t in h.near):
                out.append((t, "improved"))
    return out


def gain_tech(state: VoidfallState, seat: int, tech: str, level: str) -> None:
    h = state.houses[seat]
    h.techs[tech] = level
    info = TECHS[tech]
    inf = 6 if level == "improved" else info["influence"]
    tech_name = name_in("tech", tech, TECHS)
    state.say(T("{seat} gains {tech} ({level}).", seat=name(seat), tech=tech_name, level=LEVEL_WORD[level]))
    gain_influence(state, seat, inf, tech_name, "tech")
    if tech == "central_surveillance" and level == "improved" and len(h.agendas) < 4:
        h.agendas.append("")
        h.agenda_trade.append(False)
        h.agenda_corrupt.append(False)
    if ability(h, "tech_inf"):
        gain_influence(state, seat, ability(h, "tech_inf"), T("house ability"), "ability")
    if level == "basic" and info["gain"]:
        start_group(state, seat, info["gain"], info["join"], T("{tech} gain", tech=tech_name), score="tech")


def _tech_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    out = []
    for t, lv in tech_choices(state, task.seat, task.data["e"]["level"]):
        info = TECHS[t]
        inf = 6 if lv == "improved" else info["influence"]
        out.append(opt(f"t:{t}:{lv}", T("{tech} ({level})", tech=name_in("tech", t, TECHS), level=LEVEL_WORD[lv]),
                       T("{change}; {text}", change=influence_change(state, task.seat, inf), text=data_text(info[lv]))))
    return T("Gain which technology?"), out


def _tech_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    found = tech_choices(state, seat, e["level"])
    basic = sum(1 for _, lv in found if lv == "basic")
    improved = len(found) - basic
    h = state.houses[seat]
    return T("choose next: {basic} Basic in the market, {improved} of yours to improve; technologies {n} of {slots}",
             basic=basic, improved=improved, n=len(h.techs), slots=h.tech_slots)


def _tech_pick(state: VoidfallState, task: Task, choice: str) -> None:
    _, t, lv = choice.split(":")
    gain_tech(state, task.seat, t, lv)


effect("tech", lambda e: {"basic": T("gain a Basic technology"), "improved": T("gain an Improved technology")}.get(
    e["level"], T("gain a Basic or Improved technology")),
    label=lambda e: {"improved": T("improve a technology"), "either": T("gain a technology")}.get(e["level"], []),
    can=lambda state, seat, e, ctx: bool(tech_choices(state, seat, e["level"])), options=_tech_options, pick=_tech_pick,
    outcome=_tech_outcome)


# ---------------------------------------------------------------- agendas
def agenda_types_open(state: VoidfallState, e: dict[str, Any]) -> list[str]:
    types = [e["type"]] if e.get("type") else list(AGENDA_TYPES)
    return [t for t in types if state.agenda_face.get(t) or state.agenda_decks.get(t)]


def objectives_text(aid: str) -> Text:
    return joined([objective_text(o) for o in AGENDAS[aid]["objectives"]], T("{a}; {b}"))


def _agenda_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    d = task.data
    if "drawn" in d:
        return T("Keep which Agenda? (the other goes under its deck)"), [
            opt(f"k:{a}", name_in("agenda", a, AGENDAS), T("{agenda}: {text}", agenda=name_in("agenda", a, AGENDAS),
                                                          text=objectives_text(a))) for a in d["drawn"]]
    out = []
    for t in agenda_types_open(state, d["e"]):
        face = state.agenda_face.get(t)
        warn = state.offer_corrupt.get(t)
        if face:
            text = T("from the {type} offer; scores {text}", type=AGENDA_TYPE_WORD[t], text=objectives_text(face))
            out.append(opt(f"f:{t}", T("{agenda} ({type})", agenda=name_in("agenda", face, AGENDAS), type=AGENDA_TYPE_WORD[t]),
                           T("{text} (the Corruption on the offer comes with it)", text=text) if warn else text))
        deck = len(state.agenda_decks.get(t, []))
        if deck >= 1:
            text = T("{type} deck ({n} cards): see 2 face down, keep 1, the other goes under the deck", type=AGENDA_TYPE_WORD[t],
                     n=deck)
            out.append(opt(f"d:{t}", T("draw 2 {type}", type=AGENDA_TYPE_WORD[t]),
                           T("{text} (the Corruption on the offer comes with it)", text=text) if warn else text))
    return T("Gain which Agenda?"), out


def _agenda_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    offers = [T("{agenda} ({type})", agenda=name_in("agenda", state.agenda_face[t], AGENDAS), type=AGENDA_TYPE_WORD[t])
              for t in agenda_types_open(state, e) if state.agenda_face.get(t)]
    held = len(state.houses[seat].agenda_hand)
    return T("Agendas in hand {n} -> {after}; choose next: the offer ({offers}) or draw 2 and keep 1", n=held, after=held + 1,
             offers=joined(offers) or T("none"))


def _take_offer_corruption(state: VoidfallState, seat: int, t) -> None:
    """The Corruption on an Agenda offer goes to the house taking from it (it chooses where)."""
    if state.offer_corrupt.get(t):
        state.offer_corrupt[t] = False
        state.say(T("{seat} takes the Corruption marker from the {type} offer.", seat=name(seat), type=AGENDA_TYPE_WORD[t]))
        group = start_group(state, seat, [{"do": "gain_corruption"}], "and", T("Corrupted Agenda offer"))
        group.data["must"] = True


def _agenda_pick(state: VoidfallState, task: Task, choice: str) -> bool:
    seat, h = task.seat, state.houses[task.seat]
    kind, _, arg = choice.partition(":")
    if kind == "f":
        aid = state.agenda_face[arg]
        h.agenda_hand.append(aid)
        deck = state.agenda_decks[arg]
        state.agenda_face[arg] = deck.pop(0) if deck else ""
        if deck is not None:
            state.mark_reveal()
        state.say(T("{seat} takes the Agenda {agenda}.", seat=name(seat), agenda=name_in("agenda", aid, AGENDAS)))
        _take_offer_corruption(state, seat, arg)
        return True
    if kind == "d":
        deck = state.agenda_decks[arg]
        task.data["drawn"] = [deck.pop(0) for _ in range(min(2, len(deck)))]
        task.data["type"] = arg
        task.data["step"] = 1
        state.mark_reveal()
        state.say(T("{seat} draws {n} {type} Agenda(s) and keeps one.", seat=name(seat), n=len(task.data["drawn"]),
                    type=AGENDA_TYPE_WORD[arg]))
        return False
    keep = arg
    other = [a for a in task.data["drawn"] if a != keep]
    h.agenda_hand.append(keep)
    state.agenda_decks[task.data["type"]].extend(other)
    state.say(T("{seat} keeps {agenda}.", seat=name(seat), agenda=name_in("agenda", keep, AGENDAS)), seat=seat)
    _take_offer_corruption(state, seat, task.data["type"])
    return True


effect("agenda", lambda e: T("gain a {type} Agenda", type=AGENDA_TYPE_WORD[e["type"]]) if e.get("type") else T("gain an Agenda"),
       can=lambda state, seat, e, ctx: bool(agenda_types_open(state, e)), options=_agenda_options, pick=_agenda_pick,
       outcome=_agenda_outcome)


def scorable_agendas(state: VoidfallState, seat: int) -> list[int]:
    h = state.houses[seat]
    return [i for i, a in enumerate(h.agendas) if a and not h.agenda_corrupt[i]]


def _score_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    h = state.houses[task.seat]
    return T("Score which Pure Agenda now?"), [
        opt(f"a:{i}", name_in("agenda", h.agendas[i], AGENDAS),
            T("{agenda} scores {n} Influence now: {change}", agenda=name_in("agenda", h.agendas[i], AGENDAS),
              n=agenda_points(state, task.seat, h.agendas[i]),
              change=influence_change(state, task.seat, agenda_points(state, task.seat, h.agendas[i]))))
        for i in scorable_agendas(state, task.seat)]


def _score_outcome(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> Text:
    h = state.houses[seat]
    return T("choose next: {agendas}", agendas=joined([T("{agenda} {n} Influence", agenda=name_in("agenda", h.agendas[i], AGENDAS),
                                                        n=agenda_points(state, seat, h.agendas[i]))
                                                      for i in scorable_agendas(state, seat)]))


def _score_pick(state: VoidfallState, task: Task, choice: str) -> None:
    aid = state.houses[task.seat].agendas[int(choice[2:])]
    gain_influence(state, task.seat, agenda_points(state, task.seat, aid), T("scoring {agenda}", agenda=name_in("agenda", aid, AGENDAS)),
                   "agenda")


effect("score_agenda", T("score 1 Pure Agenda in play (not the starting one)"), label=T("score a Pure Agenda"),
       can=lambda state, seat, e, ctx: bool(scorable_agendas(state, seat)), options=_score_options, pick=_score_pick,
       outcome=_score_outcome)


# ---------------------------------------------------------------- looking at events, preferred focus
def _look_can(state: VoidfallState, seat: int, e: dict[str, Any], ctx: dict[str, Any]) -> bool:
    return state.cycle in (1, 2) and len(state.event_piles.get(str(state.cycle + 1), [])) >= 2


def _look_options(state: VoidfallState, task: Task) -> tuple[Text, list[Option]]:
    pile = state.event_piles[str(state.cycle + 1)]
    top = pile[:2]
    return T("Which of the next Cycle's two top Events goes on top? (the other goes to the bottom)"), [
        opt(f"e:{ev}", name_in("event", ev, EVENTS),
            T("Cycle {cycle} opens with {event} ({n} turns each); {other} goes to the bottom of the pile", cycle=state.cycle + 1,
              event=name_in("event", ev, EVENTS), n=EVENTS[ev]["rounds"], other=name_in("event", other, EVENTS)))
        for ev, other in zip(top, reversed(top))]


def _look_pick(state: VoidfallState, task: Task, choice: str) -> None:
    pile = state.event_piles[str(state.cycle + 1)]
    top, other = choice[2:], [x for x in pile[:2] if x != choice[2:]][0]
    rest = pile[2:]
    state.event_piles[str(state.cycle + 1)] = [top] + rest + [other]
    state.mark_reveal()
    state.say(T("{seat} looks at the next Cycle's Galactic Events and reorders them.", seat=name(task.seat)))


effect("look_events", T("look at the next Cycle's top 2 Galactic Events (1 on top, 1 to the bottom)"),
       label=T("look at next Events"), can=_look_can, options=_look_options, pick=_look_pick,
       outcome=lambda state, seat, e, ctx: T("you see the top 2 Galactic Events of Cycle {n} (the others do not) and choose "
                                             "which opens it", n=state.cycle + 1))


def preferred_actions(state: VoidfallState, seat: int) -> list[tuple[str, int]]:
    h = state.houses[seat]
    pref = HOUSES[h.house]["preferred"]
    cards = [c for c in h.hand + h.discard if FOCUS[c]["slot"] in pref]
    return [(c, i) for c in cards for i in range(3)]


