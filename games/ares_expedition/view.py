"""Views: the only redaction point. Public: tracks, oceans, phases, every tableau and stock.
A seat's view adds its hand (full faces, cost after discounts, playable now or why not),
the cards it is choosing among and its own secret picks."""

from __future__ import annotations

from functools import cache

from games.core.i18n import Msg, Settled, jsonable, settled

from .board import BAND_NAMES, BANDS, PARAMS, SOLO, band
from .cards import ALL_TOKENS, CARDS, token
from .economy import card_cost, param_value, requirement_problems, tag_counts
from .effects import who
from .play import playable
from .scoring import breakdown, card_vp
from .messages import T
from .state import AresState
from .terms import PHASE, phase_word
from .text import card_face, ocean_words

TASK_WORDS = {
    "corp": T("choosing a corporation"), "mulligan": T("replacing cards"), "plan": T("picking a phase card"),
    "dev": T("Development"), "build": T("Construction"), "act": T("Action phase"),
    "keep": T("choosing cards to keep"), "discard": T("discarding"), "limit": T("discarding to 10"),
    "sell": T("selling cards"), "choose": T("choosing an effect"), "target": T("choosing a card"),
    "may": T("deciding"), "number": T("choosing an amount"), "discounts": T("choosing discounts"),
    "free_green": T("choosing a free card"), "heat_pay": T("paying with heat"), "coop": T("co-op token"),
    "swap": T("co-op swap"), "solo_order": T("choosing the dummy phase"), "solo_steps": T("solo free steps"),
}


def _params(state: AresState) -> list[dict]:
    out = []
    for name, spec in PARAMS.items():
        value = param_value(state, name)
        out.append({
            "name": name, "value": value, "start": spec["start"], "max": spec["max"], "step": spec["step"],
            "band": BAND_NAMES[band(name, value)], "bands": [[BAND_NAMES[i], low] for i, low in enumerate(BANDS[name])],
            "maxed": value >= spec["max"],
        })
    return out


def _picks_public(state: AresState) -> list[int]:
    """Picks show once all are in (they stay secret during planning)."""
    if state.stage == "plan":
        return [0] * state.players
    return [p.pick for p in state.pl]


def _settle(value):
    """A text in its data form, built once and shared by every view (`jsonable` passes a
    `Settled` on without walking it); lists stay lists, so each view copies them."""
    if isinstance(value, Msg):
        return settled(value)
    if isinstance(value, list):
        return [_settle(item) for item in value]
    return value


@cache
def _printed_face(cid: int) -> dict:
    """The face a card has in every view (its printed texts), kept per card with its texts
    settled: wording them runs the vocabulary's regular expressions and their data form is a
    deep walk, for hands and for tableaus that grow all game long."""
    return {key: _settle(value) for key, value in card_face(cid).items()}


@cache
def _ocean(reward: str) -> Settled | str:
    """A flipped ocean's reward in words, worded once (up to nine show in every late view)."""
    return _settle(ocean_words(reward))


def _face(cid: int, **extra) -> Settled:
    """`jsonable(card_face(cid, **extra))` from the kept printed face: a fresh dict already in
    its final form (lists copied, texts shared), so `jsonable` passes it on without a walk.
    `extra` holds plain values only (a message in its data form)."""
    printed = _printed_face(cid)
    face = Settled(printed)
    face["tags"] = printed["tags"][:]
    face["text"] = printed["text"][:]
    face.update(extra)
    return face


def _player(state: AresState, seat: int) -> dict:
    p = state.pl[seat]
    revealed_corp = p.corp != 0
    played = []
    for cid in p.played:
        played.append(_face(cid, resources=p.res.get(cid, 0), vp_now=card_vp(p, cid),
                            used=p.used.count(cid) if state.phase == 3 else 0))
    front = p.queue[0].kind if p.queue else ""
    return {
        "seat": seat,
        "name": who(seat),
        "corporation": _face(p.corp) if revealed_corp else None,
        "tr": p.tr, "mc": p.mc, "heat": p.heat, "plants": p.plants, "forests": p.forests,
        "production": dict(p.prod),
        "tags": tag_counts(p),
        "hand_count": len(p.hand),
        "played": played,
        "vp": breakdown(p),
        "pick": _picks_public(state)[seat],
        "picked": bool(p.pick),
        "last_pick": p.last_pick,
        "doing": TASK_WORDS.get(front, "") if front not in ("corp_done", "swap_done") else T("waiting"),
    }


def build_view(rules, state: AresState, seat: int | None) -> dict:
    picks = _picks_public(state)
    view = {
        "mode": "solo" if state.players == 1 else state.options.get("mode", "standard"),
        "round": state.round,
        "stage": state.stage,
        "phase": state.phase,
        "phase_name": phase_word(state.phase) if state.phase else "",
        "phases_this_round": sorted({x for x in picks if x} | ({state.dummy_pick} if state.dummy_pick else set())),
        "phase_names": list(PHASE),
        "parameters": _params(state),
        "oceans_flipped": [_ocean(r) for r in state.flipped],
        "oceans_left": len(state.oceans),
        "deck_count": len(state.deck),
        "discard_count": len(state.discard),
        "players": [_player(state, s) for s in range(state.players)],
        "end_reason": state.end_reason,
        "dummy_pick": state.dummy_pick,
        "dummy_left": len(state.dummy),
        "counter": state.counter,
        "solo_rounds": SOLO["rounds"],
        "cubes": state.cubes,
        "markers": state.markers,
    }
    if seat is not None and 0 <= seat < state.players:
        view["you"] = _private(state, seat)
    return view


def _private(state: AresState, seat: int) -> dict:
    p = state.pl[seat]
    hand = []
    for cid in p.hand:
        met = not requirement_problems(state, seat, cid)
        extra = {"cost_now": card_cost(state, seat, cid), "requirement_met": met if CARDS[cid].requirement else None}
        if state.stage != "corp":          # before a corporation there is no money to judge by
            ok, why = playable(state, seat, cid)
            extra.update(playable=ok, why_not=jsonable(why))
        hand.append(_face(cid, **extra))
    choosing: list[Settled] = []
    offered: list[int] = []
    for task in p.queue:  # each card once: with setup=advanced the mulligan and the corp pick offer the same two
        offered.extend(c for c in task.cards if c not in offered)
    choosing.extend(_face(c) for c in offered)
    return {"seat": seat, "hand": hand, "choosing": choosing, "my_pick": p.pick}


def visible(state: AresState, viewer: int | None) -> set[str]:
    seen: set[str] = set()
    for p in state.pl:
        seen.update(token(c) for c in p.played)
        if p.corp:
            seen.add(token(p.corp))
    if viewer is not None and 0 <= viewer < state.players:
        p = state.pl[viewer]
        seen.update(token(c) for c in p.hand)
        for task in p.queue:
            seen.update(token(c) for c in task.cards)
            if task.card:
                seen.add(token(task.card))
    return seen


def hidden(state: AresState, viewer: int | None) -> set[str]:
    return set(ALL_TOKENS) - visible(state, viewer)
