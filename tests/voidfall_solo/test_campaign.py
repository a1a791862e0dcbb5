"""The solo bot's campaign (bots/campaign.py): the cheapest chain of invasions to the rift, cubes
gathered next to its first sector, and exact costs from the engine's own combat."""

from __future__ import annotations

from games.voidfall import fleets
from games.voidfall.board import adjacent, controller
from games.voidfall.defence import preview
from games.voidfall.bots import campaign
from games.voidfall.bots.tactics import deploy_pick
from games.voidfall.bots.values import best_target, toward_front

from .helpers import fresh, own, sector

RIFT = "2,-1"  # The Breach on C011


def _wins(state, key: str, n: int) -> bool:
    res, _, _ = preview(state, 0, {"target": key, "move": {"x": {"corvette": n}}, "e": {"do": "invade"}})
    return res.winner == "invader" and sum(res.invader.values()) >= 1


def test_need_is_the_fewest_corvettes_the_combat_preview_lets_win():
    """Each invasion is judged by the same combat as the preview the player sees."""
    state = fresh(1, 4, difficulty="easy")
    for s in state.sectors:
        if controller(s) == "void":
            n = campaign.need(state, 0, s.key)
            assert _wins(state, s.key, n)
            assert n == 1 or not _wins(state, s.key, n - 1)


def test_the_plan_leads_to_the_rift_over_real_edges():
    """如果戰鬥星系為裂隙……將裂隙替換為基礎星系板塊 (30 Voidborn points): the first goal is the rift,
    reached sector by sector across edges a Voidstorm does not break."""
    state = fresh(1, 4, difficulty="easy")
    chain = campaign.plan(state, 0)
    assert chain[-1] == RIFT
    mine = {s.key for s in state.sectors if controller(s) == 0}
    assert any(chain[0] in adjacent(state, k, 0) for k in mine)
    for a, b in zip(chain, chain[1:]):
        assert b in adjacent(state, a, 0)
    assert campaign.rift_cost(state, 0) == sum(campaign.need(state, 0, k) for k in chain)


def test_taking_a_sector_on_the_way_lowers_the_rift_cost():
    state = fresh(1, 4, difficulty="easy")
    before = campaign.rift_cost(state, 0)
    first = campaign.front(state, 0)
    own(state, 0, first, {"corvette": 2}, corrupted=False)
    assert campaign.rift_cost(state, 0) < before


def test_a_closed_rift_costs_nothing_more():
    state = fresh(1, 4, difficulty="easy")
    rift = sector(state, RIFT)
    rift.type, rift.void = "standard", 0
    assert campaign.rift_cost(state, 0) == 0


def test_cubes_gather_next_to_the_front():
    """Deploying and regrouping put cubes where the next invasion starts."""
    state = fresh(1, 4, difficulty="easy")
    ahead = campaign.front(state, 0)
    stage = campaign.staging(state, 0, ahead)
    far = next(s.key for s in state.sectors if controller(s) == 0 and s.key not in stage)
    near = stage[0]
    assert deploy_pick(state, 0, [f"d:{far}:corvette", f"d:{near}:corvette"]) == f"d:{near}:corvette"
    fleets.set_fleet(state, 0, sector(state, far), {"corvette": 3})
    moves = toward_front(state, 0)
    assert moves and all(m.split(":")[3] in stage and m.split(":")[1] not in stage for m in moves)


def test_progress_rewards_cubes_at_the_front_up_to_what_is_needed():
    state = fresh(1, 4, difficulty="easy")
    ahead = campaign.front(state, 0)
    near = campaign.staging(state, 0, ahead)[0]
    need = campaign.need(state, 0, ahead)
    fleets.set_fleet(state, 0, sector(state, near), {"corvette": 1})
    low = campaign.progress(state, 0, 1.0, 0.0)
    fleets.set_fleet(state, 0, sector(state, near), {"corvette": need + 2})
    high = campaign.progress(state, 0, 1.0, 0.0)
    fleets.set_fleet(state, 0, sector(state, near), {"corvette": need + 9})
    assert high > low and campaign.progress(state, 0, 1.0, 0.0) == high


def test_the_front_is_invaded_first_when_it_can_be_won():
    state = fresh(1, 4, difficulty="easy")
    ahead = campaign.front(state, 0)
    for k in campaign.staging(state, 0, ahead):
        fleets.set_fleet(state, 0, sector(state, k), {"corvette": 8})
    assert best_target(state, 0, {"do": "invade"}) == ahead
