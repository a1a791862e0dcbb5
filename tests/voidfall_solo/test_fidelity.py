"""Solo/co-op rules-fidelity scenarios from issue 22 (items 13-15): each quotes the passage it
checks and plays a built situation through the contract where it can."""

from games.voidfall import RULES
from games.voidfall.cycle import prepare
from games.voidfall.solo import api as solo
from games.voidfall.solo.board import harbinger_map_choices
from games.voidfall.solo.content import CRISES
from games.voidfall.solo.havens import build_level
from games.voidfall.state import Task

from tests.voidfall.helpers import run

from .helpers import clear_board, decision, fresh, pick, push_and_run


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
    assert d.prompt.startswith("Preparation: a harbinger") and [o.id for o in d.options] == ["row:military", "row:economic"]
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
    assert d.prompt.startswith("A harbinger comes next to you") and len(d.options) >= 2
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
    state = clear_board(fresh(2, 3))
    assert sorted(state.solo.harbingers) == ["0,-1", "1,0"]
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
    assert d.seat == state.order[0] and d.prompt.startswith("Co-op: decide the turn order together")
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
    assert d.seat == 1 and d.prompt == "Resolve a crisis by paying its cost?"
    state = pick(state, f"pay:{cid}")
    assert state.solo.current == "" and cid in state.solo.resolved
