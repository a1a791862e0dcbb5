"""Bot levels are rated players (issue 37 item 5) and the leaderboard's number reads kindly
(issue 38 item 4): a seat a bot level played is rated as that bot, a person's rating moves against
it, the shown number starts at a friendly value and is never negative after a few losses, and the
board is ordered by the cautious estimate."""

from __future__ import annotations

import pytest

from bot.platform.history import ratings, record
from bot.platform.storage import GameRow, SeatRow
from bot.platform.storage.history import RatedSeat
from tests.history.helpers import played

A, B = 601, 602
HARD = ("bot", "hard")


def seat(game, s, user, place, level=None, team=None):
    return RatedSeat(game, s, user, s if team is None else team, place, 1.0, bot_level=level)


def test_a_bot_level_has_its_own_rating_that_people_move_against():
    games = [s for g in range(3) for s in (seat(g, 0, A, 2), seat(g, 1, None, 1, "hard"))]
    computed = ratings.compute(games)
    assert set(computed) == {A, HARD}
    bot = computed[HARD]
    assert bot.is_bot and bot.user_id is None and bot.bot_level == "hard" and bot.games == 3
    assert bot.mu > 25 > computed[A].mu  # the bot won three times: it rose, the person fell
    # the same person against a fresh, unrated bot seat each time would fall less: the level's
    # rating grew with each win, so losing to it costs less each time
    unrated = ratings.compute([s for g in range(3) for s in (seat(g, 0, A, 2), seat(g, 1, None, 1))])
    assert set(unrated) == {A} and unrated[A].mu < computed[A].mu


def test_two_seats_of_one_level_count_one_game_for_it():
    computed = ratings.compute([seat(1, 0, A, 1), seat(1, 1, None, 2, "easy"), seat(1, 2, None, 3, "easy")])
    assert computed[("bot", "easy")].games == 1 and computed[("bot", "easy")].mu < 25


def test_the_shown_number_starts_friendly_and_is_never_negative():
    fresh = ratings.Rating(A, 25.0, 25.0 / 3, 0)
    assert fresh.value == ratings.DISPLAY_START
    losses = [s for g in range(4) for s in (seat(g, 0, A, 2), seat(g, 1, B, 1))]
    computed = ratings.compute(losses[:2])
    assert computed[A].cautious < 0 and 0 <= computed[A].value < ratings.DISPLAY_START  # one loss: lower, not negative
    assert 0 < ratings.DISPLAY_START - computed[A].value <= 150 and computed[B].value > ratings.DISPLAY_START
    assert all(r.value >= 0 for r in ratings.compute(losses).values())
    assert ratings.Rating(A, 0.0, 10.0, 9).value == 0  # clamped at zero however far down


def test_the_board_is_ordered_by_the_cautious_estimate():
    sure = ratings.Rating(A, 30.0, 1.0, 40)     # cautious 27
    lucky = ratings.Rating(B, 33.0, 3.0, 2)     # cautious 24, though its mu is higher
    bot = ratings.Rating(None, 28.0, 1.0, 30, "hard")  # cautious 25
    ranked = ratings.ranking({A: sure, B: lucky, HARD: bot}, hidden={B})
    assert ranked == [sure, bot]                # a hidden member is left out; bots are never hidden
    assert ratings.ranking({A: sure, B: lucky, HARD: bot}, hidden=set()) == [sure, bot, lucky]


def test_a_game_against_a_bot_level_is_rated_and_credits_the_bot_seat_to_its_level():
    rules, row, seats, actions = played("tiny-duel", 2, users=[A, None])
    seats = [seats[0], SeatRow(1, None, "Bot 1", "hard")]
    result = record.build(rules, row, seats, actions)
    assert result.rated
    assert [(s.user_id, s.bot_level) for s in result.seats] == [(A, None), (None, "hard")]


def test_a_stand_in_is_rated_at_the_tables_level_and_an_old_bot_seat_as_normal():
    rules, row, seats, actions = played("tiny-duel", 2, users=[A, None], options={"bots": "easy"})
    # the bot moved for seat 1, which a person holds at the end (they took it back too late)
    seats = [seats[0], SeatRow(1, B, "b")]
    assert record.build(rules, row, seats, actions).seats[1].bot_level == "easy"
    old = GameRow(**{**row.__dict__, "options": {}})
    assert record.build(rules, old, [seats[0], SeatRow(1, None, "Bot 1")], actions).seats[1].bot_level == "normal"


@pytest.mark.parametrize("players", [2])
def test_people_only_games_are_rated_as_before(players):
    rules, row, seats, actions = played("tiny-duel", players, users=[A, B])
    result = record.build(rules, row, seats, actions)
    assert result.rated and all(s.bot_level is None for s in result.seats)
