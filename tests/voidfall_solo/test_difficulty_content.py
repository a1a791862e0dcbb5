"""The designed content by difficulty (DESIGN_SOLO.md "Alert deck", "Crises" and "Designed content by
difficulty"): what each level's alert deck holds, the crisis penalties by level, and that each
level is a step harder than the one below it."""

from __future__ import annotations

from games.core import play
from games.voidfall import RULES
from games.voidfall.data import EVENTS
from games.voidfall.solo.alert import build_alert_deck
from games.voidfall.solo.content import CRISES, DIFFICULTIES

from .helpers import fresh

LEVELS = ("easy", "medium", "hard")
# DESIGN_SOLO.md "Crises": the penalty amounts of levels 0 (starting), I, II, III.
PENALTY_BY_LEVEL = {"inf": (1, 2, 3, 4), "lose": (1, 1, 2, 2), "void": (1, 1, 1, 2)}


def _amount(penalty: dict, kind: str) -> int:
    return penalty["lose"]["any"] if kind == "lose" else penalty[kind]


def test_easy_alert_deck_has_no_war_card_and_no_level_three():
    """DESIGN_SOLO.md: easy Cycle 1 4xI; Cycle 2 3xI, 1xII; Cycle 3 2xI, 4xII; never a war card."""
    state = fresh(1, 3, difficulty="easy")
    expected = {1: {"I": 4}, 2: {"I": 3, "II": 1}, 3: {"I": 2, "II": 4}}
    for cycle, cards in expected.items():
        state.cycle = cycle
        state.crisis.alert_deck = []
        build_alert_deck(state)
        deck = state.crisis.alert_deck
        assert {c: deck.count(c) for c in set(deck)} == cards, cycle


def _hardness(level: str) -> tuple[int, ...]:
    """Every designed part of a level that makes it harder, as counts."""
    spec = DIFFICULTIES[level]
    return (*(spec["alert"][c]["war"] for c in "123"), *(spec["alert"][c]["III"] for c in "123"),
            spec["starting_crises"], spec["harbingers"], len(spec["harbinger_cycles"]))


def test_each_level_is_at_least_as_hard_as_the_one_below_in_every_designed_part():
    """No designed part is lighter on a higher level, and each level adds something."""
    for lower, upper in zip(LEVELS, LEVELS[1:]):
        lo, up = _hardness(lower), _hardness(upper)
        assert all(u >= v for u, v in zip(up, lo)) and up != lo, (lower, upper)
        assert set(DIFFICULTIES[lower]["harbinger_cycles"]) <= set(DIFFICULTIES[upper]["harbinger_cycles"])
        assert DIFFICULTIES[upper]["base"] - DIFFICULTIES[lower]["base"] == 40  # the article's step


def test_hard_adds_war_cards_level_three_cards_crises_and_harbingers_over_medium():
    med, hard = DIFFICULTIES["medium"], DIFFICULTIES["hard"]
    for part in ("war", "III"):
        assert sum(hard["alert"][c][part] for c in "123") > sum(med["alert"][c][part] for c in "123"), part
    assert hard["starting_crises"] > med["starting_crises"] and hard["harbingers"] > med["harbingers"]
    assert len(hard["harbinger_cycles"]) > len(med["harbinger_cycles"])


def test_medium_is_easys_deck_with_a_starting_crisis():
    """DESIGN_SOLO.md "Designed content by difficulty, second pass": medium's designed step over easy is
    one starting crisis (on top of the article's 40 more base Influence); its alert deck is easy's
    and no harbinger is on the map or the board (each heavier part measured took every win)."""
    med, easy = DIFFICULTIES["medium"], DIFFICULTIES["easy"]
    assert med["alert"] == easy["alert"]
    assert (med["starting_crises"], med["harbingers"], med["harbinger_cycles"]) == (1, 0, [])
    state = fresh(1, 3, difficulty="medium")
    assert len(state.crisis.military) + len(state.crisis.economic) == 1
    assert not state.solo.harbingers


def test_crisis_penalties_follow_the_level_table():
    """Crisis penalties (designed, tuned down for issue 22 item 16): Influence 1/2/3/4,
    resources 1/1/2/2, Voidborn cubes 1/1/1/2 for levels 0/I/II/III."""
    seen = set()
    for cid, crisis in CRISES.items():
        for kind, amounts in PENALTY_BY_LEVEL.items():
            if kind in crisis["penalty"]:
                assert _amount(crisis["penalty"], kind) == amounts[crisis["level"]], cid
                seen.add(kind)
    assert seen == set(PENALTY_BY_LEVEL)


def test_easy_cycle_three_deck_covers_its_longest_event():
    """An empty alert deck reveals a situation card of the Cycle's level (level III in Cycle 3):
    easy's Cycle 3 deck holds a card for every turn of the longest Cycle 3 Galactic Event, so
    easy never meets a level III crisis (before: 4 cards for 5-6 turns, 1-2 level III a game)."""
    longest = max(event["rounds"] for key, event in EVENTS.items() if key.startswith("3"))
    assert sum(DIFFICULTIES["easy"]["alert"]["3"].values()) >= longest == 6


def test_an_easy_game_never_reveals_a_war_card_or_a_level_three_card(states_only_bots):
    """A whole easy bot game: the war cards stay in their pool, none is kept or boxed, and
    Cycle 3 (whose revealed cards are the alert discard at the end) reveals no level III card."""
    final = play(RULES, 1, 5, {"difficulty": "easy"}).final
    assert len(final.solo.war_pool) == 6 and not final.solo.war_kept
    assert not any(c.startswith("war") for c in final.solo.alert_discard + final.crisis.alert_deck)
    assert final.solo.alert_discard and "III" not in final.solo.alert_discard
