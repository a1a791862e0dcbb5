"""The bot players' entry point: the solo bot answers what it knows better against the Voidborn
(solo/tactics.py steers, solo/bot.py takes the `solo_*` decisions), the house bot (bot.py) the
rest. Both read their values from values.py and never import each other."""

from __future__ import annotations

from .bot import choose as house_choose
from .solo.bot import choose as solo_choose
from .solo.tactics import steer


def choose(rules, state, seat):
    """The bot's choice for `seat`'s open decision; `rules` lets the look-aheads play copies out."""
    decision = next(d for d in rules.pending(state) if d.seat == seat)
    ids = [o.id for o in decision.options]
    task = state.tasks[-1]
    if state.mode != "competitive":  # against the Voidborn (games/voidfall/solo/tactics.py)
        pick = steer(rules, state, seat, task, ids)
        if pick is not None:
            return pick
    if task.kind.startswith("solo_"):
        return solo_choose(rules, state, seat, task, ids)
    return house_choose(state, seat, decision)
