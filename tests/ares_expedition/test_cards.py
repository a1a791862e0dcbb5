"""Every project card is played and its outcome asserted; every blue action is used;
every VP rule is scored. Ongoing effects and corporations are in test_effects.py."""

from __future__ import annotations

import pytest

from games.ares_expedition.cards import CARDS, PROJECT_IDS
from games.ares_expedition.scoring import card_vp

from .expected import ACTIONS, PLAY
from .helpers import action_ready, play_card, put_in_play, ready_for, use_action


def test_the_data_has_every_card():
    assert len(PROJECT_IDS) == 208
    kinds = [CARDS[c].kind for c in PROJECT_IDS]
    assert (kinds.count("green"), kinds.count("blue"), kinds.count("red")) == (106, 64, 38)
    assert all("event" in CARDS[c].tags for c in PROJECT_IDS if CARDS[c].kind == "red")
    assert len([c for c in CARDS.values() if c.kind == "corporation"]) == 12


@pytest.mark.parametrize("cid", PROJECT_IDS, ids=lambda c: f"{c}-{CARDS[c].name}")
def test_playing_each_card(cid):
    state = ready_for(cid)
    after, change = play_card(state, cid)
    assert cid in after.pl[0].played
    assert cid not in after.pl[0].hand
    assert change == PLAY[cid]


@pytest.mark.parametrize("key", sorted(ACTIONS), ids=lambda k: f"{k[0]}.{k[1]}-{CARDS[k[0]].name}")
def test_each_blue_action(key):
    cid, alt = key
    state = action_ready(cid)
    after, change = use_action(state, cid, alt)
    assert change == ACTIONS[key]
    assert after.pl[0].used == [cid]


def test_every_blue_action_is_covered():
    with_action = {(c, i) for c in PROJECT_IDS for i in range(len(CARDS[c].actions))}
    assert with_action == set(ACTIONS)


def test_an_action_is_used_once_and_the_chooser_one_twice():
    """Article 行動階段: 每張卡片只能發動 1 次 ... 選擇執行行動階段的玩家,可以選擇 1 張計畫卡,並額外發動 1 次."""
    state, _ = use_action(action_ready(4), 4)
    from games.ares_expedition import RULES
    ids = [o.id for o in RULES.decision_for(state, 0).options]
    assert "a:4:0" not in ids
    state, _ = use_action(action_ready(4), 4, pick=3)
    ids = [o.id for o in RULES.decision_for(state, 0).options]
    assert "a:4:0" in ids


def test_action_phase_bonus_cards_read_the_pick():
    """Community Gardens / Hydro-Electric / Wood Burning Stoves: more when you picked Action."""
    _, change = use_action(action_ready(16), 16, pick=3)
    assert change == {"mc": 2, "plants": 1}
    _, change = use_action(action_ready(34), 34, pick=3)
    assert change == {"mc": -1, "heat": 3}
    _, change = use_action(action_ready(64), 64, pick=3)
    assert change == {"plants": -3, "temp": 1, "tr": 1}


def test_variable_costs_take_the_amount_picked():
    _, change = use_action(action_ready(32), 32, picks=["x:4"])
    assert change == {"heat": -4, "plants": 4}
    _, change = use_action(action_ready(47), 47, picks=["x:7"])
    assert change == {"heat": -7, "mc": 7}
    _, change = use_action(action_ready(49), 49, picks=[["c:103", "c:104", "c:105"]])
    assert change == {}          # three out, three in


def test_action_prices_drop_with_production_and_tags():
    state = action_ready(7)
    state.pl[0].prod["steel"] = 3
    _, change = use_action(state, 7)
    assert change["mc"] == -4                       # 10 - 2 per steel
    state = action_ready(21)
    put_in_play(state, 0, 4, 15)                     # 5 blue cards with 21, Birds, Tardigrades
    _, change = use_action(state, 21)
    assert change["mc"] == -5
    state = action_ready(54)
    state.pl[0].prod["titanium"] = 2
    assert use_action(state, 54)[1]["mc"] == -11


VP_CASES = {
    # card: (setup on seat 0 after the card is in play, expected VP of that card)
    12: (lambda s, p: p.res.update({12: 3}), 3),
    18: (lambda s, p: setattr(p, "forests", 5), 2),
    24: (lambda s, p: p.res.update({24: 5}), 2),
    30: (lambda s, p: p.res.update({30: 2}), 2),
    33: (lambda s, p: p.res.update({33: 7}), 3),
    35: (lambda s, p: p.played.extend([103, 104, 105, 106, 107, 108, 109]), 2),
    39: (lambda s, p: p.res.update({39: 4}), 4),
    46: (lambda s, p: p.res.update({46: 5}), 2),
    53: (lambda s, p: p.res.update({53: 3}), 1),
    58: (lambda s, p: p.res.update({58: 8}), 2),
    59: (lambda s, p: p.played.extend([4, 7, 9, 10, 11]), 2),
    63: (lambda s, p: p.played.extend([110, 138]), 3),
    146: (lambda s, p: p.played.extend([103, 106, 113]), 2),
    153: (lambda s, p: p.played.append(110), 2),
}


@pytest.mark.parametrize("cid", [c for c in PROJECT_IDS if CARDS[c].vp], ids=lambda c: f"{c}-{CARDS[c].name}")
def test_victory_points_of_each_card(cid):
    state = ready_for(cid)
    p = state.pl[0]
    p.played = [cid]
    if cid in VP_CASES:
        setup, want = VP_CASES[cid]
        setup(state, p)
    else:
        want = int(CARDS[cid].vp)
    assert card_vp(p, cid) == want
