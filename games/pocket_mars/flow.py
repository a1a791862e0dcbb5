"""The work queue: which decision is open, automatic steps, and carrying out choices.

Queue order for a turn (front first): the action's own steps (for a prep play:
place_cmp -> lower_ask -> ability; for a hand play: the upper half's op steps), then one
`four` step per player from the start player clockwise (4-card rule), then `endturn`.
A step that gets resolved may insert further steps at the front (a half's op steps, the
discard/fill steps of the 4-card rule), so everything runs in the article's order.
"""

from __future__ import annotations

from games.core import Decision, IllegalChoice, Option, echo

from . import solo
from .cards import BUILDING, CARDS, describe
from .effects import (SKIP, ability_options, automaton, bld, do_rearrange, draw_for, gain_energy,
                      take_from_automaton, half_blocker, land, launch, public_blocker,
                      op_of, op_options, placed, run_auto_ability, run_auto_op, start_half, top_value, who)
from .state import COLONISTS, ENERGY_MAX, HAND_SIZE, PREP_SIZE, ROUND_CAP, PMState, Step

CARD_LIMIT = HAND_SIZE + PREP_SIZE


def _cut(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def _opt(oid: str, label: str, detail: str = "") -> Option:
    return Option(oid, _cut(label, 80), detail)  # the panel shows a detail of any length


def seats_in_order(state: PMState) -> list[int]:
    return [(state.start + i) % state.players for i in range(state.players)]


# -- the open decision ----------------------------------------------------------------
def turn_options(state: PMState, s: int) -> list[Option]:
    p = state.pl[s]
    opts = []
    for c in p.hand:
        card = CARDS[c]
        opts.append(_opt(f"hand:{c}", f"Play {card.label} from hand", describe(card, "upper")))
    for c in p.prep:
        card = CARDS[c]
        vs = "no comparison" if card.colour == "black" else f"{card.value} vs {top_value(state, card.colour)}"
        opts.append(_opt(f"prep:{c}", f"Play {card.label} from your prep module", f"{vs}; " + describe(card, "lower")))
    for t in range(len(state.pl)):
        if t != s:
            for i, c in enumerate(state.pl[t].prep):
                colour = CARDS[c].colour
                opts.append(_opt(f"other:{t}:{i}", f"Play {who(state, t)}'s {colour} prep card #{i + 1}",
                                 f"you use the {BUILDING[colour]} ability; the owner may use its lower half"))
    if p.earth > 0:
        opts.append(_opt("launch", "Launch 1 colonist from Earth",
                         f"Earth {p.earth} -> {p.earth - 1}, ship {p.ship} -> {p.ship + 1}"))
    for c in p.hand + p.prep:
        where = "hand" if c in p.hand else "prep"
        gain = f"energy {p.energy} -> {p.energy + 1}" if p.energy < ENERGY_MAX else f"energy stays {p.energy} (max)"
        opts.append(_opt(f"energy:{c}", f"Discard {CARDS[c].label} ({where}) for 1 energy", gain))
    if not opts:
        opts.append(_opt("pass", "Pass", "nothing else is possible"))
    return opts


def decision(state: PMState, st: Step) -> Decision | None:
    """The Decision the front step asks for, or None when it resolves by itself."""
    s, k = st.seat, st.kind
    if k == "turn":
        return Decision(s, f"Round {state.round}: your turn. Choose one action.", tuple(turn_options(state, s)))
    if k == "place_cmp":
        if state.pl[s].ship <= 0:
            return None
        return Decision(s, f"Your card beat the value under {BUILDING[st.colour]}. Move a colonist from your ship "
                           f"to its star area?",
                        (_opt("place", "Yes, land a colonist",
                              f"ship {state.pl[s].ship} -> {state.pl[s].ship - 1}; +1 star colonist in {BUILDING[st.colour]}"),
                         _opt("decline", "No", "the colonist stays on your ship")))
    if k == "lower_ask":
        card = CARDS[st.card]
        if state.pl[s].auto or public_blocker(state, s, card):
            return None
        blocker = half_blocker(state, s, card, "lower")
        if blocker:
            # Only the owner's hand blocks it: still ask, so nobody learns the hand's colours.
            return Decision(s, _cut(f"{card.label} was played from your prep module. You cannot use its lower "
                                    f"half ({blocker}).", 300), (_opt("decline", "Decline", blocker),))
        return Decision(s, _cut(f"{card.label} was played from your prep module. Use its lower half? "
                                f"{describe(card, 'lower')}", 300),
                        (_opt("use", "Use the lower half", describe(card, "lower")),
                         _opt("decline", "Decline", "the lower half is not used")))
    if k == "op":
        opts = op_options(state, st)
        if not opts:
            return None
        card = CARDS[st.card]
        return Decision(s, _cut(f"{card.name}: {describe(card, st.half)} Choose how.", 300), tuple(opts))
    if k == "ability":
        opts = ability_options(state, s, st.colour)
        if not opts:
            return None
        return Decision(s, f"{BUILDING[st.colour]} building ability: choose, or skip.", tuple(opts))
    if k == "sdraw":
        prep = state.pl[automaton(state)].prep
        if len(prep) < 2:
            return None
        return Decision(s, f"Solo: instead of drawing, take one of the Devious Automatics' face-down prep cards "
                           f"({st.n} draw(s) to make).",
                        tuple(_opt(f"take:{i}", f"Take their {CARDS[c].colour} card #{i + 1}",
                                   "the card left behind decides what they do next")
                              for i, c in enumerate(prep)))
    if k == "discard4":
        hand = state.pl[s].hand
        return Decision(s, f"4-card rule: discard {st.n} card(s) from your hand.",
                        tuple(_opt(f"c:{c}", CARDS[c].label, describe(CARDS[c], "upper")) for c in hand),
                        min_picks=st.n, max_picks=st.n)
    if k == "fill4":
        p = state.pl[s]
        n = min(PREP_SIZE - len(p.prep), len(p.hand))
        if n <= 0 or len(p.hand) == n:
            return None
        return Decision(s, f"4-card rule: put {n} card(s) from your hand face down into your prep module "
                           f"(others will see the colour).",
                        tuple(_opt(f"c:{c}", CARDS[c].label, describe(CARDS[c], "lower")) for c in p.hand),
                        min_picks=n, max_picks=n)
    return None


# -- automatic steps ----------------------------------------------------------------------
def auto(state: PMState, st: Step) -> None:
    s, k = st.seat, st.kind
    if k == "place_cmp":
        state.say(f"{who(state, s)} has no colonist on their ship to land.")
    elif k == "lower_ask":
        card = CARDS[st.card]
        if state.pl[s].auto:
            state.say("Devious Automatics never use lower halves.")
        else:
            state.say(f"{who(state, s)} cannot use the lower half of {card.name} ({public_blocker(state, s, card)}).")
    elif k == "op":
        if op_options(state, st) is None:
            run_auto_op(state, st)
        else:
            state.say(f"{CARDS[st.card].name}: nothing possible for \"{op_of(st).op.replace('_', ' ')}\".")
    elif k == "ability":
        if ability_options(state, s, st.colour) is None:
            run_auto_ability(state, s, st.colour)
        else:
            state.say(f"The {BUILDING[st.colour]} ability has no possible use for {who(state, s)}.")
    elif k == "four":
        p = state.pl[s]
        total = len(p.hand) + len(p.prep)
        if total > CARD_LIMIT:
            state.steps[0:0] = [Step("discard4", s, n=total - CARD_LIMIT), Step("fill4", s)]
            return
        state.steps.insert(0, Step("fill4", s))
        if total < CARD_LIMIT:
            draw_for(state, s, CARD_LIMIT - total)
    elif k == "fill4":
        p = state.pl[s]
        n = min(PREP_SIZE - len(p.prep), len(p.hand))
        if n > 0:
            _to_prep(state, s, list(p.hand))
    elif k == "sdraw":
        if state.pl[automaton(state)].prep:
            take_from_automaton(state, s, 0, st.n)
        else:
            draw_for(state, s, st.n)
    elif k == "tidy":
        state.table.remove(st.card)
        state.discard.append(st.card)
    elif k == "endturn":
        end_turn(state, s)
    else:
        raise AssertionError(f"step {k} cannot resolve by itself")


def _to_prep(state: PMState, s: int, cards: list[str]) -> None:
    p = state.pl[s]
    for c in cards:
        p.hand.remove(c)
        p.prep.append(c)
    colours = ", ".join(CARDS[c].colour for c in cards)
    state.say(f"{who(state, s)} puts {len(cards)} card(s) into their prep module ({colours}).")
    state.say("You prepared " + ", ".join(CARDS[c].label for c in cards) + ".", seat=s)


def advance(state: PMState) -> None:
    """Resolve automatic steps until a decision is needed or the game is over."""
    while state.steps and not state.over:
        st = state.steps[0]
        if decision(state, st) is not None:
            return
        state.steps.pop(0)
        auto(state, st)


# -- choices ------------------------------------------------------------------------------
def choose(state: PMState, st: Step, choice) -> None:
    """Carry out `choice` (already validated against decision(state, st)) for the popped step st."""
    s, k = st.seat, st.kind
    if k == "turn":
        _take_turn(state, s, choice)
    elif k == "place_cmp":
        if choice == "place":
            land(state, s, st.colour)
        else:
            state.say(f"{who(state, s)} keeps their colonists on the ship.")
    elif k == "lower_ask":
        if choice == "use":
            state.say(f"{who(state, s)} uses the lower half of {CARDS[st.card].name}.")
            state.steps[0:0] = start_half(state, s, st.card, "lower")
        else:
            state.say(f"{who(state, s)} declines the lower half of {CARDS[st.card].name}.")
    elif k in ("op", "ability"):
        if choice == SKIP.id:
            state.say(f"{who(state, s)} skips that effect.")
        else:
            do_rearrange(state, s, choice)
    elif k == "sdraw":
        take_from_automaton(state, s, int(choice.split(":")[1]), st.n)
    elif k == "discard4":
        for c in _ids(choice):
            state.pl[s].hand.remove(c)
            state.discard.append(c)
        state.say(f"{who(state, s)} discards {st.n} card(s) from hand (4-card rule).")
    elif k == "fill4":
        _to_prep(state, s, _ids(choice))
    else:
        raise IllegalChoice(f"nothing to choose for {k}")


def _ids(choice) -> list[str]:
    picks = [choice] if isinstance(choice, str) else list(choice)
    return [c.split(":", 1)[1] for c in picks]


def _place_under(state: PMState, s: int, cid: str) -> list[Step]:
    """Put a played prep card under its building; a black card is set aside face up and discarded once
    its action has resolved (returns that `tidy` step)."""
    card = CARDS[cid]
    if card.colour == "black":
        state.table.append(cid)
        state.say(f"Construction holds no project cards: {card.name} will be discarded after it resolves.")
        return [Step("tidy", s, card=cid)]
    bld(state, card.colour).stack.append(cid)
    return []


def _take_turn(state: PMState, s: int, choice: str) -> None:
    kind, _, rest = choice.partition(":")
    p = state.pl[s]
    me = who(state, s)
    steps: list[Step] = []
    if kind == "hand":
        card = CARDS[rest]
        p.hand.remove(rest)
        state.table.append(rest)      # article: activate the upper half, THEN discard the card
        state.mark_reveal()
        state.say(f"{me} plays {card.label} from hand: {describe(card, 'upper')}")
        blocker = half_blocker(state, s, card, "upper")
        if blocker:
            state.say(f"The effect does nothing ({blocker}).")
        else:
            steps += start_half(state, s, rest, "upper")
        steps.append(Step("tidy", s, card=rest))
    elif kind == "prep":
        card = CARDS[rest]
        p.prep.remove(rest)
        state.mark_reveal()
        state.say(f"{me} plays {card.label} from their prep module.")
        if card.colour != "black":
            top = top_value(state, card.colour)
            won = card.value > top
            state.say(f"It goes under {BUILDING[card.colour]}: {card.value} against {top} - "
                      f"{'higher, a colonist may land there' if won else 'not higher'}.")
            if won:
                steps.append(Step("place_cmp", s, card=rest, colour=card.colour))
        tidy = _place_under(state, s, rest)
        steps += [Step("lower_ask", s, card=rest), Step("ability", s, colour=card.colour)] + tidy
    elif kind == "other":
        t, i = (int(x) for x in rest.split(":"))
        cid = state.pl[t].prep.pop(i)
        card = CARDS[cid]
        state.mark_reveal()
        state.say(f"{me} plays {who(state, t)}'s prep card: {card.label} (no value comparison).")
        tidy = _place_under(state, s, cid)
        steps += [Step("lower_ask", t, card=cid), Step("ability", s, colour=card.colour)] + tidy
    elif kind == "launch":
        launch(state, s, 1)
    elif kind == "energy":
        where = "hand" if rest in p.hand else "prep module"
        (p.hand if rest in p.hand else p.prep).remove(rest)
        state.discard.append(rest)
        state.say(f"{me} discards a card from their {where} for energy.")
        gain_energy(state, s, 1)
    elif kind == "pass":
        state.say(f"{me} can do nothing and passes.")
    else:
        raise IllegalChoice(f"unknown action {echo(choice)}")
    order = [0] if state.solo else seats_in_order(state)
    state.steps[0:0] = steps + [Step("four", t) for t in order] + [Step("endturn", s)]


def end_turn(state: PMState, s: int) -> None:
    if state.solo:
        solo.automaton_phase(state)
        _end_round(state)
        nxt = 0
    else:
        nxt = (s + 1) % state.players
        if nxt == state.start:
            _end_round(state)
    if not state.over:
        state.turn = nxt
        state.steps.insert(0, Step("turn", nxt))


def _end_round(state: PMState) -> None:
    done = [t for t in range(len(state.pl)) if placed(state, t) == COLONISTS]
    if done:
        state.end_reason = " and ".join(who(state, t) for t in done) + " placed all 7 colonists on Mars."
    elif state.solo and state.solo_stop:
        state.end_reason = "Devious Automatics could not refill their prep module."
    elif state.round >= ROUND_CAP:
        state.end_reason = f"The round limit ({ROUND_CAP}) was reached."
    if state.end_reason:
        state.over = True
        state.steps.clear()
        state.say(f"End of round {state.round}: the game is over. {state.end_reason}")
        return
    state.round += 1
    state.say(f"Round {state.round} begins.")
