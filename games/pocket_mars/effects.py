"""Board helpers and the one executor for the card-effect vocabulary and building abilities."""

from __future__ import annotations

from games.core import IllegalChoice, Option, echo, seat_ref
from games.core.i18n import Msg, Text

from .cards import BUILDING, CARDS, COLOUR, COLOURS, HABITABLE, INTERACTIVE, Card, Op
from .messages import AUTOMATON, AUTOMATON_SHORT, T
from .state import BUILDING_VALUE, ENERGY_MAX, PMState, Step

MARKS = "ABCDEF"
PEEK_MAX = 2      # a peek shows at most this many prep cards


# -- small board helpers ---------------------------------------------------------
def who(state: PMState, s: int) -> Text:
    """A colony as a text field: a seat reference, or the automaton's name."""
    return AUTOMATON if state.pl[s].auto else seat_ref(s)


def who_short(state: PMState, s: int) -> Text:
    """A colony as a button label names it: the automaton's name is shortened."""
    return AUTOMATON_SHORT if state.pl[s].auto else seat_ref(s)


def bld(state: PMState, colour: str):
    return state.buildings[COLOURS.index(colour)]


def dcap(state: PMState) -> int:
    """Double-star capacity: 1 with two colonies on the board (2 players or solo), else 2."""
    return 1 if len(state.pl) == 2 else 2


def placed(state: PMState, s: int) -> int:
    return sum(b.star[s] + b.dstar[s] for b in state.buildings if b.colour in HABITABLE)


def has_here(state: PMState, s: int, colour: str) -> bool:
    b = bld(state, colour)
    return colour in HABITABLE and b.star[s] + b.dstar[s] > 0


def holds(state: PMState, s: int, colour: str) -> bool:
    return any(CARDS[c].colour == colour for c in state.pl[s].hand)


def top_value(state: PMState, colour: str) -> int:
    stack = bld(state, colour).stack
    return CARDS[stack[-1]].value if stack else BUILDING_VALUE


# -- primitive moves ---------------------------------------------------------------
def launch(state: PMState, s: int, n: int) -> int:
    p = state.pl[s]
    k = min(n, p.earth)
    p.earth -= k
    p.ship += k
    if k:
        state.say(T("{colony} launches {n} colonist(s) from Earth to their ship.", colony=who(state, s), n=k))
    else:
        state.say(T("{colony} has no colonists left on Earth to launch.", colony=who(state, s)))
    return k


def gain_energy(state: PMState, s: int, n: int) -> None:
    p = state.pl[s]
    new = min(ENERGY_MAX, p.energy + n)
    if new > p.energy:
        state.say(T("{colony} gains {n} energy (now {total}).", colony=who(state, s), n=new - p.energy, total=new))
    else:
        state.say(T("{colony} is already at the energy maximum ({max}).", colony=who(state, s), max=ENERGY_MAX))
    p.energy = new


def land(state: PMState, s: int, colour: str) -> bool:
    p = state.pl[s]
    if p.ship <= 0 or colour not in HABITABLE:
        state.say(T("{colony} has no colonist on their ship to move to {building}.", colony=who(state, s),
                    building=BUILDING[colour]))
        return False
    p.ship -= 1
    bld(state, colour).star[s] += 1
    state.say(T("{colony} moves a colonist from their ship to the star area of {building}.", colony=who(state, s),
                building=BUILDING[colour]))
    return True


def rebuild(state: PMState) -> None:
    """Deck exhausted: cards under the buildings join the discard pile, which is shuffled into a new deck.
    In solo play the deck is never rebuilt (it is the game timer, see DESIGN.md)."""
    if state.solo or state.deck:
        return
    moved = 0
    for b in state.buildings:
        moved += len(b.stack)
        state.discard.extend(b.stack)
        b.stack.clear()
    if not state.discard:
        return
    state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)
    state.say(T("The project deck ran out: {n} card(s) from under the buildings and the discard pile "
                "were shuffled into a new deck of {total}.", n=moved, total=len(state.deck)))


def draw(state: PMState, s: int, n: int) -> int:
    got = []
    for _ in range(n):
        rebuild(state)
        if not state.deck:
            break
        got.append(state.deck.pop())
        state.pl[s].hand.append(got[-1])
        rebuild(state)  # "immediately" when the deck is exhausted
    if got:
        state.mark_reveal()
        state.say(T("{colony} draws {n} card(s).", colony=who(state, s), n=len(got)))
        state.say(T("You drew {cards}.", cards=labels(got)), seat=s)
    if len(got) < n:
        state.say(T("The deck is empty: {colony} could draw only {n} of {wanted}.", colony=who(state, s),
                    n=len(got), wanted=n))
    return len(got)


def automaton(state: PMState) -> int | None:
    return next((t for t, p in enumerate(state.pl) if p.auto), None)


def solo_automaton(state: PMState) -> int:
    """The automaton's seat, for the solo-only steps (a game without one reaching them is a bug)."""
    a = automaton(state)
    if a is None:
        raise RuntimeError("a solo-only step in a game without the automaton")
    return a


def draw_for(state: PMState, s: int, n: int) -> None:
    """A player draws n cards. Solo: each draw instead takes a card of the player's choice from the
    automaton's prep module while it has any (queued as `sdraw` steps, see DESIGN.md)."""
    a = automaton(state)
    if a is not None and a != s and state.pl[a].prep and n > 0:
        state.steps.insert(0, Step("sdraw", s, n=n))
    else:
        draw(state, s, n)


def take_from_automaton(state: PMState, s: int, index: int, n: int) -> None:
    """Take the automaton's prep card `index` instead of drawing; queue the rest of the draw."""
    a = solo_automaton(state)
    cid = state.pl[a].prep.pop(index)
    state.pl[s].hand.append(cid)
    state.mark_reveal()
    state.say(T("{colony} takes a {colour} card from the Devious Automatics' prep module instead of drawing.",
                colony=who(state, s), colour=COLOUR[CARDS[cid].colour]))
    state.say(T("You took {card}.", card=CARDS[cid].label), seat=s)
    if n > 1:
        draw_for(state, s, n - 1)


def burn(state: PMState, n: int) -> int:
    k = 0
    while k < n and state.deck:
        state.discard.append(state.deck.pop())
        k += 1
    return k


# -- colonist rearrangements -------------------------------------------------------
# Each option's detail names the building and the colonists' counts before and after, so no two
# options of a decision read alike.
def _areas(state: PMState, colour: str, t: int, star: int, dstar: int) -> Msg:
    """One colony's colonists in a building before and after a move of `star`/`dstar` colonists."""
    b = bld(state, colour)
    return T("{colony} in {building}: star area {star} -> {star_after}, double-star area {dstar} -> {dstar_after}",
             colony=who(state, t), building=BUILDING[colour], star=b.star[t], star_after=b.star[t] + star,
             dstar=b.dstar[t], dstar_after=b.dstar[t] + dstar)


def promote_options(state: PMState, s: int) -> list[Option]:
    cap = dcap(state)
    return [Option(f"promote:{c}", T("Promote in {building}", building=BUILDING[c]), _areas(state, c, s, -1, 1))
            for c in HABITABLE
            if bld(state, c).star[s] > 0 and sum(bld(state, c).dstar) < cap]


def shift_options(state: PMState) -> list[Option]:
    cap = dcap(state)
    opts = []
    for c in HABITABLE:
        b = bld(state, c)
        for t in range(len(state.pl)):
            if b.star[t] and sum(b.dstar) < cap:
                opts.append(Option(f"up:{c}:{t}", T("{building}: {colony} up", building=BUILDING[c],
                                                      colony=who_short(state, t)), _areas(state, c, t, -1, 1)))
            if b.dstar[t]:
                opts.append(Option(f"down:{c}:{t}", T("{building}: {colony} down", building=BUILDING[c],
                                                        colony=who_short(state, t)), _areas(state, c, t, 1, -1)))
    return opts


def swap_options(state: PMState) -> list[Option]:
    opts = []
    for c in HABITABLE:
        b = bld(state, c)
        for a in range(len(state.pl)):
            for d in range(len(state.pl)):
                if a != d and b.star[a] and b.dstar[d]:
                    opts.append(Option(f"swap:{c}:{a}:{d}", T("{building}: {up} ↑ {down} ↓", building=BUILDING[c],
                                                               up=who_short(state, a), down=who_short(state, d)),
                                       T("{up}; {down}", up=_areas(state, c, a, -1, 1), down=_areas(state, c, d, 1, -1))))
    return opts


def land_options(state: PMState, s: int) -> list[Option]:
    p = state.pl[s]
    if p.ship <= 0:
        return []
    return [Option(f"land:{c}", T("Land in {building}", building=BUILDING[c]),
                   T("ship {ship} -> {after}; {areas}", ship=p.ship, after=p.ship - 1, areas=_areas(state, c, s, 1, 0)))
            for c in HABITABLE]


def peek_options(state: PMState, s: int) -> list[Option]:
    return [Option(f"peek:{t}", T("Peek at {colony}'s prep", colony=who_short(state, t)),
                   T("you alone see which cards they are: {n} of their face-down prep cards ({colours})",
                     n=min(PEEK_MAX, len(state.pl[t].prep)),
                     colours=tuple(COLOUR[CARDS[c].colour] for c in state.pl[t].prep[:PEEK_MAX])))
            for t in range(len(state.pl)) if t != s and state.pl[t].prep]


def tuck_options(state: PMState, s: int) -> list[Option]:
    p = state.pl[s]
    return ([Option(f"tuck:{c}", T("Hand: {card}", card=CARDS[c].title),
                    T("{colour} card, value {value}, from your hand to the bottom of the deck (you refill at the "
                      "4-card rule)", colour=COLOUR[CARDS[c].colour], value=CARDS[c].value)) for c in p.hand]
            + [Option(f"tuck:{c}", T("Prep: {card}", card=CARDS[c].title),
                      T("{colour} card, value {value}, from your prep module to the bottom of the deck (you refill "
                        "at the 4-card rule)", colour=COLOUR[CARDS[c].colour], value=CARDS[c].value)) for c in p.prep])


SKIP = Option("skip", T("Skip"), T("use none of these: nothing changes"))


def labels(cards: list[str]) -> tuple[Msg, ...]:
    """Cards as a list field ("A (green 2), B (blue 4)")."""
    return tuple(CARDS[c].label for c in cards)


def do_rearrange(state: PMState, s: int, choice: str) -> None:
    """Carry out a promote/up/down/swap/land/peek/tuck option id chosen by colony s."""
    parts = choice.split(":")
    kind = parts[0]
    if kind == "promote":
        b = bld(state, parts[1])
        b.star[s] -= 1
        b.dstar[s] += 1
        state.say(T("{colony} moves a colonist up to the double-star area of {building}.", colony=who(state, s),
                    building=BUILDING[parts[1]]))
    elif kind in ("up", "down"):
        b, t = bld(state, parts[1]), int(parts[2])
        if kind == "up":
            b.star[t] -= 1
            b.dstar[t] += 1
        else:
            b.dstar[t] -= 1
            b.star[t] += 1
        here, me = BUILDING[parts[1]], who(state, s)
        if t == s:
            line = (T("{colony} moves one of their own colonists up to the double-star area of {building}.",
                      colony=me, building=here) if kind == "up" else
                    T("{colony} moves one of their own colonists down to the star area of {building}.",
                      colony=me, building=here))
        else:
            line = (T("{colony} moves a colonist of {other} up to the double-star area of {building}.",
                      colony=me, other=who(state, t), building=here) if kind == "up" else
                    T("{colony} moves a colonist of {other} down to the star area of {building}.",
                      colony=me, other=who(state, t), building=here))
        state.say(line)
    elif kind == "swap":
        b, a, d = bld(state, parts[1]), int(parts[2]), int(parts[3])
        b.star[a] -= 1
        b.dstar[a] += 1
        b.dstar[d] -= 1
        b.star[d] += 1
        state.say(T("{colony} swaps colonists in {building}: {up} moves up, {down} moves down.",
                    colony=who(state, s), building=BUILDING[parts[1]], up=who(state, a), down=who(state, d)))
    elif kind == "land":
        land(state, s, parts[1])
    elif kind == "peek":
        t = int(parts[1])
        seen = state.pl[t].prep[:PEEK_MAX]
        state.say(T("{colony} looks at {other}'s prep module.", colony=who(state, s), other=who(state, t)))
        state.say(T("{other}'s prep module holds {cards}.", other=who(state, t), cards=labels(seen)), seat=s)
    elif kind == "tuck":
        cid = parts[1]
        p = state.pl[s]
        from_hand = cid in p.hand
        (p.hand if from_hand else p.prep).remove(cid)
        state.deck.insert(0, cid)
        if from_hand:   # hand colours are private
            state.say(T("{colony} puts a card from their hand on the bottom of the deck.", colony=who(state, s)))
        else:
            state.say(T("{colony} puts a {colour} card from their prep module on the bottom of the deck.",
                        colony=who(state, s), colour=COLOUR[CARDS[cid].colour]))
        state.say(T("You put {card} on the bottom of the deck.", card=CARDS[cid].label), seat=s)
    else:
        raise IllegalChoice(T("unknown choice {choice}", choice=echo(choice)))



# -- the card-effect executor -------------------------------------------------------
def half_blocker(state: PMState, s: int, card: Card, which: str) -> Text:
    """Why colony s cannot use this half right now ('' if it can)."""
    half = card.half(which)
    if half.cost > state.pl[s].energy:
        return T("needs {n} energy", n=half.cost)
    if half.cond == "none_here" and has_here(state, s, card.colour):
        return T("{building} already has their colonist", building=BUILDING[card.colour])
    if half.cond == "hold" and not holds(state, s, card.colour):
        return T("no {colour} card in hand", colour=COLOUR[card.colour])
    return ""


def public_blocker(state: PMState, s: int, card: Card) -> Text:
    """Why colony s cannot use the lower half, counting only public facts (energy, the board).
    The `hold` condition depends on the owner's private hand, so it is not checked here."""
    half = card.lower
    if half.cost > state.pl[s].energy:
        return T("needs {n} energy", n=half.cost)
    if half.cond == "none_here" and has_here(state, s, card.colour):
        return T("{building} already has their colonist", building=BUILDING[card.colour])
    return ""


def start_half(state: PMState, s: int, cid: str, which: str) -> list[Step]:
    """Pay the cost of a usable half and return the op steps that carry it out."""
    card = CARDS[cid]
    half = card.half(which)
    if half.cost:
        state.pl[s].energy -= half.cost
        state.say(T("{colony} pays {n} energy (now {total}).", colony=who(state, s), n=half.cost,
                    total=state.pl[s].energy))
    return [Step("op", s, card=cid, half=which, idx=i) for i in range(len(half.ops))]


def op_of(step: Step) -> Op:
    return CARDS[step.card].half(step.half).ops[step.idx]


def op_options(state: PMState, step: Step) -> list[Option] | None:
    """Options of an interactive op (empty: nothing possible), None for an automatic op."""
    op, s = op_of(step), step.seat
    if op.op not in INTERACTIVE:
        return None
    if op.op == "land_any":
        opts = land_options(state, s)
    elif op.op == "promote":
        opts = promote_options(state, s)
    elif op.op == "shift":
        opts = shift_options(state)
    elif op.op == "swap":
        opts = swap_options(state)
    else:
        return peek_options(state, s)
    return opts + [SKIP] if opts else []


def run_auto_op(state: PMState, step: Step) -> None:
    op, s = op_of(step), step.seat
    card = CARDS[step.card]
    if op.op == "launch":
        launch(state, s, op.n)
    elif op.op == "energy":
        gain_energy(state, s, op.n)
    elif op.op == "draw":
        draw_for(state, s, op.n)
    elif op.op == "land_here":
        land(state, s, card.colour)
    else:
        state.say(nothing_possible(card, op))


def nothing_possible(card: Card, op: Op) -> Msg:
    """The log line of an effect that has no possible use."""
    return T("{card}: nothing possible for \"{effect}\".", card=card.title, effect=OP_NAME[op.op])


# Short names of the card effects (for "nothing possible" lines).
OP_NAME = {
    "launch": T.name("op:launch", "launch"),
    "energy": T.name("op:energy", "energy"),
    "draw": T.name("op:draw", "draw"),
    "land_here": T.name("op:land_here", "land here"),
    "land_any": T.name("op:land_any", "land any"),
    "promote": T.name("op:promote", "promote"),
    "shift": T.name("op:shift", "shift"),
    "swap": T.name("op:swap", "swap"),
    "peek": T.name("op:peek", "peek"),
}


# -- building abilities -------------------------------------------------------------
def ability_options(state: PMState, s: int, colour: str) -> list[Option] | None:
    """None: automatic ability (Energy, Science); [] nothing possible; else options incl. skip."""
    if colour in ("yellow", "purple"):
        return None
    if colour == "green":
        opts = shift_options(state)
    elif colour == "blue":
        opts = tuck_options(state, s)
    else:
        opts = land_options(state, s)
    return opts + [SKIP] if opts else []


def run_auto_ability(state: PMState, s: int, colour: str) -> None:
    if colour == "yellow":
        gain_energy(state, s, 1)
    elif colour == "purple":
        launch(state, s, 1)
