"""Impulse: rules restored from the article (race choice, bigger cards stronger, small play fixes)."""

from games.core.i18n import localize, render  # noqa: F401
import json
from collections import defaultdict

import pytest

from games.core import BadSetup
from games.impulse import RULES
from games.impulse.data import CARDS, VARIANTS

from .helpers import act, at_tech, blank, card, effect, fresh, give, ids, pull, stack_deck


def test_players_choose_their_race_last_seat_first():
    """Rule: 遊戲設置 — every player chooses a race (option races=random deals them instead).
    Quote: 「每個玩家選擇一個種族並拿取該種族的指揮中心以及所有所屬顏色的太空船。」
    「※ 選擇一個種族:六個可供選擇的種族各有一個獨特的起始科技」
    """
    state = RULES.setup(3, 4)
    assert state.options["races"] == "choose"
    seen = []
    for seat in (2, 1, 0):
        (d,) = RULES.pending(state)
        assert d.seat == seat and not d.secret
        assert all(render(o.detail).startswith("unique tech: ") for o in d.options)
        seen.append([o.id for o in d.options])
        state = RULES.apply(state, seat, d.options[-1].id)
    assert [len(x) for x in seen] == [6, 5, 4]
    assert [p.race for p in state.ps] == ["drau", "myrr", "tessic"]
    assert render(RULES.view(state, None)["players_info"][2]["race"]) == "Tessic Planners"
    decisions = RULES.pending(state)
    assert {d.seat for d in decisions} == {0, 1, 2} and all(d.secret for d in decisions)  # then homes


def test_random_races_are_dealt():
    """Option races=random: no race decision, every player has a different race at once."""
    state = RULES.setup(4, 4, {"races": "random"})
    assert len({p.race for p in state.ps}) == 4 and all(p.race for p in state.ps)
    assert all(d.secret for d in RULES.pending(state))
    with pytest.raises(BadSetup):
        RULES.setup(2, 1, {"races": "draft"})


def test_every_bigger_card_is_strictly_stronger():
    """Rule: 尺寸 — a bigger action card has a stronger effect: for every effect, each printed size
    has a bigger boxed number than the sizes below it.
    Quote: 「尺寸越大的行動卡會有更強大的能力。」「符號越多的卡片越強」
    """
    boxes = defaultdict(dict)
    for c in CARDS.values():
        boxes[c.variant].setdefault(c.size, c.box)
        assert boxes[c.variant][c.size] == c.box
    for variant, by_size in boxes.items():
        values = [by_size[s] for s in sorted(by_size)]
        assert all(a < b for a, b in zip(values, values[1:])), (variant, by_size)
    for key in ("cmd2", "mine_hand", "ref_size"):  # the three that used to repeat a number
        assert VARIANTS[key]["base"] == [1, 2, 3]


def test_hand_card_options_say_what_the_card_does():
    """Options for hand cards carry the card's effect with its size and boxed number (as a number, not "[1]")."""
    state = blank(fresh(2, 1))
    a, b = card("draw", 1, "r"), card("draw_col", 1, "r")
    give(state, 0, a, b)
    state.tasks = []
    from games.impulse.state import Task
    state.tasks = [Task("turn", 0, {"phase": "add"})]
    d = RULES.pending(state)[0]
    shown = {o.id: (render(o.label), render(o.detail)) for o in d.options}
    assert shown[f"play:{a}"] != shown[f"play:{b}"]
    assert shown[f"play:{a}"][1] == ("it joins the Impulse and is carried out this turn (and on later turns while it is "
                                     "among the 3 newest): Size 1 red: Draw 1 card(s).")


def test_none_cannot_be_combined_with_cards():
    """A pick-any decision offers no 'none' option next to several picks: picking nothing is the empty pick."""
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    h = [c for c in state.deck if CARDS[c].size == 1][:3]
    give(state, 0, *h)
    state = effect(state, 0, card("trade_hand", 2))  # up to 2
    d = RULES.pending(state)[0]
    assert d.min_picks == 0 and d.max_picks == 2 and "none" not in [o.id for o in d.options]
    state = act(state, [])
    assert state.ps[0].score == 0 and len(state.ps[0].hand) == 3 and at_tech(state)


def test_refine_options_are_distinct_and_none_is_separate():
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    refine = card("ref_size", 1)
    m1, m2 = [c for c in state.deck if CARDS[c].colour != CARDS[refine].colour and CARDS[c].size == 1][:2]
    for m in (m1, m2):
        pull(state, m)
        state.ps[0].minerals.append(m)
    state = effect(state, 0, refine)  # up to 1 (no boost): a single pick plus "none"
    d = RULES.pending(state)[0]
    assert "none" in [o.id for o in d.options] and d.max_picks == 1
    shown = [(o.label, o.detail) for o in d.options]
    assert len(shown) == len(set(shown))


def test_last_bomb_asks_for_confirmation_and_can_be_reaimed():
    """Rule: 破壞 — bombs are aimed first; nothing is turned up before the player confirms.
    Quote: 「為每個炸彈瞄準的一個艦隊從牌庫翻開 1 張卡片。」"""
    state = blank(fresh(2, 1))
    state.tr[4][0] = 1
    state.tr[4][1] = 2
    deck = list(state.deck)
    state = effect(state, 0, card("sab", 1, "r"))
    state = act(state, "bomb:t4:1")
    assert ids(state) == ["fire", "reaim"] and state.deck == deck
    state = act(state, "reaim")
    assert ids(state) == ["bomb:t4:1", "done"]
    state = act(state, "bomb:t4:1")
    state = act(state, "fire")
    assert len(state.deck) == len(deck) - 1 and at_tech(state)
    turned = RULES.view(state, 1)["turned_up"]
    assert turned and render(turned[-1]["why"]).startswith("sabotage")


def test_cards_turned_up_from_the_deck_stay_visible():
    """Cards turned up face up from the deck can be looked back at in every view (no ids)."""
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    big, small = [c for c in state.deck if CARDS[c].size == 3][:1] + [c for c in state.deck if CARDS[c].size == 1][:1]
    stack_deck(state, big, small)
    state = effect(state, 0, card("mine_deck", 1))
    for viewer in (None, 0, 1):
        turned = RULES.view(state, viewer)["turned_up"]
        assert [render(t["label"]) for t in turned[-2:]] == [render(CARDS[big].short()), render(CARDS[small].short())]
        assert big not in json.dumps(turned)


def test_second_fleet_may_be_ships_already_standing_where_the_first_landed():
    """Rule: 指揮 — a Command moving several fleets cannot move the same fleet twice, but ships that were
    already at the first fleet's destination are another fleet.
    Quote: 「使用這類的卡片你不能移動同一組艦隊兩次。」"""
    state = blank(fresh(2, 1))
    state.tr[0][0] = 1
    state.tr[1][0] = 1
    state = effect(state, 0, card("cmd2", 2))
    state = act(state, "f:t0")
    state = act(state, "to:t1")
    assert state.tr[1][0] == 2
    assert "f:t1" in ids(state)
    state = act(state, "f:t1")  # only the ship that did not move: no count question
    assert RULES.pending(state)[0].number is None
    state = act(state, "to:t2")
    assert state.tr[1][0] == 1 and state.tr[2][0] == 1


def test_views_carry_texts_of_races_techs_and_cards():
    """Every card, tech and race ability a player can meet is readable in the views."""
    state = fresh(2, 1)
    view = RULES.view(state, 0)
    assert len(view["races"]) == 6 and all(r["tech"] for r in view["races"])
    assert view["basic_tech"]["text"] and view["sector_core"]["text"]
    assert all(t["text"] for p in view["players_info"] for t in p["techs"])
    for c in view["hand"]:
        assert render(view["card_texts"][c["id"]]).startswith(render(c["label"]))
    assert not set(view["card_texts"]) & RULES.hidden_tokens(state, 0)
