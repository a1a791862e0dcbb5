""""How does this work?" for Petrichor: where the round stands (phase, last turns after a pass, the
weathers still to resolve), what the open kind of decision is about and what its choices lead to
under the rules, from public facts and the seat's own hand only."""

from __future__ import annotations

from games.core.i18n import Text

from . import board as B
from .catalogue import CARD_EFFECT, PHASE_EFFECT
from .data import DATA, WNAME
from .messages import T, weather_name
from .state import PetrichorState

CLOUDS = T("Clouds: a white cloud turns dark at {dark} drops; a dark cloud bursts at {burst} and all its drops fall on "
           "the tile below. Drops on a tile make its crop sprout; at harvest a crop pays the players by the drops "
           "they have on it.", dark=DATA["dark_at"], burst=DATA["burst_at"])
VOTING = T("After the effect you vote: put one of your markers on the card's weather or on the next one (Frost, "
           "Sun, Wind, Rain, then Frost again), or advance a harvest die instead.")

# What each kind of decision is about (the step kinds of steps.py), in a line of its own.
KIND_LINES = {
    "place": T("Setup: everyone places a white cloud with 1 of their drops on an empty tile, the last player "
               "first. Your clouds are where your drops fall from, so place it over a crop you want to grow."),
    "cards": T("Cards of other weathers played together count as one card of the weather you name: you discard "
               "them, get that weather's effect, then vote for the weather of one of them or the one after it."),
    "double": T("Double play (only while nobody has passed): after your play you may play two identical cards, or "
                "any four cards as another weather, for one more effect and one more vote."),
    "vote": T("The two weathers with the most votes resolve in the weather phase (every voted one in the last "
              "round). Whoever has the most markers on a resolved weather moves up the vote track, worth points at "
              "the end; markers on it come back. A harvest die instead scores 1 point (2 when it reaches wheat); "
              "when all three show wheat, a harvest follows the weather phase."),
    "frost_cell": T("Frost card: {effect}.", effect=CARD_EFFECT["F"]),
    "sun_cloud": T("Sun card: {effect}.", effect=CARD_EFFECT["S"]),
    "wind_cloud": T("Wind card: {effect}.", effect=CARD_EFFECT["W"]),
    "wind_dir": T("Wind card: {effect}.", effect=CARD_EFFECT["W"]),
    "rain_cloud": T("Rain card: {effect}.", effect=CARD_EFFECT["R"]),
    "rain_colour": T("Rain card: {effect}. The drop keeps its colour: it counts for its owner on the tile.",
                     effect=CARD_EFFECT["R"]),
    "recover": T("Your supply of drops is empty: take back drops of yours from tiles to pay for the effect (they "
                 "no longer count on those tiles)."),
    "sunw": T("Sun weather: {effect}.", effect=PHASE_EFFECT["S"]),
    "windw_cell": T("Wind weather: {effect}.", effect=PHASE_EFFECT["W"]),
    "windw_colour": T("Wind weather: {effect}.", effect=PHASE_EFFECT["W"]),
    "windw_dest": T("Wind weather: {effect}.", effect=PHASE_EFFECT["W"]),
    "keep": T("End of the action phase: keep at most 4 cards; the number you discard is announced, not the cards."),
    "tie": T("Votes are tied for the last place among the weathers that resolve: as first player you choose which "
             "resolve; they then resolve in the order Frost, Sun, Wind, Rain."),
}


def explain(state: PetrichorState, seat: int) -> tuple[Text, ...]:
    lines: list[Text] = [T("Round {round} of {rounds}; first player: {seat}.", round=state.round, rounds=state.rounds,
                           seat=B.who(state, state.first))]
    if 0 <= seat < state.ncol:
        lines.append(T("You have {drops} drop(s) in your supply, {markers} vote marker(s) and {score} point(s).",
                       drops=state.supply[seat], markers=state.markers[seat], score=state.score[seat]))
    step = next((st for st in state.steps if st.seat == seat and not st.kind.startswith("auto_")), None)
    kind = step.kind if step else ""
    if state.phase == "action":
        if kind == "turn":
            lines.append(T("Action phase: on your turn play a card for its weather effect and then vote, play any two "
                           "cards as a weather neither shows, or pass (discard your hand and take the first-player "
                           "marker)."))
        if state.passed_by >= 0:
            lines.append(T("{seat} has passed: everyone else takes one last turn (one card or a pass).",
                           seat=B.who(state, state.passed_by)))
        if kind == "turn":
            lines.append(VOTING)
            lines.extend(T("{weather} card: {effect}.", weather=weather_name(w), effect=CARD_EFFECT[w]) for w in WNAME)
    elif state.phase == "weather" and kind != "tie":
        lines.append(T("Weather phase: the two weathers with most votes resolve in the order Frost, Sun, Wind, Rain."))
        lines.extend(T("{weather}: {effect}.", weather=weather_name(w), effect=PHASE_EFFECT[w]) for w in state.wq)
    if kind in KIND_LINES:
        lines.append(KIND_LINES[kind])
    if kind in ("place", "frost_cell", "sun_cloud", "wind_cloud", "wind_dir", "rain_cloud", "rain_colour", "sunw",
                "windw_cell", "windw_colour", "windw_dest"):
        lines.append(CLOUDS)
    lines.append(T("A harvest comes after the weather phase when all three dice show wheat, and in the last round. "
                   "/card finds every crop, weather and term."))
    return tuple(lines)
