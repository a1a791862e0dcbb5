"""Prompt steps: which options each step offers and what choosing one does.

Steps live in `state.steps` (a queue; steps[0] is asked next). Applying a step pops it
and may push follow-up steps at the FRONT of the queue, so a multi-part action finishes
before anything queued after it (e.g. effect -> vote -> optional double play).
"""

from __future__ import annotations

from games.core import IllegalChoice, Option
from games.core.i18n import Msg, Text

from . import board as B
from .catalogue import PHASE_EFFECT
from .crops import stage_text
from .wording import apart, cloud_add, cloud_kind, drops_of, tile_state
from .data import CARD_TYPE, DATA, WEATHERS, next_weather
from .messages import T, plus, weather_name as wname
from .scoring import DICE, credit
from .state import PetrichorState, Step

CELL_KINDS = {"place", "frost_cell", "wind_dir", "windw_cell", "windw_dest", "recover"}


# -- helpers -----------------------------------------------------------------------

def hand_types(state: PetrichorState, seat: int) -> dict[str, int]:
    counts = {w: 0 for w in WEATHERS}
    for cid in state.hands[seat]:
        counts[CARD_TYPE[cid]] += 1
    return counts


def others_count(state: PetrichorState, seat: int, w: str) -> int:
    """Cards in hand of a weather other than `w` (those that may be played together as `w`)."""
    return sum(1 for cid in state.hands[seat] if CARD_TYPE[cid] != w)


def effect_possible(state: PetrichorState, colour: int, w: str) -> bool:
    supply = state.supply[colour]
    if w == "F":
        return (len(state.clouds) < DATA["max_clouds"] and bool(B.empty_cells(state))
                and supply + B.field_drops(state, colour) >= 1)
    if w == "S":
        return bool(B.own_clouds(state, colour)) and supply + B.field_drops(state, colour) >= 2
    return bool(B.own_clouds(state, colour))


def effect_steps(state: PetrichorState, seat: int, w: str) -> list[Step]:
    """The prompts that carry out card effect `w` (assumes effect_possible)."""
    if w == "F":
        need = max(0, 1 - state.supply[seat])
        return ([Step("recover", seat, a="need", n=need)] if need else []) + [Step("frost_cell", seat)]
    if w == "S":
        need = max(0, 2 - state.supply[seat])
        return ([Step("recover", seat, a="need", n=need)] if need else []) + [Step("sun_cloud", seat)]
    if w == "W":
        return [Step("wind_cloud", seat)]
    return [Step("rain_cloud", seat, n=0)]


def discard_card(state: PetrichorState, seat: int, cid: str) -> None:
    state.hands[seat].remove(cid)
    state.discard.append(cid)


def discard_type(state: PetrichorState, seat: int, w: str) -> None:
    cid = next(c for c in state.hands[seat] if CARD_TYPE[c] == w)
    discard_card(state, seat, cid)


def votes_for(types: list[str]) -> str:
    out = ""
    for t in types:
        for w in (t, next_weather(t)):
            if w not in out:
                out += w
    return "".join(w for w in WEATHERS if w in out)


def push(state: PetrichorState, steps: list[Step]) -> None:
    state.steps[0:0] = steps


def play_steps(state: PetrichorState, seat: int, w: str, types: list[str], first: bool) -> list[Step]:
    """Effect (or a note that only the vote happens), the vote, then the optional double play."""
    out: list[Step] = []
    if effect_possible(state, seat, w):
        out += effect_steps(state, seat, w)
    else:
        state.say(T("{weather} is impossible for {seat} right now: only the vote happens.", weather=wname(w),
                    seat=B.who(state, seat)))
    out.append(Step("vote", seat, a=votes_for(types)))
    if first and state.passed_by == -1:
        out.append(Step("double", seat))
    return out


def cloud_option(state: PetrichorState, cl, detail: Text) -> Option:
    """A cloud, named by the tile it is over (one cloud per tile), with what choosing it does."""
    return Option(f"cloud:{cl.id}", B.cell_name(state, cl.cell), detail)


def cell_option(state: PetrichorState, cell: int, extra: Text = "") -> Option:
    """A tile: whose drops lie on it, its stage and what its crop pays (a player sees that before
    watering it), after what choosing it does (`extra`)."""
    detail = tile_state(state, cell)
    return Option(B.cell_id(state, cell), B.cell_name(state, cell),
                  T("{what}; {tile}", what=extra, tile=detail) if extra else detail)


def cells(state: PetrichorState, found: list[int], extra=lambda cell: "") -> list[Option]:
    """Tiles to choose, told apart where two would read alike."""
    return apart([cell_option(state, i, extra(i)) for i in found])


def _drops_left(kind: str, seat: Text, n: int) -> Msg:
    """Option detail of a colour choice: that colour's drops where the step takes one from."""
    if kind == "rain_colour":
        return T("{seat} drops in the cloud: {now} -> {then}", seat=seat, now=n, then=n - 1)
    return T("{seat} drops on the tile: {now} -> {then}", seat=seat, now=n, then=n - 1)


def _die_label(v: int) -> Text:
    return T("1 -> wheat") if v == 1 else f"{v} -> {v - 1}"


DIRECTION = {(-1, 0): T("north"), (1, 0): T("south"), (0, 1): T("east"), (0, -1): T("west")}


def direction(state: PetrichorState, src: int, dest: int) -> Msg:
    (r1, c1), (r2, c2) = B.rc(state, src), B.rc(state, dest)
    return DIRECTION[(r2 - r1, c2 - c1)]


EFFECT: dict[str, Msg] = {
    "F": T("new white cloud with 1 of your drops on an empty tile"),
    "S": T("2 of your drops into a cloud holding yours"),
    "W": T("blow a cloud holding your drops to a neighbouring tile"),
    "R": T("up to 2 clouds holding your drops rain 1 drop each"),
}


def last_turn(state: PetrichorState) -> bool:
    """Someone has passed: every other player's turn is their last one of the round."""
    return state.passed_by != -1


def pass_option(state: PetrichorState, seat: int) -> Option:
    """Pass, saying what happens to the first-player marker."""
    n = len(state.hands[seat])
    if state.players == 1:
        return Option("pass", T("Pass"), T("discard your {n} card(s); the action phase ends and you stay first player",
                                           n=n))
    if last_turn(state):
        return Option("pass", T("Pass"),
                      T("discard your {n} card(s); {seat} keeps the first-player marker", n=n,
                        seat=B.who(state, state.first)))
    if state.first == seat:
        right = (seat - 1) % state.players
        return Option("pass", T("Pass"),
                      T("discard your {n} card(s); you hold the first-player marker, so it goes to your right, to "
                        "{seat}; everyone else gets one last turn", n=n, seat=B.who(state, right)))
    return Option("pass", T("Pass"),
                  T("discard your {n} card(s) and take the first-player marker; everyone else gets one last turn",
                    n=n))


def numbered_cards(state: PetrichorState, cards: list[str]) -> list[Option]:
    """One option per card, the copies of a weather numbered (copies do exactly the same)."""
    seen: dict[str, int] = {}
    out = []
    for cid in cards:
        w = CARD_TYPE[cid]
        seen[w] = seen.get(w, 0) + 1
        total = sum(1 for c in cards if CARD_TYPE[c] == w)
        label = wname(w) if total == 1 else T("{weather} ({i} of {n})", weather=wname(w), i=seen[w], n=total)
        out.append(Option(cid, label, T("{weather} card: {effect}", weather=wname(w), effect=EFFECT[w])))
    return out


def vote_choices(w: str) -> Msg:
    return T("then vote {weather} or {next}", weather=wname(w), next=wname(next_weather(w)))


def turn_options(state: PetrichorState, seat: int) -> list[Option]:
    opts = []
    types = hand_types(state, seat)
    for w in WEATHERS:
        if types[w]:
            note = EFFECT[w] if effect_possible(state, seat, w) else T("its effect is impossible now")
            opts.append(Option(f"play:{w}", T("Play {weather} ({n} in hand)", weather=wname(w), n=types[w]),
                               T("{effect}; {vote}", effect=note, vote=vote_choices(w))))
    # 其他玩家可以再執行一次行動(打出 1 張手牌或 Pass): after a pass, one hand card only
    for w in WEATHERS if not last_turn(state) else ():
        if others_count(state, seat, w) >= 2 and effect_possible(state, seat, w):
            opts.append(Option(f"pair:{w}", T("Any 2 cards as {weather}", weather=wname(w)),
                               T("discard two cards that are not {weather}: {effect}; then vote for the weather of "
                                 "one of them or the weather after it", weather=wname(w), effect=EFFECT[w])))
    opts.append(pass_option(state, seat))
    return opts


def double_options(state: PetrichorState, seat: int) -> list[Option]:
    if state.passed_by != -1:
        return []
    opts = []
    types = hand_types(state, seat)
    for w in WEATHERS:
        if types[w] >= 2:
            note = EFFECT[w] if effect_possible(state, seat, w) else T("its effect is impossible now")
            opts.append(Option(f"double:{w}", T("Two {weather} cards", weather=wname(w)),
                               T("discard two {weather}: {effect}; {vote}", weather=wname(w), effect=note,
                                 vote=vote_choices(w))))
    for w in WEATHERS:
        if others_count(state, seat, w) >= 4 and effect_possible(state, seat, w):
            opts.append(Option(f"quad:{w}", T("Any 4 cards as {weather}", weather=wname(w)),
                               T("discard four cards that are not {weather}: {effect}; then vote for the weather of "
                                 "one of them or the weather after it", weather=wname(w), effect=EFFECT[w])))
    if opts:
        opts.append(Option("end", T("End turn"), T("no double play: your turn ends")))
    return opts


def vote_options(state: PetrichorState, st: Step) -> list[Option]:
    seat = st.seat
    opts = []
    if state.markers[seat] > 0:
        for w in st.a:
            now = sum(state.votes[w])
            opts.append(Option(f"vote:{w}", T("Vote {weather}", weather=wname(w)),
                               T("{weather} votes {now} -> {then} (yours {mine} -> {mine_after}); {markers} marker(s) "
                                 "left after it", weather=wname(w), now=now, then=now + 1, mine=state.votes[w][seat],
                                 mine_after=state.votes[w][seat] + 1, markers=state.markers[seat] - 1)))
    for i, v in enumerate(state.dice):
        if v > 0:
            pts = DATA["die_to_wheat_points"] if v == 1 else DATA["die_advance_points"]
            score = state.score[seat]
            faces = _die_label(v)
            opts.append(Option(f"die:{i}", T("Harvest die {i}: {faces}", i=i + 1, faces=faces),
                               T("die {i} goes {faces}: +{n} point(s), score {now} -> {then}; no marker used", i=i + 1,
                                 faces=faces, n=pts, now=score, then=score + pts)))
    return opts


def rain_detail(state: PetrichorState, cl) -> Msg:
    tile = state.tiles[cl.cell]
    return T("{kind} with {drops}: 1 drop falls on the tile ({stage})", kind=cloud_kind(cl),
             drops=drops_of(state, cl.drops), stage=stage_text(tile))


# -- options -----------------------------------------------------------------------

def options(state: PetrichorState, st: Step) -> list[Option]:
    k = st.kind
    seat = st.seat
    if k == "place" or k == "frost_cell":
        return cells(state, B.empty_cells(state))
    if k == "turn":
        return turn_options(state, seat)
    if k == "cards":
        # 另外一張卡片: the cards played as a wild are of weathers other than the effect
        return numbered_cards(state, [cid for cid in state.hands[seat] if CARD_TYPE[cid] != st.a])
    if k == "double":
        return double_options(state, seat)
    if k == "vote":
        return vote_options(state, st)
    if k == "sun_cloud":
        return [cloud_option(state, cl, cloud_add(state, cl, seat, 2)) for cl in B.own_clouds(state, seat)]
    if k == "sunw":
        return [cloud_option(state, cl, cloud_add(state, cl, seat, cl.drops[seat])) for cl in B.own_clouds(state, seat)]
    if k == "wind_cloud":
        return [cloud_option(state, cl, T("{kind} with {drops}; it can blow to {n} neighbouring tile(s)",
                                          kind=cloud_kind(cl), drops=drops_of(state, cl.drops),
                                          n=len(B.adjacent(state, cl.cell))))
                for cl in B.own_clouds(state, seat)]
    if k == "rain_cloud":
        opts = [cloud_option(state, cl, rain_detail(state, cl)) for cl in B.own_clouds(state, seat) if cl.id not in st.ex]
        if opts and st.n >= 1:
            opts.append(Option("done", T("Stop raining"), T("rain from only one cloud")))
        return opts
    if k == "rain_colour" or k == "windw_colour":
        if k == "rain_colour":
            cl = B.cloud_by_id(state, st.cloud)
            drops = cl.drops if cl else []
        else:
            drops = state.tiles[st.cell].drops
        return [Option(f"col:{c}", T("{seat}'s drop", seat=B.who(state, c)), _drops_left(k, B.who(state, c), n))
                for c, n in enumerate(drops) if n]
    if k == "wind_dir":
        cl = B.cloud_by_id(state, st.cloud)
        if cl is None:
            return []

        def blown(i: int) -> Msg:
            there = B.cloud_at(state, i)
            if there is None:
                return T("blow it {direction}", direction=direction(state, cl.cell, i))
            return T("blow it {direction} onto the {kind} there: they merge, {n} drops in all",
                     direction=direction(state, cl.cell, i), kind=cloud_kind(there),
                     n=sum(cl.drops) + sum(there.drops))
        return cells(state, B.adjacent(state, cl.cell), blown)
    if k == "recover":
        opts = cells(state, [i for i, t in enumerate(state.tiles) if t.drops[seat] > 0],
                     lambda i: T("take back 1 of your {n} drop(s) here", n=state.tiles[i].drops[seat]))
        if opts and st.a != "need":
            opts.append(Option("stop", T("Recover no more"), T("add only what you have")))
        return opts
    if k == "windw_cell":
        return cells(state, [i for i, t in enumerate(state.tiles) if sum(t.drops) > 0])
    if k == "windw_dest":
        return cells(state, B.adjacent(state, st.cell),
                     lambda i: T("the drop moves {direction}", direction=direction(state, st.cell, i)))
    if k == "keep":
        return numbered_cards(state, list(state.hands[seat]))
    if k == "tie":
        return [Option(f"w:{w}", T("Resolve {weather}", weather=wname(w)),
                       T("{n} vote(s); in the weather phase {effect}", n=sum(state.votes[w]), effect=PHASE_EFFECT[w]))
                for w in st.a]
    raise AssertionError(f"unknown step {k}")


PROMPTS: dict[str, Msg] = {
    "place": T("Setup: place your starting cloud (1 drop) on an empty tile."),
    "turn": T("Your turn: play a card (effect + vote), play any two as a third weather, or pass."),
    "frost_cell": T("Frost: choose an empty tile for a new white cloud with 1 of your drops."),
    "sun_cloud": T("Sun: choose a cloud holding your drops to add 2 drops to."),
    "wind_cloud": T("Wind: choose a cloud holding your drops to blow."),
    "wind_dir": T("Wind: blow the cloud to which neighbouring tile?"),
    "rain_cloud": T("Rain: choose a cloud holding your drops to drop 1 rain on its tile (up to 2 clouds)."),
    "rain_colour": T("Rain: whose drop falls?"),
    "double": T("Optional double play (nobody has passed): two identical cards, or any four as another weather."),
    "sunw": T("Sun weather: choose a cloud holding your drops; you add as many drops as you have in it."),
    "windw_cell": T("Wind weather: choose a tile to move 1 drop away from."),
    "windw_colour": T("Wind weather: move whose drop?"),
    "windw_dest": T("Wind weather: move the drop to which neighbouring tile?"),
}


def prompt(state: PetrichorState, st: Step) -> Msg:
    k = st.kind
    if k == "turn" and last_turn(state):
        return T("Last turn ({seat} passed): play one hand card (effect + vote) or pass.",
                 seat=B.who(state, state.passed_by))
    if k == "cards":
        return T("Choose the {n} cards to discard for {weather}.", n=st.n, weather=wname(st.a))
    if k == "vote":
        return T("Vote: put a marker on a weather, or advance a harvest die for points.")
    if k == "recover":
        if st.a == "need":
            return T("Your supply is short: recover 1 of your drops from a tile; {n} still needed.", n=st.n)
        return T("Your supply is short: recover 1 of your drops from a tile (optional); {n} still needed.", n=st.n)
    if k == "keep":
        return T("Hand limit {limit}: choose {n} card(s) to discard.", limit=DATA["hand_limit"], n=st.n)
    if k == "tie":
        names = tuple(wname(w) for w in st.a)
        return T("Vote tie between {weathers}: as first player choose {n} to resolve.", weathers=names, n=st.n)
    return PROMPTS[k]


# -- applying ----------------------------------------------------------------------

def apply_step(state: PetrichorState, st: Step, choice) -> None:
    """Carry out `choice` for step `st` (already removed from the queue)."""
    k = st.kind
    seat = st.seat
    if k in ("cards", "keep") and isinstance(choice, str):
        choice = [choice]
    if k == "place":
        B.new_cloud(state, B.parse_cell(state, choice), seat)
    elif k == "turn":
        if choice == "pass":
            do_pass(state, seat)
        elif choice.startswith("play:"):
            w = choice[5:]
            discard_type(state, seat, w)
            state.say(T("{seat} plays {weather}.", seat=B.who(state, seat), weather=wname(w)))
            push(state, play_steps(state, seat, w, [w], first=True))
        else:
            w = choice[5:]
            push(state, [Step("cards", seat, a=w, n=2, cell=1)])
    elif k == "cards":
        if len(choice) != st.n:
            raise IllegalChoice(T("choose exactly {n} cards", n=st.n))
        types = [CARD_TYPE[c] for c in choice]
        if st.a in types:
            raise IllegalChoice(T("cards played as {weather} must be of other weathers", weather=wname(st.a)))
        for cid in choice:
            discard_card(state, seat, cid)
        state.say(T("{seat} plays {cards} as {weather}.", seat=B.who(state, seat), cards=plus([wname(t) for t in types]),
                    weather=wname(st.a)))
        push(state, play_steps(state, seat, st.a, types, first=st.cell == 1))
    elif k == "double":
        if choice == "end":
            return
        w = choice.split(":")[1]
        if choice.startswith("double:"):
            discard_type(state, seat, w)
            discard_type(state, seat, w)
            state.say(T("{seat} makes a double play: two {weather}.", seat=B.who(state, seat), weather=wname(w)))
            push(state, play_steps(state, seat, w, [w], first=False))
        else:
            push(state, [Step("cards", seat, a=w, n=4, cell=0)])
    elif k == "vote":
        if choice.startswith("vote:"):
            w = choice[5:]
            state.markers[seat] -= 1
            state.votes[w][seat] += 1
            state.say(T("{seat} votes {weather} ({n} votes on it).", seat=B.who(state, seat), weather=wname(w),
                        n=sum(state.votes[w])))
        else:
            advance_die(state, seat, int(choice[4:]))
    elif k == "frost_cell":
        B.new_cloud(state, B.parse_cell(state, choice), seat)
    elif k == "sun_cloud":
        B.add_drops(state, B.named_cloud(state, int(choice[6:])), seat, 2)
    elif k == "wind_cloud":
        push(state, [Step("wind_dir", seat, cloud=int(choice[6:]))])
    elif k == "wind_dir":
        B.move_cloud(state, B.named_cloud(state, st.cloud), B.parse_cell(state, choice), seat)
    elif k == "rain_cloud":
        if choice == "done":
            return
        cl = B.named_cloud(state, int(choice[6:]))
        colours = [c for c, n in enumerate(cl.drops) if n]
        if len(colours) > 1:
            push(state, [Step("rain_colour", seat, cloud=cl.id, n=st.n, ex=st.ex + [cl.id])])
        else:
            _rain_then_next(state, st, cl, colours[0])
    elif k == "rain_colour":
        cl = B.named_cloud(state, st.cloud)
        _rain_then_next(state, st, cl, int(choice[4:]))
    elif k == "recover":
        if choice == "stop":
            return
        B.recover(state, seat, B.parse_cell(state, choice))
        if st.n > 1:
            push(state, [Step("recover", seat, a=st.a, n=st.n - 1)])
    elif k == "sunw":
        cl = B.named_cloud(state, int(choice[6:]))
        want = cl.drops[seat]
        short = want - state.supply[seat]
        if short > 0 and B.field_drops(state, seat) > 0:
            push(state, [Step("recover", seat, a="sunw", n=short), Step("auto_sunadd", seat, cloud=cl.id, n=want)])
        else:
            B.add_drops(state, cl, seat, want)
    elif k == "windw_cell":
        cell = B.parse_cell(state, choice)
        colours = [c for c, n in enumerate(state.tiles[cell].drops) if n]
        if len(colours) > 1:
            push(state, [Step("windw_colour", seat, cell=cell)])
        else:
            push(state, [Step("windw_dest", seat, cell=cell, colour=colours[0])])
    elif k == "windw_colour":
        push(state, [Step("windw_dest", seat, cell=st.cell, colour=int(choice[4:]))])
    elif k == "windw_dest":
        move_drop(state, seat, st.cell, B.parse_cell(state, choice), st.colour)
    elif k == "keep":
        if len(choice) != st.n:
            raise IllegalChoice(T("choose exactly {n} cards", n=st.n))
        for cid in choice:
            discard_card(state, seat, cid)
        state.say(T("{seat} discards {n} card(s) down to the hand limit.", seat=B.who(state, seat), n=st.n))
    else:
        raise AssertionError(f"step {k} is applied by the flow")


def _rain_then_next(state: PetrichorState, st: Step, cl, colour: int) -> None:
    B.rain_one(state, cl, colour)
    if st.n + 1 < 2:
        push(state, [Step("rain_cloud", st.seat, n=st.n + 1, ex=st.ex + [cl.id])])


def move_drop(state: PetrichorState, seat: int, src: int, dest: int, colour: int) -> None:
    state.tiles[src].drops[colour] -= 1
    state.tiles[dest].drops[colour] += 1
    state.say(T("{seat} blows 1 {colour} drop from the {tile} to the {dest}.", seat=B.who(state, seat),
                colour=B.who(state, colour), tile=B.cell_name(state, src), dest=B.cell_name(state, dest)))
    B.sprout_check(state, dest)


def advance_die(state: PetrichorState, colour: int, i: int) -> None:
    v = state.dice[i]
    pts = DATA["die_to_wheat_points"] if v == 1 else DATA["die_advance_points"]
    state.dice[i] = v - 1
    credit(state, colour, DICE, pts)
    state.say(T("{seat} advances harvest die {i} ({faces}) for {n} point(s).", seat=B.who(state, colour), i=i + 1,
                faces=_die_label(v), n=pts))


def do_pass(state: PetrichorState, seat: int) -> None:
    n = len(state.hands[seat])
    state.discard.extend(state.hands[seat])
    state.hands[seat] = []
    state.say(T("{seat} passes and discards {n} card(s).", seat=B.who(state, seat), n=n))
    if state.passed_by != -1:
        return
    state.passed_by = seat
    if state.first == seat:
        state.first = (seat - 1) % state.players
    else:
        state.first = seat
    state.say(T("{seat} now holds the first-player marker. Everyone else takes one last turn.",
                seat=B.who(state, state.first)))
    state.last_turns = [(seat + k) % state.players for k in range(1, state.players)]
