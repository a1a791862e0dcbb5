"""The work queue: which decision is open, automatic steps, and carrying out choices.

Queue order for a turn (front first): the action's own steps (for a prep play:
place_cmp -> lower_ask -> ability; for a hand play: the upper half's op steps), then one
`four` step per player from the start player clockwise (4-card rule), then `endturn`.
A step that gets resolved may insert further steps at the front (a half's op steps, the
discard/fill steps of the 4-card rule), so everything runs in the article's order.
"""

from __future__ import annotations

from games.core import Decision, IllegalChoice, Option, echo
from games.core.i18n import Text

from . import solo
from .cards import BUILDING, CARDS, COLOUR, describe
from .effects import (SKIP, who_short, ability_options, solo_automaton, bld, do_rearrange, draw_for, gain_energy,
                      labels, nothing_possible, take_from_automaton, half_blocker, land, launch, public_blocker,
                      op_of, op_options, placed, run_auto_ability, run_auto_op, start_half, top_value, who)
from .messages import ABILITY, AUTOMATON, T
from .state import COLONISTS, ENERGY_MAX, HAND_SIZE, PREP_SIZE, ROUND_CAP, PMState, Step
from .wording import AUTOMATON_DOES, as_prep, both_halves, comparison, facts, half_now

CARD_LIMIT = HAND_SIZE + PREP_SIZE


def _opt(oid: str, label: Text, detail: Text = "") -> Option:
    # Labels stay within a button's 80 characters by construction (the longest card name is
    # 16); the panel shows a detail of any length.
    return Option(oid, label, detail)


def seats_in_order(state: PMState) -> list[int]:
    return [(state.start + i) % state.players for i in range(state.players)]


# -- the open decision ----------------------------------------------------------------
def turn_options(state: PMState, s: int) -> list[Option]:
    """The actions of a turn. Labels say which card and how it is used (short enough for a
    button); details say what it leads to, with the numbers before and after."""
    p = state.pl[s]
    opts = []
    for c in p.hand:
        card = CARDS[c]
        opts.append(_opt(f"hand:{c}", T("Hand: {card}", card=card.title),
                         T("{facts}: its upper half. {effect} Then it is discarded.", facts=facts(c),
                           effect=half_now(state, s, card, "upper"))))
    for c in p.prep:
        card = CARDS[c]
        opts.append(_opt(f"prep:{c}", T("Prep: {card}", card=card.title),
                         T("{facts}; {comparison}. Then you may use its lower half: {effect} Then the {building} "
                           "ability: {ability}", facts=facts(c), comparison=comparison(state, c),
                           effect=half_now(state, s, card, "lower"), building=BUILDING[card.colour],
                           ability=ABILITY[card.colour])))
    for t in range(len(state.pl)):
        if t != s:
            for i, c in enumerate(state.pl[t].prep):
                colour = CARDS[c].colour
                opts.append(_opt(f"other:{t}:{i}", T("{colony}: {colour} prep #{n}", colony=who_short(state, t),
                                                      colour=COLOUR[colour], n=i + 1),
                                 T("{colony}'s prep card #{n}, face down: it goes under {building} with no value "
                                   "comparison; {colony} may use its lower half; you use the {building} ability: "
                                   "{ability}", colony=who(state, t), n=i + 1, building=BUILDING[colour],
                                   ability=ABILITY[colour])))
    if p.earth > 0:
        opts.append(_opt("launch", T("Launch a colonist"),
                         T("Earth {earth} -> {earth_after}, ship {ship} -> {ship_after}", earth=p.earth,
                           earth_after=p.earth - 1, ship=p.ship, ship_after=p.ship + 1)))
    for c in p.hand + p.prep:
        gain = (T("energy {n} -> {after}", n=p.energy, after=p.energy + 1) if p.energy < ENERGY_MAX
                else T("energy stays {n} (max)", n=p.energy))
        detail = (T("{facts}, from your hand: {gain}", facts=facts(c), gain=gain) if c in p.hand
                  else T("{facts}, from your prep module: {gain}", facts=facts(c), gain=gain))
        opts.append(_opt(f"energy:{c}", T("Discard {card}", card=CARDS[c].title), detail))
    if not opts:
        opts.append(_opt("pass", T("Pass"), T("nothing else is possible")))
    return opts


def card_options(cids: list[str], detail) -> tuple[Option, ...]:
    """Cards to pick, each labelled by its name, with `detail(cid)` beside it."""
    return tuple(_opt(f"c:{c}", CARDS[c].title, detail(c)) for c in cids)


def decision(state: PMState, st: Step) -> Decision | None:
    """The Decision the front step asks for, or None when it resolves by itself."""
    s, k = st.seat, st.kind
    if k == "turn":
        return Decision(s, T("Round {n}: your turn. Choose one action.", n=state.round), tuple(turn_options(state, s)))
    if k == "place_cmp":
        if state.pl[s].ship <= 0:
            return None
        here = BUILDING[st.colour]
        return Decision(s, T("Your card beat the value under {building}. Move a colonist from your ship "
                             "to its star area?", building=here),
                        (_opt("place", T("Yes, land a colonist"),
                              T("ship {n} -> {after}; +1 star colonist in {building} (+1 point: a colonist scores "
                                "1 on the ship, 2 in a star area)", n=state.pl[s].ship,
                                after=state.pl[s].ship - 1, building=here)),
                         _opt("decline", T("No"), T("the colonist stays on your ship"))))
    if k == "lower_ask":
        card = CARDS[st.card]
        if state.pl[s].auto or public_blocker(state, s, card):
            return None
        blocker = half_blocker(state, s, card, "lower")
        if blocker:
            # Only the owner's hand blocks it: still ask, so nobody learns the hand's colours.
            return Decision(s, T("{card} was played from your prep module. You cannot use its lower half "
                                 "({reason}).", card=card.label, reason=blocker),
                            (_opt("decline", T("Decline"), blocker),))
        return Decision(s, T("{card} was played from your prep module. Use its lower half? {effect}",
                             card=card.label, effect=describe(card, "lower")),
                        (_opt("use", T("Use the lower half"), half_now(state, s, card, "lower")),
                         _opt("decline", T("Decline"), T("the lower half is not used"))))
    if k == "op":
        opts = op_options(state, st)
        if not opts:
            return None
        card = CARDS[st.card]
        return Decision(s, T("{card}: {effect} Choose how.", card=card.title, effect=describe(card, st.half)),
                        tuple(opts))
    if k == "ability":
        opts = ability_options(state, s, st.colour)
        if not opts:
            return None
        return Decision(s, T("{building} building ability: choose, or skip.", building=BUILDING[st.colour]),
                        tuple(opts))
    if k == "sdraw":
        prep = state.pl[solo_automaton(state)].prep
        if len(prep) < 2:
            return None
        return Decision(s, T("Solo: instead of drawing, take one of the Devious Automatics' face-down prep cards "
                             "({n} draw(s) to make).", n=st.n),
                        tuple(_opt(f"take:{i}", T("Their {colour} card #{n}", colour=COLOUR[CARDS[c].colour],
                                                  n=i + 1), _left_behind(prep, i))
                              for i, c in enumerate(prep)))
    if k == "discard4":
        hand = state.pl[s].hand
        return Decision(s, T("4-card rule: discard {n} card(s) from your hand.", n=st.n),
                        card_options(hand, both_halves), min_picks=st.n, max_picks=st.n)
    if k == "fill4":
        p = state.pl[s]
        n = min(PREP_SIZE - len(p.prep), len(p.hand))
        if n <= 0 or len(p.hand) == n:
            return None
        return Decision(s, T("4-card rule: put {n} card(s) from your hand face down into your prep module "
                             "(others will see the colour).", n=n),
                        card_options(p.hand, lambda c: as_prep(state, c)), min_picks=n, max_picks=n)
    return None


def _left_behind(prep: list[str], taken: int) -> Text:
    """What taking the automaton's prep card `taken` leads to: the other card stays and decides
    what they do at the end of the round."""
    kept = next(i for i in range(len(prep)) if i != taken)
    colour = CARDS[prep[kept]].colour
    return T("into your hand; their {colour} card #{n} stays, so at the end of the round {does}",
             colour=COLOUR[colour], n=kept + 1, does=AUTOMATON_DOES[colour])


# -- automatic steps ----------------------------------------------------------------------
def auto(state: PMState, st: Step) -> None:
    s, k = st.seat, st.kind
    if k == "place_cmp":
        state.say(T("{colony} has no colonist on their ship to land.", colony=who(state, s)))
    elif k == "lower_ask":
        card = CARDS[st.card]
        if state.pl[s].auto:
            state.say(T("{automaton} never use lower halves.", automaton=AUTOMATON))
        else:
            state.say(T("{colony} cannot use the lower half of {card} ({reason}).", colony=who(state, s),
                        card=card.title, reason=public_blocker(state, s, card)))
    elif k == "op":
        if op_options(state, st) is None:
            run_auto_op(state, st)
        else:
            state.say(nothing_possible(CARDS[st.card], op_of(st)))
    elif k == "ability":
        if ability_options(state, s, st.colour) is None:
            run_auto_ability(state, s, st.colour)
        else:
            state.say(T("The {building} ability has no possible use for {colony}.", building=BUILDING[st.colour],
                        colony=who(state, s)))
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
        if state.pl[solo_automaton(state)].prep:
            take_from_automaton(state, s, 0, st.n)
        else:
            draw_for(state, s, st.n)
    elif k == "tidy":
        state.table.remove(st.card)
        state.discard.append(st.card)
    elif k == "endturn":
        end_turn(state, s)
    else:
        raise AssertionError(f"step {k} cannot resolve by itself")   # a bug, never shown to players


def _to_prep(state: PMState, s: int, cards: list[str]) -> None:
    p = state.pl[s]
    for c in cards:
        p.hand.remove(c)
        p.prep.append(c)
    colours = tuple(COLOUR[CARDS[c].colour] for c in cards)
    state.say(T("{colony} puts {n} card(s) into their prep module ({colours}).", colony=who(state, s), n=len(cards),
                colours=colours))
    state.say(T("You prepared {cards}.", cards=labels(cards)), seat=s)


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
            state.say(T("{colony} keeps their colonists on the ship.", colony=who(state, s)))
    elif k == "lower_ask":
        if choice == "use":
            state.say(T("{colony} uses the lower half of {card}.", colony=who(state, s), card=CARDS[st.card].title))
            state.steps[0:0] = start_half(state, s, st.card, "lower")
        else:
            state.say(T("{colony} declines the lower half of {card}.", colony=who(state, s), card=CARDS[st.card].title))
    elif k in ("op", "ability"):
        if choice == SKIP.id:
            state.say(T("{colony} skips that effect.", colony=who(state, s)))
        else:
            do_rearrange(state, s, choice)
    elif k == "sdraw":
        take_from_automaton(state, s, int(choice.split(":")[1]), st.n)
    elif k == "discard4":
        for c in _ids(choice):
            state.pl[s].hand.remove(c)
            state.discard.append(c)
        state.say(T("{colony} discards {n} card(s) from hand (4-card rule).", colony=who(state, s), n=st.n))
    elif k == "fill4":
        _to_prep(state, s, _ids(choice))
    else:
        raise IllegalChoice(T("nothing to choose for {step}", step=k))


def _ids(choice) -> list[str]:
    picks = [choice] if isinstance(choice, str) else list(choice)
    return [c.split(":", 1)[1] for c in picks]


def _place_under(state: PMState, s: int, cid: str) -> list[Step]:
    """Put a played prep card under its building; a black card is set aside face up and discarded once
    its action has resolved (returns that `tidy` step)."""
    card = CARDS[cid]
    if card.colour == "black":
        state.table.append(cid)
        state.say(T("{building} holds no project cards: {card} will be discarded after it resolves.",
                    building=BUILDING["black"], card=card.title))
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
        state.say(T("{colony} plays {card} from hand: {effect}", colony=me, card=card.label,
                    effect=describe(card, "upper")))
        blocker = half_blocker(state, s, card, "upper")
        if blocker:
            state.say(T("The effect does nothing ({reason}).", reason=blocker))
        else:
            steps += start_half(state, s, rest, "upper")
        steps.append(Step("tidy", s, card=rest))
    elif kind == "prep":
        card = CARDS[rest]
        p.prep.remove(rest)
        state.mark_reveal()
        state.say(T("{colony} plays {card} from their prep module.", colony=me, card=card.label))
        if card.colour != "black":
            top = top_value(state, card.colour)
            won = card.value > top
            here = BUILDING[card.colour]
            state.say(T("It goes under {building}: {value} against {top} - higher, a colonist may land there.",
                        building=here, value=card.value, top=top) if won else
                      T("It goes under {building}: {value} against {top} - not higher.",
                        building=here, value=card.value, top=top))
            if won:
                steps.append(Step("place_cmp", s, card=rest, colour=card.colour))
        tidy = _place_under(state, s, rest)
        steps += [Step("lower_ask", s, card=rest), Step("ability", s, colour=card.colour)] + tidy
    elif kind == "other":
        t, i = (int(x) for x in rest.split(":"))
        cid = state.pl[t].prep.pop(i)
        card = CARDS[cid]
        state.mark_reveal()
        state.say(T("{colony} plays {other}'s prep card: {card} (no value comparison).", colony=me,
                    other=who(state, t), card=card.label))
        tidy = _place_under(state, s, cid)
        steps += [Step("lower_ask", t, card=cid), Step("ability", s, colour=card.colour)] + tidy
    elif kind == "launch":
        launch(state, s, 1)
    elif kind == "energy":
        from_hand = rest in p.hand
        (p.hand if from_hand else p.prep).remove(rest)
        state.discard.append(rest)
        state.say(T("{colony} discards a card from their hand for energy.", colony=me) if from_hand else
                  T("{colony} discards a card from their prep module for energy.", colony=me))
        gain_energy(state, s, 1)
    elif kind == "pass":
        state.say(T("{colony} can do nothing and passes.", colony=me))
    else:
        raise IllegalChoice(T("unknown action {choice}", choice=echo(choice)))
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
        state.end_reason = T("{colonies} placed all 7 colonists on Mars.",
                             colonies=tuple(who(state, t) for t in done))
    elif state.solo and state.solo_stop:
        state.end_reason = T("{automaton} could not refill their prep module.", automaton=AUTOMATON)
    elif state.round >= ROUND_CAP:
        state.end_reason = T("The round limit ({n}) was reached.", n=ROUND_CAP)
    if state.end_reason:
        state.over = True
        state.steps.clear()
        state.say(T("End of round {n}: the game is over. {reason}", n=state.round, reason=state.end_reason))
        return
    state.round += 1
    state.say(T("Round {n} begins.", n=state.round))
