"""Rules-fidelity scenarios from issue 22 (items 6-11): each quotes the passage it checks and
plays a built situation through the contract (setup / pending / apply / view)."""

from games.voidfall import RULES
from games.voidfall.combat import Side, initiative, resolve
from games.voidfall.data import EVENTS
from games.voidfall.state import Task
from games.voidfall.tokens import draw_reclaim

from games.voidfall.board import adjacent as RULES_adjacent, sector
from tests.support.english import english

from .helpers import decision, fresh, ids, own, pick, pick_label, run


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
    due = int(english(probe.prompt).split("Upkeep: ")[1].split(" ")[0])
    assert due >= 2
    state.tasks.pop()
    d = _upkeep_decision(state, 0, food=due)
    assert [english(o.detail) for o in d.options] == [f"Food {due} -> 0; Upkeep fully paid"]
    state = pick(state, d.options[0].id)
    assert state.houses[0].influence == 20 and state.houses[0].res["F"] == 0


def test_6_partial_payment_leaves_only_the_unavoidable_shortfall():
    """你必須儘可能的支付: with 1 Food and 2 Energy short of a larger Upkeep, every option pays
    both Upkeep those resources can cover (1 Food + 1 pair of Energy); none pays less."""
    state = fresh(2)
    h = state.houses[0]
    h.agendas, h.agenda_trade = ["D1", "M1", ""], [False] * 3
    d = _upkeep_decision(state, 0, food=1, energy=2)
    due = int(english(d.prompt).split("Upkeep: ")[1].split(" ")[0])
    assert due > 2
    assert {english(o.detail) for o in d.options} == {
        f"Food 1 -> 0, Energy 2 -> 0; {due - 2} unpaid: Influence 20 -> {20 - 3 * (due - 2)}"}


def _take_trade_token(state, seat):
    """Let `seat` gain a Trade token through an effect and return the bonus decision (or None)."""
    state.houses[seat].techs.pop("trade_nexus", None)
    state = pick(run(state, seat, [{"do": "trade"}]), "e0")
    ds = RULES.pending(state)
    return state, (ds[0] if ds and "Trade bonus" in str(ds[0].prompt) else None)


def test_7_first_trade_token_from_a_full_board_gives_one_science():
    """拿取星系面板上最下方的一個貿易指示物,玩家可以獲得該貿易指示物右側及其下方所示的一個貿易獎勵.
    HOUSES.md Trade bonus track: 6 tokens left -> 1 Science ... 1 token left -> 3 Influence."""
    state = fresh(2)
    state.trade_board = [1] * 6
    h = state.houses[0]
    science, influence = h.res["S"], h.influence
    state, d = _take_trade_token(state, 0)
    if d is not None:  # a single bonus may still be shown; it must be the Science
        assert [str(o.label) for o in d.options] == ["gain 1 Science", "Done"]
        state = pick(state, d.options[0].id)
    h = state.houses[0]
    assert state.trade_board == [1, 1, 1, 1, 1, 0]
    assert h.res["S"] == science + 1 and h.influence == influence


def test_7_last_trade_token_offers_three_influence():
    """...其下方所示的一個貿易獎勵: the last token on the board (1 token left) shows 3 Influence,
    and every bonus below it may be taken instead."""
    state = fresh(2)
    state.trade_board = [1, 0, 0, 0, 0, 0]
    state, d = _take_trade_token(state, 0)
    labels = [str(o.label) for o in d.options]
    assert any("3 Influence" in text for text in labels)
    assert "+1 Science" in labels
    influence = state.houses[0].influence
    state = pick_label(state, "3 Influence")
    assert state.houses[0].influence == influence + 3


def test_7_second_token_offers_bounty_or_science_not_influence():
    """5 tokens left -> Bounty token (or the 1 Science below it); 3 Influence is only at the top."""
    state = fresh(2)
    state.trade_board = [1, 1, 1, 1, 1, 0]
    state, d = _take_trade_token(state, 0)
    labels = " | ".join(str(o.label) for o in d.options)
    assert labels == "gain a Bounty token | gain 1 Science | Done"


def test_9_defending_sentries_give_no_initiative_even_with_improved_sentries():
    """齊射階段計算主動性:...進攻方每艘哨艦獲得一點主動性 (COMBAT.md §3: Sentry FP, Defender 0).
    2 Corvettes invade 1 Sentry of a house with Improved Sentries: the Sentry's Approach damage
    takes one Corvette, then the last Corvette (Initiative 1 against 0) fires first and the Sentry
    cannot fire back: the invader wins with 1 cube instead of a mutual wipe."""
    res = resolve(Side(cubes={"corvette": 2}), Side(cubes={"sentry": 1}, techs={"sentries": "improved"}))
    assert res.winner == "invader" and res.invader == {"corvette": 1}
    assert initiative(Side(techs={"sentries": "improved"}), {"sentry": 3}, invader=False) == 0
    assert initiative(Side(techs={"sentries": "improved"}), {"sentry": 3}, invader=True) == 3


def test_10_a_beaten_fallen_house_sectors_glory_goes_to_the_invader():
    """COMBAT.md §7: Invader wins vs VB/neutral: ... Bounty, Reclaim and Glory tokens go to the
    Invader. 每個隕落家族控制的星系擁有兩個星系防禦...如果進攻方還有任何艦隊則可以將其解救.
    3 Corvettes rescue the Fallen House (Glory 1 printed): its Glory token joins the invader's."""
    state = fresh(2)
    fallen = next(s for s in state.sectors if s.fallen)
    assert fallen.glory == [1]
    near = next(k for k in RULES_adjacent(state, fallen.key) if sector(state, k).home_of < 0 and not sector(state, k).fallen)
    own(state, 0, near, {"corvette": 4}, markers={"corvette": [3, 1]})  # one stays: no abandon
    h = state.houses[0]
    before = sorted(h.glory)
    state = run(state, 0, [{"do": "invade"}])
    if ids(state)[0] == "e0":
        state = pick(state, "e0")
    state = pick(state, f"t:{fallen.key}")
    for _ in range(3):
        state = pick(state, f"m:{near}:corvette")
    state = pick(state, "go")
    assert sector(state, fallen.key).owner == 0
    assert sector(state, fallen.key).glory == []
    assert sorted(state.houses[0].glory) == sorted(before + [1])


def test_11_empty_bounty_supply_offers_influence_or_a_resource():
    """某些特殊情況下供應堆指示物用完,玩家在需要獲得或者放置指示物時可以選擇獲得1點影響力或者一點資源."""
    state = fresh(2)
    state.bounty_bag = []
    h = state.houses[0]
    credits, influence = h.res["C"], h.influence
    state = pick(run(state, 0, [{"do": "bounty"}]), "e0")
    d = decision(state)
    labels = [str(o.label) for o in d.options]
    assert "gain 1 Influence" in labels and "gain 1 resource" in labels
    state = pick_label(state, "gain 1 resource")
    state = pick_label(state, "Credit")
    assert state.houses[0].res["C"] == credits + 1 and state.houses[0].influence == influence


def test_11_empty_reclaim_supply_offers_influence_or_a_resource():
    """The same passage for a Reclaim token (收復指示物) drawn from an empty supply: 1 Influence chosen."""
    state = fresh(2)
    state.reclaim_bag = []
    influence = state.houses[0].influence
    draw_reclaim(state, 0, next(s.key for s in state.sectors if s.home_of == 0))
    RULES.advance(state)
    state = pick_label(state, "gain 1 Influence")
    assert state.houses[0].influence == influence + 1


def test_8_pay_to_upgrade_glory_needs_a_glory_token_to_upgrade():
    """從上到下結算星系事件卡牌左邊所示內容:實線邊框必須被完整結算(如果有部分不能結算則不能結算該實線邊框).
    Event 3I, solid frame: pay 1 Credit to upgrade a Glory token OR discard a Glory token for 3
    Credits. A house with no Glory token can do neither: the frame is skipped, no Credit paid."""
    state = fresh(2)
    state.event = "3I"
    state.perms = []
    for h in state.houses:
        h.glory = []
        h.res["C"] = 5
    state.tasks.append(Task("frames", -1, {"i": 0}))
    RULES.advance(state)
    for _ in range(20):
        if state.tasks[-1].kind == "turn":
            break
        d = decision(state)
        assert not any("pay 1 Credit" in english(o.label) for o in d.options), [english(o.label) for o in d.options]
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    assert [h.res["C"] for h in state.houses] == [5, 5]


def test_8_pay_to_upgrade_glory_still_offered_with_an_upgradable_token():
    """The same frame with a Glory 2 token: paying 1 Credit upgrades it to 3."""
    state = fresh(2)
    h = state.houses[0]
    h.glory, h.res["C"] = [2], 5
    frame = EVENTS["3I"]["frames"][0]
    state = run(state, 0, frame["effects"], join="or")
    state = pick_label(state, "upgrade a Glory token")
    for _ in range(5):
        if state.houses[0].glory == [3]:
            break
        state = pick(state, decision(state).options[0].id)
    assert state.houses[0].glory == [3] and state.houses[0].res["C"] == 4
