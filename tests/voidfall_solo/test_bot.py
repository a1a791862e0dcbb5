"""The solo/co-op bot: void advance by exact consequences, invasion targets, no peeking.

Long balance runs (bench/voidfall_balance.py figures) only with VOIDFALL_BALANCE=1.
"""

from __future__ import annotations

import os

import pytest

from games.voidfall import RULES
from games.voidfall.bots.voidborn import standing
from games.voidfall.solo.content import CRISES
from games.voidfall.bots.values import best_target

from .helpers import clear_board, fresh, own, push_and_run

INF_CRISIS = next(c for c, v in sorted(CRISES.items()) if v["level"] == 1 and "inf" in v["penalty"] and v["cat"] == "gen")


def _open_crisis(state, cid):
    clear_board(state)
    state.solo.alert, state.solo.current = "I", cid
    return push_and_run(state, "solo_advance", 0)


def test_void_advance_takes_the_least_harmful_option():
    """選擇以下三個結算方式:受到危機卡牌所示的懲罰;將一個災難指示物放在危機面板對應位置;將該危機卡牌變成正在生效的危機卡牌。
    Losing a few Influence costs less than a permanent crisis (+5 to the Voidborn and a stronger
    board) or a catastrophe (+20): the bot suffers the penalty."""
    state = _open_crisis(fresh(1, 4, difficulty="easy"), INF_CRISIS)
    state.houses[0].influence = 10
    ids = [o.id for o in RULES.pending(state)[0].options]
    assert {"pen", "cat"} <= set(ids)
    assert RULES.bot_choice(state, 0) == "pen"


def test_void_advance_never_places_the_fourth_catastrophe():
    """災難指示物……放置第四個時遊戲立刻失敗."""
    state = _open_crisis(fresh(1, 4, difficulty="easy"), INF_CRISIS)
    state.crisis.catastrophes = 3
    state.houses[0].influence = 40
    assert RULES.bot_choice(state, 0) != "cat"
    after = RULES.apply(state, 0, RULES.bot_choice(state, 0))
    assert not after.solo.lost and standing(after) > -10_000


def test_bot_choice_leaves_the_state_and_its_random_stream_alone():
    state = _open_crisis(fresh(1, 4), INF_CRISIS)
    before = RULES.dump(state)
    RULES.bot_choice(state, 0)
    assert RULES.dump(state) == before


def test_invasion_target_prefers_the_rift():
    """如果戰鬥星系為裂隙……將裂隙替換為基礎星系板塊: closing a rift takes 30 off the Voidborn total."""
    state = fresh(1, 4, difficulty="easy")
    own(state, 0, "1,0", {"corvette": 9}, corrupted=False)  # Ashen Crown: next to the rift and Mirehold
    assert best_target(state, 0, {"do": "invade"}) == "2,-1"


@pytest.mark.skipif(not os.environ.get("VOIDFALL_BALANCE"), reason="long: set VOIDFALL_BALANCE=1")
def test_balance_figures_hold():
    """The figures in DESIGN_SOLO.md (bench/voidfall_balance.py): the bot's house keeps its Influence
    and the easy solo Voidborn stay near their floor."""
    from bench.voidfall_balance import one_game

    games = [one_game((1, "easy", seed)) for seed in range(1, 11)]
    assert sum(g["inf"] for g in games) / len(games) >= 45
    assert sum(g["terms"]["total"] for g in games) / len(games) <= 160
