"""Co-op resource exchange (article 資源存儲: 在合作模式中,你可以與另一個玩家交換資源。這樣做時,您可以
支付指定數量的資源(任何類型的)。然後,另一個玩家將獲得相同數量的相同類型的資源。然後,該玩家可能會執行
類似的行動來讓你獲得資源).

Designed timing: at the end of each of your turns you may give resources one at a time to
another house; each house that received may then give back to you the same way.
"""

from __future__ import annotations

from games.core import Decision

from ..board import name
from ..data import RES
from ..messages import T
from ..state import Task, VoidfallState
from ..tasks import dec, done, handler, opt, push
from .content import res_name
from .crises import amounts

CAP = 15


@handler("solo_exchange")
class Exchange:
    @staticmethod
    def _targets(state: VoidfallState, task: Task) -> list[int]:
        back = task.data.get("to")
        return [back] if back is not None else [s for s in range(state.players) if s != task.seat]

    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        h = state.houses[task.seat]
        options = [opt("done", T("give nothing more"), T("end the exchange"))]
        for other in Exchange._targets(state, task):
            oh = state.houses[other]
            for r in RES:
                if h.res.get(r, 0) > 0 and oh.res.get(r, 0) < CAP:
                    options.append(opt(f"g:{other}:{r}", T("{resource} to {seat}", resource=res_name(r), seat=name(other)),
                                       T("{resource}: you {before} -> {after}, {seat} {their} -> {theirs}", resource=res_name(r),
                                         seat=name(other), before=h.res[r], after=h.res[r] - 1, their=oh.res.get(r, 0),
                                         theirs=oh.res.get(r, 0) + 1)))
        if len(options) == 1:
            return []
        given = task.data.get("given", {})
        what = amounts(given, zeros=True) or T("nothing yet")
        return [dec(task.seat, T("Exchange resources with another house (given so far: {given}).", given=what), options)]

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        if choice == "done":
            done(state, task)
            if task.data.get("to") is None:
                for other in sorted(task.data.get("receivers", []), reverse=True):
                    push(state, "solo_exchange", other, to=task.seat)
            return
        _, other, r = choice.split(":")
        other = int(other)
        state.houses[task.seat].res[r] -= 1
        state.houses[other].res[r] = state.houses[other].res.get(r, 0) + 1
        given = task.data.setdefault("given", {})
        given[r] = given.get(r, 0) + 1
        rec = task.data.setdefault("receivers", [])
        if other not in rec:
            rec.append(other)
        state.say(T("{seat} gives 1 {resource} to {other}.", seat=name(task.seat), resource=res_name(r), other=name(other)))
