"""Views: the single redaction point. Hands are shown only to their owner; deck order never."""

from __future__ import annotations

from . import board as B
from .crops import STAGES, crop_scoring, harvest_now, stage_text, tile_pays
from .data import CARD_TYPE, CROPS, DATA, WEATHERS, track_points
from .messages import T, crop_name, sw_card_text, weather_name
from .state import PetrichorState
from .steps import EFFECT


def build_view(rules, state: PetrichorState, seat: int | None) -> dict:
    solo = state.players == 1
    colours = []
    for c in range(state.ncol):
        colours.append({
            "colour": c,
            "name": B.who(state, c),
            "mark": "SW" if solo and c == 1 else "ABCD"[c],
            "automaton": solo and c == 1,
            "supply": state.supply[c],
            "markers": state.markers[c],
            "score": state.score[c],
            "track": state.track[c],
            "track_points": track_points(state.track[c]),
            "wheat": state.wheat[c],
            "hand": len(state.hands[c]) if c < state.players else 0,
        })
    tiles = []
    for i, t in enumerate(state.tiles):
        r, c = B.rc(state, i)
        tiles.append({
            "cell": B.cell_id(state, i), "r": r, "c": c, "crop": t.crop,
            "crop_name": crop_name(t.crop), "letter": CROPS[t.crop]["letter"],
            "two_stage": CROPS[t.crop]["kind"] == "two_stage",
            "threshold": t.threshold, "stage": t.stage, "drops": list(t.drops),
            "stage_name": STAGES[t.stage], "stage_text": stage_text(t), "pays": tile_pays(t),
            "harvest_now": harvest_now(state, t),
        })
    clouds = []
    for cl in sorted(state.clouds, key=lambda x: x.cell):
        r, c = B.rc(state, cl.cell)
        clouds.append({"id": cl.id, "r": r, "c": c, "drops": list(cl.drops), "dark": cl.dark,
                       "total": sum(cl.drops)})
    current = None
    if state.steps and state.phase != "over":
        head = state.steps[0]
        current = {"kind": head.kind, "seat": head.seat}
    out = {
        "phase": state.phase,
        "round": state.round,
        "rounds": state.rounds,
        "first": state.first,
        "turn": state.turn,
        "passed_by": state.passed_by,
        "solo": solo,
        "colours": colours,
        "field": {"rows": state.rows, "cols": state.cols, "tiles": tiles},
        "clouds": clouds,
        "votes": {w: list(state.votes[w]) for w in WEATHERS},
        "weather_names": {w: weather_name(w) for w in WEATHERS},
        "winning_weathers": list(state.winners_w),
        "dice": ["wheat" if v == 0 else v for v in state.dice],
        "deck": len(state.deck),
        "discard": len(state.discard),
        "vote_track_points": list(DATA["vote_track_points"]),
        "current": current,
        "harvests": state.harvests,
        "crop_scoring": crop_scoring(),
        "weather_effects": {w: {"name": T("{weather} card", weather=weather_name(w)), "text": EFFECT[w]} for w in WEATHERS},
    }
    if solo:
        out["south_wind"] = {"last": state.sw_last, "cards_left": len(state.sw_deck),
                             "cards": [sw_card_text(c) for c in DATA["south_wind"]["deck"]],
                             "card_texts": [{"name": T("South Wind card {n}", n=i), "text": sw_card_text(c)}
                                            for i, c in enumerate(DATA["south_wind"]["deck"], 1)]}
    if seat is not None and 0 <= seat < state.players:
        out["hand"] = [{"id": cid, "weather": CARD_TYPE[cid], "name": weather_name(CARD_TYPE[cid])}
                       for cid in sorted(state.hands[seat], key=lambda x: (WEATHERS.index(CARD_TYPE[x]), x))]
    result = rules.outcome(state)
    if result is not None:
        out["final"] = result.to_dict()
    return out
