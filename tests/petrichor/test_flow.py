"""Setup, passing, the last round of turns, hand limit, rounds, solo and saves."""

import pytest

from games.petrichor.data import CARD_TYPE

from .helpers import RULES, add_cloud, at_turn, blank, fresh, give, go, ids, kind, log_text


@pytest.mark.parametrize("players,shape,hand", [(1, (2, 3), 7), (2, (3, 3), 7), (3, (3, 3), 7), (4, (3, 4), 6)])
def test_setup_field_hands_supplies(players, shape, hand):
    """Rule (README facts): field 2x3 solo, 3x3 for 2-3, 3x4 for 4; hands 7 (2-3) / 6 (4); 20 drops, 12 markers, 3 dice."""
    s = fresh(players)
    assert (s.rows, s.cols) == shape and len(s.tiles) == shape[0] * shape[1]
    assert all(len(h) == hand for h in s.hands)
    assert len(s.dice) == 3 and all(v in (0, 1, 2, 3, 4) for v in s.dice)
    assert s.markers == [12] * s.ncol
    assert len({t.id for t in s.tiles}) == len(s.tiles)


def test_setup_clouds_placed_in_reverse_turn_order():
    """Rule (README): Setup: in reverse turn order each player places a cloud with 1 of their drops on an empty tile."""
    s = fresh(3)
    assert kind(s) == "place" and s.steps[0].seat == 2
    s = go(s, 2, "cell:0:0")
    assert s.steps[0].seat == 1 and "cell:0:0" not in ids(s)
    s = go(s, 1, "cell:1:1")
    s = go(s, 0, "cell:2:2")
    assert sorted(cl.drops for cl in s.clouds) == [[0, 0, 1], [0, 1, 0], [1, 0, 0]]
    assert s.phase == "action" and kind(s) == "turn" and s.steps[0].seat == 0
    grid = RULES.pending(s)
    assert grid[0].seat == 0


def test_place_decision_is_a_grid():
    """Interface: grid targets use Decision(columns=N) with option ids cell:r:c."""
    s = fresh(4)
    d = RULES.pending(s)[0]
    assert d.columns == 4 and all(o.id.startswith("cell:") for o in d.options)


def test_pass_discards_hand_takes_marker_and_others_get_one_last_turn():
    """Rule: Pass — 丟棄所有的手牌,並拿取「起始玩家標記」;其他玩家可以再執行一次行動,接著結束本輪的行動階段。"""
    s = at_turn(blank(fresh(3)), 1)
    give(s, 1, "FS")
    give(s, 2, "RR")
    give(s, 0, "WW")
    s = go(s, 1, "pass")
    assert s.hands[1] == [] and s.first == 1 and s.passed_by == 1
    assert kind(s) == "turn" and s.steps[0].seat == 2
    s = go(s, 2, "play:R")
    s = go(s, 2, "vote:R")
    assert kind(s) == "turn" and s.steps[0].seat == 0
    s = go(s, 0, "pass")
    assert s.first == 1  # only the first pass moves the marker
    assert s.phase == "weather" or s.round == 2


def test_pass_by_first_player_gives_marker_to_the_right():
    """Rule: Pass 1 — 如果該玩家原本就持有起始玩家標記,則將標記交給右手邊的玩家。"""
    s = at_turn(blank(fresh(3)), 0)
    s.first = 0
    give(s, 0, "F")
    s = go(s, 0, "pass")
    assert s.first == 2  # right-hand neighbour when play goes clockwise


def test_hand_limit_four_after_last_turns():
    """Rule: Pass 2 — 其他玩家可以再執行一次行動,保留最多 4 張手牌,棄置多餘的卡片。"""
    s = at_turn(blank(fresh(3)), 0)
    give(s, 0, "F")
    give(s, 1, "RRRRRR")
    give(s, 2, "WWWWW")
    s = go(s, 0, "pass")
    s = go(s, 1, "play:R")
    s = go(s, 1, "vote:R")
    s = go(s, 2, "play:W")
    s = go(s, 2, "vote:W")
    pend = RULES.pending(s)
    assert {d.seat for d in pend} == {1}  # seat 2 holds exactly 4
    assert pend[0].min_picks == pend[0].max_picks == 1
    s = go(s, 1, s.hands[1][0])
    assert s.round == 2 and len(s.hands[1]) == 4 + 7  # kept 4, then 7 dealt


def test_hand_limit_prompts_are_simultaneous():
    """Rule: Pass 2 — 保留最多 4 張手牌 (every player over the limit chooses at the same time)."""
    s = at_turn(blank(fresh(3)), 0)
    give(s, 0, "F")
    give(s, 1, "RRRRRRR")
    give(s, 2, "WWWWWWW")
    s = go(s, 0, "pass")
    for seat, w in ((1, "R"), (2, "W")):
        s = go(s, seat, f"play:{w}")
        s = go(s, seat, f"vote:{w}")
    pend = RULES.pending(s)
    assert sorted(d.seat for d in pend) == [1, 2] and all(d.max_picks == 2 for d in pend)
    s = go(s, 2, s.hands[2][:2])
    assert len(s.hands[2]) == 4 and RULES.pending(s)[0].seat == 1
    s = go(s, 1, s.hands[1][:2])
    assert s.round == 2 and len(s.hands[1]) == len(s.hands[2]) == 4 + 7


def test_cleanup_deals_seven_more_on_top_of_kept_cards():
    """Rule: 整理階段 3 — 發牌給所有玩家:2 – 3 人遊戲,每位玩家獲得 7 張卡片。"""
    s = at_turn(blank(fresh(3)), 0)
    give(s, 1, "RRRR")
    s = go(s, 0, "pass")
    s = go(s, 1, "play:R")
    s = go(s, 1, "vote:R")
    s = go(s, 2, "pass")
    # weather: only Rain voted -> resolves, no prompts; next round dealt
    assert s.round == 2
    assert len(s.hands[1]) == 3 + 7 and len(s.hands[0]) == 7


def test_empty_hand_can_only_pass():
    """Design (DESIGN.md): a player with no cards can only pass (their turn cannot play a card)."""
    s = at_turn(blank(fresh(2)), 0)
    assert ids(s) == ["pass"]


def test_game_length_option():
    """Rule: 遊戲依照短期或長期,共進行四或六輪。"""
    assert fresh(2).rounds == 4
    assert fresh(2, length="long").rounds == 6
    with pytest.raises(ValueError):
        fresh(2, length="medium")


def test_solo_south_wind_acts_before_each_turn():
    """Rule (README): solo opponent 'South Wind' deck of 9 cards plus a d6, resolved before each of your turns."""
    s = fresh(1, seed=3)
    assert s.ncol == 2 and len(s.clouds) == 1 and s.clouds[0].drops == [0, 1]  # South Wind placed first
    s = go(s, 0, RULES.pending(s)[0].options[0].id)
    assert kind(s) == "turn"
    assert s.sw_last and "South Wind reveals" in log_text(s)
    assert len(s.sw_deck) == 8
    before = s.reveals
    s2 = go(s, 0, "play:" + CARD_TYPE[s.hands[0][0]])
    while kind(s2) != "turn" and s2.phase == "action":
        s2 = go(s2, 0, RULES.bot_choice(s2, 0))
    assert s2.reveals > before and len(s2.sw_deck) == 7


def test_solo_outcome_automaton_wins_gives_no_winner():
    """Contract + DESIGN.md solo: winners is () when South Wind scores at least as much as you."""
    s = fresh(1)
    s.phase = "over"
    s.score = [5, 9]
    out = RULES.outcome(s)
    assert out.winners == () and out.scores == (5,)
    assert any("South Wind" in str(line) for line in out.summary)
    s.score = [10, 9]
    assert RULES.outcome(s).winners == (0,)


def test_save_mid_chain_resumes_exactly():
    """Contract: a save at any point (inside a multi-step action) must resume exactly."""
    s = at_turn(blank(fresh(2)), 0)
    add_cloud(s, 4, [1, 0])
    give(s, 0, "WR")
    s = go(s, 0, "play:W")
    s = go(s, 0, "cloud:1")
    assert kind(s) == "wind_dir"
    loaded = RULES.load(RULES.dump(s))
    assert loaded == s
    a = go(s, 0, "cell:0:1")
    b = go(loaded, 0, "cell:0:1")
    assert RULES.dump(a) == RULES.dump(b)


def test_views_hide_other_hands():
    """Contract: views never show another player's cards or the deck."""
    s = fresh(3)
    v0 = RULES.view(s, 0)
    assert [c["id"] for c in v0["hand"]] and "hand" not in RULES.view(s, None)
    text = str(RULES.view(s, 1))
    assert not any(cid in text for cid in s.hands[0])


def test_prompt_and_label_lengths_and_grid_ids_in_playouts():
    """Contract: prompt <= 300 chars, label <= 80, detail <= 100; grid decisions use cell:r:c ids."""
    from games.core import play

    seen_kinds = set()

    def check(state, decisions):
        for d in decisions:
            assert len(str(d.prompt)) <= 300
            for o in d.options:
                assert len(str(o.label)) <= 80  # details of any length are shown in full
            if d.columns:
                assert d.columns == state.cols and all(o.id.startswith("cell:") for o in d.options)
            seen_kinds.add(state.steps[0].kind)

    for players in (1, 2, 4):
        play(RULES, players, 5, {"length": "long"}, explore=0.5, on_step=check)
    assert {"turn", "vote", "frost_cell", "wind_dir", "rain_cloud", "sunw", "windw_cell"} <= seen_kinds
