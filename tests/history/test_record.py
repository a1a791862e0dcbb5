"""Results from stored games: who a seat is credited to, places, the score per round of every
title, and ratings (teams, bot seats, partial play, provisional, hidden members)."""

from __future__ import annotations

import pytest

from bot.platform.history import ratings, record
from games.core import Progress, Round, Standing
from bot.platform.storage import ActionRow, SeatRow
from bot.platform.storage.history import RatedSeat
from tests.history.helpers import played

A, B, C = 501, 502, 503


def move(seq, seat, user, kind="choice", at=None):
    return ActionRow(seq, kind, seat, user, "x", [], {}, False, at if at is not None else 10.0 * seq)


def test_undos_fold_out_of_the_kept_moves():
    log = [move(1, 0, A), move(2, 1, B), ActionRow(3, "undo", 1, B, {"count": 1, "of": 2}, [], {}, False, 30.0),
           move(4, 1, B, at=45.0)]
    assert [m.seq for m in record.kept(log)] == [1, 4]


def test_a_substitute_who_played_most_of_a_seat_is_credited_with_a_share():
    seats = [SeatRow(0, A, "a"), SeatRow(1, C, "c")]
    log = [move(1, 0, A), move(2, 1, B), move(3, 0, A), move(4, 1, C), move(5, 1, C), move(6, 1, C, "auto")]
    first, second = record.credit(seats, log)
    assert (first.user_id, first.share) == (A, 1.0)
    assert second.user_id == C and second.share == pytest.approx(0.75)
    # timed moves: own choices only, each since the log's previous entry (the first has none)
    assert (first.moves, first.think_seconds) == (1, 10.0) and (second.moves, second.think_seconds) == (2, 20.0)


def test_seats_mostly_played_by_bots_or_twice_by_one_person_are_bot_seats():
    seats = [SeatRow(0, None, "Bot (a)"), SeatRow(1, None, "Bot 1"), SeatRow(2, B, "b"), SeatRow(3, A, "a")]
    log = [move(1, 0, A), move(2, 0, None), move(3, 0, None), move(4, 1, None), move(5, 2, B), move(6, 2, A),
           move(7, 2, A)]
    credits = record.credit(seats, log)
    assert [c.user_id for c in credits] == [None, None, A, None]  # seat 3: never moved, but A is credited at seat 2


def test_places_rank_winners_first_then_teams_by_score_with_ties_shared():
    assert record.places([10, 30, 20], {1}, [0, 1, 2]) == [3, 1, 2]
    assert record.places([10, 10, 30], {2}, [0, 1, 2]) == [2, 2, 1]
    assert record.places([5, 22, 2, 17], {1, 3}, [0, 1, 0, 1]) == [2, 1, 2, 1]


def test_a_round_key_that_goes_back_closes_the_round_before():
    def at(key, score):
        return Progress(Round(key, ".".join(map(str, key))), (Standing(0, score),))
    points = record.curve([at((1, 4), 1), at((1, 5), 2), at((2, 5), 7), at((2, 1), 8), at((2, 1), 9)])
    assert [(p.round.label, p.scores[0].score) for p in points] == [("1.4", 1), ("1.5", 7), ("2.1", 9)]


@pytest.mark.parametrize("slug, players, options, mode", [
    ("voidfall", 2, {}, "versus"), ("ares-expedition", 2, {"mode": "coop"}, "coop"),
    ("ares-expedition", 2, {}, "versus"),
    ("ares-expedition", 1, {}, "solo"), ("pocket-mars", 1, {}, "solo"), ("petrichor", 3, {}, "versus"),
    ("impulse", 4, {"teams": "pairs"}, "versus"), ("pocket-mars", 3, {}, "versus"), ("petrichor", 1, {}, "solo"),
])
def test_every_title_gives_a_result_and_a_score_per_round(slug, players, options, mode):
    rules, row, seats, actions = played(slug, players, 5, options)
    result = record.build(rules, row, seats, actions)
    assert result.mode == mode and result.rated == (mode == "versus")
    chart = result.summary["chart"]
    assert len(chart["labels"]) >= 3 and chart["labels"][-1] == "End"
    by_seat = {line["seat"]: line["values"] for line in chart["lines"] if line["seat"] is not None}
    assert sorted(by_seat) == list(range(players))
    assert [by_seat[s][-1] for s in range(players)] == result.summary["scores"]
    assert all(len(line["values"]) == len(chart["labels"]) for line in chart["lines"])
    if slug == "impulse":
        assert result.summary["teams"] == [s.team for s in result.seats] and len(set(result.summary["teams"])) == 2
    if mode != "versus":
        assert {s.place for s in result.seats} <= {1, 2}


def seat(game, s, user, team=None, place=1, share=1.0):
    return RatedSeat(game, s, user, s if team is None else team, place, share)


def test_ratings_rank_winners_above_losers_and_skip_bot_seats():
    games = [seat(1, 0, A, place=1), seat(1, 1, B, place=2), seat(1, 2, None, place=3),
             seat(2, 0, A, place=1), seat(2, 1, B, place=2)]
    computed = ratings.compute(games)
    assert set(computed) == {A, B} and computed[A].value > computed[B].value
    assert computed[A].games == 2 and computed[A].provisional
    assert ratings.compute(games) == computed  # the same results always give the same ratings
    assert [r.user_id for r in ratings.ranking(computed, hidden={A})] == [B]


def test_team_mates_move_together_and_partial_play_moves_less():
    team = ratings.compute([seat(1, 0, A, 0, 1), seat(1, 1, B, 1, 2), seat(1, 2, C, 0, 1), seat(1, 3, None, 1, 2)])
    assert team[A].mu == pytest.approx(team[C].mu) and team[A].mu > team[B].mu
    full = ratings.compute([seat(1, 0, A, place=1), seat(1, 1, B, place=2)])
    part = ratings.compute([seat(1, 0, A, place=1, share=0.5), seat(1, 1, B, place=2)])
    assert 25 < part[A].mu < full[A].mu and part[B].mu == pytest.approx(full[B].mu)


def test_provisional_until_enough_games():
    games = [s for g in range(ratings.PROVISIONAL_GAMES) for s in (seat(g, 0, A, place=1), seat(g, 1, B, place=2))]
    computed = ratings.compute(games)
    assert not computed[A].provisional and computed[A].games == ratings.PROVISIONAL_GAMES


def test_replay_steps_take_the_round_of_their_standing_and_transients_join_the_round_before():
    def at(key):
        return Progress(Round(key, ".".join(map(str, key))), ())
    found = [None, at((1, 1)), at((1, 1)), at((1, 2)), at((2, 2)), None, at((2, 1)), at((2, 2))]
    assert record.step_rounds(found) == ["setup", "1.1", "1.1", "1.2", "1.2", "1.2", "2.1", "2.2"]
