"""Whole solo and co-op games with bot players: they end, dump/load round-trips, replays match."""

from __future__ import annotations

import pytest

from games.core import play, replay
from games.core.i18n import render
from games.voidfall import RULES

from .helpers import fresh


# The shipped bot (its two-turn look-ahead included) plays the solo games and the 2-house co-op
# game; the 3- and 4-house co-op games, which it would take minutes over, are played without the
# look-ahead (tests/conftest.py `states_only_bots`): they check the rules at those sizes.
@pytest.mark.parametrize("players,mode,difficulty,shipped_bot", [
    (1, "", "easy", True), (1, "competitive", "medium", True), (1, "coop", "hard", True),
    (2, "coop", "easy", True), (3, "coop", "medium", False), (4, "coop", "hard", False),
])
def test_whole_game_plays_to_the_end(players, mode, difficulty, shipped_bot, request):
    if not shipped_bot:
        request.getfixturevalue("states_only_bots")
    options = {"difficulty": difficulty, **({"mode": mode} if mode else {})}
    seed = 11 + players
    result = play(RULES, players, seed, options, explore=0.2)
    state = result.final
    assert state.over and state.mode == ("solo" if players == 1 else "coop")
    out = RULES.outcome(state)
    assert out is not None
    assert out.winners in ((), tuple(range(players)))
    if not state.solo.lost:
        assert state.solo.vb_terms["total"] == state.solo.vb_total
        assert state.solo.vb_terms["base"] == {"easy": 60, "medium": 100, "hard": 140}[difficulty]
    assert RULES.load(RULES.dump(state)) == state
    again = replay(RULES, players, seed, options, result.moves)
    assert RULES.dump(again) == RULES.dump(state)


def test_mid_game_dump_load_keeps_the_solo_state():
    state = RULES.setup(1, 5, {"difficulty": "hard"})
    for _ in range(60):
        d = RULES.pending(state)[0]
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    assert RULES.load(RULES.dump(state)) == state
    assert state.solo.difficulty == "hard" and state.crisis.alert_deck is not None


def test_one_player_is_always_solo():
    """單人遊戲 (a 1-player game is solo whatever the mode says)."""
    assert RULES.setup(1, 1, {"mode": "competitive"}).mode == "solo"
    assert RULES.setup(2, 1, {"mode": "coop"}).mode == "coop"


def test_view_shows_the_crisis_board_but_not_the_deck_order():
    state = fresh(1, 5)
    v = RULES.view(state, 0)
    board = v["solo"]
    assert board["catastrophes"] == 0 and board["catastrophe_limit"] == 4
    assert "situation" in render(board["alert_deck"]) and board["alert"] and board["alert_left"] == len(state.crisis.alert_deck)
    assert "alert_deck_order" not in board
    assert RULES.view(RULES.setup(2, 5, {}), None).get("solo") is None
