"""Game flow: rounds, turns, the weather phase, harvest and cleanup.

`settle(state)` runs after setup and after every applied choice: it performs automatic
steps, skips prompts that have no legal option (logging why), and when the queue is
empty moves the game on (next turn, end of action phase, weather, harvest, next round).
"""

from __future__ import annotations

from . import board as B
from . import solo
from .data import CARD_TYPE, DATA, WEATHERS
from .messages import T, then, weather_name as wname
from .state import PetrichorState, Step
from .steps import options

# Why a skipped prompt asked nothing, given the seat it was for.
SKIP_NOTES = {
    "vote": lambda seat: T("{seat} has no vote marker and no die to advance: no vote.", seat=seat),
    "sunw": lambda seat: T("{seat} has no drops in any cloud: the Sun does nothing for them.", seat=seat),
    "windw_cell": lambda seat: T("{seat} finds no drop on the field to move.", seat=seat),
    "rain_cloud": lambda seat: T("{seat} has no further cloud to rain from.", seat=seat),
}


def settle(state: PetrichorState) -> None:
    for _ in range(10_000):
        if state.phase == "over":
            state.steps = []
            return
        if not state.steps:
            progress(state)
            continue
        head = state.steps[0]
        if head.kind.startswith("auto_"):
            state.steps.pop(0)
            run_auto(state, head)
            continue
        if head.kind == "keep":
            return
        if not options(state, head):
            state.steps.pop(0)
            note = SKIP_NOTES.get(head.kind)
            if note:
                state.say(note(B.who(state, head.seat)))
            continue
        return
    raise RuntimeError("petrichor: flow did not settle")


def run_auto(state: PetrichorState, st: Step) -> None:
    if st.kind == "auto_grow":
        crop = "coffee" if st.a == "S" else "rice"
        for i, t in enumerate(state.tiles):
            if t.crop == crop and t.stage == 1:
                t.stage = 2
                state.say(T("The sprouted {tile} grows (growth marker).", tile=B.cell_name(state, i)))
    elif st.kind == "auto_sunadd":
        cl = B.cloud_by_id(state, st.cloud)
        if cl is not None:
            B.add_drops(state, cl, st.seat, st.n)
    elif st.kind == "auto_sw_sun":
        solo.sun_weather(state)
    elif st.kind == "auto_sw_wind":
        solo.wind_weather(state)
    elif st.kind == "auto_sw_turn":
        solo.act(state)
    elif st.kind == "auto_sw_place":
        solo.place(state)
    else:
        raise AssertionError(st.kind)


# -- flow --------------------------------------------------------------------------

def progress(state: PetrichorState) -> None:
    if state.phase == "setup":
        state.say(T("Round {round} of {rounds} begins. Action phase.", round=state.round, rounds=state.rounds))
        state.phase = "action"
        begin_turn(state, state.first)
    elif state.phase == "action":
        if state.passed_by == -1:
            begin_turn(state, (state.turn + 1) % state.players)
        elif state.last_turns:
            begin_turn(state, state.last_turns.pop(0))
        else:
            end_action(state)
    elif state.phase == "keep":
        start_weather(state)
    elif state.phase == "weather":
        if state.wq:
            resolve(state, state.wq.pop(0))
        else:
            finish_round(state)


def begin_turn(state: PetrichorState, seat: int) -> None:
    state.turn = seat
    steps = [Step("turn", seat)]
    if state.players == 1:
        steps.insert(0, Step("auto_sw_turn", 1))
    state.steps.extend(steps)


def end_action(state: PetrichorState) -> None:
    state.phase = "keep"
    state.turn = -1
    limit = DATA["hand_limit"]
    for seat in range(state.players):
        extra = len(state.hands[seat]) - limit
        if extra > 0:
            state.steps.append(Step("keep", seat, n=extra))
    state.say(T("The action phase ends."))


def start_weather(state: PetrichorState) -> None:
    state.phase = "weather"
    totals = {w: sum(state.votes[w]) for w in WEATHERS}
    board = tuple(T("{weather} {n}", weather=wname(w), n=totals[w]) for w in WEATHERS)
    state.say(T("Weather phase. Votes: {votes}.", votes=board))
    voted = [w for w in WEATHERS if totals[w] > 0]
    state.winners_w = []
    if state.round == state.rounds:
        state.winners_w = voted
        finalize_winners(state)
        return
    chosen: list[str] = []
    for value in sorted({totals[w] for w in voted}, reverse=True):
        group = [w for w in voted if totals[w] == value]
        room = 2 - len(chosen)
        if room <= 0:
            break
        if len(group) <= room:
            chosen += group
        else:
            state.winners_w = chosen
            state.steps.append(Step("tie", state.first, a="".join(group), n=room))
            return
    state.winners_w = chosen
    finalize_winners(state)


def apply_tie(state: PetrichorState, picks: list[str]) -> None:
    names = tuple(wname(w) for w in picks)
    state.say(T("{seat} (first player) breaks the tie: {weathers}.", seat=B.who(state, state.first), weathers=names))
    state.winners_w = state.winners_w + picks
    finalize_winners(state)


def finalize_winners(state: PetrichorState) -> None:
    state.winners_w = [w for w in WEATHERS if w in state.winners_w]
    state.wq = list(state.winners_w)
    if state.winners_w:
        state.say(T("Weather resolves: {weathers}.", weathers=then([wname(w) for w in state.winners_w])))
    else:
        state.say(T("Nobody voted for any weather: the sky stays calm."))


def resolve(state: PetrichorState, w: str) -> None:
    if w == "F":
        n = 0
        for cl in state.clouds:
            if not cl.dark:
                cl.dark = True
                n += 1
        state.say(T("Frost: {n} white cloud(s) turn dark.", n=n))
    elif w == "S":
        state.say(T("Sun: from the first player clockwise, each adds to one of their clouds."))
        for k in range(state.players):
            state.steps.append(Step("sunw", (state.first + k) % state.players))
        if state.players == 1:
            state.steps.append(Step("auto_sw_sun", 1))
        state.steps.append(Step("auto_grow", a="S"))
    elif w == "W":
        state.say(T("Wind: from the first player's right, counter-clockwise, each moves 1 drop on the field."))
        if state.players == 1:
            state.steps.append(Step("auto_sw_wind", 1))
            state.steps.append(Step("windw_cell", 0))
        else:
            for k in range(1, state.players + 1):
                state.steps.append(Step("windw_cell", (state.first - k) % state.players))
    elif w == "R":
        dark = sorted((cl for cl in state.clouds if cl.dark), key=lambda cl: cl.cell)
        state.say(T("Rain: {n} dark cloud(s) pour out their drops.", n=len(dark)))
        for cl in dark:
            state.say(T("The dark cloud over {tile} rains {n} drop(s).", tile=B.cell_name(state, cl.cell), n=sum(cl.drops)))
            B.pour(state, cl)
        state.steps.append(Step("auto_grow", a="R"))


def finish_round(state: PetrichorState) -> None:
    for w in state.winners_w:
        counts = state.votes[w]
        best = max(counts)
        leaders = [c for c, n in enumerate(counts) if n == best]
        if best > 0 and len(leaders) == 1:
            state.track[leaders[0]] += 1
            state.say(T("{seat} cast the most votes for {weather} and advances on the vote track.",
                        seat=B.who(state, leaders[0]), weather=wname(w)))
        elif best > 0:
            state.say(T("Tie for most votes on {weather}: nobody advances on the vote track.", weather=wname(w)))
        for c, n in enumerate(counts):
            state.markers[c] += n
        state.votes[w] = [0] * state.ncol
    if state.winners_w:
        state.say(T("Markers on the winning weathers go back to their owners; the others stay."))
    state.winners_w = []
    harvested = False
    if state.round == state.rounds or all(v == 0 for v in state.dice):
        B.harvest(state)
        harvested = True
    if state.round == state.rounds:
        state.phase = "over"
        state.steps = []
        state.say(T("The last round is over: final scoring."))
        return
    state.round += 1
    roll_dice(state, everything=harvested)
    deal(state)
    state.passed_by = -1
    state.last_turns = []
    state.phase = "action"
    state.say(T("Round {round} of {rounds} begins. {seat} is first player.", round=state.round, rounds=state.rounds,
                seat=B.who(state, state.first)))
    begin_turn(state, state.first)


def roll_dice(state: PetrichorState, everything: bool) -> None:
    faces = DATA["die_faces"]
    for i, v in enumerate(state.dice):
        if everything or v != 0:
            state.dice[i] = state.rng.choice(faces)
    shown = tuple(T("wheat") if v == 0 else str(v) for v in state.dice)
    if everything:
        state.say(T("Re-rolling all harvest dice: {faces}.", faces=shown))
    else:
        state.say(T("Re-rolling the harvest dice not on wheat: {faces}.", faces=shown))
    state.mark_reveal()


def deal(state: PetrichorState) -> None:
    size = DATA["hand_size"][str(state.players)]
    for seat in range(state.players):
        got = []
        for _ in range(size):
            if not state.deck:
                if not state.discard:
                    break
                state.deck = state.discard
                state.discard = []
                state.rng.shuffle(state.deck)
                state.say(T("The discard pile is shuffled into a new deck."))
            cid = state.deck.pop()
            state.hands[seat].append(cid)
            got.append(wname(CARD_TYPE[cid]))
        state.say(T("{seat} draws {n} card(s).", seat=B.who(state, seat), n=len(got)))
        if got:
            state.say(T("You drew: {cards}.", cards=tuple(got)), seat=seat)
    state.mark_reveal()
