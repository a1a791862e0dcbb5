"""Setup, Cycles, turns and the end (article 遊戲流程 / 遊戲結束)."""

import pytest

from games.core import play
from games.voidfall import RULES
from games.voidfall.data import EVENTS, SETTINGS
from games.voidfall.modes import end_game

from tests.support.english import english
from .helpers import decision, fresh, ids, pick, pick_label, settle


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_every_house_a_home_outpost_14_cubes_10_influence_and_glory_2(players):
    """README: Starting influence 10; one glory token of value 2; 14 fleet cubes per player."""
    state = fresh(players)
    for seat, h in enumerate(state.houses):
        on_map = sum(sum(s.fleet.values()) for s in state.sectors if s.owner == seat)
        assert h.inactive + h.active + on_map == 14
        assert h.glory[:1] == [2] or 2 in h.glory or h.glory == [3]  # an origin may upgrade it
        assert sum(1 for s in state.sectors if s.home_of == seat) == 1
    assert sum(1 for s in state.sectors if s.fallen) == 1
    assert state.cycle == 1 and state.event


def test_innovation_is_not_in_hand_in_cycle_1_and_joins_after_it():
    """如果是循環一,將改革(Innovation)焦點卡牌放入手中."""
    state = fresh(2)
    assert "innovation" not in state.houses[0].hand and len(state.houses[0].hand) == 8
    result = play(RULES, 2, 4, max_steps=50_000, on_step=lambda s, d: None)
    assert all("innovation" in h.hand or "innovation" in h.discard for h in result.final.houses
               if "yarvek_raid" not in h.hand + h.discard and "marqualos_ruse" not in h.hand + h.discard)


def test_turns_per_cycle_come_from_the_event():
    """該階段將進行星系事件卡牌右上角所示的回合數."""
    state = fresh(2)
    assert state.rounds == EVENTS[state.event]["rounds"]
    rounds = state.rounds
    played = {0: 0, 1: 0}
    for _ in range(5000):
        if state.cycle != 1:
            break
        task = state.tasks[-1]
        if task.kind == "turn" and task.data["phase"] == "select":
            played[task.seat] += 1
        d = decision(state)
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    assert played[0] == played[1] == rounds


def test_turn_order_is_chosen_from_low_to_high_influence():
    """按照影響力從低到高的順序,依次選擇自己的回合順位."""
    state = fresh(3)
    for _ in range(5000):
        if state.tasks and state.tasks[-1].kind == "order":
            break
        d = decision(state)
        state = RULES.apply(state, d.seat, RULES.bot_choice(state, d.seat))
    lowest = min(range(3), key=lambda s: (state.houses[s].influence, 0))
    assert decision(state).seat in [s for s in range(3) if state.houses[s].influence == state.houses[lowest].influence]


def test_a_turn_takes_two_different_actions_three_with_a_trade_token():
    """執行打出的焦點卡牌上的至多兩個不同的行動,如果你在選擇步驟翻開一個貿易指示物,那麼執行三個不同的行動."""
    state = fresh(2)
    seat = decision(state).seat
    h = state.houses[seat]
    h.res.update({"F": 9, "E": 9, "M": 9, "C": 9, "S": 9})
    h.trade = 0
    state = pick(state, "c:production")
    assert english(decision(state).prompt).startswith("Action step (0 of 2")
    state.houses[seat].trade = 1
    state2 = fresh(2)
    seat2 = decision(state2).seat
    state2.houses[seat2].trade = 1
    state2.houses[seat2].agendas[0] = "D1"
    state2 = pick(state2, "c:production")
    assert "flip" in ids(state2)
    state2 = pick(state2, "flip")
    assert "of 3" in english(decision(state2).prompt)


def test_end_most_influence_then_fewest_corruption_then_shared():
    """擁有最多影響力的玩家獲勝,持平時擁有最少腐壞標記物的玩家獲勝。依舊持平時共享勝利."""
    state = fresh(2)
    state.houses[0].influence = state.houses[1].influence = 50
    state.houses[0].track_corrupt["soc"] = True
    end_game(state)
    assert state.winners == [1]
    state = fresh(2)
    state.houses[0].influence = state.houses[1].influence = 50
    for s in state.sectors:
        if s.owner >= 0 and s.home_of < 0:
            s.corrupted = False
    end_game(state)
    assert state.winners == [0, 1]


def test_whole_games_end_after_three_cycles():
    """在循環三的評估階段結束後,遊戲結束."""
    for players in (2, 3, 4):
        final = play(RULES, players, 11).final
        assert final.cycle == 3 and final.over
        assert len(final.past_events) == 2
