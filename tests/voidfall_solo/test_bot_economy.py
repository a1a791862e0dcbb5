"""The solo bot's look-ahead worth (issue 22 item 16, "a Voidborn that a good player can beat"):
a look-ahead that reaches the end of the game counts only the final margin."""

from __future__ import annotations

from games.voidfall import RULES
from games.voidfall.data import RES
from games.voidfall.solo.scoring import final_influence
from games.voidfall.values import worth

from .helpers import fresh


def test_at_the_end_only_the_final_margin_counts():
    """Once the game is over, stock, fleets and technologies score nothing: the worth of an
    ended game is the house's Influence minus the Voidborn's."""
    state = fresh(1, 4, difficulty="easy")
    state.over = True
    h = state.houses[0]
    margin = h.influence - final_influence(state)["total"]
    assert worth(state, 0) == margin
    h.res = {r: 9 for r in RES}
    h.active += 3
    assert worth(state, 0) == margin

