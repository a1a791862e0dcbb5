"""The lasting effect of every technology (TECHS.md, data/techs.json; combat ones also in test_combat)."""

import pytest

from games.voidfall.board import adjacent, guild_slots, sector
from games.voidfall.combat import Side, resolve
from games.voidfall.corruption import free_places
from games.voidfall.data import TECHS
from games.voidfall.develop import _yard_count, add_guild, install_choices, raise_pop
from games.voidfall.economy import prod_level, produce
from games.voidfall.evaluation import upkeep_plans
from games.voidfall.defence import invader_side
from games.voidfall.military import sources
from games.voidfall.tokens import take_trade
from games.voidfall.tracks import cubes_needed
from games.voidfall.focus import settle_trade, tech_actions

from tests.support.english import english
from .helpers import clear_map, fresh, own


def base(tech=None, level="basic"):
    state = clear_map(fresh(2, houses=("dunlork", "cortozaar")))
    h = state.houses[0]
    h.techs = {tech: level} if tech else {}
    h.res = {r: 5 for r in "FEMCS"}
    return state, h


def test_escape_pods_hold_one_more_trade_token():
    state, h = base("escape_pods")
    h.agendas[0], h.trade = "D1", 3
    settle_trade(state, 0)
    assert h.trade == 2


def test_data_collection_bankers_add_science_and_improved_credits_pay_upkeep():
    state, h = base("data_collection")
    home = next(s for s in state.sectors if s.home_of == 0)
    home.guilds = ["ba"]
    h.prod_bonus = ""
    assert prod_level(state, 0, "S") == 2
    h.techs["data_collection"] = "improved"
    h.agendas[0] = "D1"
    h.res.update(F=0, E=0, M=0, C=1)
    assert upkeep_plans(state, 0)[0][3] == 1 and upkeep_plans(state, 0)[0][4] == 0


def test_orbital_docks_one_more_deploy_and_improved_credits():
    state, h = base("orbital_docks")
    home = next(s for s in state.sectors if s.home_of == 0)
    assert _yard_count(state, 0, home.key) == 2
    h.techs["orbital_docks"] = "improved"
    h.prod_bonus = ""
    assert prod_level(state, 0, "C") >= 2


def test_starbases_only_with_the_tech():
    state, h = base()
    own(state, 0, "-1,-1", pop=2)
    assert not any(k == "starbase" for _, k in install_choices(state, 0, {"do": "install"}, {}))
    h.techs["starbases"] = "basic"
    assert any(k == "starbase" for _, k in install_choices(state, 0, {"do": "install"}, {}))


def test_cloning_credit_on_population_and_improved_free_levels():
    state, h = base("cloning")
    own(state, 0, "-1,-1", pop=2)
    raise_pop(state, 0, "-1,-1")
    group = state.tasks[-1]
    assert english(group.data["source"]) == "Cloning" and group.data["join"] == "or"
    assert cubes_needed(h, 6, 5) == 1
    h.techs["cloning"] = "improved"
    assert cubes_needed(h, 6, 5) == 0


@pytest.mark.parametrize("tech,card", [("terraforming", "development"), ("purifier", "temptation"),
                                       ("tactical_transports", "conquest"), ("robotics", "development"),
                                       ("central_surveillance", "politics")])
def test_tech_actions_come_with_their_focus_card(tech, card):
    """有些科技卡牌提到具體的焦點卡牌,可以提供額外的科技行動."""
    state, h = base(tech)
    assert tech_actions(state, 0, card) == [tech]
    assert tech_actions(state, 0, "prosperity" if card != "prosperity" else "politics") in ([], [tech])


def test_neural_matrix_two_more_credits():
    state, h = base("neural_matrix")
    h.res["C"] = 0
    produce(state, 0, "C")
    without, _ = base()
    without.houses[0].res["C"] = 0
    produce(without, 0, "C")
    assert h.res["C"] == without.houses[0].res["C"] + 2


def test_decontamination_chambers_store_corruption():
    state, h = base("decontamination_chambers")
    assert "decon" in free_places(state, 0)


def test_hyperdrive_reaches_two_steps_and_improved_ignores_voidstorms():
    state, h = base()
    own(state, 0, "-1,-1", {"corvette": 2})
    own(state, 0, "0,-1", {"corvette": 1})
    assert "-1,-1" not in sources(state, 0, "1,-1")
    h.techs["hyperdrive"] = "basic"
    assert "-1,-1" in sources(state, 0, "0,0")
    assert "1,-1" not in adjacent(state, "0,-1", 0)
    h.techs["hyperdrive"] = "improved"
    assert "1,-1" in adjacent(state, "0,-1", 0)


def test_ark_ships_add_home_guild_slots():
    state, h = base()
    home = next(s for s in state.sectors if s.home_of == 0)
    n = guild_slots(state, home)
    h.techs["ark_ships"] = "basic"
    assert guild_slots(state, home) == n + 2


def test_deep_space_missiles_and_drones_feed_the_combat():
    state, h = base("deep_space_missiles")
    own(state, 0, "0,-1", {"corvette": 2}, installs=["yard"])
    inv = invader_side(state, 0, "0,0", {"corvette": 2}, {"dsm": True}, Side())
    assert inv.approach_damage == 1
    h.techs = {"autonomous_drones": "improved"}
    inv = invader_side(state, 0, "0,0", {"corvette": 2}, {"drones": True}, Side())
    assert (inv.approach_absorb, inv.salvo_absorb) == (1, 2)


def test_trade_nexus_offers_every_bonus():
    state, h = base("trade_nexus")
    state.trade_board = [1] * 6
    take_trade(state, 0)
    assert len(state.tasks[-1].data["effects"]) == 7


def test_combat_replicators_improved_turn_a_tie_into_a_win():
    res = resolve(Side(cubes={"corvette": 1}, techs={"combat_replicators": "improved"}), Side(cubes={"void": 1}))
    assert res.winner == "invader"


def test_cybernetics_guild_gives_two_of_its_resource():
    state, h = base("cybernetics")
    own(state, 0, "-1,-1", pop=2)
    add_guild(state, 0, "-1,-1", "mi")
    assert h.res["M"] == 7


def test_sentries_defend_with_approach_damage():
    res = resolve(Side(cubes={"corvette": 2}), Side(cubes={"sentry": 2}, techs={"sentries": "basic"}))
    assert "defender deals 2" in str(res.lines[0])


def test_every_technology_has_a_lasting_effect_text():
    for t in TECHS.values():
        assert t["basic"] and t["improved"]
    assert sector
