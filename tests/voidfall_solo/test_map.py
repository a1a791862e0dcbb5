"""The solo scenario map (C011 "First Contact", data/solo/maps.json) and the co-op layouts.

Facts from shared/data/voidfall/SECTORS_AND_MAPS.md §5: 10 sectors, 18 adjacent pairs,
3 Voidstorms (15 effective edges), 1 Rift, 1 Fallen House, the starting contents table.
"""

from __future__ import annotations

import pytest

from games.voidfall import RULES
from games.voidfall.board import adjacent, controller, sector
from games.voidfall.data import HEXES, MAPS, game_map, map_id
from games.voidfall.solo.mode import harbinger_sectors

from .helpers import fresh

# Rumix sector id -> our axial key (banantalis' flat-top offset (col,row), odd columns down).
KEY = {1: "0,3", 11: "0,2", 12: "1,2", 21: "0,1", 22: "1,1", 23: "2,1", 24: "2,2", 31: "1,0", 32: "2,0", 40: "2,-1"}
# The adjacency table of SECTORS_AND_MAPS.md §5 (before Voidstorms).
TABLE = {1: [11, 12], 11: [1, 12, 21, 22], 12: [1, 11, 22, 23, 24], 21: [11, 22, 31], 22: [11, 12, 21, 23, 31, 32],
         23: [12, 22, 24, 32], 24: [12, 23], 31: [21, 22, 32, 40], 32: [22, 23, 31, 40], 40: [31, 32]}
STORMS = {frozenset((21, 31)), frozenset((22, 32)), frozenset((31, 32))}


def _pairs(table):
    return {frozenset((a, b)) for a, ns in table.items() for b in ns}


def test_scenario_map_has_ten_sectors_and_one_rift():
    state = fresh(1, 2)
    assert map_id("solo", 1) == "c011" and game_map(state) is MAPS["c011"]
    assert sorted(s.key for s in state.sectors) == sorted(KEY.values())
    assert [s.key for s in state.sectors if s.type == "rift"] == [KEY[40]]
    assert [s.key for s in state.sectors if s.fallen] == [KEY[24]]


def test_adjacency_is_exactly_the_data_table_with_voidstorms():
    """虛空風暴指示物會破壞這種相鄰關係: the 18 pairs of the table, 3 of them broken by Voidstorms."""
    state = fresh(1, 2)
    back = {k: n for n, k in KEY.items()}
    assert _pairs(TABLE) == {frozenset((a, b)) for a in TABLE for b in TABLE[a]} and len(_pairs(TABLE)) == 18
    got = {frozenset((back[s.key], back[k])) for s in state.sectors for k in adjacent(state, s.key)}
    assert got == _pairs(TABLE) - STORMS and len(got) == 15
    state.houses[0].techs["hyperdrive"] = "improved"  # Improved Hyperdrive ignores Voidstorms
    ignoring = {frozenset((back[s.key], back[k])) for s in state.sectors for k in adjacent(state, s.key, 0)}
    assert ignoring == _pairs(TABLE)


def test_starting_contents_follow_the_table():
    """Pop / Corrupted / Voidborn FP / Sector Defense / Glory / Bounty / Reclaim of SECTORS_AND_MAPS.md §5
    (as printed, before the houses are chosen and the first Galactic Event changes anything)."""
    state = RULES.setup(1, 2, {})
    expect = {12: (3, 2, 0, [2], 1, 0), 21: (2, 1, 0, [1], 0, 0), 22: (3, 2, 0, [2], 1, 0), 23: (4, 1, 1, [3], 0, 2),
              31: (4, 3, 1, [4], 0, 2), 32: (2, 1, 0, [1], 0, 0), 40: (0, 3, 0, [], 0, 0)}
    for n, (pop, void, sd, glory, bounty, reclaim) in expect.items():
        s = sector(state, KEY[n])
        assert (s.pop, s.void, s.installs.count("sd"), s.glory, s.bounty, s.reclaim) == (pop, void, sd, glory, bounty, reclaim), n
        assert s.corrupted == (n != 40) and controller(s) == "void"
    state = fresh(1, 2)
    home, outpost, fallen = sector(state, KEY[1]), sector(state, KEY[11]), sector(state, KEY[24])
    assert home.home_of == 0 and outpost.owner == 0 and controller(outpost) == 0
    assert fallen.type == "fallen" and fallen.corrupted and fallen.glory == [1] and controller(fallen) is None


def test_harbingers_start_on_the_guardian_sectors():
    """Rumix's Guardian column (sectors 31, 12, 22, 32): hard uses all four, medium and easy none
    (designed; banantalis lists none for C011; medium's two went in the second pass, DESIGN_SOLO.md)."""
    assert MAPS["c011"]["harbingers"]["1"] == [KEY[n] for n in (31, 12, 22, 32)]
    for diff, guarded in (("hard", (31, 12, 22, 32)), ("medium", ()), ("easy", ())):
        state = fresh(1, 2, difficulty=diff)
        assert state.solo.harbingers == {KEY[n]: 1 for n in guarded}, diff


@pytest.mark.parametrize("players", [2, 3, 4])
def test_coop_plays_on_its_layout(players):
    state = fresh(players, 2)
    lay = game_map(state)["layouts"][str(players)]
    assert len(state.sectors) == len(game_map(state)["hexes"])
    assert [sector(state, k).home_of for k in lay["homes"]] == list(range(players))
    assert [sector(state, k).owner for k in lay["outposts"]] == list(range(players))
    assert sector(state, lay["fallen"]).fallen
    assert all(k in {s.key for s in state.sectors} for k in harbinger_sectors(state))


def test_competitive_map_is_unchanged():
    state = RULES.setup(2, 2, {})
    assert len(state.sectors) == 19 == len(HEXES) and map_id("competitive", 2) == "standard"
    assert sorted(adjacent(state, "0,0")) == ["-1,1", "0,-1", "0,1", "1,-1", "1,0"]  # the storm to -1,0
    assert sorted(adjacent(state, "0,-1")) == ["-1,-1", "-1,0", "0,-2", "0,0", "1,-2"]  # the storm to 1,-1


def test_a_solo_game_saved_on_the_old_19_sector_map_keeps_that_map():
    """Solo games saved before the scenario maps were laid out on the competitive map; their
    adjacency must still come from that map, not from C011."""
    state = fresh(1, 3)
    old = RULES.setup(2, 3)
    while not old.sectors:
        d = RULES.pending(old)[0]
        old = RULES.apply(old, d.seat, RULES.bot_choice(old, d.seat))
    state.sectors = old.sectors
    assert game_map(state) is MAPS["standard"]
    key = next(k for k in HEXES if len(adjacent(state, k)) >= 5)
    assert all(k in HEXES for k in adjacent(state, key))
