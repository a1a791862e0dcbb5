""""How does this work?" for Impulse: where the seat stands (points, ships, hand, gems), what the
open kind of decision is about under the rules and what its choices lead to, from public facts and
the seat's own cards only."""

from __future__ import annotations

from games.core.i18n import Text

from .common import gate_label
from .data import SETTINGS, colour_name
from .engine import gems, name, ship_count
from .messages import T
from .state import ImpulseState

TURN = (
    T("A turn: 1) add a hand card to the Impulse; 2) you may use one of your two techs; 3) the Impulse's cards are "
      "carried out left to right, at most 4; 4) use or delay your Plan; 5) +1 point per Sector Core gate your cruisers "
      "hold; 6) draw 2 cards (hand limit 10); the Impulse keeps its 3 newest cards."),
    T("A card's boxed number (its steps, ships, cards or bombs) grows by 1 for every 2 gems of its colour you have "
      "mined: that is its boost."),
)
MOVES = T("Command moves fleets: transports step from card to card, cruisers from gate to gate across a card. A card "
          "patrolled by a hostile cruiser is closed to your transports; your cruisers may cross it only to fight at "
          "its gate. Cruisers destroy hostile transports on the cards they cross (+1 point each).")
ACTIVATE = T("Transports that end a move on a card carry that card out after the Command (each moved transport boosts "
             "it like a gem); moving onto a face-down card explores it.")
BATTLE = T("Battle: the defender commits hand cards face down first, then the attacker, who sees how many. A card "
           "counts only if a card in your Impulse, Plan or techs has its colour and size; bluffs are shown and go "
           "back to hand. Each side adds one deck card per cruiser; most icons wins, ties go to the defender; the "
           "loser's cruisers there are destroyed; the winner scores 1 + 1 per ship destroyed.")
TAKE = {
    "mine": T("Mine: the card becomes a mineral worth its size in gems of its colour; every 2 gems of a colour boost "
              "your cards of that colour by 1. Minerals can later be refined into points."),
    "trade": T("Trade: the card is discarded for points equal to its size."),
    "plan": T("Plan: the card joins your Plan, a row carried out all together when you use it (step 4 of your turn); "
              "at 4 cards it must be used."),
    "draw": T("Draw: the cards go into your hand (hand limit 10)."),
    "research": T("Research: the card becomes one of your two techs, replacing one of them (a card tech goes to the "
                  "discard pile; a race tech or Echo Relay is gone for good). A tech is an action you may use once per "
                  "turn."),
    "execute": T("Execute: a hand card is carried out once, then discarded; or you use one of your techs (never one "
                 "that itself executes or echoes)."),
}
KIND = {
    "race": T("Each race has one unique starting tech; everyone also has Echo Relay. A tech is an action you may use "
              "once on your turn, before the Impulse is carried out; Research can replace techs with cards later."),
    "home": T("Your home card lies face up at your corner of the map: your 2 transports start on it and 1 cruiser on "
              "its gate towards the Sector Core. The other cards form your hand."),
    "explore": T("Exploring: the face-down card you reached goes into your hand, and you place any hand card face up "
                 "in its place; from now on it can be carried out by transports moving onto it."),
    "build": T("Build: transports go on cards, cruisers on gates (a cruiser patrols the two cards beside its gate); "
               "at most 12 of your ships are in play."),
    "sabotage": T("Sabotage: aim your bombs at hostile fleets on cards you occupy or patrol, then fire: one deck card "
                  "is turned up per bomb, and each of size 2 or more destroys one ship of that fleet (+1 point)."),
    "refine": T("Refine: mineral cards are turned into points and discarded; their gems then no longer boost."),
    "core": T("The Sector Core scores 1 point, +1 per 2 gems of the colour you choose for it (each transport that "
              "just moved onto it counts as a gem)."),
    "research_slot": TAKE["research"],
    "battle": BATTLE,
}
PHASE = {
    "tech": T("Your two techs: each is an action you may use once per turn, here, before the Impulse is carried out."),
    "plan": T("Your Plan: planned cards are carried out together when you use it; you may delay it until it holds "
              "4 cards, then it must be used."),
}
COMMAND = {
    "fleet": T("Pick the fleet to move; a Command may move as many fleets as it says, each once."),
    "count": T("Ships at one place may move together as one fleet; the rest stay where they are."),
    "route": T("Pick a destination (the shortest legal route is taken) or build the route step by step and confirm; "
               "explorations happen once you confirm."),
}


def explain(state: ImpulseState, seat: int) -> tuple[Text, ...]:
    """Lines explaining `seat`'s open decision (seat references left as `{seat:N}`)."""
    p = state.ps[seat]
    colours = tuple(T("{colour} {n}", colour=colour_name(c), n=gems(state, seat, c)) for c in "rbgy")
    lines: list[Text] = [T("You have {score} of {target} points, {ships} ship(s) and {hand} card(s) in hand; your "
                           "gems: {gems}.", score=p.score, target=SETTINGS["target_score"],
                           ships=ship_count(state, seat), hand=len(p.hand), gems=colours)]
    task = state.tasks[-1] if state.tasks else None
    kind = task.kind if task else ""
    data = task.data if task else {}
    if kind == "turn":
        phase = data.get("phase", "")
        lines.extend(TURN if phase == "add" else (PHASE[phase],) if phase in PHASE else ())
    elif kind == "command":
        lines.append(MOVES)
        if data.get("stage", "") in COMMAND:
            lines.append(COMMAND[data["stage"]])
        lines.append(ACTIVATE)
        for gate, _ in data.get("fights", []):
            lines.append(T("A battle waits at {gate}: it is fought once all fleets of this Command have moved.",
                           gate=gate_label(gate)))
    elif kind == "take":
        lines.append(TAKE.get(data.get("sink", ""), TAKE["draw"]))
    elif kind in KIND:
        lines.append(KIND[kind])
    if kind not in ("race", "home") and state.current != seat and not state.ps[state.current].out:
        lines.append(T("It is {seat}'s turn.", seat=name(state.current)))
    lines.append(T("The first to {n} points wins at once (in the team variant, the whole team).",
                   n=SETTINGS["target_score"]))
    return tuple(lines)
