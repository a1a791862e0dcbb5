"""Rules-fidelity scenarios from issue 22 (items 6-11): each quotes the passage it checks and
plays a built situation through the contract (setup / pending / apply / view)."""

from games.voidfall import RULES
from games.voidfall.state import Task

from .helpers import decision, fresh, pick


def _upkeep_decision(state, seat, food, energy=0, materials=0):
    h = state.houses[seat]
    h.res = {"F": food, "E": energy, "M": materials, "C": 0, "S": 0}
    h.influence = 20
    state.tasks.append(Task("upkeep", seat, {}))
    RULES.advance(state)
    return decision(state)


def test_6_upkeep_must_be_paid_as_far_as_possible():
    """維護:...為每點維護支付一點糧食或兩點物質/能量組合...你必須儘可能的支付,
    當你不能支付時每個缺少的資源-3點影響力.
    A house holding enough Food for its whole Upkeep may not leave any of it unpaid."""
    state = fresh(2)
    h = state.houses[0]
    h.agendas, h.agenda_trade = ["D1", "", ""], [False] * 3
    probe = _upkeep_decision(state, 0, food=0)
    due = int(probe.prompt.split("Upkeep: ")[1].split(" ")[0])
    assert due >= 2
    state.tasks.pop()
    d = _upkeep_decision(state, 0, food=due)
    assert [o.detail for o in d.options] == ["Upkeep fully paid"]
    state = pick(state, d.options[0].id)
    assert state.houses[0].influence == 20 and state.houses[0].res["F"] == 0


def test_6_partial_payment_leaves_only_the_unavoidable_shortfall():
    """你必須儘可能的支付: with 1 Food and 2 Energy short of a larger Upkeep, every option pays
    both Upkeep those resources can cover (1 Food + 1 pair of Energy); none pays less."""
    state = fresh(2)
    h = state.houses[0]
    h.agendas, h.agenda_trade = ["D1", "M1", ""], [False] * 3
    d = _upkeep_decision(state, 0, food=1, energy=2)
    due = int(d.prompt.split("Upkeep: ")[1].split(" ")[0])
    assert due > 2
    assert {o.detail for o in d.options} == {f"{due - 2} unpaid: -{3 * (due - 2)} Influence"}
