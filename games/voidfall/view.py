"""Views: the single redaction point. Public: the map, every house's visible board, the event,
cycle and turn. Private additions for the viewer: Agendas in hand."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.core import GameRules
from games.core.i18n import Settled, settled

from . import fleets
from .board import controller, sector_label, sector_upkeep
from .data import (AGENDAS, EVENTS, HOUSES, RES, SETTINGS, TECHS, TRACK_SETS, agenda_name, agenda_type_name, data_text,
                   event_def, event_name, focus_title, house_name, tech_name, yield_of)
from .economy import prod_level, total_corruption, upkeep_due
from .effects import PERM_TEXT, objective_text
from .state import Sector, VoidfallState
from .tracks import objectives_text


def _sector(state: VoidfallState, s: Sector) -> dict:
    """One sector; `markers` maps a fleet kind to the cubes on each of its markers, largest first
    (e.g. {"corvette": [3, 1]}), `fleet` the cubes per kind."""
    c = controller(s)
    return {"key": s.key, "name": sector_label(s), "type": s.type, "pop": s.pop, "corrupted": s.corrupted, "fixed": s.fixed_pop,
            "owner": c if isinstance(c, int) else -1, "void": s.void, "fleet": dict(s.fleet),
            "markers": {k: list(v) for k, v in fleets.current(state, s).items()}, "guilds": list(s.guilds),
            "installs": list(s.installs), "glory": list(s.glory), "bounty": s.bounty, "reclaim": s.reclaim,
            "home_of": s.home_of, "fallen": s.fallen, "upkeep": sector_upkeep(s)}


@lru_cache(maxsize=None)
def _track_text(tracks: str) -> Settled:
    """Every space's text of a house's three tracks: the same in every view, so built once."""
    return settled({t: [data_text(c["text"]) for c in TRACK_SETS[tracks][t]] for t in ("soc", "sta", "eco")})


def _house(state: VoidfallState, seat: int, private: bool) -> dict:
    h = state.houses[seat]
    info = HOUSES.get(h.house, {})
    levels = {r: prod_level(state, seat, r) for r in RES} if h.house else {}
    out = {
        "seat": seat, "house": house_name(h.house) if info else "?",
        "ability": data_text(info["ability_text"]) if info else "", "influence": h.influence,
        "res": dict(h.res), "levels": levels,
        "yields": {r: yield_of(level, r) for r, level in levels.items()}, "inactive": h.inactive, "active": h.active,
        "techs": {TECHS[t]["name"]: lv for t, lv in h.techs.items()}, "tech_slots": h.tech_slots,
        "tech_names": {TECHS[t]["name"]: tech_name(t) for t in h.techs},  # `techs`' keys as a reader reads them
        "hand": [focus_title(c) for c in h.hand], "discard": [focus_title(c) for c in h.discard],
        "agendas": [agenda_name(a) if a else "" for a in h.agendas], "agenda_trade": list(h.agenda_trade),
        "agenda_corrupt": list(h.agenda_corrupt), "agendas_in_hand": len(h.agenda_hand),
        "tracks": dict(h.tracks), "track_corrupt": dict(h.track_corrupt),
        "track_text": _track_text(info["tracks"]) if h.house else {},
        "glory": sorted(h.glory, reverse=True), "trade": h.trade, "bounty": h.bounty, "reclaim": h.reclaim, "decon": h.decon,
        "corruption": total_corruption(state, seat) if h.house else 0, "upkeep": upkeep_due(state, seat) if h.house else 0,
        "preferred": [focus_title(f) for f in info.get("preferred", [])],
        "track_levels": list(SETTINGS["track_levels"]),
    }
    if private:
        out["agenda_hand"] = [{"name": agenda_name(a), "type": AGENDAS[a]["type"],
                               "text": objectives_text(a)} for a in h.agenda_hand]
    return out


def build_view(rules: GameRules[VoidfallState], state: VoidfallState, seat: int | None) -> dict[str, Any]:
    ev = event_def(state) if state.event in EVENTS else None
    # The round a table is in (counted per Cycle): a Cycle's preparation belongs to its first round
    # (the state still holds the previous Cycle's last one until the first turn begins).
    current_round = 1 if state.phase == "preparation" else state.round
    return {
        "mode": state.mode, "cycle": state.cycle, "phase": state.phase, "round": current_round, "rounds": state.rounds,
        "order": list(state.order),
        "event": {"name": event_name(state.event), "rounds": ev["rounds"], "a": [objective_text(o) for o in ev["a"]],
                  "b": [objective_text(o) for o in ev["b"]], "sep": ev["sep"]} if ev else None,
        "perms": [PERM_TEXT.get(p, p) for p in state.perms],
        "sectors": [_sector(state, s) for s in state.sectors],
        "houses": [_house(state, s, s == seat) for s in range(state.players)],
        "market": [tech_name(t) for t in state.market],
        "improved_offer": [tech_name(t) for t in state.improved_offer],
        "agenda_offer": {t: agenda_name(a) if a else "" for t, a in state.agenda_face.items()},
        "agenda_type_names": {t: agenda_type_name(t) for t in state.agenda_face},
        "agenda_deck_sizes": {t: len(d) for t, d in state.agenda_decks.items()},
        "offer_corrupt": dict(state.offer_corrupt),
        "trade_board": list(state.trade_board),
        "last_combat": list(state.last_combat),
        "winners": list(state.winners) if state.over else [],
        "end": list(state.end_lines) if state.over else [],
    }
