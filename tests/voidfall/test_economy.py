"""Resources, production, overproduction, Upkeep and Influence (article 資源存儲 / 資源生產 / 維護)."""

from games.voidfall import RULES
from games.voidfall.board import sector
from games.voidfall.data import yield_of
from games.voidfall.economy import gain, lose_influence, pay, payable, prod_level, produce
from games.voidfall.economy import upkeep_due
from games.voidfall.evaluation import upkeep_plans

from .helpers import decision, fresh, own, pick


def test_yield_table_is_not_linear_and_credits_yield_less():
    """生產產量與生產等級正相關,但並非線性關係,且信用的生產產量...低於其餘資源生產產量."""
    assert [yield_of(n, "F") for n in range(14)] == [0, 1, 1, 2, 3, 3, 4, 4, 5, 6, 8, 10, 12, 15]
    assert [yield_of(n, "C") for n in range(14)] == [0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6, 8]
    assert yield_of(20, "F") == 15  # 每個資源生產等級最高為十三


def test_production_level_is_guilds_times_population():
    """每個星系提供等同於對應公會數×人口數的生產等級,與星系是否純淨/腐壞無關."""
    state = fresh(2)
    home = next(s for s in state.sectors if s.home_of == 0)
    home.guilds, home.pop = ["fa", "fa"], 3
    state.houses[0].prod_bonus = ""
    base = prod_level(state, 0, "F") - 6
    home.corrupted = True
    assert prod_level(state, 0, "F") - base == 6


def test_stock_cap_and_overproduction_gives_three_influence():
    """每種資源存儲上限是十五,超過的部分忽略...每次每種過量生產的資源都會+3點影響力."""
    state = fresh(2)
    h = state.houses[0]
    h.res["F"] = 14
    gain(state, 0, {"F": 5})
    assert h.res["F"] == 15
    before = h.influence
    home = next(s for s in state.sectors if s.home_of == 0)
    home.guilds = ["fa"]
    produce(state, 0, "F")
    assert h.res["F"] == 15 and h.influence == before + 3


def test_credits_stand_in_for_food_energy_materials_but_not_science():
    """信用可以一比一的替代食物、能量和物質的花費,但不能替代科研."""
    state = fresh(2)
    h = state.houses[0]
    h.res.update({"F": 0, "E": 0, "M": 0, "C": 3, "S": 0})
    assert payable(h, {"E": 2})
    assert not payable(h, {"S": 1})
    pay(state, 0, {"E": 2})
    assert h.res["C"] == 1


def test_influence_never_drops_below_zero():
    """在失去的影響力大於現有影響力的情況下,忽略剩餘的未失去影響力."""
    state = fresh(2)
    state.houses[0].influence = 2
    lose_influence(state, 0, 9, "test", "upkeep")
    assert state.houses[0].influence == 0


def test_upkeep_paid_with_food_or_two_energy_materials_and_three_influence_per_missing():
    """為每點維護支付一點糧食或兩點物質/能量組合,你不能使用信用或科研去支付...每個缺少的資源-3點影響力.
    沒有貿易指示物的議程卡牌每個加二."""
    state = fresh(2, houses=("belitan", "cortozaar"))
    h = state.houses[0]
    h.agendas[0], h.agenda_trade[0] = "D1", False
    h.res.update({"F": 1, "E": 1, "M": 0, "C": 9, "S": 9})
    assert upkeep_due(state, 0) >= 2
    due = upkeep_due(state, 0)
    best = upkeep_plans(state, 0)[0]
    assert best[0] == 1 and best[4] == due - 1  # 1 Food; a lone Energy pays nothing; no Credits
    h.agenda_trade[0] = True
    assert upkeep_due(state, 0) == due - 2


def test_dunlork_ability_lowers_upkeep():
    """Designed house ability (DESIGN.md): Dunlork's Upkeep is 1 lower (beside Cortozaar: Belitan
    pays 1 more since issue 22 item 12)."""
    state = fresh(2, houses=("dunlork", "cortozaar"))
    state.houses[0].agendas[0] = "D1"
    state.houses[1].agendas[0] = "D1"
    assert upkeep_due(state, 0) == 1 and upkeep_due(state, 1) == 2


def test_a_player_may_pay_with_credits_instead_of_the_named_resource():
    """信用可以一比一的替代食物、能量和物質的花費: when both work, the player chooses."""
    from games.voidfall.actions import start_action
    from games.voidfall.data import FOCUS

    state = fresh(2)
    seat = decision(state).seat
    h = state.houses[seat]
    h.res.update({"E": 5, "C": 5})
    start_action(state, seat, FOCUS["conquest"]["actions"][0], "Conquest")
    RULES.advance(state)
    d = decision(state)
    assert [o.id for o in d.options] == ["named", "credits"]
    state = pick(state, "credits")
    assert state.houses[seat].res["C"] == 3 and state.houses[seat].res["E"] == 5
