"""Paying never takes a stock below zero: Helion's heat-as-MC payment keeps the heat a card
itself spends, pay-time discounts keep the card's own plants, and random games never show a
negative MC, heat, plant, TR or card-resource count."""

from __future__ import annotations

import pytest

from games.ares_expedition import RULES
from games.ares_expedition.board import DEV
from games.ares_expedition.play import playable
from games.core.playout import play

from .helpers import act, bare, give, phase, put_in_play, take

HELION, TROPICAL_RESORT, RESTRUCTURED_RESOURCES, FOOD_FACTORY = 211, 199, 52, 134


def helion(mc: int, heat: int, *hand: int):
    state = bare(1, 5, mc=mc)
    state.pl[0].corp = HELION
    state.pl[0].heat = heat
    give(state, 0, TROPICAL_RESORT, *hand)
    return phase(state, DEV)


def heat_offers(state) -> list[int]:
    """The heat amounts the pending Helion payment offers."""
    d = RULES.decision_for(state, 0)
    assert state.pl[0].queue[0].kind == "heat_pay"
    return [int(o.id[2:]) for o in d.options]


def test_helion_heat_payment_keeps_the_cards_own_heat():
    """「綠色卡片 ... (須支付卡片成本)」: Tropical Resort costs 19 MC and also spends 5 heat
    itself, so Helion may put at most heat - 5 into the 19 MC (the bug left -5 heat)."""
    state = act(helion(20, 10), 0, f"c:{TROPICAL_RESORT}", resolve=False)
    assert heat_offers(state) == [0, 1, 2, 3, 4, 5]
    for option in RULES.decision_for(state, 0).options:
        assert "you keep" in str(option.detail) and "after its own 5 heat" in str(option.detail)
        after = RULES.apply(state, 0, option.id)
        p = after.pl[0]
        assert p.heat >= 0 and p.mc >= 0 and TROPICAL_RESORT in p.played
    p = RULES.apply(state, 0, "h:5").pl[0]
    assert (p.mc, p.heat, p.prod["mc"]) == (6, 0, 4)


def test_helion_bug_report_case_sells_a_card_instead_of_going_negative():
    """The reported game: 10 MC and 12 heat for the 19 MC Tropical Resort used to offer 12 heat
    (12 - 12 - 5 = -5). Only 7 heat is free, so one card is sold (3 MC each, 「每棄置 1 張卡片
    可以獲得 3 MC」) and the heat offered leaves the 5 heat the card spends."""
    state = helion(10, 12, 103, 104)
    assert playable(state, 0, TROPICAL_RESORT)[0]
    state = act(state, 0, f"c:{TROPICAL_RESORT}", resolve=False)
    assert state.pl[0].queue[0].kind == "sell" and state.pl[0].queue[0].n == 1
    state = RULES.apply(state, 0, "c:103")
    assert heat_offers(state) == [6, 7]
    for x in (6, 7):
        p = RULES.apply(state, 0, f"h:{x}").pl[0]
        assert p.heat >= 0 and p.mc >= 0 and p.heat == 7 - x


def test_helion_cannot_afford_with_the_heat_the_card_spends():
    """10 MC + 12 heat minus the card's own 5 heat is 17 MC: too little for 19 with no hand."""
    ok, why = playable(helion(10, 12), 0, TROPICAL_RESORT)
    assert not ok and "you can raise 17" in str(why)


def test_helion_automatic_payment_with_a_single_heat_amount_keeps_own_heat():
    """14 MC + 10 heat: exactly 5 heat is free, so no question; 0 heat left, never below."""
    state = act(helion(14, 10), 0, f"c:{TROPICAL_RESORT}")
    p = state.pl[0]
    assert (p.mc, p.heat) == (0, 0) and TROPICAL_RESORT in p.played


@pytest.mark.parametrize("plants,offered", [(2, False), (3, True)])
def test_plant_discount_keeps_the_plants_the_card_spends(plants, offered):
    """Restructured Resources (pay 1 plant: 5 MC off) is only offered on Food Factory
    (spends 2 plants) when a third plant is there."""
    state = bare(1, 5)
    put_in_play(state, 0, RESTRUCTURED_RESOURCES)
    state.pl[0].plants = plants
    give(state, 0, FOOD_FACTORY)
    state = phase(state, DEV)
    state = act(state, 0, f"c:{FOOD_FACTORY}", resolve=False)
    kind = state.pl[0].queue[0].kind if state.pl[0].queue else None
    assert (kind == "discounts") == offered
    if offered:
        state = RULES.apply(state, 0, [f"u:{RESTRUCTURED_RESOURCES}"])
    assert FOOD_FACTORY in state.pl[0].played and state.pl[0].plants == plants - 2 - offered


def _no_negative_stock(state, _decisions) -> None:
    for seat, p in enumerate(state.pl):
        stocks = {"mc": p.mc, "heat": p.heat, "plants": p.plants, "tr": p.tr, "hand": len(p.hand)}
        stocks.update({f"res.{cid}": n for cid, n in p.res.items()})
        negative = {k: v for k, v in stocks.items() if v < 0}
        assert not negative, f"seat {seat} has negative stock {negative} (round {state.round})"


@pytest.mark.parametrize("players,seed", [(1, 1), (1, 2), (2, 3), (2, 4), (3, 5), (3, 6), (4, 7), (4, 8)])
def test_random_games_never_go_below_zero(players, seed):
    """Every choice random: no payment path (cards, discounts, Helion heat, blue and standard
    actions, conversions) ever leaves a player with a negative stock."""
    result = play(RULES, players, seed, explore=1.0, on_step=_no_negative_stock)
    _no_negative_stock(result.final, [])


STOCK_SPENDERS = (TROPICAL_RESORT, 120, 135, 89, 32, 47, RESTRUCTURED_RESOURCES, FOOD_FACTORY, 117, 168)


def helion_playout(players: int, seed: int, on_step) -> None:
    """A random game where every seat is Helion and starts with the cards that spend heat or
    plants (Tropical Resort, Building Industries, Fuel Factory, Local Heat Trapping, Greenhouses,
    Power Infrastructure, Restructured Resources, Food Factory, Biomass Combustors, Moss)."""
    import random

    from games.core.playout import random_choice
    rnd = random.Random(seed)
    state = RULES.setup(players, seed)
    for seat, p in enumerate(state.pl):
        p.queue[0].cards = [HELION]
        mine = STOCK_SPENDERS[seat::players]
        state.deck.extend(p.hand)
        p.hand = [take(state, c) for c in mine]
    for _ in range(50_000):
        decisions = RULES.pending(state)
        on_step(state, decisions)
        if not decisions:
            return
        decision = rnd.choice(decisions)
        state = RULES.apply(state, decision.seat, random_choice(decision, rnd))
    raise AssertionError("no end")


@pytest.mark.parametrize("players,seed", [(1, 8), (2, 1), (3, 10), (4, 3)])
def test_random_helion_games_never_go_below_zero(players, seed):
    """These seeds each reached negative heat before the fix (Helion paying with the card's own heat)."""
    helion_playout(players, seed, _no_negative_stock)
