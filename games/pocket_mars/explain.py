""""How does this work?" for Pocket Mars: where the seat stands, what the open kind of decision is
about and what each of its choices leads to under the rules, and how the game ends and scores.
Only public facts and the seat's own cards are used."""

from __future__ import annotations

from games.core.i18n import Text

from .cards import BUILDING, COLOUR, HABITABLE
from .effects import automaton, dcap, placed, top_value, who
from .messages import ABILITY, AUTOMATON, T
from .state import COLONISTS, PMState
from .wording import AUTOMATON_DOES

TURN = (
    T("Your turn is one action. Play a hand card: its upper half happens, then the card is discarded."),
    T("Or play one of your prep cards: it goes under the building of its colour; if its value beats the value on "
      "top there (3 when no card lies there), you may move a colonist from your ship to that building's star area. "
      "Then you may use its lower half, then you use the building's ability."),
    T("Or play another player's prep card: it goes under its building with no value comparison; its owner may use "
      "its lower half and you use the building's ability."),
    T("Or launch 1 colonist from Earth to your ship, or discard any one of your cards for 1 energy (at most 7)."),
)
FOUR_CARDS = T("4-card rule: after every turn each player has 2 cards in hand and 2 face down in the prep module. "
               "With more, you discard from your hand; with fewer, you draw; then you fill the prep module from your "
               "hand.")
PREP_CARDS = T("Cards in a prep module lie face down: everyone sees their colours, not which cards they are.")
MOVES = T("Colonists score 1 point on the ship, 2 in a star area and 4 in a double-star area. Card effects land "
          "colonists (ship to a star area), promote yours (star area up to the double-star area of the same building), "
          "move any colonist between the two areas, swap two players' colonists, or look at prep cards.")


def _stage(state: PMState, seat: int) -> str:
    if state.packs:
        return "draft"
    if state.setup_waiting:
        return "setup"
    return state.steps[0].kind if state.steps else ""


def explain(state: PMState, seat: int) -> tuple[Text, ...]:
    """Lines explaining `seat`'s open decision (seat references left as `{seat:N}`)."""
    p = state.pl[seat]
    lines: list[Text] = [T("Round {n}. You have {earth} colonist(s) on Earth, {ship} on your ship and {mars} on Mars "
                           "(of {all}); energy {energy}.", n=state.round, earth=p.earth, ship=p.ship,
                           mars=placed(state, seat), all=COLONISTS, energy=p.energy)]
    stage = _stage(state, seat)
    step = state.steps[0] if state.steps else None
    if stage == "draft":
        lines.append(T("Draft: keep 1 card of the pack in front of you; the rest go to the player on your left and "
                       "you receive the pack from your right. After 4 picks you have your 4 cards; the leftovers are "
                       "shuffled back into the deck."))
    elif stage == "setup":
        lines.append(T("Setup: 2 of your 4 cards go face down into your prep module, the other 2 stay in your hand. "
                       "A hand card is played for its upper half; a prep card for its lower half, and its value "
                       "may land a colonist in the building of its colour."))
        lines.append(PREP_CARDS)
    elif stage == "turn":
        lines.extend(TURN)
        lines.append(FOUR_CARDS)
    elif stage == "place_cmp":
        assert step is not None  # the stage is this step's kind
        lines.append(T("Your prep card beat the value on top under {building} (now {top}): you may move one colonist "
                       "from your ship to that building's star area.", building=BUILDING[step.colour],
                       top=top_value(state, step.colour)))
        lines.append(MOVES)
    elif stage == "lower_ask":
        lines.append(T("A prep card's lower half is yours to use or not. Some cost energy; some need a condition "
                       "(none of your colonists in its building, or a card of its colour in your hand). The "
                       "building's ability comes after it."))
        if state.turn != seat:
            lines.append(T("{colony} played your prep card: you decide about its lower half, they use the building's "
                           "ability.", colony=who(state, state.turn)))
    elif stage == "op":
        lines.append(MOVES)
        lines.append(T("A double-star area holds {n} colonist(s) in this game.", n=dcap(state)))
    elif stage == "ability":
        assert step is not None  # the stage is this step's kind
        lines.append(T("Every building has an ability, used after a card goes under it. {building}: {ability}",
                       building=BUILDING[step.colour], ability=ABILITY[step.colour]))
        lines.extend(T("{building}: {ability}", building=BUILDING[c], ability=ABILITY[c])
                     for c in (*HABITABLE, "black") if c != step.colour)
        lines.append(T("A double-star area holds {n} colonist(s) in this game.", n=dcap(state)))
    elif stage == "sdraw":
        lines.append(T("Solo: whenever you would draw, you take one of the {automaton}' two face-down prep cards "
                       "instead. At the end of the round they act on the card left in their module.",
                       automaton=AUTOMATON))
        lines.extend(T("A {colour} card left: {does}.", colour=colour, does=does)
                     for colour, does in _automaton_lines())
    elif stage in ("discard4", "fill4"):
        lines.append(FOUR_CARDS)
        lines.append(PREP_CARDS if stage == "fill4" else
                     T("Discarded cards are gone; you draw new ones only when you hold fewer than 4."))
    lines.append(_ending(state))
    return tuple(lines)


def _automaton_lines():
    return [(COLOUR[c], AUTOMATON_DOES[c]) for c in (*HABITABLE, "black")]


def _ending(state: PMState) -> Text:
    if automaton(state) is not None:
        return T("Solo: the game ends after the round in which you or the {automaton} have all 7 colonists on Mars, "
                 "or when they cannot refill their prep module; score more points than they do.",
                 automaton=AUTOMATON)
    return T("The game ends after the round in which someone has all 7 colonists on Mars. Points: 1 per colonist on "
             "a ship, 2 in a star area, 4 in a double-star area; +2 for colonists in all four buildings, +3 for 4 of "
             "yours in one building, +1 for the most energy.")
