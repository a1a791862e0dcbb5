"""Every house, Focus card action, technology, Agenda and Galactic Event runs through the one
executor (data in games/voidfall/data, decisions in DESIGN.md)."""

import pytest

from games.voidfall import RULES
from games.voidfall.board import sector
from games.voidfall.actions import start_action
from games.voidfall.data import AGENDAS, EVENTS, FOCUS, HOUSES, ORIGINS, TECHS
from games.voidfall.effects import TEXT
from games.voidfall.evaluation import score_agendas
from games.voidfall.scoring import agenda_points
from games.voidfall.state import Task
from games.voidfall.tracks import gain_tech

from tests.support.english import english
from .helpers import clear_map, decision, fresh, own, pick, resolve_all


def rich(state, seat=0):
    h = state.houses[seat]
    h.res = {r: 12 for r in "FEMCS"}
    h.trade, h.bounty, h.reclaim = 2, 2, 2
    h.agendas[0] = "D1"
    h.glory = [2, 3]
    return state


def drive(state, limit=300):
    """Answer decisions (first real option) until control is back at a Focus card choice."""
    RULES.advance(state)
    for _ in range(limit):
        task = state.tasks[-1]
        if task.kind == "turn" and task.data["phase"] == "select":
            return state
        d = decision(state)
        c = next((o.id for o in d.options if o.id not in ("stop", "cancel", "end")), d.options[0].id)
        state = RULES.apply(state, d.seat, c)
    return state


@pytest.mark.parametrize("house", sorted(HOUSES))
def test_every_house_and_origin_sets_up(house):
    """Every house with both origins: Home, outpost, cubes, starting technology, focus cards."""
    for origin in (0, 1):
        others = [h for h in ("belitan", "cortozaar") if h != house]
        state = fresh(2, houses=(house, others[0]), origin=origin)
        h = state.houses[0]
        o = ORIGINS[h.origin]
        assert o["house"] == house and o["tech"] in h.techs
        assert set(HOUSES[house]["focus"]) <= set(h.hand + h.discard + ["marqualos_ruse", "yarvek_raid"]) or \
            all(c in h.hand for c in HOUSES[house]["focus"] if FOCUS[c]["slot"] != "innovation")


def _go_when_winning(d):
    return next((o.id for o in d.options if o.id == "go" and "invader wins" in english(o.label)), None)


ABILITY_SCENARIOS = {
    "invade_win_inf": "invade", "invade_win_res": "invade", "tech_inf": "tech", "defend_absorb": "defend",
    "upkeep_discount": "upkeep", "pop_up_gain": "pop", "corrupt_gain": "corrupt", "trade_gain": "trade",
    "guild_gain": "guild", "cleanse_inf": "cleanse", "overproduce_inf": "over", "agenda_score_inf": "agenda",
    "bounty_inf": "bounty", "advance_gain": "advance",
}


@pytest.mark.parametrize("house", sorted(HOUSES))
def test_every_house_ability(house):
    """Designed house abilities (DESIGN.md, data/houses.json): each one changes its trigger's result."""
    key = next(iter(HOUSES[house]["ability"]))  # the gain; a second key is a designed handicap (test_voidborn_bot.py)
    other = "belitan" if house != "belitan" else "cortozaar"
    res = {}
    for who in (house, other):
        state = rich(clear_map(fresh(2, houses=(who, "dunlork" if who != "dunlork" else "valnis"))))
        h = state.houses[0]
        h.techs = {}
        kind = ABILITY_SCENARIOS[key]
        if kind == "invade":
            own(state, 0, "0,-1", {"corvette": 4}, pop=3)
            sector(state, "0,0").void, sector(state, "0,0").installs = 1, []
            state = resolve_all(state, 0, [{"do": "invade"}], choose=_go_when_winning)
        elif kind == "tech":
            gain_tech(state, 0, state.market[0], "basic")
        elif kind == "defend":
            from games.voidfall.defence import defender_side

            s = own(state, 0, "0,-1", {"corvette": 1})
            res[who] = defender_side(state, s)[0].salvo_absorb
            continue
        elif kind == "upkeep":
            from games.voidfall.economy import upkeep_due

            res[who] = upkeep_due(state, 0)
            continue
        elif kind == "pop":
            home = next(s for s in state.sectors if s.home_of == 0)
            home.pop = 3
            state = resolve_all(state, 0, [{"do": "pop_up"}])
        elif kind == "corrupt":
            state = resolve_all(state, 0, [{"do": "gain_corruption", "where": "track_first"}])
        elif kind == "trade":
            state = resolve_all(state, 0, [{"do": "trade"}])
        elif kind == "guild":
            own(state, 0, "0,-1", {"corvette": 1}, pop=2, guilds=[])
            state = resolve_all(state, 0, [{"do": "guild"}])
        elif kind == "cleanse":
            h.track_corrupt["soc"] = True
            state = resolve_all(state, 0, [{"do": "remove_corruption"}])
        elif kind == "over":
            home = next(s for s in state.sectors if s.home_of == 0)
            home.guilds = ["fa"]
            h.res["F"] = 15
            state = resolve_all(state, 0, [{"do": "produce", "res": ["F"]}])
        elif kind == "agenda":
            own(state, 0, "0,-1", {"corvette": 1}, pop=6)
            score_agendas(state, 0)
        elif kind == "bounty":
            state = resolve_all(state, 0, [{"do": "bounty"}])
        elif kind == "advance":
            state = resolve_all(state, 0, [{"do": "advance", "track": "soc"}])
        h = state.houses[0]
        res[who] = (h.influence, dict(h.res))
    assert res[house] != res[other], f"{house}'s {key} changed nothing"


ACTIONS = [(c, i) for c in sorted(FOCUS) for i in range(3)]


@pytest.mark.parametrize("card,i", ACTIONS)
def test_every_focus_action_pays_its_cost_then_resolves(card, i):
    """執行行動時你必須要支付白色區的所有費用,之後可以結算或放棄結算黑色區效果."""
    state = rich(fresh(2, seed=3))
    seat = 0
    own(state, seat, "0,-1", {"corvette": 3}, pop=3, corrupted=True)
    state.houses[seat].track_corrupt["eco"] = True
    a = FOCUS[card]["actions"][i]
    before = state.seq
    start_action(state, seat, a, FOCUS[card]["title"])
    RULES.advance(state)
    state = drive(state)
    assert state.seq >= before
    for e in a["effects"]:
        assert e["do"] in TEXT


@pytest.mark.parametrize("tech", sorted(TECHS))
def test_every_technology_basic_then_improved(tech):
    """獲得基礎科技卡牌時...獲得4/0點影響力,結算一次性效果;獲得高級科技卡牌...獲得6點影響力."""
    state = rich(fresh(2, seed=5, houses=("dunlork", "cortozaar")))
    h = state.houses[0]
    h.techs = {}
    before = h.influence
    gain_tech(state, 0, tech, "basic")
    assert h.influence == before + TECHS[tech]["influence"]
    state = drive(state)
    h = state.houses[0]
    mid = h.influence
    gain_tech(state, 0, tech, "improved")
    assert h.influence == mid + 6 and h.techs[tech] == "improved"


@pytest.mark.parametrize("aid", sorted(AGENDAS))
def test_every_agenda_scores_only_when_pure(aid):
    """議程目標的條件都需要在對應星系沒有腐壞標記物的情況下結算; 只有純淨的議程卡牌才會獲得影響力."""
    state = rich(fresh(2, seed=2))
    h = state.houses[0]
    h.agendas[0] = aid
    pts = agenda_points(state, 0, aid)
    assert pts >= 0
    h.agenda_corrupt[0] = True
    before = h.influence
    score_agendas(state, 0)
    from games.voidfall.scoring import objective_points
    from games.voidfall.data import STARTING_AGENDA

    start = sum(objective_points(state, 0, o) for o in STARTING_AGENDA["objectives"])
    assert h.influence == before + start


@pytest.mark.parametrize("ev", sorted(EVENTS))
def test_every_event_resolves_its_frames_and_objectives(ev):
    """從上到下結算星系事件卡牌左邊所示內容...實線邊框必須被完整結算,虛線邊框可以被結算或放棄結算;
    星系目標: 結算星系事件卡牌右邊所示內容."""
    state = rich(fresh(2, seed=4))
    state.event = ev
    state.perms = []
    state.tasks.append(Task("frames", -1, {"i": 0}))
    RULES.advance(state)
    state = drive(state)
    perms = [e["flag"] for f in EVENTS[ev]["frames"] if f["scope"] == "perm" for e in f["effects"]]
    assert all(p in state.perms for p in perms)
    for seat in range(2):
        state.tasks.append(Task("galactic", seat, {}))
        RULES.advance(state)
        state = drive(state)
