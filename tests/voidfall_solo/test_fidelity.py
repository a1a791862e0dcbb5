"""Solo/co-op rules-fidelity scenarios from issue 22 (items 13-15): each quotes the passage it
checks and plays a built situation through the contract where it can."""

from games.voidfall import RULES
from games.voidfall.solo import api as solo
from games.voidfall.state import Task

from tests.voidfall.helpers import run

from .helpers import decision, fresh, pick, settle


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
