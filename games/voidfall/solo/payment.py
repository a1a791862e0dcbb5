"""The Voidborn economic payment of an assault or a war card (article 突擊 / 虛空前進步驟:
支付資源,根據危機面板上最左側空閒的經濟軌道進行結算,你必須儘可能的支付,信用可以充當除科技外的資源,
當你不能支付時每個缺少的資源-3點影響力).

You must pay as much as you can, so how many resources you pay (and the Influence lost for
the rest) is fixed by your stock. The only choice is which ones: a Credit may stand in for a
Food, Energy or Materials (never Science). Every distinct way to pay (what leaves your stock)
is one option, the one that keeps your scarcest resources first; a single way is paid without
asking.
"""

from __future__ import annotations

from itertools import product

from games.core import Decision
from games.core.errors import IllegalChoice
from games.core.i18n import Text

from ..board import name
from ..data import RES
from ..economy import lose_influence
from ..messages import T, joined
from ..state import Task, VoidfallState
from ..tasks import dec, done, fitted, handler
from .content import res_name
from .crises import amounts, cost_words
from .havens import evaluation_havens

MISSING = 3  # article: 每個缺少的資源-3點影響力
SUBSTITUTED = "FEM"  # article: 信用可以充當除科技外的資源


def plans(stock: dict, cost: dict) -> list[dict]:
    """Every distinct way to pay `cost` from `stock` that pays as much as possible, as
    {resource: amount paid}; the way that keeps the scarcest resources comes first."""
    named = [r for r in SUBSTITUTED if cost.get(r)]
    credits = stock.get("C", 0)
    ways = []
    for xs in product(*(range(min(cost[r], stock.get(r, 0)) + 1) for r in named)):
        paid = {r: 0 for r in RES}
        for r, x in zip(named, xs):
            paid[r] = x
        open_ = cost.get("C", 0) + sum(cost[r] - x for r, x in zip(named, xs))
        paid["C"] = min(credits, open_)
        for r, n in cost.items():
            if r not in SUBSTITUTED and r != "C":
                paid[r] = min(n, stock.get(r, 0))
        ways.append(paid)
    best = max(sum(p.values()) for p in ways)
    ways = [p for p in ways if sum(p.values()) == best]
    return sorted(ways, key=lambda p: _keeps(stock, p))


def _keeps(stock: dict, paid: dict) -> tuple:
    """Sort key: the lowest remaining stock of Food/Energy/Materials/Credits highest first,
    then fewer Credits used (they stand in for anything)."""
    left = sorted(stock.get(r, 0) - paid[r] for r in "FEMC")
    return tuple(-n for n in left) + (paid["C"],)


def missing(cost: dict, paid: dict) -> int:
    return sum(cost.values()) - sum(paid.values())


def paid_text(paid: dict[str, int]) -> Text:
    return amounts(paid) or T("nothing")


def short_labels(cost: dict, paid: dict) -> list[Text]:
    """Shorter labels of a way to pay: what is paid, then where the Credits stand in ("Credits for
    Energy"), or which named resources are paid when the Credits stand in for more of them
    ("Food + Credits")."""
    credits = paid.get("C", 0) - cost.get("C", 0)
    if credits <= 0:
        return [paid_text(paid), T("no Credits")]
    named = [r for r in SUBSTITUTED if cost.get(r)]
    replaced = [r for r in named if cost[r] > paid.get(r, 0)]
    kept = [r for r in named if paid.get(r, 0)]
    if not kept:
        return [paid_text(paid), T("all in Credits")]
    if len(replaced) <= len(kept):
        return [paid_text(paid), T("Credits for {what}", what=joined([res_name(r) for r in replaced], T("{a}/{b}")))]
    return [paid_text(paid), T("{what} + Credits", what=joined([res_name(r) for r in kept], T("{a}/{b}")))]


def plan_id(paid: dict) -> str:
    return "p:" + ":".join(str(paid[r]) for r in RES)


def plan_detail(state: VoidfallState, seat: int, cost: dict[str, int], paid: dict[str, int]) -> Text:
    h = state.houses[seat]
    stock = joined([T("{resource} {before} -> {after}", resource=res_name(r), before=h.res.get(r, 0), after=h.res.get(r, 0) - n)
                    for r, n in paid.items() if n], T("{a}; {b}"))
    miss = missing(cost, paid)
    loss = (T("{n} missing: Influence {before} -> {after}", n=miss, before=h.influence, after=max(0, h.influence - miss * MISSING))
            if miss else T("nothing missing, no Influence lost"))
    return T("{a}; {b}", a=stock, b=loss) if stock else loss


def economic_payment(state: VoidfallState, seat: int, cost: dict, paid: dict | None = None) -> int:
    """Pay the Voidborn `paid` (default: the first way) and lose 3 Influence per missing
    resource (never below 0). Returns the number of missing resources."""
    h = state.houses[seat]
    paid = paid or plans(h.res, cost)[0]
    for r, n in paid.items():
        h.res[r] = h.res.get(r, 0) - n
    state.say(T("{seat} pays the Voidborn {paid} (asked: {cost}).", seat=name(seat), paid=paid_text(paid), cost=cost_words(cost)))
    miss = missing(cost, paid)
    if miss:
        lose_influence(state, seat, miss * MISSING, T("{n} resource(s) missing for the Voidborn", n=miss), "voidborn")
    return miss


@handler("solo_payment")
class Payment:
    """The payment after the assault's skirmish (pushed before the skirmish runs, so whatever
    the skirmish asks the defender comes first). data: cost, havens (the evaluation safe-haven
    check follows the payment)."""

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        cost = task.data["cost"]
        ways = plans(state.houses[task.seat].res, cost)
        if len(ways) < 2:
            return []
        options = fitted([(plan_id(p), [(T("pay {paid}", paid=paid_text(p)), plan_detail(state, task.seat, cost, p))]
                           + [(label, T("pay {paid}: {detail}", paid=paid_text(p), detail=plan_detail(state, task.seat, cost, p)))
                              for label in short_labels(cost, p)]) for p in ways])
        return [dec(task.seat, T("The Voidborn demand {cost}. You pay as much as you can; "
                                 "choose which (a Credit may stand in for Food, Energy or Materials).", cost=cost_words(cost)), options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        Payment._finish(state, task, None)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        ways = plans(state.houses[task.seat].res, task.data["cost"])
        paid = next((p for p in ways if plan_id(p) == choice), None)
        if paid is None:
            raise IllegalChoice(T("no such way to pay the Voidborn: {choice}", choice=choice))
        Payment._finish(state, task, paid)

    @staticmethod
    def _finish(state: VoidfallState, task: Task, paid) -> None:
        done(state, task)
        economic_payment(state, task.seat, task.data["cost"], paid)
        if task.data.get("havens", True):
            evaluation_havens(state, task.seat)
