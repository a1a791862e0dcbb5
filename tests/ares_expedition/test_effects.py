"""Ongoing effects of blue cards and every corporation, each in a scenario that triggers it."""

from __future__ import annotations

import pytest

from games.ares_expedition import RULES
from games.ares_expedition.board import ACTION, BUILD, DEV, RESEARCH
from games.ares_expedition.cards import CARDS, CORP_IDS
from games.ares_expedition.economy import card_cost
from games.ares_expedition.flow import _end_round, advance
from games.ares_expedition.play import playable

from .helpers import act, bare, delta, give, phase, play_card, put_in_play, snapshot, use_action


def with_cards(*cids: int, corp: int = 0):
    state = bare(1, 5)
    put_in_play(state, 0, *cids)
    state.pl[0].corp = corp
    return state


def options(state, seat=0):
    return [o.id for o in RULES.decision_for(state, seat).options]


# -- requirement modifiers, discounts --------------------------------------------------------------
@pytest.mark.parametrize("source", [1, 213])
def test_requirement_flex(source):
    """Adaptation Technology / Inventrix: oxygen or temperature read one colour off."""
    state = bare(1, 5)
    state.oxygen = 3                                  # red band; Breathing Filters needs yellow
    give(state, 0, 68)
    state = phase(state, BUILD)
    assert not playable(state, 0, 68)[0]
    state = with_cards(1) if source == 1 else with_cards(corp=213)
    state.oxygen = 3
    give(state, 0, 68)
    state = phase(state, BUILD)
    assert playable(state, 0, 68)[0]


def test_special_design_flexes_only_the_next_card():
    state = with_cards()
    state.temperature = -10                           # red; Artificial Lake needs yellow
    _, change = play_card(state, 97)
    state, _ = play_card(state, 97)
    give(state, 0, 66)
    state = phase(state, BUILD)
    assert not playable(state, 0, 66)[0]             # a new phase: the flex is gone
    state.pl[0].next_flex = True
    assert playable(state, 0, 66)[0]


@pytest.mark.parametrize("source,card,printed_off", [
    (23, 103, 2),            # Earth Catapult: all cards -2
    (51, 103, 1),            # Research Outpost: all -1
    (25, 175, 4),            # Energy Subsidies: power -4
    (37, 190, 3),            # Interplanetary Conference: earth -3
    (42, 96, 5),             # Media Group: event -5
])
def test_card_discounts(source, card, printed_off):
    state = with_cards(source)
    give(state, 0, card)
    assert card_cost(state, 0, card) == max(0, CARDS[card].cost - printed_off)


@pytest.mark.parametrize("corp,card,off", [(209, 125, 4), (212, 96, 2), (217, 190, 3), (219, 175, 3)])
def test_corporation_discounts(corp, card, off):
    """CrediCor (20+ cost), Interplanetary Cinematics (events), Teractor (earth), Thorgate (power)."""
    state = with_cards(corp=corp)
    assert card_cost(state, 0, card) == CARDS[card].cost - off


def test_steel_and_titanium_values():
    """Advanced Alloys and PhoboLog make each steel / titanium worth one more."""
    state = with_cards()
    state.pl[0].prod.update(steel=2, titanium=1)
    assert card_cost(state, 0, 125) == 25 - 4         # building: 2 per steel
    assert card_cost(state, 0, 189) == 14 - 3         # space: 3 per titanium
    state = with_cards(2)
    state.pl[0].prod.update(steel=2, titanium=1)
    assert card_cost(state, 0, 125) == 25 - 6
    assert card_cost(state, 0, 189) == 14 - 4
    state = with_cards(corp=215)
    state.pl[0].prod.update(titanium=1)
    assert card_cost(state, 0, 189) == 14 - 4


def test_standard_technology_cheapens_standard_actions():
    state = with_cards(55)
    state = phase(state, ACTION)
    before = snapshot(state)
    state = act(state, 0, "s:ocean")
    assert delta(before, snapshot(state)) == {"mc": -11, "ocean": 1, "tr": 1}


# -- pay-time discounts --------------------------------------------------------------------------------
def test_anaerobic_microorganisms_collect_and_spend_microbes():
    state = with_cards()
    state, change = play_card(state, 5)               # its own microbe tag counts (incl. this)
    assert change == {"res.5": 1}
    state.pl[0].res[5] = 2
    give(state, 0, 125)
    state = phase(state, DEV)
    state = act(state, 0, "c:125", picks=[["u:5"]])
    assert state.pl[0].res[5] == 0
    assert state.pl[0].mc == 100 - 10 - 15            # Anaerobic itself cost 10


def test_restructured_resources_turn_a_plant_into_5_mc():
    state = with_cards(52)
    state.pl[0].plants = 1
    give(state, 0, 125)
    state = phase(state, DEV)
    state = act(state, 0, "c:125", picks=[["u:52"]])
    assert (state.pl[0].plants, state.pl[0].mc) == (0, 100 - 20)


# -- triggers on playing cards -------------------------------------------------------------------------
def test_anti_gravity_technology_gives_heat_and_plants_per_card():
    _, change = play_card(with_cards(6), 190)
    assert change == {"heat": 2, "plants": 2, "prod.mc": 2}


@pytest.mark.parametrize("cid,card,want", [
    (24, 155, {"res.24": 1, "prod.plants": 1}),                 # Ecological Zone: plant tag
    (44, 96, {"hand": 4}),                                        # Olympus Conference: 2 science tags, Research
    (45, 96, {"hand": 2, "heat": 2, "plants": 2}),               # Optimal Aerobraking: event
    (48, 96, {"hand": 4}),                                        # Recycled Detritus: event draws 2
    (25, 175, {"hand": 1, "prod.heat": 1}),                      # Energy Subsidies: power draws 1
    (37, 190, {"hand": 1, "prod.mc": 2}),                        # Interplanetary Conference: earth draws 1
])
def test_tag_triggers(cid, card, want):
    _, change = play_card(with_cards(cid), card)
    assert change == want


def test_tag_triggers_on_the_card_itself_only_when_it_says_so():
    """Ecological Zone counts its own plant and animal tags; Interplanetary Conference not its earth."""
    assert play_card(with_cards(), 24)[1] == {"res.24": 2}
    assert play_card(with_cards(), 37)[1] == {}
    assert play_card(with_cards(), 44)[1] == {"hand": 1}


def test_decomposers_and_viral_enhancers_offer_a_choice():
    state, change = play_card(with_cards(19), 155, picks=["o:0"])
    assert change == {"res.19": 1, "prod.plants": 1}
    state.pl[0].res[19] = 1
    _, change = play_card(state, 104, picks=["o:1"])             # plant+microbe: two triggers
    assert change["hand"] >= 1
    _, change = play_card(with_cards(61), 155, picks=["o:0"])
    assert change == {"plants": 1, "prod.plants": 1}


def test_mars_university_swaps_a_card_and_draws_two_for_a_plant():
    state = with_cards(40)
    give(state, 0, 155)
    _, change = play_card(state, 96, picks=["d:155"])             # Research: 2 science tags, 1 used here
    assert change["hand"] == 2 - 1 + 2 + 0


def test_saturn_systems_and_mining_guild():
    state = with_cards(corp=216)
    _, change = play_card(state, 138)                              # jovian tag
    assert change == {"tr": 1, "prod.titanium": 2}
    state = with_cards(corp=214)
    _, change = play_card(state, 164)                              # Mine raises steel
    assert change == {"tr": 1, "prod.steel": 2}
    _, change = play_card(with_cards(corp=214), 190)
    assert change == {"prod.mc": 2}


# -- triggers on terraforming and actions -----------------------------------------------------------------
@pytest.mark.parametrize("cid,card,want", [
    (8, 98, {"ocean": 1, "tr": 1, "plants": 4}),                 # Arctic Algae
    (30, 98, {"ocean": 1, "tr": 1, "res.30": 1}),                # Fish
    (33, 88, {"temp": 2, "tr": 2, "res.33": 2}),                 # Herbivores, per step
    (39, 88, {"temp": 2, "tr": 2, "res.39": 2}),                 # Livestock
    (46, 88, {"temp": 2, "tr": 2, "res.46": 2}),                 # Physics Complex
    (53, 90, {"forest": 1, "oxy": 1, "tr": 1, "res.53": 1}),     # Small Animals
])
def test_terraforming_triggers(cid, card, want):
    state = with_cards(cid)
    state.temperature = 2
    _, change = play_card(state, card)
    assert change == want


def test_assembly_lines_pay_for_each_blue_action():
    state = with_cards(10, 15)
    _, change = use_action(state, 15)
    assert change == {"hand": 1, "mc": 1}


def test_united_nations_mars_initiative_buys_one_more_tr_per_phase():
    state = with_cards(corp=220)
    _, change = play_card(state, 95, picks=["yes"])               # +2 TR, then pay 6 for +1
    assert change == {"tr": 3, "mc": -6}
    state, _ = play_card(with_cards(corp=220), 95, picks=["no"])
    assert state.pl[0].tr == 7


# -- research, selling, conversions -------------------------------------------------------------------------
@pytest.mark.parametrize("cid,corp,draw,keep", [
    (0, 0, 2, 1), (26, 0, 2, 2), (35, 0, 3, 2), (36, 0, 4, 1), (60, 0, 3, 2), (0, 218, 3, 2),
])
def test_research_modifiers(cid, corp, draw, keep):
    state = with_cards(*([cid] if cid else []), corp=corp)
    state = phase(state, RESEARCH)
    task = state.pl[0].queue[0]
    assert (len(task.cards), task.n) == (draw, keep)


def test_composting_factory_raises_the_sale_price():
    state = with_cards(17)
    state.pl[0].hand = list(range(103, 115))
    state.stage = "phase"
    _end_round(state)
    state = RULES.apply(state, 0, ["c:103", "c:104"])
    assert state.pl[0].mc == 100 + 2 * 4


def test_ecoline_and_helion():
    state = with_cards(corp=210)
    state.pl[0].plants = 7
    state = phase(state, ACTION)
    assert "s:plants" in options(state)
    state = with_cards(corp=211)
    state.pl[0].mc, state.pl[0].heat = 20, 10
    give(state, 0, 125)
    state = phase(state, DEV)
    state = act(state, 0, "c:125", picks=["h:5"])
    assert (state.pl[0].mc, state.pl[0].heat) == (0, 5)       # 25 MC: all 20 MC, then 5 heat
    state = with_cards(corp=211)
    state.pl[0].mc, state.pl[0].heat = 30, 10
    give(state, 0, 125)
    state = phase(state, DEV)
    state = act(state, 0, "c:125", resolve=False)
    assert options(state) == [f"h:{x}" for x in range(0, 11)]    # Helion chooses how much heat
    state = RULES.apply(state, 0, "h:10")
    assert (state.pl[0].mc, state.pl[0].heat) == (15, 0)


@pytest.mark.parametrize("corp", CORP_IDS, ids=lambda c: CARDS[c].name)
def test_each_corporation_starts_as_printed(corp):
    state = RULES.setup(1, 1)
    state.pl[0].queue[0].cards = [corp]
    state = RULES.apply(state, 0, f"c:{corp}")
    p = state.pl[0]
    card = CARDS[corp]
    assert p.corp == corp and p.mc == card.cost
    want = {"mc": 0, "heat": 0, "plants": 0, "cards": 0, "steel": 0, "titanium": 0}
    for part in filter(None, card.production.split(", ")):
        key, n = part.split("+")
        want[key] += int(n)
    assert p.prod == want
    assert len(p.hand) == 8 + (3 if corp == 213 else 0)
    advance(state)


# -- one-shot helpers --------------------------------------------------------------------------------------
def test_work_crews_and_asset_liquidation_allow_another_card():
    """play-extra: one more blue/red card this phase; Work Crews' next card costs 11 less."""
    state = with_cards()
    give(state, 0, 102, 95)
    state = phase(state, BUILD)
    state = act(state, 0, "c:102")
    assert "c:95" in options(state)
    assert card_cost(state, 0, 95) == 16 - 11
    state = act(state, 0, "c:95")
    assert state.pl[0].mc == 100 - 5 - 5
    state = with_cards()
    give(state, 0, 11, 95)
    state = phase(state, BUILD)
    state = act(state, 0, "c:11")
    assert "c:95" in options(state)


@pytest.mark.parametrize("cid", [114, 195])
def test_free_green_card(cid):
    """Automated Factories / Toll Station: a green card of printed cost 9 or less for nothing."""
    state = with_cards()
    give(state, 0, 190)
    state, change = play_card(state, cid, picks=["c:190"])
    assert 190 in state.pl[0].played
    assert change["prod.mc"] == 2 + (3 if cid == 195 else 0)
    assert change["hand"] == -1


def test_resources_go_to_another_card_of_the_right_kind():
    """Imported Nitrogen: animals and microbes onto your cards that hold them; CEO's Favorite
    Project: 2 more on a card that already holds some."""
    state = with_cards(12, 58, 30)
    state.temperature = -18
    _, change = play_card(state, 81, picks=["t:30"])
    assert change == {"tr": 1, "plants": 4, "res.30": 2, "res.58": 3}
    state = with_cards(12, 58)
    state.pl[0].res = {58: 1}
    _, change = play_card(state, 71)
    assert change == {"res.58": 2}


def test_requirements_with_spend_take_the_stock():
    """Local Heat Trapping spends 3 heat; Investment Loan 1 TR; not playable without them."""
    state = with_cards()
    state.pl[0].heat = 2
    give(state, 0, 89)
    state = phase(state, BUILD)
    assert not playable(state, 0, 89)[0]
    state.pl[0].heat = 3
    assert playable(state, 0, 89)[0]
