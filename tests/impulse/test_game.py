"""Impulse: team variant, whole games, saves, the golden playthrough and the renderer."""

from games.core.i18n import localize, render  # noqa: F401
import random

import pytest

from games.core import BadSetup, play, replay
from games.impulse import RULES
from games.impulse.data import ALL_CARD_IDS, gate_between as G
from games.impulse.engine import gain, hostile

from .helpers import act, all_cards, blank, card, effect, fresh, ids
import renderers.impulse as renderer


def test_team_variant_setup_and_friendly_passage():
    """Rule: 組隊規則 — teams of 2 in a 4-player game, opponents sit opposite; each team has its own
    Impulse; you may pass friendly cruisers and the cards they patrol.
    Quote: 「你們的家園起點應該挑選過,好讓你和你的對手坐在對面。」「你可以穿越友好的巡航艦以及它們巡邏的卡片」
    """
    state = fresh(4, 3, {"teams": "pairs"})
    assert len(state.impulses) == 2
    assert not hostile(state, 0, 2) and hostile(state, 0, 1)
    opposite = {0: 18, 18: 0, 2: 16, 16: 2}
    for s, p in enumerate(state.ps):
        foe = next(t for t, q in enumerate(state.ps) if q.home == opposite[p.home])
        assert hostile(state, s, foe)
    state = blank(state)
    state.tr[0][0] = 1
    state.cr[G(4, 9)][2] = 1  # teammate patrols #4 and the Sector Core
    state = effect(state, 0, card("cmd1", 2, "r"))
    state = act(state, "f:t0")
    assert "to:t4" in ids(state) and "to:t9" in ids(state)


def test_team_cruisers_may_not_share_a_gate():
    """Rule: 組隊規則 — your cruisers and a teammate's cannot stop on the same gate.
    Quote: 「但是你的巡航艦和隊友的巡航艦不能停在同一個閘門。」
    """
    state = blank(fresh(4, 3, {"teams": "pairs"}))
    state.tr[0][0] = 1
    state.cr[G(0, 4)][0] = 1
    state.cr[G(4, 9)][2] = 1
    state = effect(state, 0, card("cmdC", 1, "r"))
    state = act(state, f"f:c{G(0, 4)}")
    assert f"to:c{G(4, 9)}" not in ids(state)


def test_team_wins_together():
    """Rule: 組隊規則 / 遊戲結束 — when one teammate reaches 20, the team wins.
    Quote: 「同一隊的任何一個隊友到達 20 分的時候,你們的隊伍獲勝。」
    """
    state = fresh(4, 3, {"teams": "pairs"})
    gain(state, 2, 20, "test", "trade")
    assert state.over and state.winners == [0, 2]


def test_team_option_needs_a_fitting_player_count():
    """Rule: 組隊規則 — team play is for 4 or 6 players.
    Quote: 「4 人或 6 人遊戲中,可以進行 2 人一組或 3 人一組的遊戲。」
    """
    with pytest.raises(BadSetup):
        RULES.setup(3, 1, {"teams": "pairs"})
    with pytest.raises(BadSetup):
        RULES.setup(4, 1, {"teams": "triples"})
    assert len(RULES.setup(6, 1, {"teams": "triples"}).impulses) == 2


@pytest.mark.parametrize("players,opts", [(2, None), (3, None), (5, None), (6, {"teams": "pairs"}),
                                          (6, {"teams": "triples"}), (4, {"teams": "pairs"})])
def test_cards_are_conserved_and_games_end(players, opts):
    """Rule: 遊戲配件 — all 108 cards stay in play (deck, discard, map, hands, boards, Impulse);
    Rule: 遊戲結束 — bot games end (20 points, last side standing or the round limit)."""
    def check(state, decisions):
        cards = all_cards(state)
        assert sorted(cards) == sorted(ALL_CARD_IDS)
        assert all(sum(row[s] for row in state.tr) + sum(row[s] for row in state.cr) <= 12
                   for s in range(players))
    result = play(RULES, players, 11, options=opts, explore=0.3, on_step=check)
    assert RULES.outcome(result.final) is not None


def test_save_and_resume_mid_battle():
    """Contract: a save at any point resumes exactly (here with both battle commitments open)."""
    rnd = random.Random(2)
    state = RULES.setup(3, 4)
    seen_battle = False
    while RULES.pending(state):
        if any(d.secret for d in RULES.pending(state)) and state.tasks[-1].kind == "battle":
            data = RULES.dump(state)
            assert RULES.dump(RULES.load(data)) == data
            seen_battle = True
        d = RULES.pending(state)[0]
        choice = RULES.bot_choice(state, d.seat) if rnd.random() < 0.6 else None
        if choice is None:
            from games.core import random_choice
            choice = random_choice(d, rnd)
        state = RULES.apply(state, d.seat, choice)
    assert RULES.outcome(state)


def test_golden_playthrough():
    """A fixed-seed 3-player bot game; regenerate the numbers if the rules change on purpose."""
    result = play(RULES, 3, 2024)
    outcome = RULES.outcome(result.final)
    assert (len(result.moves), outcome.scores, outcome.winners) == GOLDEN


GOLDEN = (84, (14, 18, 21), (2,))


def test_renderer_smoke():
    """Renderer: public and private PNGs from the views of a mid-game state."""
    result = play(RULES, 4, 5, explore=0.3)
    state = replay(RULES, 4, 5, None, result.moves[: len(result.moves) // 2])
    names = ["Ann", "Bob", "Cyd", "Dee"]
    pub = renderer.public(localize(RULES.view(state, None), "en"), names)
    priv = renderer.private(localize(RULES.view(state, 1), "en"), names)
    assert pub.size[0] >= 400 and priv.size[0] >= 400
    from renderers import render_private, render_public
    assert render_public("impulse", RULES.view(state, None), names)[:4] == b"\x89PNG"
    assert render_private("impulse", RULES.view(state, 0), names)[:4] == b"\x89PNG"


def test_views_hide_hands_deck_and_face_down_cards():
    """Rule: 地圖 / 手牌 — face-down map cards, the deck and other players' hands are secret; the
    Plan, techs, gems and the Impulse are public.
    Quote: 「遊戲一開始除了家園的卡片是翻開的 (地圖角落的卡片),其它都是正面朝下的狀態」「你的計畫的卡片內容是公開資訊。」
    """
    import json

    state = fresh(3, 8)
    public = json.dumps(RULES.view(state, None))
    mine = RULES.view(state, 0)
    assert "hand" not in RULES.view(state, None)
    assert [c["id"] for c in mine["hand"]] == state.ps[0].hand
    for cid in state.ps[1].hand + state.deck:
        assert f'"{cid}"' not in public and f'"{cid}"' not in json.dumps(mine)
    hidden = [c for c, up in zip(state.grid, state.face_up) if not up and c]
    assert hidden and not any(f'"{c}"' in public for c in hidden)
    info = RULES.view(state, None)["players_info"][1]
    assert info["hand_size"] == 5 and set(info["gems"]) == {"red", "blue", "green", "yellow"}
