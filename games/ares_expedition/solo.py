"""Solo mode (article 單人模式, PHASES.md) and the 2-player co-op mode (article 雙人模式)."""

from __future__ import annotations

from .board import COOP, SOLO
from .effects import who
from .messages import T
from .state import AresState, Task
from .terms import phase_word


# -- solo -----------------------------------------------------------------------------------------
def new_dummy(state: AresState) -> None:
    state.dummy = [1, 2, 3, 4, 5]
    state.rng.shuffle(state.dummy)


def dummy_flip(state: AresState) -> bool:
    """After the player's pick: the dummy's phase card. Returns True when the player must choose it
    (the last five rounds, article: 玩家可以決定虛擬玩家的出牌順序)."""
    if state.counter >= 5:
        state.stage = "dummy"
        state.pl[0].queue.append(Task("solo_order"))
        return True
    dummy_chosen(state, state.dummy[-1])
    state.mark_reveal()
    return False


def dummy_chosen(state: AresState, phase: int) -> None:
    state.dummy.remove(phase)
    state.dummy_pick = phase
    state.say(T("The dummy plays {phase} (no bonus for it).", phase=phase_word(phase)))


def solo_round_start(state: AresState) -> bool:
    """A new solo round: when the dummy hand is used up it is reshuffled and the counter moves;
    each move gives the difficulty's free steps. True when those steps need the player's choice."""
    if state.dummy:
        return False
    new_dummy(state)
    state.counter += 1
    state.mark_reveal()
    state.say(T("The dummy hand is reshuffled; the round counter moves to {n}.", n=state.counter))
    steps = SOLO["free_steps"].get(state.options.get("difficulty", "novice"), 0)
    if steps:
        state.pl[0].queue.append(Task("solo_steps", n=steps))
        return True
    return False


# -- co-op ------------------------------------------------------------------------------------------
def coop_start(state: AresState) -> bool:
    if not state.cubes and not state.markers:
        return False
    state.stage = "coop"
    for p in state.pl:
        p.queue.append(Task("coop"))
    return True


def coop_take(state: AresState, seat: int, choice: str) -> None:
    if choice == "cube":
        state.cubes -= 1
        state.pl[seat].mc += 1
        state.say(T("{seat} takes a copper cube (+1 MC).", seat=who(seat)))
        return
    state.markers -= 1
    state.say(T("{seat} takes a player marker: both partners pass one card.", seat=who(seat)))
    for p in state.pl:
        if p.hand:
            done = [i for i, t in enumerate(p.queue) if t.kind == "swap_done"]
            p.queue.insert(done[0] if done else len(p.queue), Task("swap"))   # before cards set aside


def coop_give(state: AresState, seat: int, cid: int) -> None:
    p = state.pl[seat]
    p.hand.remove(cid)
    p.queue.append(Task("swap_done", cards=[cid]))


def coop_swap(state: AresState) -> None:
    given = []
    for p in state.pl:
        given.append([c for t in p.queue for c in t.cards])
        p.queue.clear()
    for seat, cards in enumerate(given):
        state.pl[1 - seat].hand.extend(cards)
        if cards:
            state.say(T("{seat} passes {n} card(s) to {partner}.", seat=who(seat), n=len(cards), partner=who(1 - seat)))


def coop_setup(state: AresState) -> None:
    state.cubes = COOP["cubes"]
    state.markers = COOP["markers"]
