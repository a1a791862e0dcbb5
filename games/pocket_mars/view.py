"""Views: the only redaction point. Public: board, ships, energy, prep colours, counts.
Seat view adds that seat's hand and prep faces."""

from __future__ import annotations

from .cards import ABILITY, BUILDING, CARD_IDS, CARDS, HABITABLE, LETTER, card_face
from .effects import dcap, placed, top_value, who
from .scoring import breakdown
from .state import BUILDING_VALUE, ENERGY_MAX, PMState


def _waiting(rules, state: PMState) -> list[dict]:
    out = []
    for d in rules.pending(state):
        kind = ("draft" if state.packs else "setup") if state.setup_waiting else state.steps[0].kind
        out.append({"seat": d.seat, "step": kind})
    return out


def build_view(rules, state: PMState, seat: int | None) -> dict:
    buildings = []
    for b in state.buildings:
        hab = b.colour in HABITABLE
        buildings.append({
            "colour": b.colour,
            "letter": LETTER[b.colour],
            "name": BUILDING[b.colour],
            "ability": ABILITY[b.colour],
            "habitable": hab,
            "value": BUILDING_VALUE if hab else None,
            "top_value": top_value(state, b.colour) if hab else None,
            "stack": [card_face(c) for c in b.stack],
            "star": list(b.star) if hab else [],
            "dstar": list(b.dstar) if hab else [],
            "dstar_cap": dcap(state) if hab else 0,
        })
    # The prep choice is secret and simultaneous: until every player has chosen, nobody sees the
    # colours another player put in their module (only their own; the automaton's are dealt, public).
    choosing = bool(state.setup_waiting) and not state.packs
    colonies = []
    for t, p in enumerate(state.pl):
        secret_prep = choosing and not p.auto and t != seat
        colonies.append({
            "index": t,
            "name": who(state, t),
            "automaton": p.auto,
            "ship": p.ship,
            "earth": p.earth,
            "on_mars": placed(state, t),
            "energy": p.energy,
            "hand_count": len(p.hand),
            "prep_colours": [] if secret_prep else [CARDS[c].colour for c in p.prep],
            "prep_hidden": secret_prep,
            "score": breakdown(state, t),
        })
    view = {
        "mode": "solo" if state.solo else "multi",
        "round": state.round,
        "draft_pack_sizes": [len(pack) for pack in state.packs],
        "start_player": state.start,
        "turn": state.turn,
        "energy_max": ENERGY_MAX,
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "in_play": [card_face(c) for c in state.table],
        "earth_supply": [p.earth for p in state.pl],
        "buildings": buildings,
        "colonies": colonies,
        "waiting": _waiting(rules, state),
        "end_reason": state.end_reason,
    }
    if seat is not None and 0 <= seat < state.players:
        p = state.pl[seat]
        view["hand"] = [card_face(c) for c in p.hand]
        view["prep"] = [card_face(c) for c in p.prep]
        if state.packs:
            view["draft_pack"] = [card_face(c) for c in state.packs[seat]]
    return view


def hidden(state: PMState, viewer: int | None) -> set[str]:
    visible = {c for b in state.buildings for c in b.stack} | set(state.table)
    if viewer is not None and 0 <= viewer < state.players:
        visible.update(state.pl[viewer].hand)
        visible.update(state.pl[viewer].prep)
        if state.packs:
            visible.update(state.packs[viewer])
    return set(CARD_IDS) - visible
