"""Heroic/joint Focus cards, the co-op resource exchange and the secret-focus variant."""

from __future__ import annotations

from games.core import play, replay
from games.core.i18n import render
from games.voidfall import RULES
from games.voidfall.solo.heroic import HEROIC, house_lacks, refresh_offer

from .helpers import clear_board, fresh, push_and_run, settle


def test_heroic_offer_has_three_cards_the_house_can_play():
    """刷新聯合/英雄焦點卡牌:移除上回合的三張聯合/英雄焦點卡牌,重新抽取三張新的聯合/英雄焦點卡牌,如果是單人遊戲且
    翻出的英雄焦點卡牌你的家族沒有,那麼將該牌移除,繼續抽取至三張。"""
    state = fresh(1, 4)
    offer = state.solo.heroic_offer
    assert 1 <= len(offer) <= 3
    assert not any(house_lacks(state, 0, h) for h in offer)
    old = list(offer)
    refresh_offer(state)
    assert not set(old) & set(state.solo.heroic_offer)


def test_heroic_card_played_by_discarding_the_same_named_card():
    """聯合/英雄焦點卡牌可以通過打出手中的同名焦點卡牌執行對應效果,之後將聯合/英雄焦點卡牌拿走(但不補充至三張)。"""
    state = fresh(1, 4)
    state.solo.heroic_offer = ["heroic_conquest", "heroic_command"]
    d = RULES.pending(state)[0]
    heroic = [o for o in d.options if o.id.startswith("h:")]
    conquest = [o for o in heroic if o.id.startswith("h:heroic_conquest:")]
    assert len(conquest) == 1 and "discard Conquest to play" in render(conquest[0].detail)
    command = [o for o in heroic if o.id.startswith("h:heroic_command:")]
    assert len(command) == len(state.houses[0].hand)  # Command: any card
    hand = len(state.houses[0].hand)
    state = RULES.apply(state, 0, conquest[0].id)
    assert state.solo.heroic_offer == ["heroic_command"]
    assert len(state.houses[0].hand) == hand - 1 and "conquest" in state.houses[0].discard
    task = next(t for t in reversed(state.tasks) if t.kind == "turn")
    assert task.data["card"] == "heroic_conquest" and task.data["heroic"]


def test_heroic_discard_crisis_and_harbinger_effects():
    """某些聯合/英雄焦點卡牌效果允許你直接移除危機卡牌而不用解決他們。"""
    from games.voidfall.effects import run_effect

    state = fresh(1, 4)
    clear_board(state)
    state.solo.current = "c10"
    state.crisis.economic[:] = ["H"]
    run_effect(state, 0, {"do": "solo_discard_crisis", "cats": ["mil", "eco", "gen"]}, {})
    RULES.advance(state)
    state = RULES.apply(state, 0, "c:c10")
    assert state.solo.current == "" and "c10" not in state.solo.resolved
    run_effect(state, 0, {"do": "solo_remove_harbinger"}, {})
    RULES.advance(state)
    state = RULES.apply(state, 0, "row:economic")
    assert state.crisis.economic == []


def test_every_heroic_action_names_known_effects():
    from games.voidfall.effects import CAN

    for hid, card in HEROIC.items():
        assert len(card["actions"]) == 3, hid
        for a in card["actions"]:
            assert a["share"] in ("you", "you_or_other", "each", "split")
            for e in a["effects"]:
                assert e["do"] in CAN, (hid, e)
                assert e.get("effect", {"do": "inf"})["do"] in CAN, (hid, e)  # solo_repeat's inner effect


def test_coop_resource_exchange():
    """在合作模式中,你可以與另一個玩家交換資源。這樣做時,您可以支付指定數量的資源(任何類型的)。然後,另一個玩家將
    獲得相同數量的相同類型的資源。然後,該玩家可能會執行類似的行動來讓你獲得資源。"""
    state = fresh(2, 4)
    a, b = state.houses
    a.res.update({"E": 5}), b.res.update({"E": 1, "M": 4})
    push_and_run(state, "solo_exchange", 0)
    d = RULES.pending(state)[0]
    assert d.options[0].id == "done" and "g:1:E" in {o.id for o in d.options}
    state = RULES.apply(state, 0, "g:1:E")
    state = RULES.apply(state, 0, "g:1:E")
    assert state.houses[0].res["E"] == 3 and state.houses[1].res["E"] == 3
    state = RULES.apply(state, 0, "done")
    d = RULES.pending(state)[0]
    assert d.seat == 1 and all(o.id == "done" or o.id.startswith("g:0:") for o in d.options)
    state = RULES.apply(state, 1, "g:0:M")
    state = RULES.apply(state, 1, "done")
    assert state.houses[0].res["M"] == a.res["M"] + 1


def test_secret_focus_variant_choices_are_secret_and_binding():
    """變體規則:在每個回合開始之前,玩家必須秘密地選擇好之後打出的焦點卡牌並將其暗置在面前。之後輪到每個玩家回合時
    不再選擇一張焦點卡牌打出,而是將之前暗置的焦點卡牌打出。"""
    state = RULES.setup(2, 9, {"mode": "coop", "secret_focus": "on"})
    state = settle(state, stop=lambda t: t.kind == "solo_secret")
    ds = RULES.pending(state)
    assert len(ds) == 2 and all(d.secret for d in ds)
    assert state.solo.alert == ""  # chosen before the alert card is revealed
    one = RULES.apply(state, 0, ds[0].options[0].id)
    state = RULES.apply(state, 0, ds[0].options[-1].id)
    assert RULES.view(state, 1) == RULES.view(one, 1)  # the other house sees nothing of the pick
    chosen = state.solo.preset["0"]
    state = RULES.apply(state, 1, RULES.pending(state)[0].options[0].id)
    state = settle(state, stop=lambda t: t.kind == "turn" and t.data["phase"] == "select" and t.seat == 0)
    assert [o.id for o in RULES.pending(state)[0].options] == [chosen]


def test_secret_variant_whole_game_replays(states_only_bots):
    options = {"mode": "coop", "secret_focus": "on", "difficulty": "easy"}
    result = play(RULES, 2, 21, options)
    assert result.final.over
    assert RULES.dump(replay(RULES, 2, 21, options, result.moves)) == RULES.dump(result.final)


def _group(state, hid, i):
    from games.voidfall.effects import start_group

    a = HEROIC[hid]["actions"][i]
    start_group(state, 0, a["effects"], a["join"], a["name"])
    RULES.advance(state)
    return a


def test_joint_sharing_icons_each_and_instead():
    """聯合/英雄焦點卡牌效果:因為此時是合作模式,因此某些效果將由其他玩家結算,圖標分別代表:只能你執行;你或其他玩家執行;
    你和/或其他玩家執行(分開結算);你和或其他玩家執行(雙方不可選擇同一效果執行)。"""
    state = fresh(2, 4)
    a = _group(state, "heroic_politics", 0)  # Inspire: each
    assert a["share"] == "each"
    d = RULES.pending(state)[0]
    share = next(o.id for o in d.options if "another house also" in render(o.detail))
    state = RULES.apply(state, 0, share)
    state = RULES.apply(state, 0, "p:1")
    d = RULES.pending(state)[0]
    assert d.seat == 1 and "shared by" in render(d.prompt)  # the other house resolves its own copy first
    state = RULES.apply(state, 1, "stop")
    d = RULES.pending(state)[0]
    assert d.seat == 0 and not any("another house" in render(o.label) + render(o.detail) for o in d.options)
    state = RULES.apply(state, 0, "stop")
    state = fresh(2, 4)
    _group(state, "heroic_conquest", 1)  # Plan: you or another house
    d = RULES.pending(state)[0]
    state = RULES.apply(state, 0, next(o.id for o in d.options if "instead" in render(o.detail)))
    state = RULES.apply(state, 0, "p:1")
    d = RULES.pending(state)[0]
    assert d.seat == 1 and len([o for o in d.options if o.id != "stop"]) >= 1
    state = RULES.apply(state, 1, "stop")
    assert not any(t.kind == "group" and t.seat == 0 for t in state.tasks[-1:])


def test_solo_never_offers_sharing():
    state = fresh(1, 4)
    _group(state, "heroic_politics", 0)
    assert not any("another house" in render(o.label) for o in RULES.pending(state)[0].options)
