"""The solo bot's push to the rift (issue 22 item 16: "reaches and closes the Rift by Cycle 3"),
one scenario per skill: it counts what the next Voidborn assault would take, walks its fleet to
the campaign's front over its own sectors, builds a Shipyard next to the front, and closes the
rift with every cube it has next to it (the last one of a sector too)."""

from __future__ import annotations

from games.voidfall import RULES, fleets
from games.voidfall.board import controller
from games.voidfall.effects import start_group
from games.voidfall.bots import campaign, judge
from games.voidfall.bots.tactics import yard_pick
from games.voidfall.bots.values import best_target, toward_front

from .helpers import clear_board, fresh, own, sector, settle

RIFT = "2,-1"  # The Breach on C011
PALE_WAKE = "2,0"  # next to the rift


def _at_the_rift(state, corvettes: int):
    """The house holds Pale Wake (next to the rift) with `corvettes`, nothing else on the way."""
    clear_board(state)
    own(state, 0, "2,1", {"corvette": 1}, corrupted=False)
    own(state, 0, PALE_WAKE, {"corvette": corvettes}, corrupted=False)
    return state


def test_the_next_assault_counts_what_it_would_take():
    """突擊: the assault strikes a sector of the house next to the Voidborn it wins first. One
    Corvette there falls (exposure = what the sector is worth); a stack it cannot beat holds."""
    state = fresh(1, 4, difficulty="easy")
    clear_board(state)
    state.cycle = 2  # +1 strength in Cycles 2 and 3
    for s in state.sectors:
        if controller(s) == 0 and s.home_of < 0:
            fleets.set_fleet(state, 0, s, {"corvette": 9})
    thin = own(state, 0, "1,2", {"corvette": 1}, corrupted=False)
    assert judge.exposure(state, 0) >= 2 + 1 + thin.pop
    fleets.set_fleet(state, 0, thin, {"corvette": 9})
    assert judge.exposure(state, 0) == 0


def test_the_fleet_walks_to_the_front_over_its_own_sectors():
    """A fleet two steps behind the front moves one step nearer (no move goes away from it), and
    a cube next to the front's staging sector goes straight there first."""
    state = _at_the_rift(fresh(1, 4, difficulty="easy"), 1)
    own(state, 0, "1,1", {"corvette": 4}, corrupted=False)  # Mirehold: next to Saltmarch (2,1)
    own(state, 0, "0,2", {"corvette": 3}, corrupted=False)  # Bastion Reach: next to Mirehold
    fleets.set_fleet(state, 0, sector(state, "2,1"), {"corvette": 2})  # Saltmarch can spare one for Pale Wake
    assert campaign.front(state, 0) == RIFT
    dist = campaign.distance_to(state, 0, set(campaign.staging(state, 0, RIFT)))
    moves = toward_front(state, 0)
    assert moves
    for m in moves:
        _, a, _, b = m.split(":")
        assert dist[b] < dist[a]
    assert dist[moves[0].split(":")[3]] == 0


def test_a_shipyard_goes_next_to_the_front():
    """Rally deploys 1 cube per Shipyard: the bot builds its Shipyard where the cubes are needed,
    never one far behind (and never its printed Home yard's sector)."""
    state = _at_the_rift(fresh(1, 4, difficulty="easy"), 2)
    ids = ["i:0,2:yard", "i:0,2:sd", f"i:{PALE_WAKE}:yard", f"i:{PALE_WAKE}:sd"]
    assert yard_pick(state, 0, ids) == f"i:{PALE_WAKE}:yard"
    assert yard_pick(state, 0, ["i:0,2:yard", "i:0,2:sd"]) is None


def test_against_the_rift_every_cube_counts():
    """Closing the rift takes 30 off the Voidborn: Pale Wake's last cube goes too, so exactly
    `need` cubes there make the rift a winnable target."""
    state = _at_the_rift(fresh(1, 4, difficulty="easy"), 1)
    need = campaign.need(state, 0, RIFT)
    fleets.set_fleet(state, 0, sector(state, PALE_WAKE), {"corvette": need})
    assert campaign.power(state, 0, RIFT) == need
    assert best_target(state, 0, {"do": "invade"}) == RIFT


def test_the_bot_closes_the_rift_when_it_can():
    """With an invasion to play and the cubes the rift needs next to it, the bot invades the rift
    with them and wins: the Breach becomes a Pure sector of the house (rift term 30 -> 0)."""
    state = _at_the_rift(fresh(1, 4, difficulty="easy"), 1)
    need = campaign.need(state, 0, RIFT)
    fleets.set_fleet(state, 0, sector(state, PALE_WAKE), {"corvette": need})
    start_group(state, 0, [{"do": "invade"}], "and", "test")
    RULES.advance(state)
    state = settle(state)
    rift = sector(state, RIFT)
    assert rift.type == "standard" and controller(rift) == 0


def test_the_bot_does_not_throw_cubes_at_a_rift_it_cannot_beat():
    state = _at_the_rift(fresh(1, 4, difficulty="easy"), 1)
    fleets.set_fleet(state, 0, sector(state, PALE_WAKE), {"corvette": campaign.need(state, 0, RIFT) - 1})
    assert best_target(state, 0, {"do": "invade"}) != RIFT
