"""Issue 21 item 5: each house's Upkeep (and objectives that take from no shared supply) is asked
of every house at the same time, and the result does not depend on who clicks first."""

from __future__ import annotations

from games.voidfall import RULES
from games.voidfall.events import own_objectives
from games.voidfall.lanes import TOGETHER


def to_evaluation(players: int, seed: int, phase: str = "evaluation"):
    """Bot-play a game until every house is asked its chores of `phase` at once."""
    state = RULES.setup(players, seed, {})
    for _ in range(3000):
        pending = RULES.pending(state)
        if state.tasks and state.tasks[-1].kind == TOGETHER and len(pending) > 1 and state.phase == phase:
            return state
        if not pending:
            break
        seat = pending[0].seat
        state = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    raise AssertionError("no simultaneous Evaluation reached")


def settle(state, order: list[int]):
    """Answer the simultaneous chores with the bot's picks, seats taken in `order` (each seat runs
    its whole lane before the next), until the together task is over."""
    while state.tasks and state.tasks[-1].kind == TOGETHER:
        seats = {d.seat for d in RULES.pending(state)}
        seat = next(s for s in order if s in seats)
        state = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    return state


def outcome_of(state) -> tuple:
    """What the chores changed, leaving aside the order the lines were written in."""
    return tuple((h.influence, sorted(h.res.items()), h.last_upkeep, h.last_upkeep_paid) for h in state.houses)


def board_of(state) -> dict:
    """Everything of the state but its log and move counter."""
    data = RULES.dump(state)
    return {k: v for k, v in data.items() if k not in ("log", "seq", "reveals")}


def test_upkeep_is_asked_of_every_house_at_once_and_any_order_gives_the_same_result():
    for seed in (0, 1, 2):
        state = to_evaluation(3, seed)
        pending = RULES.pending(state)
        seats = [d.seat for d in pending]
        assert len(seats) == len(set(seats)) >= 2  # one decision per house, several houses at once
        assert any(str(d.prompt).startswith(("Upkeep", "Galactic objectives")) for d in pending)
        forward = settle(state, [0, 1, 2])
        backward = settle(state, [2, 1, 0])
        assert outcome_of(forward) == outcome_of(backward)
        assert RULES.dump(forward)["tasks"] == RULES.dump(backward)["tasks"]


def test_a_seat_runs_its_whole_lane_while_the_others_wait_on_theirs():
    """A house answering Upkeep is next asked its own objectives (one visit), and the other
    houses' decisions stay open and unchanged meanwhile."""
    state = to_evaluation(3, 1)
    first = {d.seat: d for d in RULES.pending(state)}
    seat = min(first)
    after = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    now = {d.seat: d for d in RULES.pending(after)}
    for other in set(first) - {seat}:
        assert now[other] == first[other]


def test_a_choice_for_a_lane_that_is_not_open_is_refused_and_changes_nothing():
    import pytest

    from games.core import GameError

    state = to_evaluation(2, 0)
    before = RULES.dump(state)
    seat = RULES.pending(state)[0].seat
    with pytest.raises(GameError):
        RULES.apply(state, seat, "no such option")
    assert RULES.dump(state) == before
    assert isinstance(own_objectives(state), bool)


def test_simultaneous_chores_survive_a_save_and_a_fresh_load():
    state = to_evaluation(3, 2)
    seat = RULES.pending(state)[0].seat
    mid = RULES.apply(state, seat, RULES.bot_choice(state, seat))
    loaded = RULES.load(RULES.dump(mid))
    assert RULES.pending(loaded) == RULES.pending(mid)
    assert outcome_of(settle(loaded, [1, 0, 2])) == outcome_of(settle(mid, [1, 0, 2]))


def test_event_frames_that_touch_only_each_house_are_asked_of_every_house_at_once():
    """As a Cycle begins, consecutive Event frames each house resolves for itself (Corruption on its
    own mat, its own tracks and sectors) are one visit per house, all houses at once; any order of
    the houses' clicks leaves the same board."""
    found = 0
    for seed in range(6):
        try:
            state = to_evaluation(3, seed, "preparation")
        except AssertionError:
            continue
        found += 1
        pending = RULES.pending(state)
        assert len({d.seat for d in pending}) == len(pending) >= 2
        assert board_of(settle(state, [0, 1, 2])) == board_of(settle(state, [2, 0, 1]))
    assert found >= 2
