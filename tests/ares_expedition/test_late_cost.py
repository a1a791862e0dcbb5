"""What keeps late moves as cheap as early ones stays exact (figure 9 of bench/ measures the cost).

Kept values: the printed face of each card in views, vocabulary texts worded once, the ongoing
modifiers per corporation + tableau, each card's VP rule read once. Each is checked against its
recomputation from scratch over states of random-ish play, and again after dump + load.
"""

from __future__ import annotations

import copy
import re

import pytest

from games.ares_expedition import RULES, text
from games.ares_expedition.cards import CARDS
from games.ares_expedition.economy import Mods, card_cost, _apply_mod, mods, static_clauses
from games.ares_expedition.scoring import card_vp
from games.ares_expedition.wording import short, words
from games.core import play
from games.core.i18n import jsonable


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
