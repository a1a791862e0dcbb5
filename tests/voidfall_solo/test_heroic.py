"""The ten Heroic Focus cards (Joint Focus cards in co-op), one test per card, each playing its
three actions as FOCUS.md section 3 describes them (data/solo/heroic.json), and the co-op
sharing icons.

Article (選擇步驟): 聯合/英雄焦點卡牌可以通過打出手中的同名焦點卡牌執行對應效果。
(聯合/英雄焦點卡牌效果): 因為此時是合作模式,因此某些效果將由其他玩家結算,圖標分別代表:只能你執行;
你或其他玩家執行;你和/或其他玩家執行(分開結算);你和或其他玩家執行(雙方不可選擇同一效果執行)。
"""

from __future__ import annotations

from games.core.i18n import render
from games.voidfall import RULES
from games.voidfall.board import adjacent, controlled, sector
from games.voidfall.corruption import corrupted_places
from games.voidfall.actions import start_action
from games.voidfall.data import AGENDAS
from games.voidfall.solo.content import CRISES
from games.voidfall.solo.heroic import HEROIC

from .helpers import clear_board, fresh, own

MIL, ECO = (next(c for c, v in sorted(CRISES.items()) if v["cat"] == cat) for cat in ("mil", "eco"))


# ---------------------------------------------------------------- helpers
def labels(state) -> list[str]:
    ds = RULES.pending(state)
    return [render(o.label) for o in ds[0].options] if ds else []


def offered(state) -> list[str]:
    """Each option as a player reads it: its label, then its detail (a short label leaves the
    effect's whole text to the detail)."""
    ds = RULES.pending(state)
    return [f"{render(o.label)} | {render(o.detail)}" for o in ds[0].options] if ds else []


def offers(state, text: str) -> bool:
    return any(text in line for line in offered(state))


def answer(state, *answers):
    """Answer the pending decisions in order: an option id, else a piece of an option label,
    else a piece of its detail."""
    for a in answers:
        d = RULES.pending(state)[0]
        oid = next((o.id for o in d.options if o.id == a), None) or next(
            (o.id for o in d.options if a in render(o.label)), None) or next(
            (o.id for o in d.options if a in render(o.detail)), None)
        assert oid, f"{a!r} not in {offered(state)}"
        state = RULES.apply(state, d.seat, oid)
    return state


def act(state, hid: str, action: str, *answers, seat: int = 0):
    """Start `action` of heroic card `hid` (as played at the action step), pay its cost (the
    first way offered), then answer the decisions."""
    card = HEROIC[hid]
    start_action(state, seat, next(a for a in card["actions"] if a["name"] == action), card["title"])
    RULES.advance(state)
    while state.tasks[-1].kind == "action" and RULES.pending(state):
        state = RULES.apply(state, seat, RULES.pending(state)[0].options[0].id)
    return answer(state, *answers)


def finish(state):
    """Decline whatever is left of the action."""
    while state.tasks[-1].kind in ("group", "eff") and RULES.pending(state):
        ids = [o.id for o in RULES.pending(state)[0].options]
        state = RULES.apply(state, RULES.pending(state)[0].seat, "stop" if "stop" in ids else "cancel")
    return state


def setup(seed=4, **res):
    """Solo game at the first choice; seat 0 holds a non-Home sector `mine` next to Home (3
    Corvettes, Population 2, Pure) and `target` next to it is a Corrupted Voidborn sector with
    1 cube. Resources as given (missing ones 0)."""
    state = fresh(1, seed)
    clear_board(state)
    home = next(s for s in state.sectors if s.home_of == 0)
    for s in state.sectors:
        if s.home_of < 0:
            s.owner, s.fleet, s.void, s.glory, s.bounty, s.reclaim = -1, {}, 0, [], 0, 0
    mine_key = next(k for k in adjacent(state, home.key) if sector(state, k).type == "standard")
    mine = own(state, 0, mine_key, fleet={"corvette": 3}, pop=2, corrupted=False, guilds=[], installs=[])
    tkey = next(k for k in adjacent(state, mine_key) if k != home.key and sector(state, k).type == "standard")
    target = sector(state, tkey)
    target.void, target.corrupted, target.pop, target.installs, target.guilds = 1, True, 2, [], []
    state.solo.harbingers = {}
    h = state.houses[0]
    h.res = {r: res.get(r, 0) for r in "FEMCS"}
    h.track_corrupt = {t: False for t in h.track_corrupt}
    h.agenda_corrupt = [False] * len(h.agenda_corrupt)
    return state, home, mine, target


# ---------------------------------------------------------------- the ten cards
def test_heroic_conquest_annihilate_plan_prepare():
    """Annihilate (2E+1F): invade, then remove 1 Corruption from the combat sector (FOCUS.md §3)."""
    state, home, mine, target = setup(E=2, F=1)
    state.houses[0].track_corrupt["soc"] = True  # Corruption elsewhere is never "there"
    state = act(state, "heroic_conquest", "Annihilate")
    assert not any("Corruption" in x for x in labels(state))  # nothing won yet
    state = answer(state, "invade a sector", f"t:{target.key}", f"m:{mine.key}:corvette", f"m:{mine.key}:corvette", "go")
    assert sector(state, target.key).owner == 0 and sector(state, target.key).corrupted
    state = answer(state, "remove 1 Corruption there")
    assert labels(state) == [target.name]
    state = finish(answer(state, f"s:{target.key}"))
    h = state.houses[0]
    assert not sector(state, target.key).corrupted and h.track_corrupt["soc"]
    assert (h.res["E"], h.res["F"]) == (0, 0)

    # Plan (1C+1E): Regroup and/or gain an Agenda
    state, *_ = setup(C=1, E=1)
    state = act(state, "heroic_conquest", "Plan")
    assert all(offers(state, x) for x in {"Regroup (move up to 5 cubes)", "gain an Agenda"})
    state = finish(state)
    assert state.houses[0].res["C"] == state.houses[0].res["E"] == 0

    # Prepare (recall 1 cube): activate 2 cubes and/or upgrade a Glory token
    state, home, mine, target = setup()
    h = state.houses[0]
    h.glory, h.inactive, h.active = [2], 3, 0
    state = act(state, "heroic_conquest", "Prepare", "activate 2 cube(s)", "upgrade a Glory token", "Glory 2 -> 3")
    h = state.houses[0]
    assert h.glory == [3] and h.inactive == 1 and h.active == 3  # 1 recalled + 2 activated


def test_heroic_development_develop_grow_harmonize():
    """Develop (2M): a Guild and/or +1 Pure Population, both in the same sector."""
    state, home, mine, target = setup(M=2)
    state = act(state, "heroic_development", "Develop", "establish a Guild in that sector", f"g:{mine.key}:fa",
                "+1 Pure Population")
    assert labels(state) == [mine.name] and "Population 2 -> 3" in offered(state)[0]  # the same sector only
    state = finish(answer(state, f"p:{mine.key}"))
    assert sector(state, mine.key).guilds == ["fa"] and sector(state, mine.key).pop == 3

    # Grow (3 any): a Guild and/or gain 4 resources of your choice
    state, *_ = setup(F=3)
    state = act(state, "heroic_development", "Grow", "gain 4 resource(s)", "r:S", "r:S", "r:S", "r:E")
    state = finish(state)
    assert state.houses[0].res == {"F": 0, "E": 1, "M": 0, "C": 0, "S": 3}

    # Harmonize (1S): remove 1 Corruption from a sector and/or build an Installation in that sector
    state, home, mine, target = setup(S=1)
    state.houses[0].track_corrupt["eco"] = True  # not a sector: never offered
    sector(state, mine.key).corrupted = True
    state = act(state, "heroic_development", "Harmonize", "remove 1 Corruption in that sector")
    assert labels(state) == [mine.name]
    state = answer(state, f"s:{mine.key}", "build an Installation in that sector")
    assert all(mine.name in x for x in offered(state)[:-1])  # only where the Corruption was removed
    state = finish(answer(state, f"i:{mine.key}:sd"))
    assert state.houses[0].track_corrupt["eco"] and not sector(state, mine.key).corrupted
    assert sector(state, mine.key).installs == ["sd"]


def test_heroic_innovation_research_experiment_consolidate():
    """Experiment (free): an Improved technology and/or remove 1 Voidborn cube from an adjacent
    sector; the last cube abandons it and the Voidborn take it over."""
    state, home, mine, target = setup(F=4)
    sector(state, mine.key).guilds = ["ba", "sc"]
    state = act(state, "heroic_innovation", "Research")
    assert all(offers(state, x) for x in {"gain a Basic technology", "produce Credits, Science"})
    state = finish(answer(state, "produce Credits, Science"))
    assert state.houses[0].res["F"] == 0 and state.houses[0].res["C"] + state.houses[0].res["S"] > 0

    state, home, mine, target = setup()
    target.void = 2
    state = act(state, "heroic_innovation", "Experiment", "remove 1 Voidborn cube")
    assert offers(state, f"{target.name}: Voidborn cubes 2 -> 1")
    state = finish(answer(state, f"v:{target.key}"))
    assert sector(state, target.key).void == 1

    state, *_ = setup(F=2)
    state.solo.current = MIL
    state = act(state, "heroic_innovation", "Consolidate", "discard a crisis", f"c:{MIL}")
    state = finish(state)
    assert state.solo.current == "" and MIL not in state.solo.resolved


def test_heroic_command_ascend_utilize_repel():
    """Ascend (4 any): 1 safe haven level OR Influence equal to your total Glory; Repel (1 any):
    remove 1 harbinger OR discard a crisis."""
    state, *_ = setup(F=4)
    h = state.houses[0]
    h.inactive, h.glory, h.influence = 2, [2, 3], 10
    state = act(state, "heroic_command", "Ascend")
    assert all(offers(state, x) for x in {"build a safe haven level", "Influence equal to your total Glory"})
    state = finish(answer(state, "Influence equal to your total Glory"))
    assert state.houses[0].influence == 15 and state.houses[0].res["F"] == 0

    state, *_ = setup(F=4)
    state.houses[0].inactive = 2
    state = finish(act(state, "heroic_command", "Ascend", "build a safe haven level"))
    assert state.solo.havens[0] == [0] and state.houses[0].inactive == 1

    state, *_ = setup()
    h = state.houses[0]
    h.glory, h.track_corrupt["sta"] = [1, 4], True
    state = act(state, "heroic_command", "Utilize", "remove 1 Corruption", "t:sta")
    assert offers(state, "take 1 action of a preferred Focus card in hand or discard, paying its cost")
    state = finish(state)
    assert state.houses[0].glory == [4] and not state.houses[0].track_corrupt["sta"]

    state, *_ = setup(F=1)
    state.crisis.military[:] = ["H", MIL]
    state = finish(act(state, "heroic_command", "Repel", "remove a harbinger", "row:military"))
    assert state.crisis.military == [MIL]


def test_heroic_politics_inspire_assert_overthrow():
    """Assert (2E+1S): remove 1 Voidborn cube from an adjacent sector and/or invade; Overthrow
    (destroy an Installation): remove 1 Corruption and/or remove 1 harbinger."""
    state, *_ = setup(C=2, S=1)
    before = state.houses[0].tracks["sta"]
    state = finish(act(state, "heroic_politics", "Inspire", "advance Statecraft", "t:sta"))
    assert state.houses[0].tracks["sta"] == before + 1 and state.houses[0].res["C"] == 0

    state, home, mine, target = setup(E=2, S=1)
    state = act(state, "heroic_politics", "Assert", "remove 1 Voidborn cube")
    d = RULES.pending(state)[0]
    assert [(render(o.label), render(o.detail)) for o in d.options] == [
        (target.name, f"{target.name}: Voidborn cubes 1 -> 0; the last cube: the sector is abandoned and the Voidborn "
                      "retake it (2 cubes, Corrupted, a Bounty token)")]
    state = answer(state, f"v:{target.key}")
    assert sector(state, target.key).void == 2  # abandoned, and the Voidborn take it over again
    assert offers(state, "invade a sector")
    state = finish(state)

    state, home, mine, target = setup()
    sector(state, mine.key).installs = ["sd"]
    state.solo.harbingers = {target.key: 1}
    state.houses[0].track_corrupt["soc"] = True
    state = act(state, "heroic_politics", "Overthrow")
    assert not any("Corruption" in x for x in labels(state))  # "from a sector": a track marker is not one
    state = finish(answer(state, "remove a harbinger", f"map:{target.key}"))
    assert sector(state, mine.key).installs == [] and state.solo.harbingers.get(target.key, 0) == 0


def test_heroic_production_flourish_resupply_optimize():
    """Resupply (free): produce Food, Energy and Materials OR +1 Pure Population up to twice
    (same or different sectors) (FOCUS.md §3)."""
    state, home, mine, target = setup()
    sector(state, mine.key).guilds = ["fa", "en"]
    h = state.houses[0]
    h.trade, h.influence = 1, 10
    pure = sum(len(s.guilds) for s in controlled(state, 0) if not s.corrupted)
    state = finish(act(state, "heroic_production", "Flourish", "3 Influence per Pure Guild"))
    assert state.houses[0].influence == 10 + 3 * pure and state.houses[0].trade == 0

    state, home, mine, target = setup()
    state = act(state, "heroic_production", "Resupply")
    assert offers(state, "+1 Pure Population, up to 2 times (same or different sectors)")
    state = answer(state, "up to 2 times", "+1 Pure Population", f"p:{mine.key}", "+1 Pure Population", f"p:{mine.key}")
    assert sector(state, mine.key).pop == 4  # twice in the same sector
    state, home, mine, target = setup()
    home_pop = home.pop
    state = answer(act(state, "heroic_production", "Resupply", "up to 2 times"),
                   "+1 Pure Population", f"p:{mine.key}", "+1 Pure Population", f"p:{home.key}")
    assert sector(state, mine.key).pop == 3 and sector(state, home.key).pop == home_pop + 1
    state, home, mine, target = setup()
    sector(state, mine.key).guilds = ["fa", "en", "mi"]
    state = finish(act(state, "heroic_production", "Resupply", "produce Food, Energy, Materials"))
    assert all(state.houses[0].res[r] > 0 for r in "FEM")

    state, *_ = setup()
    before = state.houses[0].tracks["soc"]
    state = finish(act(state, "heroic_production", "Optimize", "advance Society", "t:soc"))
    assert state.houses[0].tracks["soc"] == before + 1


def test_heroic_progress_experiment_invent_restore():
    """Restore (discard a Glory token): deploy 1 cube and/or Regroup and/or remove an Economic
    or General crisis (never a Military one)."""
    state, home, mine, target = setup()
    state = finish(act(state, "heroic_progress", "Experiment", "establish a Scientists Guild", f"g:{mine.key}:sc"))
    assert sector(state, mine.key).guilds == ["sc"]

    state, *_ = setup(F=1)
    h = state.houses[0]
    h.active, h.track_corrupt["soc"] = 2, True
    state = act(state, "heroic_progress", "Invent")
    assert offers(state, "remove 1 Corruption")
    state = finish(answer(state, "remove 1 Corruption", "t:soc"))
    h = state.houses[0]
    assert h.res["F"] == 0 and h.active == 1 and not h.track_corrupt["soc"]

    state, *_ = setup()
    state.houses[0].glory = [1]
    state.solo.current = MIL
    state = act(state, "heroic_progress", "Restore")
    assert not any("discard a crisis" in x for x in labels(state))  # a Military crisis: not this card
    state = finish(state)
    state, *_ = setup()
    state.houses[0].glory = [1]
    state.solo.current = ECO
    state = finish(act(state, "heroic_progress", "Restore", "discard a crisis", f"c:{ECO}"))
    assert state.solo.current == "" and state.houses[0].glory == []


def test_heroic_prosperity_prosper_revolt_organize():
    """Revolt (destroy a Guild): gain a Trade token and/or remove 1 harbinger; Organize (free):
    gain an Agenda OR build an Installation."""
    state, *_ = setup(F=2)
    before = state.houses[0].tracks["eco"]
    state = finish(act(state, "heroic_prosperity", "Prosper", "advance Economy", "t:eco"))
    assert state.houses[0].tracks["eco"] > before and state.houses[0].res["F"] == 0

    state, home, mine, target = setup()
    sector(state, mine.key).guilds = ["fa"]
    state.crisis.economic[:] = ["H"]
    state = finish(act(state, "heroic_prosperity", "Revolt", "remove a harbinger", "row:economic"))
    assert sector(state, mine.key).guilds == [] and state.crisis.economic == []

    state, home, mine, target = setup()
    state = act(state, "heroic_prosperity", "Organize")
    assert all(offers(state, x) for x in {"gain an Agenda", "build an Installation"})
    state = finish(answer(state, "build an Installation", f"i:{mine.key}:yard"))
    assert sector(state, mine.key).installs == ["yard"]
    assert not any("Agenda" in x for x in labels(state))  # OR: one effect only


def test_heroic_reinforcement_accelerate_rally_resist():
    """Resist (gain 1 Corruption): build up to 2 Installations (same or different sectors) OR
    discard a Military or General crisis (FOCUS.md §3)."""
    state, *_ = setup(F=4)
    state = act(state, "heroic_reinforcement", "Accelerate")
    assert all(offers(state, x) for x in {"Regroup (move up to 5 cubes)", "gain 4 resource(s) of your choice", "advance your least advanced track"})
    state = finish(state)

    state, home, mine, target = setup(M=4)
    h = state.houses[0]
    h.inactive, h.active = 2, 0
    state = finish(act(state, "heroic_reinforcement", "Rally", "activate 1 cube(s)"))
    assert state.houses[0].active == 1 and state.houses[0].res["M"] == 0

    state, home, mine, target = setup()
    before = len(corrupted_places(state, 0))
    state = act(state, "heroic_reinforcement", "Resist")
    assert len(corrupted_places(state, 0)) == before + 1  # the cost: 1 Corruption gained
    state = answer(state, "build an Installation, up to 2 times", "build an Installation", f"i:{mine.key}:sd",
                   "build an Installation", f"i:{mine.key}:yard")
    state = finish(state)
    assert sector(state, mine.key).installs == ["sd", "yard"]
    state, home, mine, target = setup()
    state.solo.current = ECO
    state = act(state, "heroic_reinforcement", "Resist")
    assert not any("discard a crisis" in x for x in labels(state))  # an Economic crisis: not this card
    state = finish(state)


def test_heroic_temptation_exploit_harness_exert():
    """Harness: Corruption on one of your track markers, advance that track without its space
    reward and/or advance any track; Exert (remove an Agenda in play): activate 1 cube and/or
    deploy 1 in Home and/or produce 2 different resources."""
    state, *_ = setup(F=4)
    state = act(state, "heroic_temptation", "Exploit")
    assert offers(state, "gain 4 resource(s) of your choice")
    state = finish(state)

    state, *_ = setup()
    state = act(state, "heroic_temptation", "Harness")
    assert any("Corruption" in x for x in labels(state)) and offers(state, "advance any Civilization track")
    state = finish(state)

    state, *_ = setup()
    h = state.houses[0]
    h.agendas[0] = h.agendas[0] or sorted(AGENDAS)[0]
    h.inactive, h.active = 2, 0
    state = act(state, "heroic_temptation", "Exert")
    assert all(offers(state, x) for x in {"activate 1 cube(s)", "produce 2 different resource types"})
    state = finish(answer(state, "activate 1 cube(s)"))
    assert state.houses[0].active == 1 and not any(state.houses[0].agendas[:1])


# ---------------------------------------------------------------- co-op sharing icons
def _coop_group(hid, action, seed=4):
    from games.voidfall.effects import start_group

    state = fresh(2, seed)
    a = next(x for x in HEROIC[hid]["actions"] if x["name"] == action)
    start_group(state, 0, a["effects"], a["join"], a["name"])
    RULES.advance(state)
    return state


def test_joint_you_or_other_only_before_you_resolve_any_of_it():
    """你或其他玩家執行: one of you resolves the action, so once you used part of it, it can no
    longer be handed over."""
    state = _coop_group("heroic_production", "Optimize")  # remove 1 Corruption and/or advance Society
    assert offers(state, "instead")
    state = answer(state, "advance Society")
    assert not offers(state, "instead")


def test_joint_split_hands_over_only_what_you_did_not_use():
    """你和或其他玩家執行(雙方不可選擇同一效果執行): the other house gets the effects you left."""
    state = _coop_group("heroic_development", "Grow")  # Guild and/or 4 resources: split
    state.houses[0].res = {r: 0 for r in "FEMCS"}
    state = answer(state, "gain 4 resource(s)", "r:F", "r:F", "r:F", "r:F")
    state = answer(state, "resolves the effects you did not use", "p:1")
    d = RULES.pending(state)[0]
    assert d.seat == 1 and [render(o.label) for o in d.options] == ["establish a Guild", "Done"]  # never the same effect twice


def test_joint_each_both_houses_resolve_it_separately():
    """你和/或其他玩家執行(分開結算): another house resolves the whole action too; you keep yours."""
    state = _coop_group("heroic_production", "Resupply")  # produce F/E/M OR Population x2: each
    state = answer(state, "another house also resolves this action", "p:1")
    d = RULES.pending(state)[0]
    assert d.seat == 1 and "shared by" in render(d.prompt)
    state = answer(state, "produce Food, Energy, Materials")
    d = RULES.pending(state)[0]
    assert d.seat == 0 and offers(state, "produce Food, Energy, Materials")
