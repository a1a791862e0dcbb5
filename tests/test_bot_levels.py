"""Bot levels (games/core/levels.py) and the generic search (games/core/search.py): every level of
every game returns a legal choice, a forced step costs no search, the search keeps to its budget and
finds a chain a greedy bot misses, and the honesty check of the conformance suite catches a bot that
reads hidden parts (the check itself runs for every game in tests/test_conformance.py)."""

from __future__ import annotations

import random

import pytest

import games
from games.core import BASELINE, BOT_LEVELS, EASY, HARD, NORMAL, BotRequest, HiddenDeal, Rng, UnknownBotLevel, analyse
from games.core import search
from games.core.contract import GameRules
from tests.support import tinygame, trapgame
from tests.support.conformance import assert_bots_honest, twins

LEVELLED = sorted(slug for slug, rules in games.REGISTRY.items() if rules.bot_levels() == BOT_LEVELS)
HARD_WORK = 100       # simulated steps per hard decision here: choices repeat exactly and tests stay quick


def positions(rules, players: int, seed: int, count: int, options=None):
    """About `count` positions of a seeded game (bots with some random choices), with their open decisions."""
    rnd = random.Random(seed)
    state = rules.setup(players, seed, options)
    found = []
    while len(found) < count:
        decisions = rules.pending(state)
        if not decisions:
            break
        if rnd.random() < 0.3:
            found.append((state, decisions))
        decision = decisions[rnd.randrange(len(decisions))]
        state = rules.apply(state, decision.seat, rules.bot_choice(state, decision.seat))
    return found


def test_every_real_game_offers_every_level():
    assert LEVELLED == ["ares-expedition", "impulse", "petrichor", "pocket-mars", "voidfall"]
    assert "__init_subclass__" not in GameRules.__dict__        # no game is written before bot levels any more
    assert all("bot_choice" not in type(rules).__dict__ for rules in games.REGISTRY.values())


@pytest.mark.parametrize("slug", LEVELLED)
def test_every_level_returns_a_legal_choice_on_many_positions(slug):
    rules = games.get(slug)
    checked = 0
    for players in sorted({rules.min_players, 2, rules.max_players}):
        for state, decisions in positions(rules, players, 20 + players, 8):
            for decision in decisions:
                for level in (*BOT_LEVELS, BASELINE):
                    choice = rules.bot_choice(state, decision.seat, level, work=HARD_WORK)
                    decision.validate(choice)          # IllegalChoice if it is not legal
                    rules.apply(state, decision.seat, choice)
                    checked += 1
    assert checked >= 40


def test_the_old_call_means_normal_and_levels_are_checked():
    rules = games.get("pocket-mars")
    state, decisions = positions(rules, 2, 3, 3)[-1]
    seat = decisions[0].seat
    assert rules.bot_choice(state, seat) == rules.bot_choice(state, seat, NORMAL)
    with pytest.raises(UnknownBotLevel):
        rules.bot_choice(state, seat, "grandmaster")
    with pytest.raises(ValueError):
        BotRequest(HARD, budget=-1.0)


def test_a_game_without_a_sampler_plays_its_one_bot_at_every_level():
    rules = tinygame.RULES
    assert not rules.has_redeal() and rules.bot_levels() == (NORMAL,)
    state = rules.setup(2, 4)
    for _ in range(6):
        decision = rules.pending(state)[0]
        expected = rules.baseline_choice(state, decision.seat)
        for level in BOT_LEVELS:
            assert rules.bot_choice(state, decision.seat, level) == expected
        state = rules.apply(state, decision.seat, expected)


def test_single_option_decisions_cost_no_sample_and_no_search(monkeypatch):
    rules = games.get("petrichor")
    calls = {"redeal": 0, "search": 0}
    real_redeal, real_search = type(rules).redeal, search.search

    def counting_redeal(self, state, seat, rng):
        calls["redeal"] += 1
        return real_redeal(self, state, seat, rng)

    def counting_search(*args, **kwargs):
        calls["search"] += 1
        return real_search(*args, **kwargs)

    monkeypatch.setattr(type(rules), "redeal", counting_redeal)
    monkeypatch.setattr(search, "search", counting_search)
    monkeypatch.setattr("games.core.levels.search", counting_search)
    forced = free = 0
    for state, decisions in positions(rules, 2, 5, 60):
        for decision in decisions:
            before = dict(calls)
            rules.bot_choice(state, decision.seat, HARD, work=30)
            if decision.only_choice() is not None:
                assert calls == before, "a forced step must not be searched"
                forced += 1
            else:
                assert calls["search"] == before["search"] + 1
                free += 1
    assert forced and free


def test_hard_keeps_to_its_work_budget_and_explains_its_pick():
    rules = games.get("pocket-mars")
    state, decisions = positions(rules, 2, 8, 5)[-1]
    seat = decisions[0].seat
    result = analyse(rules, state, seat, BotRequest(HARD, work=300))
    assert 0 < result.steps <= 300 + 1
    assert result.rounds >= 1 and result.estimates
    assert result.choice == rules.bot_choice(state, seat, HARD, work=300)
    assert all(0.0 <= e.value <= 1.0 for e in result.estimates)


def test_hard_searches_through_a_chain_of_its_own_steps():
    """The trap game (tests/support/trapgame.py): the greedy first step loses; only a search through
    the chain of the turn's three steps finds the winning one."""
    rules = trapgame.RULES
    state = rules.setup(2, 1)
    assert rules.bot_choice(state, 0, NORMAL) == "safe"
    assert rules.bot_choice(state, 0, HARD, work=400) == "build"
    for choice in ("build", "invest"):
        state = rules.apply(state, 0, choice)
    assert rules.bot_choice(state, 0, HARD, work=200) == "harvest"


def test_the_honesty_check_catches_a_bot_that_reads_hidden_parts(monkeypatch):
    """A sampler that hands the bot the true hidden parts and a bot that reads the deck: the check of
    the conformance suite sees it decide differently in states its seat cannot tell apart."""
    rules = games.get("pocket-mars")
    honest_baseline = type(rules).baseline_choice

    def peeking(self, state, seat):
        decision = self.decision_for(state, seat)
        if decision.max_picks != 1 or not state.deck:
            return honest_baseline(self, state, seat)
        ids = [o.id for o in decision.options]
        return ids[sum(map(ord, state.deck[-1])) % len(ids)]      # the deck's top card decides

    monkeypatch.setattr(type(rules), "redeal", lambda self, state, seat, rng: state.next_copy())
    monkeypatch.setattr(type(rules), "baseline_choice", peeking)
    rnd = random.Random(2)
    caught = False
    for state, decisions in positions(rules, 2, 6, 12):
        decision = decisions[0]
        if decision.max_picks != 1 or len(decision.options) < 3:
            continue
        try:
            assert_bots_honest(rules, state, decision.seat, twins(rules, state, decision.seat, rnd), levels=(NORMAL,))
        except AssertionError as refused:
            assert "decides from hidden parts" in str(refused)
            caught = True
            break
    assert caught, "the honesty check let a bot that reads the deck pass"


def test_easy_slips_now_and_then_but_mostly_plays_like_normal():
    rules = games.get("pocket-mars")
    same = differ = 0
    for seed in range(3):
        for state, decisions in positions(rules, 2, seed, 25):
            seat = decisions[0].seat
            if decisions[0].only_choice() is not None:
                continue
            if rules.bot_choice(state, seat, EASY) == rules.bot_choice(state, seat, NORMAL):
                same += 1
            else:
                differ += 1
    assert differ >= 3 and same > differ


def test_a_hidden_deal_keeps_what_the_seat_sees_and_forgets_where_cards_were():
    first = {"hand": ["a1", "b1", "b2"], "deck": ["a2", "c1", "a3"]}
    second = {"hand": ["a3", "b2", "b1"], "deck": ["c1", "a1", "a2"]}   # the same up to hidden parts
    dealt = []
    for table in (first, second):
        table = {key: list(cards) for key, cards in table.items()}
        deal = HiddenDeal()
        deal.hide_all(table["hand"], lambda card: card[0])     # the seat sees each hand card's colour letter
        deal.hide_all(table["deck"])
        deal.also_unseen(["z9"])
        deal.deal(Rng(42))
        dealt.append(table)
        assert [card[0] for card in table["hand"]] == ["a", "b", "b"]
        assert len(table["deck"]) == 3
    assert dealt[0] == dealt[1]


def test_hard_with_no_time_left_plays_the_normal_pick():
    rules = games.get("ares-expedition")
    for state, decisions in positions(rules, 2, 4, 6):
        seat = decisions[0].seat
        assert rules.bot_choice(state, seat, HARD, budget=0.0) == rules.bot_choice(state, seat, NORMAL)
