"""What keeps late moves as cheap as early ones stays exact (figure 9 of bench/ measures the cost).

Kept values: the printed face of each card in views (its texts settled once, in their data form),
flipped oceans' rewards worded once, card names and vocabulary texts worded once, the ongoing
modifiers per corporation + tableau, each card's VP rule read once. Each is checked against its
recomputation from scratch over states of random-ish play, and again after dump + load; views,
decisions and dumps read the same, in English and in zh-TW, as when every text is built afresh.
"""

from __future__ import annotations

import copy
import json
import re

import pytest

from games.ares_expedition import RULES, text, view
from games.ares_expedition.cards import CARDS
from games.ares_expedition.economy import Mods, card_cost, _apply_mod, mods, static_clauses
from games.ares_expedition.scoring import card_vp
from games.ares_expedition.wording import short, words
from games.core import play
from games.core.i18n import Settled, is_msg_data, jsonable, localize, render

LOCALES = ("en", "zh-TW")


def _states(players: int, seed: int, options: dict | None = None, every: int = 7):
    """Every `every`-th state of a seeded game where a third of the choices are random."""
    moves = play(RULES, players, seed, options, explore=0.33).moves
    state = RULES.setup(players, seed, options)
    for n, (seat, choice) in enumerate(moves):
        if n % every == 0:
            yield state
        state = RULES.apply(state, seat, choice)
    yield state


def _fresh_mods(p) -> Mods:
    m = Mods()
    for cid in ([p.corp] if p.corp else []) + list(p.played):
        for clause in static_clauses(cid):
            _apply_mod(m, clause)
    return m


def _fresh_vp(p, cid: int) -> int:
    """Card VP read from the printed rule text every time (the reading before it was kept)."""
    vp = CARDS[cid].vp
    if not vp:
        return 0
    if re.fullmatch(r"-?\d+", vp):
        return int(vp)
    n = int(m[1]) if (m := re.search(r"1 per (\d+) ", vp)) else 1
    if vp.endswith(" here"):
        return p.res.get(cid, 0) // n
    if tag := re.search(r"tag:(\w+)", vp):
        return sum(CARDS[c].tags.count(tag[1]) for c in ([p.corp] if p.corp else []) + p.played) // n
    if vp.endswith("blue cards"):
        return sum(1 for c in p.played if CARDS[c].kind == "blue") // n
    if vp.endswith("cards played"):
        return len(p.played) // n
    assert vp.endswith("forests"), vp
    return p.forests // n


@pytest.mark.parametrize("players,options", [(2, None), (4, None), (1, None), (2, {"mode": "coop"})])
def test_kept_values_equal_their_recomputation(players, options):
    for state in _states(players, 3, options):
        for again in (state, RULES.load(RULES.dump(state))):
            for p in again.pl:
                assert mods(p) == _fresh_mods(p)
                for cid in p.played:
                    assert card_vp(p, cid) == _fresh_vp(p, cid)


def test_view_faces_equal_freshly_worded_faces():
    """Tableaus and corporations in every view; hands and offered cards in each seat's own."""
    for state in _states(3, 5):
        view = RULES.view(state, None)
        for seat, p in enumerate(state.pl):
            shown = view["players"][seat]
            for cid, face in zip(p.played, shown["played"]):
                fresh = text.card_face(cid, resources=p.res.get(cid, 0), vp_now=card_vp(p, cid),
                                       used=p.used.count(cid) if state.phase == 3 else 0)
                assert face == jsonable(fresh)
            if p.corp:
                assert shown["corporation"] == jsonable(text.card_face(p.corp))
            mine = RULES.view(state, seat)["you"]
            for cid, face in zip(p.hand, mine["hand"]):
                assert {k: v for k, v in face.items() if k not in ("cost_now", "requirement_met", "playable",
                                                                 "why_not")} == jsonable(text.card_face(cid))
                assert face["cost_now"] == card_cost(state, seat, cid)
            offered = list(dict.fromkeys(c for task in p.queue for c in task.cards))
            assert mine["choosing"] == [jsonable(text.card_face(c)) for c in offered]
            assert len(mine["hand"]) == len(p.hand)


def test_changing_a_view_changes_no_later_view():
    state = list(_states(2, 2))[-1]
    before = RULES.view(state, 0)
    for shown in before["players"]:
        for face in shown["played"]:
            face["text"].append("scribble")
            face["tags"].clear()
            face["name"] = "scribble"
    assert RULES.view(state, 0) != before
    assert "scribble" not in repr(RULES.view(state, 0))


def test_kept_wording_equals_fresh_wording():
    for card in CARDS.values():
        assert short(card.id) == text.short(card.id)
        for part in (card.immediate, card.production, card.action, card.effect, *card.actions):
            if part:
                assert words(part) == text.words(part)


def test_state_copy_is_deep_and_equal():
    """`GameRules.apply` deep-copies the state; Ares copies lists and dicts of plain values in one
    step (state._QuickCopy): the copy is equal, shares nothing mutable, and keeps shared lists shared."""
    state = list(_states(4, 1))[-1]
    state.discard = state.pl[0].played  # an alias, only to see that a copy keeps it
    twin = copy.deepcopy(state)
    assert twin == state and RULES.dump(twin) == RULES.dump(state)
    assert twin.discard is twin.pl[0].played and twin.discard is not state.discard
    for mine, theirs in zip(twin.pl, state.pl):
        for name in ("hand", "played", "prod", "res", "used", "queue"):
            assert getattr(mine, name) is not getattr(theirs, name)
        assert all(a is not b and a.cards is not b.cards for a, b in zip(mine.queue, theirs.queue))
    assert twin.rng is not state.rng and twin.options is not state.options
    twin.pl[1].hand.append(-1)
    twin.pl[1].res[-1] = 1
    assert -1 not in state.pl[1].hand and -1 not in state.pl[1].res


def _fresh_face(cid: int, **extra) -> dict:
    """A face as views showed it before faces were kept: worded again, messages walked by `jsonable`."""
    return {**text.card_face(cid), **extra}


def _read(state, locale: str) -> str:
    """Everything players read of `state` in `locale` (every view, every decision) and its dump."""
    views = [RULES.view(state, seat) for seat in (None, *range(state.players))]
    decisions = [[d.seat, render(d.prompt, locale), d.min_picks, d.max_picks, d.number, d.secret,
                  [[o.id, render(o.label, locale), render(o.detail, locale)] for o in d.options]]
                 for d in RULES.pending(state)]
    return json.dumps([views, localize(views, locale), decisions, RULES.dump(state)], ensure_ascii=False)


@pytest.mark.parametrize("players,options", [(2, None), (4, None), (1, None), (2, {"mode": "coop"})])
def test_views_decisions_and_dumps_read_as_when_built_afresh(players, options, monkeypatch):
    states = list(_states(players, 4, options, every=5))
    kept = [_read(state, locale) for state in states for locale in LOCALES]
    monkeypatch.setattr(view, "_face", _fresh_face)
    monkeypatch.setattr(view, "_ocean", text.ocean_words)
    assert kept == [_read(state, locale) for state in states for locale in LOCALES]


def test_kept_card_names_equal_fresh_names():
    for cid in CARDS:
        assert text.card_name(cid) == text.card_name.__wrapped__(cid)


def _containers(obj, found: dict) -> None:
    """Every dict and list inside `obj` by id; a settled text is not walked into."""
    if isinstance(obj, (dict, list)):
        found[id(obj)] = obj
    if type(obj) is Settled and is_msg_data(obj):
        return
    for value in obj.values() if isinstance(obj, dict) else obj if isinstance(obj, list) else ():
        _containers(value, found)


def test_two_views_share_only_settled_texts():
    """What views share is texts in their final form (never changed by anyone); every list and
    every other dict is a view's own, so changing one view cannot reach another."""
    state = list(_states(3, 6))[-1]
    first, second = {}, {}
    views = [RULES.view(state, 0), RULES.view(state, 0), RULES.view(state, None)]
    _containers(views[0], first)
    for other in views[1:]:
        _containers(other, second)
    shared = [first[i] for i in first.keys() & second.keys()]
    assert shared and all(type(obj) is Settled and is_msg_data(obj) for obj in shared)
