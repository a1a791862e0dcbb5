"""The single redaction point: what one seat (or the public) may see."""

from __future__ import annotations

from functools import lru_cache

from games.core.i18n import Settled, settled

from .data import (BASIC_TECH, CARD_GATES, CARDS, CENTER, COLOURS, CORE, GATES, POS, RACES, SETTINGS,
                   basic_tech_name, effect_text, race_name)
from .engine import RACE_BY_KEY, race_text, ship_count, tech_spec, tech_text
from .messages import T
from .state import ImpulseState


@lru_cache(maxsize=None)
def card_face(cid: str) -> Settled:
    """A card as views show it, built once per card and shared (a late board shows dozens of
    cards: building and copying them per view made late moves dearer)."""
    c = CARDS[cid]
    return settled({"id": cid, "colour": c.colour, "size": c.size, "action": c.action, "box": c.box,
                    "text": c.text(), "label": c.short(), "detail": c.detail(),
                    "name": T("{card} #{n}", card=c.short(), n=cid[3:])})


@lru_cache(maxsize=None)
def _turned_card(cid: str) -> dict:
    """A card turned up from the deck, without why (the entries are shared: never change them)."""
    c = CARDS[cid]
    return {"colour": c.colour, "size": c.size, "action": c.action, "label": settled(c.short()),
            "text": settled(c.detail())}


@lru_cache(maxsize=None)
def card_text(cid: str) -> Settled:
    """"label - what it does" of a card (built once per card and shared)."""
    c = CARDS[cid]
    return settled(T("{label} - {detail}", label=c.short(), detail=c.detail()))


def reference(state: ImpulseState) -> dict:
    """Texts of every race tech, the basic tech and the Sector Core (for lookups and images)."""
    owners = {p.race: s for s, p in enumerate(state.ps) if p.race}
    return {
        "races": [{"key": r["key"], "name": race_name(r), "tech": race_text(r),
                   "text": T("unique tech: {text}", text=race_text(r)), "taken_by": owners.get(r["key"])}
                  for r in RACES],
        "basic_tech": {"name": basic_tech_name(), "text": effect_text(BASIC_TECH["variant"], 1)},
        "sector_core": {"name": T("Sector Core"), "text": SECTOR_CORE_TEXT},
    }


SECTOR_CORE_TEXT = T("Transports that move onto it score 1 point, boosted by the minerals of a colour the player "
                     "chooses (+1 per 2 gems; each transport just moved counts as a gem); +1 per turn for each of its "
                     "gates your cruisers hold.")


def card_texts(shown: set[str]) -> dict[str, Settled]:
    """id -> "label: what it does" (a settled message) for every card a view shows."""
    return {cid: card_text(cid) for cid in sorted(shown)}


def build_view(state: ImpulseState, seat: int | None) -> dict:
    shown: set[str] = set()  # every card the view shows, for its card texts

    def card_info(cid: str) -> Settled:
        shown.add(cid)
        return card_face(cid)

    cells = []
    for pos, (q, r) in enumerate(POS):
        cid = state.grid[pos]
        cell = {"pos": pos, "q": q, "r": r, "core": cid == CORE, "face_up": bool(state.face_up[pos]),
                "card": card_info(cid) if state.face_up[pos] and cid in CARDS else None,
                "transports": list(state.tr[pos])}
        cells.append(cell)
    gates = [{"gate": g, "a": a, "b": b, "cruisers": list(state.cr[g])}
             for g, (a, b) in enumerate(GATES) if any(state.cr[g])]
    players = []
    for s, p in enumerate(state.ps):
        gems = {COLOURS[c]: 0 for c in "rbgy"}
        for m in p.minerals:
            gems[COLOURS[CARDS[m].colour]] += CARDS[m].size
        techs = []
        for i in range(2):
            t = p.techs[i]
            techs.append({"name": tech_spec(state, s, i)[0], "text": tech_text(state, s, i),
                          "card": card_info(t) if t in CARDS else None})
        players.append({
            "seat": s, "race": race_name(RACE_BY_KEY[p.race]) if p.race else "", "team": p.team, "impulse": p.imp, "home": p.home,
            "score": p.score, "ships": ship_count(state, s), "hand_size": len(p.hand),
            "gems": gems, "minerals": [[CARDS[m].colour, CARDS[m].size] for m in p.minerals],
            "plan": [card_info(c) for c in p.plan], "techs": techs, "eliminated": p.out,
            "core_gates": sum(1 for g in CARD_GATES[CENTER] if state.cr[g][s]),
        })
    battle = None
    phase = ""
    for task in state.tasks:
        if task.kind == "turn":
            phase = task.data.get("phase", "")
        if task.kind == "battle":
            d = task.data
            # 戰鬥: the defender commits first and the attacker sees how many cards (never which)
            battle = {"gate": d["gate"], "attacker": d["att"], "defender": d["dfn"],
                      "attacker_committed": d["a"] is not None, "defender_committed": d["d"] is not None,
                      "defender_count": len(d["d"]) if d["d"] is not None else None,
                      "attacker_count": len(d["a"]) if d["a"] is not None else None}
            if seat in (d["att"], d["dfn"]):
                mine = d["a"] if seat == d["att"] else d["d"]
                battle["my_commit"] = [card_info(c) for c in (mine or [])]
    out = {
        "map": cells,
        "gates": gates,
        "impulses": [[card_info(c) for c in imp] for imp in state.impulses],
        "marker": state.marker,
        "current": state.current,
        "phase": phase,
        "players_info": players,
        "deck_size": len(state.deck),
        "discard_size": len(state.discard),
        "discard_top": card_info(state.discard[-1]) if state.discard else None,
        "in_play": [card_info(c) for c in state.limbo],
        "battle": battle,
        "target": SETTINGS["target_score"],
        "round": state.turns // max(1, state.players) + 1,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
        "turned_up": [_turned_card(c) | {"why": why} for c, why in state.turned],
    }
    out.update(reference(state))
    if seat is not None and 0 <= seat < state.players:
        p = state.ps[seat]
        out["hand"] = [card_info(c) for c in p.hand]
        out["my_impulse"] = p.imp
    out["card_texts"] = card_texts(shown)
    return out
