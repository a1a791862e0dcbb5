"""Solo/co-op rules-fidelity scenarios from issue 22 (items 13-15): each quotes the passage it
checks and plays a built situation through the contract where it can."""

from games.core.i18n import render
from games.voidfall import RULES
from games.voidfall.cycle import prepare
from games.voidfall.evaluation import skirmish_strength
from games.voidfall.solo.mode import VOIDBORN as solo
from games.voidfall.solo.board import harbinger_map_choices, military_value
from games.voidfall.solo.content import CRISES
from games.voidfall.solo.havens import build_level
from games.voidfall.state import Task

from tests.voidfall.helpers import run

from .helpers import clear_board, decision, fresh, pick, push_and_run, sector


def _overproduce(state, seat, times=1):
    """`seat` produces Food and Energy with full stocks: each is one overproduction."""
    h = state.houses[seat]
    for r in ("F", "E")[:times]:
        h.res[r] = 15
    state = pick(run(state, seat, [{"do": "produce", "res": ["F", "E"][:times]}]), "e0")
    assert state.tasks[-1].kind not in ("group", "eff")
    return state


def _levels(state):
    return [list(t) for t in state.solo.havens]


def test_15_preparation_overproduction_is_not_added_to_the_next_turn():
    """當你在同一回合內過量生產至少兩次時...因為準備階段和評估階段也可能會過量生產,
    因此可以將其看做一個單獨的回合來結算是否在同一回合內過量生產至少兩次.
    One overproduction in the Preparation and one in the house's own turn: two turns, no level."""
    state = fresh(1)
    turn = state.tasks[-1]
    state.phase = "preparation"
    state = _overproduce(state, 0)
    state.phase = "focus"
    state = _overproduce(state, 0)
    assert state.houses[0].overproduced_turn == 1
    solo.turn_end(state, 0)
    assert _levels(state) == [[] for _ in state.solo.havens]
    assert turn.kind == "turn"


def test_15_overproducing_twice_in_another_houses_turn_builds_a_level_at_that_turn():
    """在當回合其他玩家行動時如果你達到該條件...也可建造一級安全天堂,但每回合只能通過這種方式建造一級.
    Co-op: house 1 overproduces twice during house 0's turn; that turn counts on its own, so the
    level is built when that turn ends (not added to house 1's next turn)."""
    state = fresh(2)
    assert state.tasks[-1].seat == 0
    inactive = state.houses[1].inactive
    state = _overproduce(state, 1, times=2)
    solo.turn_end(state, 0)
    assert _levels(state)[0] == [1] and state.houses[1].inactive == inactive - 1
    solo.turn_end(state, 0)  # once per turn
    assert _levels(state)[0] == [1]


def test_15_one_overproduction_in_another_turn_and_one_in_your_own_build_nothing():
    """Counts on its own: one overproduction during house 0's turn, one in house 1's own next
    turn -> never two in one turn."""
    state = fresh(2)
    state = _overproduce(state, 1)
    solo.turn_end(state, 0)
    state.turn_idx = 1  # house 1's turn now
    state = _overproduce(state, 1)
    solo.turn_end(state, 1)
    assert _levels(state) == [[] for _ in state.solo.havens]


def test_15_evaluation_overproduction_is_checked_once_its_objectives_are_scored():
    """因為準備階段和評估階段也可能會過量生產,因此可以將其看做一個單獨的回合: the Evaluation's check runs
    after the Agenda objectives (just before the Focus cards are refreshed)."""
    state = fresh(1)
    state.phase = "evaluation"
    state = _overproduce(state, 0, times=2)
    state.tasks = []
    state.tasks.append(Task("refresh", -1, {}))
    state.tasks.append(Task("agendas", 0, {}))
    solo.evaluation(state)
    kinds = [t.kind for t in state.tasks]
    assert kinds.index("refresh") + 1 == kinds.index("solo_overproduced") < kinds.index("agendas")
    RULES.advance(state)
    for _ in range(200):
        ds = RULES.pending(state)
        if not ds:
            break
        state = RULES.apply(state, ds[0].seat, RULES.bot_choice(state, ds[0].seat))
    assert not state.tasks and _levels(state)[0] == [0]


# ---------------------------------------------------------------- item 14: the player's choices
def _pending(state):
    RULES.advance(state)
    return decision(state)


def test_14_preparation_harbinger_goes_on_the_row_the_player_picks():
    """準備階段...將前驅放置在危機面板上的任意軌道(如果難度設置輔助卡牌上顯示)."""
    state = clear_board(fresh(1, 3, difficulty="hard"))
    state.cycle = 2
    state.tasks = []
    solo.preparation(state)
    state.tasks = [t for t in state.tasks if t.kind == "solo_row"]
    d = _pending(state)
    assert render(d.prompt).startswith("Preparation: a harbinger") and [o.id for o in d.options] == ["row:military", "row:economic"]
    state = pick(state, "row:economic")
    assert state.crisis.economic == ["H"] and state.crisis.military == []


def test_14_the_house_chooses_the_voidborn_sector_of_a_harbinger():
    """當玩家將前驅放置在星系上時玩家從供應堆拿取一個前驅指示物並選擇一個與自己相鄰的虛空造物星系,
    如果有多個則必須選擇其上沒有前驅的虛空造物星系."""
    state = clear_board(fresh(1, 8))
    state.solo.harbingers = {}
    cid = next(c for c in sorted(CRISES) if "harbinger" in CRISES[c]["penalty"] and CRISES[c]["level"] > 0)
    state.solo.alert, state.solo.current = "I", cid
    push_and_run(state, "solo_advance", 0)
    state = RULES.apply(state, 0, "pen")
    d = decision(state)
    assert render(d.prompt).startswith("A harbinger comes next to you") and len(d.options) >= 2
    last = d.options[-1].id
    state = pick(state, last)
    assert state.solo.harbingers == {last[4:]: 1}


def test_14_a_harbinger_already_there_is_not_offered_while_a_free_sector_is():
    """如果有多個則必須選擇其上沒有前驅的虛空造物星系."""
    state = clear_board(fresh(1, 8))
    state.solo.harbingers = {}
    every = [s.key for s in harbinger_map_choices(state, 0)]
    assert len(every) >= 2
    state.solo.harbingers = {every[0]: 1}
    assert [s.key for s in harbinger_map_choices(state, 0)] == every[1:]


def test_14_a_safe_haven_reward_removes_the_harbinger_the_house_picks():
    """當玩家移除前驅時可以選擇一個位於星系板塊或危機面板的前驅指示物並將其放回供應堆."""
    state = clear_board(fresh(2, 3, difficulty="hard"))
    assert sorted(state.solo.harbingers) == ["0,-1", "1,0"]  # hard: both co-op harbinger sectors
    for seat in (0, 1):
        state.houses[seat].inactive = 5
    for i in range(state.solo.haven_sizes[0]):
        build_level(state, i % 2, "test")
    d = _pending(state)
    state = RULES.apply(state, d.seat, "r:remove_harbinger")
    d = decision(state)
    assert {o.id for o in d.options} == {"map:0,-1", "map:1,0"}
    state = pick(state, "map:1,0")
    assert state.solo.harbingers == {"0,-1": 1}


def test_14_a_haven_level_without_spare_cubes_recalls_and_deactivates_one():
    """當你建造一級安全天堂時將一個未激活區的艦隊力量方塊放置在對應安全天堂最下方的空格,如果你未激活區沒有
    艦隊力量方塊,可以停用一個艦隊力量方塊,如果已激活區也沒有艦隊力量方塊,可以召回並停用一個艦隊力量方塊."""
    state = fresh(1, 3)
    h = state.houses[0]
    h.inactive = h.active = 0
    home = next(s for s in state.sectors if s.home_of == 0)
    cubes = sum(home.fleet.values())
    assert cubes >= 1
    state = pick(run(state, 0, [{"do": "solo_haven"}]), "e0")
    d = decision(state)
    assert d.options[-1].id == "none" and any(o.id.startswith(f"c:{home.key}:") for o in d.options)
    state = pick(state, next(o.id for o in d.options if o.id.startswith(f"c:{home.key}:")))
    home = next(s for s in state.sectors if s.home_of == 0)
    assert state.solo.havens[0] == [0] and sum(home.fleet.values()) == cubes - 1
    assert state.houses[0].inactive == 0 and state.houses[0].active == 0


def test_14_coop_turn_order_is_decided_jointly():
    """決定回合順位...在二/三/四人遊戲中,共同決定回合順位: one joint choice among every order, not
    the competitive lowest-Influence-first picks."""
    state = fresh(2, 3)
    state.cycle = 2
    state.tasks = []
    prepare(state)
    d = _pending(state)
    assert d.seat == state.order[0] and render(d.prompt).startswith("Co-op: decide the turn order together")
    assert len(d.options) == 2
    state = pick(state, "o:10")
    assert state.order == [1, 0] and not state.tasks


def test_14_a_crisis_may_be_resolved_during_another_houses_turn():
    """你可以在準備階段或評估階段解決危機卡牌,如果你因為其他人的聯合焦點卡牌使你可以解決危機卡牌,
    那麼你也可以在其他玩家回合解決危機卡牌. House 1 can pay the current crisis at the end of house 0's turn."""
    state = clear_board(fresh(2, 3))
    cid = next(c for c in sorted(CRISES) if CRISES[c]["cond"]["kind"] == "pay")
    state.solo.current = cid
    state.houses[0].res = {r: 0 for r in "FEMCS"}
    state.houses[1].res = {r: 9 for r in "FEMCS"}
    state.tasks = []
    solo.turn_end(state, 0)
    state.tasks = [t for t in state.tasks if t.kind == "solo_check"]
    d = _pending(state)
    assert d.seat == 1 and render(d.prompt) == "Resolve a crisis by paying its cost?"
    state = pick(state, f"pay:{cid}")
    assert state.solo.current == "" and cid in state.solo.resolved


# ---------------------------------------------------------------- item 13: solo/co-op Event clauses
def _event(state, code, cycle):
    """Reveal Event `code` in Cycle `cycle` and resolve its frames with the bots, up to the
    first decision `stop` would not answer (returns the state at the Focus choice)."""
    state.event, state.cycle, state.perms = code, cycle, []
    state.tasks = [t for t in state.tasks if t.kind == "cycle"] + [Task("frames", -1, {"i": 0})]
    RULES.advance(state)
    return state


def _bots(state, until=lambda d: False):
    for _ in range(200):
        ds = RULES.pending(state)
        if not ds or until(ds[0]) or (state.tasks and state.tasks[-1].kind in ("cycle", "turn")):
            return state
        state = RULES.apply(state, ds[0].seat, RULES.bot_choice(state, ds[0].seat))
    return state


def test_13_2f_ignores_the_crisis_board_in_the_cycle_2_evaluation():
    """EVENTS.md 2F (Scorched Earth): M perm: ignore the Crisis board in the Cycle 2 Evaluation
    (solo/co-op: no Voidborn assault, no payment)."""
    state = _bots(_event(clear_board(fresh(1, 3)), "2F", 2))
    assert "no_crisis_board" in state.perms
    state.tasks = [Task("refresh", -1, {})]
    solo.evaluation(state)
    kinds = [t.kind for t in state.tasks]
    assert "solo_assault" not in kinds and "solo_payment" not in kinds and "solo_check" in kinds


def test_13_2f_competitive_has_no_crisis_board_clause():
    from tests.voidfall.helpers import fresh as competitive

    state = competitive(2)
    state = _bots(_event(state, "2F", 2))
    assert "no_crisis_board" not in state.perms


def test_13_2j_guardians_on_rifts_extra_cubes_and_objective_b_no_catastrophe():
    """EVENTS.md 2J (Growing Threat): M once: a Guardian on every Rift ... M perm: before the
    first Evaluation step, +1 Voidborn FP on every Voidborn sector with a Guardian | B: No
    Catastrophe on the Crisis board: remove 1 Corruption."""
    state = clear_board(fresh(1, 3))
    rifts = [s.key for s in state.sectors if s.type == "rift" and s.void > 0]
    assert rifts
    state.solo.harbingers = {}
    state = _bots(_event(state, "2J", 2))
    assert all(state.solo.harbingers.get(k) == 1 for k in rifts) and "guardian_void" in state.perms
    before = {k: sector(state, k).void for k in state.solo.harbingers}
    state.tasks = [Task("refresh", -1, {})]
    solo.evaluation(state)
    for k, v in before.items():
        assert sector(state, k).void == min(v + 1, sector(state, k).void_cap)
    state.tasks = [Task("galactic", 0, {})]
    d = _pending(state)
    assert "no catastrophe on the crisis board" in render(d.options[1].detail)
    state.crisis.catastrophes = 1
    marks = state.houses[0].decon
    state = pick(state, "b")
    assert not state.tasks and state.houses[0].decon == marks


def test_13_3j_offers_a_permanent_crisis_with_a_catastrophe_a_guardian_or_corruption():
    """EVENTS.md 3J (Last Breath): M each, choose one: discard a permanent Crisis and add a
    Catastrophe (the Catastrophe bonus applies); OR place a Guardian on a Voidborn sector; OR gain
    1 Corruption on the House mat."""
    state = clear_board(fresh(1, 3))
    cid = next(c for c in sorted(CRISES) if CRISES[c]["cat"] == "mil" and CRISES[c]["level"] > 0)
    state.crisis.military[:] = [cid]
    state = _event(state, "3J", 3)
    d = decision(state)
    labels = [render(o.label) for o in d.options]
    details = [render(o.detail) for o in d.options]
    assert "discard permanent crisis" in labels and any("catastrophes 0 -> 1" in text for text in details)
    assert "place a harbinger" in labels
    assert any("Corruption" in text for text in labels)
    state = pick(state, d.options[labels.index("discard permanent crisis")].id)
    state = pick(state, f"c:{cid}")
    assert state.crisis.military == [] and state.crisis.catastrophes == 1
    assert render(decision(state).prompt) == "A catastrophe struck: your consolation."


def test_13_3g_delayed_skirmish_after_the_void_advance_with_the_military_slot():
    """EVENTS.md 3G: M delayed: after their first turn, each player resolves a Skirmish with +1
    Voidborn FP (co-op/solo: after that turn's Void Advance step); as an assault it gets the
    leftmost free military slot's bonus."""
    state = clear_board(fresh(1, 3))
    state.event = "3G"
    state.tasks = [t for t in state.tasks if t.kind == "cycle"]
    d = {"phase": "focus", "r": 0, "t": len(state.order)}
    assert solo.focus_step(state, d)
    assert [t.kind for t in state.tasks[-2:]] == ["frame", "solo_advance"]
    cid = next(c for c in sorted(CRISES) if CRISES[c]["cat"] == "mil" and CRISES[c]["level"] > 0)
    state.crisis.military[:] = [cid]
    state.houses[0].track_corrupt = {k: True for k in state.houses[0].track_corrupt}
    strength = skirmish_strength(state, 0, 1 + military_value(state))
    state.tasks.pop()  # no alert card: skip the void advance
    RULES.advance(state)
    assert any(f"{strength} Voidborn cubes" in render(line.text) or f"Voidborn ({strength} cubes)" in render(line.text) for line in state.log)


def test_13_3g_competitive_delayed_skirmish_stays_after_each_first_turn():
    from tests.voidfall.helpers import fresh as competitive

    state = competitive(2)
    state.event = "3G"
    cycle = next(t for t in state.tasks if t.kind == "cycle")
    cycle.data.update(phase="focus", r=0, t=0)
    state.tasks = [cycle]
    RULES.advance(state)
    assert [t.kind for t in state.tasks][-2:] == ["frame", "turn"]


def test_13_1j_joint_clause_two_corruption_to_remove_a_guardian():
    """EVENTS.md 1J (Know Your Enemy): O joint: gain 2 Corruption in total (may go on Decon) to
    remove a Guardian from a sector."""
    state = clear_board(fresh(1, 3))
    state.solo.harbingers = {"1,0": 1}
    state = _bots(_event(state, "1J", 1), until=lambda d: any("2 Corruption" in render(o.detail) for o in d.options))
    d = decision(state)
    choice = next(o for o in d.options if "2 Corruption" in render(o.detail))
    assert "gain 2 Corruption to remove a harbinger from a sector" in render(choice.detail)
