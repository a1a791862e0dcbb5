""""How does this work?" for the Voidborn's own decisions (solo and co-op): the rule behind each
one, with the numbers of the crisis board as it stands. `VoidbornMode.task_lines` hands these to
games/voidfall/explain.py, keyed by task kind ("eff:<verb>" for an effect the Voidborn add,
"turn:<step>" for a step of the turn they change)."""

from __future__ import annotations

from collections.abc import Callable

from games.core.i18n import Text

from ..economy import house_corruption
from ..explain import TURN_LINES, always
from ..messages import T, joined
from ..state import Task, VoidfallState, solo_of
from .board import economic_value, military_value
from .content import BOARD, SLOTS
from .crises import cost_words
from .scoring import final_influence

Line = Callable[[VoidfallState, int, Task], Text]


def _select(state: VoidfallState, seat: int, task: Task) -> Text:
    offer = solo_of(state).heroic_offer
    base = TURN_LINES["select"](state, seat, task)
    if not offer:
        return base
    word = T("Heroic") if state.players == 1 else T("Joint")
    return T("{base} {word} Focus cards on offer ({n}): play one instead of the Focus card of the same name (Command: "
             "any card), discarding that card; it plays like a Focus card with stronger actions, then leaves the game.",
             base=base, word=word, n=len(offer))


_check = always(T("Crises: one asking you to reach something resolves the moment you do; one with a cost may be "
                  "resolved after a turn by paying it (Credits stand in for Food, Energy or Materials). A crisis "
                  "still open at the round's end goes to the void advance."))


def _advance(state: VoidfallState, seat: int, task: Task) -> Text:
    return T("Void advance: an open crisis brings, at your choice, its penalty to every house, a catastrophe, or a "
             "place on its row of the crisis board as a permanent crisis (+5 Voidborn Influence while it stays, and the "
             "row's next slot grows stronger). A war card: every house suffers an assault and the payment, or a "
             "catastrophe. Catastrophes {n} of {most}: the {most}th loses the game at once.",
             n=state.crisis.catastrophes, most=BOARD["catastrophe_limit"])


def _assault(state: VoidfallState, seat: int, task: Task) -> Text:
    return T("Voidborn assault: 1 cube per Corruption marker on your house mat ({n}), +1 in Cycles 2 and 3, plus the "
             "military row's bonus (+{bonus} now), strike a sector of yours next to them; then you pay the economic "
             "row ({cost} now). The side taking damage chooses which cubes it loses: name the fleet kind you lose "
             "last; each option shows the exact result.", n=house_corruption(state.houses[seat]),
             bonus=military_value(state), cost=cost_words(economic_value(state)))


def _row(state: VoidfallState, seat: int, task: Task) -> Text:
    return T("The crisis board: a row holds {slots} entries, leftmost first. The military row's leftmost free slot "
             "strengthens every assault (+{military} now), the economic row's sets the payment ({economic} now); a "
             "harbinger pushes the entries right, and a crisis pushed off the last slot is a catastrophe.",
             slots=SLOTS, military=military_value(state), economic=cost_words(economic_value(state)))


def _havens(state: VoidfallState, seat: int, task: Task) -> Text:
    s = solo_of(state)
    tiles = joined([T("{n} of {most}", n=len(t), most=size) for t, size in zip(s.havens, s.haven_sizes)])
    return T("Safe havens (levels built: {tiles}): a level is built when you overproduce twice in one turn, reach "
             "level 4 on a track, or at the Evaluation for each Pure sector of Population 6 with 3 Guilds. A complete "
             "haven lets each house take a different reward; each unfinished one is 20 Voidborn Influence at the end.",
             tiles=tiles or T("none"))


def _influence(state: VoidfallState) -> int:
    return final_influence(state)["total"]


LINES: dict[str, Line] = {
    "turn:select": _select,
    "solo_check": _check,
    "solo_advance": _advance,
    "solo_catastrophe": lambda state, seat, task: T("A catastrophe struck (+20 Voidborn Influence): as a consolation "
                                                    "every house removes a Corruption marker or gains {n} resources.",
                                                    n=BOARD["catastrophe_resources"]),
    "solo_payment": always(T("The economic payment: you must pay as much of it as you can; a Credit may stand in for "
                             "Food, Energy or Materials, and each resource missing costs 3 Influence. The options "
                             "differ only in which resources you keep.")),
    "defend_skirmish": _assault,
    "solo_row": _row,
    "solo_secret": always(T("Secret Focus cards: every house chooses the card it will play this round before the "
                            "alert card is revealed; nobody sees the others' picks until all are in.")),
    "solo_haven": _havens,
    "solo_haven_recall": _havens,
    "solo_exchange": always(T("Co-op exchange: give resources one at a time to another house (it gets the same kind); "
                              "each house you gave to may then give back.")),
    "eff:solo_share": always(T("Joint actions with a sharing mark: another house may resolve them too, or instead of "
                               "you, as the effect says; you paid the cost.")),
    "eff:solo_discard_crisis": always(T("Discarding a crisis removes it without its penalty; a permanent one frees "
                                        "its slot (+5 Voidborn Influence fewer).")),
    "eff:solo_discard_permanent": lambda state, seat, task: T("Discarding a permanent crisis frees its slot but adds "
                                                              "a catastrophe ({n} of {most} now).",
                                                              n=state.crisis.catastrophes,
                                                              most=BOARD["catastrophe_limit"]),
    "eff:solo_remove_harbinger": lambda state, seat, task: T("Harbingers: each one on the map is 10 Voidborn Influence "
                                                             "at the end (the Voidborn's total is {n} so far); one on "
                                                             "the crisis board takes a slot.", n=_influence(state)),
    "eff:solo_place_harbinger": always(T("A harbinger on the map is 10 Voidborn Influence at the end; win its sector "
                                         "to move it to the crisis board.")),
    "eff:solo_remove_void": always(T("Removing a Voidborn cube weakens a Voidborn sector for your invasion; removing "
                                     "its last cube does not free it: the sector is abandoned and the Voidborn retake "
                                     "it with 2 cubes.")),
}
