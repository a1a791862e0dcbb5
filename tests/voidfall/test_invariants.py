"""Invariants checked at every step of explored games: 14 cubes per house, stocks 0-15,
Influence never negative, one controller per sector, Voidborn within the cap, fleet markers that
hold exactly the sector's cubes (艦隊指示物: 1 to cap cubes each, none empty), tokens within their
supplies (Trade tokens held plus on the board at most 6; test_token_supply.py)."""

import os

import pytest

from games.core import play
from games.voidfall import RULES
from games.voidfall.data import AGENDAS
from games.voidfall.fleets import cap, problems

from .test_token_supply import token_problems

SEEDS = int(os.environ.get("VOIDFALL_SEEDS", "2"))


def check(state, decisions):
    for seat, h in enumerate(state.houses):
        if not h.house:
            continue
        on_map = sum(n for s in state.sectors if s.owner == seat for n in s.fleet.values())
        assert h.active >= 0 and h.inactive >= 0
        assert h.active + h.inactive + on_map == 14, (seat, h.active, h.inactive, on_map)
        assert all(0 <= h.res.get(r, 0) <= 15 for r in "FEMCS"), h.res
        assert h.influence >= 0 and h.trade >= 0
        assert len(h.techs) <= h.tech_slots
        types = [AGENDAS[a]["type"] for a in h.agendas if a]
        assert len(types) == len(set(types)), h.agendas
        assert h.decon >= 0
    for s in state.sectors:
        assert not (s.void and s.fleet), s
        assert 0 <= s.void <= s.void_cap
        assert all(n > 0 for n in s.fleet.values())
        assert 0 <= s.pop <= 6
        if s.owner >= 0 and s.home_of < 0:
            assert s.fleet, f"{s.name} owned without a fleet"
        assert not problems(state, s), problems(state, s)
        for kind, marks in s.markers.items():
            assert sum(marks) == s.fleet[kind] and all(1 <= m <= cap(state, s.owner, kind) for m in marks), s
        assert set(s.markers) == {k for k, n in s.fleet.items() if n}, s
    assert all(0 <= n <= 2 for n in state.trade_board)
    assert not token_problems(state), token_problems(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_hold_in_explored_games(players):
    for seed in range(SEEDS):
        play(RULES, players, 100 + seed, {"houses": "all"}, explore=0.5, on_step=check)
