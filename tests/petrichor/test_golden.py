"""Golden playthroughs: fixed-seed bot games with asserted final scores (regenerate if rules change)."""

from games.core import play

from .helpers import RULES


def test_golden_three_player_short_game():
    """Whole game, 3 players, short (4 rounds): the bot game for seed 2024 ends with these scores."""
    result = play(RULES, 3, 2024)
    out = RULES.outcome(result.final)
    assert len(result.moves) == 196
    assert out.scores == (29, 28, 41)
    assert out.winners == (2,)


def test_golden_solo_against_south_wind():
    """Whole solo game: South Wind outscores the bot 34 to 30, so nobody among the seats wins."""
    result = play(RULES, 1, 2024)
    out = RULES.outcome(result.final)
    assert out.scores == (30,) and out.winners == ()
    assert "South Wind scores 34." in str(out.summary[-1])


def test_golden_four_player_long_game():
    """Whole game, 4 players, long (6 rounds)."""
    result = play(RULES, 4, 2024, {"length": "long"})
    out = RULES.outcome(result.final)
    assert result.final.round == 6
    assert out.scores == (27, 33, 37, 22)
