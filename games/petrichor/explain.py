""""How does this work?" for Petrichor: where the round stands (phase, last turns after a
pass, the weathers still to resolve) from public facts only."""

from __future__ import annotations

from games.core.i18n import Text

from . import board as B
from .catalogue import CARD_EFFECT, PHASE_EFFECT
from .data import WNAME
from .messages import T, weather_name
from .state import PetrichorState


def explain(state: PetrichorState, seat: int) -> tuple[Text, ...]:
    lines: list[Text] = [T("Round {round} of {rounds}; first player: {seat}.", round=state.round, rounds=state.rounds,
                           seat=B.who(state, state.first))]
    if state.phase == "action":
        lines.append(T("Action phase: on your turn play a card for its weather effect and then vote, play any two "
                       "cards as a weather neither shows, or pass (discard your hand and take the first-player marker)."))
        if state.passed_by >= 0:
            lines.append(T("{seat} has passed: everyone else takes one last turn (one card or a pass).",
                           seat=B.who(state, state.passed_by)))
        lines.extend(T("{weather} card: {effect}.", weather=weather_name(w), effect=CARD_EFFECT[w]) for w in WNAME)
    elif state.phase == "keep":
        lines.append(T("End of the action phase: keep at most 4 cards; the number you discard is announced, not the cards."))
    elif state.phase == "weather":
        lines.append(T("Weather phase: the two weathers with most votes resolve in the order Frost, Sun, Wind, Rain."))
        lines.extend(T("{weather}: {effect}.", weather=weather_name(w), effect=PHASE_EFFECT[w]) for w in state.wq)
    lines.append(T("A harvest comes after the weather phase when all three dice show wheat, and in the last round. "
                   "/card finds every crop, weather and term."))
    return tuple(lines)
