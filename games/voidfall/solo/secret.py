"""The secret-focus variant (article 變體規則): before each round every house secretly chooses the
Focus card it will play and plays that card on its turn. Choosing before the alert card is
revealed makes the game much harder; this is how the option plays it.

Designed: the secret choice offers the same options as the choose step (Focus cards in hand and
offered heroic/joint cards); a card that can no longer be played on the turn (another house took
the joint card) frees the choice again.
"""

from __future__ import annotations

from games.core import Decision, Option

from ..effects import card_detail
from ..messages import T
from ..state import Task, VoidfallState, solo_of
from ..tasks import dec, done, handler, opt
from .heroic import focus_name, select_options


def _choices(state: VoidfallState, seat: int) -> list[Option]:
    h = state.houses[seat]
    return [opt(f"c:{c}", focus_name(c), card_detail(c)) for c in h.hand] + select_options(state, seat)


@handler("solo_secret")
class Secret:
    @staticmethod
    def decide(state: VoidfallState, task: Task) -> list[Decision]:
        out = []
        for seat in range(state.players):
            if str(seat) in solo_of(state).preset:
                continue
            options = _choices(state, seat)
            if options:
                out.append(dec(seat, T("Secretly choose the Focus card you will play this round."), options, secret=True))
        return out

    @staticmethod
    def auto(state: VoidfallState, task: Task) -> None:
        done(state, task)
        state.say(T("Every house has chosen its Focus card for this round in secret."))

    @staticmethod
    def apply(state: VoidfallState, task: Task, decision: Decision, choice: str) -> None:
        solo_of(state).preset[str(decision.seat)] = choice


def filter_select(state: VoidfallState, seat: int, options: list) -> list:
    pick = solo_of(state).preset.get(str(seat)) if state.options.get("secret_focus", "off") == "on" else None
    if not pick:
        return options
    kept = [o for o in options if o.id == pick]
    return kept or options
