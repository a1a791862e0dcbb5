"""pocket_mars: options can be told apart and secret picks stay hidden until all are in (seeded playouts)."""

import random

import pytest

from games.core import random_choice
from games.pocket_mars import RULES

PLAYERS = range(RULES.min_players, RULES.max_players + 1)


def _walk(players: int, seed: int, on_state) -> None:
    """A seeded playout mixing bot and random choices, calling on_state(state, decisions) at each step."""
    rnd = random.Random(seed)
    state = RULES.setup(players, seed)
    for _ in range(3000):
        decisions = RULES.pending(state)
        if not decisions:
            return
        on_state(state, decisions)
        d = decisions[rnd.randrange(len(decisions))]
        choice = random_choice(d, rnd) if rnd.random() < 0.4 else RULES.bot_choice(state, d.seat)
        state = RULES.apply(state, d.seat, choice)


@pytest.mark.parametrize("players", PLAYERS)
def test_options_are_distinguishable_and_explained(players):
    """Issue 9 #1: within a decision the (label, detail) pairs differ, and labels fit Discord."""
    seen = {"decisions": 0}

    def check(state, decisions):
        for d in decisions:
            shown = [(o.label, o.detail) for o in d.options]
            assert len(shown) == len(set(shown)), f"options look alike in {d.prompt!r}: {shown}"
            assert all(o.label and len(o.label) <= 80 and len(o.detail) <= 100 for o in d.options)
            seen["decisions"] += 1

    for seed in range(2):
        _walk(players, seed, check)
    assert seen["decisions"] > 20


def _other_views(state, seat):
    return [(RULES.view(state, v), RULES.log_for(state, v)) for v in [None, *range(state.players)] if v != seat]


@pytest.mark.parametrize("players", PLAYERS)
def test_secret_picks_do_not_show_before_all_are_in(players):
    """Issue 8 #8: while other seats still have secret picks to make, no other viewer's view or log
    depends on what a seat secretly picked."""
    rnd = random.Random(players)
    checked = {"n": 0}

    def check(state, decisions):
        secret = [d for d in decisions if d.secret]
        for d in secret:
            if not any(o.seat != d.seat for o in secret):
                continue  # the last secret pick is a reveal
            choices = []
            for _ in range(12):
                c = random_choice(d, rnd)
                if c not in choices:
                    choices.append(c)
            if len(choices) < 2:
                continue
            a, b = (RULES.apply(state, d.seat, c) for c in choices[:2])
            assert _other_views(a, d.seat) == _other_views(b, d.seat), f"seat {d.seat}'s pick shows: {d.prompt}"
            checked["n"] += 1

    for seed in range(2):
        _walk(players, seed, check)


def test_prep_colours_stay_hidden_until_every_player_has_chosen():
    """Issue 8 #8 / README: prep colours are public, but the prep choice is a secret simultaneous one:
    before everyone has chosen, nobody sees the colours another player put in."""
    state = RULES.setup(3, 7)
    d = RULES.decision_for(state, 0)
    state = RULES.apply(state, 0, [o.id for o in d.options[:2]])
    for viewer in (None, 1, 2):
        col = RULES.view(state, viewer)["colonies"][0]
        assert col["prep_colours"] == [] and col["prep_hidden"]
    assert len(RULES.view(state, 0)["colonies"][0]["prep_colours"]) == 2
    for seat in (1, 2):
        d = RULES.decision_for(state, seat)
        state = RULES.apply(state, seat, [o.id for o in d.options[:2]])
    for viewer in (None, 1, 2):
        col = RULES.view(state, viewer)["colonies"][0]
        assert len(col["prep_colours"]) == 2 and not col["prep_hidden"]


def test_labels_say_what_will_happen():
    """Issue 9 #7: 'energy 3 -> 4', not 'energy now 3'; building abilities are readable in the view."""
    from .helpers import fresh, give

    state = fresh(2)
    seat = RULES.pending(state)[0].seat
    give(state, seat, hand=["pm-g7", "pm-b7"])
    energy = state.pl[seat].energy
    details = {o.id: o.detail for o in RULES.pending(state)[0].options}
    assert details["energy:pm-g7"] == f"energy {energy} -> {energy + 1}"
    assert "->" in details["launch"]
    assert all(b["ability"] for b in RULES.view(state, None)["buildings"])
