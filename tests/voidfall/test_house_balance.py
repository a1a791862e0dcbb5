"""House balance (issue 22 item 12): the designed handicap of the houses that won most in
bench/voidfall_houses.py. Zenor, Belitan and Shiveus keep their ability and pay 1 more Upkeep at
every Evaluation (DESIGN.md "House balance"); Dunlork's ability is the same key the other way."""

from __future__ import annotations

import pytest

from games.voidfall.data import HOUSES
from games.voidfall.economy import upkeep_due

from .helpers import fresh

HANDICAPPED = ("belitan", "shiveus", "zenor")


@pytest.mark.parametrize("house", HANDICAPPED)
def test_handicapped_house_pays_one_more_upkeep(house):
    """The same sectors and Agendas cost the handicapped house exactly 1 more Upkeep."""
    state = fresh(2, houses=("cortozaar", "dunlork"))
    plain = upkeep_due(state, 0)
    state.houses[0].house = house
    assert upkeep_due(state, 0) == plain + 1


def test_only_the_bench_winners_carry_a_handicap():
    handicapped = sorted(k for k, v in HOUSES.items() if v["ability"].get("upkeep_discount", 0) < 0)
    assert handicapped == sorted(HANDICAPPED)
    assert all("Upkeep is 1 higher" in HOUSES[k]["ability_text"] for k in HANDICAPPED)
