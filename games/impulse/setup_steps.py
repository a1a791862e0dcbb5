"""Setup decisions: each player's race (in reverse seat order, public) and home card (secret)."""

from __future__ import annotations

from .common import card_detail, card_label, dec, done, opt
from .data import RACES, home_gate, race_name
from .engine import RACE_BY_KEY, name, race_text
from .messages import T
from .state import Task
from .tasks import handler


@handler("race")
class Race:
    """設置: 「每個玩家選擇一個種族並拿取該種族的指揮中心」. Players choose one at a time, from the
    last seat to the first (the first player, who moves first, chooses last); picks are public."""

    @staticmethod
    def decide(state, task):
        order = task.data["order"]
        if not order:
            return []
        seat = order[0]
        taken = {p.race for p in state.ps if p.race}
        opts = [opt(f"race:{r['key']}", race_name(r), T("unique tech: {text}", text=race_text(r)))
                for r in RACES if r["key"] not in taken]
        return [dec(seat, T("Setup: choose your race. Races differ only in their unique starting tech "
                            "(your other tech, Echo Relay, is the same for everyone)."), opts)]

    @staticmethod
    def apply(state, task, d, choice):
        key = choice.split(":", 1)[1]
        state.ps[d.seat].race = key
        task.data["order"].pop(0)
        state.say(T("{seat} chooses the {race} ({text}).", seat=name(d.seat), race=race_name(RACE_BY_KEY[key]),
                    text=race_text(RACE_BY_KEY[key])))

    @staticmethod
    def auto(state, task):
        done(state, task)


@handler("home")
class Home:
    @staticmethod
    def decide(state, task):
        out = []
        for s, p in enumerate(state.ps):
            if str(s) not in task.data["picked"]:
                out.append(dec(s, T("Setup: pick one of your 6 cards to lie face up as your home card (#{pos}). "
                                    "The rest stay in your hand.", pos=p.home),
                               [opt(f"home:{c}", card_label(c),
                                    T("it lies face up at #{pos}, your home; transports moving onto it carry it "
                                      "out: {card}", pos=p.home, card=card_detail(c))) for c in p.hand], secret=True))
        return out

    @staticmethod
    def apply(state, task, d, choice):
        cid = choice.split(":", 1)[1]
        state.ps[d.seat].hand.remove(cid)
        task.data["picked"][str(d.seat)] = cid
        state.say(T("{seat} has chosen a home card.", seat=name(d.seat)))

    @staticmethod
    def auto(state, task):
        for s, p in enumerate(state.ps):
            cid = task.data["picked"][str(s)]
            state.grid[p.home] = cid
            state.face_up[p.home] = True
            state.tr[p.home][s] += 2
            state.cr[home_gate(p.home)][s] += 1
            state.say(T("{seat} ({race}) settles at #{pos} with {card}.", seat=name(s), race=race_name(RACE_BY_KEY[p.race]),
                        pos=p.home, card=card_label(cid)))
        done(state, task)
        state.current = 0
        state.tasks.append(Task("turn", 0, {"phase": "add"}))
