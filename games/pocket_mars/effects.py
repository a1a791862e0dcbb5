"""Board helpers and the one executor for the card-effect vocabulary and building abilities."""

from __future__ import annotations

from games.core import IllegalChoice, Option, echo, seat_ref

from .cards import BUILDING, CARDS, COLOURS, HABITABLE, INTERACTIVE, Card, Op
from .state import BUILDING_VALUE, ENERGY_MAX, PMState, Step

MARKS = "ABCDEF"


# -- small board helpers ---------------------------------------------------------
def who(state: PMState, s: int) -> str:
    return "Devious Automatics" if state.pl[s].auto else seat_ref(s)


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
        state.say(f"{who(state, s)} launches {k} colonist{'s' if k != 1 else ''} from Earth to their ship.")
    else:
        state.say(f"{who(state, s)} has no colonists left on Earth to launch.")
    return k


def gain_energy(state: PMState, s: int, n: int) -> None:
    p = state.pl[s]
    new = min(ENERGY_MAX, p.energy + n)
    if new > p.energy:
        state.say(f"{who(state, s)} gains {new - p.energy} energy (now {new}).")
    else:
        state.say(f"{who(state, s)} is already at the energy maximum ({ENERGY_MAX}).")
    p.energy = new


def land(state: PMState, s: int, colour: str) -> bool:
    p = state.pl[s]
    if p.ship <= 0 or colour not in HABITABLE:
        state.say(f"{who(state, s)} has no colonist on their ship to move to {BUILDING[colour]}.")
        return False
    p.ship -= 1
    bld(state, colour).star[s] += 1
    state.say(f"{who(state, s)} moves a colonist from their ship to the star area of {BUILDING[colour]}.")
    return True


def rebuild(state: PMState) -> None:
    """Deck exhausted: cards under the buildings join the discard pile, which is shuffled into a new deck.
    In solo play the deck is never rebuilt (it is the game timer, see RULES.md)."""
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
    state.say(f"The project deck ran out: {moved} card(s) from under the buildings and the discard pile "
              f"were shuffled into a new deck of {len(state.deck)}.")


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
        state.say(f"{who(state, s)} draws {len(got)} card{'s' if len(got) != 1 else ''}.")
        state.say("You drew " + ", ".join(CARDS[c].label for c in got) + ".", seat=s)
    if len(got) < n:
        state.say(f"The deck is empty: {who(state, s)} could draw only {len(got)} of {n}.")
    return len(got)


def automaton(state: PMState) -> int | None:
    return next((t for t, p in enumerate(state.pl) if p.auto), None)


def draw_for(state: PMState, s: int, n: int) -> None:
    """A player draws n cards. Solo: each draw instead takes a card of the player's choice from the
    automaton's prep module while it has any (queued as `sdraw` steps, see RULES.md)."""
    a = automaton(state)
    if a is not None and a != s and state.pl[a].prep and n > 0:
        state.steps.insert(0, Step("sdraw", s, n=n))
    else:
        draw(state, s, n)


def take_from_automaton(state: PMState, s: int, index: int, n: int) -> None:
    """Take the automaton's prep card `index` instead of drawing; queue the rest of the draw."""
    a = automaton(state)
    cid = state.pl[a].prep.pop(index)
    state.pl[s].hand.append(cid)
    state.mark_reveal()
    state.say(f"{who(state, s)} takes a {CARDS[cid].colour} card from the Devious Automatics' prep module "
              f"instead of drawing.")
    state.say(f"You took {CARDS[cid].label}.", seat=s)
    if n > 1:
        draw_for(state, s, n - 1)


def burn(state: PMState, n: int) -> int:
    k = 0
    while k < n and state.deck:
        state.discard.append(state.deck.pop())
        k += 1
    return k


# -- colonist rearrangements -------------------------------------------------------
def promote_options(state: PMState, s: int) -> list[Option]:
    cap = dcap(state)
    return [Option(f"promote:{c}", f"Promote in {BUILDING[c]}", "your colonist: star -> double star")
            for c in HABITABLE
            if bld(state, c).star[s] > 0 and sum(bld(state, c).dstar) < cap]


def shift_options(state: PMState) -> list[Option]:
    cap = dcap(state)
    opts = []
    for c in HABITABLE:
        b = bld(state, c)
        for t in range(len(state.pl)):
            if b.star[t] and sum(b.dstar) < cap:
                opts.append(Option(f"up:{c}:{t}", f"{BUILDING[c]}: {who(state, t)} up", "star -> double star"))
            if b.dstar[t]:
                opts.append(Option(f"down:{c}:{t}", f"{BUILDING[c]}: {who(state, t)} down", "double star -> star"))
    return opts


def swap_options(state: PMState) -> list[Option]:
    opts = []
    for c in HABITABLE:
        b = bld(state, c)
        for a in range(len(state.pl)):
            for d in range(len(state.pl)):
                if a != d and b.star[a] and b.dstar[d]:
                    opts.append(Option(f"swap:{c}:{a}:{d}", f"{BUILDING[c]}: {who(state, a)} up, {who(state, d)} down",
                                       "swap a star colonist with a double-star one"))
    return opts


def land_options(state: PMState, s: int) -> list[Option]:
    if state.pl[s].ship <= 0:
        return []
    return [Option(f"land:{c}", f"Land in {BUILDING[c]}", "ship -> star area") for c in HABITABLE]


def peek_options(state: PMState, s: int) -> list[Option]:
    return [Option(f"peek:{t}", f"Look at {who(state, t)}'s prep module")
            for t in range(len(state.pl)) if t != s and state.pl[t].prep]


def tuck_options(state: PMState, s: int) -> list[Option]:
    p = state.pl[s]
    return ([Option(f"tuck:{c}", f"Hand: {CARDS[c].label}", "to the bottom of the deck") for c in p.hand]
            + [Option(f"tuck:{c}", f"Prep: {CARDS[c].label}", "to the bottom of the deck") for c in p.prep])


SKIP = Option("skip", "Skip", "do not use this")


def do_rearrange(state: PMState, s: int, choice: str) -> None:
    """Carry out a promote/up/down/swap/land/peek/tuck option id chosen by colony s."""
    parts = choice.split(":")
    kind = parts[0]
    if kind == "promote":
        b = bld(state, parts[1])
        b.star[s] -= 1
        b.dstar[s] += 1
        state.say(f"{who(state, s)} moves a colonist up to the double-star area of {BUILDING[parts[1]]}.")
    elif kind in ("up", "down"):
        b, t = bld(state, parts[1]), int(parts[2])
        if kind == "up":
            b.star[t] -= 1
            b.dstar[t] += 1
        else:
            b.dstar[t] -= 1
            b.star[t] += 1
        where = "up to the double-star" if kind == "up" else "down to the star"
        whose = "one of their own colonists" if t == s else f"a colonist of {who(state, t)}"
        state.say(f"{who(state, s)} moves {whose} {where} area of {BUILDING[parts[1]]}.")
    elif kind == "swap":
        b, a, d = bld(state, parts[1]), int(parts[2]), int(parts[3])
        b.star[a] -= 1
        b.dstar[a] += 1
        b.dstar[d] -= 1
        b.star[d] += 1
        state.say(f"{who(state, s)} swaps colonists in {BUILDING[parts[1]]}: {who(state, a)} moves up, "
                  f"{who(state, d)} moves down.")
    elif kind == "land":
        land(state, s, parts[1])
    elif kind == "peek":
        t = int(parts[1])
        seen = state.pl[t].prep[:PEEK_MAX]
        state.say(f"{who(state, s)} looks at {who(state, t)}'s prep module.")
        state.say(f"{who(state, t)}'s prep module holds " + ", ".join(CARDS[c].label for c in seen) + ".", seat=s)
    elif kind == "tuck":
        cid = parts[1]
        p = state.pl[s]
        where = "hand" if cid in p.hand else "prep module"
        (p.hand if cid in p.hand else p.prep).remove(cid)
        state.deck.insert(0, cid)
        what = f"a {CARDS[cid].colour} card" if where == "prep module" else "a card"   # hand colours are private
        state.say(f"{who(state, s)} puts {what} from their {where} on the bottom of the deck.")
        state.say(f"You put {CARDS[cid].label} on the bottom of the deck.", seat=s)
    else:
        raise IllegalChoice(f"unknown choice {echo(choice)}")


PEEK_MAX = 2


# -- the card-effect executor -------------------------------------------------------
def half_blocker(state: PMState, s: int, card: Card, which: str) -> str:
    """Why colony s cannot use this half right now ('' if it can)."""
    half = card.half(which)
    if half.cost > state.pl[s].energy:
        return f"needs {half.cost} energy"
    if half.cond == "none_here" and has_here(state, s, card.colour):
        return f"{BUILDING[card.colour]} already has their colonist"
    if half.cond == "hold" and not holds(state, s, card.colour):
        return f"no {card.colour} card in hand"
    return ""


def public_blocker(state: PMState, s: int, card: Card) -> str:
    """Why colony s cannot use the lower half, counting only public facts (energy, the board).
    The `hold` condition depends on the owner's private hand, so it is not checked here."""
    half = card.lower
    if half.cost > state.pl[s].energy:
        return f"needs {half.cost} energy"
    if half.cond == "none_here" and has_here(state, s, card.colour):
        return f"{BUILDING[card.colour]} already has their colonist"
    return ""


def start_half(state: PMState, s: int, cid: str, which: str) -> list[Step]:
    """Pay the cost of a usable half and return the op steps that carry it out."""
    card = CARDS[cid]
    half = card.half(which)
    if half.cost:
        state.pl[s].energy -= half.cost
        state.say(f"{who(state, s)} pays {half.cost} energy (now {state.pl[s].energy}).")
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
        state.say(f"{card.name}: nothing possible for \"{op.op.replace('_', ' ')}\".")


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
