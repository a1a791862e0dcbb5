"""The platform's ping rule (issue 21 item 5, bot.live.to_call): call a person when they become up
after a stretch of not being up, never while they stay up, never a bot seat."""

from __future__ import annotations

import games
from bot.platform.live import LiveGame, Seat, at_table, to_call
from bot.platform.storage.base import GameRow

VOIDFALL = games.get("voidfall")


def live(state, bots=()) -> LiveGame:
    row = GameRow(1, 1, 1, "voidfall", {}, 0, "active", 10, 0, None, 0.0, 0.0)
    seats = [Seat(s, None if s in bots else 10 + s, f"p{s}") for s in range(state.players)]
    return LiveGame(row, seats, state)


def simultaneous_state():
    """A Voidfall state where every house is asked its Upkeep at once."""
    state = VOIDFALL.setup(3, 1, {})
    for _ in range(3000):
        pending = VOIDFALL.pending(state)
        if len(pending) == 3:
            return state
        state = VOIDFALL.apply(state, pending[0].seat, VOIDFALL.bot_choice(state, pending[0].seat))
    raise AssertionError("no simultaneous decision reached")


def test_only_seats_that_just_became_up_are_called():
    game = live(simultaneous_state())
    assert game.to_act() == [0, 1, 2]
    assert to_call(game, before=[0]) == [1, 2]  # seat 0 stays up: its panel follows on, no ping
    assert to_call(game, before=[0, 1, 2]) == []  # everyone stayed up (another seat's choice resolved)
    assert to_call(game, before=[0, 1, 2], everyone=True) == [0, 1, 2]  # nobody was told yet


def test_bot_seats_are_never_called():
    game = live(simultaneous_state(), bots={1})
    assert to_call(game, before=[]) == [0, 2]
    assert to_call(game, before=[], everyone=True) == [0, 2]


def test_a_player_who_moved_within_present_minutes_is_at_the_table():
    game = live(simultaneous_state())
    game.meta["acted"] = {"0": 1000.0, "1": 1000.0 - 11 * 60}
    assert at_table(game, [0, 1, 2], now=1000.0 + 9 * 60, minutes=10) == {0}  # seat 1 moved 20 min ago
    assert at_table(game, [0, 1, 2], now=1000.0 + 11 * 60, minutes=10) == set()
    assert at_table(game, [0, 1, 2], now=1000.0, minutes=0) == set()  # 0: always ping
